package plsqlcheck

import (
	"testing"

	"github.com/agentmem/agentmem/internal/plsql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestJSONVariables(t *testing.T) {
	toks, err := plsql.Lex(`
  function f(p_req in json_object_t, p_list in out nocopy json_array_t) return json_object_t is
    l_o    json_object_t := json_object_t.parse('{}');
    l_same json_array_t;
    l_x    json_object_t := treat(l_e as json_object_t);
  begin null; end f;
  procedure g is
    l_same json_object_t;
  begin null; end g;`)
	require.NoError(t, err)
	vars := jsonVariables(sigTokens(toks))
	assert.Equal(t, map[string]string{
		"P_REQ":  "JSON_OBJECT_T",
		"P_LIST": "JSON_ARRAY_T",
		"L_O":    "JSON_OBJECT_T",
		"L_X":    "JSON_OBJECT_T",
	}, vars, "L_SAME has two types in the file and is left out")
}

// Constants of a cataloged package, record paths and unknown packages are
// not calls to check; schema-qualified calls are.
func TestOraAPIScope(t *testing.T) {
	p := sqlProject(map[string]string{"x.sql": `declare
  l_c clob;
  l_r dbms_sql.desc_rec;
begin
  dbms_lob.createtemporary(l_c, true, dbms_lob.session);
  l_r.col_name := dbms_sql.native;
  x.dbms_lob.createtemporary := 1;
  my_pkg.anything(1, 2, 3);
  sys.dbms_lob.freetemporary(lob => l_c);
end;
/
`})
	fs := checkOraAPI(p)
	require.Len(t, fs, 1, "%v", fs)
	assert.Equal(t, 9, fs[0].Line)
	assert.Contains(t, fs[0].Msg, "dbms_lob.freetemporary: no parameter named lob (it has: lob_loc)")
}
