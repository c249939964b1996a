package plsqlcheck

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The tree's owner qualifiers, taken away again one file at a time: every
// site must come back as a SCHEMA-QUALIFIED finding on its line. This is the
// rule proven on the code it was written for (static dictionary queries,
// FROM DUAL in static and dynamic SQL, Oracle packages in dynamic SQL and in
// dynamic blocks).
var ownerQualifier = regexp.MustCompile(`\b(sys|ctxsys)\.([a-z_$#]+)`)

func TestSchemaQualifiedCatchesEveryUnqualifiedSite(t *testing.T) {
	p, err := Load(filepath.Join("..", ".."), "sql")
	require.NoError(t, err)
	require.Empty(t, checkSchemaQualified(p), "the tree must be clean before planting")
	sites := 0
	for _, f := range p.SQL {
		if !inPackageDir(f.Path) || !strings.HasSuffix(f.Path, ".pkb") || !readBySchemaQualified(p, f) {
			continue
		}
		lines := strings.Split(f.Src, "\n")
		want := map[int]int{} // line -> qualifiers removed
		for i, line := range lines {
			code := line
			if c := strings.Index(code, "--"); c >= 0 {
				code = code[:c] // comments are not SQL
			}
			if strings.Contains(strings.ToLower(code), "grant execute on") {
				continue // an error message telling a DBA what to grant, not SQL the package runs
			}
			lines[i] = ownerQualifier.ReplaceAllStringFunc(code, func(m string) string {
				name := strings.ToUpper(ownerQualifier.FindStringSubmatch(m)[2])
				if oracleOwner(name) == "" {
					return m // ctxsys.context: an index type in DDL, not read
				}
				want[i+1]++
				return strings.ToLower(name)
			}) + line[len(code):]
		}
		if len(want) == 0 {
			continue
		}
		mutated := &Project{Root: p.Root}
		for _, g := range p.SQL {
			if g == f {
				g = NewFile(f.Path, strings.Join(lines, "\n"))
			}
			mutated.SQL = append(mutated.SQL, g)
		}
		got := map[int]int{}
		for _, fd := range checkSchemaQualified(mutated) {
			require.Equal(t, f.Path, fd.File, "a finding outside the mutated file: %s", fd.Msg)
			got[fd.Line]++
		}
		for line, n := range want {
			sites += n
			require.GreaterOrEqual(t, got[line], 1, "%s:%d: %d qualifier(s) removed, SCHEMA-QUALIFIED reports nothing",
				f.Path, line, n)
		}
		for line := range got {
			require.Contains(t, want, line, "%s:%d: a finding where no qualifier was removed", f.Path, line)
		}
	}
	require.GreaterOrEqual(t, sites, 49, "fewer planted sites than the fixes of the rule's first run")
	t.Logf("%d unqualified sites planted, each reported", sites)
}

// Every sql_object(...) that follows a literal ending in an object keyword
// (from, join, into, update, using) in a query or DML is replaced by
// sql_name(...), which gives one name part: each must be reported at the
// piece. The oracle is textual and independent of the rule's rebuilding of
// the text.
var objectKeywordBefore = regexp.MustCompile(`(?i)\b(from|join|into|update)\s*'\s*\|\|\s*$`)

func TestSchemaQualifiedRequiresSQLObjectInObjectPositions(t *testing.T) {
	p, err := Load(filepath.Join("..", ".."), "sql")
	require.NoError(t, err)
	const call = "agentmem_util.sql_object("
	total := 0
	for _, f := range p.SQL {
		if !inPackageDir(f.Path) || !strings.HasSuffix(f.Path, ".pkb") || !strings.Contains(f.Src, call) ||
			!readBySchemaQualified(p, f) {
			continue
		}
		src := f.Src
		var out strings.Builder
		want := map[int]bool{}
		for {
			i := strings.Index(src, call)
			if i < 0 {
				out.WriteString(src)
				break
			}
			before := out.String() + src[:i]
			line := strings.Count(before, "\n") + 1
			if isDMLText(before) && objectKeywordBefore.MatchString(before) {
				want[line] = true
			}
			// sql_name takes (name [, what]): drop the owner argument.
			out.WriteString(src[:i] + "agentmem_util.sql_name(")
			rest := src[i+len(call):]
			comma := strings.Index(rest, ",")
			require.Greater(t, comma, 0)
			src = rest[comma+1:]
		}
		if len(want) == 0 {
			continue
		}
		mutated := &Project{Root: p.Root}
		for _, g := range p.SQL {
			if g == f {
				g = NewFile(f.Path, out.String())
			}
			mutated.SQL = append(mutated.SQL, g)
		}
		got := map[int]bool{}
		for _, fd := range checkSchemaQualified(mutated) {
			if fd.File == f.Path && strings.Contains(fd.Msg, "is concatenated where") {
				got[fd.Line] = true
			}
		}
		for line := range want {
			total++
			require.True(t, got[line], "%s:%d: sql_object replaced by sql_name in an object position, nothing reported",
				f.Path, line)
		}
	}
	require.Greater(t, total, 40, "the tree builds most store SQL with sql_object")
	t.Logf("%d object positions built by sql_object, each reported once it is sql_name", total)
}

