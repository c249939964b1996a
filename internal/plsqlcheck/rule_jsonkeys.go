package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// JSON-KEY-LIST: JSON_OBJECT_T.GET_KEYS returns JSON_KEY_LIST ("a varray of
// VARCHAR2(4000)", JSON Data Structures / shared reference §7.4). PL/SQL
// assigns a collection only to a variable of the same collection type, so
// receiving the keys in a project type (agentmem_util.t_text_list, a nested
// table of VARCHAR2) fails to compile with PLS-00382 (expression is of wrong
// type) even though the element types agree. The rule reads the declared
// type of the variable an assignment (or a declaration's initial value)
// ending in ".get_keys" goes to.
const docJSONKeyList = "https://docs.oracle.com/cd/F19136_01/arpls/json-types.html"

func init() {
	Register(Rule{
		ID:      "JSON-KEY-LIST",
		Summary: "the result of JSON_OBJECT_T.GET_KEYS goes to a variable declared JSON_KEY_LIST (PLS-00382 otherwise)",
		Check:   checkJSONKeyList,
	})
}

func checkJSONKeyList(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		toks := sigTokens(f.Tokens)
		types := declaredTypes(toks)
		for k := 0; k+1 < len(toks); k++ {
			if !toks[k].Is(":=") {
				continue
			}
			target, ok := assignTarget(toks, k)
			if !ok {
				continue
			}
			end := k + 1
			for depth := 0; end < len(toks); end++ {
				if toks[end].Is("(") {
					depth++
				} else if toks[end].Is(")") {
					depth--
				} else if depth == 0 && toks[end].Is(";") {
					break
				}
			}
			if !endsWithGetKeys(toks[k+1 : end]) {
				continue
			}
			typ, known := types[target]
			if !known || typ == "JSON_KEY_LIST" || typ == "SYS.JSON_KEY_LIST" {
				continue
			}
			out = append(out, at(f, toks[k], "JSON-KEY-LIST", fmt.Sprintf(
				"%s is declared %s but receives get_keys, which returns JSON_KEY_LIST: PLS-00382 (expression is of "+
					"wrong type) on Oracle; declare it json_key_list (%s)",
				strings.ToLower(target), strings.ToLower(typ), docJSONKeyList)))
		}
	}
	return out
}

// assignTarget returns the variable assigned at the ':=' at k: the first
// name after the statement or declaration boundary before it, as in
// "l_keys := ..." and "l_keys json_key_list := ...". Record fields and
// collection elements (x.y :=, x(i) :=) are not followed.
func assignTarget(toks []plsql.Token, k int) (string, bool) {
	b := k - 1
	for b >= 0 && !assignBoundary(toks[b]) {
		b--
	}
	if b+1 >= k {
		return "", false
	}
	name, ok := identText(toks[b+1])
	if !ok || declKeyword[name] {
		return "", false
	}
	if b+2 < k && (toks[b+2].Is(".") || toks[b+2].Is("(")) {
		return "", false // a field or an element, not a variable
	}
	return name, true
}

// assignBoundary: tokens after which a statement or a declaration starts.
func assignBoundary(t plsql.Token) bool {
	for _, w := range []string{";", "IS", "AS", "DECLARE", "BEGIN", "THEN", "ELSE", "LOOP"} {
		if t.Is(w) {
			return true
		}
	}
	return t.Kind == plsql.Label
}

// endsWithGetKeys: the expression is x.get_keys or x.get_keys().
func endsWithGetKeys(expr []plsql.Token) bool {
	n := len(expr)
	if n >= 2 && expr[n-1].Is(")") && expr[n-2].Is("(") {
		n -= 2
	}
	return n >= 3 && expr[n-1].Is("GET_KEYS") && expr[n-2].Is(".")
}

// declaredTypes maps variable and parameter names of a file to their
// declared type (upper case, dotted parts joined, size and modifiers
// dropped). A name declared with different types in different scopes is
// left out: the checker cannot tell which declaration a use refers to.
func declaredTypes(toks []plsql.Token) map[string]string {
	types := map[string]string{}
	conflict := map[string]bool{}
	for i := 0; i+1 < len(toks); i++ {
		name, ok := identText(toks[i])
		if !ok || declKeyword[name] {
			continue
		}
		if i > 0 && !(toks[i-1].Is(";") || toks[i-1].Is("(") || toks[i-1].Is(",") || toks[i-1].Is("IS") ||
			toks[i-1].Is("AS") || toks[i-1].Is("DECLARE")) {
			continue
		}
		j := i + 1
		for j < len(toks) && (toks[j].Is("IN") || toks[j].Is("OUT") || toks[j].Is("NOCOPY") || toks[j].Is("CONSTANT")) {
			j++
		}
		var parts []string
		for j < len(toks) {
			part, ok := identText(toks[j])
			if !ok {
				break
			}
			parts = append(parts, part)
			if j+2 < len(toks) && toks[j+1].Is(".") {
				j += 2
				continue
			}
			j++
			break
		}
		if len(parts) == 0 || j >= len(toks) {
			continue
		}
		// A declaration continues with ':=', DEFAULT, ';', ',', ')', a size
		// '(' or %TYPE; anything else (a statement such as "x := y") is not one.
		next := toks[j]
		if !(next.Is(":=") || next.Is("DEFAULT") || next.Is(";") || next.Is(",") || next.Is(")") ||
			next.Is("(") || next.Is("%") || next.Is("NOT")) {
			continue
		}
		typ := strings.Join(parts, ".")
		if prev, seen := types[name]; seen && prev != typ {
			conflict[name] = true
		}
		types[name] = typ
	}
	for n := range conflict {
		delete(types, n)
	}
	return types
}
