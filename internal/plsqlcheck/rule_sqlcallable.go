package plsqlcheck

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// SQL-CALLABLE-TXN: a function its spec promises callable from SQL must not
// control the transaction or write. PL/SQL Language Reference, "PL/SQL
// Functions that SQL Statements Can Invoke"
// (https://docs.oracle.com/en/database/oracle/oracle-database/23/lnpls/pl-sql-functions-that-sql-statements-can-invoke.html):
// a stored function "(and any subprograms that it invokes)" invoked from a
// SELECT "cannot modify any database tables", and invoked from a SELECT,
// INSERT, UPDATE, DELETE or MERGE "cannot run ... transaction control
// statements (such as COMMIT)" unless PRAGMA AUTONOMOUS_TRANSACTION was
// specified; the violation is a run-time error (ORA-14551 for DML, ORA-14552
// for COMMIT/ROLLBACK/SAVEPOINT inside a query). LOCK TABLE counts with the
// DML (the SQL Language Reference classes it as DML).
//
// A function is SQL-callable when the comment block right above its
// declaration in a package spec says "Side effects: none", "read-only" or
// "callable from SQL" / "called from SQL", or when it is PIPELINED (a
// table function is only ever called from SQL). Its body, and every
// subprogram of a project package body it calls (followed through
// pkg.name( and same-package name( calls, overloads joined), must hold no
// SAVEPOINT, ROLLBACK, COMMIT, SET TRANSACTION, LOCK TABLE, INSERT, UPDATE,
// DELETE or MERGE statement outside an autonomous routine. Found by the
// issue 9 review: describe_store and list_stores took a savepoint although
// their spec says "Side effects: none". FORALL counts as the DML it runs.
// Blind spots: dynamic SQL text, Oracle packages that commit
// (DBMS_SCHEDULER), calls through variables, functions outside packages.
func init() {
	Register(Rule{
		ID:      "SQL-CALLABLE-TXN",
		Summary: "a function its spec calls side-effect free or callable from SQL (or a pipelined one) runs no SAVEPOINT/ROLLBACK/COMMIT or DML, itself or through its callees (ORA-14551/ORA-14552)",
		Check:   checkSQLCallable,
	})
}

var sqlCallableComment = regexp.MustCompile(`(?i)side effects:\s*none|read-only|(callable|called) from sql`)

var writeStarts = map[string]bool{"SAVEPOINT": true, "ROLLBACK": true, "COMMIT": true, "INSERT": true,
	"UPDATE": true, "DELETE": true, "MERGE": true, "LOCK": true}

// routine is one subprogram definition in a package body.
type routine struct {
	key   string // PKG.NAME
	u     *unit
	sd    *subDecl
	write *stmt // first writing statement, nil if none
	calls []string
}

func checkSQLCallable(p *Project) []Finding {
	routines := map[string][]*routine{}
	for _, pk := range sortedPackages(p.Packages()) {
		u := pk.bodyUnit
		if u == nil {
			continue
		}
		for _, sd := range u.subs {
			if !sd.isDef || sd.body == nil || sd.parent == nil || sd.parent.kind != "PACKAGE BODY" {
				continue
			}
			r := &routine{key: pk.Name + "." + sd.Name, u: u, sd: sd}
			if !isAutonomousScope(u, sd.body) {
				r.write = firstWrite(u, sd.body)
				r.calls = routineCalls(u, sd.body)
			}
			routines[r.key] = append(routines[r.key], r)
		}
	}
	var out []Finding
	for _, pk := range sortedPackages(p.Packages()) {
		if pk.specUnit == nil || pk.bodyUnit == nil {
			continue
		}
		for _, sd := range pk.specUnit.subs {
			if sd.Kind != "FUNCTION" || !sqlCallable(pk.specUnit, sd) {
				continue
			}
			for _, r := range routines[pk.Name+"."+sd.Name] {
				if path, w, wr := writePath(routines, r, map[string]bool{}); w != nil {
					msg := fmt.Sprintf("%s is callable from SQL (its spec says so, or it is pipelined) but ", strings.ToLower(r.key))
					if len(path) > 1 {
						msg += "through " + strings.ToLower(strings.Join(path[1:], " -> ")) + " "
					}
					msg += fmt.Sprintf("runs %s (%s:%d): from a query that raises ORA-14551/ORA-14552; "+
						"drop it, or correct the spec comment", strings.ToUpper(w.first.Text), wr.u.file.Path, w.first.Line)
					out = append(out, at(r.u.file, r.sd.kwTok, "SQL-CALLABLE-TXN", msg))
					break
				}
			}
		}
	}
	return out
}

