package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// INIT-TYPE: a literal whose type can never convert to the declared type of
// what receives it, PLS-00382 "expression is of wrong type". Only what the
// text decides is checked: the value is one literal (a string, a number,
// TRUE/FALSE; NULL fits everything) and the target's type is a built-in
// scalar named in its declaration. Checked where a value meets a declared
// type: a variable's or constant's initial value, a parameter default, an
// assignment to a local, parameter or package variable, and a function's
// RETURN.
//
// Conversions that PL/SQL performs implicitly are not flagged: a string to a
// number or date (that fails, if at all, at run time with VALUE_ERROR), a
// number to a string. BOOLEAN converts to and from numbers and strings only
// when PLSQL_IMPLICIT_CONVERSION_BOOL is true; it is false by default and
// exists only from 26ai on
// (https://docs.oracle.com/en/database/oracle/oracle-database/26/refrn/PLSQL_IMPLICIT_CONVERSION_BOOL.html),
// so the project (baseline 23ai) cannot rely on it. "The only value that you
// can assign to a BOOLEAN variable is a BOOLEAN expression"
// (https://docs.oracle.com/en/database/oracle/oracle-database/19/lnpls/boolean-data-type.html).
// A number cannot become a DATE (SQL Language Reference, implicit conversion
// matrix), and no scalar literal is a JSON_OBJECT_T/JSON_ARRAY_T.
func init() {
	Register(Rule{
		ID:      "INIT-TYPE",
		Summary: "a literal assigned, defaulted or returned has a type that can convert to the declared one (PLS-00382): no string/number into BOOLEAN, no TRUE/FALSE into strings/numbers/dates, no number into DATE",
		Check:   checkInitType,
	})
}

const docPLS382 = "PLS-00382"

// typeFamily maps a built-in type name to its family.
var typeFamily = map[string]string{}

func init() {
	for fam, names := range map[string]string{
		"number":  "NUMBER INTEGER INT PLS_INTEGER BINARY_INTEGER SIMPLE_INTEGER NATURAL NATURALN POSITIVE POSITIVEN SIGNTYPE FLOAT BINARY_FLOAT BINARY_DOUBLE DECIMAL DEC NUMERIC REAL SMALLINT",
		"string":  "VARCHAR2 VARCHAR CHAR NCHAR NVARCHAR2 CLOB NCLOB STRING LONG",
		"date":    "DATE TIMESTAMP",
		"boolean": "BOOLEAN",
		"json":    "JSON_OBJECT_T JSON_ARRAY_T JSON_ELEMENT_T",
	} {
		for _, n := range strings.Fields(names) {
			typeFamily[n] = fam
		}
	}
}

// familyOf returns the family of a declared type given as tokens, or "" when
// it is not a plain built-in (%TYPE, a user type, a qualified name).
func familyOf(typ []plsql.Token) string {
	if len(typ) == 0 || typ[0].Kind != plsql.Ident {
		return ""
	}
	for _, t := range typ[1:] {
		if t.Is("%") || t.Is(".") {
			return ""
		}
	}
	return typeFamily[typ[0].Upper()]
}

// literalKind classifies an expression that is exactly one literal
// (parentheses and a sign allowed): "string", "number", "boolean", or "".
func literalKind(toks []plsql.Token) string {
	for len(toks) >= 2 && toks[0].Is("(") && toks[len(toks)-1].Is(")") && matchParen(toks, 0) == len(toks)-1 {
		toks = toks[1 : len(toks)-1]
	}
	if len(toks) == 2 && (toks[0].Is("-") || toks[0].Is("+")) && toks[1].Kind == plsql.Number {
		toks = toks[1:]
	}
	if len(toks) != 1 {
		return ""
	}
	switch t := toks[0]; {
	case t.Kind == plsql.String:
		return "string"
	case t.Kind == plsql.Number:
		return "number"
	case t.Is("TRUE") || t.Is("FALSE"):
		return "boolean"
	}
	return ""
}

// incompatible reports whether a literal of kind lit can never be converted
// to a target of family fam.
func incompatible(fam, lit string) bool {
	switch fam {
	case "boolean":
		return lit == "string" || lit == "number"
	case "number", "string":
		return lit == "boolean"
	case "date":
		return lit == "boolean" || lit == "number"
	case "json":
		return lit != ""
	}
	return false
}

func checkInitType(p *Project) []Finding {
	pkgs := p.Packages()
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		out = append(out, initTypeProblems(u, pkgs)...)
	}
	return out
}

