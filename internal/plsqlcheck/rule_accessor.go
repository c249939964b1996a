package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// ACCESSOR: a reference to a package whose spec has ACCESSIBLE BY, from a
// unit its accessor list does not name. "When an ACCESSIBLE BY clause
// appears, only entities named in the clause may access the entity"; "the
// invoked unit must include an accessor with the same unit_name and
// unit_kind as the invoking unit"; "a unit can always access itself"
// (PL/SQL Language Reference, ACCESSIBLE BY clause,
// https://docs.oracle.com/cd/F82042_01/lnpls/ACCESSIBLE-BY-clause.html).
// The compiler rejects such a reference with PLS-00904 (insufficient
// privilege to access object), so the referencing unit does not compile;
// with many helper packages, a new package (or a test suite) calling a
// helper whose list was not extended is an easy mistake.
//
// Read: the accessor list of every package spec (entries "[kind]
// [schema.]name"; an entry without a kind matches a unit of any kind), and,
// in every PL/SQL unit, each name followed by '.' that names such a package.
// A package body is the unit kind PACKAGE, a type body TYPE. Anonymous
// blocks and SQL statements are never accessors.
func init() {
	Register(Rule{
		ID: "ACCESSOR",
		Summary: "a unit refers to a package whose ACCESSIBLE BY list does not name it " +
			"(PLS-00904 at compile time)",
		Check: checkAccessor,
	})
}

// accessor is one entry of an ACCESSIBLE BY list.
type accessor struct {
	kind string // PACKAGE, PROCEDURE, FUNCTION, TRIGGER, TYPE, or "" for any
	name string
}

var accessorKinds = map[string]bool{"PACKAGE": true, "PROCEDURE": true, "FUNCTION": true, "TRIGGER": true, "TYPE": true}

func checkAccessor(p *Project) []Finding {
	lists := map[string][]accessor{} // restricted package -> its accessors
	for name, pk := range p.Packages() {
		if pk.specUnit != nil {
			if l, ok := accessorList(pk.specUnit.toks); ok {
				lists[name] = l
			}
		}
	}
	if len(lists) == 0 {
		return nil
	}
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			if !u.plsql {
				continue
			}
			out = append(out, accessorProblems(u, lists)...)
		}
	}
	return out
}

// accessorList returns the entries of the unit-level ACCESSIBLE BY clause
// of a package spec (before its IS/AS), and whether there is one.
func accessorList(toks []plsql.Token) ([]accessor, bool) {
	for k := 0; k+2 < len(toks); k++ {
		if toks[k].Is("AS") || toks[k].Is("IS") {
			return nil, false
		}
		if !toks[k].Is("ACCESSIBLE") || !toks[k+1].Is("BY") || !toks[k+2].Is("(") {
			continue
		}
		var list []accessor
		var words []string
		flush := func() {
			if len(words) == 0 {
				return
			}
			a := accessor{name: words[len(words)-1]}
			if len(words) > 1 && accessorKinds[words[0]] {
				a.kind = words[0]
			}
			list = append(list, a)
			words = nil
		}
		for j := k + 3; j < len(toks) && !toks[j].Is(")"); j++ {
			switch {
			case toks[j].Is(","):
				flush()
			case isWord(toks[j]):
				words = append(words, identName(toks[j])) // schema.name keeps only the last word
			}
		}
		flush()
		return list, true
	}
	return nil, false
}

// unitAccessorKind is the unit_kind a unit is checked as.
func unitAccessorKind(u *unit) string {
	switch u.kind {
	case "PACKAGE", "PACKAGE BODY":
		return "PACKAGE"
	case "TYPE", "TYPE BODY":
		return "TYPE"
	case "PROCEDURE", "FUNCTION", "TRIGGER":
		return u.kind
	}
	return "" // anonymous block: never an accessor
}

func accessorProblems(u *unit, lists map[string][]accessor) []Finding {
	kind := unitAccessorKind(u)
	var out []Finding
	reported := map[string]bool{}
	toks := u.toks
	for k := 0; k+2 < len(toks); k++ {
		t := toks[k]
		if t.Kind != plsql.Ident || !toks[k+1].Is(".") || !isWord(toks[k+2]) || (k > 0 && toks[k-1].Is(".")) {
			continue
		}
		pkg := identName(t)
		list, restricted := lists[pkg]
		if !restricted || (pkg == u.name && kind == "PACKAGE") || reported[pkg] {
			continue
		}
		if kind != "" && allowedAccessor(list, kind, u.name) {
			continue
		}
		reported[pkg] = true // one finding per referenced package and unit
		who := "an anonymous block"
		if kind != "" {
			who = strings.ToLower(kind) + " " + strings.ToLower(u.name)
		}
		out = append(out, at(u.file, t, "ACCESSOR", fmt.Sprintf(
			"%s refers to %s.%s, but the ACCESSIBLE BY list of %s does not name %s: the reference does not "+
				"compile (PLS-00904, %s); add the unit to the list in the spec of %s, or go through a unit it names",
			who, strings.ToLower(pkg), strings.ToLower(identName(toks[k+2])), strings.ToLower(pkg), who,
			docAccessibleBy, strings.ToLower(pkg))))
	}
	return out
}

func allowedAccessor(list []accessor, kind, name string) bool {
	for _, a := range list {
		if a.name == name && (a.kind == "" || a.kind == kind) {
			return true
		}
	}
	return false
}
