package plsqlcheck

import (
	"github.com/agentmem/agentmem/internal/plsql"
)

// CURSOR-CLOSE: a routine that opens a DBMS_SQL cursor closes it on the
// normal path and in an exception handler. A DBMS_SQL cursor is a session
// resource: nothing closes it when the routine that opened it ends ("After
// you call CLOSE_CURSOR, the memory allocated to the cursor is released",
// DBMS_SQL, https://docs.oracle.com/cd/A91202_01/901_doc/appdev.901/a89852/dbms_16c.htm),
// and its number is lost with the routine's local variable, so every
// failed parse, bind or fetch leaks one cursor until the session ends (and
// pooled sessions live long: ORA-01000, maximum open cursors exceeded).
// TO_REFCURSOR hands the cursor over to a REF CURSOR, which the routine
// then closes with CLOSE instead (DBMS_SQL.TO_REFCURSOR,
// https://docs.oracle.com/en/database/oracle/oracle-database/26/lnpls/dbms_sql-package.html).
//
// Read: for each DBMS_SQL.OPEN_CURSOR, the routine holding it (innermost
// subprogram, or the anonymous block) must contain DBMS_SQL.CLOSE_CURSOR or
// DBMS_SQL.TO_REFCURSOR outside its exception handlers, and an exception
// handler that calls DBMS_SQL.CLOSE_CURSOR. Blind spots: which cursor is
// closed (a routine opening two cursors and closing one passes), and paths
// that return between the open and the close.
func init() {
	Register(Rule{
		ID: "CURSOR-CLOSE",
		Summary: "a routine that calls DBMS_SQL.OPEN_CURSOR closes the cursor on the normal path " +
			"(CLOSE_CURSOR or TO_REFCURSOR) and in an exception handler (CLOSE_CURSOR)",
		Check: checkCursorClose,
	})
}

func checkCursorClose(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			if u.plsql {
				out = append(out, cursorCloseProblems(u)...)
			}
		}
	}
	return out
}

// dbmsSQLCall reports whether toks[k:] is DBMS_SQL . <name>.
func dbmsSQLCall(toks []plsql.Token, k int, name string) bool {
	return k+2 < len(toks) && toks[k].Is("DBMS_SQL") && toks[k+1].Is(".") && toks[k+2].Is(name) &&
		(k == 0 || !toks[k-1].Is("."))
}

// routineOf returns the innermost subprogram, anonymous-block or trigger
// scope holding token k (nil when none does).
func routineOf(u *unit, k int) *scope {
	var best *scope
	for _, sc := range u.scopes {
		switch sc.kind {
		case "SUBPROGRAM", "STANDALONE", "ANONYMOUS", "TRIGGER":
		default:
			continue
		}
		if sc.start <= k && k < sc.end && (best == nil || sc.start >= best.start) {
			best = sc
		}
	}
	return best
}

func cursorCloseProblems(u *unit) []Finding {
	toks := u.toks
	// Token ranges of handler statements, to tell handlers from the normal path.
	type span struct{ start, end int }
	var handlerSpans []span
	for _, h := range u.handlers {
		for _, s := range h.stmts {
			handlerSpans = append(handlerSpans, span{s.start, s.end})
		}
	}
	inHandler := func(k int) bool {
		for _, s := range handlerSpans {
			if s.start <= k && k < s.end {
				return true
			}
		}
		return false
	}
	var out []Finding
	checked := map[*scope]bool{}
	for k := range toks {
		if !dbmsSQLCall(toks, k, "OPEN_CURSOR") {
			continue
		}
		r := routineOf(u, k)
		if r == nil || checked[r] {
			continue
		}
		checked[r] = true
		normal, handled := false, false
		for j := r.start; j < r.end; j++ {
			switch {
			case dbmsSQLCall(toks, j, "CLOSE_CURSOR"):
				if inHandler(j) {
					handled = true
				} else {
					normal = true
				}
			case dbmsSQLCall(toks, j, "TO_REFCURSOR") && !inHandler(j):
				normal = true
			}
		}
		if !normal {
			out = append(out, at(u.file, toks[k], "CURSOR-CLOSE",
				"this routine opens a DBMS_SQL cursor but never calls DBMS_SQL.CLOSE_CURSOR (or TO_REFCURSOR and "+
					"CLOSE) on its normal path: the cursor stays open until the session ends (ORA-01000 after "+
					"enough calls); close it after the last fetch"))
		}
		if !handled {
			out = append(out, at(u.file, toks[k], "CURSOR-CLOSE",
				"this routine opens a DBMS_SQL cursor but no exception handler of it calls DBMS_SQL.CLOSE_CURSOR: "+
					"a failing parse, bind, execute or fetch leaks the cursor (ORA-01000 after enough failures); add a "+
					"WHEN OTHERS handler that closes it and re-raises (after TO_REFCURSOR, CLOSE the ref cursor instead)"))
		}
	}
	return out
}
