package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// SQL builders (part of DYN-SQL). A function marked with the comment
// "-- agentmem:sql-builder" on the line before its header (in the spec, or
// on the body definition of a private function) returns a piece of SQL
// text, such as the predicate the metadata-filter compiler makes. DYN-SQL
// accepts its result wherever SQL text is built, and in exchange checks
// every RETURN expression of the function with the same rule as a sink: the
// returned text may be built only from safe pieces, so the trust is earned,
// not declared.

const sqlBuilderMarker = "agentmem:sql-builder"

// isSQLBuilderMarker accepts "-- agentmem:sql-builder", optionally followed
// by a reason after a blank.
func isSQLBuilderMarker(comment string) bool {
	if !strings.HasPrefix(comment, "--") {
		return false
	}
	f := strings.Fields(strings.TrimPrefix(comment, "--"))
	return len(f) > 0 && f[0] == sqlBuilderMarker
}

// markedOnLineBefore reports whether the line before line holds a marker
// comment in f.
func markedOnLineBefore(f *File, line int) bool {
	for _, t := range f.Tokens {
		if t.Line == line-1 && t.Kind == plsql.Comment && isSQLBuilderMarker(t.Text) {
			return true
		}
		if t.Line >= line {
			break
		}
	}
	return false
}

// dynBuilders collects, per package, the marked functions whose body is
// in the project (only a body that is checked can vouch for its results),
// and findings for markers that cannot be honoured.
func (a *dynAnalysis) dynBuilders() {
	a.builders = map[string]map[string]bool{}
	for _, name := range sortedKeys(a.p.Packages()) {
		pk := a.p.Packages()[name]
		marked := map[string]bool{}
		for _, u := range []*unit{pk.specUnit, pk.bodyUnit} {
			if u == nil || u.root == nil {
				continue
			}
			for _, sd := range u.root.subs {
				if !markedOnLineBefore(u.file, sd.kwTok.Line) {
					continue
				}
				if sd.Kind != "FUNCTION" {
					a.builderFindings = append(a.builderFindings, Finding{File: u.file.Path, Line: sd.kwTok.Line,
						Col: sd.kwTok.Col, Rule: "DYN-SQL", Msg: fmt.Sprintf(
							"'-- %s' marks %s %s.%s: only a function returns SQL text",
							sqlBuilderMarker, strings.ToLower(sd.Kind), strings.ToLower(name), strings.ToLower(sd.Name))})
					continue
				}
				marked[sd.Name] = true
			}
		}
		if len(marked) == 0 || pk.Body == nil {
			continue
		}
		df := a.file(pk.Body)
		if df == nil {
			continue
		}
		for _, r := range df.regions {
			if marked[r.name] {
				if a.builders[name] == nil {
					a.builders[name] = map[string]bool{}
				}
				a.builders[name][r.name] = true
			}
		}
	}
}

// isBuilder reports whether pkg.name is a checked SQL builder.
func (a *dynAnalysis) isBuilder(pkg, name string) bool {
	return a.builders[pkg][name]
}

// builderReturns lists the RETURN expressions of the builders defined in
// the file, as sinks: what a builder returns is SQL text.
func (d *dynFile) builderReturns() []dynSink {
	if d.pkg == nil || len(d.a.builders[d.pkgName]) == 0 {
		return nil
	}
	var out []dynSink
	t := d.toks
	for ri, r := range d.regions {
		if !d.a.builders[d.pkgName][r.name] || d.enclosing(ri) >= 0 {
			continue
		}
		for k := r.start; k <= r.end && k < len(t); k++ {
			if !t[k].Is("RETURN") || !statementStart(t, k) || d.regionAt(k) != ri {
				continue
			}
			end := exprEnd(t, k+1)
			out = append(out, dynSink{kind: "the return value of sql-builder " + strings.ToLower(r.name),
				tok: t[k], at: k, expr: t[k+1 : end]})
		}
	}
	return out
}

// policyReturns lists the RETURN expressions of VPD policy functions: the
// functions of a package body with the parameters DBMS_RLS passes, exactly
// (p_schema, p_object) (the fixed signature of the security contract;
// DBMS_RLS.ADD_POLICY's policy_function "must have the following interface:
// FUNCTION function_name (object_schema IN VARCHAR2, object_name VARCHAR2)
// RETURN VARCHAR2", PL/SQL Packages and Types Reference, DBMS_RLS). The
// predicate a policy function returns is SQL text the database adds to every
// statement on the table, so it is checked as dynamic SQL is.
func (d *dynFile) policyReturns() []dynSink {
	if d.pkg == nil {
		return nil
	}
	var out []dynSink
	t := d.toks
	for ri, r := range d.regions {
		if len(r.params) != 2 || r.params[0].name != "P_SCHEMA" || r.params[1].name != "P_OBJECT" ||
			!t[r.start].Is("FUNCTION") || d.enclosing(ri) >= 0 {
			continue
		}
		for k := r.start; k <= r.end && k < len(t); k++ {
			if !t[k].Is("RETURN") || !statementStart(t, k) || d.regionAt(k) != ri {
				continue
			}
			end := exprEnd(t, k+1)
			out = append(out, dynSink{kind: "the predicate of policy function " + strings.ToLower(r.name),
				tok: t[k], at: k, expr: t[k+1 : end]})
		}
	}
	return out
}
