//go:build cgo

package agentmemory

// The godror seam: the only file of the library that imports godror, built
// only with cgo (godror is a cgo wrapper of ODPI-C and does not compile
// without it). When compiled in, godror is the default driver.

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"
	"strings"

	"github.com/godror/godror"
)

// godror's error type carries what mapDriverError reads.
var _ oraCoder = (*godror.OraErr)(nil)

func init() { seams = append([]driverSeam{godrorSeam{}}, seams...) }

type godrorSeam struct{}

func (godrorSeam) name() Driver { return DriverGodror }

// owns: godror's driver and connection types are unexported; godror is the
// default, so a handle no other seam claims is godror's (seamOf).
func (godrorSeam) owns(driver.Driver) bool { return false }
func (godrorSeam) ownsConn(any) bool       { return false }

// clob binds a large request as a temporary CLOB written before the execute.
func (godrorSeam) clob(s string) any {
	return godror.Lob{Reader: strings.NewReader(s), IsClob: true}
}

// execFunc binds :b_small as a string OUT (godror's buffer: 32767 bytes) and
// :b_big as godror.Lob{IsClob: true}: a response has no size bound
// (list_stores, search results), and the LOB is the only OUT form that holds
// any size.
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
// while the statement is open (callFunc closes it afterwards), and the
// reader is left alone.
func (godrorSeam) execFunc(ctx context.Context, stmt *sql.Stmt, op string, args []any) (string, bool, error) {
	var small string
	big := godror.Lob{IsClob: true}
	args = append(args,
		sql.Named("b_small", sql.Out{Dest: &small}),
		sql.Named("b_big", sql.Out{Dest: &big}))
	if _, err := stmt.ExecContext(ctx, args...); err != nil {
		return "", false, driverError(op, err)
	}
	if small != "" {
		return small, false, nil
	}
	if big.Reader == nil {
		return "", true, nil
	}
	text, err := io.ReadAll(big.Reader)
	if err != nil {
		return "", false, driverError(op+": reading the response", err)
	}
	return string(text), false, nil
}

// mapError recognises DPI-1047 (no Oracle Client libraries) and maps it to
// ErrOracleClientMissing. ODPI-C reports DPI-xxxx errors with ORA code 0, so
// the text is the only way to recognise them (go-ecosystem.md §1.1).
// *godror.OraErr itself has Code and Message: mapDriverError reads it.
func (godrorSeam) mapError(op string, err error) (error, bool) {
	if strings.Contains(err.Error(), "DPI-1047") {
		return fmt.Errorf("%w in %s: install Instant Client and put it on the library path (LD_LIBRARY_PATH, or libDir= in the DSN): %w",
			ErrOracleClientMissing, op, err), true
	}
	return nil, false
}
