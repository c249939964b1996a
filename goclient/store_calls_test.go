package agentmemory

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readFixture(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.FromSlash(path))
	require.NoError(t, err)
	return string(b)
}

// answer returns a respond func giving the same response to every call.
func answer(resp string) func(fakeCall) (string, error) {
	return func(fakeCall) (string, error) { return resp, nil }
}

func TestOpenCommitsOnSuccess(t *testing.T) {
	f, db := newFakeDB(answer(readFixture(t, "testdata/open_store/create_vector.response.json")))
	opts := StoreOptions{MemoryStoreID: "MEM01", SchemaPolicy: CreateIfNecessary, SearchStrategy: Vector, VectorDim: Some(384)}

	s, err := Open(t.Context(), db, opts)
	require.NoError(t, err)

	assert.Equal(t, []string{"prepare open_store", "exec open_store", "autocommit"}, f.Events())
	calls := f.Calls()
	require.Len(t, calls, 1)
	want, err := json.Marshal(opts)
	require.NoError(t, err)
	assert.Equal(t, string(want), calls[0].Args["b_request"], "the request is the options' JSON, bound as a string")

	info := s.Info()
	assert.Equal(t, "MEM01", s.ID())
	assert.Equal(t, StatusReady, info.Status)
	assert.Equal(t, Vector, info.Config.SearchStrategy)
	assert.Equal(t, Some(384), info.Config.VectorDim)
	assert.Len(t, s.Actions(), 9)
	require.Len(t, s.Warnings(), 1, "warnings are never dropped")
	assert.Contains(t, s.Warnings()[0], "CREATE JOB")

	// The accessors hand out copies: callers cannot change the Store.
	s.Warnings()[0] = "changed"
	assert.Contains(t, s.Warnings()[0], "CREATE JOB")
}

func TestOpenMapsPackageErrorAndRollsBack(t *testing.T) {
	f, db := newFakeDB(func(fakeCall) (string, error) {
		return "", fakeOraErr{20105, "INCOMPATIBLE_STORE: vector_dim 768 differs from the store's 384; open with 384 or RECREATE\n" +
			`ORA-06512: at "APP.AGENTMEM_STORE", line 120`}
	})
	_, err := Open(t.Context(), db, StoreOptions{MemoryStoreID: "MEM01", VectorDim: Some(768)})
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrIncompatibleStore), "got %v", err)
	var e *Error
	require.True(t, errors.As(err, &e))
	assert.Equal(t, "Open", e.Op)
	assert.Equal(t, "INCOMPATIBLE_STORE: vector_dim 768 differs from the store's 384; open with 384 or RECREATE", e.Message,
		"the PL/SQL error stack is cut off")
	assert.Equal(t, []string{"prepare open_store", "exec open_store"}, f.Events())
}

func TestCallerTransactionIsNotCommitted(t *testing.T) {
	f, db := newFakeDB(answer(readFixture(t, "testdata/open_store/require_existing_default.response.json")))
	tx, err := db.BeginTx(t.Context(), nil)
	require.NoError(t, err)

	s, err := Open(t.Context(), tx, StoreOptions{})
	require.NoError(t, err)
	assert.Equal(t, "", s.ID(), "the default store has no id")
	require.NoError(t, DropStore(t.Context(), tx, ""))
	assert.Equal(t, []string{"begin", "prepare open_store", "exec open_store", "prepare drop_store", "exec drop_store"}, f.Events(),
		"inside the caller's transaction: no commit, no rollback")

	require.NoError(t, tx.Rollback())
	assert.Equal(t, "rollback", f.Events()[len(f.Events())-1])
}

func TestConnCallCommitsWithItsRoundTrip(t *testing.T) {
	f, db := newFakeDB(answer(""))
	conn, err := db.Conn(t.Context())
	require.NoError(t, err)
	defer conn.Close()

	require.NoError(t, DropStore(t.Context(), conn, "mem01"))
	assert.Equal(t, []string{"prepare drop_store", "exec drop_store", "autocommit"}, f.Events())
	assert.Equal(t, "mem01", f.Calls()[0].Args["b_store_id"], "the package upper-cases ids itself")
}

func TestFakeRefusesNestedTransactions(t *testing.T) {
	// The fake refuses what a real session refuses: a second transaction.
	_, db := newFakeDB(answer(""))
	conn, err := db.Conn(t.Context())
	require.NoError(t, err)
	defer conn.Close()
	tx, err := conn.BeginTx(t.Context(), nil)
	require.NoError(t, err)
	defer tx.Rollback()
	_, err = conn.BeginTx(t.Context(), nil)
	assert.Error(t, err)
}

