package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// FORALL-USING: in FORALL ... EXECUTE IMMEDIATE ... USING, every bind value
// is a simple reference to a collection element subscripted by the FORALL
// index. The PL/SQL Language Reference, FORALL statement, "Restriction on
// dml_statement": "If dml_statement is a dynamic SQL statement, then values
// in the USING clause (bind variables for the dynamic SQL statement) must be
// simple references to the collection, not expressions. For example,
// collection(i) is valid, but UPPER(collection(i)) is not valid." A plain
// variable, a literal or an expression there is outside the documented form
// (found by the relations review: a shared timestamp bound as l_now).
const docForallUsing = "https://docs.oracle.com/en/database/oracle/oracle-database/26/lnpls/FORALL-statement.html"

func init() {
	Register(Rule{
		ID:      "FORALL-USING",
		Summary: "FORALL ... EXECUTE IMMEDIATE binds only collection elements subscripted by the FORALL index (name(i), rec.name(i))",
		Check:   checkForallUsing,
	})
}

func checkForallUsing(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		toks := sigTokens(f.Tokens)
		for k := 0; k+2 < len(toks); k++ {
			if !toks[k].Is("FORALL") || !isWord(toks[k+1]) || !toks[k+2].Is("IN") {
				continue
			}
			index := identName(toks[k+1])
			end := statementEnd(toks, k)
			exec := -1
			for j := k + 3; j+1 < end; j++ {
				if toks[j].Is("EXECUTE") && toks[j+1].Is("IMMEDIATE") {
					exec = j
					break
				}
			}
			if exec < 0 {
				continue // static DML: the restriction is on dynamic SQL
			}
			for _, item := range usingItems(toks, exec, end) {
				if !elementOf(item, index) {
					out = append(out, at(f, item[0], "FORALL-USING", fmt.Sprintf(
						"USING value %s of a FORALL ... EXECUTE IMMEDIATE is not a collection element subscripted by %s: "+
							"the values must be simple references such as collection(%s) (%s); fill a collection "+
							"with the value per row", strings.ToLower(tokensText(item)), strings.ToLower(index),
						strings.ToLower(index), docForallUsing)))
				}
			}
		}
	}
	return out
}

// usingItems splits the USING list of the EXECUTE IMMEDIATE at exec (up to
// end, RETURNING/RETURN excluded) at top-level commas, without the IN / OUT
// / IN OUT mode words.
func usingItems(toks []plsql.Token, exec, end int) [][]plsql.Token {
	using := -1
	depth := 0
	for j := exec; j < end; j++ {
		switch {
		case toks[j].Is("("):
			depth++
		case toks[j].Is(")"):
			depth--
		case depth == 0 && toks[j].Is("USING"):
			using = j
		}
		if using >= 0 {
			break
		}
	}
	if using < 0 {
		return nil
	}
	var items [][]plsql.Token
	start := using + 1
	depth = 0
	for j := using + 1; j < end; j++ {
		t := toks[j]
		switch {
		case t.Is("("):
			depth++
		case t.Is(")"):
			depth--
		case depth == 0 && (t.Is(",") || t.Is(";") || t.Is("RETURNING") || t.Is("RETURN")):
			items = append(items, withoutMode(toks[start:j]))
			start = j + 1
			if !t.Is(",") {
				return nonEmpty(items)
			}
		}
	}
	return nonEmpty(append(items, withoutMode(toks[start:end])))
}

func withoutMode(item []plsql.Token) []plsql.Token {
	for len(item) > 0 && (item[0].Is("IN") || item[0].Is("OUT")) {
		item = item[1:]
	}
	return item
}

func nonEmpty(items [][]plsql.Token) [][]plsql.Token {
	out := items[:0]
	for _, it := range items {
		if len(it) > 0 {
			out = append(out, it)
		}
	}
	return out
}

// elementOf: item is a (dotted) name followed by "(index)" and nothing else.
func elementOf(item []plsql.Token, index string) bool {
	parts := dottedName(item, 0)
	n := 2*len(parts) - 1
	return len(parts) > 0 && n+3 == len(item) && item[n].Is("(") && isWord(item[n+1]) &&
		identName(item[n+1]) == index && item[n+2].Is(")")
}
