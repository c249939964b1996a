package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// unitParser is a recursive-descent reader of one PL/SQL unit. It knows the
// block structure of PL/SQL (declaration sections, subprograms, BEGIN/END,
// IF, LOOP, CASE, exception handlers) and skips over everything else
// (expressions, SQL statements) while tracking parentheses and CASE
// expressions. It never stops at the first error: it reports the first
// structural problem of the unit and recovers so that the other rules can
// still use what it built.
type unitParser struct {
	u      *unit
	t      []plsql.Token
	i      int
	open   []opened // constructs being parsed, innermost last
	scope  *scope   // innermost scope
	failed bool     // a structural problem was reported: later ones are likely echoes
}

// opened is a construct waiting for its END.
type opened struct {
	kind   string // "IF", "LOOP", "CASE" (statement) or "END" (anything closed by a plain END)
	tok    plsql.Token
	label  string      // loop/block label or subprogram/package name, upper-case
	named  bool        // label holds a subprogram/package name (PLS-00113) rather than a label
	nameAt plsql.Token // where that name is declared
}

var noTok = plsql.Token{Kind: plsql.Kind(-1)}

func (p *unitParser) eof() bool { return p.i >= len(p.t) }

func (p *unitParser) cur() plsql.Token { return p.peek(0) }

func (p *unitParser) peek(k int) plsql.Token {
	if j := p.i + k; j >= 0 && j < len(p.t) {
		return p.t[j]
	}
	return noTok
}

// last is the position used for problems found at the end of the unit.
func (p *unitParser) last() plsql.Token {
	if len(p.t) == 0 {
		return noTok
	}
	return p.t[len(p.t)-1]
}

// fail records a structural problem; only the first one of a unit is kept.
func (p *unitParser) fail(t plsql.Token, format string, args ...any) {
	if p.failed {
		return
	}
	p.failed = true
	p.u.addProblem(t, fmt.Sprintf(format, args...))
}

// note records a problem that does not disturb the structure (a wrong END
// name), so it is always kept.
func (p *unitParser) note(t plsql.Token, format string, args ...any) {
	p.u.addProblem(t, fmt.Sprintf(format, args...))
}

func pos(t plsql.Token) string { return fmt.Sprintf("%d:%d", t.Line, t.Col) }

func (p *unitParser) isSemi() bool { return p.cur().Is(";") }

func (p *unitParser) newScope(kind, name string) *scope {
	sc := &scope{kind: kind, name: name, parent: p.scope, start: p.i}
	p.u.scopes = append(p.u.scopes, sc)
	return sc
}

// parseUnit parses u.toks and returns how many tokens the unit's text
// covers (tokens past it are text after the unit's final END) and whether
// a structural problem was found.
func parseUnit(u *unit) (int, bool) {
	p := &unitParser{u: u, t: u.toks}
	t := p.cur()
	if t.Is("CREATE") {
		p.parseCreate()
	} else {
		u.kind = "ANONYMOUS"
		u.root = p.newScope("ANONYMOUS", "")
		p.scope = u.root
		p.parseStmt()
		u.root.end = p.i
	}
	return p.i, p.failed
}

// parseCreate reads CREATE [OR REPLACE] [EDITIONABLE|...] <kind> [IF NOT
// EXISTS] [schema.]name and the unit that follows.
func (p *unitParser) parseCreate() {
	p.i++
	if p.cur().Is("OR") && p.peek(1).Is("REPLACE") {
		p.i += 2
	}
	for createModifiers[p.cur().Upper()] {
		p.i++
	}
	kindTok := p.cur()
	kind := kindTok.Upper()
	if (kind == "PACKAGE" || kind == "TYPE") && p.peek(1).Is("BODY") {
		kind += " BODY"
		p.i++
	}
	p.u.kind = kind
	if kind == "PROCEDURE" || kind == "FUNCTION" {
		p.u.root = p.newScope("STANDALONE", "")
		p.scope = p.u.root
		sd := p.parseSubprogram(p.u.root)
		if sd != nil {
			p.u.name = sd.Name
		}
		p.u.root.end = p.i
		return
	}
	p.i++
	if p.cur().Is("IF") && p.peek(1).Is("NOT") && p.peek(2).Is("EXISTS") {
		p.i += 3
	}
	nameTok := p.qualifiedName()
	p.u.name = identName(nameTok)
	switch kind {
	case "PACKAGE", "PACKAGE BODY", "TYPE BODY":
		p.parsePackage(kind, kindTok, nameTok)
	case "TRIGGER":
		p.parseTrigger()
	default:
		// Type specs, libraries: no executable code; nothing to check inside.
		p.i = len(p.t)
	}
}

