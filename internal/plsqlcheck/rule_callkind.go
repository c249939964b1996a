package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// CALL-KIND: functions are used as values and procedures as statements.
//   - A call statement naming a function, "l_api.get_text(p_x);":
//     PLS-00221, "'string' is not a procedure or is undefined"
//     (https://docs.oracle.com/en/error-help/db/pls-00221).
//   - A procedure used where a value is expected, "l_x := pkg.do_it(1);":
//     PLS-00222, "no function with name 'string' exists in this scope", or for
//     a parameterless procedure PLS-00223, "paramaterless procedure 'string'
//     used as function" (https://docs.oracle.com/en/error-help/db/pls-00223).
//
// Names are resolved as PKG-CALL and ORA-API do: the project's packages (a
// package body also sees its private and nested subprograms, and a local
// variable or parameter of the same name hides them), and the Oracle catalog
// (catalog_*.go, kinds in catalog_kinds.go) including methods of variables
// declared JSON_OBJECT_T / JSON_ARRAY_T. When overloads of one name differ in
// kind, only those that accept the call's arguments count; a mix says nothing.
// Static SQL is not judged (a column there may carry the same name).
func init() {
	Register(Rule{
		ID:      "CALL-KIND",
		Summary: "a function is not called as a statement (PLS-00221) and a procedure is not used as a value (PLS-00222/PLS-00223), for project and cataloged Oracle subprograms",
		Check:   checkCallKind,
	})
}

func checkCallKind(p *Project) []Finding {
	pkgs := p.Packages()
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		out = append(out, callKindProblems(u, pkgs)...)
	}
	return out
}

// valueOperators and valueKeywords are tokens after which a name is read as
// a value.
var (
	valueOperators = map[string]bool{
		":=": true, "(": true, ",": true, "=>": true, "||": true, "+": true, "-": true, "*": true, "/": true,
		"=": true, "<>": true, "!=": true, "~=": true, "^=": true, "<": true, ">": true, "<=": true, ">=": true, "..": true,
	}
	valueKeywords = []string{"RETURN", "IF", "ELSIF", "WHILE", "WHEN", "AND", "OR", "NOT", "IN", "USING", "THEN", "ELSE"}
)

// isValueOpener compares without upper-casing (no allocation per token).
func isValueOpener(t plsql.Token) bool {
	switch t.Kind {
	case plsql.Op:
		return valueOperators[t.Text]
	case plsql.Ident:
		for _, w := range valueKeywords {
			if t.Is(w) {
				return true
			}
		}
	}
	return false
}

// callRef is a resolved reference to a subprogram.
type callRef struct {
	display string
	kinds   []string // kinds of the overloads that accept the call (or of all, when none does)
	end     int      // token index just past the reference and its argument list
}