// isDMLText reports whether the statement text before the end of src (from
// the last EXECUTE IMMEDIATE, OPEN ... FOR or ":=" of a text variable) is a
// query or DML: the object keywords of DDL (GRANT ... ON, CREATE INDEX ...
// ON) are not read by the rule.
func isDMLText(src string) bool {
	k := strings.LastIndex(strings.ToLower(src), "immediate")
	if j := strings.LastIndex(src, ":="); j > k {
		k = j
	}
	if k < 0 {
		return false
	}
	q := strings.Index(src[k:], "'")
	if q < 0 {
		return false
	}
	text := strings.ToLower(strings.TrimSpace(src[k+q+1:]))
	for _, verb := range []string{"select", "with", "insert", "update", "delete", "merge"} {
		if strings.HasPrefix(text, verb) {
			return true
		}
	}
	return false
}

// A definer's rights unit is not read; the same SQL in an invoker's rights
// one is reported.
func TestSchemaQualifiedReadsOnlyInvokersRights(t *testing.T) {
	unit := func(authid string) *Project {
		spec := fmt.Sprintf("create or replace package fx_a authid %s as\n  function n return number;\nend fx_a;\n/\n", authid)
		body := "create or replace package body fx_a as\n  function n return number is\n    l_n number;\n  begin\n" +
			"    select count(*) into l_n from all_tables;\n    return l_n;\n  end n;\nend fx_a;\n/\n"
		return &Project{SQL: []*File{NewFile("sql/packages/fx_a.pks", spec), NewFile("sql/packages/fx_a.pkb", body)}}
	}
	require.Len(t, checkSchemaQualified(unit("current_user")), 1)
	require.Empty(t, checkSchemaQualified(unit("definer")))
}

func TestStringValue(t *testing.T) {
	require.Equal(t, "it's", stringValue(`'it''s'`))
	require.Equal(t, "a 'b' c", stringValue(`q'[a 'b' c]'`))
	require.Equal(t, "x", stringValue(`N'x'`))
	require.Equal(t, "from dual", stringValue(`nq'{from dual}'`))
}

// A CASE in dynamic text: the first branch stands in the rebuilt statement,
// the others are read on their own, so an unqualified name in any branch is
// reported.
func TestSchemaQualifiedReadsEveryCaseBranch(t *testing.T) {
	spec := "create or replace package fx_c authid current_user as\n  function n(p_all in boolean) return number;\nend fx_c;\n/\n"
	body := "create or replace package body fx_c as\n  function n(p_all in boolean) return number is\n    l_n number;\n  begin\n" +
		"    execute immediate 'select count(*) from '\n" +
		"      || case when p_all then 'sys.all_tables' else 'user_tables' end into l_n;\n" +
		"    return l_n;\n  end n;\nend fx_c;\n/\n"
	fs := checkSchemaQualified(&Project{SQL: []*File{NewFile("sql/packages/fx_c.pks", spec), NewFile("sql/packages/fx_c.pkb", body)}})
	require.Len(t, fs, 1)
	require.Equal(t, 6, fs[0].Line)
	require.Contains(t, fs[0].Msg, "USER_TABLES")
}

// V$ names are public synonyms for SYS.V_$ views: the message names the view.
func TestSchemaQualifiedDynamicPerformanceViews(t *testing.T) {
	spec := "create or replace package fx_v authid current_user as\n  function compatible return varchar2;\nend fx_v;\n/\n"
	body := "create or replace package body fx_v as\n  function compatible return varchar2 is\n    l_value varchar2(4000 char);\n  begin\n" +
		"    select value into l_value from v$parameter where name = 'compatible';\n" +
		"    select value into l_value from sys.v_$parameter where name = 'compatible';\n" +
		"    return l_value;\n  end compatible;\nend fx_v;\n/\n"
	fs := checkSchemaQualified(&Project{SQL: []*File{NewFile("sql/packages/fx_v.pks", spec), NewFile("sql/packages/fx_v.pkb", body)}})
	require.Len(t, fs, 1)
	require.Equal(t, 5, fs[0].Line)
	require.Contains(t, fs[0].Msg, "write SYS.V_$PARAMETER")
}

// readBySchemaQualified tells whether the rule reads all of f: a file with an
// invoker's rights unit. A definer's rights package (AGENTMEM_END_USER,
// AGENTMEM_VPD) resolves its SQL in its owner's schema and is read only in
// its VPD policy functions' predicates, which the fx_policy fixtures prove;
// planting elsewhere in it would prove nothing.
func readBySchemaQualified(p *Project, f *File) bool {
	for _, u := range p.unitsOf(f) {
		if u.plsql && invokerRights(p, u) {
			return true
		}
	}
	return false
}
