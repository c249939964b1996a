package oramigrate

import (
	"context"
	"database/sql/driver"
	"errors"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var twoPackages = fstest.MapFS{
	"p/A.pks": spec("a", "  co_n constant pls_integer := 1;"),
	"p/A.pkb": pbody("a", "  procedure p is begin null; end p;"),
	"p/B.pks": spec("b", "  co_m constant pls_integer := a.co_n;"),
	"p/B.pkb": pbody("b", "  procedure q is begin null; end q;"),
}

func allValid() [][]driver.Value {
	return [][]driver.Value{
		{"PACKAGE", "A", "VALID"}, {"PACKAGE BODY", "A", "VALID"},
		{"PACKAGE", "B", "VALID"}, {"PACKAGE BODY", "B", "VALID"},
		{"PACKAGE", "SOMEONE_ELSES", "INVALID"}, // not ours: ignored
	}
}

func installLog(t *testing.T, f *fakeDB) ([]string, error) {
	t.Helper()
	var got []string
	err := InstallDir(context.Background(), f.open(t), twoPackages, "p", func(s string) {
		got = append(got, regexp.MustCompile(`\(\d+\.\ds\)`).ReplaceAllString(s, "(T)"))
	})
	return got, err
}

func TestInstallDir(t *testing.T) {
	f := &fakeDB{objects: allValid}
	got, err := installLog(t, f)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"installing p/A.pks ... ok (T)",
		"installing p/B.pks ... ok (T)",
		"installing p/A.pkb ... ok (T)",
		"installing p/B.pkb ... ok (T)",
	}, got)
	stmts := f.executed()
	require.Len(t, stmts, 4)
	assert.True(t, strings.HasPrefix(stmts[0], "create or replace package a\n"))
	assert.True(t, strings.HasSuffix(stmts[0], "end a;"), "the unit keeps END name; and drops the '/' line")
	assert.Equal(t, []int{2, 2, 2, 2}, f.options, "every unit runs with NoRetry and WarningAsError")
}

func TestInstallDirStopsAtACompileError(t *testing.T) {
	f := &fakeDB{
		objects: allValid,
		failOn:  map[string]error{"package b\n": &fakeOraErr{code: 24344, msg: "success with compilation error", warning: true}},
		errors:  [][]driver.Value{{"PACKAGE", "B", int64(3), int64(33), "PLS-00302: component 'CO_N' must be declared", "ERROR"}},
	}
	got, err := installLog(t, f)
	require.Error(t, err)
	assert.Equal(t, []string{"installing p/A.pks ... ok (T)", "installing p/B.pks ... FAILED (T)"}, got)
	assert.Contains(t, err.Error(), "p/B.pks: ")
	assert.Contains(t, err.Error(), "PACKAGE B:3:33: PLS-00302: component 'CO_N' must be declared")
	assert.Len(t, f.executed(), 2, "nothing after the failing unit runs")
}

func TestInstallDirRecompilesOnceThenFails(t *testing.T) {
	f := &fakeDB{errors: [][]driver.Value{{"PACKAGE BODY", "B", int64(2), int64(1), "PLS-00323: subprogram 'Q' is declared in a package specification", "ERROR"}}}
	f.objects = func() [][]driver.Value {
		rows := allValid()
		rows[3][2] = "INVALID"
		return rows
	}
	got, err := installLog(t, f)
	require.Error(t, err)
	assert.Contains(t, got, "recompiling PACKAGE BODY B (it was invalidated by a later step)")
	stmts := f.executed()
	assert.Contains(t, stmts[len(stmts)-1], "' compile body'", "only the invalid body is recompiled")
	assert.Contains(t, stmts[len(stmts)-1], "dbms_assert.simple_sql_name(:name)")
	var cf *CompileFailure
	require.True(t, errors.As(err, &cf), "%v", err)
	assert.Equal(t, "PACKAGE BODY", cf.Type)
	assert.ErrorContains(t, err, "p/B.pkb: PACKAGE BODY B did not compile:\nPACKAGE BODY B:2:1: PLS-00323")
}

func TestInstallDirRecompileFixes(t *testing.T) {
	f := &fakeDB{}
	calls := 0
	f.objects = func() [][]driver.Value {
		calls++
		rows := allValid()
		if calls == 1 {
			rows[0][2] = "INVALID"
		}
		return rows
	}
	got, err := installLog(t, f)
	require.NoError(t, err)
	assert.Contains(t, got, "recompiling PACKAGE A (it was invalidated by a later step)")
	assert.Equal(t, 2, calls)
}

func TestInstallDirMissingObject(t *testing.T) {
	f := &fakeDB{objects: func() [][]driver.Value { return allValid()[:3] }}
	_, err := installLog(t, f)
	assert.ErrorContains(t, err, "PACKAGE BODY B is missing after installing p/B.pkb")
}

func TestInstallDirEmpty(t *testing.T) {
	err := InstallDir(context.Background(), (&fakeDB{}).open(t), fstest.MapFS{"p/x.txt": {}}, "p", nil)
	assert.ErrorContains(t, err, `no .pks or .pkb file in "p"`)
}