// qualifiedName reads name or schema.name and returns the last part.
func (p *unitParser) qualifiedName() plsql.Token {
	t := p.cur()
	if !isWord(t) {
		p.fail(t, "name expected after CREATE %s, found %q", p.u.kind, t.Text)
		return t
	}
	p.i++
	for p.cur().Is(".") && isWord(p.peek(1)) {
		t = p.peek(1)
		p.i += 2
	}
	return t
}

// parsePackage reads a package spec, package body or type body after its name.
func (p *unitParser) parsePackage(kind string, kindTok, nameTok plsql.Token) {
	if !p.skipTo(func(t plsql.Token) bool { return t.Is("IS") || t.Is("AS") }) {
		p.fail(kindTok, "%s %s: IS or AS expected after the header", kind, p.u.name)
		return
	}
	p.i++
	sc := p.newScope(kind, p.u.name)
	p.u.root = sc
	p.scope = sc
	p.open = append(p.open, opened{kind: "END", tok: kindTok, label: p.u.name, named: true, nameAt: nameTok})
	p.parseDecls(sc)
	if p.cur().Is("BEGIN") {
		if kind != "PACKAGE BODY" {
			p.fail(p.cur(), "BEGIN is not allowed in a %s: only a package body has an initialization part", map[string]string{
				"PACKAGE": "package specification", "TYPE BODY": "type body"}[kind])
		}
		p.i++
		sc.body = &block{}
		p.parseBlockBody(sc.body)
	}
	p.closeEnd()
	sc.end = p.i
}

// parseTrigger reads a simple trigger: header, then a DECLARE or BEGIN block.
// Compound triggers are not parsed (a documented blind spot).
func (p *unitParser) parseTrigger() {
	ok := p.skipTo(func(t plsql.Token) bool {
		return t.Is("DECLARE") || t.Is("BEGIN") || t.Is("COMPOUND") || t.Kind == plsql.Label
	})
	if !ok || p.cur().Is("COMPOUND") {
		p.i = len(p.t)
		return
	}
	p.u.root = p.newScope("TRIGGER", p.u.name)
	p.scope = p.u.root
	p.parseStmt()
	p.u.root.end = p.i
}

// skipTo advances to the first token outside parentheses and CASE
// expressions for which stop is true and reports whether one was found.
func (p *unitParser) skipTo(stop func(plsql.Token) bool) bool {
	depth, cases := 0, 0
	for ; !p.eof(); p.i++ {
		t := p.cur()
		switch {
		case t.Is("END") && cases > 0:
			cases--
		case depth <= 0 && cases == 0 && stop(t):
			return true
		case t.Is("("):
			depth++
		case t.Is(")"):
			depth--
		case t.Is("CASE"):
			cases++
		}
	}
	return false
}

// typeModifiers are keywords ending a RETURN type in a function header.
var typeModifiers = map[string]bool{
	"IS": true, "AS": true, "DETERMINISTIC": true, "PIPELINED": true, "PARALLEL_ENABLE": true,
	"RESULT_CACHE": true, "AUTHID": true, "ACCESSIBLE": true, "SQL_MACRO": true, "AGGREGATE": true,
	"USING": true, "SHARING": true, "DEFAULT": true,
}

// methodModifiers may precede PROCEDURE/FUNCTION in a type body.
var methodModifiers = map[string]bool{
	"MEMBER": true, "STATIC": true, "CONSTRUCTOR": true, "MAP": true, "ORDER": true,
	"OVERRIDING": true, "FINAL": true, "INSTANTIABLE": true, "NOT": true,
}

