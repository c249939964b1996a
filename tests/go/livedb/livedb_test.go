package livedb

import (
	"database/sql"
	"fmt"
	"regexp"
	"strings"
	"testing"

	go_ora "github.com/sijms/go-ora/v2"
	"github.com/sijms/go-ora/v2/network"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorder is a testing.TB whose Skip and Fatalf only record their message,
// so the skip/fail decisions of this package can be observed. Everything
// else goes to the real test.
type recorder struct {
	testing.TB
	skipped string
	fatal   string
}

func (r *recorder) Helper()                      {}
func (r *recorder) Skip(args ...any)             { r.skipped = fmt.Sprint(args...) }
func (r *recorder) Fatalf(f string, args ...any) { r.fatal = fmt.Sprintf(f, args...) }

func TestDSNSkipsWhenUnsetOrBlank(t *testing.T) {
	for _, value := range []string{"", "   \t"} {
		t.Setenv(EnvDSN, value)
		rec := &recorder{TB: t}
		assert.Equal(t, "", DSN(rec))
		assert.Equal(t, SkipReason, rec.skipped, "value %q", value)
		assert.Contains(t, rec.skipped, "ORACLE_DSN")
	}
}

func TestDSNReturnsTrimmedValue(t *testing.T) {
	t.Setenv(EnvDSN, "  app/secret@db:1521/FREEPDB1\n")
	rec := &recorder{TB: t}
	assert.Equal(t, "app/secret@db:1521/FREEPDB1", DSN(rec))
	assert.Empty(t, rec.skipped)
}

func TestOpenSkipsWithoutDSN(t *testing.T) {
	t.Setenv(EnvDSN, "")
	rec := &recorder{TB: t}
	assert.Nil(t, Open(rec))
	assert.Equal(t, SkipReason, rec.skipped)
	assert.Empty(t, rec.fatal)
}

// A DSN that is set but leads nowhere must fail the test, not skip it. On
// this machine the cause is either the missing Instant Client (DPI-1047) or
// the refused port; both are classified, and neither leaks the password.
func TestOpenFailsWhenDSNSetButUnreachable(t *testing.T) {
	t.Setenv(EnvDriver, "godror")
	t.Setenv(EnvDSN, `user="it" password="s3cr3t-pw" connectString="127.0.0.1:1/NOWHERE"`)
	rec := &recorder{TB: t}
	assert.Nil(t, Open(rec))
	assert.Empty(t, rec.skipped)
	require.NotEmpty(t, rec.fatal)
	assert.Contains(t, rec.fatal, "ORACLE_DSN is set but the database cannot be used")
	assert.NotContains(t, rec.fatal, "s3cr3t-pw")
	t.Logf("classified failure: %s", rec.fatal)
}

// The same for go-ora: no Instant Client is loaded, so the refused port
// is the cause, classified, without the password.
func TestOpenGoOraFailsWhenDSNSetButUnreachable(t *testing.T) {
	t.Setenv(EnvDSN, `oracle://it:s3cr3t-pw@127.0.0.1:1/NOWHERE`)
	t.Setenv(EnvDriver, "go-ora")
	rec := &recorder{TB: t}
	assert.Nil(t, Open(rec))
	assert.Empty(t, rec.skipped)
	assert.Contains(t, rec.fatal, "ORACLE_DSN is set but the database cannot be used (driver go-ora)")
	assert.NotContains(t, rec.fatal, "DPI-1047")
	assert.NotContains(t, rec.fatal, "s3cr3t-pw")
}

func TestOpenFailsOnUnknownDriver(t *testing.T) {
	t.Setenv(EnvDSN, "app/pw@db:1521/S")
	t.Setenv(EnvDriver, "oci8")
	rec := &recorder{TB: t}
	assert.Nil(t, Open(rec))
	assert.Contains(t, rec.fatal, `AGENTMEM_DRIVER: unknown driver "oci8"`)
}

func TestOpenFailsOnMalformedDSN(t *testing.T) {
	t.Setenv(EnvDSN, "not a dsn at all")
	rec := &recorder{TB: t}
	assert.Nil(t, Open(rec))
	assert.Empty(t, rec.skipped)
	assert.Contains(t, rec.fatal, "malformed DSN")
}

var storeIDRule = regexp.MustCompile(`^[A-Z][A-Z0-9_]{0,15}$`)

func TestStoreIDIsValidAndUnique(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 2000; i++ {
		id := StoreID(t)
		require.Regexp(t, storeIDRule, id)
		require.True(t, strings.HasPrefix(id, storeIDPrefix), id)
		require.False(t, seen[id], "duplicate store id %s", id)
		seen[id] = true
	}
}

func TestAsOraErrReadsGoOraErrors(t *testing.T) {
	oe, ok := AsOraErr(fmt.Errorf("exec: %w", &network.OracleError{ErrCode: 942, ErrMsg: "ORA-00942: table or view does not exist"}))
	require.True(t, ok)
	assert.Equal(t, 942, oe.Code())
	assert.Equal(t, "table or view does not exist", oe.Message())
	_, ok = AsOraErr(fmt.Errorf("plain"))
	assert.False(t, ok)
}

func TestStringOutPerDriver(t *testing.T) {
	var s string
	t.Setenv(EnvDriver, "")
	assert.Equal(t, sql.Out{Dest: &s}, StringOut(&s))
	t.Setenv(EnvDriver, "go-ora")
	assert.Equal(t, go_ora.Out{Dest: &s, Size: 8191}, StringOut(&s))
}
