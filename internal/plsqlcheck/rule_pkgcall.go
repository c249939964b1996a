package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// PKG-CALL checks the references our PL/SQL makes into our own packages
// (agentmem_util.get_text(...), dbms_agent_memory_store.co_invalid_argument)
// against the package specs, and the unqualified calls a package body makes
// of its own subprograms. Oracle reports these only when the referencing unit
// is compiled: PLS-00302 (component must be declared), PLS-00306 (wrong
// number or types of arguments), PLS-00312 (a positional parameter
// association may not follow a named association) and PLS-00363 (expression
// cannot be used as an assignment target). GO-CONTRACT does the same for the
// call texts in Go; this rule reads only PL/SQL.
func init() {
	Register(Rule{
		ID:      "PKG-CALL",
		Summary: "PL/SQL references to the project's own packages match their specs (members, parameter names, mandatory parameters, notation, OUT targets)",
		Check:   checkPkgCall,
	})
}

const (
	docPLS302 = "PLS-00302, https://docs.oracle.com/en/error-help/db/pls-00302"
	docPLS306 = "PLS-00306, https://docs.oracle.com/en/error-help/db/pls-00306"
	docPLS312 = "PLS-00312, https://docs.oracle.com/en/error-help/db/pls-00312"
	docPLS363 = "PLS-00363, https://docs.oracle.com/en/error-help/db/pls-00363"
)

func checkPkgCall(p *Project) []Finding {
	pkgs := p.Packages()
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil || !(inPackageDir(f.Path) || inDir(f.Path, "tests/sql/")) {
			continue
		}
		for _, u := range p.unitsOf(f) {
			if u.plsql && u.root != nil {
				out = append(out, pkgCallProblems(u, pkgs)...)
			}
		}
	}
	return out
}

// pkgCall is the context of one unit: the project's packages and, in a
// package body, the package itself (whose private items it may name).
type pkgCall struct {
	u    *unit
	pkgs map[string]*Package
	own  *Package
	sql  []sqlRegion
	// fields are the token ranges of RECORD ( ... ) type definitions: the
	// names there declare fields, they do not call anything.
	fields []sqlRegion
}

func pkgCallProblems(u *unit, pkgs map[string]*Package) []Finding {
	c := &pkgCall{u: u, pkgs: pkgs}
	if pk := pkgs[u.name]; u.kind == "PACKAGE BODY" && pk != nil && pk.Spec != nil {
		c.own = pk
		c.sql = sqlRegions(u)
		c.fields = recordRanges(u.toks)
	}
	var out []Finding
	toks := u.toks
	for k, t := range toks {
		if !isWord(t) || (k > 0 && (toks[k-1].Is(".") || toks[k-1].Is("%"))) {
			continue
		}
		name := identName(t)
		if pk := pkgs[name]; pk != nil && pk.Spec != nil && k+2 < len(toks) && toks[k+1].Is(".") && isWord(toks[k+2]) {
			out = append(out, c.qualified(pk, k)...)
		} else if c.own != nil {
			out = append(out, c.unqualified(name, k)...)
		}
	}
	return out
}

// qualified checks pkg.member at token k (the package name).
func (c *pkgCall) qualified(pk *Package, k int) []Finding {
	toks := c.u.toks
	member := identName(toks[k+2])
	display := strings.ToLower(pk.Name + "." + member)
	inside := c.own == pk
	subs := pkgSubs(pk, member, inside)
	if len(subs) == 0 {
		if pkgDeclares(pk, member, inside) {
			return nil // constant, exception, type, variable or cursor: no argument list to check
		}
		where := "the spec " + pk.Spec.Path
		if inside {
			where += " nor the body"
		} else if len(pkgSubs(pk, member, true)) > 0 {
			where += " (only the body defines it, so it is private to package " + strings.ToLower(pk.Name) + ")"
		}
		return []Finding{at(c.u.file, toks[k], "PKG-CALL", fmt.Sprintf(
			"%s: %s is not declared in %s (%s); declare it in the spec or fix the name", display, strings.ToLower(member), where, docPLS302))}
	}
	return c.callProblems(k, k+3, display, subs)
}

// unqualified checks a bare name at token k inside a package body: a call of
// one of the package's own subprograms.
func (c *pkgCall) unqualified(name string, k int) []Finding {
	toks := c.u.toks
	if k+1 < len(toks) && (toks[k+1].Is(".") || toks[k+1].Is("=>")) {
		return nil // a record or variable path, or a formal name in named notation
	}
	if k > 0 && (toks[k-1].Is("PROCEDURE") || toks[k-1].Is("FUNCTION") || toks[k-1].Is("END")) {
		return nil // a header or an END label
	}
	if k+1 < len(toks) && (toks[k+1].Is("IN") || toks[k+1].Is("OUT")) && k > 0 && (toks[k-1].Is("(") || toks[k-1].Is(",")) {
		return nil // a formal parameter of a header (p_x in ...)
	}
	subs := pkgSubs(c.own, name, true)
	if len(subs) == 0 || inRanges(c.sql, k) || inRanges(c.fields, k) || c.shadowed(name, k) {
		// In static SQL a column of the same name wins over the function,
		// so a bare name there cannot be attributed to the package.
		return nil
	}
	return c.callProblems(k, k+1, strings.ToLower(name), subs)
}

