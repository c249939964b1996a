package plsqlcheck

import (
	"fmt"
	"strings"
)

// DECL-AFTER-BODY: the PL/SQL Language Reference, "Block", splits a
// declare_section into item_list_1 [item_list_2]. item_list_1 holds
// type_definition, cursor_declaration, item_declaration (variables,
// constants, cursor variables, exceptions, records, collections) and
// function/procedure declarations; item_list_2 holds only cursor
// declarations and definitions and function/procedure declarations and
// definitions (12.1 adds pragma to both lists). So after the first
// subprogram body of a section, Oracle accepts no type, subtype, variable,
// constant or exception: it stops with PLS-00103 at that item.
//
// Deliberately not flagged: pragmas (allowed after a body by the 12.1 text
// of item_list_2), cursors of either form (allowed in item_list_2 since
// 12.1), forward declarations. A cursor definition is not taken to start
// item_list_2 although item_list_1 does not list it: Oracle's own examples
// declare variables after "CURSOR c IS SELECT ...", so the grammar text is
// not trusted there (no false positive on accepted code).

func init() {
	Register(Rule{
		ID: "DECL-AFTER-BODY",
		Summary: "no type, subtype, variable, constant or exception after the first subprogram body " +
			"of a declare section (item_list_2 of the Block grammar; PLS-00103)",
		Check: checkDeclAfterBody,
	})
}

// itemList1Only are the decl kinds item_list_2 does not admit.
var itemList1Only = map[string]string{
	"TYPE": "type", "SUBTYPE": "subtype", "VARIABLE": "variable", "CONSTANT": "constant", "EXCEPTION": "exception",
}

func checkDeclAfterBody(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			for _, sc := range u.scopes {
				out = append(out, declsAfterBody(u, sc)...)
			}
		}
	}
	return out
}

// declsAfterBody flags the item_list_1-only declarations of sc that follow
// its first subprogram definition.
func declsAfterBody(u *unit, sc *scope) []Finding {
	if sc.kind == "PACKAGE" {
		return nil // a spec holds no bodies; one there is a different error
	}
	first := firstBody(sc)
	if first == nil {
		return nil
	}
	var out []Finding
	for _, d := range sc.decls {
		what, only := itemList1Only[d.kind]
		if !only || d.idx < first.nameIdx {
			continue
		}
		out = append(out, at(u.file, d.tok, "DECL-AFTER-BODY", fmt.Sprintf(
			"%s %s comes after the body of %s %s (line %d) in %s: a declare section takes no type, subtype, "+
				"variable, constant or exception after its first subprogram body (PLS-00103); move it above line %d",
			what, d.name, strings.ToLower(first.Kind), first.Name, first.kwTok.Line, sectionName(u, sc),
			first.kwTok.Line)))
	}
	return out
}

// firstBody returns the first subprogram definition (with a PL/SQL body
// or a call specification) declared directly in sc, or nil.
func firstBody(sc *scope) *subDecl {
	for _, sd := range sc.subs {
		if sd.isDef {
			return sd
		}
	}
	return nil
}

// sectionName names a declare section in messages.
func sectionName(u *unit, sc *scope) string {
	switch {
	case sc.kind == "SUBPROGRAM" && sc.sub != nil:
		return "the declare section of " + strings.ToLower(sc.sub.Kind) + " " + sc.sub.Name
	case sc.kind == "DECLARE" && sc.start > 0 && sc.start <= len(u.toks):
		return fmt.Sprintf("the DECLARE block at line %d", u.toks[sc.start-1].Line)
	case sc.kind == "PACKAGE BODY" || sc.kind == "TYPE BODY":
		return strings.ToLower(sc.kind) + " " + sc.name
	}
	return u.describe()
}
