package agentmemory

// The driver seam: everything that differs between the Oracle drivers the
// client supports — how a CLOB travels in and out of a PL/SQL block, how a
// driver error carries its ORA code — sits behind driverSeam, with one
// implementation per file (driver_godror.go, driver_goora.go). The calls
// themselves (records.go, search.go, store.go) are written once, against
// callFunc, callProc and clobIn.

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strings"
)

// Driver names an Oracle database/sql driver the client can talk through.
type Driver string

const (
	// DriverGodror is github.com/godror/godror (cgo, Oracle Instant Client at
	// run time), registered as "godror". The default whenever it is compiled
	// in (builds with cgo).
	DriverGodror Driver = "godror"
	// DriverGoOra is github.com/sijms/go-ora/v2 (pure Go), registered as
	// "oracle". The default in builds without cgo, where godror is absent.
	DriverGoOra Driver = "go-ora"
)

// driverSeam is what one driver implementation provides.
type driverSeam interface {
	name() Driver
	// owns reports whether d is this driver's database/sql driver, and
	// ownsConn whether c is its connection (what *sql.Conn.Raw hands out).
	owns(d driver.Driver) bool
	ownsConn(c any) bool
	// clob is the bind value of a request above maxStringBind bytes.
	clob(s string) any
	// execFunc binds :b_small and :b_big (see wrapBlock) to stmt, executes
	// it with args and returns the response text, read while stmt is open;
	// null is true when both binds came back NULL.
	execFunc(ctx context.Context, stmt *sql.Stmt, op string, args []any) (text string, null bool, err error)
	// mapError recognises this driver's errors: ok is false when err is not
	// one of them (the next seam, then mapDriverError, decides).
	mapError(op string, err error) (mapped error, ok bool)
}

// seams are the compiled-in drivers, default first: godror registers itself
// in front when cgo is on (driver_godror.go), go-ora is always there.
var seams []driverSeam

// defaultSeam answers for a handle whose driver cannot be seen: a *sql.Tx
// (database/sql does not expose its driver) or a wrapper of one.
func defaultSeam() driverSeam { return seams[0] }

// seamByName returns the compiled-in seam for d, or nil.
func seamByName(d Driver) driverSeam {
	for _, s := range seams {
		if s.name() == d {
			return s
		}
	}
	return nil
}

// boundHandle is a handle that carries its driver: what WithDriver returns
// for one session, and what onSession hands to the call for the session it
// checked out of a pool.
type boundHandle struct {
	DBTX
	seam driverSeam
	user endUser
}

// boundPool is WithDriver's result for a pool: it keeps Conn and BeginTx,
// so the handle is still recognised as a pool (sessionPool).
type boundPool struct {
	DBTX
	sessionPool
	seam driverSeam
	user endUser
}

// boundTx is WithDriver's result for a transaction: it keeps Commit and
// Rollback, so the handle is still recognised as one (RunJob refuses it).
type boundTx struct {
	DBTX
	txHandle
	seam driverSeam
	user endUser
}

type txHandle interface {
	Commit() error
	Rollback() error
}

// bound is what the three bound handles share.
type bound interface {
	boundSeam() driverSeam
	unbound() DBTX
	boundEndUser() endUser
}

func (b boundHandle) boundSeam() driverSeam { return b.seam }
func (b boundPool) boundSeam() driverSeam   { return b.seam }
func (b boundTx) boundSeam() driverSeam     { return b.seam }
func (b boundHandle) unbound() DBTX         { return b.DBTX }
func (b boundPool) unbound() DBTX           { return b.DBTX }
func (b boundTx) unbound() DBTX             { return b.DBTX }
func (b boundHandle) boundEndUser() endUser { return b.user }
func (b boundPool) boundEndUser() endUser   { return b.user }
func (b boundTx) boundEndUser() endUser     { return b.user }

// WithDriver returns h bound to driver d, for a handle whose driver the
// client cannot detect. The client detects it from a *sql.DB (db.Driver())
// and a *sql.Conn (its driver connection, through Raw), and a Store's
// WithTx inherits the driver of the handle the Store was opened on; a
// *sql.Tx passed on its own (to DropStore, say) is taken to be of the default
// driver (godror when compiled in), so a go-ora program wraps it:
//
//	err := agentmemory.DropStore(ctx, agentmemory.WithDriver(tx, agentmemory.DriverGoOra), id)
//
// It returns an error when d is not compiled in (godror in a build without cgo).
func WithDriver(h DBTX, d Driver) (DBTX, error) {
	s := seamByName(d)
	if s == nil {
		return nil, fmt.Errorf("agentmemory: driver %q is not compiled into this program (drivers: %s)", d, compiledDrivers())
	}
	return bind(h, s), nil
}

func compiledDrivers() string {
	names := make([]string, len(seams))
	for i, s := range seams {
		names[i] = string(s.name())
	}
	return strings.Join(names, ", ")
}

// bind binds h to driver s, keeping the end user h was bound to (if any).
func bind(h DBTX, s driverSeam) DBTX {
	return bindAs(h, s, endUserOf(h))
}

// bindAs binds h to driver s and end user u (u.set false: no end user).
func bindAs(h DBTX, s driverSeam, u endUser) DBTX {
	if b, ok := h.(bound); ok {
		h = b.unbound()
	}
	if p, ok := h.(sessionPool); ok {
		return boundPool{DBTX: h, sessionPool: p, seam: s, user: u}
	}
	if t, ok := h.(txHandle); ok {
		return boundTx{DBTX: h, txHandle: t, seam: s, user: u}
	}
	return boundHandle{DBTX: h, seam: s, user: u}
}

