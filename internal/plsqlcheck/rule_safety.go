package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

func init() {
	Register(Rule{
		ID:      "WHEN-OTHERS",
		Summary: "a WHEN OTHERS handler ends by re-raising on every path (RAISE, RAISE_APPLICATION_ERROR, agentmem_util.raise_error)",
		Check:   checkWhenOthers,
	})
	Register(Rule{
		ID:      "TXN",
		Summary: "no COMMIT or full ROLLBACK in sql/packages and sql/scheduler except in subprograms marked '-- agentmem:commits'",
		Check:   checkTxn,
	})
}

func checkWhenOthers(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			for _, h := range u.handlers {
				if !catchesOthers(h) || reraises(u, h.stmts) {
					continue
				}
				out = append(out, at(f, h.when, "WHEN-OTHERS",
					"WHEN OTHERS handler does not re-raise on every path: end it with RAISE, "+
						"RAISE_APPLICATION_ERROR or agentmem_util.raise_error (an IF or CASE ending it needs an ELSE, "+
						"and every branch must re-raise)"))
			}
		}
	}
	return out
}

func catchesOthers(h *handler) bool {
	for _, n := range h.names {
		if n == "OTHERS" {
			return true
		}
	}
	return false
}

// reraises reports whether a statement list ends by raising on every path.
func reraises(u *unit, stmts []*stmt) bool {
	var last *stmt
	for _, s := range stmts {
		if s.kind != "LABEL" {
			last = s
		}
	}
	if last == nil {
		return false
	}
	switch last.kind {
	case "SIMPLE":
		return isRaise(u, last)
	case "IF", "CASE":
		if !last.hasElse {
			return false
		}
		for _, br := range last.branches {
			if !reraises(u, br) {
				return false
			}
		}
		return true
	case "BLOCK":
		if !reraises(u, last.blk.stmts) {
			return false
		}
		for _, h := range last.blk.handlers {
			if !reraises(u, h.stmts) {
				return false
			}
		}
		return true
	}
	return false
}

// isRaise recognizes RAISE [name], [dbms_standard.]raise_application_error
// and agentmem_util.raise_error (unqualified inside AGENTMEM_UTIL itself).
func isRaise(u *unit, s *stmt) bool {
	if s.first.Is("RAISE") {
		return true
	}
	parts := dottedName(u.toks, s.start)
	if len(parts) == 0 {
		return false
	}
	last := parts[len(parts)-1]
	switch last {
	case "RAISE_APPLICATION_ERROR":
		return len(parts) == 1 || parts[len(parts)-2] == "DBMS_STANDARD"
	case "RAISE_ERROR":
		if len(parts) == 1 {
			return u.name == "AGENTMEM_UTIL"
		}
		return parts[len(parts)-2] == "AGENTMEM_UTIL"
	}
	return false
}

func checkTxn(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if !inPackageDir(f.Path) {
			continue
		}
		for _, u := range p.unitsOf(f) {
			marked := markedNames(p, u)
			for _, s := range u.simples {
				what := txnControl(u, s)
				if what == "" {
					continue
				}
				subs := enclosingSubs(s.owner)
				if isMarked(subs, marked) {
					continue
				}
				where := "the package initialization"
				if len(subs) > 0 {
					top := subs[len(subs)-1]
					where = top.Kind + " " + top.Name
				}
				out = append(out, at(f, s.first, "TXN", fmt.Sprintf(
					"%s in %s: package code leaves transaction control to the caller (use a savepoint and ROLLBACK TO); "+
						"a job entry point that must commit carries '-- agentmem:commits' on the line before its header",
					what, where)))
			}
		}
	}
	return out
}

// markedNames lists the subprogram names marked "-- agentmem:commits" in
// the unit and, for a body, in its package spec.
func markedNames(p *Project, u *unit) map[string]bool {
	m := map[string]bool{}
	for _, sd := range u.subs {
		if sd.marked {
			m[sd.Name] = true
		}
	}
	if u.kind == "PACKAGE BODY" {
		if pk := p.Packages()[u.name]; pk != nil && pk.specUnit != nil {
			for _, sd := range pk.specUnit.subs {
				if sd.marked {
					m[sd.Name] = true
				}
			}
		}
	}
	return m
}

// isMarked: a marker on the subprogram or on any subprogram enclosing it.
func isMarked(subs []*subDecl, marked map[string]bool) bool {
	for _, sd := range subs {
		if sd.marked || (sd.parent != nil && sd.parent.parent == nil && marked[sd.Name]) {
			return true
		}
	}
	return false
}

// txnControl names the transaction control a simple statement performs:
// COMMIT, a ROLLBACK without TO SAVEPOINT, or either as dynamic SQL text
// given as a literal. "" otherwise.
func txnControl(u *unit, s *stmt) string {
	toks := u.toks[s.start:s.end]
	switch {
	case s.first.Is("COMMIT"):
		return "COMMIT"
	case s.first.Is("ROLLBACK"):
		i := 1
		if i < len(toks) && toks[i].Is("WORK") {
			i++
		}
		if i < len(toks) && toks[i].Is("TO") {
			return ""
		}
		return "ROLLBACK"
	case s.first.Is("EXECUTE") && len(toks) > 2 && toks[1].Is("IMMEDIATE") && toks[2].Kind == plsql.String:
		word := strings.ToUpper(strings.Trim(toks[2].Text, "' \t;"))
		if word == "COMMIT" || word == "ROLLBACK" {
			return "EXECUTE IMMEDIATE '" + strings.ToLower(word) + "'"
		}
	}
	return ""
}
