package oramigrate

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/godror/godror"
)

// fakeOraErr has the shape of godror's *OraErr (Code, IsWarning, Error as
// "ORA-%05d: msg"), which the code under test matches by method.
type fakeOraErr struct {
	code    int
	msg     string
	warning bool
}

func (e *fakeOraErr) Code() int       { return e.code }
func (e *fakeOraErr) IsWarning() bool { return e.warning }
func (e *fakeOraErr) Error() string   { return fmt.Sprintf("ORA-%05d: %s", e.code, e.msg) }

// fakeDB plays the part of an Oracle schema for the statements this package
// sends: the version table, DBMS_LOCK results, ALL_ERRORS and ALL_OBJECTS.
// Every other statement is recorded, and fails when failOn matches it.
type fakeDB struct {
	mu          sync.Mutex
	tableExists bool
	version     []int64 // nil: no row; else {version, dirty}
	requestRC   int64
	releaseRC   int64
	failOn      map[string]error        // substring of a statement -> error
	errors      [][]driver.Value        // ALL_ERRORS rows
	objects     func() [][]driver.Value // ALL_OBJECTS rows
	stmts       []string                // statements executed, in order
	options     []int                   // godror options passed with each recorded statement
	pendingOpts int
}

var fakeSeq atomic.Int64

// open registers the fake under a unique driver name and opens a *sql.DB.
func (f *fakeDB) open(t *testing.T) *sql.DB {
	t.Helper()
	name := fmt.Sprintf("oramigrate-fake-%d", fakeSeq.Add(1))
	sql.Register(name, &fakeDriver{f})
	db, err := sql.Open(name, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func (f *fakeDB) executed() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.stmts...)
}

type fakeDriver struct{ f *fakeDB }

func (d *fakeDriver) Open(string) (driver.Conn, error) { return &fakeConn{d.f}, nil }

type fakeConn struct{ f *fakeDB }

func (c *fakeConn) Prepare(string) (driver.Stmt, error) {
	return nil, fmt.Errorf("fake: Prepare unused")
}
func (c *fakeConn) Close() error              { return nil }
func (c *fakeConn) Begin() (driver.Tx, error) { return fakeTx{}, nil }
func (c *fakeConn) BeginTx(context.Context, driver.TxOptions) (driver.Tx, error) {
	return fakeTx{}, nil
}

type fakeTx struct{}

func (fakeTx) Commit() error   { return nil }
func (fakeTx) Rollback() error { return nil }

// CheckNamedValue drops godror options as godror does, counting them, keeps
// sql.Out values for ExecContext to fill, and converts the rest by default.
func (c *fakeConn) CheckNamedValue(nv *driver.NamedValue) error {
	if _, ok := nv.Value.(godror.Option); ok {
		c.f.mu.Lock()
		c.f.pendingOpts++
		c.f.mu.Unlock()
		return driver.ErrRemoveArgument
	}
	if _, ok := nv.Value.(sql.Out); ok {
		return nil
	}
	return driver.ErrSkip // database/sql's default conversion (int -> int64, ...)
}

func (c *fakeConn) ExecContext(_ context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	f := c.f
	f.mu.Lock()
	defer f.mu.Unlock()
	opts := f.pendingOpts
	f.pendingOpts = 0
	q := strings.ToLower(query)
	switch {
	case strings.Contains(q, "dbms_lock.request"):
		return setOut(args, "rc", f.requestRC)
	case strings.Contains(q, "dbms_lock.release"):
		return setOut(args, "rc", f.releaseRC)
	case versionTableStmt(q, "create table"):
		if f.tableExists {
			return nil, &fakeOraErr{code: 955, msg: "name is already used by an existing object"}
		}
		f.tableExists = true
		return driver.RowsAffected(0), nil
	case versionTableStmt(q, "delete from"):
		f.version = nil
		return driver.RowsAffected(1), nil
	case versionTableStmt(q, "insert into"):
		f.version = []int64{args[0].Value.(int64), args[1].Value.(int64)}
		return driver.RowsAffected(1), nil
	}
	f.stmts = append(f.stmts, query)
	f.options = append(f.options, opts)
	for s, err := range f.failOn {
		if strings.Contains(query, s) {
			return nil, err
		}
	}
	return driver.RowsAffected(0), nil
}

// versionTableStmt reports whether q is verb applied to one of the version
// tables the tests use.
func versionTableStmt(q, verb string) bool {
	return strings.HasPrefix(q, verb+" agentmem_schema_migrations") || strings.HasPrefix(q, verb+" test_migrations")
}

func setOut(args []driver.NamedValue, name string, v int64) (driver.Result, error) {
	for _, a := range args {
		if a.Name == name {
			*(a.Value.(sql.Out).Dest.(*int64)) = v
			return driver.RowsAffected(0), nil
		}
	}
	return nil, fmt.Errorf("fake: no OUT bind %q", name)
}

func (c *fakeConn) QueryContext(_ context.Context, query string, _ []driver.NamedValue) (driver.Rows, error) {
	f := c.f
	f.mu.Lock()
	defer f.mu.Unlock()
	q := strings.ToLower(query)
	switch {
	case strings.Contains(q, "'current_schema'), sys_context('userenv', 'db_name')"):
		return &fakeRows{cols: []string{"S", "D"}, rows: [][]driver.Value{{"APP", "FREEPDB1"}}}, nil
	case strings.HasPrefix(q, "select version, dirty from"):
		if !f.tableExists {
			return nil, &fakeOraErr{code: 942, msg: "table or view does not exist"}
		}
		r := &fakeRows{cols: []string{"VERSION", "DIRTY"}}
		if f.version != nil {
			r.rows = [][]driver.Value{{f.version[0], f.version[1]}}
		}
		return r, nil
	case strings.Contains(q, "from all_tables"):
		return &fakeRows{cols: []string{"N"}, rows: [][]driver.Value{{int64(1)}}}, nil
	case strings.Contains(q, "from all_errors"):
		return &fakeRows{cols: []string{"TYPE", "NAME", "LINE", "POSITION", "TEXT", "ATTRIBUTE"}, rows: f.errors}, nil
	case strings.Contains(q, "from all_objects"):
		var rows [][]driver.Value
		if f.objects != nil {
			rows = f.objects()
		}
		return &fakeRows{cols: []string{"OBJECT_TYPE", "OBJECT_NAME", "STATUS"}, rows: rows}, nil
	}
	return nil, fmt.Errorf("fake: unexpected query %q", query)
}

type fakeRows struct {
	cols []string
	rows [][]driver.Value
	i    int
}

func (r *fakeRows) Columns() []string { return r.cols }
func (r *fakeRows) Close() error      { return nil }
func (r *fakeRows) Next(dest []driver.Value) error {
	if r.i >= len(r.rows) {
		return io.EOF
	}
	copy(dest, r.rows[r.i])
	r.i++
	return nil
}
