package integration

// Live tests of the store calls of the Go client against the package
// (issue 4): every strategy, every schema policy, the errors, describe, list,
// upgrade, drop, grants. Each test creates stores with fresh ids
// (livedb.StoreID) and drops them when it ends.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/internal/dbconn"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// envGrantee names an existing database user, not the test schema, that
// TestStoreGrantAndRevoke may grant to; without it that test skips.
const envGrantee = "AGENTMEM_TEST_GRANTEE"

// envModel names the in-database embedding model of the HYBRID test; by
// default the first EMBEDDING model of USER_MINING_MODELS.
const envModel = "AGENTMEM_TEST_EMBEDDING_MODEL"

// storeTimeout bounds one test: DDL of a store takes seconds, a hybrid
// index build on an empty table a little more.
const storeTimeout = 5 * time.Minute

func storeContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), storeTimeout)
	t.Cleanup(cancel)
	return ctx
}

// dropAtEnd drops store id when the test ends; a store that is already gone
// is fine, any other failure is reported.
func dropAtEnd(t *testing.T, db *sql.DB, id string) {
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		if err := agentmemory.DropStore(ctx, db, id); err != nil && !errors.Is(err, agentmemory.ErrNotFound) {
			t.Errorf("cleanup: dropping store %s: %v", id, err)
		}
	})
}

// createVector creates a fresh VECTOR store of dimension dim.
func createVector(t *testing.T, ctx context.Context, db *sql.DB, dim int) *agentmemory.Store {
	t.Helper()
	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{
		MemoryStoreID: id, SchemaPolicy: agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Vector, VectorDim: agentmemory.Some(dim),
	})
	require.NoError(t, err, "creating VECTOR store %s", id)
	return s
}

// releaseOf reads the database release from PRODUCT_COMPONENT_VERSION.
func releaseOf(t *testing.T, ctx context.Context, db *sql.DB) dbconn.Release {
	t.Helper()
	var full string
	err := db.QueryRowContext(ctx, `select version_full from product_component_version
 where version_full is not null and product like '%Database%' fetch first 1 row only`).Scan(&full)
	require.NoError(t, err, "reading the release from PRODUCT_COMPONENT_VERSION")
	r, err := dbconn.ParseRelease(full)
	require.NoError(t, err)
	return r
}

// oracleTextUsable reports whether Oracle Text is installed (CTXSYS) and its
// CTX_DDL package visible to the test user, as KEYWORD and HYBRID need.
func oracleTextUsable(t *testing.T, ctx context.Context, db *sql.DB) (bool, string) {
	t.Helper()
	var users, ddl int
	require.NoError(t, db.QueryRowContext(ctx, `select count(*) from all_users where username = 'CTXSYS'`).Scan(&users))
	if users == 0 {
		return false, "Oracle Text is not installed (no CTXSYS user), e.g. a gvenzl *slim* image"
	}
	require.NoError(t, db.QueryRowContext(ctx, `select count(*) from all_objects
 where owner = 'CTXSYS' and object_name = 'CTX_DDL' and object_type = 'PACKAGE'`).Scan(&ddl))
	if ddl == 0 {
		return false, "CTXSYS.CTX_DDL is not visible to this user (grant CTXAPP)"
	}
	return true, ""
}

// embeddingModel returns the model for HYBRID: $AGENTMEM_TEST_EMBEDDING_MODEL,
// else the first EMBEDDING model the schema owns, else "".
func embeddingModel(t *testing.T, ctx context.Context, db *sql.DB) string {
	t.Helper()
	if m := strings.TrimSpace(os.Getenv(envModel)); m != "" {
		return m
	}
	var name string
	err := db.QueryRowContext(ctx, `select model_name from user_mining_models
 where mining_function = 'EMBEDDING' order by model_name fetch first 1 row only`).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return ""
	}
	require.NoError(t, err, "reading USER_MINING_MODELS")
	return name
}

