package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// DYN-SQL enforces the project's dynamic SQL discipline: the text handed to
// EXECUTE IMMEDIATE, OPEN ... FOR and DBMS_SQL.PARSE may be built only from
// string literals, co_* constants, results of the naming helper
// (agentmem_util.sql_*), dbms_assert.* results and results of SQL builders
// (functions marked "-- agentmem:sql-builder", whose own RETURN expressions
// are checked the same way: rule_dynsql_builder.go). A local variable used as
// the text is followed through every assignment in its subprogram
// (l_sql := ..., l_sql := l_sql || ..., dbms_lob.append/writeappend onto
// it). Anything else concatenated in (a parameter, a column, a function
// result) is how SQL injection happens; values belong in USING.
func init() {
	Register(Rule{
		ID:      "DYN-SQL",
		Summary: "dynamic SQL text is built only from literals, co_* constants, agentmem_util.sql_*, dbms_assert.* and checked sql-builder results",
		Check:   checkDynSQL,
	})
}

const (
	dynNamingPkg   = "AGENTMEM_UTIL"
	dynNamingStart = "SQL_"
)

func checkDynSQL(p *Project) []Finding {
	a := &dynAnalysis{p: p, files: map[*File]*dynFile{}, paramDone: map[string]*dynParamVerdict{}}
	a.dynBuilders()
	out := append([]Finding(nil), a.builderFindings...)
	seen := map[string]bool{}
	for _, f := range p.SQL {
		df := a.file(f)
		if df == nil {
			continue
		}
		for _, s := range append(append(df.sinks(), df.builderReturns()...), df.policyReturns()...) {
			for _, t := range df.expr(s.expr, df.regionAt(s.at), nil) {
				key := fmt.Sprintf("%s:%d:%d", t.file.Path, t.tok.Line, t.tok.Col)
				if seen[key] {
					continue
				}
				seen[key] = true
				out = append(out, Finding{File: t.file.Path, Line: t.tok.Line, Col: t.tok.Col, Rule: "DYN-SQL",
					Msg: fmt.Sprintf("%s reaches the SQL text of %s (%s:%d): build identifiers with %s.%s* or dbms_assert.*, pass values as binds (USING)",
						t.desc, s.kind, f.Path, s.tok.Line, strings.ToLower(dynNamingPkg), strings.ToLower(dynNamingStart))})
			}
		}
	}
	return out
}

// dynTaint is one unsafe piece of SQL text: where it is and what it is.
type dynTaint struct {
	file *File
	tok  plsql.Token
	desc string
}

type dynAnalysis struct {
	p     *Project
	files map[*File]*dynFile
	// paramDone caches the verdict on a private subprogram's parameter
	// (checked at its call sites) and breaks recursion.
	paramDone map[string]*dynParamVerdict
	// builders: package -> functions marked as SQL builders with a body in
	// the project; builderFindings: markers that cannot be honoured.
	builders        map[string]map[string]bool
	builderFindings []Finding
}

// dynParamVerdict is what the call sites of a private subprogram say about
// one of its parameters.
type dynParamVerdict struct {
	taints   []dynTaint // unsafe arguments, at the call sites
	uncalled bool       // no call site at all
}

func (a *dynAnalysis) file(f *File) *dynFile {
	if df, ok := a.files[f]; ok {
		return df
	}
	if f.LexErr != nil {
		a.files[f] = nil
		return nil
	}
	df := &dynFile{a: a, f: f, toks: sigTokens(f.Tokens)}
	for name, pk := range a.p.Packages() {
		if pk.Body == f {
			df.pkg = pk
			df.pkgName = name
		}
	}
	df.regions = subprogramRegions(df.toks)
	a.files[f] = df
	return df
}

// dynFile is one PL/SQL file prepared for the analysis.
type dynFile struct {
	a       *dynAnalysis
	f       *File
	toks    []plsql.Token
	pkg     *Package // the package whose body this file holds, if any
	pkgName string
	regions []dynRegion
}

// dynRegion is the token span of one subprogram with a body; region -1 is
// the whole file (anonymous blocks, package-level declarations).
type dynRegion struct {
	name       string
	start, end int // header keyword .. ';' after END name
	params     []dynParam
}

