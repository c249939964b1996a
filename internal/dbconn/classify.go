package dbconn

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sijms/go-ora/v2/network"
)

// Kind names a class of connection failure.
type Kind string

// Connection failure classes.
const (
	KindBadDSN          Kind = "bad DSN"
	KindClientMissing   Kind = "Oracle client missing"
	KindUnreachable     Kind = "database unreachable"
	KindUnknownService  Kind = "unknown service"
	KindBadCredentials  Kind = "bad credentials"
	KindAccount         Kind = "account unusable"
	KindNotOpen         Kind = "database not open"
	KindConnectionLost  Kind = "connection lost"
	KindConnectIdentity Kind = "unresolved connect identifier"
	KindConnect         Kind = "connection failed" // any other failure of the first connection
)

// Error is a classified connection failure. Error() is one line that says
// what went wrong and what to do; Unwrap gives the driver's error, so
// godror.AsOraErr and errors.Is still work.
type Error struct {
	Kind Kind
	Msg  string
	Err  error
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// coder is what godror's *OraErr offers; matching the method instead of the
// type keeps this file free of cgo types and testable with plain errors.
type coder interface{ Code() int }

// oraCode is the ORA code of a driver error: godror's through Code(),
// go-ora's *network.OracleError (fields only, no methods) through ErrCode.
// The connection codes are the same ORA codes for both drivers.
func oraCode(err error) (int, bool) {
	var c coder
	if errors.As(err, &c) {
		return c.Code(), true
	}
	var oe *network.OracleError
	if errors.As(err, &oe) {
		return oe.ErrCode, true
	}
	return 0, false
}

// Classify turns a connection failure into an *Error with an actionable
// message. Errors it does not recognise (including nil, and errors that are
// already classified) are returned unchanged.
func Classify(err error) error { return ClassifyAt(err, "") }

// ClassifyAt is Classify with the database address (a connect string, never
// a full DSN) named in the message.
func ClassifyAt(err error, endpoint string) error {
	if err == nil {
		return nil
	}
	var done *Error
	if errors.As(err, &done) {
		return err
	}
	where := "the database"
	if endpoint != "" {
		where = "the database at " + endpoint
	}
	text := err.Error()
	if strings.Contains(text, "DPI-1047") {
		return &Error{Kind: KindClientMissing, Err: err, Msg: "Oracle Instant Client not found (DPI-1047): " +
			"run `make instantclient` and set LD_LIBRARY_PATH to its directory (or add libDir=<dir> to the DSN); " +
			"godror loads libclntsh at the first connection"}
	}
	code, ok := oraCode(err)
	if !ok {
		return err
	}
	ora := fmt.Sprintf("ORA-%05d", code)
	// The Oracle text without its own "ORA-nnnnn:" prefix, which the
	// message repeats in parentheses anyway.
	text = firstLine(text)
	if i := strings.Index(text, ora+":"); i >= 0 {
		text = strings.TrimSpace(text[i+len(ora)+1:])
	}
	switch code {
	case 12541, 12545, 12170, 12535, 12543, 12560:
		return &Error{Kind: KindUnreachable, Err: err, Msg: fmt.Sprintf(
			"cannot reach %s (%s: %s): is it running and is host:port right? `make db-up` starts a local one",
			where, ora, text)}
	case 12514, 12505, 12504:
		return &Error{Kind: KindUnknownService, Err: err, Msg: fmt.Sprintf(
			"the listener of %s does not know the requested service (%s): check the service name after the port "+
				"(the Free container's is FREEPDB1), or wait a minute if the database is still starting", where, ora)}
	case 12154, 12261, 12262, 12263:
		return &Error{Kind: KindConnectIdentity, Err: err, Msg: fmt.Sprintf(
			"cannot resolve the connect identifier of the DSN (%s: %s): use host:port/service, "+
				"or a tnsnames.ora alias with configDir=<dir> in the DSN", ora, text)}
	case 1017:
		return &Error{Kind: KindBadCredentials, Err: err, Msg: fmt.Sprintf(
			"%s rejected the user name or password (%s): check the credentials in --dsn / ORACLE_DSN", where, ora)}
	case 28000, 28001, 28002:
		return &Error{Kind: KindAccount, Err: err, Msg: fmt.Sprintf(
			"the account cannot log in to %s (%s: %s): a DBA must unlock it or reset its password", where, ora, text)}
	case 1045:
		return &Error{Kind: KindAccount, Err: err, Msg: fmt.Sprintf(
			"the user lacks CREATE SESSION on %s (%s): a DBA must run: grant create session to <user>", where, ora)}
	case 1033, 1034, 1089, 12528, 12516, 12520, 12521:
		return &Error{Kind: KindNotOpen, Err: err, Msg: fmt.Sprintf(
			"%s is not open for connections (%s: %s): wait until it has started (the container logs "+
				"DATABASE IS READY TO USE!), or ask a DBA to open it", where, ora, text)}
	case 3113, 3114, 3135, 12537, 12547:
		return &Error{Kind: KindConnectionLost, Err: err, Msg: fmt.Sprintf(
			"lost the connection to %s (%s: %s): check the database and the network, then retry", where, ora, text)}
	}
	return err
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}
