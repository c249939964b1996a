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
//
// The targets of SELECT ... INTO and FETCH ... INTO must be variables: a
// literal there is PLS-00403 (a constant or IN parameter there is
// IN-PARAM-WRITE's), "expression 'string' cannot be
// used as an INTO-target of a SELECT/FETCH statement" (code and text as
// remembered from the error catalogue; not found in the searched documentation).
const docPLS428 = "PLS-00428, https://docs.oracle.com/en/error-help/db/pls-00428"

func init() {
	Register(Rule{
		ID:      "SELECT-INTO",
		Summary: "a SELECT (or WITH ... SELECT) run as a PL/SQL statement has INTO or BULK COLLECT INTO (PLS-00428); SELECT/FETCH INTO targets are variables, not literals (PLS-00403), as many as the select list has items (ORA-00947/ORA-00913, PLS-00394)",
		Check:   checkSelectInto,
	})
}

func checkSelectInto(p *Project) []Finding {
	pkgs := p.Packages()
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		for _, s := range u.simples {
			if s.first.Is("SELECT") || s.first.Is("WITH") || s.first.Is("FETCH") {
				out = append(out, intoTargetProblems(u, pkgs, s)...)
				out = append(out, intoCountProblems(u, s)...)
			}
			if !(s.first.Is("SELECT") || s.first.Is("WITH")) {
				continue
			}
			if !hasTopLevelInto(u.toks[s.start:s.end]) {
				out = append(out, at(u.file, s.first, "SELECT-INTO", fmt.Sprintf(
					"this %s statement has no INTO or BULK COLLECT INTO, so PL/SQL cannot compile it (%s); select INTO variables, or loop over the query with FOR r IN (...)",
					s.first.Upper(), docPLS428)))
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

// intoCountProblems compares the number of INTO targets with the number of
// select-list items, when there is more than one target (a single target may
// be a record taking the whole row) and the list has no '*': a SELECT INTO
// with fewer or more targets fails with ORA-00947 (not enough values) or
// ORA-00913 (too many values) at compile time, a FETCH from a cursor
// declared in the unit with PLS-00394 ("wrong number of values in the INTO
// list of a FETCH statement"; codes from the error catalogue as remembered).
func intoCountProblems(u *unit, s *stmt) []Finding {
	toks := u.toks
	into, targets := intoTargets(toks, s.start, s.end)
	if into < 0 || len(targets) < 2 {
		return nil
	}
	var items int
	var code string
	if s.first.Is("FETCH") {
		if s.start+1 >= len(toks) || !isWord(toks[s.start+1]) {
			return nil
		}
		c := cursorDecl(u, identName(toks[s.start+1]), s.start)
		if c == nil {
			return nil
		}
		items = selectItemCount(toks, c.idx, statementEnd(toks, c.idx)) // a cursor declared without its query counts 0
		code = "PLS-00394"
	} else {
		sel := -1
		depth := 0
		for k := s.start; k < into; k++ {
			if toks[k].Is("(") {
				depth++
			} else if toks[k].Is(")") {
				depth--
			} else if depth == 0 && toks[k].Is("SELECT") {
				sel = k
			}
		}
		if sel < 0 {
			return nil
		}
		items = selectItemCount(toks, sel, into+1)
		code = "ORA-00947, not enough values"
		if items > len(targets) {
			code = "ORA-00913, too many values"
		}
	}
	if items <= 0 || items == len(targets) {
		return nil
	}
	return []Finding{at(u.file, toks[into], "SELECT-INTO", fmt.Sprintf(
		"%d INTO targets for %d select-list items (%s); select as many values as there are targets", len(targets), items, code))}
}

// intoTargets returns the index of the top-level INTO of a SELECT or FETCH
// statement and the token ranges of its targets.
func intoTargets(toks []plsql.Token, start, end int) (int, []sqlRegion) {
	depth, into := 0, -1
	for k := start; k < end && into < 0; k++ {
		switch {
		case toks[k].Is("("):
			depth++
		case toks[k].Is(")"):
			depth--
		case depth == 0 && toks[k].Is("INTO"):
			into = k
		}
	}
	if into < 0 {
		return -1, nil
	}
	var out []sqlRegion
	from := into + 1
	for k := into + 1; k <= end && k <= len(toks); k++ {
		stop := k == end || k == len(toks) || toks[k].Is(";") || toks[k].Is("FROM") || toks[k].Is("LIMIT")
		if !stop && toks[k].Is("(") {
			if m := matchParen(toks, k); m > 0 {
				k = m
				continue
			}
		}
		if !stop && !toks[k].Is(",") {
			continue
		}
		if k > from {
			out = append(out, sqlRegion{from, k})
		}
		if stop {
			break
		}
		from = k + 1
	}
	return into, out
}

// selectItemCount counts the top-level items of the select list that
// starts after the first SELECT at or after from and ends at the top-level
// INTO or FROM (before limit); 0 when the list holds a '*' or is not found.
func selectItemCount(toks []plsql.Token, from, limit int) int {
	k := from
	for k < limit && k < len(toks) && !toks[k].Is("SELECT") {
		k++
	}
	if k >= limit || k >= len(toks) {
		return 0
	}
	items, complete := selectItems(toks, k+1, limit)
	if !complete {
		return 0
	}
	for _, item := range items {
		n := len(item)
		if n == 0 || item[0].Is("*") || (n >= 2 && item[n-1].Is("*") && item[n-2].Is(".")) {
			return 0
		}
	}
	return len(items)
}

// cursorDecl finds the explicit cursor a name denotes at token idx.
func cursorDecl(u *unit, name string, idx int) *decl {
	for sc := u.innermost(idx); sc != nil; sc = sc.parent {
		for _, d := range sc.decls {
			if d.name == name {
				if d.kind == "CURSOR" {
					return d
				}
				return nil
			}
		}
	}
	return nil
}

// intoTargetProblems checks the INTO list of a SELECT or FETCH statement.
func intoTargetProblems(u *unit, pkgs map[string]*Package, s *stmt) []Finding {
	_, targets := intoTargets(u.toks, s.start, s.end)
	var out []Finding
	for _, r := range targets {
		target := u.toks[r.start:r.end]
		if why := notIntoTarget(target); why != "" {
			out = append(out, at(u.file, target[0], "SELECT-INTO", fmt.Sprintf(
				"%s is %s and cannot receive a value in an INTO list (PLS-00403); select into a variable", target[0].Text, why)))
		}
	}
	return out
}

// notIntoTarget says why an INTO target is not a variable, or "".
func notIntoTarget(target []plsql.Token) string {
	t := target[0]
	if len(target) == 1 && (t.Kind == plsql.String || t.Kind == plsql.Number || t.Is("NULL") || t.Is("TRUE") || t.Is("FALSE")) {
		return "a literal"
	}
	return ""
}

// visibleDeclKind returns the kind of the item a bare name denotes at token
// idx ("CONSTANT", "VARIABLE", a parameter's mode, ...), or "".
func visibleDeclKind(u *unit, pkgs map[string]*Package, name string, idx int) string {
	for sc := u.innermost(idx); sc != nil; sc = sc.parent {
		if sc.sub != nil {
			for _, prm := range sc.sub.Params {
				if prm.Name == name {
					return prm.Mode
				}
			}
		}
		for _, d := range sc.decls {
			if d.name == name {
				return d.kind
			}
		}
		if sc.kind == "PACKAGE BODY" {
			if pk := pkgs[u.name]; pk != nil {
				if k := pkgDeclKind(pk, name, false); k != "" {
					return k
				}
			}
		}
	}
	return ""
}
