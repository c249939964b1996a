package plsqlcheck

import (
	"fmt"

	"github.com/agentmem/agentmem/internal/plsql"
)

// SQL-CALL: PL/SQL that the SQL engine cannot call, used inside static SQL.
//   - SQLCODE and SQLERRM: "A SQL statement cannot invoke SQLERRM"
//     (https://docs.oracle.com/en/database/oracle/oracle-database/26/lnpls/SQLERRM-function.html);
//     PLS-00231 at compile time (https://docs.oracle.com/en/error-help/db/pls-00231).
//   - A function a package body defines but its spec does not declare
//     (private or nested): PLS-00231, "function may not be used in SQL".
//   - A function of a package whose spec has ACCESSIBLE BY: "The ACCESSIBLE
//     BY clause allows access only when the call is direct. For access via
//     static SQL, DBMS_SQL or dynamic SQL, the check fails"
//     (https://docs.oracle.com/cd/F82042_01/lnpls/ACCESSIBLE-BY-clause.html,
//     23ai PL/SQL Language Reference, usage notes), even from the package
//     itself; the call then fails at run time.
const (
	docPLS00231     = "https://docs.oracle.com/en/error-help/db/pls-00231"
	docAccessibleBy = "https://docs.oracle.com/cd/F82042_01/lnpls/ACCESSIBLE-BY-clause.html"
)

func init() {
	Register(Rule{
		ID: "SQL-CALL",
		Summary: "static SQL calls no PL/SQL-only function: SQLCODE/SQLERRM, a body-private function (PLS-00231), " +
			"or a function of an ACCESSIBLE BY package (the accessor check fails from SQL)",
		Check: checkSQLCall,
	})
}

func checkSQLCall(p *Project) []Finding {
	pkgs := p.Packages()
	restricted := map[string]map[string]bool{} // ACCESSIBLE BY package -> its spec functions
	for name, pk := range pkgs {
		if pk.Spec != nil && specAccessibleBy(pk.Spec) {
			restricted[name] = functionNames(pk.SpecSubs)
		}
	}
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			private := privateFunctions(u, pkgs)
			for _, r := range sqlRegions(u) {
				out = append(out, sqlCallProblems(u, r, private, restricted)...)
			}
		}
	}
	return out
}

func functionNames(subs []Subprogram) map[string]bool {
	m := map[string]bool{}
	for _, s := range subs {
		if s.Kind == "FUNCTION" {
			m[s.Name] = true
		}
	}
	return m
}

// privateFunctions: in a package body, the functions defined anywhere in it
// (nested ones included) whose name its spec does not declare as a function.
func privateFunctions(u *unit, pkgs map[string]*Package) map[string]bool {
	if u.kind != "PACKAGE BODY" {
		return nil
	}
	public := map[string]bool{}
	if pk := pkgs[u.name]; pk != nil {
		public = functionNames(pk.SpecSubs)
	}
	m := map[string]bool{}
	for _, sd := range u.subs {
		if sd.Kind == "FUNCTION" && !public[sd.Name] {
			m[sd.Name] = true
		}
	}
	return m
}

func sqlCallProblems(u *unit, r sqlRegion, private map[string]bool, restricted map[string]map[string]bool) []Finding {
	var out []Finding
	toks := u.toks
	for k := r.start; k < r.end; k++ {
		t := toks[k]
		if t.Kind != plsql.Ident || (k > r.start && toks[k-1].Is(".")) {
			continue
		}
		name := identName(t)
		call := k+1 < r.end && toks[k+1].Is("(")
		switch {
		case name == "SQLCODE" || name == "SQLERRM":
			out = append(out, at(u.file, t, "SQL-CALL", fmt.Sprintf(
				"%s inside a SQL statement: SQL cannot invoke it (PLS-00231, %s); assign it to a local variable "+
					"first and use the variable", name, docPLS00231)))
		case k+2 < r.end && toks[k+1].Is(".") && isWord(toks[k+2]):
			member := identName(toks[k+2])
			if fns, ok := restricted[name]; ok && fns[member] {
				out = append(out, at(u.file, t, "SQL-CALL", fmt.Sprintf(
					"%s.%s is called inside a SQL statement, but %s has ACCESSIBLE BY: the accessor check fails "+
						"for calls made through SQL (%s); call it in PL/SQL, keep the result in a variable and use that",
					name, member, name, docAccessibleBy)))
			} else if name == u.name && private[member] {
				out = append(out, at(u.file, t, "SQL-CALL", privateMessage(name+"."+member)))
			}
			k += 2
		case call && private[name]:
			out = append(out, at(u.file, t, "SQL-CALL", privateMessage(name)))
		case call && restricted[u.name][name]:
			out = append(out, at(u.file, t, "SQL-CALL", fmt.Sprintf(
				"%s is called inside a SQL statement of its own package %s, which has ACCESSIBLE BY: the accessor "+
					"check fails for calls made through SQL (%s); call it in PL/SQL and use a variable",
				name, u.name, docAccessibleBy)))
		}
	}
	return out
}

func privateMessage(ref string) string {
	return fmt.Sprintf("%s is called inside a SQL statement, but it is not declared in the package spec: SQL can "+
		"call only functions of a spec (PLS-00231, %s); call it in PL/SQL and use a variable", ref, docPLS00231)
}
