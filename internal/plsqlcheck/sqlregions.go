package plsqlcheck

import "github.com/agentmem/agentmem/internal/plsql"

// Static SQL inside PL/SQL: the token ranges the SQL engine, not PL/SQL,
// evaluates. Rules that know what SQL text may not contain (SQL-CALL,
// DICT-COLUMN) look only there. Dynamic SQL is a string and is not seen.

// sqlRegion is one static SQL statement (or a parenthesized query such as
// the one of a cursor FOR loop): tokens [start, end) of unit.toks.
type sqlRegion struct {
	start, end int
}

// sqlStarts are the words that open a static SQL statement.
func isSQLStart(t plsql.Token) bool {
	return t.Is("SELECT") || t.Is("WITH") || t.Is("INSERT") || t.Is("UPDATE") || t.Is("DELETE") || t.Is("MERGE")
}

// sqlRegions lists the static SQL of a unit: a plain SQL unit is one region;
// in a PL/SQL unit every statement that starts with a SQL verb, cursor
// queries (CURSOR c IS SELECT), OPEN ... FOR SELECT and the query of a
// cursor FOR loop. Regions do not nest: a subquery belongs to its
// statement's region.
func sqlRegions(u *unit) []sqlRegion {
	toks := u.toks
	if !u.plsql {
		if len(toks) > 0 && isSQLStart(toks[0]) {
			return []sqlRegion{{0, len(toks)}}
		}
		return nil
	}
	var out []sqlRegion
	for i := 0; i < len(toks); i++ {
		if !isSQLStart(toks[i]) || !opensStatement(toks, i) {
			continue
		}
		end := len(toks)
		if i > 0 && toks[i-1].Is("(") {
			if m := matchParen(toks, i-1); m > 0 {
				end = m
			}
		} else {
			end = statementEnd(toks, i)
		}
		out = append(out, sqlRegion{i, end})
		i = end - 1
	}
	return out
}

// opensStatement: what precedes a SQL verb makes it the start of a
// statement rather than a word inside one (l_list.delete, FOR UPDATE).
func opensStatement(toks []plsql.Token, i int) bool {
	if i == 0 {
		return true
	}
	prev := toks[i-1]
	switch {
	case prev.Is(";"), prev.Is("BEGIN"), prev.Is("THEN"), prev.Is("ELSE"), prev.Is("LOOP"),
		prev.Is("IS"), prev.Is("AS"), prev.Kind == plsql.Label:
		return true
	case prev.Is("FOR"): // OPEN c FOR SELECT; FOR UPDATE is no statement
		return toks[i].Is("SELECT") || toks[i].Is("WITH")
	case prev.Is("("): // FOR r IN (SELECT ...)
		return (toks[i].Is("SELECT") || toks[i].Is("WITH")) && i >= 2 && toks[i-2].Is("IN")
	}
	return !toks[i].Is("SELECT") && !toks[i].Is("WITH") && inForallHeader(toks, i)
}

// inForallHeader reports whether the DML verb at i follows the bounds of a
// FORALL statement (FORALL i IN 1 .. n [SAVE EXCEPTIONS] INSERT ...).
func inForallHeader(toks []plsql.Token, i int) bool {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch t := toks[j]; {
		case t.Is(")"):
			depth++
		case t.Is("("):
			depth--
		case depth == 0 && (t.Is(";") || t.Is("BEGIN") || t.Is("THEN") || t.Is("ELSE") || t.Is("LOOP") || isSQLStart(t)):
			return false
		case depth == 0 && t.Is("FORALL"):
			return true
		}
	}
	return false
}

// statementEnd returns the index just past the ';' that ends the statement
// starting at i (parentheses tracked), or the end of the tokens.
func statementEnd(toks []plsql.Token, i int) int {
	depth := 0
	for k := i; k < len(toks); k++ {
		switch {
		case toks[k].Is("("):
			depth++
		case toks[k].Is(")"):
			depth--
		case toks[k].Is(";") && depth <= 0:
			return k + 1
		}
	}
	return len(toks)
}