func TestStoreSerializesSessionCalls(t *testing.T) {
	describe := readFixture(t, "testdata/describe_store/broken.response.json")
	open := readFixture(t, "testdata/open_store/create_vector.response.json")
	_, db := newFakeDB(func(c fakeCall) (string, error) {
		if c.Fn == "open_store" {
			return open, nil
		}
		return describe, nil
	})
	conn, err := db.Conn(t.Context())
	require.NoError(t, err)
	defer conn.Close()
	s, err := Open(t.Context(), conn, StoreOptions{MemoryStoreID: "MEM01"})
	require.NoError(t, err)

	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 16 {
		wg.Go(func() {
			if _, err := s.Describe(t.Context()); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestDescribeStoreBindsAndDecodes(t *testing.T) {
	f, db := newFakeDB(answer(readFixture(t, "testdata/describe_store/broken.response.json")))
	d, err := DescribeStore(t.Context(), db, "MEM02", "APP_OWNER")
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"b_store_id": "MEM02", "b_schema_owner": "APP_OWNER"}, f.Calls()[0].Args)
	assert.Equal(t, StatusBroken, d.Store.Status)
	assert.Contains(t, d.Store.StatusDetail, "ORA-51962")
	require.Len(t, d.Objects, 9)
	assert.False(t, d.Objects[8].Present)
	assert.Equal(t, Some(int64(0)), d.RowCounts["THREAD"])
	assert.Contains(t, d.RepairHint, "CREATE_IF_NECESSARY")
}

func TestListStoresDecodes(t *testing.T) {
	f, db := newFakeDB(answer(readFixture(t, "testdata/list_stores/two.response.json")))
	stores, err := ListStores(t.Context(), db, "")
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"b_schema_owner": ""}, f.Calls()[0].Args)
	require.Len(t, stores, 2)
	assert.Equal(t, "", stores[0].MemoryStoreID, "the default store comes first")
	assert.True(t, stores[0].Config.VectorDim.IsNone())
	assert.Equal(t, "MEM01", stores[1].MemoryStoreID)
}

func TestUpgradeStoreDecodes(t *testing.T) {
	f, db := newFakeDB(answer(`{"store":{"memory_store_id":"MEM01","schema_version":2,"package_schema_version":2,"status":"READY"},` +
		`"actions":["added column MEM01_MEMORY.LANG"],"warnings":[]}`))
	res, err := UpgradeStore(t.Context(), db, "MEM01")
	require.NoError(t, err)
	assert.Equal(t, "upgrade_store", f.Calls()[0].Fn)
	assert.Equal(t, 2, res.Store.SchemaVersion)
	assert.Equal(t, []string{"added column MEM01_MEMORY.LANG"}, res.Actions)
}

func TestGrantAccessBinds(t *testing.T) {
	f, db := newFakeDB(answer(""))
	require.NoError(t, GrantAccess(t.Context(), db, "MEM01", "APP_USER", GrantOptions{CreateSynonyms: true}))
	require.NoError(t, GrantAccess(t.Context(), db, "MEM01", "APP_USER", GrantOptions{Access: ReadOnly}))
	require.NoError(t, RevokeAccess(t.Context(), db, "MEM01", "APP_USER"))
	calls := f.Calls()
	require.Len(t, calls, 3)
	assert.NotContains(t, calls[0].SQL, "p_access", "an empty Access leaves the package default")
	assert.Equal(t, map[string]any{"b_store_id": "MEM01", "b_grantee": "APP_USER", "b_create_synonyms": true}, calls[0].Args)
	assert.Equal(t, "READ_ONLY", calls[1].Args["b_access"])
	assert.Equal(t, false, calls[1].Args["b_create_synonyms"])
	assert.Equal(t, "revoke_access", calls[2].Fn)
}

// The client judges no argument: every call reaches the package, whose
// error comes back as its sentinel.
func TestStoreCallsLeaveTheRulesToThePackage(t *testing.T) {
	f, db := newFakeDB(func(fakeCall) (string, error) {
		return "", fakeOraErr{20100, "INVALID_ARGUMENT: memory_store_id '1X' must start with a letter\nORA-06512: at line 1"}
	})
	ctx := t.Context()
	cases := map[string]error{
		"Open":                 func() error { _, err := Open(ctx, db, StoreOptions{MemoryStoreID: "1X"}); return err }(),
		"DescribeStore id":     func() error { _, err := DescribeStore(ctx, db, "1X", ""); return err }(),
		"ListStores owner":     func() error { _, err := ListStores(ctx, db, `"x"`); return err }(),
		"UpgradeStore id":      func() error { _, err := UpgradeStore(ctx, db, "A-B"); return err }(),
		"DropStore id":         DropStore(ctx, db, "_X"),
		"GrantAccess access":   GrantAccess(ctx, db, "MEM01", "APP_USER", GrantOptions{Access: "WRITE"}),
		"RevokeAccess grantee": RevokeAccess(ctx, db, "MEM01", "x y"),
	}
	for name, err := range cases {
		assert.True(t, errors.Is(err, ErrInvalidArgument), "%s: got %v", name, err)
	}
	assert.Len(t, f.Calls(), len(cases), "every call reached the package")
}

func TestNullAndMalformedResponses(t *testing.T) {
	_, db := newFakeDB(answer(""))
	_, err := ListStores(t.Context(), db, "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "NULL response")

	f, db := newFakeDB(answer(`{"stores": [`))
	_, err = ListStores(t.Context(), db, "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ListStores: malformed response")
	assert.Equal(t, "autocommit", f.Events()[len(f.Events())-1])
}

func TestMissingInstantClient(t *testing.T) {
	if seamByName(DriverGodror) == nil {
		t.Skip("godror is not compiled in (a build without cgo): DPI-1047 is godror's error")
	}
	f, db := newFakeDB(answer("{}"))
	f.connErr = errors.New(`ORA-00000: DPI-1047: Cannot locate a 64-bit Oracle Client library: "libclntsh.so: cannot open shared object file: No such file or directory"`)
	_, err := ListStores(t.Context(), db, "")
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrOracleClientMissing), "got %v", err)
	assert.Contains(t, err.Error(), "libclntsh.so", "the driver's own message is kept")
}
