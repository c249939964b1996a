package agentmemory

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMapDriverErrorEveryClass(t *testing.T) {
	for _, c := range errorClasses {
		t.Run(c.Name, func(t *testing.T) {
			cause := fakeOraErr{c.Code, c.Name + ": what was wrong and what to do\nORA-06512: at line 1"}
			err := mapDriverError("Op", fmt.Errorf("exec: %w", cause))
			assert.True(t, errors.Is(err, c.Sentinel), "ORA-%d must match its sentinel, got %v", c.Code, err)
			for _, other := range errorClasses {
				if other.Code != c.Code {
					assert.False(t, errors.Is(err, other.Sentinel), "ORA-%d must not match %s", c.Code, other.Name)
				}
			}
			var e *Error
			require.True(t, errors.As(err, &e))
			assert.Equal(t, c.Name, e.Name)
			assert.Equal(t, c.Name+": what was wrong and what to do", e.Message)
			var oe fakeOraErr
			assert.True(t, errors.As(err, &oe), "the driver error stays reachable")
		})
	}
}

func TestMapDriverErrorOutsideTheTable(t *testing.T) {
	t.Run("unknown code in the package range", func(t *testing.T) {
		err := mapDriverError("Op", fakeOraErr{20150, "NEW_CLASS: from a newer package"})
		var e *Error
		require.True(t, errors.As(err, &e), "still an application error")
		assert.Equal(t, 20150, e.Code)
		assert.Empty(t, e.Name)
		for _, c := range errorClasses {
			assert.False(t, errors.Is(err, c.Sentinel))
		}
	})
	t.Run("other ORA codes stay driver errors", func(t *testing.T) {
		for _, code := range []int{1017, 20099, 20200, 4068} {
			cause := fakeOraErr{code, "something"}
			err := mapDriverError("Open", cause)
			var e *Error
			assert.False(t, errors.As(err, &e), "ORA-%d is not the package's", code)
			assert.True(t, errors.Is(err, cause))
			assert.True(t, strings.HasPrefix(err.Error(), "agentmemory: Open: "), err.Error())
		}
	})
	t.Run("nil", func(t *testing.T) {
		assert.NoError(t, mapDriverError("Op", nil))
		assert.NoError(t, driverError("Op", nil))
	})
}
