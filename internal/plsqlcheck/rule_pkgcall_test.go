package plsqlcheck

import (
	"path/filepath"
	"testing"

	"github.com/agentmem/agentmem/internal/plsql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The real sources must be clean: every reference into our own packages in
// sql/ and tests/sql matches the specs. A failure is a genuine compile error
// (report it with its file:line) or a gap in the rule (fix the rule).
func TestPkgCallRealTreeClean(t *testing.T) {
	p, err := Load(filepath.Join("..", ".."), "sql", filepath.Join("tests", "sql"))
	require.NoError(t, err)
	require.NotEmpty(t, p.Packages(), "no package specs found in the real tree")
	for _, f := range checkPkgCall(p) {
		t.Error(f.String())
	}
}

// The rule only reads sql/packages and tests/sql: a script elsewhere with the
// same wrong call is left alone.
func TestPkgCallScope(t *testing.T) {
	spec := "create or replace package fx_lib as\n  function f(p_a in number) return number;\nend fx_lib;\n/\n"
	call := "begin\n  dbms_output.put_line(fx_lib.f());\nend;\n/\n"
	for path, want := range map[string]int{"sql/packages/fx_call.sql": 1, "tests/sql/fx_call.sql": 1, "sql/jobs/fx_call.sql": 0} {
		p := &Project{Root: ".", SQL: []*File{NewFile("sql/packages/fx_lib.pks", spec), NewFile(path, call)}, Docs: map[string]string{}}
		assert.Len(t, checkPkgCall(p), want, path)
	}
}

func TestIsNamePath(t *testing.T) {
	for src, want := range map[string]bool{
		"l_x": true, "l_rec.field": true, "l_tab(i).field": true, "l_tab(i + 1)": true,
		"l_x || 'a'": false, "l_x + 1": false, "sql%rowcount": false, "l_a l_b": false,
	} {
		raw, err := plsql.Lex(src)
		require.NoError(t, err)
		toks := sigTokens(raw)
		assert.Equal(t, want, isNamePath(toks), src)
	}
}
