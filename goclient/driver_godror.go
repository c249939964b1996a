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

// Facade function blocks are written as `begin :b_res := <call>; end;` so the
// static checker (GO-CONTRACT) can read the call; callFunc rewrites them into
// wrapBlock's form before executing.
const (
	funcBlockHead = "begin :b_res := "
	funcBlockTail = "; end;"
	// smallResponseChars is the largest response returned as VARCHAR2: godror
	// binds a string OUT with a 32767-byte buffer, and 8191 characters take at
	// most 32764 bytes in AL32UTF8.
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
// sql.Named.
//
// A large result is bound as godror.Lob{IsClob: true}: a response has no size
// bound (list_stores, search results), and the LOB is the only OUT form that
// holds any size.
//
// LOB ownership follows the pattern godror documents for LOB OUT binds
// (README "CLOB, BLOB": "the LOB locator returned from the database is valid
// only till the Stmt is valid! So Prepare the statement for the retrieval,
// then Exec, and only Close the stmt iff you've finished with your LOB") and
// uses in its own tests (z_lob_test.go TestReadLargeLOB: Prepare, Exec with
// sql.Out{Dest: &lob}, io.ReadAll(lob), then the deferred stmt.Close; the
// reader is never closed). The reader godror hands out borrows the bind
// variable's reference to the LOB (stmt.go dataGetLOBC: dpiData_getLOB,
// no dpiLob_addRef), and closing the statement releases the variable and
// with it that reference; ODPI-C then frees the temporary LOB (dpiLob.c
// dpiLob__close: OCILobFreeTemporary on the last reference). Closing the
// reader as well (dpiLobReader.Close calls dpiLob_release) would release
// the same reference a second time. So the response is read to the end
// while the statement is open, the reader is left alone, and the deferred
// stmt.Close frees the LOB, once.
func callFunc(ctx context.Context, h DBTX, op, block string, args ...any) (string, error) {
	wrapped, err := wrapBlock(block)
	if err != nil {
		return "", err
	}
	stmt, err := h.PrepareContext(ctx, wrapped)
	if err != nil {
		return "", driverError(op, err)
	}
	defer stmt.Close()
	var small string
	big := godror.Lob{IsClob: true}
	args = append(args,
		sql.Named("b_small", sql.Out{Dest: &small}),
		sql.Named("b_big", sql.Out{Dest: &big}))
	if _, err := stmt.ExecContext(ctx, args...); err != nil {
		return "", driverError(op, err)
	}
	if small != "" {
		return small, nil
	}
	if big.Reader == nil {
		return "", fmt.Errorf("agentmemory: %s: the package returned a NULL response", op)
	}
	// Read before the deferred stmt.Close, which releases the LOB; do not
	// close the reader (see above).
	text, err := io.ReadAll(big.Reader)
	if err != nil {
		return "", driverError(op+": reading the response", err)
	}
	if len(text) == 0 {
		return "", fmt.Errorf("agentmemory: %s: the package returned an empty response", op)
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