// atSubprogram reports whether a PROCEDURE or FUNCTION header starts here.
func (p *unitParser) atSubprogram() bool {
	for k := 0; ; k++ {
		t := p.peek(k)
		if t.Is("PROCEDURE") || t.Is("FUNCTION") {
			return true
		}
		if !methodModifiers[t.Upper()] || t.Kind != plsql.Ident {
			return false
		}
	}
}

// parseSubprogram reads a PROCEDURE/FUNCTION header and, for a definition,
// its declarations and body. It records the header in sc.
func (p *unitParser) parseSubprogram(sc *scope) *subDecl {
	for !p.cur().Is("PROCEDURE") && !p.cur().Is("FUNCTION") {
		p.i++ // method modifiers
	}
	kw := p.cur()
	p.i++
	nameTok := p.cur()
	if !isWord(nameTok) {
		p.fail(nameTok, "%s name expected, found %q", kw.Upper(), nameTok.Text)
		p.skipStatement(declStops)
		return nil
	}
	p.i++
	for p.cur().Is(".") && isWord(p.peek(1)) { // CREATE PROCEDURE schema.name
		nameTok = p.peek(1)
		p.i += 2
	}
	sd := &subDecl{kwTok: kw, nameIdx: p.i - 1, parent: sc}
	sd.Kind = kw.Upper()
	sd.Name = identName(nameTok)
	sd.Line, sd.Col = nameTok.Line, nameTok.Col
	sd.File = p.u.file
	sd.marked = hasCommitsMarker(p.u, p.i-1, kw)
	sc.subs = append(sc.subs, sd)
	p.u.subs = append(p.u.subs, sd)
	if p.cur().Is("(") {
		p.parseParams(sd)
	}
	if sd.Kind == "FUNCTION" {
		p.parseReturn(sd)
	}
	if !p.skipTo(func(t plsql.Token) bool {
		return t.Is("IS") || t.Is("AS") || t.Is(";") || t.Is("BEGIN") || t.Is("END")
	}) || p.cur().Is("BEGIN") || p.cur().Is("END") {
		p.fail(kw, "%s %s: IS, AS or ';' expected after the header", sd.Kind, sd.Name)
		return sd
	}
	if p.isSemi() {
		p.i++
		return sd
	}
	p.i++ // IS/AS
	sd.isDef = true
	if p.cur().Is("LANGUAGE") || p.cur().Is("EXTERNAL") {
		p.skipStatement(declStops) // call specification: no PL/SQL body
		return sd
	}
	body := p.newScope("SUBPROGRAM", sd.Name)
	body.sub = sd
	sd.body = body
	outer := p.scope
	p.scope = body
	p.open = append(p.open, opened{kind: "END", tok: kw, label: sd.Name, named: true, nameAt: nameTok})
	p.parseDecls(body)
	if p.cur().Is("BEGIN") {
		p.i++
		body.body = &block{}
		p.parseBlockBody(body.body)
	} else {
		p.fail(p.curOrLast(), "%s %s: BEGIN expected, found %q", sd.Kind, sd.Name, p.cur().Text)
	}
	p.closeEnd()
	body.end = p.i
	p.scope = outer
	return sd
}

func (p *unitParser) curOrLast() plsql.Token {
	if p.eof() {
		return p.last()
	}
	return p.cur()
}

// parseReturn reads RETURN <type> of a function header.
func (p *unitParser) parseReturn(sd *subDecl) {
	if !p.cur().Is("RETURN") {
		p.fail(p.curOrLast(), "FUNCTION %s: RETURN clause expected, found %q", sd.Name, p.cur().Text)
		return
	}
	p.i++
	if p.cur().Is("SELF") && p.peek(1).Is("AS") && p.peek(2).Is("RESULT") {
		sd.Return = "SELF AS RESULT"
		p.i += 3
		return
	}
	start := p.i
	depth := 0
	for ; !p.eof(); p.i++ {
		t := p.cur()
		if t.Is("(") {
			depth++
		} else if t.Is(")") {
			depth--
		} else if depth == 0 && (t.Is(";") || (t.Kind == plsql.Ident && typeModifiers[t.Upper()])) {
			break
		}
	}
	sd.Return = joinTokens(p.t[start:p.i])
}