// seamOf finds the driver of h: bound by WithDriver or onSession, the
// driver of a pool (db.Driver(), also through sqlx's embedding), the driver
// connection of a *sql.Conn, else the default.
func seamOf(h DBTX) driverSeam {
	if b, ok := h.(bound); ok {
		return b.boundSeam()
	}
	if p, ok := h.(interface{ Driver() driver.Driver }); ok {
		d := p.Driver()
		for _, s := range seams {
			if s.owns(d) {
				return s
			}
		}
		return defaultSeam()
	}
	if c, ok := h.(interface {
		Raw(func(driverConn any) error) error
	}); ok {
		found := defaultSeam()
		_ = c.Raw(func(dc any) error {
			for _, s := range seams {
				if s.ownsConn(dc) {
					found = s
				}
			}
			return nil
		})
		return found
	}
	return defaultSeam()
}

// inheritDriver binds tx to the driver of from, unless tx's own driver is
// visible (a pool or a bound handle), and to the end user of from unless tx
// names its own: a ForEndUser store's WithTx keeps calling for that end user.
func inheritDriver(from, tx DBTX) DBTX {
	u := endUserOf(from)
	if tu := endUserOf(tx); tu.set || !u.set {
		u = tu
	}
	switch tx.(type) {
	case bound, interface{ Driver() driver.Driver }:
		if !u.set || endUserOf(tx) == u {
			return tx
		}
		return bindAs(tx, seamOf(tx), u)
	}
	return bindAs(tx, seamOf(from), u)
}

// maxStringBind is the largest request bound as a plain string: PL/SQL
// accepts a VARCHAR2 bind into a CLOB parameter up to 32767 bytes. Larger
// requests go as the driver's CLOB value (a temporary LOB, a few more round
// trips).
const maxStringBind = 32767

// clobArg is a request too large for a string bind, before the call knows
// its driver; callFunc and callProc replace it with the seam's CLOB value.
type clobArg struct{ text string }

// clobIn returns the bind value for a JSON request passed to a CLOB
// parameter: the string itself up to maxStringBind bytes, else a clobArg.
func clobIn(s string) any {
	if len(s) <= maxStringBind {
		return s
	}
	return clobArg{s}
}

// driverArgs replaces every clobArg among args (bare or in sql.Named) by
// seam's CLOB value.
func driverArgs(s driverSeam, args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case clobArg:
			out[i] = s.clob(v.text)
		case sql.NamedArg:
			if c, ok := v.Value.(clobArg); ok {
				v.Value = s.clob(c.text)
			}
			out[i] = v
		default:
			out[i] = a
		}
	}
	return out
}

// Facade function blocks are written as `begin :b_res := <call>; end;` so the
// static checker (GO-CONTRACT) can read the call; callFunc rewrites them into
// wrapBlock's form before executing.
const (
	funcBlockHead = "begin :b_res := "
	funcBlockTail = "; end;"
	// smallResponseChars is the largest response returned as VARCHAR2: godror
	// binds a string OUT with a 32767-byte buffer, go-ora with the Size it
	// is given in characters times the bytes per character, and 8191
	// characters take at most 32764 bytes in AL32UTF8.
	smallResponseChars = 8191
)

// wrapBlock turns `begin :b_res := <call>; end;` into a block that returns a
// response of up to smallResponseChars characters in the VARCHAR2 bind
// :b_small, and a larger one as a CLOB in :b_big. Most responses are small,
// so most calls are one round trip: the text comes back with the execute,
// with no LOB reads and no temporary LOB left to free. A large response costs
// the LOB reads after the execute.
func wrapBlock(block string) (string, error) {
	if !strings.HasPrefix(block, funcBlockHead) || !strings.HasSuffix(block, funcBlockTail) {
		return "", fmt.Errorf("agentmemory: internal error: function block %q is not of the form %q<call>%q",
			block, funcBlockHead, funcBlockTail)
	}
	call := block[len(funcBlockHead) : len(block)-len(funcBlockTail)]
	return "declare l_res clob; begin l_res := " + call + "; " +
		"if dbms_lob.getlength(l_res) > " + fmt.Sprint(smallResponseChars) + " then " +
		":b_small := null; :b_big := l_res; " +
		"else :b_small := dbms_lob.substr(l_res, " + fmt.Sprint(smallResponseChars) + ", 1); :b_big := null; " +
		"end if; end;", nil
}

// callFunc runs block, `begin :b_res := <facade function call>; end;`, and
// returns the function's result text. args are the other binds, all
// sql.Named. The statement is prepared here and closed only after the seam
// has read the response: a large response is a LOB that lives as long as
// the statement (both drivers free it when the statement closes).
func callFunc(ctx context.Context, h DBTX, op, block string, args ...any) (string, error) {
	wrapped, err := wrapBlock(block)
	if err != nil {
		return "", err
	}
	wrapped, args = forEndUser(h, wrapped, args)
	s := seamOf(h)
	stmt, err := h.PrepareContext(ctx, wrapped)
	if err != nil {
		return "", driverError(op, err)
	}
	defer stmt.Close()
	text, null, err := s.execFunc(ctx, stmt, op, driverArgs(s, args))
	switch {
	case err != nil:
		return "", err
	case null:
		return "", fmt.Errorf("agentmemory: %s: the package returned a NULL response", op)
	case text == "":
		return "", fmt.Errorf("agentmemory: %s: the package returned an empty response", op)
	}
	return text, nil
}

// callProc runs block, a PL/SQL block calling a facade procedure.
func callProc(ctx context.Context, h DBTX, op, block string, args ...any) error {
	block, args = forEndUser(h, block, args)
	_, err := h.ExecContext(ctx, block, driverArgs(seamOf(h), args)...)
	return driverError(op, err)
}
