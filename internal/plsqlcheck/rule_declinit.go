package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// DECL-INIT: declarations that cannot compile as written.
//   - A constant without an initial value: PLS-00322 ("You must initialize a
//     constant in its declaration",
//     https://docs.oracle.com/cd/B19306_01/appdev.102/b14261/constantvar_declaration.htm).
//   - A NOT NULL variable without an initial value: PLS-00218
//     (https://docs.oracle.com/en/error-help/db/pls-00218).
//   - A VARCHAR2/VARCHAR/NVARCHAR2/RAW variable or constant without a length:
//     PLS-00215, "String length constraints must be in range (1 .. 32767)"
//     (parameters and RETURN types are unconstrained and exempt).
//   - A length or precision on a type that takes none, "l_doc clob(100)":
//     PLS-00566 (type name cannot be constrained).
//     (Two fields of one RECORD type with the same name, PLS-00410, are DUP-DECL's.)
//   - A default on an OUT or IN OUT parameter: PLS-00230; the grammar admits
//     ":= | DEFAULT expression" only after [IN] datatype
//     (https://docs.oracle.com/cd/E96517_01/lnpls/img_text/parameter_declaration.html).
func init() {
	Register(Rule{
		ID:      "DECL-INIT",
		Summary: "constants and NOT NULL variables are initialized (PLS-00322, PLS-00218), string variables have a length (PLS-00215), unconstrainable types have none (PLS-00566), OUT parameters have no default (PLS-00230)",
		Check:   checkDeclInit,
	})
}

// lengthTypes need a length constraint when a variable is declared with them.
var lengthTypes = map[string]bool{"VARCHAR2": true, "VARCHAR": true, "NVARCHAR2": true, "RAW": true}

// unconstrained types take no (length) or (precision) at all.
var unconstrained = map[string]bool{"CLOB": true, "NCLOB": true, "BLOB": true, "BFILE": true, "BOOLEAN": true,
	"PLS_INTEGER": true, "BINARY_INTEGER": true, "SIMPLE_INTEGER": true, "DATE": true, "BINARY_FLOAT": true, "BINARY_DOUBLE": true}

func checkDeclInit(p *Project) []Finding {
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		for _, sc := range u.scopes {
			for _, d := range sc.decls {
				if d.kind == "VARIABLE" || d.kind == "CONSTANT" {
					out = append(out, declInitProblems(u, d)...)
				}
			}
		}
		for _, sd := range u.subs {
			for _, prm := range sd.Params {
				if prm.HasDefault && prm.Mode != "IN" {
					out = append(out, Finding{File: u.file.Path, Line: prm.Line, Col: prm.Col, Rule: "DECL-INIT", Msg: fmt.Sprintf(
						"%s %s: %s parameter %s has a default, which only IN parameters may have (PLS-00230); drop the default or make it IN",
						strings.ToLower(sd.Kind), strings.ToLower(sd.Name), prm.Mode, strings.ToLower(prm.Name))})
				}
			}
		}
	}
	return out
}

// declParts extends declType (NARROW-INPUT's reader of a declaration): the
// type tokens, whether NOT NULL follows them, and the initial value's tokens.
func declParts(toks []plsql.Token, nameIdx int) (typ []plsql.Token, notNull, hasInit bool, init []plsql.Token) {
	typ, assign := declType(toks, nameIdx)
	for k := nameIdx + 1 + len(typ); k < len(toks) && !toks[k].Is(";"); k++ {
		if toks[k].Is("NOT") && k+1 < len(toks) && toks[k+1].Is("NULL") {
			notNull = true
		}
		if toks[k].Is(":=") || toks[k].Is("DEFAULT") {
			assign = k // declType stops at NOT NULL, before the initial value
			break
		}
	}
	if assign < 0 {
		return typ, notNull, false, nil
	}
	j := assign + 1
	for d := 0; j < len(toks); j++ {
		if toks[j].Is("(") {
			d++
		} else if toks[j].Is(")") {
			d--
		} else if d == 0 && toks[j].Is(";") {
			break
		}
	}
	return typ, notNull, true, toks[assign+1 : j]
}

func declInitProblems(u *unit, d *decl) []Finding {
	typ, notNull, hasInit, _ := declParts(u.toks, d.idx)
	name := strings.ToLower(d.name)
	var out []Finding
	switch {
	case d.kind == "CONSTANT" && !hasInit:
		out = append(out, at(u.file, d.tok, "DECL-INIT", fmt.Sprintf(
			"constant %s has no initial value (PLS-00322); give it := value or declare a variable", name)))
	case notNull && !hasInit:
		out = append(out, at(u.file, d.tok, "DECL-INIT", fmt.Sprintf(
			"%s is declared NOT NULL without an initial value (PLS-00218, https://docs.oracle.com/en/error-help/db/pls-00218)", name)))
	}
	if len(typ) > 1 && typ[0].Kind == plsql.Ident && unconstrained[typ[0].Upper()] && typ[1].Is("(") {
		out = append(out, at(u.file, typ[0], "DECL-INIT", fmt.Sprintf(
			"%s is declared %s with a constraint, which that type does not take (PLS-00566); drop the parentheses", name, typ[0].Upper())))
	}
	if len(typ) > 0 && lengthTypes[typ[0].Upper()] && typ[0].Kind == plsql.Ident && (len(typ) == 1 || !typ[1].Is("(")) {
		out = append(out, at(u.file, typ[0], "DECL-INIT", fmt.Sprintf(
			"%s is declared %s without a length (PLS-00215); write %s(n [byte|char])", name, typ[0].Upper(), typ[0].Upper())))
	}
	return out
}