// parseParams reads a parenthesized formal parameter list.
func (p *unitParser) parseParams(sd *subDecl) {
	open := p.cur()
	p.i++
	for !p.eof() {
		nameTok := p.cur()
		if nameTok.Is(")") {
			p.i++
			return
		}
		if !isWord(nameTok) {
			p.fail(nameTok, "%s %s: parameter name expected, found %q", sd.Kind, sd.Name, nameTok.Text)
			p.skipTo(func(t plsql.Token) bool { return t.Is(")") })
			p.i++
			return
		}
		p.i++
		prm := Param{Name: identName(nameTok), Mode: "IN", Line: nameTok.Line, Col: nameTok.Col}
		explicit := true
		switch {
		case p.cur().Is("IN") && p.peek(1).Is("OUT"):
			prm.Mode = "IN OUT"
			p.i += 2
		case p.cur().Is("IN"):
			p.i++
		case p.cur().Is("OUT"):
			prm.Mode = "OUT"
			p.i++
		default:
			explicit = false
		}
		if p.cur().Is("NOCOPY") {
			prm.NoCopy = true
			p.i++
		}
		typeToks, stop := p.paramPart(true)
		prm.Type = joinTokens(typeToks)
		if stop.Is(":=") || stop.Is("DEFAULT") {
			p.i++
			defToks, _ := p.paramPart(false)
			prm.HasDefault = true
			prm.Default = joinTokens(defToks)
		}
		sd.Params = append(sd.Params, prm)
		sd.explicit = append(sd.explicit, explicit)
		switch {
		case p.cur().Is(","):
			p.i++
		case p.cur().Is(")"):
			p.i++
			return
		default:
			p.fail(p.curOrLast(), "%s %s: the parameter list opened at %s is not closed", sd.Kind, sd.Name, pos(open))
			return
		}
	}
	p.fail(open, "%s %s: the parameter list opened here is not closed", sd.Kind, sd.Name)
}

// paramPart reads a parameter's type (typePart) or default up to the ',' or
// ')' that ends it, or up to := / DEFAULT for a type. It stops without
// consuming at IS/AS/';'/BEGIN, which mean the list was not closed.
func (p *unitParser) paramPart(typePart bool) ([]plsql.Token, plsql.Token) {
	start := p.i
	depth, cases := 0, 0
	for ; !p.eof(); p.i++ {
		t := p.cur()
		switch {
		case t.Is("("):
			depth++
			continue
		case t.Is(")") && depth > 0:
			depth--
			continue
		case t.Is("CASE"):
			cases++
			continue
		case t.Is("END") && cases > 0:
			cases--
			continue
		}
		if depth > 0 || cases > 0 {
			continue
		}
		if t.Is(",") || t.Is(")") || t.Is(";") || t.Is("BEGIN") ||
			(typePart && (t.Is(":=") || t.Is("DEFAULT") || t.Is("IS") || t.Is("AS"))) {
			return p.t[start:p.i], t
		}
	}
	return p.t[start:p.i], p.cur()
}

// hasCommitsMarker reports whether the line before a subprogram header
// holds the comment "-- agentmem:commits" (rule TXN). Method modifiers
// before the keyword belong to the header, so the header starts at kw.
func hasCommitsMarker(u *unit, nameIdx int, kw plsql.Token) bool {
	toks := u.file.Tokens
	// Find kw in the file tokens: walk back from the name's file position.
	j := u.idx[nameIdx]
	for j > 0 && toks[j].Offset != kw.Offset {
		j--
	}
	// Walk back over the header's own line to the previous line's tokens.
	for j > 0 && toks[j].Line == kw.Line {
		j--
	}
	for ; j >= 0 && toks[j].Line == kw.Line-1; j-- {
		if toks[j].Kind == plsql.Comment && isCommitsMarker(toks[j].Text) {
			return true
		}
	}
	return false
}

// isCommitsMarker accepts "-- agentmem:commits", optionally followed by a
// reason after a blank ("-- agentmem:commits (autonomous transaction)").
func isCommitsMarker(comment string) bool {
	if !strings.HasPrefix(comment, "--") {
		return false
	}
	f := strings.Fields(strings.TrimPrefix(comment, "--"))
	return len(f) > 0 && f[0] == "agentmem:commits"
}
