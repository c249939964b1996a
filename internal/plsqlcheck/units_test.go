package plsqlcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const modelSpec = `create or replace package demo_pkg
  authid current_user
as
  co_version constant varchar2(16 char) := '1.2.3';
  co_code    constant pls_integer := -20100;
  g_not_constant pls_integer := 1;

  function version return varchar2;
  procedure put(p_key   in varchar2,
                p_value in out nocopy clob,
                p_flags out   pls_integer,
                p_ttl   in number default 60 * 60,
                p_when  in timestamp with time zone := systimestamp);
end demo_pkg;
/
`

const modelBody = `create or replace package body demo_pkg
as
  function helper(p_x in number) return number is begin return p_x; end helper;

  function version return varchar2 is begin return co_version; end version;

  procedure put(p_key   in varchar2,
                p_value in out nocopy clob,
                p_flags out   pls_integer,
                p_ttl   in number default 60 * 60,
                p_when  in timestamp with time zone := systimestamp)
  is
    procedure nested is begin null; end nested;
  begin
    p_flags := helper(1);
  end put;
end demo_pkg;
/
`

func TestPackagesModel(t *testing.T) {
	spec := NewFile("sql/packages/DEMO_PKG.pks", modelSpec)
	body := NewFile("sql/packages/DEMO_PKG.pkb", modelBody)
	p := &Project{SQL: []*File{spec, body}}
	pkgs := p.Packages()
	require.Contains(t, pkgs, "DEMO_PKG")
	pk := pkgs["DEMO_PKG"]
	assert.Equal(t, "DEMO_PKG", pk.Name)
	assert.Same(t, spec, pk.Spec)
	assert.Same(t, body, pk.Body)
	assert.Equal(t, map[string]string{"CO_VERSION": "'1.2.3'", "CO_CODE": "-20100"}, pk.Constants)

	require.Len(t, pk.SpecSubs, 2)
	v := pk.SpecSubs[0]
	assert.Equal(t, "FUNCTION", v.Kind)
	assert.Equal(t, "VERSION", v.Name)
	assert.Equal(t, "VARCHAR2", v.Return)
	assert.Empty(t, v.Params)
	assert.Equal(t, [2]int{8, 12}, [2]int{v.Line, v.Col})
	assert.Same(t, spec, v.File)

	put := pk.SpecSubs[1]
	assert.Equal(t, "PROCEDURE", put.Kind)
	assert.Equal(t, "", put.Return)
	assert.Equal(t, []Param{
		{Name: "P_KEY", Mode: "IN", Type: "VARCHAR2", Line: 9, Col: 17},
		{Name: "P_VALUE", Mode: "IN OUT", NoCopy: true, Type: "CLOB", Line: 10, Col: 17},
		{Name: "P_FLAGS", Mode: "OUT", Type: "PLS_INTEGER", Line: 11, Col: 17},
		{Name: "P_TTL", Mode: "IN", Type: "NUMBER", HasDefault: true, Default: "60*60", Line: 12, Col: 17},
		{Name: "P_WHEN", Mode: "IN", Type: "TIMESTAMP WITH TIME ZONE", HasDefault: true, Default: "SYSTIMESTAMP", Line: 13, Col: 17},
	}, put.Params)

	var bodyNames []string
	for _, s := range pk.BodySubs {
		bodyNames = append(bodyNames, s.Name)
		assert.Same(t, body, s.File)
	}
	assert.Equal(t, []string{"HELPER", "VERSION", "PUT"}, bodyNames, "top-level definitions only, private included")
	assert.Empty(t, Run(p), "the model fixture is clean")
}

func TestPackagesIgnoresOtherUnits(t *testing.T) {
	p := &Project{SQL: []*File{
		NewFile("m.sql", "create table t (id number);\nbegin\n  null;\nend;\n/\ncreate or replace procedure solo(p_id in number) is begin null; end solo;\n/\n"),
		NewFile("broken.sql", "select 'x from dual;\n"),
	}}
	assert.Empty(t, p.Packages())
}

// TestRealTreeParses: the parser must read every real PL/SQL file of the
// project without a structural problem; a failure here is either a real
// syntax error in sql/ or tests/sql (report it) or a parser gap (fix it).
func TestRealTreeParses(t *testing.T) {
	root := filepath.Join("..", "..")
	var dirs []string
	for _, d := range []string{"sql", filepath.Join("tests", "sql")} {
		if _, err := os.Stat(filepath.Join(root, d)); err == nil {
			dirs = append(dirs, d)
		}
	}
	require.NotEmpty(t, dirs)
	p, err := Load(root, dirs...)
	require.NoError(t, err)
	require.NotEmpty(t, p.SQL)
	for _, f := range append(checkLex(p), checkBlock(p)...) {
		t.Error(f.String())
	}
}

// BenchmarkCheckAll loads, lexes, parses and checks the real sql/ tree
// with every rule, as "agentmem lint" does.
func BenchmarkCheckAll(b *testing.B) {
	root := filepath.Join("..", "..")
	for b.Loop() {
		p, err := Load(root, "sql")
		if err != nil {
			b.Fatal(err)
		}
		Run(p)
	}
}

// truncStep is the distance in bytes between cut points (a prime, so cuts fall
// at varied places inside tokens and statements).
const truncStep = 211

// TestTruncatedSourcesDoNotPanic cuts every real PL/SQL file at many points
// (mid-statement, mid-block) and runs the rules of this package over each
// piece: broken input must give findings, never a panic or a hang.
func TestTruncatedSourcesDoNotPanic(t *testing.T) {
	p, err := Load(filepath.Join("..", ".."), "sql")
	require.NoError(t, err)
	rules := []func(*Project) []Finding{checkLex, checkBlock, checkSpecBody, checkDeclOrder, checkOverload,
		checkWhenOthers, checkTxn, checkReserved, checkNaming, checkIdent, checkDupDecl, checkInParamWrite}
	pieces := 0
	for _, f := range p.SQL {
		for cut := 1; cut < len(f.Src); cut += truncStep {
			piece := &Project{SQL: []*File{NewFile(f.Path, f.Src[:cut])}}
			for _, rule := range rules {
				require.NotPanics(t, func() { rule(piece) }, "%s cut at byte %d", f.Path, cut)
			}
			pieces++
		}
	}
	require.NotZero(t, pieces)
}
