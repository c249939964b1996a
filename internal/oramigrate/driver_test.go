package oramigrate

import (
	"context"
	"database/sql/driver"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/golang-migrate/migrate/v4/database"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newFakeDriver(t *testing.T, f *fakeDB, cfg *Config) *Driver {
	t.Helper()
	d, err := withInstance(context.Background(), f.open(t), cfg)
	require.NoError(t, err)
	t.Cleanup(func() { d.Close() })
	return d
}

func TestWithInstanceCreatesTableOnce(t *testing.T) {
	f := &fakeDB{}
	d := newFakeDriver(t, f, nil)
	assert.True(t, f.tableExists)
	assert.Equal(t, "APP", d.Schema())
	assert.Equal(t, DefaultMigrationsTable, d.Table())
	assert.False(t, d.isLocked.Load(), "the lock taken for CREATE TABLE is released")

	// A second driver finds the table (ORA-00955) and carries on.
	_, err := withInstance(context.Background(), f.open(t), nil)
	require.NoError(t, err)
}

func TestWithInstanceRejectsBadTableName(t *testing.T) {
	_, err := WithInstance(nil, nil)
	assert.ErrorContains(t, err, "db is nil")
	f := &fakeDB{}
	_, err = WithInstance(f.open(t), &Config{MigrationsTable: "x; drop table y"})
	assert.ErrorContains(t, err, `MigrationsTable "x; drop table y" is not a simple SQL name`)
	_, err = WithInstance(f.open(t), &Config{StatementTimeout: -time.Second})
	assert.ErrorContains(t, err, "StatementTimeout")
}

func TestVersionAndSetVersion(t *testing.T) {
	f := &fakeDB{}
	d := newFakeDriver(t, f, &Config{MigrationsTable: "test_migrations"})
	assert.Equal(t, "TEST_MIGRATIONS", d.Table())

	v, dirty, err := d.Version()
	require.NoError(t, err)
	assert.Equal(t, database.NilVersion, v)
	assert.False(t, dirty)

	steps := []struct {
		v         int
		dirty     bool
		wantV     int
		wantDirty bool
	}{
		{1, true, 1, true},
		{2, false, 2, false},
		{database.NilVersion, true, database.NilVersion, true}, // kept: a failed down of the first migration
		{database.NilVersion, false, database.NilVersion, false},
	}
	for _, s := range steps {
		require.NoError(t, d.SetVersion(s.v, s.dirty))
		v, dirty, err := d.Version()
		require.NoError(t, err)
		assert.Equal(t, s.wantV, v, "after SetVersion(%d, %v)", s.v, s.dirty)
		assert.Equal(t, s.wantDirty, dirty, "after SetVersion(%d, %v)", s.v, s.dirty)
	}
	assert.ErrorContains(t, d.SetVersion(-2, false), "must be >= -1")
}

func TestLockResults(t *testing.T) {
	f := &fakeDB{}
	d := newFakeDriver(t, f, &Config{LockTimeout: 3 * time.Second})

	require.NoError(t, d.Lock())
	assert.ErrorIs(t, d.Lock(), database.ErrLocked, "a second Lock on the same driver fails")
	require.NoError(t, d.Unlock())
	assert.ErrorIs(t, d.Unlock(), database.ErrNotLocked)

	f.requestRC = 1
	err := d.Lock()
	assert.ErrorIs(t, err, database.ErrLocked)
	assert.ErrorContains(t, err, "another agentmem migration holds the migration lock")
	assert.ErrorContains(t, err, "3s")
	assert.False(t, d.isLocked.Load(), "a failed Lock leaves the driver unlocked")

	f.requestRC = 4 // already owned by this session
	require.NoError(t, d.Lock())
	f.releaseRC = 4
	assert.ErrorContains(t, d.Unlock(), "did not hold the migration lock")
}

func TestDropRefused(t *testing.T) {
	d := newFakeDriver(t, &fakeDB{}, nil)
	assert.ErrorIs(t, d.Drop(), ErrDropRefused)
}

func TestRunSplitsAndMarksPLSQL(t *testing.T) {
	f := &fakeDB{}
	d := newFakeDriver(t, f, nil)
	src := `-- two statements and a block
create table t1 (id number);
comment on table t1 is 'a; b';
begin
  null;
end;
/
`
	require.NoError(t, d.Run(strings.NewReader(src)))
	got := f.executed()
	require.Len(t, got, 3)
	assert.Equal(t, "create table t1 (id number)", got[0])
	assert.Equal(t, "comment on table t1 is 'a; b'", got[1])
	assert.Equal(t, "begin\n  null;\nend;", got[2])
	assert.Equal(t, []int{1, 1, 2}, f.options, "SQL gets NoRetry; PL/SQL also WarningAsError")
}

func TestRunReportsTheFailingStatement(t *testing.T) {
	f := &fakeDB{failOn: map[string]error{"t2": &fakeOraErr{code: 942, msg: "table or view does not exist"}}}
	d := newFakeDriver(t, f, nil)
	err := d.Run(strings.NewReader("create table t1 (id number);\n\ninsert into t2 values (1);\n"))
	var de *Error
	require.True(t, errors.As(err, &de), "%T", err)
	assert.Equal(t, uint(3), de.Stmt.Line)
	assert.Equal(t, "insert into t2 values (1)", string(de.Stmt.Query))
	assert.ErrorContains(t, err, "ORA-00942")
}

func TestRunRejectsUnsplittableFile(t *testing.T) {
	d := newFakeDriver(t, &fakeDB{}, nil)
	err := d.Run(strings.NewReader("create table t (id number);\nset serveroutput on\n"))
	var de *Error
	require.True(t, errors.As(err, &de))
	assert.Equal(t, uint(2), de.Stmt.Line)
	assert.Contains(t, de.Stmt.Err, "cannot be split")
}

func TestRunCompileErrors(t *testing.T) {
	f := &fakeDB{
		failOn: map[string]error{"package body p": &fakeOraErr{code: 24344, msg: "success with compilation error", warning: true}},
		errors: [][]driver.Value{
			{"PACKAGE BODY", "P", int64(3), int64(5), "PLS-00201: identifier 'X' must be declared", "ERROR"},
			{"PACKAGE BODY", "P", int64(3), int64(5), "PL/SQL: Statement\n ignored", "ERROR"},
			{"PACKAGE BODY", "P", int64(1), int64(1), "PLW-05018: unit P omitted optional AUTHID clause", "WARNING"},
		},
	}
	d := newFakeDriver(t, f, nil)
	err := d.Run(strings.NewReader("create or replace package body p as\nbegin\n  x;\nend p;\n/\n"))
	var cf *CompileFailure
	require.True(t, errors.As(err, &cf), "%v", err)
	assert.Equal(t, []string{
		"PACKAGE BODY P:3:5: PLS-00201: identifier 'X' must be declared",
		"PACKAGE BODY P:3:5: PL/SQL: Statement ignored",
	}, strings.Split(FormatCompileErrors(cf.Errors), "\n"), "warnings are left out of a failure")
	assert.ErrorContains(t, err, "PACKAGE BODY P did not compile")

	// ORA-24344 with warnings only: the unit is valid.
	f.errors = f.errors[2:]
	require.NoError(t, d.Run(strings.NewReader("create or replace package body p as\nend p;\n/\n")))
}
