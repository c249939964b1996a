package plsqlcheck

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMethodOnCallCatchesPlantedCalls plants, in every package body and
// suite of the tree, "if f(null, ...).count = 0 then null; end if;" after the
// BEGIN of each subprogram declared after a function f of the same body that
// returns a collection, and "if x.get_keys.count = 0 ..." after every
// "l := x.get_keys;" statement of the tree, and requires METHOD-ON-CALL to report each.
func TestMethodOnCallCatchesPlantedCalls(t *testing.T) {
	total := 0
	realBodies(t, func(p *Project, f *File, u *unit, n *unitNames) {
		colls := collectionTypes(p)
		colls["JSON_KEY_LIST"] = true
		var plants []plantedError
		var fn *subDecl
		for _, sd := range u.subs {
			if sd.parent != u.root || !sd.isDef {
				continue
			}
			if b := bodyBegin(u, n, sd); fn != nil && b >= 0 {
				var args []string
				for range fn.Params {
					args = append(args, "null")
				}
				call := strings.ToLower(fn.Name)
				if len(args) > 0 {
					call += "(" + strings.Join(args, ", ") + ")"
				}
				begin := u.toks[b]
				plants = append(plants, plantedError{offset: begin.Offset + len(begin.Text),
					text: " if " + call + ".count = 0 then null; end if;", line: begin.Line, name: "COUNT", sub: sd.Name})
			}
			if sd.Kind == "FUNCTION" && colls[typeName(sd.Return)] {
				fn = sd
			}
		}
		toks := u.toks
		for k := 0; k+5 < len(toks); k++ {
			if k >= 2 && startsStatementAt(toks, k-1) && n.scopeAt[k] != nil && n.scopeAt[k].body != nil &&
				toks[k].Is(":=") && isWord(toks[k+1]) && toks[k+2].Is(".") && toks[k+3].Is("GET_KEYS") && toks[k+4].Is(";") {
				semi := toks[k+4]
				plants = append(plants, plantedError{offset: semi.Offset + 1,
					text: " if " + toks[k+1].Text + ".get_keys.count = 0 then null; end if;", line: semi.Line, name: "COUNT", sub: "get_keys"})
			}
		}
		if len(plants) > 0 {
			plantAll(t, p, f, plants, "METHOD-ON-CALL", checkMethodOnCall)
			total += len(plants)
		}
	})
	t.Logf("%d collection methods on function results planted", total)
	require.Greater(t, total, 50)
}
