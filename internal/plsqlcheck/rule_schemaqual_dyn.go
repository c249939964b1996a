package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// SCHEMA-QUALIFIED in dynamic SQL. The text given to EXECUTE IMMEDIATE,
// OPEN ... FOR and DBMS_SQL.PARSE, and the RETURN text of SQL builders, is
// rebuilt from the pieces DYN-SQL already follows: string literals and
// constants made of literals are read as text, a local variable is replaced
// by what is assigned to it (in source order, "l_sql := l_sql || ..."
// appends), agentmem_util.sql_object(...) stands for an owner-qualified
// name, and every other piece (a parameter, another function's result, a
// value the checker cannot follow) is a hole. The rebuilt text is lexed and
// read by the same scanner as static SQL: an unqualified name written in a
// literal is reported at the literal, and a hole in an object position
// (FROM, JOIN, INTO, UPDATE, MERGE ... USING) is reported at the piece,
// because only sql_object is known to give owner.name.
//
// Only queries and DML are read (text that starts with SELECT, WITH,
// INSERT, UPDATE, DELETE or MERGE) and anonymous blocks (BEGIN, DECLARE),
// whose package calls are judged as in SQL. DDL is left out: store DDL runs
// only as the owner outside an end-user context (docs/checker.md).

// dynPiece is one piece of rebuilt text.
type dynPiece struct {
	text string      // literal text, or "" for a hole
	hole string      // what a hole is, for the message; "" for text
	qual bool        // a hole known to be owner.name (sql_object)
	src  plsql.Token // where the piece comes from
	file *File
	alts [][]dynPiece // a CASE: its branches, one of which stands in the text
}

// flatten replaces every CASE piece by its first branch.
func flatten(pieces []dynPiece) []dynPiece {
	var out []dynPiece
	for _, pc := range pieces {
		if len(pc.alts) > 0 {
			out = append(out, flatten(pc.alts[0])...)
			continue
		}
		out = append(out, pc)
	}
	return out
}

// variants lists the texts to read: the first branch of every CASE, and for
// each CASE (nested ones too) each other branch in its place.
func variants(pieces []dynPiece) [][]dynPiece {
	out := [][]dynPiece{flatten(pieces)}
	for i, pc := range pieces {
		for j, alt := range pc.alts {
			for k, v := range variants(alt) {
				if j == 0 && k == 0 {
					continue // the first branch is in the first text already
				}
				var text []dynPiece
				text = append(text, flatten(pieces[:i])...)
				text = append(text, v...)
				text = append(text, flatten(pieces[i+1:])...)
				out = append(out, text)
			}
		}
	}
	return out
}

// dynQualifiedFile checks the dynamic SQL of one package file.
func dynQualifiedFile(a *dynAnalysis, f *File, ir func(plsql.Token) bool) []Finding {
	df := a.file(f)
	if df == nil {
		return nil
	}
	var out []Finding
	seen := map[string]bool{}
	scan := func(s dynSink, fragment bool) {
		for _, text := range variants(df.pieces(s.expr, df.regionAt(s.at), map[string]bool{})) {
			for _, fd := range scanPieces(a.p, text, s.kind, fragment) {
				key := fmt.Sprintf("%s:%d:%d:%s", fd.File, fd.Line, fd.Col, fd.Msg)
				if !seen[key] {
					seen[key] = true
					out = append(out, fd)
				}
			}
		}
	}
	for _, s := range df.sinks() {
		if ir(s.tok) {
			scan(s, false)
		}
	}
	// SQL builders and VPD policy functions return pieces of statements
	// (predicates, FROM clauses): their FROM items and calls are read
	// whatever the text starts with. A policy predicate is read in every
	// unit: the database adds it to the statements of whoever queries the
	// table.
	for _, s := range df.builderReturns() {
		if ir(s.tok) {
			scan(s, true)
		}
	}
	for _, s := range df.policyReturns() {
		scan(s, true)
	}
	return out
}

// holeWord is the identifier a hole is rendered as; a qualified hole is
// rendered as a two-part name.
const holeWord = "AGENTMEM_HOLE_"