type dynParam struct {
	name    string
	deflt   []plsql.Token
	outMode bool
}

type dynSink struct {
	kind string
	tok  plsql.Token
	at   int
	expr []plsql.Token
}

// sinks finds EXECUTE IMMEDIATE, OPEN ... FOR <dynamic text> and
// DBMS_SQL.PARSE calls.
func (d *dynFile) sinks() []dynSink {
	t := d.toks
	var out []dynSink
	for k := 0; k+2 < len(t); k++ {
		switch {
		case t[k].Is("EXECUTE") && t[k+1].Is("IMMEDIATE"):
			end := exprEnd(t, k+2, "USING", "INTO", "BULK", "RETURNING", "RETURN")
			out = append(out, dynSink{kind: "execute immediate", tok: t[k], at: k, expr: t[k+2 : end]})
		case t[k].Is("OPEN") && k+3 < len(t) && t[k+2].Is("FOR"):
			first := t[k+3]
			if first.Is("(") && k+4 < len(t) {
				first = t[k+4]
			}
			if first.Is("SELECT") || first.Is("WITH") {
				continue // static cursor
			}
			end := exprEnd(t, k+3, "USING")
			out = append(out, dynSink{kind: "open " + strings.ToLower(t[k+1].Text) + " for", tok: t[k], at: k, expr: t[k+3 : end]})
		}
	}
	for _, c := range dottedCalls(t) {
		pkg, name := c.pkgAndName()
		if pkg != "DBMS_SQL" || name != "PARSE" || !c.HasParens {
			continue
		}
		if a, ok := argFor(c.Args, 1, "STATEMENT"); ok {
			out = append(out, dynSink{kind: "dbms_sql.parse", tok: c.Start, at: c.First, expr: a.Toks})
		}
	}
	return out
}

// exprEnd returns the index of the first depth-0 ';' or stop word from k.
func exprEnd(t []plsql.Token, k int, stops ...string) int {
	depth := 0
	for ; k < len(t); k++ {
		switch {
		case t[k].Is("("):
			depth++
		case t[k].Is(")"):
			depth--
		case depth == 0 && t[k].Is(";"):
			return k
		case depth == 0:
			for _, s := range stops {
				if t[k].Is(s) {
					return k
				}
			}
		}
	}
	return len(t)
}

// expr checks an expression: every operand of its top-level || must be safe.
// A CASE ... END nests like parentheses: a || inside one of its branches
// belongs to that branch.
func (d *dynFile) expr(toks []plsql.Token, region int, visiting map[string]bool) []dynTaint {
	var out []dynTaint
	for _, op := range concatOperands(toks) {
		out = append(out, d.operand(op, region, visiting)...)
	}
	return out
}

// concatOperands splits an expression at its top-level || (a CASE ... END
// nests like parentheses), leaving out empty operands. DYN-SQL's taints and
// SCHEMA-QUALIFIED's rebuilt pieces both read an expression through it.
func concatOperands(toks []plsql.Token) [][]plsql.Token {
	var out [][]plsql.Token
	depth, start := 0, 0
	for k := 0; k <= len(toks); k++ {
		if k < len(toks) {
			switch {
			case toks[k].Is("(") || toks[k].Is("CASE"):
				depth++
			case toks[k].Is(")") || (toks[k].Is("END") && depth > 0):
				depth--
			}
			if !(depth == 0 && toks[k].Is("||")) {
				continue
			}
		}
		if k > start {
			out = append(out, toks[start:k])
		}
		start = k + 1
	}
	return out
}

