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
// literal or a constant there is PLS-00403, "expression 'string' cannot be
// used as an INTO-target of a SELECT/FETCH statement" (code and text from
// the error catalogue as published in third-party copies).
const docPLS428 = "PLS-00428, https://docs.oracle.com/en/error-help/db/pls-00428"

func init() {
	Register(Rule{
		ID:      "SELECT-INTO",
		Summary: "a SELECT (or WITH ... SELECT) run as a PL/SQL statement has INTO or BULK COLLECT INTO (PLS-00428); SELECT/FETCH INTO targets are variables, not literals or constants (PLS-00403)",
		Check:   checkSelectInto,
	})
}

func checkSelectInto(p *Project) []Finding {
	pkgs := p.Packages()
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
				if s.first.Is("SELECT") || s.first.Is("WITH") || s.first.Is("FETCH") {
					out = append(out, intoTargetProblems(u, pkgs, s)...)
				}
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

// intoTargetProblems checks the INTO list of a SELECT or FETCH statement.
func intoTargetProblems(u *unit, pkgs map[string]*Package, s *stmt) []Finding {
	toks := u.toks
	depth, into := 0, -1
	for k := s.start; k < s.end; k++ {
		switch {
		case toks[k].Is("("):
			depth++
		case toks[k].Is(")"):
			depth--
		case depth == 0 && toks[k].Is("INTO"):
			into = k
		}
		if into >= 0 {
			break
		}
	}
	if into < 0 {
		return nil
	}
	var out []Finding
	start := into + 1
	for k := into + 1; k <= s.end && k <= len(toks); k++ {
		end := k == s.end || k == len(toks) || toks[k].Is(";") || toks[k].Is("FROM") || toks[k].Is("LIMIT")
		if k < len(toks) && toks[k].Is("(") {
			if m := matchParen(toks, k); m > 0 {
				k = m
				continue
			}
		}
		if !end && !toks[k].Is(",") {
			continue
		}
		if target := toks[start:k]; len(target) > 0 {
			if why := notIntoTarget(u, pkgs, target, start); why != "" {
				out = append(out, at(u.file, target[0], "SELECT-INTO", fmt.Sprintf(
					"%s is %s and cannot receive a value in an INTO list (PLS-00403); select into a variable", target[0].Text, why)))
			}
		}
		if end {
			break
		}
		start = k + 1
	}
	return out
}

// notIntoTarget says why an INTO target is not a variable, or "".
func notIntoTarget(u *unit, pkgs map[string]*Package, target []plsql.Token, idx int) string {
	t := target[0]
	switch {
	case len(target) == 1 && (t.Kind == plsql.String || t.Kind == plsql.Number || t.Is("NULL") || t.Is("TRUE") || t.Is("FALSE")):
		return "a literal"
	case len(target) == 1 && isWord(t):
		if visibleDeclKind(u, pkgs, identName(t), idx) == "CONSTANT" {
			return "a constant"
		}
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
