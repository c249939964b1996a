package plsqlcheck

import (
	"testing"

	"github.com/agentmem/agentmem/internal/plsql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sqlProject builds an in-memory project from path -> source.
func sqlProject(files map[string]string) *Project {
	p := &Project{Root: ".", Docs: map[string]string{}}
	for _, path := range sortedKeys(files) {
		p.SQL = append(p.SQL, NewFile(path, files[path]))
	}
	return p
}

const dynSpec = `create or replace package fx
  authid current_user
as
  procedure pub(p_name in varchar2);
end fx;
/
`

func dynFindings(t *testing.T, body string) []Finding {
	t.Helper()
	return checkDynSQL(sqlProject(map[string]string{"fx.pks": dynSpec, "fx.pkb": body}))
}

// A private helper's parameter is judged at its call sites: the unsafe
// argument is reported where it is passed, not inside the helper.
func TestDynSQLPrivateHelperCallSites(t *testing.T) {
	fs := dynFindings(t, `create or replace package body fx as
  procedure run(p_sql in varchar2) is
  begin
    execute immediate p_sql;
  end run;

  procedure pub(p_name in varchar2) is
  begin
    run('drop table ' || agentmem_util.sql_name(p_name));
    run(p_sql => 'drop view ' || p_name);
  end pub;
end fx;
/
`)
	require.Len(t, fs, 1)
	assert.Equal(t, 10, fs[0].Line)
	assert.Contains(t, fs[0].Msg, "parameter p_name of pub (callers can pass any text) reaches the SQL text of execute immediate (fx.pkb:4)")
}

// Recursion through a helper terminates, and values flow through the
// default of an omitted parameter.
func TestDynSQLRecursionAndDefaults(t *testing.T) {
	fs := dynFindings(t, `create or replace package body fx as
  procedure run(p_sql in varchar2, p_more in varchar2 default ' cascade constraints') is
  begin
    execute immediate p_sql || p_more;
    if p_sql is null then
      run(p_sql, p_more);
    end if;
  end run;

  procedure pub(p_name in varchar2) is
  begin
    run('drop table ' || co_table);
  end pub;
end fx;
/
`)
	assert.Empty(t, fs)
}

// What the checker cannot follow is reported, not trusted.
func TestDynSQLUnfollowedSources(t *testing.T) {
	fs := dynFindings(t, `create or replace package body fx as
  procedure build(p_sql out varchar2) is
  begin
    p_sql := 'select 1 from dual';
  end build;

  procedure pub(p_name in varchar2) is
    l_a   varchar2(100);
    l_sql varchar2(100);
    l_c   sys_refcursor;
  begin
    build(l_sql);
    execute immediate l_sql;
    fetch l_c into l_a, l_sql;
    open l_c for l_sql;
    execute immediate :host_text;
  end pub;
end fx;
/
`)
	got := map[int]string{}
	for _, f := range fs {
		got[f.Line] = f.Msg
	}
	require.Len(t, got, 3, "%v", fs)
	assert.Contains(t, got[12], "a value written by build through an OUT parameter")
	assert.Contains(t, got[14], "a value selected or fetched INTO")
	assert.Contains(t, got[16], "host bind variable :host_text")
}

func TestCaseBranches(t *testing.T) {
	toks, err := plsql.Lex(`case when p_a = 'x' then ' a' when p_b then (case p_c when 1 then ' b' end) else ' c' end`)
	require.NoError(t, err)
	branches, ok := caseBranches(sigTokens(toks))
	require.True(t, ok)
	require.Len(t, branches, 3)
	assert.Equal(t, "' a'", tokensText(branches[0]))
	assert.Equal(t, "(case p_c when 1 then ' b' end)", tokensText(branches[1]))
	assert.Equal(t, "' c'", tokensText(branches[2]))

	toks, err = plsql.Lex(`case when p_a then 'x' end || p_b`)
	require.NoError(t, err)
	_, ok = caseBranches(sigTokens(toks))
	assert.False(t, ok, "a CASE that does not span the operand is not a branch list")
}

func TestSQLBuilderMarker(t *testing.T) {
	assert.True(t, isSQLBuilderMarker("-- agentmem:sql-builder"))
	assert.True(t, isSQLBuilderMarker("--agentmem:sql-builder (predicate text)"))
	assert.False(t, isSQLBuilderMarker("-- agentmem:sql-builders"))
	assert.False(t, isSQLBuilderMarker("/* agentmem:sql-builder */"))
	assert.False(t, isSQLBuilderMarker("-- see agentmem:sql-builder"))
}

// A marked function is trusted only when its body is in the project (so its
// RETURN expressions were checked), and only when the marker sits on the
// line right before its header.
func TestDynSQLBuilderNeedsCheckedBody(t *testing.T) {
	spec := `create or replace package fb
  authid current_user
as
  -- agentmem:sql-builder
  function pred return varchar2;

  -- agentmem:sql-builder

  function detached return varchar2;
end fb;
/
`
	user := `create or replace package body fu as
  procedure run is
  begin
    execute immediate 'delete from t where ' || fb.pred;
    execute immediate 'delete from t where ' || fb.pred();
  end run;
end fu;
/
`
	fs := checkDynSQL(sqlProject(map[string]string{"fb.pks": spec, "fu.pkb": user}))
	require.Len(t, fs, 2, "%v", fs)
	assert.Contains(t, fs[0].Msg, "fb.pred")

	body := `create or replace package body fb as
  function pred return varchar2 is
  begin
    return 'status = ''VALID''';
  end pred;

  function detached return varchar2 is
  begin
    return 'x = 1';
  end detached;
end fb;
/
`
	user2 := `create or replace package body fu as
  procedure run is
  begin
    execute immediate 'delete from t where ' || fb.pred || ' and ' || fb.pred();
    execute immediate 'delete from t where ' || fb.detached();
  end run;
end fu;
/
`
	fs = checkDynSQL(sqlProject(map[string]string{"fb.pks": spec, "fb.pkb": body, "fu.pkb": user2}))
	require.Len(t, fs, 1, "%v", fs)
	assert.Equal(t, 5, fs[0].Line)
	assert.Contains(t, fs[0].Msg, "the result of fb.detached(...)")
}