// operand checks one piece of a concatenation.
func (d *dynFile) operand(op []plsql.Token, region int, visiting map[string]bool) []dynTaint {
	if len(op) == 0 {
		return nil
	}
	taint := func(desc string) []dynTaint { return []dynTaint{{file: d.f, tok: op[0], desc: desc}} }
	if op[0].Is("(") && matchParen(op, 0) == len(op)-1 {
		return d.expr(op[1:len(op)-1], region, visiting)
	}
	if op[0].Is("CASE") {
		if branches, ok := caseBranches(op); ok {
			var out []dynTaint
			for _, b := range branches {
				out = append(out, d.expr(b, region, visiting)...)
			}
			return out
		}
		return taint("an unrecognised CASE expression")
	}
	if len(op) == 1 {
		switch op[0].Kind {
		case plsql.String, plsql.Number:
			return nil
		case plsql.Bind:
			return taint("host bind variable " + op[0].Text + " (binds go in USING, not in the text)")
		case plsql.Ident, plsql.QuotedIdent:
			name, _ := identText(op[0])
			if name == "NULL" || (d.pkgName == dynNamingPkg && strings.HasPrefix(name, dynNamingStart)) {
				return nil // inside AGENTMEM_UTIL the helpers are called unqualified
			}
			return d.variable(name, op[0], region, visiting)
		}
		return taint(fmt.Sprintf("%q", op[0].Text))
	}
	if c, ok := readDotted(op, 0); ok && c.End == len(op) {
		pkg, name := c.pkgAndName()
		switch {
		case !c.HasParens && strings.HasPrefix(name, "CO_"):
			return d.constant(pkg, name, op[0], visiting) // rule_dynsql_const.go
		case c.HasParens && pkg == "DBMS_ASSERT":
			return nil
		case pkg == dynNamingPkg && strings.HasPrefix(name, dynNamingStart):
			return nil // with or without arguments
		case d.a.isBuilder(pkg, name):
			return nil // its RETURN expressions are checked as sinks
		case c.HasParens:
			return taint("the result of " + strings.ToLower(strings.Join(c.Parts, ".")) + "(...)")
		}
		return taint(strings.ToLower(strings.Join(c.Parts, ".")))
	}
	if name, ok := identText(op[0]); ok && op[1].Is("(") && matchParen(op, 1) == len(op)-1 {
		// Unqualified call: the naming helper inside AGENTMEM_UTIL itself,
		// or a SQL builder of the same package.
		if d.pkgName == dynNamingPkg && strings.HasPrefix(name, dynNamingStart) {
			return nil
		}
		if d.pkgName != "" && d.a.isBuilder(d.pkgName, name) {
			return nil
		}
		return taint("the result of " + strings.ToLower(name) + "(...)")
	}
	return taint("the expression " + tokensText(op))
}

// caseBranches returns the THEN and ELSE expressions of a CASE ... END
// expression spanning all of op; the WHEN conditions do not reach the text.
func caseBranches(op []plsql.Token) ([][]plsql.Token, bool) {
	var out [][]plsql.Token
	depth, paren, start := 0, 0, -1
	for k, t := range op {
		switch {
		case t.Is("("):
			paren++
			continue
		case t.Is(")"):
			paren--
			continue
		case paren > 0:
			continue
		case t.Is("CASE"):
			depth++
			continue
		}
		if depth != 1 {
			if t.Is("END") {
				depth--
			}
			continue
		}
		switch {
		case t.Is("WHEN") || t.Is("ELSE") || t.Is("END"):
			if start >= 0 {
				out = append(out, op[start:k])
				start = -1
			}
			if t.Is("ELSE") {
				start = k + 1
			}
			if t.Is("END") {
				depth--
				return out, k == len(op)-1
			}
		case t.Is("THEN"):
			start = k + 1
		}
	}
	return nil, false
}

// regionAt returns the innermost subprogram containing token k, or -1.
func (d *dynFile) regionAt(k int) int {
	best := -1
	for i, r := range d.regions {
		if k >= r.start && k <= r.end && (best < 0 || r.start >= d.regions[best].start) {
			best = i
		}
	}
	return best
}

// span returns the token range of a region (-1: the whole file).
func (d *dynFile) span(region int) (int, int) {
	if region < 0 {
		return 0, len(d.toks) - 1
	}
	return d.regions[region].start, d.regions[region].end
}

// enclosing returns the region that contains region r, or -1.
func (d *dynFile) enclosing(r int) int {
	if r < 0 {
		return -1
	}
	best := -1
	for i, o := range d.regions {
		if i != r && o.start <= d.regions[r].start && o.end >= d.regions[r].end &&
			(best < 0 || o.start >= d.regions[best].start) {
			best = i
		}
	}
	return best
}

