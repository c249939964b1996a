package integration

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"testing"
	"testing/fstest"
	"time"

	"github.com/golang-migrate/migrate/v4/database"
	dt "github.com/golang-migrate/migrate/v4/database/testing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/internal/oramigrate"
	sqlfiles "github.com/agentmem/agentmem/sql"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// Live tests of internal/oramigrate against ORACLE_DSN. The round trip
// reverts every migration of the schema, so it refuses a schema where
// memory stores are registered; the other tests use AMTEST_* objects of
// their own and drop them.

const migrateTestTimeout = 10 * time.Minute

func migrateCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), migrateTestTimeout)
	t.Cleanup(cancel)
	return ctx
}

// userTableExists reports whether the session user owns table name.
func userTableExists(ctx context.Context, t *testing.T, db *sql.DB, name string) bool {
	t.Helper()
	var n int
	require.NoError(t, db.QueryRowContext(ctx, `select count(*) from user_tables where table_name = :1`, name).Scan(&n))
	return n > 0
}

// dropTestTable drops one of the tests' own AMTEST_* tables if it exists.
func dropTestTable(t *testing.T, db *sql.DB, name string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := db.ExecContext(ctx, `drop table `+name+` purge`)
	if oe, ok := livedb.AsOraErr(err); err != nil && !(ok && oe.Code() == 942) {
		t.Errorf("dropping test table %s: %v", name, err)
	}
}

func countState(st oramigrate.Status, state string) int {
	n := 0
	for _, m := range st.Migrations {
		if m.State == state {
			n++
		}
	}
	return n
}

func TestMigrateRoundTrip(t *testing.T) {
	db := livedb.Open(t)
	ctx := migrateCtx(t)
	m, err := oramigrate.New(db, oramigrate.Options{Log: func(s string) { t.Log(s) }})
	require.NoError(t, err)
	defer m.Close()

	st, err := m.Status(ctx)
	require.NoError(t, err)
	require.False(t, st.Dirty, "the ORACLE_DSN schema is dirty: %v", st.DirtyError())
	require.NotEmpty(t, st.Migrations)
	latest := int(st.Migrations[len(st.Migrations)-1].Version)

	if applied := countState(st, "applied"); applied > 0 {
		var stores int
		require.NoError(t, db.QueryRowContext(ctx, `select count(*) from agentmem_store`).Scan(&stores))
		require.Zero(t, stores, "schema %s has memory stores registered; this test reverts every migration and "+
			"needs a schema without stores (drop them, or point ORACLE_DSN at a test schema)", st.Schema)
		require.NoError(t, m.Down(ctx, applied), "reverting to an empty schema")
	}
	st, err = m.Status(ctx)
	require.NoError(t, err)
	require.Equal(t, database.NilVersion, st.Version)
	assert.False(t, userTableExists(ctx, t, db, "AGENTMEM_STORE"), "000001's down drops the registry")

	require.NoError(t, m.Up(ctx), "up from empty")
	st, err = m.Status(ctx)
	require.NoError(t, err)
	assert.Equal(t, latest, st.Version)
	assert.False(t, st.Dirty)
	assert.Equal(t, len(st.Migrations), countState(st, "applied"))
	assert.True(t, userTableExists(ctx, t, db, "AGENTMEM_STORE"))

	require.NoError(t, m.Down(ctx, 1))
	st, err = m.Status(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, countState(st, "pending"))
	require.NoError(t, m.Up(ctx), "up again after down")
	st, err = m.Status(ctx)
	require.NoError(t, err)
	assert.Equal(t, latest, st.Version)

	for i := 0; i < 2; i++ { // repeatable: the second install replaces the first
		require.NoError(t, oramigrate.InstallPackages(ctx, db, func(s string) { t.Log(s) }), "install %d", i+1)
	}
	states, err := oramigrate.PackageStates(ctx, db)
	require.NoError(t, err)
	for _, s := range states {
		assert.Equal(t, "VALID", s.Status, "%s %s: %s", s.Type, s.Name, oramigrate.FormatCompileErrors(s.Errors))
	}

	want, err := oramigrate.PackageVersion(sqlfiles.FS)
	require.NoError(t, err)
	var got string
	require.NoError(t, db.QueryRowContext(ctx, `select dbms_agent_memory_store.version from dual`).Scan(&got))
	assert.Equal(t, want, got, "the installed package reports the co_version of the embedded spec")
}

