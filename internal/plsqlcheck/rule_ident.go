package plsqlcheck

import (
	"fmt"
	"strings"
)

// IDENT reports names carrying a prefix of style rule 2 (p_ l_ g_ co_ c_ t_
// e_) that no declaration in scope provides: Oracle rejects the unit with
// PLS-00201 (identifier must be declared). The prefixes make the check
// possible without a dictionary: Oracle declares no such names, and our
// tables have no columns spelled so, so a prefixed name is always one of
// ours. Qualified references into our packages (pkg.name) are PKG-CALL's.
func init() {
	Register(Rule{
		ID:      "IDENT",
		Summary: "every p_ l_ g_ co_ c_ t_ e_ name used in PL/SQL is declared in scope (PLS-00201)",
		Check:   checkIdent,
	})
}

const docPLS201 = "PLS-00201, https://docs.oracle.com/error-help/db/pls-00201"

func checkIdent(p *Project) []Finding {
	pkgs := p.Packages()
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		if len(u.problems) > 0 {
			continue // BLOCK reports a unit whose structure did not parse
		}
		out = append(out, identProblems(u, u.namesOf(pkgs))...)
	}
	return out
}

// identProblems checks the prefixed names of a unit, and also the names of
// its loop indexes whatever their spelling (i, r): one used outside PL/SQL's
// static SQL where no loop of that name encloses it (r.id after END LOOP) is
// undeclared too. Inside SQL an unprefixed name may be a column or an alias,
// so only prefixed names are checked there.
func identProblems(u *unit, n *unitNames) []Finding {
	var out []Finding
	loopNames := map[string]bool{}
	for _, l := range n.loops {
		loopNames[l.name] = true
	}
	for k, t := range u.toks {
		if !n.isBareUse(k) {
			continue
		}
		name := identName(t)
		if !hasConventionPrefix(name) && (!loopNames[name] || inRanges(n.sql, k)) {
			continue
		}
		if _, ok := n.resolve(name, k); ok {
			continue
		}
		msg := "%s is not declared in scope (%s): declare it, or fix the name (a parameter renamed in a header only leaves the body using the old name)"
		if !hasConventionPrefix(name) {
			msg = "%s is used outside the loops whose index it is (%s): a FOR index is declared by its loop and visible only up to END LOOP"
		}
		out = append(out, at(u.file, t, "IDENT", fmt.Sprintf(msg, strings.ToLower(name), docPLS201)))
	}
	return out
}