// variable checks a name used as SQL text: a constant, a parameter, or a
// local whose every assignment must be safe.
func (d *dynFile) variable(name string, at plsql.Token, region int, visiting map[string]bool) []dynTaint {
	if strings.HasPrefix(name, "CO_") {
		return d.constant("", name, at, visiting) // rule_dynsql_const.go
	}
	key := fmt.Sprintf("%d/%s", region, name)
	if visiting[key] {
		return nil // l_sql := l_sql || ...: the earlier value is checked by its own assignment
	}
	for r := region; ; r = d.enclosing(r) {
		if r >= 0 {
			for _, prm := range d.regions[r].params {
				if prm.name == name {
					return d.parameter(r, prm, at)
				}
			}
		}
		rhs, found := d.assignments(name, r)
		if found {
			next := map[string]bool{key: true}
			for k := range visiting {
				next[k] = true
			}
			var out []dynTaint
			for _, x := range rhs {
				if x.desc != "" {
					out = append(out, dynTaint{file: d.f, tok: x.at, desc: x.desc + " (" + strings.ToLower(name) + ")"})
					continue
				}
				for _, t := range d.expr(x.toks, r, next) {
					if !strings.Contains(t.desc, "(via ") {
						t.desc += " (via " + strings.ToLower(name) + ")"
					}
					out = append(out, t)
				}
			}
			return out
		}
		if r < 0 {
			break
		}
	}
	if d.pkgName != "" && d.a.isBuilder(d.pkgName, name) {
		return nil // a parameterless SQL builder called without parentheses
	}
	return []dynTaint{{file: d.f, tok: at, desc: strings.ToLower(name) + ", which is neither a local variable assigned in this unit nor a constant"}}
}

// dynAssign is one value given to a variable: an expression to check, or a
// source the checker cannot follow (desc set).
type dynAssign struct {
	toks []plsql.Token
	at   plsql.Token
	desc string
}

// assignments collects what is assigned to name inside region r: the
// initializer of its declaration, ':=' statements (also on an element,
// name(i) := ...), SELECT/FETCH/RETURNING ... INTO name, appends through
// dbms_lob, and OUT arguments of project subprograms. found reports whether
// the name is declared or assigned in r at all.
func (d *dynFile) assignments(name string, r int) (out []dynAssign, found bool) {
	t := d.toks
	lo, hi := d.span(r)
	for k := lo; k <= hi && k < len(t); k++ {
		n, ok := identText(t[k])
		if !ok || n != name || (k > 0 && (t[k-1].Is(".") || t[k-1].Is("%"))) {
			continue
		}
		if k > 0 && t[k-1].Is("INTO") || k > 1 && t[k-1].Is(",") && intoList(t, k) {
			out = append(out, dynAssign{at: t[k], desc: "a value selected or fetched INTO"})
			found = true
			continue
		}
		if !statementStart(t, k) || k+1 >= len(t) {
			continue
		}
		j := k + 1
		if t[j].Is("(") {
			if m := matchParen(t, j); m > 0 {
				j = m + 1
			}
		}
		if j < len(t) && t[j].Is(":=") {
			out = append(out, dynAssign{toks: t[j+1 : exprEnd(t, j+1)], at: t[k]})
			found = true
			continue
		}
		if t[k+1].Is(".") || t[k+1].Is("(") || t[k+1].Is(";") {
			continue
		}
		// A declaration: name [CONSTANT] type [NOT NULL] [:= | DEFAULT expr];
		found = true
		end := exprEnd(t, k+1)
		for m := k + 1; m < end; m++ {
			if t[m].Is(":=") || t[m].Is("DEFAULT") {
				out = append(out, dynAssign{toks: t[m+1 : end], at: t[k]})
				break
			}
		}
	}
	for _, c := range dottedCalls(t[lo : hi+1]) {
		out = append(out, d.lobAppends(c, name)...)
	}
	out = append(out, d.outArguments(name, lo, hi)...)
	if len(out) > 0 {
		found = true
	}
	return out, found
}

