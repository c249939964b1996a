package agentmemory

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors, one per application error class of the
// DBMS_AGENT_MEMORY_STORE package. Test with errors.Is:
//
//	if errors.Is(err, agentmemory.ErrNotFound) { ... }
//
// The table below and the package spec (co_* constants) list the same codes;
// a test keeps them in sync, and docs/errors.md documents them.
var (
	ErrInvalidArgument         = errors.New("agentmemory: invalid argument")
	ErrNotFound                = errors.New("agentmemory: not found")
	ErrDuplicateID             = errors.New("agentmemory: duplicate id")
	ErrSchemaMissing           = errors.New("agentmemory: store schema missing")
	ErrSchemaOutdated          = errors.New("agentmemory: store schema outdated")
	ErrIncompatibleStore       = errors.New("agentmemory: incompatible store")
	ErrUnsupportedRelease      = errors.New("agentmemory: unsupported database release")
	ErrEndUserContextRequired  = errors.New("agentmemory: end-user context required")
	ErrEndUserContextForbidden = errors.New("agentmemory: end-user context forbidden")
	ErrGraphExpansionTimeout   = errors.New("agentmemory: graph expansion timeout")
	ErrPrivilegeMissing        = errors.New("agentmemory: privilege missing")
	ErrStoreBroken             = errors.New("agentmemory: store broken")
	ErrEmbeddingFailed         = errors.New("agentmemory: embedding failed")
	ErrLLMFailed               = errors.New("agentmemory: LLM failed")
	ErrLLMOutputInvalid        = errors.New("agentmemory: LLM output invalid")
	ErrExtractionTimeout       = errors.New("agentmemory: extraction timeout")
)

// errorClass ties one ORA-201xx code of the package to its name (the prefix
// of the message text, the suffix of the spec constant co_<name>) and to its
// sentinel.
type errorClass struct {
	Code     int // positive, as the driver reports it: 20100 for ORA-20100
	Name     string
	Sentinel error
}

// errorClasses is the Go half of the error table. Keep it in the order of the
// package spec.
var errorClasses = []errorClass{
	{20100, "INVALID_ARGUMENT", ErrInvalidArgument},
	{20101, "NOT_FOUND", ErrNotFound},
	{20102, "DUPLICATE_ID", ErrDuplicateID},
	{20103, "SCHEMA_MISSING", ErrSchemaMissing},
	{20104, "SCHEMA_OUTDATED", ErrSchemaOutdated},
	{20105, "INCOMPATIBLE_STORE", ErrIncompatibleStore},
	{20106, "UNSUPPORTED_RELEASE", ErrUnsupportedRelease},
	{20107, "END_USER_CONTEXT_REQUIRED", ErrEndUserContextRequired},
	{20108, "END_USER_CONTEXT_FORBIDDEN", ErrEndUserContextForbidden},
	{20109, "GRAPH_EXPANSION_TIMEOUT", ErrGraphExpansionTimeout},
	{20110, "PRIVILEGE_MISSING", ErrPrivilegeMissing},
	{20111, "STORE_BROKEN", ErrStoreBroken},
	{20112, "EMBEDDING_FAILED", ErrEmbeddingFailed},
	{20113, "LLM_FAILED", ErrLLMFailed},
	{20114, "LLM_OUTPUT_INVALID", ErrLLMOutputInvalid},
	{20115, "EXTRACTION_TIMEOUT", ErrExtractionTimeout},
}

// ErrorCodeRange is the range of ORA codes reserved for the package.
const (
	ErrorCodeMin = 20100
	ErrorCodeMax = 20199
)

// Error is an application error raised by the package (ORA-20100..ORA-20199),
// or a validation error found by the client before calling it. errors.Is
// matches it against the sentinel of its class; Unwrap gives the driver error.
type Error struct {
	Code    int    // ORA code without sign, e.g. 20100; 0 for an unknown class
	Name    string // class name, e.g. "INVALID_ARGUMENT"
	Message string // the message without the ORA prefix and the error stack
	Op      string // the client operation, e.g. "Store.Add"
	Err     error  // the underlying driver error, if any
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("agentmemory")
	if e.Op != "" {
		b.WriteString(": ")
		b.WriteString(e.Op)
	}
	if e.Code != 0 && e.Err != nil {
		// Only errors the database raised carry an ORA code in their text;
		// client-side validation shares the class but never reached Oracle.
		fmt.Fprintf(&b, ": ORA-%05d", e.Code)
	}
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

// Unwrap returns the driver error, so errors.As can reach it.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is the sentinel of e's class.
func (e *Error) Is(target error) bool {
	for _, c := range errorClasses {
		if c.Sentinel == target {
			return e.Code == c.Code
		}
	}
	return false
}

// classOf returns the class of an ORA code, and false for codes outside the
// package's table.
func classOf(code int) (errorClass, bool) {
	for _, c := range errorClasses {
		if c.Code == code {
			return c, true
		}
	}
	return errorClass{}, false
}

// newAppError builds the *Error for an ORA code raised by the package. The
// message is cut at its first line: the driver appends the PL/SQL error stack
// (ORA-06512 lines) after it.
func newAppError(op string, code int, message string, cause error) *Error {
	if i := strings.IndexByte(message, '\n'); i >= 0 {
		message = message[:i]
	}
	e := &Error{Code: code, Message: strings.TrimSpace(message), Op: op, Err: cause}
	if c, ok := classOf(code); ok {
		e.Name = c.Name
	}
	return e
}

// invalidArgument builds a client-side validation error of class
// INVALID_ARGUMENT, worded like the package's own messages: it names the
// argument, the value and the rule.
func invalidArgument(op, format string, args ...any) *Error {
	return &Error{
		Code:    20100,
		Name:    "INVALID_ARGUMENT",
		Message: "INVALID_ARGUMENT: " + fmt.Sprintf(format, args...),
		Op:      op,
	}
}