func TestStoreCreateEachStrategy(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	schema := livedb.Schema(t, db)
	release := releaseOf(t, ctx, db)
	textOK, textWhy := oracleTextUsable(t, ctx, db)

	cases := []struct {
		strategy agentmemory.SearchStrategy
		opts     func(t *testing.T) agentmemory.StoreOptions
	}{
		{agentmemory.Vector, func(*testing.T) agentmemory.StoreOptions {
			return agentmemory.StoreOptions{VectorDim: agentmemory.Some(8)}
		}},
		{agentmemory.Keyword, func(t *testing.T) agentmemory.StoreOptions {
			if !textOK {
				t.Skip("SKIPPED: KEYWORD store: " + textWhy)
			}
			return agentmemory.StoreOptions{VectorDim: agentmemory.None[int](), SearchIndexSync: agentmemory.Manual}
		}},
		{agentmemory.Hybrid, func(t *testing.T) agentmemory.StoreOptions {
			if !release.AtLeast(dbconn.MinHybrid) {
				t.Skipf("SKIPPED: HYBRID store: needs Oracle AI Database %s or later, this is %s", dbconn.MinHybrid, release)
			}
			if !textOK {
				t.Skip("SKIPPED: HYBRID store: " + textWhy)
			}
			model := embeddingModel(t, ctx, db)
			if model == "" {
				t.Skipf("SKIPPED: HYBRID store: no EMBEDDING model in USER_MINING_MODELS; load one (all_MiniLM_L12_v2) or set %s", envModel)
			}
			return agentmemory.StoreOptions{VectorDim: agentmemory.None[int](), EmbeddingModel: agentmemory.Some(model)}
		}},
	}
	for _, c := range cases {
		t.Run(string(c.strategy), func(t *testing.T) {
			opts := c.opts(t)
			id := livedb.StoreID(t)
			dropAtEnd(t, db, id)
			opts.MemoryStoreID = strings.ToLower(id) // ids are case-insensitive
			opts.SchemaPolicy = agentmemory.CreateIfNecessary
			opts.SearchStrategy = c.strategy

			s, err := agentmemory.Open(ctx, db, opts)
			require.NoError(t, err)
			info := s.Info()
			assert.Equal(t, id, s.ID(), "stored upper case")
			assert.Equal(t, id+"_", info.TablePrefix)
			assert.Equal(t, schema, info.SchemaOwner)
			assert.Equal(t, agentmemory.StatusReady, info.Status)
			assert.Equal(t, c.strategy, info.Config.SearchStrategy)
			assert.Positive(t, info.PackageSchemaVersion)
			assert.Equal(t, info.PackageSchemaVersion, info.SchemaVersion)
			assert.NotEmpty(t, s.Actions(), "a new store reports the DDL it ran")
			for _, w := range s.Warnings() {
				t.Logf("warning from the package: %s", w)
			}

			// Reopened without a strategy, the stored one is detected.
			again, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: id})
			require.NoError(t, err)
			assert.Equal(t, c.strategy, again.Info().Config.SearchStrategy)
			assert.Empty(t, again.Actions(), "REQUIRE_EXISTING runs no DDL")
			assert.Equal(t, info.CreatedAt, again.Info().CreatedAt)

			d, err := again.Describe(ctx)
			require.NoError(t, err)
			require.NotEmpty(t, d.Objects)
			for _, o := range d.Objects {
				assert.True(t, o.Present, "object %s %s", o.Type, o.Name)
			}
			assert.Equal(t, agentmemory.Some(int64(0)), d.RowCounts["THREAD"], "a new store is empty")
			assert.Empty(t, d.RepairHint)
		})
	}
}

func TestStoreReopenWithEachPolicy(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 8)
	created := s.Info().CreatedAt

	for _, p := range []agentmemory.SchemaPolicy{agentmemory.RequireExisting, agentmemory.CreateIfEmpty, agentmemory.CreateIfNecessary} {
		t.Run(string(p), func(t *testing.T) {
			again, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: s.ID(), SchemaPolicy: p,
				SearchStrategy: agentmemory.Vector, VectorDim: agentmemory.Some(8)})
			require.NoError(t, err)
			assert.Empty(t, again.Actions(), "a complete, current store needs no DDL")
			assert.Equal(t, created, again.Info().CreatedAt, "the same store, not a new one")
		})
	}
	t.Run(string(agentmemory.NoCheck), func(t *testing.T) {
		// NO_CHECK is for runtime access under a Deep Data Security end-user
		// context, which godror cannot attach. Once the package enforces
		// that, the answer is END_USER_CONTEXT_REQUIRED; until then it opens
		// without checks. Either way it runs no DDL.
		again, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: s.ID(), SchemaPolicy: agentmemory.NoCheck})
		if errors.Is(err, agentmemory.ErrEndUserContextRequired) {
			return
		}
		require.NoError(t, err)
		assert.Empty(t, again.Actions())
	})
}

