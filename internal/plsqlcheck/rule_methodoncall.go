package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// METHOD-ON-CALL: a collection method invoked on the result of a function
// call. The PL/SQL Language Reference, "Collection Method Invocation",
// defines collection_method_call ::= collection.{COUNT | DELETE | EXISTS |
// EXTEND | FIRST | LAST | LIMIT | NEXT | PRIOR | TRIM} with collection the
// "Name of the collection whose method you are invoking" (docCollMethod; the
// 10.2 text: "An associative array, nested table, or varray previously
// declared within the current scope"). A function call is no such name, so
// f(x).count, obj.get_keys.count and obj.get_keys().count are outside the
// documented syntax: the result goes to a local of the collection type first.
const docCollMethod = "https://docs.oracle.com/database/122/LNPLS/collection-method.htm"

func init() {
	Register(Rule{
		ID:      "METHOD-ON-CALL",
		Summary: "collection methods (COUNT, FIRST, ..., TRIM) are invoked on a named collection, not on a function result",
		Check:   checkMethodOnCall,
	})
}

var collectionMethods = map[string]bool{"COUNT": true, "FIRST": true, "LAST": true, "EXISTS": true, "PRIOR": true,
	"NEXT": true, "LIMIT": true, "DELETE": true, "EXTEND": true, "TRIM": true}

func checkMethodOnCall(p *Project) []Finding {
	pkgs := p.Packages()
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		n := u.namesOf(pkgs)
		toks := u.toks
		for k := 1; k+1 < len(toks); k++ {
			if !toks[k].Is(".") || toks[k+1].Kind != plsql.Ident || !collectionMethods[identName(toks[k+1])] {
				continue
			}
			call, ok := functionCallBefore(u, n, pkgs, k)
			if !ok {
				continue
			}
			out = append(out, at(u.file, toks[k+1], "METHOD-ON-CALL", fmt.Sprintf(
				"%s invoked on %s, a function result: a collection method's prefix is the name of a collection "+
					"(Collection Method Invocation, %s); assign the result to a local of its collection type first",
				strings.ToLower(toks[k+1].Text), call, docCollMethod)))
		}
	}
	return out
}

// functionCallBefore reports whether the expression ending just before the
// '.' at k is a function call: a subprogram of the unit or of a project
// package (bare or pkg.f, with or without arguments), or JSON_OBJECT_T's
// GET_KEYS on any receiver. A name resolving to a variable or parameter
// (l_lists(i).count, an element of a collection of collections) is none.
func functionCallBefore(u *unit, n *unitNames, pkgs map[string]*Package, k int) (string, bool) {
	toks := u.toks
	w := k - 1
	if toks[w].Is(")") {
		open := openParen(toks, w)
		if open <= 0 {
			return "", false
		}
		w = open - 1
	}
	if w < 0 || !isWord(toks[w]) {
		return "", false
	}
	name := identName(toks[w])
	text := tokensText(toks[w:k])
	if name == "GET_KEYS" && w >= 2 && toks[w-1].Is(".") {
		return strings.TrimPrefix(tokensText(toks[w-1:k]), "."), true // any receiver, chains included
	}
	qualified := w >= 2 && toks[w-1].Is(".") && isWord(toks[w-2])
	switch {
	case qualified:
		if w >= 3 && toks[w-3].Is(".") {
			return "", false // a.b.f: a record path or schema-qualified name
		}
		pk := pkgs[identName(toks[w-2])]
		if pk == nil || pk.Spec == nil || localName(u, pk.Name, w-2) {
			return "", false
		}
		for _, s := range pk.SpecSubs {
			if s.Name == name && s.Kind == "FUNCTION" {
				return tokensText(toks[w-2 : k]), true
			}
		}
	default:
		if b, ok := n.resolve(name, w); ok && b.kind == "SUBPROGRAM" && b.sub != nil && b.sub.Kind == "FUNCTION" {
			return text, true
		}
	}
	return "", false
}

// openParen returns the index of the '(' matching the ')' at close, or -1.
func openParen(toks []plsql.Token, close int) int {
	depth := 0
	for j := close; j >= 0; j-- {
		if toks[j].Is(")") {
			depth++
		} else if toks[j].Is("(") {
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}
