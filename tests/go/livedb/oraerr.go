package livedb

import (
	"errors"
	"regexp"

	"github.com/sijms/go-ora/v2/network"
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