func TestStoreCreateIfEmptyCreates(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: id, SchemaPolicy: agentmemory.CreateIfEmpty,
		VectorDim: agentmemory.Some(8)})
	require.NoError(t, err)
	assert.NotEmpty(t, s.Actions())
	assert.Equal(t, agentmemory.Vector, s.Info().Config.SearchStrategy, "VECTOR is the default strategy of a new store")
}

func TestStoreMissing(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	id := livedb.StoreID(t) // never created

	_, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: id})
	require.True(t, errors.Is(err, agentmemory.ErrSchemaMissing), "REQUIRE_EXISTING on a missing store: got %v", err)
	assert.Contains(t, err.Error(), id)

	_, err = agentmemory.DescribeStore(ctx, db, id, "")
	assert.True(t, errors.Is(err, agentmemory.ErrNotFound), "describe: got %v", err)
	_, err = agentmemory.UpgradeStore(ctx, db, id)
	assert.True(t, errors.Is(err, agentmemory.ErrNotFound), "upgrade: got %v", err)
	err = agentmemory.DropStore(ctx, db, id)
	assert.True(t, errors.Is(err, agentmemory.ErrNotFound), "drop: got %v", err)
}

func TestStoreIncompatible(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 8)

	for _, p := range []agentmemory.SchemaPolicy{agentmemory.RequireExisting, agentmemory.CreateIfNecessary} {
		_, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: s.ID(), SchemaPolicy: p, VectorDim: agentmemory.Some(16)})
		require.True(t, errors.Is(err, agentmemory.ErrIncompatibleStore), "%s with another dimension: got %v", p, err)
		msg := appMessage(t, err)
		assert.Contains(t, msg, "8", "names the stored dimension")
		assert.Contains(t, msg, "16", "names the requested dimension")
	}
	_, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: s.ID(), SearchStrategy: agentmemory.Keyword})
	require.True(t, errors.Is(err, agentmemory.ErrIncompatibleStore), "another strategy: got %v", err)
	msg := appMessage(t, err)
	assert.Contains(t, msg, "VECTOR")
	assert.Contains(t, msg, "KEYWORD")

	// Nothing changed: the store still opens with its own settings.
	again, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: s.ID(), VectorDim: agentmemory.Some(8)})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.Some(8), again.Info().Config.VectorDim)
}

// appMessage returns the package's message of an *agentmemory.Error.
func appMessage(t *testing.T, err error) string {
	t.Helper()
	var e *agentmemory.Error
	require.True(t, errors.As(err, &e), "not an application error: %v", err)
	return e.Message
}

func TestStoreRecreate(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 8)

	r, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: s.ID(), SchemaPolicy: agentmemory.Recreate,
		VectorDim: agentmemory.Some(16)})
	require.NoError(t, err)
	assert.NotEmpty(t, r.Actions(), "RECREATE drops and creates")
	assert.Equal(t, agentmemory.Some(16), r.Info().Config.VectorDim, "the new settings apply")
	assert.False(t, r.Info().CreatedAt.Before(s.Info().CreatedAt))

	_, err = agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: s.ID(), VectorDim: agentmemory.Some(16)})
	assert.NoError(t, err)
}

