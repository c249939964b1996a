package plsqlcheck

import (
	"strings"
	"testing"

	"github.com/agentmem/agentmem/internal/plsql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The catalog covers the Oracle packages the project calls, and every entry
// says where it was read.
func TestCatalogCoverage(t *testing.T) {
	want := map[string][]string{
		"DBMS_SCHEDULER":        {"CREATE_JOB", "DROP_JOB", "ENABLE", "DISABLE", "RUN_JOB", "SET_ATTRIBUTE", "STOP_JOB"},
		"DBMS_VECTOR":           {"UTL_TO_EMBEDDING", "UTL_TO_EMBEDDINGS", "UTL_TO_CHUNKS", "LOAD_ONNX_MODEL", "DROP_ONNX_MODEL", "CREATE_INDEX"},
		"DBMS_VECTOR_CHAIN":     {"UTL_TO_CHUNKS", "UTL_TO_EMBEDDING", "UTL_TO_EMBEDDINGS", "CREATE_PREFERENCE", "DROP_PREFERENCE"},
		"DBMS_HYBRID_VECTOR":    {"SEARCH"},
		"CTX_DDL":               {"SYNC_INDEX", "OPTIMIZE_INDEX", "CREATE_PREFERENCE", "SET_ATTRIBUTE", "DROP_PREFERENCE", "CREATE_STOPLIST"},
		"DBMS_ASSERT":           {"NOOP", "ENQUOTE_LITERAL", "ENQUOTE_NAME", "QUALIFIED_SQL_NAME", "SCHEMA_NAME", "SIMPLE_SQL_NAME", "SQL_OBJECT_NAME"},
		"DBMS_LOB":              {"CREATETEMPORARY", "FREETEMPORARY", "APPEND", "WRITEAPPEND", "SUBSTR", "INSTR", "GETLENGTH", "TRIM", "COPY"},
		"DBMS_RLS":              {"ADD_POLICY", "DROP_POLICY", "ENABLE_POLICY"},
		"DBMS_SESSION":          {"SET_CONTEXT", "CLEAR_CONTEXT", "CLEAR_ALL_CONTEXT", "SET_IDENTIFIER", "CLEAR_IDENTIFIER"},
		"DBMS_LOCK":             {"REQUEST", "RELEASE", "ALLOCATE_UNIQUE", "SLEEP"},
		"DBMS_UTILITY":          {"FORMAT_ERROR_BACKTRACE", "FORMAT_ERROR_STACK", "COMPILE_SCHEMA"},
		"DBMS_APPLICATION_INFO": {"SET_MODULE", "SET_ACTION", "SET_CLIENT_INFO"},
		"DBMS_SQL":              {"OPEN_CURSOR", "PARSE", "BIND_VARIABLE", "EXECUTE", "CLOSE_CURSOR", "RETURN_RESULT"},
		"JSON_OBJECT_T":         {"PARSE", "GET", "GET_STRING", "GET_NUMBER", "GET_OBJECT", "GET_ARRAY", "PUT", "PUT_NULL", "HAS", "GET_KEYS", "GET_TYPE", "TO_CLOB", "TO_STRING", "GET_SIZE", "STRINGIFY", "IS_NULL", "IS_STRING"},
		"JSON_ARRAY_T":          {"PARSE", "GET", "GET_STRING", "APPEND", "APPEND_NULL", "PUT", "TO_CLOB", "GET_SIZE"},
	}
	for pkg, names := range want {
		for _, n := range names {
			subs, known := catalogLookup(pkg, n)
			assert.True(t, known, pkg)
			assert.NotEmpty(t, subs, "%s.%s is not cataloged", pkg, n)
		}
	}
	assert.Len(t, catalogPackages(), len(want), "a cataloged package is missing from this test")
}

func TestCatalogEntriesCiteOracleDocs(t *testing.T) {
	for pkg, byName := range oraCatalog {
		for name, subs := range byName {
			for _, s := range subs {
				assert.True(t, strings.HasPrefix(s.Source, "https://docs.oracle.com/"), "%s.%s cites %q", pkg, name, s.Source)
				if s.Unverified {
					assert.NotEmpty(t, s.Note, "%s.%s is Unverified and must say why", pkg, name)
				}
				seen := map[string]bool{}
				for _, p := range s.Params {
					assert.False(t, seen[p.Name], "%s.%s lists %s twice", pkg, name, p.Name)
					seen[p.Name] = true
				}
			}
		}
	}
}

func TestCatalogAddRejectsBadEntries(t *testing.T) {
	assert.Panics(t, func() { catalogAdd(OraSub{Package: "DBMS_X", Name: "F"}) }, "no source")
	assert.Panics(t, func() { catalogAdd(OraSub{Package: "dbms_x", Name: "F", Source: "https://docs.oracle.com/x"}) }, "lower case")
	assert.Panics(t, func() { params("a, , b") })
}

func TestParamsSpec(t *testing.T) {
	assert.Equal(t, []OraParam{{Name: "JOB_NAME"}, {Name: "FORCE", Optional: true}}, params(" job_name , force? "))
	assert.Nil(t, params(""))
}

// callArgs lexes "(...)" into arguments.
func callArgs(t *testing.T, src string) []callArg {
	t.Helper()
	toks, err := plsql.Lex(src)
	require.NoError(t, err)
	toks = sigTokens(toks)
	args, end, ok := parseArgs(toks, 0)
	require.True(t, ok)
	require.Equal(t, len(toks), end)
	return args
}

func TestCallProblems(t *testing.T) {
	formals := params("c, statement, language_flag, edition?")
	cases := []struct {
		call string
		want []string // substrings, one per problem; none means accepted
	}{
		{"(l_c, l_sql, dbms_sql.native)", nil},
		{"(c => l_c, statement => 'x', language_flag => 1, edition => null)", nil},
		{"(l_c, statement => 'x', language_flag => 1)", nil},
		{"(l_c, 'x')", []string{"not supplied: language_flag"}},
		{"(l_c, 'x', 1, null, 5)", []string{"5 positional arguments, but it takes at most 4"}},
		{"(c => l_c, 'x', 1)", []string{"positional argument follows a named one", "not supplied: statement, language_flag"}},
		{"(l_c, c => l_c, statement => 'x', language_flag => 1)", []string{"parameter c is given twice"}},
		{"(l_c, stmt => 'x', language_flag => 1)", []string{"no parameter named stmt", "not supplied: statement"}},
	}
	for _, c := range cases {
		got := callProblems(formals, callArgs(t, c.call))
		require.Len(t, got, len(c.want), "%s: %v", c.call, got)
		for i, w := range c.want {
			assert.Contains(t, got[i], w, c.call)
		}
	}
}

func TestBestOverloadPicksClosest(t *testing.T) {
	overloads := [][]OraParam{params("id, lockmode?, timeout?"), params("lockhandle, lockmode?, timeout?")}
	assert.Nil(t, bestOverload(overloads, callArgs(t, "(lockhandle => l_h, timeout => 0)")))
	got := bestOverload(overloads, callArgs(t, "(lockhandle => l_h, wait => 0)"))
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "no parameter named wait")
}

