package oramigrate

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/golang-migrate/migrate/v4/database"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCompileErrorFormat(t *testing.T) {
	errs := []CompileError{
		{Type: "PACKAGE BODY", Name: "AGENTMEM_UTIL", Line: 12, Col: 5, Text: "PLS-00201: identifier 'X' must be declared"},
		{Type: "PACKAGE", Name: "P", Line: 1, Col: 9, Text: "PLS-00103: Encountered the symbol \"END\" when expecting\n   one of the following:"},
	}
	assert.Equal(t, "PACKAGE BODY AGENTMEM_UTIL:12:5: PLS-00201: identifier 'X' must be declared\n"+
		"PACKAGE P:1:9: PLS-00103: Encountered the symbol \"END\" when expecting one of the following:",
		FormatCompileErrors(errs))
	assert.Equal(t, "", FormatCompileErrors(nil))
	assert.Equal(t, "PACKAGE P is INVALID and ALL_ERRORS lists no error for it; recompile it to see why",
		(&CompileFailure{Type: "PACKAGE", Name: "P"}).Error())
}

func TestLockResultMapping(t *testing.T) {
	assert.NoError(t, requestResult(0, 7, time.Second))
	assert.NoError(t, requestResult(4, 7, time.Second), "already owning the lock is fine")
	err := requestResult(1, 7, 15*time.Second)
	assert.ErrorIs(t, err, database.ErrLocked)
	assert.ErrorContains(t, err, "DBMS_LOCK user lock 7")
	assert.ErrorContains(t, err, "within 15s")
	for rc, want := range map[int64]string{2: "deadlock", 3: "parameter error", 5: "illegal lock handle", 9: "undocumented"} {
		err := requestResult(rc, 7, time.Second)
		assert.ErrorContains(t, err, want)
		assert.False(t, errors.Is(err, database.ErrLocked))
	}

	assert.NoError(t, releaseResult(0, 7))
	for rc, want := range map[int64]string{3: "parameter error", 4: "did not hold", 5: "illegal lock handle", 8: "undocumented"} {
		assert.ErrorContains(t, releaseResult(rc, 7), want)
	}
}

func TestLockWaitSeconds(t *testing.T) {
	assert.Equal(t, int64(1), lockWaitSeconds(0))
	assert.Equal(t, int64(1), lockWaitSeconds(200*time.Millisecond))
	assert.Equal(t, int64(2), lockWaitSeconds(1500*time.Millisecond))
	assert.Equal(t, int64(15), lockWaitSeconds(15*time.Second))
	assert.Equal(t, int64(maxLockWait), lockWaitSeconds(100*time.Hour))
}

func TestLockID(t *testing.T) {
	a, err := lockID("FREEPDB1", "APP", DefaultMigrationsTable)
	require.NoError(t, err)
	again, err := lockID("FREEPDB1", "APP", DefaultMigrationsTable)
	require.NoError(t, err)
	other, err := lockID("FREEPDB1", "OTHER", DefaultMigrationsTable)
	require.NoError(t, err)
	assert.Equal(t, a, again)
	assert.NotEqual(t, a, other, "each schema has its own lock")
	for _, id := range []int64{a, other} {
		assert.GreaterOrEqual(t, id, int64(805306368), "the migration lock's range starts above the job locks' (2^29+2^28)")
		assert.Less(t, id, int64(1073741824), "user lock ids are 0..1073741823")
	}
}

func TestSimpleSQLName(t *testing.T) {
	n, err := simpleSQLName("t", "agentmem_Schema_migrations")
	require.NoError(t, err)
	assert.Equal(t, "AGENTMEM_SCHEMA_MIGRATIONS", n)
	for _, bad := range []string{"", "1abc", "a b", `"quoted"`, "a;drop", "x.y", strings.Repeat("a", 129)} {
		_, err := simpleSQLName("table", bad)
		assert.ErrorContains(t, err, "is not a simple SQL name", "%q", bad)
	}
}

func TestExcerpt(t *testing.T) {
	assert.Equal(t, "create table t (", excerpt("  create table t (  "))
	assert.Equal(t, "create table t ( ...", excerpt("create table t (\n id number)"))
	long := fmt.Sprintf("select '%s' from dual", string(make([]rune, 120)))
	assert.Equal(t, 104, len([]rune(excerpt(long))))
}

func TestListMigrationsAndStatus(t *testing.T) {
	files, err := listMigrations(fstest.MapFS{
		"m/000010_later.up.sql":   {},
		"m/000002_early.up.sql":   {},
		"m/000002_early.down.sql": {},
		"m/2_bad.sql":             {},
		"m/sub/000003_x.up.sql":   {},
	}, "m")
	require.NoError(t, err)
	assert.Equal(t, []migrationFile{
		{Version: 2, Name: "early", Up: "000002_early.up.sql", Down: "000002_early.down.sql"},
		{Version: 10, Name: "later", Up: "000010_later.up.sql"},
	}, files)

	st := buildStatus(files, "APP", "T", 10, true)
	assert.Equal(t, "applied", st.Migrations[0].State)
	assert.Equal(t, "dirty", st.Migrations[1].State)
	assert.Equal(t, &DirtyError{Version: 10, File: "000010_later.up.sql", Undo: 2}, st.DirtyError())

	st = buildStatus(files, "APP", "T", database.NilVersion, false)
	assert.Equal(t, "pending", st.Migrations[0].State)
	assert.NoError(t, st.DirtyError())
}

func TestDirtyErrorUndo(t *testing.T) {
	files := []migrationFile{{Version: 1, Up: "1.up"}, {Version: 2, Up: "2.up"}, {Version: 5, Up: "5.up"}}
	assert.Equal(t, DirtyError{Version: 1, File: "1.up", Undo: -1}, *newDirtyError(files, 1, "", false))
	assert.Equal(t, DirtyError{Version: 5, File: "5.up", Undo: 2}, *newDirtyError(files, 5, "", false))
	assert.Equal(t, DirtyError{Version: 2, File: "5.down", Undo: 5}, *newDirtyError(files, 2, "5.down", true))
	assert.Equal(t, DirtyError{Version: -1, File: "1.down", Undo: 1}, *newDirtyError(files, -1, "1.down", true))
	msg := (&DirtyError{Version: 5, File: "5.up", Undo: 2}).Error()
	assert.Contains(t, msg, "dirty at version 5: migration 5.up failed part-way")
	assert.Contains(t, msg, "then run `agentmem migrate force 5`; or undo what it did, then run `agentmem migrate force 2`")
}
