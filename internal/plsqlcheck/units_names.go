package plsqlcheck

import (
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// unitNames is the name-resolution model of one parsed unit, shared by
// IDENT, DUP-DECL and IN-PARAM-WRITE: which scope each token lies in, which
// tokens declare a name rather than use it, and the implicitly declared loop
// indexes (numeric and cursor FOR loops, FORALL) with the token ranges they
// are visible in. It adds nothing the parser does not already know except
// the loop indexes, which the parser does not record as declarations.
type unitNames struct {
	u       *unit
	scopeAt []*scope // scopeAt[k]: innermost scope holding token k
	declAt  []bool   // declAt[k]: token k declares a name (it is no use)
	loops   []loopIndex
	spec    *scope // for a package body: the root of its spec
	// specSubs are the spec's subprograms (visible in the body).
	specSubs []*subDecl
	// sql are the unit's static SQL statements; sqlNames[i] the names
	// sql[i] declares itself (aliases, WITH query names, JSON_TABLE columns),
	// which its own text may use bare.
	sql      []sqlRegion
	sqlNames []map[string]bool
}

// loopIndex is a FOR or FORALL index: visible in tokens [start, end).
type loopIndex struct {
	name       string
	kind       string // "LOOP INDEX" (numeric FOR, FORALL) or "CURSOR RECORD" (cursor FOR)
	at         int    // token index of the name
	start, end int
}

// namesOf returns the unit's name model, building it once.
func (u *unit) namesOf(pkgs map[string]*Package) *unitNames {
	u.namesOnce.Do(func() { u.names = buildNames(u, pkgs) })
	return u.names
}

func buildNames(u *unit, pkgs map[string]*Package) *unitNames {
	n := &unitNames{u: u, scopeAt: make([]*scope, len(u.toks)), declAt: make([]bool, len(u.toks)+1)}
	for _, sc := range u.scopes { // outermost first: inner scopes overwrite
		for k := sc.start; k < sc.end && k < len(u.toks); k++ {
			n.scopeAt[k] = sc
		}
		for _, d := range sc.decls {
			if d.idx < len(u.toks) {
				n.declAt[d.idx] = true
			}
		}
	}
	for _, sd := range u.subs {
		n.declAt[sd.nameIdx] = true
		for _, prm := range sd.Params {
			if k := paramIndex(u, sd, prm); k >= 0 {
				n.declAt[k] = true
			}
		}
	}
	for _, r := range recordRanges(u.toks) {
		for k := r.start; k < r.end; k++ {
			if u.toks[k].Is("(") || u.toks[k].Is(",") {
				n.declAt[k+1] = true // a field name
			}
		}
	}
	n.sql = sqlRegions(u)
	n.sqlNames = make([]map[string]bool, len(n.sql))
	for i, r := range n.sql {
		n.sqlNames[i] = sqlDeclaredNames(u.toks, r, n.declAt)
	}
	n.loops = loopIndexes(u.toks)
	for _, l := range n.loops {
		n.declAt[l.at] = true
	}
	if u.kind == "PACKAGE BODY" {
		if pk := pkgs[u.name]; pk != nil && pk.specUnit != nil && pk.specUnit.root != nil {
			n.spec = pk.specUnit.root
			n.specSubs = pk.specUnit.root.subs
		}
	}
	return n
}

// sqlDeclaredNames returns the names a SQL statement declares for its own
// use: a column or table alias written after AS, a WITH query name
// ("name AS ("), and the columns of a JSON_TABLE/XMLTABLE COLUMNS clause.
// Their tokens are marked in declAt.
func sqlDeclaredNames(toks []plsql.Token, r sqlRegion, declAt []bool) map[string]bool {
	names := map[string]bool{}
	mark := func(k int) {
		if k < r.end && toks[k].Kind == plsql.Ident {
			names[identName(toks[k])] = true
			declAt[k] = true
		}
	}
	for k := r.start; k < r.end; k++ {
		t := toks[k]
		switch {
		case t.Is("AS") && k+1 < r.end && isWord(toks[k+1]):
			mark(k + 1)
		case t.Is("AS") && k > r.start && k+1 < r.end && toks[k+1].Is("(") && isWord(toks[k-1]):
			mark(k - 1) // WITH name AS (subquery)
		case t.Is("COLUMNS") && k+1 < r.end && toks[k+1].Is("("):
			m := matchParen(toks, k+1)
			if m < 0 || m > r.end {
				m = r.end
			}
			depth := 0
			for j := k + 1; j < m; j++ {
				switch {
				case toks[j].Is("("):
					depth++
					if depth == 1 {
						mark(j + 1)
					}
				case toks[j].Is(")"):
					depth--
				case toks[j].Is(",") && depth == 1:
					mark(j + 1)
				}
			}
		}
	}
	return names
}

// sqlDeclares reports whether the static SQL statement holding token k
// declares name itself (an alias, a WITH query, a JSON_TABLE column).
func (n *unitNames) sqlDeclares(name string, k int) bool {
	for i, r := range n.sql {
		if k >= r.start && k < r.end {
			return n.sqlNames[i][name]
		}
	}
	return false
}

// paramIndex returns the token index of a parameter's name, or -1.
func paramIndex(u *unit, sd *subDecl, prm Param) int {
	for i := sd.nameIdx; i < len(u.toks); i++ {
		t := u.toks[i]
		if t.Line == prm.Line && t.Col == prm.Col {
			return i
		}
		if t.Line > prm.Line {
			break
		}
	}
	return -1
}

// loopIndexes finds "FOR name [...] IN" loops (visible up to their END
// LOOP) and "FORALL name IN" statements (visible up to their ';').
func loopIndexes(toks []plsql.Token) []loopIndex {
	var out []loopIndex
	for k := 0; k+2 < len(toks); k++ {
		t := toks[k]
		if !(t.Is("FOR") || t.Is("FORALL")) || !isWord(toks[k+1]) || !startsStatementAt(toks, k) {
			continue // FOR inside SQL (PIVOT ... FOR x IN, FOR UPDATE) declares nothing
		}
		in := k + 2
		for in < len(toks) && in < k+5 && !toks[in].Is("IN") && isWord(toks[in]) {
			in++ // FOR i PLS_INTEGER IN, FOR i MUTABLE IN (21c iterands)
		}
		if in >= len(toks) || !toks[in].Is("IN") {
			continue // FOR UPDATE and other SQL uses of FOR
		}
		l := loopIndex{name: identName(toks[k+1]), at: k + 1, start: k + 1, kind: "LOOP INDEX"}
		if t.Is("FORALL") {
			l.end = statementEnd(toks, in)
		} else {
			loopKw := statementEndAt(toks, in, "LOOP")
			if loopKw < len(toks) && isCursorIteration(toks[in+1:loopKw]) {
				l.kind = "CURSOR RECORD"
			}
			l.end = matchingEndLoop(toks, loopKw)
		}
		out = append(out, l)
	}
	return out
}

// startsStatementAt reports whether token k begins a PL/SQL statement:
// it follows a ';', a label or a word that ends a statement's header.
func startsStatementAt(toks []plsql.Token, k int) bool {
	if k == 0 {
		return true
	}
	prev := toks[k-1]
	return prev.Kind == plsql.Label || prev.Is(";") || prev.Is("BEGIN") || prev.Is("THEN") ||
		prev.Is("ELSE") || prev.Is("LOOP")
}

// isCursorIteration reports whether the text between IN and LOOP is a
// cursor (a parenthesized query or a cursor name with arguments) rather
// than a numeric range or an iteration control with "..".
func isCursorIteration(toks []plsql.Token) bool {
	if len(toks) == 0 {
		return false
	}
	for _, t := range toks {
		if t.Is("..") || t.Is("REVERSE") || t.Is("VALUES") || t.Is("INDICES") || t.Is("PAIRS") {
			return false
		}
	}
	if toks[0].Is("(") && len(toks) > 1 && (toks[1].Is("SELECT") || toks[1].Is("WITH")) {
		return true
	}
	return isWord(toks[0])
}

// statementEndAt returns the index of the first token with text word at
// parenthesis depth 0 from k (len(toks) if none).
func statementEndAt(toks []plsql.Token, k int, word string) int {
	depth := 0
	for ; k < len(toks); k++ {
		switch {
		case toks[k].Is("("):
			depth++
		case toks[k].Is(")"):
			depth--
		case depth <= 0 && toks[k].Is(word):
			return k
		}
	}
	return len(toks)
}

// matchingEndLoop returns the index just past the END LOOP closing the
// LOOP keyword at k (len(toks) if none).
func matchingEndLoop(toks []plsql.Token, k int) int {
	depth := 0
	for ; k < len(toks); k++ {
		switch {
		case toks[k].Is("END") && k+1 < len(toks) && toks[k+1].Is("LOOP"):
			depth--
			k++
			if depth == 0 {
				return k + 1
			}
		case toks[k].Is("LOOP"):
			depth++
		}
	}
	return len(toks)
}

// binding is what a name resolves to.
type binding struct {
	kind  string // parameter mode ("IN", "OUT", "IN OUT"), a decl kind, "SUBPROGRAM", "LOOP INDEX", "CURSOR RECORD"
	scope *scope // the declaring scope (nil for loop indexes and the spec)
	sub   *subDecl
}

// resolve finds the declaration a bare name used at token k denotes,
// innermost first: loop indexes whose range holds k, then each enclosing
// scope's parameters, declarations (those written before k, as PL/SQL
// requires) and nested subprograms, then, in a package body, the spec.
func (n *unitNames) resolve(name string, k int) (binding, bool) {
	var loop *loopIndex
	for i := range n.loops {
		l := &n.loops[i]
		if l.name == name && k >= l.start && k < l.end && (loop == nil || l.start > loop.start) {
			loop = l
		}
	}
	var sc *scope
	if k >= 0 && k < len(n.scopeAt) {
		sc = n.scopeAt[k]
	}
	for ; sc != nil; sc = sc.parent {
		if loop != nil && loop.start >= sc.start {
			return binding{kind: loop.kind}, true // the loop lies inside this scope: it is nearer
		}
		if sc.sub != nil {
			for _, prm := range sc.sub.Params {
				if prm.Name == name {
					return binding{kind: prm.Mode, scope: sc, sub: sc.sub}, true
				}
			}
		}
		for _, d := range sc.decls {
			if d.name != name || d.idx >= k {
				continue
			}
			if d.kind == "CURSOR PARAM" && k >= d.until {
				continue
			}
			return binding{kind: d.kind, scope: sc}, true
		}
		for _, s := range sc.subs {
			if s.Name == name {
				return binding{kind: "SUBPROGRAM", scope: sc, sub: s}, true
			}
		}
	}
	if loop != nil {
		return binding{kind: loop.kind}, true
	}
	if n.sqlDeclares(name, k) {
		return binding{kind: "SQL NAME"}, true
	}
	if n.spec != nil {
		for _, d := range n.spec.decls {
			if d.name == name && d.kind != "CURSOR PARAM" {
				return binding{kind: d.kind}, true
			}
		}
		for _, s := range n.specSubs {
			if s.Name == name {
				return binding{kind: "SUBPROGRAM", sub: s}, true
			}
		}
	}
	return binding{}, false
}

// conventionPrefixes are the prefixes of style rule 2 (docs/development.md):
// a name carrying one is declared by our code, never by Oracle.
var conventionPrefixes = []string{"P_", "L_", "G_", "CO_", "C_", "T_", "E_"}

func hasConventionPrefix(name string) bool {
	for _, p := range conventionPrefixes {
		if strings.HasPrefix(name, p) && len(name) > len(p) {
			return true
		}
	}
	return false
}

// isBareUse reports whether token k of u is a bare (unqualified) use of a
// name: a word not preceded by '.' or '%', not a formal name in named
// notation (x =>), not an END label, and not itself a declaration.
func (n *unitNames) isBareUse(k int) bool {
	toks := n.u.toks
	t := toks[k]
	if t.Kind != plsql.Ident || n.declAt[k] {
		return false
	}
	if k > 0 && (toks[k-1].Is(".") || toks[k-1].Is("%") || toks[k-1].Is("END")) {
		return false
	}
	if k+1 < len(toks) && toks[k+1].Is("=>") {
		return false
	}
	return true
}
