package agentmemory

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"

	go_ora "github.com/sijms/go-ora/v2"
	"github.com/sijms/go-ora/v2/network"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Without cgo go-ora is the only driver, and the default; with cgo it
// comes after godror.
func TestGoOraIsCompiledInAlways(t *testing.T) {
	require.NotEmpty(t, seamsAsBuilt)
	assert.Equal(t, DriverGoOra, seamsAsBuilt[len(seamsAsBuilt)-1].name())
	if len(seamsAsBuilt) == 1 {
		assert.Nil(t, seamByName(DriverGodror), "a build without cgo has no godror")
	}
}

func TestClobInIsNeutralUntilTheCall(t *testing.T) {
	small := strings.Repeat("x", maxStringBind)
	assert.Equal(t, small, clobIn(small), "up to 32767 bytes: a plain string bind")
	big := small + "y"
	assert.Equal(t, clobArg{big}, clobIn(big), "above: resolved per driver by callFunc/callProc")
	args := driverArgs(goOraSeam{}, []any{sql.Named("b_request", clobIn(big)), sql.Named("b_store_id", "S1"), clobIn(big)})
	assert.Equal(t, sql.Named("b_request", go_ora.Clob{String: big, Valid: true}), args[0])
	assert.Equal(t, sql.Named("b_store_id", "S1"), args[1])
	assert.Equal(t, go_ora.Clob{String: big, Valid: true}, args[2])
}

// go-ora's OracleError becomes the package's named error: code from ErrCode,
// message without the ORA prefix, the ORA-06512 lines and the position
// go-ora's Error() appends.
func TestGoOraErrorMapsToNamedError(t *testing.T) {
	cause := &network.OracleError{ErrCode: 20102,
		ErrMsg: "ORA-20102: DUPLICATE_ID: record_ids[0] 'm1' already exists\nORA-06512: at \"APP.DBMS_AGENT_MEMORY_STORE\", line 12"}
	err := driverError("AddMemory", fmt.Errorf("exec: %w", cause))
	var ae *Error
	require.True(t, errors.As(err, &ae), err.Error())
	assert.Equal(t, 20102, ae.Code)
	assert.Equal(t, "DUPLICATE_ID", ae.Name)
	assert.Equal(t, "DUPLICATE_ID: record_ids[0] 'm1' already exists", ae.Message)
	assert.True(t, errors.Is(err, ErrDuplicateID))
	var oe *network.OracleError
	assert.True(t, errors.As(err, &oe), "the driver's error stays reachable")

	other := driverError("Open", &network.OracleError{ErrCode: 12541, ErrMsg: "ORA-12541: TNS:no listener"})
	assert.False(t, errors.As(other, &ae))
	assert.ErrorAs(t, other, &oe)
	assert.Contains(t, other.Error(), "agentmemory: Open: ORA-12541")
}

func TestGoOraErrorMessage(t *testing.T) {
	for msg, want := range map[string]string{
		"ORA-20100: INVALID_ARGUMENT: x": "INVALID_ARGUMENT: x",
		"ORA-20100:no space":             "no space",
		"":                               "",
		"plain":                          "plain",
	} {
		e := goOraError{err: errors.New("x"), oe: &network.OracleError{ErrCode: 20100, ErrMsg: msg}}
		assert.Equal(t, want, e.Message(), msg)
	}
}

// The driver is detected from db.Driver(), from a *sql.Conn's driver
// connection, bound by WithDriver, and inherited by Store.WithTx; a bare
// *sql.Tx gets the default.
func TestDriverDetection(t *testing.T) {
	defer func(m Driver) { fakeMode = m }(fakeMode)
	fakeMode = DriverGoOra
	_, goOraDB := newFakeDB(answer(`{}`))
	assert.Equal(t, DriverGoOra, seamOf(goOraDB).name(), "go-ora's *go_ora.OracleDriver")
	fakeMode = DriverGodror
	_, otherDB := newFakeDB(answer(`{}`))
	assert.Equal(t, defaultSeam().name(), seamOf(otherDB).name(), "any other driver: the default")

	tx, err := goOraDB.BeginTx(t.Context(), nil)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback() }()
	assert.Equal(t, defaultSeam().name(), seamOf(tx).name(), "a *sql.Tx hides its driver")
	bound, err := WithDriver(tx, DriverGoOra)
	require.NoError(t, err)
	assert.Equal(t, DriverGoOra, seamOf(bound).name())
	_, err = RunJob(t.Context(), bound, "S1", JobPurge, RunJobOptions{})
	assert.ErrorIs(t, err, ErrInvalidArgument, "a bound *sql.Tx is still a transaction")
	rebound, err := WithDriver(bound, defaultSeam().name())
	require.NoError(t, err)
	assert.Equal(t, defaultSeam().name(), seamOf(rebound).name(), "binding again replaces the driver")
	assert.Equal(t, DriverGoOra, seamOf(inheritDriver(goOraDB, tx)).name(), "Store.WithTx inherits")

	pool, err := WithDriver(goOraDB, DriverGoOra)
	require.NoError(t, err)
	assert.False(t, pinsSession(pool), "a bound pool is still a pool")

	_, err = WithDriver(goOraDB, Driver("odbc"))
	assert.ErrorContains(t, err, `driver "odbc" is not compiled into this program`)
}

// A go-ora pool gets go-ora's binds whatever the default driver is: a
// go_ora.Clob for a large request, the response read from the Clob OUT.
func TestGoOraLargeRequestAndResponse(t *testing.T) {
	defer func(m Driver) { fakeMode = m }(fakeMode)
	fakeMode = DriverGoOra
	big := `{"stores": [], "pad": "` + strings.Repeat("é", smallResponseChars) + `"}`
	f, db := newFakeDB(answer(big))
	got, err := callFunc(t.Context(), db, "ListStores",
		"begin :b_res := dbms_agent_memory_store.list_stores(p_schema_owner => :b_schema_owner); end;",
		sql.Named("b_schema_owner", clobIn(strings.Repeat("x", maxStringBind+1))))
	require.NoError(t, err)
	assert.Equal(t, big, got)
	assert.IsType(t, go_ora.Clob{}, f.Calls()[0].Args["b_schema_owner"])
}
