package agentmemory

import (
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

func TestClobIn(t *testing.T) {
	small := strings.Repeat("x", maxStringBind)
	assert.Equal(t, small, clobIn(small), "up to 32767 bytes: a plain string bind")
	big := small + "y"
	lob, ok := clobIn(big).(godror.Lob)
	require.True(t, ok, "above 32767 bytes: a CLOB")
	assert.True(t, lob.IsClob)
	b := new(strings.Builder)
	_, err := lob.WriteTo(b)
	require.NoError(t, err)
	assert.Equal(t, big, b.String())
}
