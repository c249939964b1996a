package agentmemory

import "errors"

var (
	ErrInvalidArgument = errors.New("agentmemory: invalid argument")
	ErrNotFound        = errors.New("agentmemory: not found")
)

type errorClass struct {
	Code     int
	Name     string
	Sentinel error
}

var errorClasses = []errorClass{
	{20100, "INVALID_ARGUMENT", ErrInvalidArgument},
	{Code: 20101, Name: "NOT_FOUND", Sentinel: ErrNotFound},
}
