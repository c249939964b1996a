package plsqlcheck

import (
	"sort"
	"strings"
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

// Planted on the real tree (DYN-SQL is the issue-14 rule "no dynamic SQL
// concatenates a value"): every naming-helper call written directly in the
// text of an EXECUTE IMMEDIATE, OPEN FOR or DBMS_SQL.PARSE becomes a call of
// another function, that is a value the text concatenates; each must be
// reported on its line.
func TestDynSQLCatchesEveryPlantedValueInTheTree(t *testing.T) {
	p, err := Load("../..", "sql")
	require.NoError(t, err)
	require.Empty(t, checkDynSQL(p))
	planted := 0
	for _, f := range p.SQL {
		if !inPackageDir(f.Path) || f.LexErr != nil {
			continue
		}
		a := &dynAnalysis{p: p, files: map[*File]*dynFile{}, paramDone: map[string]*dynParamVerdict{}}
		a.dynBuilders()
		df := a.file(f)
		var offsets []int
		want := map[int]bool{}
		for _, s := range df.sinks() {
			for k := 0; k+2 < len(s.expr); k++ {
				if s.expr[k].Is("AGENTMEM_UTIL") && s.expr[k+1].Is(".") && strings.HasPrefix(s.expr[k+2].Upper(), "SQL_") {
					offsets = append(offsets, s.expr[k+2].Offset)
					want[s.expr[k+2].Line] = true
				}
			}
		}
		if len(offsets) == 0 {
			continue
		}
		src := f.Src
		sort.Sort(sort.Reverse(sort.IntSlice(offsets)))
		for _, o := range offsets {
			src = src[:o] + "x" + src[o:] // agentmem_util.xsql_object(...): no naming helper
		}
		mutated := &Project{Root: p.Root}
		for _, g := range p.SQL {
			if g == f {
				g = NewFile(f.Path, src)
			}
			mutated.SQL = append(mutated.SQL, g)
		}
		got := map[int]bool{}
		for _, fd := range checkDynSQL(mutated) {
			if fd.File == f.Path {
				got[fd.Line] = true
			}
		}
		for line := range want {
			planted++
			assert.True(t, got[line], "%s:%d: a value concatenated into dynamic SQL is not reported", f.Path, line)
		}
	}
	require.Greater(t, planted, 100)
	t.Logf("%d lines with a planted value in dynamic SQL, each reported", planted)
}

// A constant is text only when its declared value is: AGENTMEM_RELATION's
// co_keys_table (a JSON_TABLE made of literals) re-declared from a function
// result is reported at every use in dynamic SQL.
func TestDynSQLConstantValueIsChecked(t *testing.T) {
	p, err := Load("../..", "sql")
	require.NoError(t, err)
	const decl = "co_keys_table constant varchar2(200 char) :=\n"
	mutated := &Project{Root: p.Root}
	uses := 0
	for _, g := range p.SQL {
		if g.Path == "sql/packages/AGENTMEM_RELATION.pkb" {
			require.Equal(t, 1, strings.Count(g.Src, decl))
			uses = strings.Count(g.Src, "|| co_keys_table ||")
			i := strings.Index(g.Src, decl) + len(decl)
			end := i + strings.Index(g.Src[i:], ";")
			g = NewFile(g.Path, g.Src[:i]+"    sys_context('userenv', 'current_schema')"+g.Src[end:])
		}
		mutated.SQL = append(mutated.SQL, g)
	}
	require.Greater(t, uses, 3)
	n := 0
	for _, fd := range checkDynSQL(mutated) {
		require.Equal(t, "sql/packages/AGENTMEM_RELATION.pkb", fd.File)
		require.Contains(t, fd.Msg, "constant co_keys_table, whose declared value holds")
		n++
	}
	require.Equal(t, uses, n)
}
