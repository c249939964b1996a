//go:build cgo

package agentmemory

import (
	"database/sql"
	"errors"
	"strings"
	"testing"

	"github.com/godror/godror"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDriverErrorInstantClient(t *testing.T) {
	cause := errors.New(`ORA-00000: DPI-1047: Cannot locate a 64-bit Oracle Client library: "libclntsh.so: cannot open shared object file"`)
	err := driverError("Open", cause)
	assert.True(t, errors.Is(err, ErrOracleClientMissing))
	assert.True(t, errors.Is(err, cause))
	assert.True(t, strings.HasPrefix(err.Error(), "agentmemory: Oracle Instant Client not found (DPI-1047) in Open: install Instant Client"), err.Error())

	other := driverError("Open", errors.New("ORA-12541: TNS:no listener"))
	assert.False(t, errors.Is(other, ErrOracleClientMissing))
}

// Above 32767 bytes the godror seam binds a godror.Lob holding the text.
func TestGodrorClob(t *testing.T) {
	big := strings.Repeat("x", maxStringBind) + "y"
	args := driverArgs(godrorSeam{}, []any{sql.Named("b_request", clobIn(big))})
	lob, ok := args[0].(sql.NamedArg).Value.(godror.Lob)
	require.True(t, ok, "above 32767 bytes: a godror.Lob")
	assert.True(t, lob.IsClob)
	b := new(strings.Builder)
	_, err := lob.WriteTo(b)
	require.NoError(t, err)
	assert.Equal(t, big, b.String())
}

// With cgo, godror is compiled in and is the default driver of the library.
func TestGodrorIsTheDefaultWhenCompiledIn(t *testing.T) {
	require.Len(t, seamsAsBuilt, 2)
	assert.Equal(t, DriverGodror, seamsAsBuilt[0].name())
}
