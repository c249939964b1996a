package agentmemory

// A fake database/sql driver standing in for godror or go-ora in unit tests
// (fakeMode, set per run by TestMain in driver_modes_test.go): it records
// begin/prepare/exec/commit/rollback, answers facade calls with canned
// responses or errors, refuses a second transaction on a session that has
// one open (what a real session cannot do either), and accepts only the
// bind types of the driver it stands in for (checkBindTypes).

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	go_ora "github.com/sijms/go-ora/v2"
)

// fakeOraErr has the shape of *godror.OraErr that mapDriverError reads.
type fakeOraErr struct {
	code int
	msg  string
}

func (e fakeOraErr) Error() string   { return fmt.Sprintf("ORA-%05d: %s", e.code, e.msg) }
func (e fakeOraErr) Code() int       { return e.code }
func (e fakeOraErr) Message() string { return e.msg }

// fakeCall is one executed facade call.
type fakeCall struct {
	Fn   string         // facade subprogram, e.g. "open_store"
	SQL  string         // the block as sent
	Args map[string]any // binds by name; the OUT bind is left out
}

type fakeDB struct {
	mu      sync.Mutex
	events  []string
	calls   []fakeCall
	connErr error // returned when a session is opened
	// respond answers a facade call: the response text for functions
	// ("" = NULL), or an error.
	respond func(c fakeCall) (string, error)
	mode    Driver // the driver this fake behaves like: fakeMode when made
}

func newFakeDB(respond func(fakeCall) (string, error)) (*fakeDB, *sql.DB) {
	f := &fakeDB{respond: respond, mode: fakeMode}
	return f, sql.OpenDB(f)
}

func (f *fakeDB) record(ev string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.events = append(f.events, ev)
}

func (f *fakeDB) Events() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.events...)
}

func (f *fakeDB) Calls() []fakeCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeCall(nil), f.calls...)
}

// driver.Connector
func (f *fakeDB) Connect(context.Context) (driver.Conn, error) {
	if f.connErr != nil {
		return nil, f.connErr
	}
	return &fakeConn{db: f}, nil
}

// Driver is what db.Driver() returns, which the client detects the driver
// by: in go-ora mode go-ora's exported driver type (never opened: the fake
// connects through its connector), otherwise a type of its own, which the
// client takes for godror as it does godror's unexported one.
func (f *fakeDB) Driver() driver.Driver {
	if f.mode == DriverGoOra {
		return &go_ora.OracleDriver{}
	}
	return fakeDriver{}
}

type fakeDriver struct{}

func (fakeDriver) Open(string) (driver.Conn, error) {
	return nil, errors.New("fake: use the connector")
}

type fakeConn struct {
	db    *fakeDB
	inTx  bool
	stmts int // prepared statements not yet closed
}

// Prepare refuses a statement while another is open on the session: the
// client reads a large response after the execute, from the statement that
// ran it, so two calls interleaved on one session would be a bug (and the
// guard TestStoreSerializesSessionCalls relies on).
func (c *fakeConn) Prepare(query string) (driver.Stmt, error) {
	c.db.mu.Lock()
	busy := c.stmts > 0
	if !busy {
		c.stmts++
	}
	c.db.mu.Unlock()
	if busy {
		return nil, errors.New("fake: a call started on a session while another call's statement is still open")
	}
	c.db.record("prepare " + facadeFn(query))
	return &fakeStmt{conn: c, query: query}, nil
}
func (c *fakeConn) Close() error { return nil }
func (c *fakeConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}
func (c *fakeConn) BeginTx(context.Context, driver.TxOptions) (driver.Tx, error) {
	if c.inTx {
		return nil, errors.New("fake: a transaction is already open on this session")
	}
	c.inTx = true
	c.db.record("begin")
	return fakeTx{c}, nil
}

// CheckNamedValue accepts every value, sql.Out included, as godror does.
func (c *fakeConn) CheckNamedValue(*driver.NamedValue) error { return nil }

type fakeTx struct{ c *fakeConn }

