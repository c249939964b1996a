package plsqlcheck

import (
	"fmt"

	"github.com/agentmem/agentmem/internal/plsql"
)

func init() {
	Register(Rule{
		ID:      "SPEC-BODY",
		Summary: "every spec subprogram is defined in the body with the same header (PLS-00323, PLS-00593), forward declarations are defined (PLS-00328), spec and body exist in pairs (PLS-00304)",
		Check:   checkSpecBody,
	})
	Register(Rule{
		ID:      "DECL-ORDER",
		Summary: "a subprogram that is not in the spec is declared (or forward-declared) before its first call (PLS-00313)",
		Check:   checkDeclOrder,
	})
	Register(Rule{
		ID:      "OVERLOAD",
		Summary: "no two subprograms with identical headings in one declaration section",
		Check:   checkOverload,
	})
}

func checkSpecBody(p *Project) []Finding {
	var out []Finding
	for _, pk := range sortedPackages(p.Packages()) {
		switch {
		case pk.Spec == nil:
			out = append(out, at(pk.Body, pk.bodyUnit.toks[0], "SPEC-BODY", fmt.Sprintf(
				"package body %s has no package specification among the checked files (PLS-00304)", pk.Name)))
			continue
		case pk.Body == nil:
			if len(pk.SpecSubs) > 0 {
				out = append(out, at(pk.Spec, pk.specUnit.toks[0], "SPEC-BODY", fmt.Sprintf(
					"package %s declares %d subprogram(s) but no package body %s is among the checked files",
					pk.Name, len(pk.SpecSubs), pk.Name)))
			}
			continue
		}
		out = append(out, matchSpecToBody(pk)...)
		out = append(out, forwardsDefined(pk.bodyUnit)...)
	}
	return out
}

// matchSpecToBody finds, for every spec header, a body definition with the
// same header; overloads are paired by exact header first.
func matchSpecToBody(pk *Package) []Finding {
	var out []Finding
	var defs []*subDecl
	for _, sd := range pk.bodyUnit.root.subs {
		if sd.isDef {
			defs = append(defs, sd)
		}
	}
	used := map[*subDecl]bool{}
	var unmatched []*subDecl
	for _, spec := range pk.specUnit.root.subs {
		if d := findDef(defs, used, func(d *subDecl) bool { return headerDiff(spec, d) == "" }); d != nil {
			used[d] = true
		} else {
			unmatched = append(unmatched, spec)
		}
	}
	for _, spec := range unmatched {
		d := findDef(defs, used, func(d *subDecl) bool {
			return d.Name == spec.Name && d.Kind == spec.Kind && len(d.Params) == len(spec.Params)
		})
		if d == nil {
			d = findDef(defs, used, func(d *subDecl) bool { return d.Name == spec.Name })
		}
		if d == nil {
			out = append(out, Finding{File: pk.Spec.Path, Line: spec.Line, Col: spec.Col, Rule: "SPEC-BODY", Msg: fmt.Sprintf(
				"%s %s is declared in the package spec but not defined in the body (PLS-00323)", spec.Kind, spec.Name)})
			continue
		}
		used[d] = true
		out = append(out, Finding{File: pk.Body.Path, Line: d.Line, Col: d.Col, Rule: "SPEC-BODY", Msg: fmt.Sprintf(
			"%s %s: body header differs from the spec at %s:%d: %s", d.Kind, d.Name, pk.Spec.Path, spec.Line, headerDiff(spec, d))})
	}
	for _, spec := range pk.specUnit.root.subs {
		for _, d := range defs {
			if headerDiff(spec, d) == "" {
				out = append(out, nocopyDiff(pk, spec, d)...)
			}
		}
	}
	return out
}

func findDef(defs []*subDecl, used map[*subDecl]bool, ok func(*subDecl) bool) *subDecl {
	for _, d := range defs {
		if !used[d] && ok(d) {
			return d
		}
	}
	return nil
}

// headerDiff describes the first difference between two headers, "" when
// they match: kind, name, parameter names, modes, types, defaults, RETURN.
func headerDiff(a, b *subDecl) string {
	switch {
	case a.Kind != b.Kind:
		return fmt.Sprintf("%s in the spec, %s in the body", a.Kind, b.Kind)
	case a.Name != b.Name:
		return fmt.Sprintf("name %s vs %s", a.Name, b.Name)
	case len(a.Params) != len(b.Params):
		return fmt.Sprintf("%d parameter(s) in the spec, %d in the body (PLS-00323)", len(a.Params), len(b.Params))
	}
	for i := range a.Params {
		x, y := a.Params[i], b.Params[i]
		switch {
		case x.Name != y.Name:
			return fmt.Sprintf("parameter %d is %s in the spec, %s in the body (PLS-00323)", i+1, x.Name, y.Name)
		case x.Mode != y.Mode:
			return fmt.Sprintf("parameter %s is %s in the spec, %s in the body (PLS-00323)", x.Name, x.Mode, y.Mode)
		case x.Type != y.Type:
			return fmt.Sprintf("parameter %s has type %s in the spec, %s in the body (PLS-00323)", x.Name, x.Type, y.Type)
		case x.HasDefault != y.HasDefault || x.Default != y.Default:
			return fmt.Sprintf("parameter %s has default %s in the spec, %s in the body (PLS-00593)", x.Name, defaultText(x), defaultText(y))
		}
	}
	if a.Return != b.Return {
		return fmt.Sprintf("RETURN %s in the spec, RETURN %s in the body (PLS-00323)", a.Return, b.Return)
	}
	return ""
}

