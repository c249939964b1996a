package dbconn

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// oraErr mimics godror's *OraErr: Code() plus Error() as "ORA-%05d: msg".
// godror's constructor is unexported and cgo-bound, so tests build the
// same shape; DPI errors carry code 0, as godror reports them.
type oraErr struct {
	code int
	msg  string
}

func (e *oraErr) Code() int     { return e.code }
func (e *oraErr) Error() string { return fmt.Sprintf("ORA-%05d: %s", e.code, e.msg) }

func TestClassify(t *testing.T) {
	cases := []struct {
		name string
		err  error
		kind Kind
		want []string
	}{
		{"instant client missing", &oraErr{0, `DPI-1047: Cannot locate a 64-bit Oracle Client library: "libclntsh.so: cannot open shared object file"`},
			KindClientMissing, []string{"Instant Client not found", "make instantclient", "LD_LIBRARY_PATH", "libDir="}},
		{"no listener", &oraErr{12541, "TNS:no listener"},
			KindUnreachable, []string{"cannot reach the database at h:1521/S", "ORA-12541: TNS:no listener", "make db-up"}},
		{"unknown service", &oraErr{12514, "TNS:listener does not currently know of service requested in connect descriptor"},
			KindUnknownService, []string{"does not know the requested service", "FREEPDB1"}},
		{"unresolved alias", &oraErr{12154, "TNS:could not resolve the connect identifier specified"},
			KindConnectIdentity, []string{"cannot resolve the connect identifier", "ORA-12154"}},
		{"bad password", &oraErr{1017, "invalid username/password; logon denied"},
			KindBadCredentials, []string{"rejected the user name or password", "ORA-01017"}},
		{"locked", &oraErr{28000, "The account is locked."},
			KindAccount, []string{"unlock"}},
		{"not open", &oraErr{1033, "ORACLE initialization or shutdown in progress"},
			KindNotOpen, []string{"not open", "ORA-01033"}},
		{"wrapped", fmt.Errorf("ping: %w", &oraErr{12541, "TNS:no listener\nmore detail"}),
			KindUnreachable, []string{"(ORA-12541: TNS:no listener)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := ClassifyAt(c.err, "h:1521/S")
			var ce *Error
			require.True(t, errors.As(err, &ce), "got %T %v", err, err)
			assert.Equal(t, c.kind, ce.Kind)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
			assert.NotContains(t, err.Error(), "\n", "one line")
			assert.True(t, errors.Is(err, c.err), "the driver error stays reachable")
		})
	}
}

func TestClassifyLeavesOthersAlone(t *testing.T) {
	assert.NoError(t, Classify(nil))
	plain := errors.New("boom")
	assert.Same(t, plain, Classify(plain))
	other := &oraErr{942, "table or view does not exist"}
	assert.Equal(t, error(other), Classify(other))
	once := Classify(&oraErr{12541, "TNS:no listener"})
	assert.Same(t, once, ClassifyAt(once, "elsewhere"), "already classified errors keep their message")
	assert.Contains(t, once.Error(), "cannot reach the database (")
}
