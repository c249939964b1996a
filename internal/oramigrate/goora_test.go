package oramigrate

import (
	"fmt"
	"testing"

	"github.com/sijms/go-ora/v2/network"
	"github.com/stretchr/testify/assert"
)

// godror gets its execution options; go-ora none (each would be a bind).
func TestUnitArgsPerDriver(t *testing.T) {
	assert.Len(t, unitArgs(false, false), 1, "godror SQL: NoRetry")
	assert.Len(t, unitArgs(false, true), 2, "godror PL/SQL: NoRetry, WarningAsError")
	assert.Empty(t, unitArgs(true, true), "go-ora: no options")
	assert.False(t, onGoOra(struct{}{}))
}

func TestOraCodeOfGoOraErrors(t *testing.T) {
	err := fmt.Errorf("exec: %w", &network.OracleError{ErrCode: 24344, ErrMsg: "ORA-24344: success with compilation error"})
	assert.Equal(t, 24344, oraCode(err))
	assert.True(t, isCompileWarning(err))
}
