package plsqlcheck

import (
	"fmt"
	"sort"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// IN-PARAM-WRITE reports code that writes to a name PL/SQL makes read-only:
// an IN parameter (of a subprogram or a cursor), a constant, or the index of
// a numeric FOR loop or FORALL. Written as the target of an assignment
// (whole, or a field or element of it), Oracle rejects the unit with
// PLS-00363 (expression cannot be used as an assignment target); as a
// SELECT/FETCH/RETURNING/EXECUTE IMMEDIATE INTO target, with PLS-00403
// (cannot be used as an INTO-target). Passing one to an OUT or IN OUT
// parameter is PLS-00363 too: PKG-CALL checks that for calls of the
// project's packages; this rule checks it for nested subprograms, which
// PKG-CALL does not see, and for OUT and IN OUT bind arguments of EXECUTE
// IMMEDIATE ... USING. Names resolve in the scope model of units_names.go,
// so a local that hides a parameter of the same name is not reported.
func init() {
	Register(Rule{
		ID:      "IN-PARAM-WRITE",
		Summary: "no assignment, INTO target, OUT argument or OPEN FOR names an IN parameter, constant or FOR index (PLS-00363, PLS-00403, PLS-00361)",
		Check:   checkInParamWrite,
	})
}

const docPLS403 = "PLS-00403"

func checkInParamWrite(p *Project) []Finding {
	pkgs := p.Packages()
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		if len(u.problems) == 0 { // BLOCK reports a unit whose structure did not parse
			out = append(out, inParamProblems(u, u.namesOf(pkgs))...)
		}
	}
	return out
}

// readOnly describes a binding that cannot be written and what to do
// instead, or "" when it can be written.
func readOnly(b binding) (string, string) {
	switch b.kind {
	case "IN":
		return "an IN parameter", "copy it into a local variable and write that, or make the parameter OUT or IN OUT"
	case "CURSOR PARAM":
		return "a cursor parameter (always IN)", "copy it into a local variable and write that"
	case "CONSTANT":
		return "a constant", "declare a variable if the value must change"
	case "LOOP INDEX":
		return "a FOR loop index", "copy it into a local variable and write that"
	}
	return "", ""
}

func inParamProblems(u *unit, n *unitNames) []Finding {
	var out []Finding
	toks := u.toks
	report := func(k int, what, doc string) {
		name := identName(toks[k])
		b, ok := n.resolve(name, k)
		if !ok {
			return
		}
		if why, instead := readOnly(b); why != "" {
			out = append(out, at(u.file, toks[k], "IN-PARAM-WRITE", fmt.Sprintf(
				"%s is %s: it cannot be %s (%s); %s", strings.ToLower(name), why, what, doc, instead)))
		}
	}
	// Assignments: a simple statement "target := ...".
	for _, s := range u.simples {
		k := s.start
		if k < len(toks) && isWord(toks[k]) && n.isBareUse(k) {
			if e := namePathEnd(toks, k); e < len(toks) && toks[e].Is(":=") {
				report(k, "the target of an assignment", docPLS363)
			} else if m := collectionWrite(toks, k); m != "" {
				report(k, "changed by the collection method "+m, docPLS363)
			}
		}
	}
	// OUT and IN OUT bind arguments of EXECUTE IMMEDIATE ... USING; a cursor
	// variable opened with OPEN ... FOR.
	for _, s := range u.simples {
		if toks[s.start].Is("OPEN") && s.start+2 < len(toks) && isWord(toks[s.start+1]) && toks[s.start+2].Is("FOR") &&
			n.isBareUse(s.start+1) {
			report(s.start+1, "opened with OPEN ... FOR", "PLS-00361")
		}
		if !toks[s.start].Is("EXECUTE") {
			continue
		}
		for j := s.start; j+1 < s.end && j+1 < len(toks); j++ {
			if toks[j].Is("OUT") && isWord(toks[j+1]) && n.isBareUse(j+1) {
				report(j+1, "an OUT bind argument of EXECUTE IMMEDIATE", docPLS363)
			}
		}
	}
	// INTO lists: SELECT/FETCH/RETURNING/EXECUTE IMMEDIATE ... [BULK COLLECT] INTO a, b.
	// A table after INSERT/MERGE INTO never resolves to a parameter.
	for k, t := range toks {
		if !t.Is("INTO") {
			continue
		}
		for j := k + 1; j < len(toks) && isWord(toks[j]); {
			if n.isBareUse(j) {
				report(j, "an INTO target", docPLS403)
			}
			e := namePathEnd(toks, j)
			if e >= len(toks) || !toks[e].Is(",") {
				break
			}
			j = e + 1
		}
	}
	// OUT and IN OUT arguments of nested subprograms.
	for k := range toks {
		if k+1 >= len(toks) || !toks[k+1].Is("(") || !n.isBareUse(k) {
			continue
		}
		b, ok := n.resolve(identName(toks[k]), k)
		if !ok || b.kind != "SUBPROGRAM" || b.scope == nil || b.scope.kind == "PACKAGE BODY" || b.scope.kind == "PACKAGE" {
			continue // top-level subprograms of a package are PKG-CALL's
		}
		nestedOutArgs(u, n, k, b, report)
	}
	return out
}

