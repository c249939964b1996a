package plsqlcheck

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The checker's recall of compile errors, measured: each mutation plants one
// realistic PL/SQL compile error into a copy of a real package body, the
// whole project is checked again, and the mutation counts as caught when a
// finding appears that the unmutated tree does not have. The list is fixed
// and mixes the classes the rules cover with classes only Oracle decides,
// so the ratio is an honest sample, not a self-fulfilling one.
//
// expect says what the branch should do with it:
//   - "caught": a rule here covers the class; the test fails if it is missed.
//   - "missed": no rule decides it from the text; logged, and the test fails
//     if it starts being caught, so this list is updated with the rules.
type mutation struct {
	code   string // the Oracle error the mutation plants
	file   string // a body under sql/packages
	find   string // text occurring exactly once in file
	repl   string // same number of lines, so positions elsewhere stay put
	expect string
}

var recallMutations = []mutation{
	// SELECT without INTO (SELECT-INTO).
	{"PLS-00428", "AGENTMEM_UTIL.pkb", "select count(*) into l_count from sys.session_privs", "select count(*) from sys.session_privs", "caught"},
	{"PLS-00428", "AGENTMEM_UTIL.pkb", "select lower(rawtohex(sys_guid())) bulk collect into l_ids from sys.dual", "select lower(rawtohex(sys_guid())) from sys.dual", "caught"},
	{"PLS-00428", "AGENTMEM_UTIL.pkb", "      into l_version\n", "\n", "caught"},
	// Function called as a statement, procedure used as a value (CALL-KIND).
	{"PLS-00221", "AGENTMEM_UTIL.pkb", "l_length := dbms_lob.getlength(lob_loc => p_blob);", "dbms_lob.getlength(lob_loc => p_blob);", "caught"},
	{"PLS-00221", "AGENTMEM_RECORD_WRITE.pkb", "l_id := agentmem_util.check_id(entry(p_key, i), key_path(p_key, i), true);", "agentmem_util.check_id(entry(p_key, i), key_path(p_key, i), true);", "caught"},
	{"PLS-00221", "AGENTMEM_UTIL.pkb", "p_present := p_obj.has(p_key);", "p_obj.has(p_key);", "caught"},
	{"PLS-00222", "AGENTMEM_UTIL.pkb", "if not release_at_least(l_version, p_major, p_minor) then", "if not require_release(p_major, p_minor, l_version) then", "caught"},
	{"PLS-00222", "AGENTMEM_UTIL.pkb", "dbms_lob.createtemporary(lob_loc => l_blob, cache => true);", "l_blob := dbms_lob.createtemporary(lob_loc => l_blob, cache => true);", "caught"},
	// Literal of the wrong type (INIT-TYPE).
	{"PLS-00382", "AGENTMEM_UTIL.pkb", "    p_is_null := false;\n    if not p_present then", "    p_is_null := 'N';\n    if not p_present then", "caught"},
	{"PLS-00382", "AGENTMEM_UTIL.pkb", "    if l_major is null or l_minor is null then\n      return false;", "    if l_major is null or l_minor is null then\n      return 0;", "caught"},
	{"PLS-00382", "AGENTMEM_RECORD_WRITE.pkb", "p_list_only in boolean default false) return t_key", "p_list_only in boolean default 'N') return t_key", "caught"},
	// RETURN against the subprogram's kind (RETURN-VALUE).
	{"PLS-00372", "AGENTMEM_UTIL.pkb", "    if not p_present then\n      return;", "    if not p_present then\n      return null;", "caught"},
	{"PLS-00503", "AGENTMEM_UTIL.pkb", "    if p_ts is null then\n      return null;", "    if p_ts is null then\n      return;", "caught"},
	{"PLW-05005", "AGENTMEM_UTIL.pkb", "    return l_count > 0;\n  end has_privilege;", "    null;\n  end has_privilege;", "caught"},
	// Declarations (DECL-INIT).
	{"PLS-00215", "AGENTMEM_UTIL.pkb", "    l_text varchar2(40 char);\n  begin\n    if p_ts is null", "    l_text varchar2;\n  begin\n    if p_ts is null", "caught"},
	{"PLS-00322", "AGENTMEM_UTIL.pkb", "co_shown_chars constant pls_integer := 60;", "co_shown_chars constant pls_integer;", "caught"},
	{"PLS-00566", "AGENTMEM_UTIL.pkb", "    l_blob   blob;\n  begin\n    l_length := nvl(", "    l_blob   blob(32767);\n  begin\n    l_length := nvl(", "caught"},
	// SQL-only functions and INTO targets (SQL-ONLY, SELECT-INTO).
	{"PLS-00204", "AGENTMEM_RECORD_WRITE.pkb", "l_days := case when has_value(l_days_key, i) then ttl_value(l_days_key, i) end;", "l_days := decode(has_value(l_days_key, i), true, ttl_value(l_days_key, i));", "caught"},
	{"PLS-00204", "AGENTMEM_UTIL.pkb", "l_length := nvl(dbms_lob.getlength(lob_loc => p_text), 0);", "l_length := count(dbms_lob.getlength(lob_loc => p_text));", "caught"},
	{"ORA-00947", "AGENTMEM_STORE_CATALOG.pkb", "select max(status), max(domidx_opstatus) into l_status, l_opstatus from sys.all_indexes", "select max(status) into l_status, l_opstatus from sys.all_indexes", "caught"},
	{"PLS-00403", "AGENTMEM_UTIL.pkb", "select count(*) into l_count from sys.session_privs", "select count(*) into co_shown_chars from sys.session_privs", "caught"},
	// '=' and ':=' swapped (ASSIGN-OP).
	{"PLS-00103", "AGENTMEM_RECORD_WRITE.pkb", "    l_key.name := p_name;", "    l_key.name = p_name;", "caught"},
	{"PLS-00103", "AGENTMEM_RECORD_WRITE.pkb", "      if l_key.list.get_size <> p_count then", "      if l_key.list.get_size := p_count then", "caught"},
	// Classes older rules cover.
	{"PLS-00302", "AGENTMEM_RECORD_WRITE.pkb", "|| p_prefix || p_name || ' ' || agentmem_util.shown(l_element)", "|| p_prefix || p_name || ' ' || agentmem_util.show(l_element)", "caught"},
	{"PLS-00306", "AGENTMEM_UTIL.pkb", "dbms_lob.writeappend(lob_loc => l_blob, amount => utl_raw.length(l_raw), buffer => l_raw);", "dbms_lob.writeappend(lob_loc => l_blob, amount => utl_raw.length(l_raw), buf => l_raw);", "caught"},
	{"PLS-00306", "AGENTMEM_RECORD_WRITE.pkb", "fail('INVALID_ARGUMENT: ' || key_path(p_key, i) || ' ' || agentmem_util.shown(entry(p_key, i))", "fail('INVALID_ARGUMENT: ' || key_path(p_key) || ' ' || agentmem_util.shown(entry(p_key, i))", "caught"},
	{"PLS-00103", "AGENTMEM_UTIL.pkb", "        return null;\n      end if;\n      l_raw :=", "        return null;\n\n      l_raw :=", "caught"},
	{"PLS-00103", "AGENTMEM_UTIL.pkb", "    return l_blob;\n  end base64_to_blob;", "    return l_blob\n  end base64_to_blob;", "caught"},
	{"PLS-00113", "AGENTMEM_UTIL.pkb", "  end iso_utc;", "  end iso_utc_text;", "caught"},
	{"PLS-00103", "AGENTMEM_RECORD_WRITE.pkb", "    elsif p_key.is_list then", "    else if p_key.is_list then", "caught"},
	// Classes the IDENT / DUP-DECL / IN-PARAM-WRITE branch covers.
	{"PLS-00201", "AGENTMEM_UTIL.pkb", "    return l_count > 0;", "    return l_cnt > 0;", "caught"},
	{"PLS-00201", "AGENTMEM_UTIL.pkb", "where privilege = p_privilege;", "where privilege = p_priv;", "caught"},
	{"PLS-00371", "AGENTMEM_RECORD_WRITE.pkb", "    l_key     t_key;\n    l_element json_element_t;", "    l_key     t_key;\n    l_key json_element_t;", "caught"},
	{"PLS-00363", "AGENTMEM_RECORD_WRITE.pkb", "    l_key.prefix := p_prefix;", "    p_prefix := l_key.prefix;", "caught"},
	// A collection method on a function result (METHOD-ON-CALL): outside the
	// documented collection_method_call syntax, whose prefix is the name of a
	// collection. LIST-MEMBER-GUARD (a logic rule) and CASE-OBJECT
	// (undocumented, refused by convention) plant no compile error: not here.
	{"syntax", "AGENTMEM_RECORD_WRITE.pkb", "      for i in 1 .. l_keys.count loop", "      for i in 1 .. l_req.get_keys.count loop", "caught"},
	// Classes only the database decides (types of expressions, attributes of
	// object types, built-in SQL function signatures).
	{"PLS-00382", "AGENTMEM_UTIL.pkb", "    l_element := p_obj.get(p_key);\n    if l_element.is_null then\n      p_is_null := true;", "    l_element := p_obj.get(p_key);\n    if l_element then\n      p_is_null := true;", "missed"},
	{"ORA-00904", "AGENTMEM_UTIL.pkb", "where privilege = p_privilege;", "where privilage = p_privilege;", "caught"}, // DICT-COLUMN: a dictionary view
	{"PLS-00302", "AGENTMEM_RECORD_WRITE.pkb", "    l_key.name := p_name;", "    l_element.name := p_name;", "missed"},
	{"PLS-00306", "AGENTMEM_RECORD_WRITE.pkb", "|| p_prefix || p_name || ' ' || agentmem_util.shown(l_element)", "|| p_prefix || p_name || ' ' || agentmem_util.shown(p_count)", "missed"},
	{"PLS-00306", "AGENTMEM_UTIL.pkb", "nvl(l_version, 'no release (PRODUCT_COMPONENT_VERSION.VERSION_FULL is empty)')", "nvl(l_version, 'no release (PRODUCT_COMPONENT_VERSION.VERSION_FULL is empty)', 1)", "missed"},
}