func callKindProblems(u *unit, pkgs map[string]*Package) []Finding {
	toks := u.toks
	starts := map[int]bool{}
	for _, s := range u.simples {
		starts[s.start] = true
	}
	sql := sqlRegions(u)
	jsonVars := unitJSONVars(u)
	var own *Package
	if pk := pkgs[u.name]; u.kind == "PACKAGE BODY" && pk != nil {
		own = pk
	}
	// Only names that can start a subprogram reference are resolved.
	candidates := map[string]bool{}
	for _, sd := range u.subs {
		candidates[sd.Name] = true
	}
	if own != nil {
		for _, s := range own.SpecSubs {
			candidates[s.Name] = true
		}
	}
	for name := range jsonVars {
		candidates[name] = true
	}
	var out []Finding
	for k, t := range toks {
		if !isWord(t) || (k > 0 && (toks[k-1].Is(".") || toks[k-1].Is("%"))) {
			continue
		}
		stmtPos := starts[k]
		valuePos := !stmtPos && k > 0 && isValueOpener(toks[k-1])
		if !stmtPos && !valuePos {
			continue
		}
		name := identName(t)
		if _, cataloged := oraCatalog[name]; !candidates[name] && !cataloged && pkgs[name] == nil {
			continue
		}
		if valuePos && (inRanges(sql, k) || inPragma(toks, k)) {
			continue
		}
		ref, ok := resolveCall(u, pkgs, own, jsonVars, k)
		if !ok || len(ref.kinds) == 0 {
			continue
		}
		switch {
		case stmtPos && ref.end < len(toks) && toks[ref.end].Is(";") && allKind(ref.kinds, "FUNCTION"):
			out = append(out, at(u.file, t, "CALL-KIND", fmt.Sprintf(
				"%s is a function, called here as a statement (PLS-00221, https://docs.oracle.com/en/error-help/db/pls-00221); use its result (l_x := %s(...)) or call the procedure meant",
				ref.display, ref.display)))
		case valuePos && allKind(ref.kinds, "PROCEDURE"):
			out = append(out, at(u.file, t, "CALL-KIND", fmt.Sprintf(
				"%s is a procedure, used here as a value (PLS-00222, or PLS-00223 without arguments, https://docs.oracle.com/en/error-help/db/pls-00223); call it as a statement and read its OUT parameter",
				ref.display)))
		}
	}
	return out
}

func allKind(kinds []string, want string) bool {
	for _, k := range kinds {
		if k != want {
			return false
		}
	}
	return true
}

// inPragma reports whether token k sits in a PRAGMA (pragma inline(proc, 'YES')
// names a procedure without calling it).
func inPragma(toks []plsql.Token, k int) bool {
	for j := k - 1; j >= 0; j-- {
		if toks[j].Is(";") || toks[j].Is("BEGIN") || toks[j].Is("IS") || toks[j].Is("AS") {
			return false
		}
		if toks[j].Is("PRAGMA") {
			return true
		}
	}
	return false
}

// resolveCall resolves the name starting at token k to subprogram overloads.
func resolveCall(u *unit, pkgs map[string]*Package, own *Package, jsonVars map[string]string, k int) (callRef, bool) {
	toks := u.toks
	name := identName(toks[k])
	dotted := k+2 < len(toks) && toks[k+1].Is(".") && isWord(toks[k+2])
	if dotted && k+4 < len(toks) && toks[k+3].Is(".") {
		return callRef{}, false // a.b.c: a record path or schema-qualified name
	}
	if dotted {
		member := identName(toks[k+2])
		if pk := pkgs[name]; pk != nil && pk.Spec != nil && !localName(u, name, k) {
			return projectRef(toks, strings.ToLower(name+"."+member), pkgSubs(pk, member, own == pk), k+3)
		}
		pkg := name
		if typ, ok := jsonVars[name]; ok {
			// The declaration visible here must be the JSON one.
			if decl := typeOfName(u, pkgs, name, k); len(decl) == 0 || decl[0].Upper() != typ {
				return callRef{}, false
			}
			pkg = typ
		} else if localName(u, name, k) {
			return callRef{}, false
		}
		subs, known := catalogLookup(pkg, member)
		if !known || len(subs) == 0 {
			return callRef{}, false
		}
		if _, isVar := jsonVars[name]; !isVar && subs[0].Member {
			return callRef{}, false
		}
		args, end, _ := argsAt(toks, k+3)
		var all, accepting []string
		for _, s := range subs {
			kind := oraKind(s)
			if kind == "" {
				return callRef{}, false
			}
			all = append(all, kind)
			if callProblems(s.Params, args) == nil {
				accepting = append(accepting, kind)
			}
		}
		if len(accepting) == 0 {
			accepting = all
		}
		return callRef{display: strings.ToLower(name + "." + member), kinds: accepting, end: end}, true
	}
	if k+1 < len(toks) && toks[k+1].Is("=>") {
		return callRef{}, false
	}
	subs, ok := visibleSubs(u, own, name, k)
	if !ok {
		return callRef{}, false
	}
	return projectRef(toks, strings.ToLower(name), subs, k+1)
}