func (t fakeTx) Commit() error   { t.c.inTx = false; t.c.db.record("commit"); return nil }
func (t fakeTx) Rollback() error { t.c.inTx = false; t.c.db.record("rollback"); return nil }

type fakeStmt struct {
	conn  *fakeConn
	query string
	lob   *fakeLob // the CLOB OUT bind's LOB, owned by the statement
}

func (s *fakeStmt) Close() error {
	if s.lob != nil {
		s.lob.releaseByStmt()
	}
	s.conn.db.mu.Lock()
	s.conn.stmts--
	s.conn.db.mu.Unlock()
	return nil
}
func (s *fakeStmt) NumInput() int { return -1 }
func (s *fakeStmt) Exec([]driver.Value) (driver.Result, error) {
	return nil, errors.New("fake: only ExecContext")
}
func (s *fakeStmt) Query([]driver.Value) (driver.Rows, error) {
	return nil, errors.New("fake: no queries")
}

func (s *fakeStmt) ExecContext(_ context.Context, args []driver.NamedValue) (driver.Result, error) {
	if err := checkBindNames(s.query, args); err != nil {
		return nil, err
	}
	if err := checkBindTypes(s.conn.db.mode, args); err != nil {
		return nil, err
	}
	call := fakeCall{Fn: facadeFn(s.query), SQL: s.query, Args: map[string]any{}}
	outs := map[string]any{} // OUT bind name → Dest
	for _, a := range args {
		switch o := a.Value.(type) {
		case sql.Out:
			outs[a.Name] = o.Dest
		case go_ora.Out:
			outs[a.Name] = o.Dest
		default:
			call.Args[a.Name] = a.Value
		}
	}
	s.conn.db.mu.Lock()
	s.conn.db.calls = append(s.conn.db.calls, call)
	s.conn.db.mu.Unlock()
	s.conn.db.record("exec " + call.Fn)
	resp, err := s.conn.db.respond(call)
	if err != nil {
		return nil, err
	}
	if !s.conn.inTx {
		// godror executes outside a transaction with commit-on-success: the
		// commit travels with the call.
		s.conn.db.record("autocommit")
	}
	if len(outs) == 0 || resp == "" {
		return driver.RowsAffected(0), nil
	}
	// What wrapBlock's PL/SQL does: up to smallResponseChars characters in
	// :b_small, else the CLOB in :b_big.
	if utf8.RuneCountInString(resp) <= smallResponseChars {
		*outs["b_small"].(*string) = resp
		return driver.RowsAffected(0), nil
	}
	if s.conn.db.mode == DriverGoOra {
		// go-ora reads the CLOB's data into the Clob after the execute and
		// frees the statement's temporary LOBs when it closes (command.go
		// freeTemporaryLobs): the fakeLob stands for that LOB.
		*outs["b_big"].(*go_ora.Clob) = go_ora.Clob{String: resp, Valid: true}
		s.lob = &fakeLob{db: s.conn.db}
		return driver.RowsAffected(0), nil
	}
	// Dest is *godror.Lob; set its Reader as godror does, by reflection so
	// that this test file builds without cgo, where godror is absent. Like
	// godror's, the reader borrows the statement's reference to the LOB
	// (fakeLob).
	s.lob = &fakeLob{Reader: strings.NewReader(resp), db: s.conn.db}
	reflect.ValueOf(outs["b_big"]).Elem().FieldByName("Reader").Set(reflect.ValueOf(io.Reader(s.lob)))
	return driver.RowsAffected(0), nil
}

