package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// NVL-COLLECTION: NVL over a collection. The SQL Language Reference
// documents NVL's conversions for character and numeric arguments only
// ("If expr1 is character data ... If expr1 is numeric ...",
// docNVL); no overload for nested tables or varrays is documented, so
// nvl(l_list, t_list()) is written as IF l_list IS NULL THEN ... instead
// (the form the grammar pass of AGENTMEM_FILTER adopted).
const docNVL = "https://docs.oracle.com/en/database/oracle/oracle-database/19/sqlrf/NVL.html"

func init() {
	Register(Rule{
		ID:      "NVL-COLLECTION",
		Summary: "NVL over a collection (no documented overload): use IF x IS NULL",
		Check:   checkNVLCollection,
	})
}

// builtinCollections are Oracle collection types the project uses.
var builtinCollections = map[string]bool{"JSON_KEY_LIST": true}

func checkNVLCollection(p *Project) []Finding {
	colls := collectionTypes(p)
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		toks := sigTokens(f.Tokens)
		types := declaredTypes(toks)
		for k := 0; k+1 < len(toks); k++ {
			if !toks[k].Is("NVL") || !toks[k+1].Is("(") || (k > 0 && toks[k-1].Is(".")) {
				continue
			}
			args, _, ok := parseArgs(toks, k+1)
			if !ok {
				continue
			}
			for _, a := range args {
				if what, bad := collectionArg(a.Toks, colls, types); bad {
					out = append(out, at(f, toks[k], "NVL-COLLECTION", fmt.Sprintf(
						"nvl over %s, a collection: NVL is documented for character and numeric data only (%s); "+
							"write IF x IS NULL THEN x := t(); END IF", what, docNVL)))
					break
				}
			}
		}
	}
	return out
}

// collectionArg: the argument is a collection constructor t(...) or a
// variable or parameter declared with a collection type.
func collectionArg(a []plsql.Token, colls map[string]bool, types map[string]string) (string, bool) {
	parts := dottedName(a, 0)
	if len(parts) == 0 {
		return "", false
	}
	n := 2*len(parts) - 1 // tokens of the dotted name
	last := parts[len(parts)-1]
	switch {
	case n < len(a) && a[n].Is("(") && matchParen(a, n) == len(a)-1 && colls[last]:
		return "the constructor " + strings.ToLower(tokensText(a)), true
	case n == len(a) && len(parts) == 1:
		typ := types[parts[0]]
		tp := strings.Split(typ, ".")
		if typ != "" && colls[tp[len(tp)-1]] {
			return strings.ToLower(parts[0]) + " (" + strings.ToLower(typ) + ")", true
		}
	}
	return "", false
}

// collectionTypes: every TYPE ... IS TABLE OF / VARRAY / VARYING ARRAY of the
// checked files (associative arrays included: NVL has no overload for them
// either), by name.
func collectionTypes(p *Project) map[string]bool {
	out := map[string]bool{}
	for n := range builtinCollections {
		out[n] = true
	}
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			for _, sc := range u.scopes {
				for _, d := range sc.decls {
					if d.kind != "TYPE" || d.idx+2 >= len(u.toks) {
						continue
					}
					t := u.toks[d.idx+1 : d.idx+3]
					if (t[0].Is("IS") || t[0].Is("AS")) && (t[1].Is("TABLE") || t[1].Is("VARRAY") || t[1].Is("VARYING")) {
						out[d.name] = true
					}
				}
			}
		}
	}
	return out
}