// argsAt parses an argument list starting at toks[i] when it is "(".
func argsAt(toks []plsql.Token, i int) ([]callArg, int, bool) {
	if i < len(toks) && toks[i].Is("(") {
		if args, end, ok := parseArgs(toks, i); ok {
			return args, end, true
		}
	}
	return nil, i, false
}

func projectRef(toks []plsql.Token, display string, subs []Subprogram, after int) (callRef, bool) {
	if len(subs) == 0 {
		return callRef{}, false
	}
	args, end, _ := argsAt(toks, after)
	var all, accepting []string
	for _, s := range subs {
		all = append(all, s.Kind)
		if callProblems(oraParams(s), args) == nil {
			accepting = append(accepting, s.Kind)
		}
	}
	if len(accepting) == 0 {
		accepting = all
	}
	return callRef{display: display, kinds: accepting, end: end}, true
}

// localName reports whether name is declared as a parameter, variable or
// other item in a scope enclosing token k (it then hides a package of the
// same name).
func localName(u *unit, name string, k int) bool {
	for sc := u.innermost(k); sc != nil; sc = sc.parent {
		if sc.sub != nil {
			for _, prm := range sc.sub.Params {
				if prm.Name == name {
					return true
				}
			}
		}
		for _, d := range sc.decls {
			if d.name == name {
				return true
			}
		}
	}
	return false
}

// visibleSubs finds the subprograms a bare name denotes at token k: the
// nearest section declaring the name decides; a parameter or item there
// means it is no subprogram. In a package body the spec's subprograms are
// visible too.
func visibleSubs(u *unit, own *Package, name string, k int) ([]Subprogram, bool) {
	for sc := u.innermost(k); sc != nil; sc = sc.parent {
		if sc.sub != nil {
			for _, prm := range sc.sub.Params {
				if prm.Name == name {
					return nil, false
				}
			}
		}
		for _, d := range sc.decls {
			if d.name == name {
				return nil, false
			}
		}
		var subs []Subprogram
		for _, s := range sc.subs {
			if s.Name == name {
				subs = append(subs, s.Subprogram)
			}
		}
		if sc.kind == "PACKAGE BODY" && own != nil {
			if specSubs := pkgSubs(own, name, false); len(specSubs) > 0 {
				subs = specSubs
			}
			if own.specUnit != nil && own.specUnit.root != nil {
				for _, d := range own.specUnit.root.decls {
					if d.name == name {
						return nil, false
					}
				}
			}
		}
		if len(subs) > 0 {
			return subs, true
		}
	}
	return nil, false
}

// unitJSONVars maps the variables, constants and parameters of a unit
// declared with a cataloged JSON object type to that type (as ORA-API's
// jsonVariables does from the tokens, but from the parsed declarations). A
// name declared with different types in different scopes is left out.
func unitJSONVars(u *unit) map[string]string {
	out := map[string]string{}
	conflict := map[string]bool{}
	add := func(name, typ string) {
		if _, cataloged := oraCatalog[typ]; !cataloged || !strings.HasPrefix(typ, "JSON_") {
			return
		}
		if prev, seen := out[name]; seen && prev != typ {
			conflict[name] = true
		}
		out[name] = typ
	}
	for _, sc := range u.scopes {
		for _, d := range sc.decls {
			if d.kind != "VARIABLE" && d.kind != "CONSTANT" {
				continue
			}
			if typ, _ := declType(u.toks, d.idx); len(typ) == 1 && typ[0].Kind == plsql.Ident {
				add(d.name, typ[0].Upper())
			}
		}
	}
	for _, sd := range u.subs {
		for _, prm := range sd.Params {
			add(prm.Name, prm.Type)
		}
	}
	for n := range conflict {
		delete(out, n)
	}
	return out
}
