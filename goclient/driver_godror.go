package agentmemory

// This is the only file that imports godror. Everything driver-specific —
// how a CLOB travels in and out, how driver errors are recognised — lives
// here, so a pure-Go driver can be added later by replacing this file.

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"strings"

	"github.com/godror/godror"
)

// godror's error type carries what mapDriverError reads.
var _ oraCoder = (*godror.OraErr)(nil)

// maxStringBind is the largest request bound as a plain string: PL/SQL
// accepts a VARCHAR2 bind into a CLOB parameter up to 32767 bytes. Larger
// requests go as a godror.Lob (a temporary LOB, a few more round trips).
const maxStringBind = 32767

// clobIn returns the bind value for a JSON request passed to a CLOB
// parameter.
func clobIn(s string) any {
	if len(s) <= maxStringBind {
		return s
	}
	return godror.Lob{Reader: strings.NewReader(s), IsClob: true}
}

// callFunc runs block, a PL/SQL block assigning a facade function's CLOB
// result to :res, and returns the result text. args are the other binds,
// all sql.Named.
//
// The result is bound as godror.Lob{IsClob: true}: godror binds a string OUT
// as VARCHAR2 with a 32767-byte buffer, and Oracle errors out when a larger
// CLOB is assigned to it (godror README, "CLOB, BLOB"); a response has no
// size bound (list_stores, search results), so the LOB is the only form that
// works for every response. The LOB locator is valid only while its
// statement is, so the statement is prepared, executed and read before it is
// closed — godror's own TestReadLargeLOB pattern. The cost is the LOB reads
// after the execute (one per MiB) and freeing the temporary LOB.
func callFunc(ctx context.Context, h DBTX, op, block string, args ...any) (string, error) {
	stmt, err := h.PrepareContext(ctx, block)
	if err != nil {
		return "", driverError(op, err)
	}
	defer stmt.Close()
	res := godror.Lob{IsClob: true}
	args = append(args, sql.Named("res", sql.Out{Dest: &res}))
	if _, err := stmt.ExecContext(ctx, args...); err != nil {
		return "", driverError(op, err)
	}
	if res.Reader == nil {
		return "", fmt.Errorf("agentmemory: %s: the package returned a NULL response", op)
	}
	text, err := io.ReadAll(res.Reader)
	// Free the temporary LOB now rather than at the end of the session.
	if c, ok := res.Reader.(io.Closer); ok {
		if cerr := c.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}
	if err != nil {
		return "", driverError(op+": reading the response", err)
	}
	return string(text), nil
}

// callProc runs block, a PL/SQL block calling a facade procedure.
func callProc(ctx context.Context, h DBTX, op, block string, args ...any) error {
	_, err := h.ExecContext(ctx, block, args...)
	return driverError(op, err)
}

// driverError maps any error from the driver: DPI-1047 (no Oracle Client
// libraries) to ErrOracleClientMissing, the rest through mapDriverError.
// ODPI-C reports DPI-xxxx errors with ORA code 0, so the text is the only
// way to recognise them (go-ecosystem.md §1.1).
func driverError(op string, err error) error {
	if err == nil {
		return nil
	}
	if strings.Contains(err.Error(), "DPI-1047") {
		return fmt.Errorf("%w in %s: install Instant Client and put it on the library path (LD_LIBRARY_PATH, or libDir= in the DSN): %w",
			ErrOracleClientMissing, op, err)
	}
	return mapDriverError(op, err)
}
