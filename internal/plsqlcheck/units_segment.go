package plsqlcheck

import (
	"fmt"

	"github.com/agentmem/agentmem/internal/plsql"
)

// plsqlObjects are the CREATE object kinds SQL*Plus treats as PL/SQL units
// (ended by a '/' line rather than by ';').
var plsqlObjects = map[string]bool{
	"PACKAGE": true, "PROCEDURE": true, "FUNCTION": true, "TRIGGER": true, "TYPE": true, "LIBRARY": true,
}

// createModifiers may stand between CREATE [OR REPLACE] and the object kind.
var createModifiers = map[string]bool{"EDITIONABLE": true, "NONEDITIONABLE": true, "EDITIONING": true}

// isSlashLine reports whether file token i is a '/' alone on its line: the
// SQL*Plus terminator of a PL/SQL unit.
func isSlashLine(toks []plsql.Token, i int) bool {
	if toks[i].Kind != plsql.Op || toks[i].Text != "/" {
		return false
	}
	if i > 0 && toks[i-1].Kind != plsql.Newline {
		return false
	}
	return i+1 == len(toks) || toks[i+1].Kind == plsql.Newline
}

// startsPLSQL reports whether the significant tokens at the start of a unit
// begin a PL/SQL unit.
func startsPLSQL(sig []plsql.Token) bool {
	if len(sig) == 0 {
		return false
	}
	t := sig[0]
	if t.Is("DECLARE") || t.Is("BEGIN") || t.Kind == plsql.Label {
		return true
	}
	if !t.Is("CREATE") {
		return false
	}
	i := 1
	if i+1 < len(sig) && sig[i].Is("OR") && sig[i+1].Is("REPLACE") {
		i += 2
	}
	for i < len(sig) && createModifiers[sig[i].Upper()] {
		i++
	}
	return i < len(sig) && plsqlObjects[sig[i].Upper()]
}

// splitUnits cuts a lexed file into units the way SQL*Plus reads a script
// and parses every PL/SQL unit. A PL/SQL unit whose text goes on after its
// final END (a missing '/' line) is cut there, and the rest read as the
// next unit, so one missing '/' yields one finding, not a cascade.
func splitUnits(f *File) []*unit {
	toks := f.Tokens
	script := isScript(f.Path)
	var units []*unit
	i := 0
	for i < len(toks) {
		t := toks[i]
		if t.Kind == plsql.Comment || t.Kind == plsql.Newline || isSlashLine(toks, i) {
			i++ // between units; a lone '/' after a SQL statement is allowed
			continue
		}
		if script && !startsStatement(toks[i]) {
			i = skipCommandLine(toks, i)
			continue
		}
		u := &unit{file: f}
		// Gather the first significant tokens to classify the unit.
		var head []plsql.Token
		for j := i; j < len(toks) && len(head) < 6; j++ {
			if toks[j].Kind != plsql.Comment && toks[j].Kind != plsql.Newline {
				head = append(head, toks[j])
			}
		}
		if startsPLSQL(head) {
			i = scanPLSQL(u, toks, i)
		} else {
			i = scanSQL(u, toks, i)
		}
		units = append(units, u)
	}
	return units
}

// scanPLSQL collects a PL/SQL unit from file token i up to its '/' line,
// parses it and returns where the next unit starts.
func scanPLSQL(u *unit, toks []plsql.Token, i int) int {
	u.plsql = true
	j := i
	for ; j < len(toks); j++ {
		if isSlashLine(toks, j) {
			u.slash = true
			break
		}
		if toks[j].Kind != plsql.Comment && toks[j].Kind != plsql.Newline {
			u.toks = append(u.toks, toks[j])
			u.idx = append(u.idx, j)
		}
	}
	next := j + 1
	consumed, failed := parseUnit(u)
	if consumed < len(u.toks) {
		rest := u.toks[consumed]
		if startsPLSQL(u.toks[consumed:]) || sqlStarters[rest.Upper()] {
			u.addProblem(rest, fmt.Sprintf("missing '/' line after the end of %s: SQL*Plus would send this text as part of it", u.describe()))
			next = u.idx[consumed]
			u.slash = true // the missing line is reported here, not again at the end
		} else if !failed { // after a structural problem, leftover text is its echo
			u.addProblem(rest, fmt.Sprintf("unexpected %q after the end of %s", rest.Text, u.describe()))
		}
		u.toks, u.idx = u.toks[:consumed], u.idx[:consumed]
	}
	if !u.slash && len(u.toks) > 0 {
		u.unterminated = true
		u.addProblem(u.toks[len(u.toks)-1], fmt.Sprintf("%s has no closing '/' line", u.describe()))
	}
	return next
}