// intoList reports whether the name at k is a later target of an INTO
// list (INTO a, b, name).
func intoList(t []plsql.Token, k int) bool {
	for j := k - 1; j > 0; j -= 2 {
		if !t[j].Is(",") {
			return false
		}
		if t[j-1].Kind != plsql.Ident {
			return false
		}
		if j >= 2 && t[j-2].Is("INTO") {
			return true
		}
	}
	return false
}

// statementStart reports whether token k begins a statement or declaration.
func statementStart(t []plsql.Token, k int) bool {
	if k == 0 {
		return true
	}
	p := t[k-1]
	if p.Kind == plsql.Label {
		return true
	}
	for _, w := range []string{";", "BEGIN", "THEN", "ELSE", "LOOP", "DECLARE", "IS", "AS", "EXCEPTION"} {
		if p.Is(w) {
			return true
		}
	}
	return false
}

// lobAppends turns dbms_lob.append/writeappend/copy onto name into
// assignments of the appended text.
func (d *dynFile) lobAppends(c parsedCall, name string) []dynAssign {
	pkg, sub := c.pkgAndName()
	if pkg != "DBMS_LOB" || !c.HasParens {
		return nil
	}
	var destIdx, srcIdx int
	var destName, srcName string
	switch sub {
	case "APPEND", "COPY":
		destIdx, destName, srcIdx, srcName = 0, "DEST_LOB", 1, "SRC_LOB"
	case "WRITEAPPEND":
		destIdx, destName, srcIdx, srcName = 0, "LOB_LOC", 2, "BUFFER"
	default:
		return nil
	}
	dest, ok := argFor(c.Args, destIdx, destName)
	if !ok || len(dest.Toks) != 1 {
		return nil
	}
	if n, _ := identText(dest.Toks[0]); n != name {
		return nil
	}
	src, ok := argFor(c.Args, srcIdx, srcName)
	if !ok {
		return nil
	}
	return []dynAssign{{toks: src.Toks, at: dest.Toks[0]}}
}

// outArguments reports name passed to an OUT or IN OUT parameter of a
// project subprogram: the checker does not follow what the callee writes.
func (d *dynFile) outArguments(name string, lo, hi int) []dynAssign {
	var out []dynAssign
	t := d.toks
	for k := lo; k+1 <= hi && k+1 < len(t); k++ {
		callee, ok := identText(t[k])
		if !ok || !t[k+1].Is("(") {
			continue
		}
		pkg := d.pkg
		if k > 1 && t[k-1].Is(".") {
			q, _ := identText(t[k-2])
			pkg = d.a.p.Packages()[q]
		}
		if pkg == nil {
			continue
		}
		args, _, ok := parseArgs(t, k+1)
		if !ok {
			continue
		}
		for i, a := range args {
			if len(a.Toks) != 1 {
				continue
			}
			if n, _ := identText(a.Toks[0]); n != name {
				continue
			}
			if subWritesArg(pkg, callee, i, a.Name) {
				out = append(out, dynAssign{at: a.Toks[0], desc: "a value written by " + strings.ToLower(callee) + " through an OUT parameter"})
			}
		}
	}
	return out
}

func subWritesArg(pkg *Package, callee string, idx int, named string) bool {
	for _, subs := range [][]Subprogram{pkg.SpecSubs, pkg.BodySubs} {
		for _, s := range subs {
			if s.Name != callee {
				continue
			}
			for i, prm := range s.Params {
				if (named == "" && i == idx) || prm.Name == named {
					if strings.Contains(prm.Mode, "OUT") {
						return true
					}
				}
			}
		}
	}
	return false
}

