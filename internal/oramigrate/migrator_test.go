package oramigrate

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/golang-migrate/migrate/v4/database"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var threeMigrations = fstest.MapFS{
	"m/000001_first.up.sql":    {Data: []byte("create table one (id number);\n")},
	"m/000001_first.down.sql":  {Data: []byte("drop table one purge;\n")},
	"m/000002_second.up.sql":   {Data: []byte("create table two (id number);\ncreate index two_idx on two (id);\n")},
	"m/000002_second.down.sql": {Data: []byte("drop table two purge;\n")},
	"m/000003_third.up.sql":    {Data: []byte("-- nothing to do yet\n")},
	"m/000003_third.down.sql":  {Data: []byte("-- nothing to undo\n")},
	"m/README.md":              {Data: []byte("not a migration")},
}

type lines struct{ got []string }

func (l *lines) add(s string) { l.got = append(l.got, s) }

// normalized replaces durations so lines can be compared.
func (l *lines) normalized() []string {
	re := regexp.MustCompile(`\(\d+\.\ds\)`)
	out := make([]string, len(l.got))
	for i, s := range l.got {
		out[i] = re.ReplaceAllString(s, "(T)")
	}
	return out
}

func newFakeMigrator(t *testing.T, f *fakeDB, fsys fstest.MapFS) (*Migrator, *lines) {
	t.Helper()
	log := &lines{}
	m, err := New(f.open(t), Options{FS: fsys, Dir: "m", Log: log.add})
	require.NoError(t, err)
	t.Cleanup(func() { m.Close() })
	return m, log
}

func TestMigratorUpDownStatus(t *testing.T) {
	f := &fakeDB{}
	m, log := newFakeMigrator(t, f, threeMigrations)
	ctx := context.Background()

	st, err := m.Status(ctx)
	require.NoError(t, err)
	assert.Equal(t, database.NilVersion, st.Version)
	assert.Equal(t, "AGENTMEM_SCHEMA_MIGRATIONS", st.Table)
	require.Len(t, st.Migrations, 3)
	assert.Equal(t, MigrationState{Version: 1, Name: "first", File: "000001_first.up.sql", State: "pending"}, st.Migrations[0])

	require.NoError(t, m.Up(ctx))
	assert.Equal(t, []string{
		"applying 000001_first.up.sql ... ok (T)",
		"applying 000002_second.up.sql ... ok (T)",
		"applying 000003_third.up.sql ... ok (T)",
	}, log.normalized())
	assert.Equal(t, []string{
		"create table one (id number)",
		"create table two (id number)",
		"create index two_idx on two (id)",
	}, f.executed(), "a comment-only migration runs nothing")

	st, err = m.Status(ctx)
	require.NoError(t, err)
	assert.Equal(t, 3, st.Version)
	assert.False(t, st.Dirty)
	assert.NoError(t, st.DirtyError())
	for _, ms := range st.Migrations {
		assert.Equal(t, "applied", ms.State)
	}

	log.got = nil
	require.NoError(t, m.Up(ctx))
	assert.Equal(t, []string{"no migration to apply: the database is up to date"}, log.got)

	log.got = nil
	require.NoError(t, m.Down(ctx, 2))
	assert.Equal(t, []string{
		"reverting 000003_third.down.sql ... ok (T)",
		"reverting 000002_second.down.sql ... ok (T)",
	}, log.normalized())
	st, err = m.Status(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, st.Version)
	assert.Equal(t, []string{"applied", "pending", "pending"},
		[]string{st.Migrations[0].State, st.Migrations[1].State, st.Migrations[2].State})

	err = m.Down(ctx, 2)
	assert.ErrorContains(t, err, "cannot revert 2 migration(s): only 1 are applied (version 1)")
	assert.ErrorContains(t, m.Down(ctx, 0), "at least 1")
}

