package agentmemory

// The go-ora seam (github.com/sijms/go-ora/v2, pure Go, registered as
// database/sql driver "oracle"). It builds with and without cgo; without cgo
// it is the only driver and the default. docs/drivers.md has the evaluation
// this file follows, with the go-ora source each choice rests on.

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"regexp"

	go_ora "github.com/sijms/go-ora/v2"
	"github.com/sijms/go-ora/v2/network"
)

func init() { seams = append(seams, goOraSeam{}) }

type goOraSeam struct{}

func (goOraSeam) name() Driver { return DriverGoOra }

// owns: go-ora's driver (sql.Open("oracle", ...) and go_ora.NewConnector)
// is the exported *go_ora.OracleDriver, its connection *go_ora.Connection.
func (goOraSeam) owns(d driver.Driver) bool {
	_, ok := d.(*go_ora.OracleDriver)
	return ok
}

func (goOraSeam) ownsConn(c any) bool {
	_, ok := c.(*go_ora.Connection)
	return ok
}

// clob binds a large request as go_ora.Clob: the driver creates a temporary
// CLOB and writes the text into it before the execute (parameter_encode.go
// setDataType → getLob). A plain string above the VARCHAR2 limit would go
// as LONG, which PL/SQL caps at 32760 bytes.
func (goOraSeam) clob(s string) any { return go_ora.Clob{String: s, Valid: true} }

// execFunc binds :b_small as go_ora.Out{Size: smallResponseChars}: go-ora
// sizes a string OUT buffer from Size (characters) times the bytes per
// character, and without Size a string OUT has no room for the response.
// :b_big is a go_ora.Clob OUT: go-ora reads the locator's data after the
// execute into Clob.String (Valid false for NULL) and frees the temporary
// LOBs of the statement when it closes (command.go freeTemporaryLobs), so
// nothing is left to release here. Size is not used for LOB OUT binds.
func (goOraSeam) execFunc(ctx context.Context, stmt *sql.Stmt, op string, args []any) (string, bool, error) {
	var small string
	var big go_ora.Clob
	args = append(args,
		sql.Named("b_small", go_ora.Out{Dest: &small, Size: smallResponseChars}),
		sql.Named("b_big", go_ora.Out{Dest: &big}))
	if _, err := stmt.ExecContext(ctx, args...); err != nil {
		return "", false, driverError(op, err)
	}
	if small != "" {
		return small, false, nil
	}
	if !big.Valid {
		return "", true, nil
	}
	return big.String, false, nil
}

// mapError adapts *network.OracleError to oraCoder for mapDriverError.
func (goOraSeam) mapError(op string, err error) (error, bool) {
	var oe *network.OracleError
	if !errors.As(err, &oe) {
		return nil, false
	}
	return mapDriverError(op, goOraError{err: err, oe: oe}), true
}

// goOraError gives go-ora's error the Code and Message of oraCoder. go-ora's
// OracleError has the fields only (ErrCode, ErrMsg); its ErrMsg starts with
// "ORA-NNNNN: ", and its Error() appends " error occur at position: N"
// (network/oracle_error.go), which Message leaves out.
type goOraError struct {
	err error // as the driver returned it, for Error and Unwrap
	oe  *network.OracleError
}

var oraPrefix = regexp.MustCompile(`^ORA-\d{5}: ?`)

func (e goOraError) Error() string { return e.err.Error() }
func (e goOraError) Unwrap() error { return e.err }
func (e goOraError) Code() int     { return e.oe.ErrCode }
func (e goOraError) Message() string {
	return oraPrefix.ReplaceAllString(e.oe.ErrMsg, "")
}
