package agentmemory

import (
	"errors"
	"fmt"
)

// ErrOracleClientMissing is returned when the driver cannot load the Oracle
// Client libraries (DPI-1047): godror needs Oracle Instant Client at run
// time (go-ora needs none). The error says what to do and wraps the driver's message, which
// names the library it looked for.
var ErrOracleClientMissing = errors.New("agentmemory: Oracle Instant Client not found (DPI-1047)")

// oraCoder is what the client needs from a driver error: its ORA code and
// its message without the "ORA-NNNNN: " prefix. *godror.OraErr satisfies it
// (driver_godror.go asserts that at compile time), go-ora's
// *network.OracleError through the adapter goOraError (driver_goora.go);
// keeping the mapping on this interface keeps it driver-neutral and testable
// without a database.
type oraCoder interface {
	error
	Code() int
	Message() string
}

// mapDriverError turns a driver error into what callers see: an *Error
// matching a sentinel for the package's own codes (ORA-20100..ORA-20199),
// otherwise the driver error wrapped with the operation name. Codes inside
// the range that the table does not know still become *Error (Name empty),
// so a newer package never surfaces as an opaque driver error.
func mapDriverError(op string, err error) error {
	if err == nil {
		return nil
	}
	var oe oraCoder
	if errors.As(err, &oe) {
		if c := oe.Code(); c >= ErrorCodeMin && c <= ErrorCodeMax {
			return newAppError(op, c, oe.Message(), err)
		}
	}
	return fmt.Errorf("agentmemory: %s: %w", op, err)
}

// driverError maps any error from a driver: each compiled-in seam first
// recognises its own (godror: DPI-1047 to ErrOracleClientMissing; go-ora:
// its OracleError adapted to oraCoder), the rest goes through
// mapDriverError.
func driverError(op string, err error) error {
	if err == nil {
		return nil
	}
	for _, s := range seams {
		if mapped, ok := s.mapError(op, err); ok {
			return mapped
		}
	}
	return mapDriverError(op, err)
}
