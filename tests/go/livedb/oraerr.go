package livedb

import (
	"database/sql"
	"errors"
	"os"
	"regexp"

	go_ora "github.com/sijms/go-ora/v2"
	"github.com/sijms/go-ora/v2/network"

	"github.com/agentmem/agentmem/internal/dbconn"
)

// OraErr is an Oracle error as the live suites inspect it: the ORA code and
// the message without its "ORA-NNNNN: " prefix, whichever driver raised it.
type OraErr interface {
	Code() int
	Message() string
}

// AsOraErr finds the Oracle error in err's chain: godror's *OraErr (which
// has Code and Message) or go-ora's *network.OracleError (fields only).
func AsOraErr(err error) (OraErr, bool) {
	var oe interface {
		error
		OraErr
	}
	if errors.As(err, &oe) {
		return oe, true
	}
	var ge *network.OracleError
	if errors.As(err, &ge) {
		return goOraErr{ge}, true
	}
	return nil, false
}

var oraPrefix = regexp.MustCompile(`^ORA-\d{5}: ?`)

type goOraErr struct{ e *network.OracleError }

func (g goOraErr) Code() int       { return g.e.ErrCode }
func (g goOraErr) Message() string { return oraPrefix.ReplaceAllString(g.e.ErrMsg, "") }

// StringOut is the OUT bind of a VARCHAR2 result (a raw facade call's
// response) for the driver of the live suites: godror takes sql.Out and
// gives a string OUT a 32767-byte buffer; go-ora sizes the buffer from
// go_ora.Out.Size in characters (without it the buffer is empty:
// ORA-06502), and 8191 characters are at most 32764 bytes in AL32UTF8, the
// client's own limit for its VARCHAR2 response (goclient/driver.go).
func StringOut(dest *string) any {
	if d, err := dbconn.ParseDriver(os.Getenv(EnvDriver)); err == nil && d == dbconn.DriverGoOra {
		return go_ora.Out{Dest: dest, Size: 8191}
	}
	return sql.Out{Dest: dest}
}