// parameter decides whether a parameter used as SQL text is safe. A
// parameter of a public subprogram (declared in the spec) or of a
// standalone unit carries whatever the caller sends: unsafe. A private
// subprogram's parameter is safe when every call in its package body passes
// safe text (the helper pattern: procedure run_ddl(p_sql in varchar2)).
func (d *dynFile) parameter(r int, prm dynParam, at plsql.Token) []dynTaint {
	sub := d.regions[r].name
	desc := "parameter " + strings.ToLower(prm.name) + " of " + strings.ToLower(sub)
	if d.pkg == nil || d.regionIsPublic(r) || prm.outMode {
		return []dynTaint{{file: d.f, tok: at, desc: desc + " (callers can pass any text)"}}
	}
	uncalled := []dynTaint{{file: d.f, tok: at, desc: desc + " (no call in the package body passes a checked value)"}}
	key := d.f.Path + "/" + sub + "/" + prm.name
	if v, done := d.a.paramDone[key]; done {
		if v.uncalled {
			return uncalled
		}
		return v.taints
	}
	d.a.paramDone[key] = &dynParamVerdict{} // recursion through the same parameter adds nothing new
	var out []dynTaint
	idx := -1
	for i, p := range d.regions[r].params {
		if p.name == prm.name {
			idx = i
		}
	}
	t := d.toks
	calls := 0
	for k := 0; k+1 < len(t); k++ {
		n, ok := identText(t[k])
		if !ok || n != sub || !t[k+1].Is("(") || (k > 0 && (t[k-1].Is("PROCEDURE") || t[k-1].Is("FUNCTION") || t[k-1].Is("END"))) {
			continue
		}
		if k > 1 && t[k-1].Is(".") {
			if q, _ := identText(t[k-2]); q != d.pkgName {
				continue
			}
		}
		args, _, ok := parseArgs(t, k+1)
		if !ok {
			continue
		}
		calls++
		if a, ok := argFor(args, idx, prm.name); ok {
			out = append(out, d.expr(a.Toks, d.regionAt(k), nil)...)
		} else if len(prm.deflt) > 0 {
			out = append(out, d.expr(prm.deflt, r, nil)...)
		}
	}
	if calls == 0 {
		// Nothing in the body calls it, so nothing vouches for the text.
		d.a.paramDone[key] = &dynParamVerdict{uncalled: true}
		return uncalled
	}
	d.a.paramDone[key] = &dynParamVerdict{taints: out}
	return out
}

// regionIsPublic reports whether the subprogram of region r is declared in
// its package's spec (callable from outside the body).
func (d *dynFile) regionIsPublic(r int) bool {
	if d.enclosing(r) >= 0 {
		return false // nested in another subprogram: private to it
	}
	for _, s := range d.pkg.SpecSubs {
		if s.Name == d.regions[r].name {
			return true
		}
	}
	return false
}

// subprogramRegions finds every procedure or function with a body, from its
// header to "END name;", with its parameters.
func subprogramRegions(t []plsql.Token) []dynRegion {
	var out []dynRegion
	for k := 0; k+1 < len(t); k++ {
		if !(t[k].Is("PROCEDURE") || t[k].Is("FUNCTION")) || !hasBodyAfterHeader(t, k) {
			continue
		}
		name, ok := identText(t[k+1])
		if !ok {
			continue
		}
		r := dynRegion{name: name, start: k, end: len(t) - 1}
		for j := k + 2; j+2 < len(t); j++ {
			if t[j].Is("END") {
				if n, ok := identText(t[j+1]); ok && n == name && t[j+2].Is(";") {
					r.end = j + 2
					break
				}
			}
		}
		if k+2 < len(t) && t[k+2].Is("(") {
			r.params = headerParams(t, k+2)
		}
		out = append(out, r)
	}
	return out
}

// headerParams reads "(p_a in varchar2, p_b out nocopy clob default null)".
func headerParams(t []plsql.Token, open int) []dynParam {
	end := matchParen(t, open)
	if end < 0 {
		return nil
	}
	args, _, ok := parseArgs(t, open)
	if !ok {
		return nil
	}
	var out []dynParam
	for _, a := range args {
		if len(a.Toks) == 0 {
			continue
		}
		name, ok := identText(a.Toks[0])
		if !ok {
			continue
		}
		p := dynParam{name: name}
		for i, x := range a.Toks[1:] {
			if x.Is("OUT") {
				p.outMode = true
			}
			if x.Is(":=") || x.Is("DEFAULT") {
				p.deflt = a.Toks[i+2:]
				break
			}
		}
		out = append(out, p)
	}
	return out
}