// TestPackageRejectsBadRequests calls the package directly, bypassing the
// client's validation, to check the package's own INVALID_ARGUMENT errors.
func TestPackageRejectsBadRequests(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	// Requests with a creating policy name a fresh store, dropped at the end
	// in case the package wrongly accepted one.
	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	cases := []struct {
		name, request string
		want          []string
	}{
		{"id starting with a digit", `{"memory_store_id": "9BAD"}`, []string{"memory_store_id", "9BAD"}},
		{"id too long", `{"memory_store_id": "A2345678901234567"}`, []string{"memory_store_id", "A2345678901234567"}},
		{"id with a quote", `{"memory_store_id": "A'B"}`, []string{"memory_store_id"}},
		{"id and prefix", `{"memory_store_id": "A", "table_name_prefix": "A_"}`, []string{"memory_store_id", "table_name_prefix"}},
		{"prefix without underscore", `{"table_name_prefix": "MEM01"}`, []string{"table_name_prefix", "MEM01"}},
		{"unknown key", `{"memory_store_idx": "A"}`, []string{"memory_store_idx"}},
		{"unknown policy", `{"schema_policy": "SOMETIMES"}`, []string{"schema_policy", "SOMETIMES"}},
		{"AUTO with VECTOR", `{"memory_store_id": "` + id + `", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": 8, "search_index_sync": "AUTO"}`,
			[]string{"search_index_sync", "AUTO"}},
		{"dimension 0", `{"memory_store_id": "` + id + `", "schema_policy": "CREATE_IF_NECESSARY", "vector_dim": 0}`, []string{"vector_dim"}},
		{"default TTL above max", `{"memory_store_id": "` + id + `", "schema_policy": "CREATE_IF_NECESSARY", "vector_dim": 8,
			"memory_retention_config": {"default_ttl_days": 90, "max_ttl_days": 30}}`, []string{"default_ttl_days", "max_ttl_days"}},
		{"owner with a creating policy", `{"memory_store_id": "` + id + `", "schema_owner": "` + livedb.Schema(t, db) + `", "schema_policy": "CREATE_IF_NECESSARY"}`,
			[]string{"schema_owner"}},
		{"not an object", `[1, 2]`, []string{"p_request"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := db.ExecContext(ctx, `declare
  l_res clob;
begin
  l_res := dbms_agent_memory_store.open_store(p_request => :req);
end;`, sql.Named("req", c.request))
			requireAppError(t, err, 20100, c.want...)
		})
	}
	// The refused open_store fixtures, on a fresh store id (dropped at the
	// end in case the package wrongly accepts one).
	paths, err := filepath.Glob("testdata/contract/open_store/*.error.json")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		t.Run("fixture/"+filepath.Base(p), func(t *testing.T) {
			var want struct {
				Code            int      `json:"code"`
				MessageContains []string `json:"message_contains"`
			}
			raw, err := os.ReadFile(p)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(raw, &want))
			reqText, err := os.ReadFile(strings.TrimSuffix(p, ".error.json") + ".request.json")
			require.NoError(t, err)
			var req map[string]any
			require.NoError(t, json.Unmarshal(reqText, &req))
			if _, named := req["memory_store_id"]; named {
				req["memory_store_id"] = id
			}
			body, err := json.Marshal(req)
			require.NoError(t, err)
			_, err = db.ExecContext(ctx, `declare
  l_res clob;
begin
  l_res := dbms_agent_memory_store.open_store(p_request => :req);
end;`, sql.Named("req", string(body)))
			requireAppError(t, err, -want.Code, want.MessageContains...)
		})
	}
	t.Run("describe_store id", func(t *testing.T) {
		_, err := db.ExecContext(ctx, `declare
  l_res clob;
begin
  l_res := dbms_agent_memory_store.describe_store(p_store_id => :id);
end;`, sql.Named("id", "1X"))
		requireAppError(t, err, 20100, "1X")
	})
}

// oraCoder is the part of a driver error these tests read, without naming
// the driver's type.
type oraCoder interface {
	Code() int
	Message() string
}

// requireAppError checks that err is ORA-<code> raised by the package, with
// a message that starts with the class name and contains each of want.
func requireAppError(t *testing.T, err error, code int, want ...string) {
	t.Helper()
	require.Error(t, err)
	var oe oraCoder
	require.True(t, errors.As(err, &oe), "not an ORA error: %v", err)
	require.Equal(t, code, oe.Code(), "%v", err)
	msg := strings.SplitN(oe.Message(), "\n", 2)[0]
	assert.True(t, strings.HasPrefix(msg, "INVALID_ARGUMENT: "), msg)
	for _, w := range want {
		assert.Contains(t, msg, w)
	}
}