// isScript reports whether a file is a SQL*Plus script (install,
// uninstall, job scripts) rather than a file the installer splits with
// plsql.Split and sends statement by statement: migrations, packages and
// utPLSQL suites. Scripts may hold SQL*Plus command lines.
func isScript(path string) bool {
	return !inDir(path, "sql/migrations/") && !inPackageDir(path) && !inDir(path, "tests/sql/")
}

// startsStatement reports whether a token can begin a SQL statement or a
// PL/SQL unit; in a script, any other line is a SQL*Plus command (SET
// included: SET TRANSACTION/ROLE do not belong in our scripts).
func startsStatement(t plsql.Token) bool {
	return t.Kind == plsql.Label || (t.Kind == plsql.Ident && sqlStarters[t.Upper()])
}

// skipCommandLine skips a SQL*Plus command line (and its '-' continuation
// lines) starting at token i.
func skipCommandLine(toks []plsql.Token, i int) int {
	for i < len(toks) {
		if toks[i].Kind == plsql.Newline {
			if i > 0 && toks[i-1].Is("-") {
				i++
				continue
			}
			return i + 1
		}
		i++
	}
	return i
}

// sqlStarters are first keywords of SQL statements found in scripts.
var sqlStarters = map[string]bool{
	"CREATE": true, "ALTER": true, "DROP": true, "COMMENT": true, "GRANT": true, "REVOKE": true,
	"INSERT": true, "UPDATE": true, "DELETE": true, "MERGE": true, "SELECT": true, "WITH": true,
	"TRUNCATE": true, "RENAME": true, "COMMIT": true, "ROLLBACK": true, "SAVEPOINT": true, "CALL": true,
	"DECLARE": true, "BEGIN": true, "LOCK": true, "EXPLAIN": true, "AUDIT": true, "NOAUDIT": true,
	"PURGE": true, "FLASHBACK": true, "ANALYZE": true, "ASSOCIATE": true, "DISASSOCIATE": true,
	"ADMINISTER": true,
}

// scanSQL collects a SQL statement up to its ';'.
func scanSQL(u *unit, toks []plsql.Token, i int) int {
	u.kind = "SQL"
	j := i
	for ; j < len(toks); j++ {
		t := toks[j]
		if t.Kind == plsql.Op && t.Text == ";" {
			return j + 1
		}
		if isSlashLine(toks, j) { // SQL*Plus also ends a SQL statement at a '/' line
			return j + 1
		}
		if t.Kind != plsql.Comment && t.Kind != plsql.Newline {
			u.toks = append(u.toks, t)
			u.idx = append(u.idx, j)
		}
	}
	if len(u.toks) > 0 {
		u.addProblem(u.toks[0], fmt.Sprintf("SQL statement starting with %q has no terminating ';'", u.toks[0].Text))
		u.unterminated = true
	}
	return j
}

// describe names the unit in messages.
func (u *unit) describe() string {
	switch {
	case u.kind == "ANONYMOUS":
		return "the anonymous block"
	case u.name != "":
		return u.kind + " " + u.name
	}
	return u.kind
}

func (u *unit) addProblem(t plsql.Token, msg string) {
	u.problems = append(u.problems, problem{tok: t, msg: msg})
}
