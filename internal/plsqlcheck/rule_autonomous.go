package plsqlcheck

import (
	"fmt"

	"github.com/agentmem/agentmem/internal/plsql"
)

// AUTONOMOUS-TXN: a routine with PRAGMA AUTONOMOUS_TRANSACTION must commit
// or roll back before it returns normally. Oracle's text for ORA-06519:
// "Before returning from an autonomous PL/SQL block, all autonomous
// transactions started within the block must be completed (either committed
// or rolled back). If not, the active autonomous transaction is implicitly
// rolled back and this error is raised."
// (https://docs.oracle.com/en/error-help/db/oci-06519). An exception that
// leaves the routine rolls the transaction back without that error, so a
// handler that re-raises is fine.
const docAutonomousEnd = "https://docs.oracle.com/en/error-help/db/oci-06519"

func init() {
	Register(Rule{
		ID: "AUTONOMOUS-TXN",
		Summary: "a subprogram or block with PRAGMA AUTONOMOUS_TRANSACTION ends every normal path with COMMIT or " +
			"ROLLBACK (each RETURN right after one; each handler that does not re-raise too), else ORA-06519",
		Check: checkAutonomous,
	})
}

func checkAutonomous(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			for i := 0; i+1 < len(u.toks); i++ {
				if !u.toks[i].Is("PRAGMA") || !u.toks[i+1].Is("AUTONOMOUS_TRANSACTION") {
					continue
				}
				sc := u.innermost(i)
				if sc == nil || sc.body == nil {
					continue
				}
				out = append(out, autonomousProblems(u, sc, u.toks[i])...)
			}
		}
	}
	return out
}

// autonomousProblems checks one autonomous routine's body.
func autonomousProblems(u *unit, sc *scope, pragma plsql.Token) []Finding {
	what := "the block"
	if sc.sub != nil {
		what = sc.sub.Kind + " " + sc.sub.Name
	}
	var out []Finding
	if !endsTxn(u, sc.body.stmts) {
		anchor := pragma
		if last := lastStmt(sc.body.stmts); last != nil {
			anchor = last.first
		}
		out = append(out, at(u.file, anchor, "AUTONOMOUS-TXN", fmt.Sprintf(
			"%s is autonomous (PRAGMA AUTONOMOUS_TRANSACTION) but its body does not end with COMMIT or ROLLBACK "+
				"on every path: returning with the transaction open raises ORA-06519 and loses its work (%s). "+
				"Put the COMMIT last (only NULL or call-free assignments may follow it), and give IF/CASE an ELSE that ends with it too",
			what, docAutonomousEnd)))
	}
	returns := returnsWithoutTxn(u, sc.body.stmts)
	for _, h := range sc.body.handlers {
		returns = append(returns, returnsWithoutTxn(u, h.stmts)...)
	}
	for _, r := range returns {
		out = append(out, at(u.file, r.first, "AUTONOMOUS-TXN", fmt.Sprintf(
			"RETURN in autonomous %s does not follow a COMMIT or ROLLBACK: a transaction still open "+
				"there raises ORA-06519 (%s); write COMMIT or ROLLBACK right before it",
			what, docAutonomousEnd)))
	}
	for _, h := range sc.body.handlers {
		if reraises(u, h.stmts) || endsTxn(u, h.stmts) {
			continue
		}
		out = append(out, at(u.file, h.when, "AUTONOMOUS-TXN", fmt.Sprintf(
			"this handler of autonomous %s neither re-raises nor ends with COMMIT or ROLLBACK: it returns "+
				"normally with the transaction open, which raises ORA-06519 (%s)", what, docAutonomousEnd)))
	}
	return out
}

func lastStmt(stmts []*stmt) *stmt {
	var last *stmt
	for _, s := range stmts {
		if s.kind != "LABEL" {
			last = s
		}
	}
	return last
}

// endsTxn reports whether a statement list ends, on every path, with COMMIT,
// a full ROLLBACK or a raise; a final RETURN counts when what precedes it
// ends that way.
func endsTxn(u *unit, stmts []*stmt) bool {
	var list []*stmt
	for _, s := range stmts {
		if s.kind != "LABEL" {
			list = append(list, s)
		}
	}
	// Trailing statements that cannot start a transaction (NULL, or an
	// assignment with no call in it) do not count as the end.
	for len(list) > 0 && isInert(u, list[len(list)-1]) {
		list = list[:len(list)-1]
	}
	if len(list) == 0 {
		return false
	}
	last := list[len(list)-1]
	switch last.kind {
	case "SIMPLE":
		switch {
		case last.first.Is("RETURN"):
			return endsTxn(u, list[:len(list)-1])
		case isTxnEnd(u, last), isRaise(u, last):
			return true
		}
		return false
	case "IF", "CASE":
		if !last.hasElse {
			return false
		}
		for _, br := range last.branches {
			if !endsTxn(u, br) {
				return false
			}
		}
		return true
	case "BLOCK":
		if !endsTxn(u, last.blk.stmts) {
			return false
		}
		for _, h := range last.blk.handlers {
			if !reraises(u, h.stmts) && !endsTxn(u, h.stmts) {
				return false
			}
		}
		return true
	}
	return false
}

// isInert: NULL; or "target := expression" without parentheses, so without
// a function call that could run SQL.
func isInert(u *unit, s *stmt) bool {
	if s.kind != "SIMPLE" {
		return false
	}
	toks := u.toks[s.start:s.end]
	if s.first.Is("NULL") {
		return len(toks) == 2
	}
	assign := false
	for _, t := range toks {
		switch {
		case t.Is(":="):
			assign = true
		case t.Is("(") && assign:
			return false
		}
	}
	return assign
}

// isTxnEnd: COMMIT, or ROLLBACK without TO SAVEPOINT (txnControl in
// rule_safety.go also recognizes the dynamic-SQL spelling).
func isTxnEnd(u *unit, s *stmt) bool {
	what := txnControl(u, s)
	return what != ""
}

// returnsWithoutTxn lists the RETURN statements of a body (nested blocks,
// loops and branches included, nested subprograms not) that do not come
// right after a COMMIT or ROLLBACK in their statement list.
func returnsWithoutTxn(u *unit, stmts []*stmt) []*stmt {
	var out []*stmt
	var prev *stmt
	for _, s := range stmts {
		switch s.kind {
		case "SIMPLE":
			if s.first.Is("RETURN") && (prev == nil || prev.kind != "SIMPLE" || !isTxnEnd(u, prev)) {
				out = append(out, s)
			}
		case "IF", "CASE", "LOOP":
			for _, br := range s.branches {
				out = append(out, returnsWithoutTxn(u, br)...)
			}
		case "BLOCK":
			out = append(out, returnsWithoutTxn(u, s.blk.stmts)...)
			for _, h := range s.blk.handlers {
				out = append(out, returnsWithoutTxn(u, h.stmts)...)
			}
		}
		if s.kind != "LABEL" {
			prev = s
		}
	}
	return out
}