func TestStoreListDescribeUpgradeDrop(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	a := createVector(t, ctx, db, 8)
	b := createVector(t, ctx, db, 8)

	stores, err := agentmemory.ListStores(ctx, db, "")
	require.NoError(t, err)
	var ids []string
	for i, s := range stores {
		ids = append(ids, s.MemoryStoreID)
		if i > 0 {
			assert.Less(t, stores[i-1].MemoryStoreID, s.MemoryStoreID, "ordered by id, the default store first")
		}
	}
	assert.Contains(t, ids, a.ID())
	assert.Contains(t, ids, b.ID())

	schema := livedb.Schema(t, db)
	d, err := agentmemory.DescribeStore(ctx, db, strings.ToLower(a.ID()), strings.ToLower(schema))
	require.NoError(t, err, "ids and owners are case-insensitive")
	assert.Equal(t, a.ID(), d.Store.MemoryStoreID)

	up, err := agentmemory.UpgradeStore(ctx, db, a.ID())
	require.NoError(t, err)
	assert.Empty(t, up.Actions, "a current store needs no upgrade")
	assert.Equal(t, up.Store.PackageSchemaVersion, up.Store.SchemaVersion)

	require.NoError(t, agentmemory.DropStore(ctx, db, a.ID()))
	_, err = a.Describe(ctx)
	assert.True(t, errors.Is(err, agentmemory.ErrNotFound), "describe after drop: got %v", err)
	assert.True(t, errors.Is(agentmemory.DropStore(ctx, db, a.ID()), agentmemory.ErrNotFound), "drop twice")
	_, err = agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: a.ID()})
	assert.True(t, errors.Is(err, agentmemory.ErrSchemaMissing), "open after drop: got %v", err)

	stores, err = agentmemory.ListStores(ctx, db, "")
	require.NoError(t, err)
	for _, s := range stores {
		assert.NotEqual(t, a.ID(), s.MemoryStoreID, "dropped stores are not listed")
	}
}

func TestStoreHandles(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 8)

	t.Run("caller's transaction", func(t *testing.T) {
		tx, err := db.BeginTx(ctx, nil)
		require.NoError(t, err)
		defer tx.Rollback()
		st, err := agentmemory.Open(ctx, tx, agentmemory.StoreOptions{MemoryStoreID: s.ID()})
		require.NoError(t, err)
		_, err = st.Describe(ctx)
		require.NoError(t, err)
		require.NoError(t, tx.Rollback())
	})
	t.Run("one session", func(t *testing.T) {
		conn, err := db.Conn(ctx)
		require.NoError(t, err)
		defer conn.Close()
		st, err := agentmemory.Open(ctx, conn, agentmemory.StoreOptions{MemoryStoreID: s.ID()})
		require.NoError(t, err)
		describeConcurrently(t, ctx, st)
	})
	t.Run("pool", func(t *testing.T) {
		describeConcurrently(t, ctx, s)
	})
}

func describeConcurrently(t *testing.T, ctx context.Context, s *agentmemory.Store) {
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			if _, err := s.Describe(ctx); err != nil {
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

func TestStoreGrantAndRevoke(t *testing.T) {
	grantee := strings.ToUpper(strings.TrimSpace(os.Getenv(envGrantee)))
	db := livedb.Open(t)
	if grantee == "" {
		t.Skipf("SKIPPED: grant/revoke: set %s to an existing user other than the test schema", envGrantee)
	}
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 8)
	table := s.ID() + "_THREAD"
	privileges := func() []string {
		rows, err := db.QueryContext(ctx, `select privilege from user_tab_privs_made
 where grantee = :1 and table_name = :2 order by privilege`, grantee, table)
		require.NoError(t, err)
		defer rows.Close()
		var out []string
		for rows.Next() {
			var p string
			require.NoError(t, rows.Scan(&p))
			out = append(out, p)
		}
		require.NoError(t, rows.Err())
		return out
	}

	require.NoError(t, agentmemory.GrantAccess(ctx, db, s.ID(), grantee, agentmemory.GrantOptions{Access: agentmemory.ReadOnly}))
	assert.Equal(t, []string{"SELECT"}, privileges())
	require.NoError(t, agentmemory.GrantAccess(ctx, db, s.ID(), grantee))
	assert.Equal(t, []string{"DELETE", "INSERT", "SELECT", "UPDATE"}, privileges(), "READ_WRITE is the default")
	require.NoError(t, agentmemory.RevokeAccess(ctx, db, s.ID(), grantee))
	assert.Empty(t, privileges())

	err := agentmemory.GrantAccess(ctx, db, s.ID(), livedb.Schema(t, db), agentmemory.GrantOptions{Access: agentmemory.ReadWrite})
	assert.True(t, errors.Is(err, agentmemory.ErrInvalidArgument), "granting to the owner: got %v", err)
}
