package oramigrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/godror/godror"
	"github.com/golang-migrate/migrate/v4/database"
	go_ora "github.com/sijms/go-ora/v2"

	"github.com/agentmem/agentmem/internal/plsql"
)

// Run executes one migration file: it is split into units by internal/plsql
// (SQL without its ';', PL/SQL keeping its final END;) and each unit runs on
// the pinned session. Oracle commits DDL as it goes, so a failure leaves
// the earlier statements applied; golang-migrate then keeps the version
// dirty until `migrate force`.
func (d *Driver) Run(migration io.Reader) error {
	b, err := io.ReadAll(migration)
	if err != nil {
		return fmt.Errorf("oramigrate: reading the migration: %w", err)
	}
	units, err := plsql.Split(string(b))
	if err != nil {
		e := &Error{database.Error{OrigErr: err, Err: "the migration cannot be split into statements"}}
		var pe *plsql.Error
		if errors.As(err, &pe) {
			e.Stmt.Line = uint(pe.Line)
		}
		return e
	}
	for _, u := range units {
		if err := execUnit(d.context(), d.conn, u, d.cfg.StatementTimeout); err != nil {
			return err
		}
	}
	return nil
}

// execer is what execUnit needs: *sql.Conn in practice.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	querier
}

// execUnit runs one unit. PL/SQL units run with godror.WarningAsError so a
// CREATE that compiles with errors (ORA-24344) fails instead of passing
// silently; the error then lists ALL_ERRORS for the object. No unit is ever
// re-executed by godror's ORA-04068 retry (godror.NoRetry): a migration
// statement must run exactly once.
func execUnit(ctx context.Context, q execer, u plsql.Unit, timeout time.Duration) error {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	goOra := onGoOra(q)
	_, err := q.ExecContext(ctx, u.Text, unitArgs(goOra, u.PLSQL)...)
	typ := strings.TrimPrefix(u.Kind, "CREATE ")
	if err == nil && goOra && u.PLSQL && u.Name != "" && typ != u.Kind {
		// go-ora has no WarningAsError: a unit that compiled with errors
		// may come back as success, so ALL_ERRORS is read after every
		// PL/SQL unit (errors only, as the godror path does).
		errs, qerr := compileErrors(ctx, q, u.Schema, typ, u.Name, false)
		if qerr != nil {
			return &Error{database.Error{OrigErr: qerr, Err: "statement ran; its compile errors could not be read",
				Query: []byte(excerpt(u.Text)), Line: uint(u.Line)}}
		}
		if len(errs) > 0 {
			return &Error{database.Error{OrigErr: &CompileFailure{Type: typ, Name: u.Name, Errors: errs},
				Err: fmt.Sprintf("%s %s did not compile", typ, u.Name), Query: []byte(excerpt(u.Text)), Line: uint(u.Line)}}
		}
	}
	if err == nil {
		return nil
	}
	fail := &Error{database.Error{OrigErr: err, Err: "statement failed", Query: []byte(excerpt(u.Text)), Line: uint(u.Line)}}
	switch {
	case isCompileWarning(err) && u.Name != "" && typ != u.Kind:
		errs, qerr := compileErrors(ctx, q, u.Schema, typ, u.Name, false)
		if qerr != nil {
			fail.Stmt.OrigErr = errors.Join(err, qerr)
			return fail
		}
		if len(errs) == 0 {
			return nil // ORA-24344 for warnings only: the unit is valid
		}
		fail.Stmt.Err = fmt.Sprintf("%s %s did not compile", typ, u.Name)
		fail.Stmt.OrigErr = &CompileFailure{Type: typ, Name: u.Name, Errors: errs}
		return fail
	case isWarning(err) && !isCompileWarning(err):
		return nil // success with info other than a compile error: the statement ran
	}
	return fail
}

// unitArgs are godror's execution options for a unit: no ORA-04068 retry,
// and for PL/SQL compile warnings as errors. go-ora takes no such options
// (every argument would be a bind) and has no automatic retry to switch off.
func unitArgs(goOra, plsqlUnit bool) []any {
	if goOra {
		return nil
	}
	args := []any{godror.NoRetry()}
	if plsqlUnit {
		args = append(args, godror.WarningAsError())
	}
	return args
}

// onGoOra reports whether q is a session of the go-ora driver (a *sql.Conn
// whose driver connection is go-ora's).
func onGoOra(q any) bool {
	c, ok := q.(interface {
		Raw(func(driverConn any) error) error
	})
	if !ok {
		return false
	}
	found := false
	_ = c.Raw(func(dc any) error {
		_, found = dc.(*go_ora.Connection)
		return nil
	})
	return found
}

// excerpt is the first line of a statement, cut to a readable length, for
// error messages (a whole package body would drown the error).
func excerpt(text string) string {
	line, _, more := strings.Cut(strings.TrimSpace(text), "\n")
	line = strings.TrimSpace(line)
	const max = 100
	if r := []rune(line); len(r) > max {
		line, more = string(r[:max]), true
	}
	if more {
		line += " ..."
	}
	return line
}