func TestMigratorFailureLeavesDirtyAndForceRecovers(t *testing.T) {
	f := &fakeDB{failOn: map[string]error{"two_idx": &fakeOraErr{code: 1408, msg: "such column list already indexed"}}}
	m, log := newFakeMigrator(t, f, threeMigrations)
	ctx := context.Background()

	err := m.Up(ctx)
	require.Error(t, err)
	assert.Equal(t, []string{
		"applying 000001_first.up.sql ... ok (T)",
		"applying 000002_second.up.sql ... FAILED (T)",
	}, log.normalized())
	msg := err.Error()
	assert.Contains(t, msg, "000002_second.up.sql: statement failed in line 2: create index two_idx on two (id)")
	assert.Contains(t, msg, "ORA-01408")
	assert.Contains(t, msg, "the database is dirty at version 2: migration 000002_second.up.sql failed part-way")
	assert.Contains(t, msg, "`agentmem migrate force 2`")
	assert.Contains(t, msg, "`agentmem migrate force 1`")
	var de *DirtyError
	require.True(t, errors.As(err, &de))
	assert.Equal(t, DirtyError{Version: 2, File: "000002_second.up.sql", Undo: 1}, *de)

	st, err := m.Status(ctx)
	require.NoError(t, err)
	assert.True(t, st.Dirty)
	assert.Equal(t, "dirty", st.Migrations[1].State)
	assert.ErrorContains(t, st.DirtyError(), "agentmem migrate force 2")

	// Every operation refuses to run while dirty.
	err = m.Up(ctx)
	require.True(t, errors.As(err, &de), "%v", err)
	assert.Equal(t, 2, de.Version)
	assert.ErrorContains(t, m.Down(ctx, 1), "dirty at version 2")

	// The index was "fixed by hand": force 2 clears the flag, up applies the rest.
	assert.ErrorContains(t, m.Force(ctx, 7), "cannot force version 7: it is not an available migration (available: 1, 2, 3")
	log.got = nil
	require.NoError(t, m.Force(ctx, 2))
	assert.Equal(t, []string{"forced version 2 (clean); nothing was run"}, log.got)
	delete(f.failOn, "two_idx")
	log.got = nil
	require.NoError(t, m.Up(ctx))
	assert.Equal(t, []string{"applying 000003_third.up.sql ... ok (T)"}, log.normalized())
}

func TestMigratorFailedDownNamesTheDownFile(t *testing.T) {
	f := &fakeDB{}
	m, _ := newFakeMigrator(t, f, threeMigrations)
	ctx := context.Background()
	require.NoError(t, m.Up(ctx))
	f.failOn = map[string]error{"drop table two": &fakeOraErr{code: 942, msg: "table or view does not exist"}}
	require.NoError(t, m.Down(ctx, 1)) // 3 -> 2: comment only
	err := m.Down(ctx, 1)
	var de *DirtyError
	require.True(t, errors.As(err, &de), "%v", err)
	assert.Equal(t, DirtyError{Version: 1, File: "000002_second.down.sql", Undo: 2}, *de)
	assert.True(t, strings.HasPrefix(err.Error(), "000002_second.down.sql: "))
}

func TestMigratorStopsWhenContextEnds(t *testing.T) {
	m, _ := newFakeMigrator(t, &fakeDB{}, threeMigrations)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, m.Up(ctx), context.Canceled)
	st, err := m.Status(context.Background())
	require.NoError(t, err)
	assert.Equal(t, database.NilVersion, st.Version, "nothing ran")
}

func TestNewFailsWhenTheLockIsHeld(t *testing.T) {
	f := &fakeDB{requestRC: 1}
	_, err := New(f.open(t), Options{FS: threeMigrations, Dir: "m"})
	assert.ErrorIs(t, err, database.ErrLocked)
	_, err = New(f.open(t), Options{FS: threeMigrations, Dir: "nowhere"})
	assert.ErrorContains(t, err, `reading migrations directory "nowhere"`)
}

func TestReadStatusIsReadOnly(t *testing.T) {
	f := &fakeDB{}
	db := f.open(t)
	ctx := context.Background()
	st, found, err := ReadStatus(ctx, db, threeMigrations, "m", "")
	require.NoError(t, err)
	assert.False(t, found, "no version table yet")
	assert.False(t, f.tableExists, "ReadStatus creates nothing")
	assert.Equal(t, database.NilVersion, st.Version)
	assert.Equal(t, DefaultMigrationsTable, st.Table)
	assert.Len(t, st.Migrations, 3)

	f.tableExists, f.version = true, []int64{2, 1}
	st, found, err = ReadStatus(ctx, db, threeMigrations, "m", "agentmem_schema_migrations")
	require.NoError(t, err)
	assert.True(t, found)
	assert.True(t, st.Dirty)
	assert.ErrorContains(t, st.DirtyError(), "agentmem migrate force 2")

	_, _, err = ReadStatus(ctx, db, threeMigrations, "m", "bad name")
	assert.ErrorContains(t, err, "not a simple SQL name")
	_, _, err = ReadStatus(ctx, db, nil, "", "")
	require.NoError(t, err, "nil FS means the embedded migrations")
}