func initTypeProblems(u *unit, pkgs map[string]*Package) []Finding {
	var out []Finding
	report := func(t plsql.Token, what, typ, lit string) {
		out = append(out, at(u.file, t, "INIT-TYPE", fmt.Sprintf(
			"%s is declared %s, but gets a %s literal, which PL/SQL does not convert to it (%s, expression is of wrong type); use a value of the declared type",
			what, strings.ToUpper(typ), lit, docPLS382)))
	}
	// Initial values of variables and constants.
	for _, sc := range u.scopes {
		for _, d := range sc.decls {
			if d.kind != "VARIABLE" && d.kind != "CONSTANT" {
				continue
			}
			typ, _, hasInit, init := declParts(u.toks, d.idx)
			if !hasInit || len(init) == 0 {
				continue
			}
			if fam, lit := familyOf(typ), literalKind(init); incompatible(fam, lit) {
				report(init[0], strings.ToLower(d.name), typ[0].Upper(), lit)
			}
		}
	}
	// Parameter defaults.
	for _, sd := range u.subs {
		for _, prm := range sd.Params {
			if !prm.HasDefault || !maybeLiteral(prm.Default) {
				continue
			}
			typ, _ := plsql.Lex(prm.Type)
			def, _ := plsql.Lex(prm.Default)
			if fam, lit := familyOf(sigTokens(typ)), literalKind(sigTokens(def)); incompatible(fam, lit) {
				out = append(out, Finding{File: u.file.Path, Line: prm.Line, Col: prm.Col, Rule: "INIT-TYPE", Msg: fmt.Sprintf(
					"parameter %s is declared %s, but its default is a %s literal, which PL/SQL does not convert to it (%s); use a value of the declared type",
					strings.ToLower(prm.Name), prm.Type, lit, docPLS382)})
			}
		}
	}
	// Assignments and RETURN statements.
	for _, s := range u.simples {
		toks := u.toks[s.start:s.end]
		if len(toks) > 0 && toks[len(toks)-1].Is(";") {
			toks = toks[:len(toks)-1]
		}
		switch {
		case len(toks) >= 3 && isWord(toks[0]) && toks[1].Is(":=") && literalKind(toks[2:]) != "":
			typ := typeOfName(u, pkgs, identName(toks[0]), s.start)
			if fam, lit := familyOf(typ), literalKind(toks[2:]); incompatible(fam, lit) {
				report(toks[2], strings.ToLower(toks[0].Text), typ[0].Upper(), lit)
			}
		case len(toks) >= 2 && toks[0].Is("RETURN") && literalKind(toks[1:]) != "":
			subs := enclosingSubs(s.owner)
			if len(subs) == 0 || subs[0].Kind != "FUNCTION" {
				continue
			}
			typ, _ := plsql.Lex(subs[0].Return)
			if fam, lit := familyOf(sigTokens(typ)), literalKind(toks[1:]); incompatible(fam, lit) {
				report(toks[1], "the result of function "+strings.ToLower(subs[0].Name), subs[0].Return, lit)
			}
		}
	}
	return out
}

// maybeLiteral is a cheap pre-test of a default's normalized text: only a
// string, a (signed) number or TRUE/FALSE can be a literal worth lexing.
func maybeLiteral(text string) bool {
	t := strings.TrimLeft(text, "(+-")
	if t == "" {
		return false
	}
	return t[0] == '\'' || t[0] == '.' || (t[0] >= '0' && t[0] <= '9') || strings.EqualFold(strings.TrimRight(t, ")"), "TRUE") || strings.EqualFold(strings.TrimRight(t, ")"), "FALSE")
}

// typeOfName returns the declared type tokens of a variable, constant or
// parameter visible at token idx of u, or nil. The package spec's items are
// visible from its body.
func typeOfName(u *unit, pkgs map[string]*Package, name string, idx int) []plsql.Token {
	for sc := u.innermost(idx); sc != nil; sc = sc.parent {
		if sc.sub != nil {
			for _, prm := range sc.sub.Params {
				if prm.Name == name {
					typ, _ := plsql.Lex(prm.Type)
					return sigTokens(typ)
				}
			}
		}
		if found, typ := sectionType(u, sc, name); found {
			return typ
		}
		if sc.kind == "PACKAGE BODY" {
			if pk := pkgs[u.name]; pk != nil && pk.specUnit != nil && pk.specUnit.root != nil {
				if found, typ := sectionType(pk.specUnit, pk.specUnit.root, name); found {
					return typ
				}
			}
		}
	}
	return nil
}

// sectionType looks name up among the items of one declaration section; found
// is true when the section declares it (even as something without a type).
func sectionType(u *unit, sc *scope, name string) (bool, []plsql.Token) {
	for _, d := range sc.decls {
		if d.name != name {
			continue
		}
		if d.kind != "VARIABLE" && d.kind != "CONSTANT" {
			return true, nil
		}
		typ, _, _, _ := declParts(u.toks, d.idx)
		return true, typ
	}
	for _, s := range sc.subs {
		if s.Name == name {
			return true, nil
		}
	}
	return false, nil
}
