package agentmemory

import "errors"

var (
	ErrInvalidArgument = errors.New("agentmemory: invalid argument")
	ErrNotFound        = errors.New("agentmemory: not found")
	ErrGone            = errors.New("agentmemory: gone")
)

type errorClass struct {
	Code     int
	Name     string
	Sentinel error
}

var errorClasses = []errorClass{
	{20100, "INVALID_ARGUMENT", ErrInvalidArgument}, // expect: ERR-SYNC expect: ERR-SYNC expect: ERR-SYNC
	{20101, "NOT_FOUNDED", ErrNotFound},             // expect: ERR-SYNC
	{20199, "GONE", ErrGone},                        // expect: ERR-SYNC
}