func TestDottedCalls(t *testing.T) {
	toks, err := plsql.Lex(`x := sys.dbms_lob.substr(l_c, 10, 1) || r.col.sub || f(a).g(1);`)
	require.NoError(t, err)
	calls := dottedCalls(sigTokens(toks))
	require.Len(t, calls, 2)
	assert.Equal(t, []string{"SYS", "DBMS_LOB", "SUBSTR"}, calls[0].Parts)
	assert.True(t, calls[0].HasParens)
	assert.Len(t, calls[0].Args, 3)
	pkg, name := calls[0].pkgAndName()
	assert.Equal(t, "DBMS_LOB.SUBSTR", pkg+"."+name)
	assert.Equal(t, []string{"R", "COL", "SUB"}, calls[1].Parts)
	assert.False(t, calls[1].HasParens)
}

// Every catalog entry has a kind, so CALL-KIND can judge every call of it.
func TestCatalogKinds(t *testing.T) {
	for pkg, byName := range oraCatalog {
		for name, subs := range byName {
			for _, s := range subs {
				if k := oraKind(s); k != "PROCEDURE" && k != "FUNCTION" {
					t.Errorf("%s.%s(%s) has no kind in catalog_kinds.go", pkg, name, formalNames(s.Params))
				}
			}
		}
	}
}
