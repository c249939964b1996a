package plsqlcheck

import (
	"fmt"

	"github.com/agentmem/agentmem/internal/plsql"
)

// SELECT-INTO: a query run as a PL/SQL statement must say where its row
// goes. "SELECT ... FROM ..." as a statement (not a cursor declaration, not
// the query of a cursor FOR loop or OPEN ... FOR, not dynamic SQL) without
// INTO or BULK COLLECT INTO does not compile: PLS-00428, "an INTO clause is
// expected in this SELECT statement"
// (https://docs.oracle.com/en/error-help/db/pls-00428; the SELECT INTO
// statement: https://docs.oracle.com/en/database/oracle/oracle-database/12.2/lnpls/SELECT-INTO-statement.html).
const docPLS428 = "PLS-00428, https://docs.oracle.com/en/error-help/db/pls-00428"

func init() {
	Register(Rule{
		ID:      "SELECT-INTO",
		Summary: "a SELECT (or WITH ... SELECT) run as a PL/SQL statement has INTO or BULK COLLECT INTO (PLS-00428)",
		Check:   checkSelectInto,
	})
}

func checkSelectInto(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		for _, u := range p.unitsOf(f) {
			if !u.plsql || u.root == nil {
				continue
			}
			for _, s := range u.simples {
				if !(s.first.Is("SELECT") || s.first.Is("WITH")) {
					continue
				}
				if !hasTopLevelInto(u.toks[s.start:s.end]) {
					out = append(out, at(f, s.first, "SELECT-INTO", fmt.Sprintf(
						"this %s statement has no INTO or BULK COLLECT INTO, so PL/SQL cannot compile it (%s); select INTO variables, or loop over the query with FOR r IN (...)",
						s.first.Upper(), docPLS428)))
				}
			}
		}
	}
	return out
}

// hasTopLevelInto reports whether INTO appears outside parentheses (a
// subquery's INTO would itself be an error, and WITH clauses sit in them).
func hasTopLevelInto(toks []plsql.Token) bool {
	depth := 0
	for _, t := range toks {
		switch {
		case t.Is("("):
			depth++
		case t.Is(")"):
			depth--
		case depth == 0 && t.Is("INTO"):
			return true
		}
	}
	return false
}
