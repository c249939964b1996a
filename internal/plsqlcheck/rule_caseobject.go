package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// CASE-OBJECT: a CASE expression whose result is an object-type value
// (json_object_t(), json_array_t.parse(x), TREAT(e AS json_object_t), a
// variable or function of an object type). Status: undocumented, refused by
// convention. The PL/SQL Language Reference documents CASE expressions by
// their syntax only (simple_case_expression ::= CASE selector WHEN ... THEN
// result_value ... END, docCaseExprSyntax); the types it names are those of
// the selector and the selector values of the CASE statement ("any PL/SQL
// data type except BLOB, BFILE, or a user-defined type", docCaseStatement;
// the 11.1 text also excluded "an object type, a PL/SQL record, an index-by
// table, a varray, or a nested table"). Nothing documents an object type as
// a result_value, and the SQL CASE expression's type rules name character and
// numeric types (for expr and comparison_expr); an IF/ELSE that assigns each branch is documented beyond doubt.
const (
	docCaseExprSyntax = "https://docs.oracle.com/cd/G11854_01/lnpls/img_text/simple_case_expression.html"
	docCaseStatement  = "https://docs.oracle.com/en/database/oracle/oracle-database/23/lnpls/CASE-statement.html"
)

func init() {
	Register(Rule{
		ID:      "CASE-OBJECT",
		Summary: "a CASE expression with object-type results (undocumented: refused by convention); write IF/ELSE",
		Check:   checkCaseObject,
	})
}

// jsonObjectTypes are Oracle's JSON object types (PL/SQL Packages and Types
// Reference, JSON Data Structures).
var jsonObjectTypes = []string{"JSON_ELEMENT_T", "JSON_OBJECT_T", "JSON_ARRAY_T", "JSON_SCALAR_T"}

// jsonObjectMethods return an object: GET (JSON_ELEMENT_T), GET_OBJECT,
// GET_ARRAY, CLONE.
var jsonObjectMethods = map[string]bool{"GET": true, "GET_OBJECT": true, "GET_ARRAY": true, "CLONE": true}

func checkCaseObject(p *Project) []Finding {
	pkgs := p.Packages()
	objs := objectTypes(p)
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		n := u.namesOf(pkgs)
		toks := u.toks
		statements := caseStatements(u)
		for k := range toks {
			if !toks[k].Is("CASE") || toks[k].Kind != plsql.Ident || statements[k] {
				continue
			}
			results, _, _ := caseResults(toks, k)
			for _, br := range results {
				if what, ok := objectValue(u, n, pkgs, objs, br); ok {
					out = append(out, at(u.file, toks[k], "CASE-OBJECT", fmt.Sprintf(
						"CASE expression with the object-type result %s: the PL/SQL Language Reference documents no "+
							"object type as a CASE result (%s; %s); write IF ... THEN x := ...; ELSE x := ...; END IF",
						what, docCaseExprSyntax, docCaseStatement)))
					break
				}
			}
		}
	}
	return out
}

// caseStatements returns the token indexes of the unit's CASE statements
// (as the block parser found them, in bodies and handlers at any depth).
func caseStatements(u *unit) map[int]bool {
	out := map[int]bool{}
	var walk func(stmts []*stmt)
	walkBlock := func(b *block) {
		if b == nil {
			return
		}
		walk(b.stmts)
		for _, h := range b.handlers {
			walk(h.stmts)
		}
	}
	walk = func(stmts []*stmt) {
		for _, st := range stmts {
			if st.kind == "CASE" {
				out[st.start] = true
			}
			for _, br := range st.branches {
				walk(br)
			}
			walkBlock(st.blk)
		}
	}
	for _, sc := range u.scopes {
		walkBlock(sc.body)
	}
	return out
}

// objectTypes: Oracle's JSON types and every CREATE TYPE ... AS OBJECT (or
// UNDER) of the checked files, by name.
func objectTypes(p *Project) map[string]bool {
	out := map[string]bool{}
	for _, t := range jsonObjectTypes {
		out[t] = true
	}
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			if u.kind != "TYPE" || u.name == "" {
				continue
			}
			for i := 0; i+1 < len(u.toks) && i < 12; i++ {
				if ((u.toks[i].Is("AS") || u.toks[i].Is("IS")) && u.toks[i+1].Is("OBJECT")) || u.toks[i].Is("UNDER") {
					out[u.name] = true
				}
			}
		}
	}
	return out
}