func TestMigrateFailureLeavesDirtyAndForceRecovers(t *testing.T) {
	db := livedb.Open(t)
	ctx := migrateCtx(t)
	const table = "AMTEST_MIGRATIONS"
	for _, name := range []string{table, "AMTEST_ONE", "AMTEST_TWO"} {
		dropTestTable(t, db, name)
		t.Cleanup(func() { dropTestTable(t, db, name) })
	}
	fsys := fstest.MapFS{
		"m/000001_one.up.sql":   {Data: []byte("create table amtest_one (id number(9) constraint amtest_one_pk primary key);\n")},
		"m/000001_one.down.sql": {Data: []byte("drop table amtest_one purge;\n")},
		// The second statement fails after the first one has committed.
		"m/000002_two.up.sql":   {Data: []byte("create table amtest_two (id number(9));\ninsert into amtest_missing values (1);\n")},
		"m/000002_two.down.sql": {Data: []byte("drop table amtest_two purge;\n")},
	}
	m, err := oramigrate.New(db, oramigrate.Options{
		Config: oramigrate.Config{MigrationsTable: table}, FS: fsys, Dir: "m", Log: func(s string) { t.Log(s) }})
	require.NoError(t, err)
	defer m.Close()

	err = m.Up(ctx)
	require.Error(t, err)
	t.Log(err)
	var de *oramigrate.DirtyError
	require.True(t, errors.As(err, &de), "%v", err)
	assert.Equal(t, oramigrate.DirtyError{Version: 2, File: "000002_two.up.sql", Undo: 1}, *de)
	oe, ok := livedb.AsOraErr(err)
	require.True(t, ok, "the Oracle error stays reachable: %v", err)
	assert.Equal(t, 942, oe.Code())

	st, err := m.Status(ctx)
	require.NoError(t, err)
	assert.True(t, st.Dirty)
	assert.Equal(t, 2, st.Version)
	assert.True(t, userTableExists(ctx, t, db, "AMTEST_TWO"), "DDL before the failure stayed applied")
	require.ErrorAs(t, m.Up(ctx), &de, "nothing runs while dirty")

	// Fix by hand (undo the partial migration), then force the version the
	// schema is really at.
	_, err = db.ExecContext(ctx, `drop table amtest_two purge`)
	require.NoError(t, err)
	require.NoError(t, m.Force(ctx, 1))
	st, err = m.Status(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, st.Version)
	assert.False(t, st.Dirty)

	require.NoError(t, m.Down(ctx, 1))
	assert.False(t, userTableExists(ctx, t, db, "AMTEST_ONE"))
}

func TestMigrationLockIsExclusive(t *testing.T) {
	db := livedb.Open(t)
	const table = "AMTEST_LOCK_MIGRATIONS"
	dropTestTable(t, db, table)
	t.Cleanup(func() { dropTestTable(t, db, table) })
	cfg := &oramigrate.Config{MigrationsTable: table, LockTimeout: 2 * time.Second}

	holder, err := oramigrate.WithInstance(db, cfg)
	require.NoError(t, err)
	defer holder.Close()
	require.NoError(t, holder.Lock())

	start := time.Now()
	_, err = oramigrate.WithInstance(db, cfg) // creating the table takes the lock in another session
	require.ErrorIs(t, err, database.ErrLocked)
	assert.ErrorContains(t, err, "another agentmem migration holds the migration lock")
	assert.GreaterOrEqual(t, time.Since(start), 2*time.Second, "DBMS_LOCK.REQUEST waited for the timeout")

	require.NoError(t, holder.Unlock())
	other, err := oramigrate.WithInstance(db, cfg)
	require.NoError(t, err, "the lock is free once released")
	require.NoError(t, other.Close())
}

// golang-migrate's own driver conformance checks, except Drop, which this
// driver refuses by design.
func TestMigrateDriverConformance(t *testing.T) {
	db := livedb.Open(t)
	const table = "AMTEST_DRIVER_MIGRATIONS"
	dropTestTable(t, db, table)
	t.Cleanup(func() { dropTestTable(t, db, table) })
	d, err := oramigrate.WithInstance(db, &oramigrate.Config{MigrationsTable: table})
	require.NoError(t, err)
	defer d.Close()

	dt.TestNilVersion(t, d)
	dt.TestLockAndUnlock(t, d)
	dt.TestRun(t, d, bytes.NewReader([]byte("begin\n  null;\nend;\n/\n")))
	dt.TestSetVersion(t, d)
	assert.ErrorIs(t, d.Drop(), oramigrate.ErrDropRefused)
}