func defaultText(p Param) string {
	if !p.HasDefault {
		return "none"
	}
	return p.Default
}

// nocopyDiff reports NOCOPY on one side only: Oracle warns (PLW-05000) and
// obeys the spec, so the body silently does not mean what it says.
func nocopyDiff(pk *Package, spec, def *subDecl) []Finding {
	var out []Finding
	for i := range spec.Params {
		if spec.Params[i].NoCopy != def.Params[i].NoCopy {
			y := def.Params[i]
			out = append(out, Finding{File: pk.Body.Path, Line: y.Line, Col: y.Col, Rule: "SPEC-BODY", Msg: fmt.Sprintf(
				"%s %s: parameter %s has NOCOPY on one side only (PLW-05000: the spec wins)", def.Kind, def.Name, y.Name)})
		}
	}
	return out
}

// forwardsDefined reports forward declarations in any declaration section
// of the body that have no definition with the same header after them.
func forwardsDefined(u *unit) []Finding {
	var out []Finding
	for _, sc := range u.scopes {
		for _, fwd := range sc.subs {
			if fwd.isDef || sc.kind == "PACKAGE" {
				continue
			}
			found := false
			for _, d := range sc.subs {
				if d.isDef && headerDiff(fwd, d) == "" {
					found = true
					break
				}
			}
			if !found {
				out = append(out, Finding{File: u.file.Path, Line: fwd.Line, Col: fwd.Col, Rule: "SPEC-BODY", Msg: fmt.Sprintf(
					"%s %s is forward-declared but no definition with the same header follows (PLS-00328)", fwd.Kind, fwd.Name)})
			}
		}
	}
	return out
}

func checkOverload(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			for _, sc := range u.scopes {
				out = append(out, duplicateHeaders(u, sc)...)
			}
		}
	}
	return out
}

// duplicateHeaders flags a header identical to an earlier one of the same
// section, both being definitions or both declarations: a forward
// declaration and its definition are the one legal repetition. Headers
// differing in any parameter name, mode or type are legal overloads here;
// whether a call can tell them apart is left to Oracle (PLS-00307).
func duplicateHeaders(u *unit, sc *scope) []Finding {
	var out []Finding
	for i, b := range sc.subs {
		for _, a := range sc.subs[:i] {
			if a.isDef == b.isDef && headerDiff(a, b) == "" {
				out = append(out, Finding{File: u.file.Path, Line: b.Line, Col: b.Col, Rule: "OVERLOAD", Msg: fmt.Sprintf(
					"%s %s has the same heading as the one at line %d: Oracle rejects the section (previous use conflicts with this use)",
					b.Kind, b.Name, a.Line)})
				break
			}
		}
	}
	return out
}

func checkDeclOrder(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			if u.root == nil || u.kind == "PACKAGE" {
				continue
			}
			visible := map[string]bool{}
			if u.kind == "PACKAGE BODY" {
				if pk := p.Packages()[u.name]; pk != nil {
					for _, s := range pk.SpecSubs {
						visible[s.Name] = true
					}
				}
			}
			for _, sc := range u.scopes {
				out = append(out, callsBeforeDecl(u, sc, visible)...)
			}
		}
	}
	return out
}

// callsBeforeDecl flags calls, inside sc, of subprograms declared in sc's
// declaration section, made before the first header of that name.
func callsBeforeDecl(u *unit, sc *scope, visible map[string]bool) []Finding {
	first := map[string]int{}
	for _, sd := range sc.subs {
		if _, ok := first[sd.Name]; !ok && !(sc == u.root && visible[sd.Name]) {
			first[sd.Name] = sd.nameIdx
		}
	}
	if len(first) == 0 {
		return nil
	}
	var out []Finding
	for i := sc.start; i < sc.end && i < len(u.toks); i++ {
		t := u.toks[i]
		if !isWord(t) {
			continue
		}
		declIdx, ok := first[identName(t)]
		if !ok || i >= declIdx || !isCall(u.toks, i) || shadowed(u, i, sc, identName(t)) {
			continue
		}
		out = append(out, at(u.file, t, "DECL-ORDER", fmt.Sprintf(
			"%s is called before its declaration at line %d: declare or forward-declare it earlier (PLS-00313)",
			identName(t), u.toks[declIdx].Line)))
	}
	return out
}

// isCall reports whether token i is an unqualified subprogram call: name(
// or a call statement "name;".
func isCall(toks []plsql.Token, i int) bool {
	if i > 0 && toks[i-1].Is(".") {
		return false
	}
	if i+1 >= len(toks) {
		return false
	}
	next := toks[i+1]
	if next.Is("(") {
		return true
	}
	if !next.Is(";") || i == 0 {
		return false
	}
	prev := toks[i-1]
	return prev.Is(";") || prev.Is("BEGIN") || prev.Is("THEN") || prev.Is("ELSE") || prev.Is("LOOP") ||
		prev.Is(":=") || prev.Is("RETURN") || prev.Kind == plsql.Label
}

// shadowed reports whether a scope between the reference and sc declares
// the name (a parameter, local or nested subprogram of that name wins).
func shadowed(u *unit, idx int, sc *scope, name string) bool {
	for in := u.innermost(idx); in != nil && in != sc; in = in.parent {
		if in.sub != nil {
			for _, prm := range in.sub.Params {
				if prm.Name == name {
					return true
				}
			}
		}
		for _, d := range in.decls {
			if d.name == name {
				return true
			}
		}
		for _, s := range in.subs {
			if s.Name == name {
				return true
			}
		}
	}
	return false
}