// scanPieces renders pieces, lexes the text and reads it; a fragment (a
// builder's or policy function's text) is read whatever it starts with.
func scanPieces(p *Project, pieces []dynPiece, kind string, fragment bool) []Finding {
	var b strings.Builder
	type span struct {
		start, end int
		piece      int
	}
	var spans []span
	for i, pc := range pieces {
		start := b.Len()
		switch {
		case pc.hole == "":
			b.WriteString(pc.text)
		case pc.qual:
			b.WriteString(` "Q"."Q" `)
		default:
			fmt.Fprintf(&b, " %s%d ", holeWord, i)
		}
		spans = append(spans, span{start, b.Len(), i})
	}
	toks, err := plsql.Lex(b.String())
	if err != nil {
		return nil // an unbalanced quote across pieces: nothing reliable to read
	}
	toks = sigTokens(toks)
	if len(toks) == 0 {
		return nil
	}
	pieceAt := func(t plsql.Token) dynPiece {
		for _, s := range spans {
			if t.Offset >= s.start && t.Offset < s.end {
				return pieces[s.piece]
			}
		}
		return pieces[len(pieces)-1]
	}
	var out []Finding
	report := func(t plsql.Token, msg string) {
		pc := pieceAt(t)
		if pc.hole != "" {
			msg = fmt.Sprintf("%s is concatenated where the text of %s names a schema object: the checker cannot see that it "+
				"is owner-qualified, and an unqualified name is resolved in the caller's current schema (XS$NULL in a Deep Data "+
				"Security session); build the name with agentmem_util.sql_object(owner, name), or a variable assigned only from it",
				pc.hole, kind)
		}
		out = append(out, at(pc.file, pc.src, "SCHEMA-QUALIFIED", msg))
	}
	first := toks[0]
	for first.Is("(") && len(toks) > 1 {
		toks = toks[1:]
		first = toks[0]
	}
	switch {
	case isSQLStart(first):
		qualScan(p, toks, "the dynamic SQL of "+kind, report)
	case first.Is("BEGIN") || first.Is("DECLARE"):
		qualRefs(p, toks, "the dynamic PL/SQL block of "+kind, true, report)
	case fragment:
		qualScan(p, toks, "the SQL text of "+kind, report)
	}
	return out
}

// pieces splits an expression at its top-level || into rebuilt pieces.
func (d *dynFile) pieces(toks []plsql.Token, region int, visiting map[string]bool) []dynPiece {
	var out []dynPiece
	for _, op := range concatOperands(toks) {
		out = append(out, d.piece(op, region, visiting)...)
	}
	return out
}

// piece rebuilds one operand of a concatenation.
func (d *dynFile) piece(op []plsql.Token, region int, visiting map[string]bool) []dynPiece {
	hole := func(desc string, qual bool) []dynPiece {
		return []dynPiece{{hole: desc, qual: qual, src: op[0], file: d.f}}
	}
	if op[0].Is("(") && matchParen(op, 0) == len(op)-1 {
		return d.pieces(op[1:len(op)-1], region, visiting)
	}
	if op[0].Is("CASE") {
		if branches, ok := caseBranches(op); ok && len(branches) > 0 {
			allQual := true
			for _, b := range branches {
				ps := d.pieces(b, region, visiting)
				allQual = allQual && len(ps) == 1 && ps[0].qual
			}
			if allQual {
				return hole("a CASE of sql_object results", true)
			}
			// One piece with the branches as alternatives: the text is read
			// once with each branch in place (variants).
			alt := dynPiece{src: op[0], file: d.f}
			for _, b := range branches {
				alt.alts = append(alt.alts, d.pieces(b, region, visiting))
			}
			return []dynPiece{alt}
		}
		return hole("a CASE expression", false)
	}
	if len(op) == 1 {
		switch op[0].Kind {
		case plsql.String:
			return []dynPiece{{text: stringValue(op[0].Text), src: op[0], file: d.f}}
		case plsql.Ident:
			name, _ := identText(op[0])
			if strings.HasPrefix(name, "CO_") {
				if ps, ok := d.constPieces("", name, op[0], visiting); ok {
					return ps
				}
				return hole("constant "+strings.ToLower(name), false)
			}
			return d.varPieces(name, op[0], region, visiting)
		}
		return hole(fmt.Sprintf("%q", op[0].Text), false)
	}
	if c, ok := readDotted(op, 0); ok && c.End == len(op) {
		pkg, name := c.pkgAndName()
		switch {
		case pkg == dynNamingPkg && name == "SQL_OBJECT":
			return hole("agentmem_util.sql_object(...)", true)
		case !c.HasParens && strings.HasPrefix(name, "CO_"):
			if ps, ok := d.constPieces(pkg, name, op[0], visiting); ok {
				return ps
			}
		}
		return hole(strings.ToLower(strings.Join(c.Parts, "."))+map[bool]string{true: "(...)"}[c.HasParens], false)
	}
	if name, ok := identText(op[0]); ok && op[1].Is("(") && d.pkgName == dynNamingPkg && name == "SQL_OBJECT" {
		return hole("sql_object(...)", true)
	}
	if name, ok := identText(op[0]); ok && op[1].Is("(") && matchParen(op, 1) == len(op)-1 &&
		d.objectNameFunction(name, visiting) {
		return hole(strings.ToLower(name)+"(...), which returns sql_object(...)", true)
	}
	return hole("the expression "+tokensText(op), false)
}