// callProblems checks the arguments (or their absence) after the reference
// ending at token after, against the overloads subs.
func (c *pkgCall) callProblems(k, after int, display string, subs []Subprogram) []Finding {
	toks := c.u.toks
	f := c.u.file
	if after >= len(toks) || !toks[after].Is("(") {
		for _, s := range subs {
			if callableBare(s) {
				return nil
			}
		}
		return []Finding{at(f, toks[k], "PKG-CALL", fmt.Sprintf(
			"%s is referenced without arguments, but every declaration needs some (%s) (%s); pass the arguments or use a constant of the spec",
			display, overloadList(subs), docPLS306))}
	}
	args, _, ok := parseArgs(toks, after)
	if !ok {
		return nil // unbalanced parentheses: BLOCK reports the unit
	}
	if a, bad := positionalAfterNamed(args); bad {
		return []Finding{at(f, a.At, "PKG-CALL", fmt.Sprintf(
			"%s: the positional argument %s follows a named one (%s); name it too", display, tokensText(a.Toks), docPLS312))}
	}
	var accepting []Subprogram
	var overloads [][]OraParam
	for _, s := range subs {
		formals := oraParams(s)
		overloads = append(overloads, formals)
		if callProblems(formals, args) == nil {
			accepting = append(accepting, s)
		}
	}
	if len(accepting) == 0 {
		msg := fmt.Sprintf("%s: %s (%s)", display, strings.Join(bestOverload(overloads, args), "; "), docPLS306)
		if len(subs) > 1 {
			msg += fmt.Sprintf("; none of its %d overloads accepts the call", len(subs))
		}
		return []Finding{at(f, toks[k], "PKG-CALL", msg)}
	}
	// An argument bound to an OUT or IN OUT formal must be a variable; the
	// call is wrong only when every overload accepting it says so.
	var first Finding
	for i, s := range accepting {
		a, formal, why := c.badTarget(s, args)
		if why == "" {
			return nil
		}
		if i == 0 {
			first = at(f, a.At, "PKG-CALL", fmt.Sprintf(
				"%s: %s is passed to %s parameter %s, but it is %s, not a variable (%s); pass a variable and read it after the call",
				display, tokensText(a.Toks), strings.ToLower(formal.Mode), strings.ToLower(formal.Name), why, docPLS363))
		}
	}
	return []Finding{first}
}

// badTarget returns the first argument of a call accepted by s that is bound
// to an OUT or IN OUT formal and is not assignable, with the reason.
func (c *pkgCall) badTarget(s Subprogram, args []callArg) (callArg, Param, string) {
	for i, a := range args {
		idx := i
		if a.Name != "" {
			idx = -1
			for j, prm := range s.Params {
				if prm.Name == a.Name {
					idx = j
				}
			}
		}
		if idx < 0 || idx >= len(s.Params) || s.Params[idx].Mode == "IN" {
			continue
		}
		if why := c.notAssignable(a.Toks); why != "" {
			return a, s.Params[idx], why
		}
	}
	return callArg{}, Param{}, ""
}

// notAssignable says why an actual argument cannot receive a value, or ""
// when it may be a variable. Only what is certain is reported: literals,
// expressions, calls and constants of the project's packages, and the
// constants and IN parameters in scope.
func (c *pkgCall) notAssignable(toks []plsql.Token) string {
	if len(toks) == 0 {
		return ""
	}
	first := toks[0]
	switch {
	case first.Kind == plsql.String || first.Kind == plsql.Number:
		return "a literal"
	case first.Is("NULL") || first.Is("TRUE") || first.Is("FALSE"):
		return "a literal"
	case first.Kind == plsql.Bind:
		return "" // a host variable
	case !isWord(first) || !isNamePath(toks):
		return "an expression"
	}
	name := identName(first)
	idx := c.tokIndex(first)
	if pk := c.pkgs[name]; pk != nil && pk.Spec != nil && len(toks) >= 3 && toks[1].Is(".") {
		member := identName(toks[2])
		if len(pkgSubs(pk, member, c.own == pk)) > 0 {
			return "a call of " + strings.ToLower(name+"."+member)
		}
		if pkgDeclKind(pk, member, c.own == pk) == "CONSTANT" {
			return "a constant"
		}
		return ""
	}
	if kind, ok := c.lookup(name, idx); ok {
		switch kind {
		case "CONSTANT":
			return "a constant"
		case "IN":
			return "an IN parameter"
		}
		return ""
	}
	if c.own != nil {
		if len(pkgSubs(c.own, name, true)) > 0 {
			return "a call of " + strings.ToLower(name)
		}
		if pkgDeclKind(c.own, name, true) == "CONSTANT" {
			return "a constant"
		}
	}
	return ""
}