// caseResults returns the result expressions (after THEN and ELSE) of the
// CASE expression whose CASE keyword is at k, and the indexes of its ELSE
// and END keywords (-1 when absent or not found).
func caseResults(toks []plsql.Token, k int) (out [][]plsql.Token, elseAt, endAt int) {
	elseAt, endAt = -1, -1
	start := -1
	depth, nested := 0, 0
	closeBranch := func(j int) {
		if start >= 0 && j > start {
			out = append(out, toks[start:j])
		}
		start = -1
	}
	for j := k + 1; j < len(toks); j++ {
		t := toks[j]
		switch {
		case t.Is("("):
			depth++
		case t.Is(")"):
			depth--
			if depth < 0 {
				return out, elseAt, endAt
			}
		case depth > 0:
		case t.Is("CASE"):
			nested++
		case t.Is("END"):
			if nested > 0 {
				nested--
				continue
			}
			closeBranch(j)
			return out, elseAt, j
		case nested > 0:
		case t.Is("WHEN"):
			closeBranch(j)
		case t.Is("THEN") || t.Is("ELSE"):
			closeBranch(j)
			start = j + 1
			if t.Is("ELSE") {
				elseAt = j
			}
		case t.Is(";"):
			return out, elseAt, endAt
		}
	}
	return out, elseAt, endAt
}

// objectValue reports whether a result expression is an object-type value
// the text shows: a constructor, T.parse(...), TREAT(... AS T), a JSON
// method returning an object, a variable or parameter declared with an
// object type, or a call of a function of the unit or of a project package
// whose RETURN type is one.
func objectValue(u *unit, n *unitNames, pkgs map[string]*Package, objs map[string]bool, expr []plsql.Token) (string, bool) {
	for len(expr) >= 2 && expr[0].Is("(") && matchParen(expr, 0) == len(expr)-1 {
		expr = expr[1 : len(expr)-1]
	}
	if len(expr) == 0 || !isWord(expr[0]) {
		return "", false
	}
	text := strings.ToLower(tokensText(expr))
	if expr[0].Is("TREAT") && len(expr) > 3 && expr[1].Is("(") && matchParen(expr, 1) == len(expr)-1 {
		inner := expr[2 : len(expr)-1]
		for i := len(inner) - 1; i > 0; i-- {
			if inner[i].Is("AS") && i+1 < len(inner) {
				parts := dottedName(inner, i+1)
				if len(parts) > 0 && objs[parts[len(parts)-1]] {
					return text, true
				}
				break
			}
		}
		return "", false
	}
	parts := dottedName(expr, 0)
	nameToks := 2*len(parts) - 1
	parens := nameToks < len(expr) && expr[nameToks].Is("(") && matchParen(expr, nameToks) == len(expr)-1
	if nameToks != len(expr) && !parens {
		return "", false // an operator follows: not a plain value
	}
	k := indexOfToken(u.toks, expr[0])
	if k < 0 {
		return "", false
	}
	switch len(parts) {
	case 1:
		if parens && objs[parts[0]] {
			return text, true // a constructor
		}
		if b, ok := n.resolve(parts[0], k); ok {
			if b.kind == "SUBPROGRAM" && b.sub != nil && b.sub.Kind == "FUNCTION" && objs[typeName(b.sub.Return)] {
				return text + " (returns " + strings.ToLower(b.sub.Return) + ")", true
			}
			if b.kind == "SUBPROGRAM" {
				return "", false
			}
		}
		if !parens {
			if typ := typeOfName(u, pkgs, parts[0], k); len(typ) > 0 && objs[typeName(joinTokens(typ))] {
				return text + " (" + strings.ToLower(joinTokens(typ)) + ")", true
			}
		}
	case 2:
		if parts[1] == "PARSE" && objs[parts[0]] {
			return text, true
		}
		if typ := typeOfName(u, pkgs, parts[0], k); len(typ) > 0 && objs[typeName(joinTokens(typ))] &&
			jsonObjectMethods[parts[1]] {
			return text, true
		}
		if pk := pkgs[parts[0]]; pk != nil && pk.Spec != nil && !localName(u, parts[0], k) {
			for _, s := range pk.SpecSubs {
				if s.Name == parts[1] && s.Kind == "FUNCTION" && objs[typeName(s.Return)] {
					return text + " (returns " + strings.ToLower(s.Return) + ")", true
				}
			}
		}
	}
	return "", false
}

// typeName is the last part of a type's normalized text (SYS.JSON_OBJECT_T
// -> JSON_OBJECT_T).
func typeName(t string) string {
	t = strings.ToUpper(strings.TrimSpace(t))
	if i := strings.LastIndex(t, "."); i >= 0 {
		t = t[i+1:]
	}
	return t
}