// stringValue returns the value of a string literal token: doubled quotes unescaped,
// q'[...]' and N prefixes removed.
func stringValue(s string) string {
	u := strings.ToUpper(s)
	if strings.HasPrefix(u, "N") {
		s, u = s[1:], u[1:]
	}
	if strings.HasPrefix(u, "Q'") && len(s) >= 5 {
		return s[3 : len(s)-2]
	}
	if len(s) >= 2 {
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
	}
	return s
}

// varPieces rebuilds a local variable from its assignments in source order:
// a variable assigned only sql_object results is a qualified name; any
// other is replaced by the concatenation of what is assigned (a leading
// "l_sql ||" appends to the earlier value and is dropped).
func (d *dynFile) varPieces(name string, at plsql.Token, region int, visiting map[string]bool) []dynPiece {
	key := fmt.Sprintf("%d/%s", region, name)
	hole := []dynPiece{{hole: strings.ToLower(name), src: at, file: d.f}}
	if visiting[key] {
		return nil // l_sql := l_sql || ...: the earlier value is already in place
	}
	for r := region; ; r = d.enclosing(r) {
		if r >= 0 {
			for _, prm := range d.regions[r].params {
				if prm.name == name {
					hole[0].hole = "parameter " + strings.ToLower(name)
					return hole
				}
			}
		}
		rhs, found := d.assignments(name, r)
		if found {
			visiting[key] = true
			defer delete(visiting, key)
			var all []dynPiece
			allQual := len(rhs) > 0
			for _, x := range rhs {
				if x.desc != "" {
					hole[0].hole = strings.ToLower(name) + " (" + x.desc + ")"
					return hole
				}
				ps := d.pieces(x.toks, r, visiting)
				allQual = allQual && len(ps) == 1 && ps[0].qual
				all = append(all, ps...)
			}
			if allQual {
				return []dynPiece{{hole: strings.ToLower(name), qual: true, src: at, file: d.f}}
			}
			if len(all) == 0 {
				return hole
			}
			return all
		}
		if r < 0 {
			break
		}
	}
	return hole
}

// constPieces reads a constant made of literals: name CONSTANT type := expr;
// in this file (pkg "" or this package) or in the spec of pkg, found by
// constantValue (rule_dynsql_const.go), the lookup DYN-SQL uses.
func (d *dynFile) constPieces(pkg, name string, at plsql.Token, visiting map[string]bool) ([]dynPiece, bool) {
	decl, toks, ok := d.constantValue(pkg, name)
	if !ok || visiting["const/"+name] {
		return nil, false
	}
	visiting["const/"+name] = true
	defer delete(visiting, "const/"+name)
	ps := decl.pieces(toks, -1, visiting)
	for _, pc := range ps {
		if pc.hole != "" && !pc.qual {
			return nil, false
		}
	}
	for i := range ps {
		ps[i].src, ps[i].file = at, d.f // report where the constant is used
	}
	return ps, true
}

// objectNameFunction tells whether name is a function of this file whose
// every RETURN gives one agentmem_util.sql_object(...) result (directly, or
// through what pieces follows: a variable assigned only from it, a CASE of
// them). Such a function (e.g. tab(p_store, 'MESSAGE') returning
// sql_object(p_store.owner, p_store.table_prefix || p_base)) names an
// owner-qualified object exactly as sql_object does.
func (d *dynFile) objectNameFunction(name string, visiting map[string]bool) bool {
	key := "fn/" + name
	if visiting[key] {
		return false // recursion: not provably qualified
	}
	visiting[key] = true
	defer delete(visiting, key)
	t := d.toks
	found := false
	for ri, r := range d.regions {
		if r.name != name || !t[r.start].Is("FUNCTION") {
			continue
		}
		for k := r.start; k <= r.end && k < len(t); k++ {
			if !t[k].Is("RETURN") || !statementStart(t, k) || d.regionAt(k) != ri {
				continue
			}
			end := exprEnd(t, k+1)
			ps := d.pieces(t[k+1:end], ri, visiting)
			if len(ps) != 1 || !ps[0].qual {
				return false
			}
			found = true
		}
	}
	return found
}
