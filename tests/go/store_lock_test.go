package integration

// Live tests of the store DDL lock (issue 9, item 12): two sessions opening
// one new store with CREATE_IF_NECESSARY at once are serialized, and the
// lock is released when a lifecycle call fails. Each session is its own
// *sql.Conn, so the two calls really run in two database sessions.

import (
	"context"
	"database/sql"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/tests/go/livedb"
)

// openStoreRaw calls dbms_agent_memory_store.open_store on conn and returns
// the response's actions.
func openStoreRaw(ctx context.Context, conn *sql.Conn, request string) ([]string, error) {
	var res string
	_, err := conn.ExecContext(ctx, `begin :b_res := dbms_agent_memory_store.open_store(p_request => :b_request); end;`,
		sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_request", request))
	if err != nil {
		return nil, err
	}
	var resp struct {
		Actions []string `json:"actions"`
	}
	if err := json.Unmarshal([]byte(res), &resp); err != nil {
		return nil, err
	}
	return resp.Actions, nil
}

func twoSessions(t *testing.T, ctx context.Context, db *sql.DB) (*sql.Conn, *sql.Conn) {
	t.Helper()
	a, err := db.Conn(ctx)
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Close() })
	b, err := db.Conn(ctx)
	require.NoError(t, err)
	t.Cleanup(func() { _ = b.Close() })
	return a, b
}

func TestConcurrentCreatingOpensSerializedLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	a, b := twoSessions(t, ctx, db)
	request := `{"memory_store_id": "` + id + `", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": 3}`

	var wg sync.WaitGroup
	actions := make([][]string, 2)
	errs := make([]error, 2)
	for i, conn := range []*sql.Conn{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			actions[i], errs[i] = openStoreRaw(ctx, conn, request)
		}()
	}
	wg.Wait()
	require.NoError(t, errs[0], "session 1")
	require.NoError(t, errs[1], "session 2")
	// One session created the store; the other waited for the lock, then
	// found it complete and changed nothing.
	created := 0
	for _, a := range actions {
		if len(a) > 0 {
			created++
		}
	}
	assert.Equal(t, 1, created, "exactly one session ran the DDL: %v", actions)

	var status string
	require.NoError(t, db.QueryRowContext(ctx, `select status from agentmem_store_registry where store_key = :1`, id).Scan(&status))
	assert.Equal(t, "READY", status)
}

func TestStoreLockReleasedAfterFailureLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	a, b := twoSessions(t, ctx, db)

	// Fails after the lock is taken (the configuration is checked under it).
	_, err := openStoreRaw(ctx, a, `{"memory_store_id": "`+id+`", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": null}`)
	require.Error(t, err)

	// Session a is still open: had it kept the lock, b would wait for the
	// 900-second lock timeout instead of creating the store at once.
	quick, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	_, err = openStoreRaw(quick, b, `{"memory_store_id": "`+id+`", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": 3}`)
	require.NoError(t, err, "the failed call released the store DDL lock")
}
