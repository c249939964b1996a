package plsqlcheck

import (
	"fmt"

	"github.com/agentmem/agentmem/internal/plsql"
)

// ASSIGN-OP: '=' and ':=' swapped, the commonest PLS-00103 ("Encountered the
// symbol ... when expecting one of the following",
// https://docs.oracle.com/en/error-help/db/pls-00103) after a missing ';'.
//   - A statement "l_x = 1;": a name (record field, element) followed by
//     '=' is a comparison, and a comparison is no statement.
//   - A condition "if l_x := 1 then", "while ... loop", "exit when ...",
//     "elsif": ':=' cannot appear in an expression.
func init() {
	Register(Rule{
		ID:      "ASSIGN-OP",
		Summary: "no '=' where a statement needs ':=' and no ':=' inside an IF/ELSIF/WHILE/WHEN condition (PLS-00103)",
		Check:   checkAssignOp,
	})
}

func checkAssignOp(p *Project) []Finding {
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		for _, s := range u.simples {
			if eq := assignedWithEquals(u.toks, s.start, s.end); eq >= 0 {
				out = append(out, at(u.file, u.toks[eq], "ASSIGN-OP", fmt.Sprintf(
					"a statement cannot be a comparison: '=' after %s; assign with ':=' (PLS-00103)", u.toks[s.start].Text)))
			}
		}
		out = append(out, assignInCondition(u)...)
	}
	return out
}

// assignedWithEquals returns the index of the '=' when the statement is
// name(.name | (args))* = ..., or -1.
func assignedWithEquals(toks []plsql.Token, start, end int) int {
	if start >= end || !isWord(toks[start]) || isSQLStart(toks[start]) {
		return -1
	}
	for k := start + 1; k < end; k++ {
		switch {
		case toks[k].Is(".") && k+1 < end && isWord(toks[k+1]):
			k++
		case toks[k].Is("("):
			m := matchParen(toks, k)
			if m < 0 || m >= end {
				return -1
			}
			k = m
		case toks[k].Is("="):
			return k
		default:
			return -1
		}
	}
	return -1
}

// assignInCondition finds ':=' between IF/ELSIF/WHILE/WHEN and the THEN,
// LOOP or ';' that ends the condition.
func assignInCondition(u *unit) []Finding {
	toks := u.toks
	var out []Finding
	for k, t := range toks {
		if !(t.Is("IF") || t.Is("ELSIF") || t.Is("WHILE") || t.Is("WHEN")) || (k > 0 && toks[k-1].Is("END")) {
			continue
		}
		for j := k + 1; j < len(toks); j++ {
			x := toks[j]
			if x.Is("THEN") || x.Is("LOOP") || x.Is(";") || x.Is("IF") || x.Is("BEGIN") || x.Is("END") || x.Is("DECLARE") {
				break
			}
			if x.Is(":=") {
				out = append(out, at(u.file, x, "ASSIGN-OP", fmt.Sprintf(
					"':=' inside the %s condition: compare with '=' (PLS-00103)", t.Upper())))
				break
			}
		}
	}
	return out
}
