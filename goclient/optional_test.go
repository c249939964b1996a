package agentmemory

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOptionalStates(t *testing.T) {
	var zero Optional[int]
	assert.True(t, zero.IsOmitted(), "the zero value is omitted")
	assert.Equal(t, Omit[int](), zero)

	n := None[int]()
	assert.True(t, n.IsNone())
	assert.False(t, n.IsOmitted())
	_, ok := n.Get()
	assert.False(t, ok)

	s := Some(0)
	v, ok := s.Get()
	assert.True(t, ok, "Some(0) holds a value even though it is T's zero")
	assert.Equal(t, 0, v)
	assert.False(t, s.IsNone())
	assert.False(t, s.IsZero())

	assert.Equal(t, "omitted", zero.String())
	assert.Equal(t, "None", n.String())
	assert.Equal(t, "42", Some(42).String())
}

// probe is a request-like struct: Optional fields tagged omitzero.
type probe struct {
	A Optional[int]    `json:"a,omitzero"`
	B Optional[string] `json:"b,omitzero"`
}

func TestOptionalJSON(t *testing.T) {
	cases := []struct {
		name string
		in   probe
		want string
	}{
		{"omitted leaves the key out", probe{}, `{}`},
		{"None writes null", probe{A: None[int](), B: None[string]()}, `{"a":null,"b":null}`},
		{"values", probe{A: Some(7), B: Some("x")}, `{"a":7,"b":"x"}`},
		{"zero values are values", probe{A: Some(0), B: Some("")}, `{"a":0,"b":""}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := json.Marshal(c.in)
			require.NoError(t, err)
			assert.JSONEq(t, c.want, string(got))

			var back probe
			require.NoError(t, json.Unmarshal(got, &back))
			assert.Equal(t, c.in, back, "decoding restores all three states")
		})
	}
}

func TestOptionalOmittedWithoutOmitzeroFails(t *testing.T) {
	type untagged struct {
		A Optional[int] `json:"a"`
	}
	_, err := json.Marshal(untagged{})
	require.Error(t, err)
	assert.True(t, errors.Is(err, errOmittedEncoded), "got %v", err)
}

func TestOptionalUnmarshalTypeError(t *testing.T) {
	var p probe
	err := json.Unmarshal([]byte(`{"a":"seven"}`), &p)
	require.Error(t, err, "a string is not an int")
}
