package agentmemory

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Optional is a value with three states, as the seed API distinguishes them:
//
//   - omitted (the zero value, or Omit): the request leaves the key out and
//     the package applies its default or keeps what is stored;
//   - None (None): the request sends JSON null, an explicit "no value";
//   - a value (Some): the request sends the value.
//
// Request types tag Optional fields `json:"key,omitzero"`: IsZero reports
// the omitted state, so encoding/json leaves the key out, and MarshalJSON
// writes null or the value. Decoding restores the state: an absent key stays
// omitted, null becomes None, anything else Some.
type Optional[T any] struct {
	state optState
	value T
}

type optState uint8

const (
	optOmitted optState = iota
	optNone
	optSome
)

// Omit returns an omitted Optional; it equals the zero value.
func Omit[T any]() Optional[T] { return Optional[T]{} }

// None returns an Optional holding an explicit None (JSON null).
func None[T any]() Optional[T] { return Optional[T]{state: optNone} }

// Some returns an Optional holding v.
func Some[T any](v T) Optional[T] { return Optional[T]{state: optSome, value: v} }

// IsOmitted reports whether o is omitted (the zero value).
func (o Optional[T]) IsOmitted() bool { return o.state == optOmitted }

// IsNone reports whether o holds an explicit None.
func (o Optional[T]) IsNone() bool { return o.state == optNone }

// Get returns the value and true when o holds one, else the zero T and false.
func (o Optional[T]) Get() (T, bool) { return o.value, o.state == optSome }

// IsZero reports whether o is omitted. encoding/json calls it for fields
// tagged omitzero, which is how an omitted Optional leaves its key out.
func (o Optional[T]) IsZero() bool { return o.state == optOmitted }

// errOmittedEncoded is returned when an omitted Optional reaches the encoder:
// the field lacks the omitzero tag, and writing null instead would silently
// turn "omitted" into "None".
var errOmittedEncoded = errors.New("agentmemory: an omitted Optional cannot be encoded; tag the field omitzero")

// MarshalJSON writes null for None and the value for Some. An omitted
// Optional is an error: tag the field omitzero so the key is left out.
func (o Optional[T]) MarshalJSON() ([]byte, error) {
	switch o.state {
	case optNone:
		return []byte("null"), nil
	case optSome:
		return json.Marshal(o.value)
	default:
		return nil, errOmittedEncoded
	}
}

// UnmarshalJSON sets None for null and Some(value) otherwise. It is called
// only for keys present in the document, so absent keys stay omitted.
func (o *Optional[T]) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*o = None[T]()
		return nil
	}
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*o = Some(v)
	return nil
}

// String renders o for people: "omitted", "None", or the value.
func (o Optional[T]) String() string {
	switch o.state {
	case optNone:
		return "None"
	case optSome:
		return fmt.Sprint(o.value)
	default:
		return "omitted"
	}
}
