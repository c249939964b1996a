package plsqlcheck

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFindingString(t *testing.T) {
	f := Finding{File: "sql/packages/X.pkb", Line: 12, Col: 5, Rule: "BLOCK", Msg: "IF at 12:5 is not closed"}
	assert.Equal(t, "sql/packages/X.pkb:12:5: BLOCK: IF at 12:5 is not closed", f.String())
}

func TestRegisterRejectsDuplicatesAndEmpty(t *testing.T) {
	check := func(*Project) []Finding { return nil }
	assert.PanicsWithValue(t, "plsqlcheck: Register: duplicate rule ID BLOCK", func() {
		Register(Rule{ID: "BLOCK", Summary: "again", Check: check})
	})
	assert.Panics(t, func() { Register(Rule{ID: "", Check: check}) })
	assert.Panics(t, func() { Register(Rule{ID: "NO-CHECK"}) })
}

func TestRulesSortedAndComplete(t *testing.T) {
	var ids []string
	for _, r := range Rules() {
		ids = append(ids, r.ID)
		assert.NotEmpty(t, r.Summary, r.ID)
	}
	assert.True(t, sort.StringsAreSorted(ids), "%v", ids)
	for _, id := range []string{"LEX", "BLOCK", "SPEC-BODY", "DECL-ORDER", "OVERLOAD", "WHEN-OTHERS", "TXN", "RESERVED", "NAMING"} {
		assert.Contains(t, ids, id)
	}
}

func writeCheckTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, content := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(content), 0o644))
	}
	return root
}

func TestLoad(t *testing.T) {
	root := writeCheckTree(t, map[string]string{
		"sql/a.sql":              "select 1 from dual;\n",
		"sql/packages/B.pkb":     "create or replace package body b as end b;\n/\n",
		"sql/packages/B.pks":     "create or replace package b as end b;\n/\n",
		"sql/.hidden/c.sql":      "select 1 from dual;\n",
		"sql/notes.txt":          "not sql",
		"sql/bad.sql":            "select 'open from dual;\n",
		"tests/sql/test_b.pks":   "create or replace package test_b as end test_b;\n/\n",
		"x.go":                   "package x\n",
		"x_test.go":              "package x\n",
		"internal/testdata/z.go": "package z\n",
		"internal/y/y.go":        "package y\n",
		"docs/checker.md":        "# checker\n",
		"docs/sub/more.md":       "more\n",
		"README.md":              "not under docs\n",
	})
	p, err := Load(root, "sql", "tests/sql/test_b.pks", "sql/a.sql")
	require.NoError(t, err)
	var sqlPaths []string
	for _, f := range p.SQL {
		sqlPaths = append(sqlPaths, f.Path)
	}
	assert.Equal(t, []string{"sql/a.sql", "sql/bad.sql", "sql/packages/B.pkb", "sql/packages/B.pks", "tests/sql/test_b.pks"}, sqlPaths)
	for _, f := range p.SQL {
		if f.Path == "sql/bad.sql" {
			assert.Error(t, f.LexErr)
			assert.Nil(t, f.Tokens)
		} else {
			assert.NoError(t, f.LexErr, f.Path)
			assert.NotEmpty(t, f.Tokens, f.Path)
		}
	}
	var goPaths []string
	for _, g := range p.Go {
		goPaths = append(goPaths, g.Path)
	}
	sort.Strings(goPaths)
	assert.Equal(t, []string{"internal/y/y.go", "x.go"}, goPaths)
	assert.Equal(t, map[string]string{"docs/checker.md": "# checker\n", "docs/sub/more.md": "more\n"}, p.Docs)

	_, err = Load(root, "no/such/dir")
	assert.ErrorContains(t, err, `path "no/such/dir"`)
}

func TestRunSortsFindings(t *testing.T) {
	p := &Project{SQL: []*File{
		NewFile("b.sql", "begin\n  if 1 = 1 then null;\nend;\n/\n"),
		NewFile("a.sql", "select 'x from dual;\n"),
		NewFile("a2.sql", "begin\n  null;\n  elsif 1 = 1 then null;\nend;\n/\n"),
	}}
	var got []string
	for _, f := range Run(p) {
		got = append(got, f.String())
	}
	require.Len(t, got, 3, "%v", got)
	assert.Regexp(t, `^a\.sql:1:8: LEX: `, got[0])
	assert.Regexp(t, `^a2\.sql:3:3: BLOCK: ELSIF without a matching IF`, got[1])
	assert.Regexp(t, `^b\.sql:2:3: BLOCK: IF at 2:3 is not closed: END IF expected before END at 3:1`, got[2])
}