// sqlCallable: the spec comment block above sd says it, or sd is pipelined.
func sqlCallable(u *unit, sd *subDecl) bool {
	for k := sd.nameIdx; k < len(u.toks) && !u.toks[k].Is(";"); k++ {
		if u.toks[k].Is("PIPELINED") {
			return true
		}
	}
	return sqlCallableComment.MatchString(commentAbove(u, sd))
}

// commentAbove returns the comment lines directly above sd's header (no
// blank line or code between them).
func commentAbove(u *unit, sd *subDecl) string {
	toks := u.file.Tokens
	j := u.idx[sd.nameIdx]
	for j > 0 && toks[j].Offset != sd.kwTok.Offset {
		j--
	}
	line := sd.kwTok.Line
	var lines []string
	for j--; j >= 0; j-- {
		t := toks[j]
		if t.Kind == plsql.Newline {
			continue
		}
		if t.Kind != plsql.Comment || t.Line != line-1 {
			break
		}
		lines = append(lines, t.Text)
		line = t.Line
	}
	return strings.Join(lines, "\n")
}

// isAutonomousScope: the routine's declare section holds PRAGMA AUTONOMOUS_TRANSACTION.
func isAutonomousScope(u *unit, sc *scope) bool {
	for k := sc.start; k+1 < sc.end && k+1 < len(u.toks); k++ {
		if u.toks[k].Is("BEGIN") {
			return false
		}
		if u.toks[k].Is("PRAGMA") && u.toks[k+1].Is("AUTONOMOUS_TRANSACTION") {
			return u.innermost(k) == sc
		}
	}
	return false
}

// firstWrite returns the first writing statement in sc's range that does
// not belong to a nested autonomous routine or block.
func firstWrite(u *unit, sc *scope) *stmt {
	for _, s := range u.simples {
		if s.start < sc.start || s.start >= sc.end {
			continue
		}
		if s.first.Is("FORALL") && forallWrites(u, s) && !autonomousBetween(u, s.owner, sc) {
			return s
		}
		if !writeStarts[s.first.Upper()] {
			continue
		}
		if s.first.Is("LOCK") && !(s.start+1 < len(u.toks) && u.toks[s.start+1].Is("TABLE")) {
			continue
		}
		if autonomousBetween(u, s.owner, sc) {
			continue
		}
		return s
	}
	for _, s := range u.simples {
		if s.start >= sc.start && s.start+1 < sc.end && s.first.Is("SET") && u.toks[s.start+1].Is("TRANSACTION") &&
			!autonomousBetween(u, s.owner, sc) {
			return s
		}
	}
	return nil
}

// forallWrites: a FORALL statement's DML (every FORALL body is one).
func forallWrites(u *unit, s *stmt) bool {
	for k := s.start; k < s.end && k < len(u.toks); k++ {
		switch u.toks[k].Upper() {
		case "INSERT", "UPDATE", "DELETE", "MERGE":
			return true
		}
	}
	return false
}

// autonomousBetween: a scope from inner up to (not including) outer is autonomous.
func autonomousBetween(u *unit, inner, outer *scope) bool {
	for sc := inner; sc != nil && sc != outer; sc = sc.parent {
		if isAutonomousScope(u, sc) {
			return true
		}
	}
	return false
}

// routineCalls lists the PKG.NAME keys called in sc's range.
func routineCalls(u *unit, sc *scope) []string {
	seen := map[string]bool{}
	for k := sc.start; k < sc.end && k < len(u.toks); k++ {
		t := u.toks[k]
		if t.Kind != plsql.Ident || (k > 0 && (u.toks[k-1].Is("PROCEDURE") || u.toks[k-1].Is("FUNCTION"))) {
			continue
		}
		if k >= 2 && u.toks[k-1].Is(".") {
			if isWord(u.toks[k-2]) && (k < 3 || !u.toks[k-3].Is(".")) {
				seen[identName(u.toks[k-2])+"."+identName(t)] = true
			}
			continue
		}
		if k+1 < len(u.toks) && u.toks[k+1].Is(".") {
			continue
		}
		seen[u.name+"."+identName(t)] = true
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// writePath follows r's calls to the first writing statement.
func writePath(routines map[string][]*routine, r *routine, visiting map[string]bool) ([]string, *stmt, *routine) {
	if r.write != nil {
		return []string{r.key}, r.write, r
	}
	if visiting[r.key] {
		return nil, nil, nil
	}
	visiting[r.key] = true
	for _, c := range r.calls {
		for _, callee := range routines[c] {
			if callee == r {
				continue
			}
			if path, w, wr := writePath(routines, callee, visiting); w != nil {
				return append([]string{r.key}, path...), w, wr
			}
		}
	}
	return nil, nil, nil
}