// isNamePath reports whether toks is name(.name | (args))* : a variable, a
// field, an element, or a call; anything else is an expression.
func isNamePath(toks []plsql.Token) bool {
	for i := 0; i < len(toks); i++ {
		switch {
		case i == 0:
		case toks[i].Is(".") && i+1 < len(toks) && isWord(toks[i+1]):
			i++
		case toks[i].Is("("):
			m := matchParen(toks, i)
			if m < 0 {
				return false
			}
			i = m
		default:
			return false
		}
	}
	return true
}

// lookup finds what a bare name denotes in the scopes enclosing token idx:
// "IN", "OUT" or "IN OUT" for a parameter, the declaration kind, or
// "SUBPROGRAM" for a nested subprogram. The package body's own level is
// left to the caller (ok is false there).
func (c *pkgCall) lookup(name string, idx int) (string, bool) {
	for sc := c.u.innermost(idx); sc != nil && sc.kind != "PACKAGE BODY"; sc = sc.parent {
		if sc.sub != nil {
			for _, prm := range sc.sub.Params {
				if prm.Name == name {
					return prm.Mode, true
				}
			}
		}
		for _, d := range sc.decls {
			if d.name == name {
				return d.kind, true
			}
		}
		for _, s := range sc.subs {
			if s.Name == name {
				return "SUBPROGRAM", true
			}
		}
	}
	return "", false
}

// shadowed reports whether a bare name at token k is declared by a scope
// nested in the package body (a local, a parameter, a nested subprogram),
// which then hides the package's subprogram of that name.
func (c *pkgCall) shadowed(name string, k int) bool {
	_, ok := c.lookup(name, k)
	return ok
}

func inRanges(rs []sqlRegion, k int) bool {
	for _, r := range rs {
		if k >= r.start && k < r.end {
			return true
		}
	}
	return false
}

// recordRanges returns the parenthesized field lists of RECORD types.
func recordRanges(toks []plsql.Token) []sqlRegion {
	var out []sqlRegion
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].Is("RECORD") && toks[k+1].Is("(") {
			if m := matchParen(toks, k+1); m > 0 {
				out = append(out, sqlRegion{k + 1, m})
				k = m
			}
		}
	}
	return out
}

// tokIndex returns the index in u.toks of a token taken from it.
func (c *pkgCall) tokIndex(t plsql.Token) int {
	for i, x := range c.u.toks {
		if x.Line == t.Line && x.Col == t.Col {
			return i
		}
	}
	return 0
}

// pkgSubs lists the declarations of a subprogram named name: the spec's, and
// inside the package's own body also the body's (private ones included).
func pkgSubs(pk *Package, name string, inside bool) []Subprogram {
	var out []Subprogram
	for _, s := range pk.SpecSubs {
		if s.Name == name {
			out = append(out, s)
		}
	}
	if inside && len(out) == 0 {
		for _, s := range pk.BodySubs {
			if s.Name == name {
				out = append(out, s)
			}
		}
	}
	return out
}

// pkgDeclKind returns the kind of a non-subprogram item of the spec (or,
// inside the body, of the body's own declaration section), or "".
func pkgDeclKind(pk *Package, name string, inside bool) string {
	units := []*unit{pk.specUnit}
	if inside {
		units = append(units, pk.bodyUnit)
	}
	for _, u := range units {
		if u == nil || u.root == nil {
			continue
		}
		for _, d := range u.root.decls {
			if d.name == name {
				return d.kind
			}
		}
	}
	return ""
}

func pkgDeclares(pk *Package, name string, inside bool) bool {
	return pkgDeclKind(pk, name, inside) != ""
}

// positionalAfterNamed returns the first positional argument that follows a
// named one.
func positionalAfterNamed(args []callArg) (callArg, bool) {
	named := false
	for _, a := range args {
		if a.Name != "" {
			named = true
		} else if named {
			return a, true
		}
	}
	return callArg{}, false
}

// callableBare reports whether a subprogram can be called without an
// argument list: every parameter has a default.
func callableBare(s Subprogram) bool {
	for _, prm := range s.Params {
		if !prm.HasDefault {
			return false
		}
	}
	return true
}

func oraParams(s Subprogram) []OraParam {
	out := make([]OraParam, len(s.Params))
	for i, prm := range s.Params {
		out[i] = OraParam{Name: prm.Name, Optional: prm.HasDefault}
	}
	return out
}

func overloadList(subs []Subprogram) string {
	parts := make([]string, len(subs))
	for i, s := range subs {
		parts[i] = formalNames(oraParams(s))
	}
	return strings.Join(parts, " | ")
}
