package plsqlcheck

import (
	"github.com/agentmem/agentmem/internal/plsql"
)

// The declaring positions RESERVED reads beyond the declare sections and
// subprogram headers the unit model keeps (issue 9, item 1: a record field
// named COLUMNS made CREATE PACKAGE fail with PLS-00103 while the rule looked
// only at variables and headers). Each position is a place where the source
// introduces a name that PL/SQL or SQL later reads as an identifier.

// positionNames lists the names a unit declares outside declare sections:
// record fields, object type attributes, labels, loop indexes, select-list
// aliases that become fields of a cursor record, and formal names written in
// named notation.
func positionNames(u *unit) []namedTok {
	var out []namedTok
	out = append(out, recordFieldNames(u)...)
	out = append(out, objectAttributeNames(u)...)
	out = append(out, cursorAliasNames(u)...)
	regions := sqlRegions(u)
	inSQL := func(i int) bool {
		for _, r := range regions {
			if i >= r.start && i < r.end {
				return true
			}
		}
		return false
	}
	toks := u.toks
	for i, t := range toks {
		switch {
		case t.Kind == plsql.Label:
			name := labelName(t)
			out = append(out, namedTok{plsql.Token{Kind: plsql.Ident, Text: name, Line: t.Line, Col: t.Col}, "label"})
		case t.Is("=>") && i > 0 && toks[i-1].Kind == plsql.Ident:
			out = append(out, namedTok{toks[i-1], "named-notation parameter"})
		case u.plsql && (t.Is("FOR") || t.Is("FORALL")) && i+2 < len(toks) && isWord(toks[i+1]) &&
			toks[i+2].Is("IN") && !inSQL(i):
			out = append(out, namedTok{toks[i+1], "loop index"})
		}
	}
	return out
}

// recordFieldNames: the fields of "TYPE t IS RECORD (field type, ...)".
func recordFieldNames(u *unit) []namedTok {
	var out []namedTok
	for _, sc := range u.scopes {
		for _, d := range sc.decls {
			if d.kind != "TYPE" {
				continue
			}
			k := d.idx
			if k+3 >= len(u.toks) || !u.toks[k+2].Is("RECORD") || !u.toks[k+3].Is("(") {
				continue
			}
			args, _, ok := parseArgs(u.toks, k+3)
			if !ok {
				continue
			}
			for _, a := range args {
				if len(a.Toks) > 0 && isWord(a.At) {
					out = append(out, namedTok{a.At, "record field"})
				}
			}
		}
	}
	return out
}

// objectMethodWords open a method or a modifier in an object type's list,
// not an attribute.
// MAP and ORDER open one only before MEMBER ("ORDER MEMBER FUNCTION").
var objectMethodWords = map[string]bool{"MEMBER": true, "STATIC": true, "CONSTRUCTOR": true,
	"FINAL": true, "NOT": true, "INSTANTIABLE": true, "OVERRIDING": true, "PRAGMA": true}

// objectAttributeNames: the attributes of "CREATE TYPE t AS OBJECT (attr
// type, ..., MEMBER FUNCTION ...)".
func objectAttributeNames(u *unit) []namedTok {
	if u.kind != "TYPE" {
		return nil
	}
	var out []namedTok
	for k := 0; k+1 < len(u.toks); k++ {
		if !u.toks[k].Is("OBJECT") || !u.toks[k+1].Is("(") || k == 0 || !(u.toks[k-1].Is("AS") || u.toks[k-1].Is("IS")) {
			continue
		}
		args, _, ok := parseArgs(u.toks, k+1)
		if !ok {
			return out
		}
		for _, a := range args {
			method := objectMethodWords[a.At.Upper()] ||
				((a.At.Is("MAP") || a.At.Is("ORDER")) && len(a.Toks) > 1 && a.Toks[1].Is("MEMBER"))
			if len(a.Toks) > 1 && isWord(a.At) && !method {
				out = append(out, namedTok{a.At, "object type attribute"})
			}
		}
		break
	}
	return out
}

// cursorAliasNames: the select-list aliases of a cursor's query (CURSOR c IS
// SELECT ...) and of a cursor FOR loop's query (FOR r IN (SELECT ...)): each
// becomes a field of the cursor's record. Only the first SELECT's list is read
// (a UNION takes its names from it); WITH queries are not read.
func cursorAliasNames(u *unit) []namedTok {
	if !u.plsql {
		return nil
	}
	var out []namedTok
	toks := u.toks
	for _, r := range sqlRegions(u) {
		i := r.start
		if !toks[i].Is("SELECT") || i < 2 {
			continue
		}
		cursorQuery := toks[i-1].Is("IS") || toks[i-1].Is("AS")
		loopQuery := toks[i-1].Is("(") && toks[i-2].Is("IN")
		if !cursorQuery && !loopQuery {
			continue
		}
		items, _ := selectItems(toks, i+1, r.end)
		for _, item := range items {
			if tok, ok := selectAlias(item); ok {
				out = append(out, namedTok{tok, "column alias (a cursor record field)"})
			}
		}
	}
	return out
}

// selectItems splits the select list starting at from (after SELECT) at
// top-level commas, up to the top-level FROM, INTO or ';' (complete is then
// true) or to end (complete is false: the list may go on past end).
func selectItems(toks []plsql.Token, from, end int) (items [][]plsql.Token, complete bool) {
	if from < end && (toks[from].Is("DISTINCT") || toks[from].Is("ALL") || toks[from].Is("UNIQUE")) {
		from++
	}
	depth, cases, start := 0, 0, from
	for k := from; k < end && k < len(toks); k++ {
		t := toks[k]
		switch {
		case t.Is("("):
			depth++
		case t.Is(")"):
			depth--
		case depth > 0:
		case t.Is("CASE"):
			cases++
		case t.Is("END") && cases > 0:
			cases--
		case cases > 0:
		case t.Is(","):
			items = append(items, toks[start:k])
			start = k + 1
		case t.Is("FROM") || t.Is("INTO") || t.Is(";"):
			return append(items, toks[start:k]), true
		}
	}
	if start < end && start < len(toks) {
		items = append(items, toks[start:min(end, len(toks))])
	}
	return items, false
}

// selectAlias returns the alias of one select-list item: "expr AS alias" or
// "expr alias" where expr ends in a name, a literal, ')' or CASE's END.
func selectAlias(item []plsql.Token) (plsql.Token, bool) {
	n := len(item)
	if n < 2 || item[n-1].Kind != plsql.Ident {
		return plsql.Token{}, false
	}
	prev := item[n-2]
	switch {
	case prev.Is("AS"):
		return item[n-1], true
	case prev.Is("."):
		return plsql.Token{}, false // t.col
	case item[n-1].Is("END") && caseOpen(item[:n-1]):
		return plsql.Token{}, false // CASE ... END without alias
	case prev.Is(")") || isWord(prev) || prev.Kind == plsql.Number || prev.Kind == plsql.String:
		return item[n-1], true
	}
	return plsql.Token{}, false
}

// caseOpen: toks hold a CASE not closed by an END.
func caseOpen(toks []plsql.Token) bool {
	open := 0
	for _, t := range toks {
		switch {
		case t.Is("CASE"):
			open++
		case t.Is("END") && open > 0:
			open--
		}
	}
	return open > 0
}