// nestedOutArgs checks the arguments of a call of a nested subprogram at
// token k that are bound to OUT or IN OUT formals. Overloads of a nested
// subprogram are skipped (the overload chosen is not known).
func nestedOutArgs(u *unit, n *unitNames, k int, b binding, report func(int, string, string)) {
	var defs []*subDecl
	for _, s := range b.scope.subs {
		if s.Name == b.sub.Name {
			defs = append(defs, s)
		}
	}
	for _, s := range defs[1:] {
		if len(s.Params) != len(defs[0].Params) {
			return
		}
	}
	args, _, ok := parseArgs(u.toks, k+1)
	if !ok {
		return
	}
	params := defs[0].Params
	for i, a := range args {
		idx := i
		if a.Name != "" {
			idx = -1
			for j, prm := range params {
				if prm.Name == a.Name {
					idx = j
				}
			}
		}
		if idx < 0 || idx >= len(params) || params[idx].Mode == "IN" || len(a.Toks) == 0 || !isNamePath(a.Toks) {
			continue
		}
		if j := n.indexOf(a.Toks[0]); j >= 0 && n.isBareUse(j) {
			report(j, "passed to "+strings.ToLower(params[idx].Mode)+" parameter "+strings.ToLower(params[idx].Name), docPLS363)
		}
	}
}

// namePathEnd returns the index just past name(.name | (args))* at k.
func namePathEnd(toks []plsql.Token, k int) int {
	k++
	for k < len(toks) {
		switch {
		case toks[k].Is(".") && k+1 < len(toks) && isWord(toks[k+1]):
			k += 2
		case toks[k].Is("("):
			m := matchParen(toks, k)
			if m < 0 {
				return len(toks)
			}
			k = m + 1
		default:
			return k
		}
	}
	return k
}

// indexOf returns the index in u.toks of a token taken from it, or -1.
func (n *unitNames) indexOf(t plsql.Token) int {
	toks := n.u.toks
	i := sort.Search(len(toks), func(i int) bool { return toks[i].Offset >= t.Offset })
	if i < len(toks) && toks[i].Offset == t.Offset {
		return i
	}
	return -1
}

// collectionWrite returns the collection method (EXTEND, DELETE, TRIM) a
// call statement "name.method[(...)];" applies to name, or "".
func collectionWrite(toks []plsql.Token, k int) string {
	if k+2 >= len(toks) || !toks[k+1].Is(".") {
		return ""
	}
	m := toks[k+2]
	if !(m.Is("EXTEND") || m.Is("DELETE") || m.Is("TRIM")) {
		return ""
	}
	e := k + 3
	if e < len(toks) && toks[e].Is("(") {
		if e = matchParen(toks, e) + 1; e <= 0 {
			return ""
		}
	}
	if e < len(toks) && toks[e].Is(";") {
		return m.Upper()
	}
	return ""
}