// newRules are the rules this measurement was written for; the "before"
// figure leaves their findings out.
var newRules = map[string]bool{"IDENT": true, "DUP-DECL": true, "IN-PARAM-WRITE": true, "SELECT-INTO": true, "CALL-KIND": true, "INIT-TYPE": true, "RETURN-VALUE": true, "DECL-INIT": true, "ASSIGN-OP": true, "SQL-ONLY": true}

func TestRecallOfCompileErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("recall measurement checks the tree once per mutation")
	}
	base, err := Load(filepath.Join("..", ".."), "sql")
	require.NoError(t, err)
	baseline := findingKeys(Run(base))
	caught, caughtBefore := 0, 0
	for _, m := range recallMutations {
		path := "sql/packages/" + m.file
		p := &Project{Root: base.Root, Go: base.Go, Docs: base.Docs}
		applied := false
		for _, f := range base.SQL {
			if f.Path != path {
				p.SQL = append(p.SQL, f)
				continue
			}
			require.Equal(t, 1, strings.Count(f.Src, m.find), "%s: %q must occur exactly once in %s", m.code, m.find, path)
			require.Equal(t, strings.Count(m.find, "\n"), strings.Count(m.repl, "\n"), "%s: the replacement must keep the line count", m.code)
			p.SQL = append(p.SQL, NewFile(f.Path, strings.Replace(f.Src, m.find, m.repl, 1)))
			applied = true
		}
		require.True(t, applied, "%s: no file %s", m.code, path)
		var rules, oldRules []string
		for _, f := range newFindings(baseline, Run(p)) {
			rules = append(rules, f.Rule)
			if !newRules[f.Rule] {
				oldRules = append(oldRules, f.Rule)
			}
		}
		if len(rules) > 0 {
			caught++
		}
		if len(oldRules) > 0 {
			caughtBefore++
		}
		t.Logf("%-9s %-26s %-9s caught by %v", m.code, m.file, m.expect, rules)
		switch {
		case m.expect == "caught" && len(rules) == 0:
			t.Errorf("%s planted in %s (%q -> %q) is no longer caught", m.code, m.file, m.find, m.repl)
		case m.expect == "missed" && len(rules) > 0:
			t.Errorf("%s planted in %s is now caught by %v: mark it \"caught\" and update docs/checker.md", m.code, m.file, rules)
		}
	}
	t.Logf("recall: %d of %d mutations caught (%d without %s)", caught, len(recallMutations), caughtBefore, "the rules of the recall work")
}

func findingKeys(fs []Finding) map[string]int {
	out := map[string]int{}
	for _, f := range fs {
		out[f.File+"|"+f.Rule+"|"+f.Msg]++
	}
	return out
}

// newFindings returns the findings of got beyond those of the baseline
// (compared without positions, as a multiset).
func newFindings(baseline map[string]int, got []Finding) []Finding {
	left := map[string]int{}
	for k, v := range baseline {
		left[k] = v
	}
	var out []Finding
	for _, f := range got {
		k := f.File + "|" + f.Rule + "|" + f.Msg
		if left[k] > 0 {
			left[k]--
			continue
		}
		out = append(out, f)
	}
	return out
}