// checkBindTypes accepts what the driver of mode accepts for the client's
// binds and refuses the rest as that driver (or Oracle) would: a string IN
// above 32767 bytes (PL/SQL's VARCHAR2 limit), the other driver's types,
// and OUT binds of the wrong form. godror: sql.Out into *string (:b_small)
// and *godror.Lob (:b_big), godror.Lob IN. go-ora: go_ora.Out with Size for
// a string (without it the buffer has no room: ORA-06502), go_ora.Out into
// *go_ora.Clob, go_ora.Clob IN.
func checkBindTypes(mode Driver, args []driver.NamedValue) error {
	for _, a := range args {
		switch v := a.Value.(type) {
		case string:
			if len(v) > maxStringBind {
				return fakeOraErr{6502, fmt.Sprintf("PL/SQL: numeric or value error: :%s is a %d-byte string bind", a.Name, len(v))}
			}
		case sql.Out:
			if mode != DriverGodror {
				return fmt.Errorf("fake %s: :%s is a sql.Out; go-ora sizes a string OUT from go_ora.Out.Size", mode, a.Name)
			}
			if err := wantDest(mode, a.Name, v.Dest, "*string", "*godror.Lob"); err != nil {
				return err
			}
		case go_ora.Out:
			if mode != DriverGoOra {
				return fmt.Errorf("fake %s: :%s is a go_ora.Out", mode, a.Name)
			}
			if err := wantDest(mode, a.Name, v.Dest, "*string", "*go_ora.Clob"); err != nil {
				return err
			}
			if _, ok := v.Dest.(*string); ok && v.Size < smallResponseChars {
				return fakeOraErr{6502, fmt.Sprintf("PL/SQL: numeric or value error: character string buffer too small (:%s Size %d)", a.Name, v.Size)}
			}
		default:
			if p := reflect.TypeOf(v); p != nil && !fakeAccepts(mode, p) {
				return fmt.Errorf("fake %s: :%s has type %s, another driver's", mode, a.Name, p)
			}
		}
	}
	return nil
}

// wantDest checks an OUT bind's destination: the client's two OUT binds
// are :b_small (a string) and :b_big (the driver's CLOB).
func wantDest(mode Driver, name string, dest any, small, big string) error {
	want := map[string]string{"b_small": small, "b_big": big}[strings.ToLower(name)]
	if got := reflect.TypeOf(dest).String(); got != want {
		return fmt.Errorf("fake %s: OUT bind :%s into %s; the driver needs %s", mode, name, got, want)
	}
	return nil
}

// fakeAccepts tells a driver's own types from the other driver's by package.
func fakeAccepts(mode Driver, t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case strings.Contains(t.PkgPath(), "godror"):
		return mode == DriverGodror
	case strings.Contains(t.PkgPath(), "go-ora"):
		return mode == DriverGoOra
	}
	return true
}

// bindPattern finds bind placeholders; `:=` does not match, nor does a
// colon inside a quoted literal in the blocks the client sends (it sends none).
var bindPattern = regexp.MustCompile(`:([A-Za-z][A-Za-z0-9_$#]*)`)

// checkBindNames fails as Oracle does (ORA-01036) when the named binds and the
// placeholders of the statement differ: every bind must have a placeholder
// and, in a PL/SQL block, every placeholder a bind.
func checkBindNames(query string, args []driver.NamedValue) error {
	want := map[string]bool{}
	for _, m := range bindPattern.FindAllStringSubmatch(query, -1) {
		want[strings.ToLower(m[1])] = true
	}
	got := map[string]bool{}
	for _, a := range args {
		if a.Name == "" {
			return fmt.Errorf("fake: positional bind %d in %q: the client binds by name", a.Ordinal, query)
		}
		got[strings.ToLower(a.Name)] = true
		if !want[strings.ToLower(a.Name)] {
			return fakeOraErr{1036, fmt.Sprintf("illegal variable name/number: no placeholder :%s in %q", a.Name, query)}
		}
	}
	for name := range want {
		if !got[name] {
			return fakeOraErr{1008, fmt.Sprintf("not all variables bound: :%s in %q", name, query)}
		}
	}
	return nil
}

var facadeFnPattern = regexp.MustCompile(`dbms_agent_memory_store\.(\w+)`)

// facadeFn names the facade subprogram a block calls: the first one other
// than the end-user wrapper's set_end_user and clear_end_user (enduser.go).
func facadeFn(query string) string {
	for _, m := range facadeFnPattern.FindAllStringSubmatch(query, -1) {
		if m[1] != "set_end_user" && m[1] != "clear_end_user" {
			return m[1]
		}
	}
	return query
}
