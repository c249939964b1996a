package plsqlcheck

import (
	"github.com/agentmem/agentmem/internal/plsql"
)

// declStops end a declaration that lacks its ';' (the next section starts).
func declStops(t plsql.Token) bool {
	return t.Is("BEGIN") || t.Is("PROCEDURE") || t.Is("FUNCTION") || t.Is("DECLARE")
}

// stmtStops end a statement that lacks its ';': words that cannot appear
// inside a simple PL/SQL or SQL statement outside a CASE expression.
func stmtStops(t plsql.Token) bool {
	return t.Is("BEGIN") || t.Is("DECLARE") || t.Is("EXCEPTION") || t.Is("ELSIF") ||
		t.Is("IF") || t.Is("LOOP")
}

// parseDecls reads a declaration section up to BEGIN or END.
func (p *unitParser) parseDecls(sc *scope) {
	for !p.eof() {
		t := p.cur()
		switch {
		case t.Is("BEGIN") || t.Is("END"):
			return
		case p.atSubprogram():
			p.parseSubprogram(sc)
		case t.Is("PRAGMA"):
			p.skipStatement(declStops)
		case t.Is("TYPE") || t.Is("SUBTYPE"):
			p.i++
			p.addDecl(sc, t.Upper(), p.cur(), "")
			p.skipStatement(declStops)
		case t.Is("CURSOR"):
			p.parseCursor(sc)
		case isWord(t):
			p.parseVariable(sc)
		default:
			p.fail(t, "unexpected %q in a declaration section", t.Text)
			p.i++
		}
	}
}

func (p *unitParser) addDecl(sc *scope, kind string, t plsql.Token, value string) {
	if !isWord(t) {
		return
	}
	sc.decls = append(sc.decls, &decl{kind: kind, name: identName(t), tok: t, idx: p.i, value: value, scope: sc})
}

// parseVariable reads "name [CONSTANT] type ... ;" or "name EXCEPTION;".
func (p *unitParser) parseVariable(sc *scope) {
	nameTok := p.cur()
	nameIdx := p.i
	p.i++
	kind := "VARIABLE"
	value := ""
	switch {
	case p.cur().Is("EXCEPTION"):
		kind = "EXCEPTION"
	case p.cur().Is("CONSTANT"):
		kind = "CONSTANT"
		start := p.i
		p.skipStatement(declStops)
		value = constantValue(p.t[start:p.i])
		sc.decls = append(sc.decls, &decl{kind: kind, name: identName(nameTok), tok: nameTok, idx: nameIdx, value: value, scope: sc})
		return
	}
	sc.decls = append(sc.decls, &decl{kind: kind, name: identName(nameTok), tok: nameTok, idx: nameIdx, scope: sc})
	p.skipStatement(declStops)
}

// constantValue extracts the text after := or DEFAULT in a constant
// declaration's tokens (which end with ';').
func constantValue(toks []plsql.Token) string {
	for i, t := range toks {
		if t.Is(":=") || t.Is("DEFAULT") {
			end := len(toks)
			if end > 0 && toks[end-1].Is(";") {
				end--
			}
			return joinTokens(toks[i+1 : end])
		}
	}
	return ""
}

// parseCursor reads "CURSOR name [(params)] [RETURN type] [IS select];".
func (p *unitParser) parseCursor(sc *scope) {
	p.i++
	p.addDecl(sc, "CURSOR", p.cur(), "")
	p.i++
	firstParam := len(sc.decls)
	defer func() {
		for _, d := range sc.decls[firstParam:] {
			d.until = p.i
		}
	}()
	if p.cur().Is("(") {
		p.i++
		for !p.eof() && !p.cur().Is(")") {
			if isWord(p.cur()) {
				p.addDecl(sc, "CURSOR PARAM", p.cur(), "")
			}
			p.skipTo(func(t plsql.Token) bool { return t.Is(",") || t.Is(")") || t.Is(";") })
			if !p.cur().Is(",") {
				break
			}
			p.i++
		}
		if p.cur().Is(")") {
			p.i++
		}
	}
	p.skipStatement(declStops)
}

// skipStatement advances past the ';' ending the current statement,
// tracking parentheses and CASE ... END expressions. If a word in stops
// shows up first (the ';' is missing), it reports it and stops before it.
func (p *unitParser) skipStatement(stops func(plsql.Token) bool) {
	start := p.cur()
	var parens []plsql.Token
	cases := 0
	insertAll := start.Is("INSERT") // INSERT ALL ... ELSE INTO uses ELSE outside CASE
	for ; !p.eof(); p.i++ {
		t := p.cur()
		switch {
		case t.Is("("):
			parens = append(parens, t)
		case t.Is(")"):
			if len(parens) == 0 {
				p.fail(t, "')' without a matching '('")
			} else {
				parens = parens[:len(parens)-1]
			}
		case t.Is("CASE"):
			cases++
		case t.Is("END") && cases > 0:
			cases--
		case t.Is(";"):
			if len(parens) > 0 {
				p.fail(parens[len(parens)-1], "'(' is not closed before the ';' at %s", pos(t))
			}
			p.i++
			return
		case t.Is("END") || (t.Is("ELSE") && cases == 0 && !insertAll) || (t.Kind == plsql.Ident && stops(t)):
			if p.i > 0 && t.Offset != start.Offset {
				p.fail(t, "';' expected before %q (statement starting at %s)", t.Text, pos(start))
			} else {
				p.fail(t, "unexpected %q", t.Text)
				p.i++
			}
			return
		}
	}
	p.fail(start, "statement starting here has no ';' before the end of the unit")
}

// parseStmts reads statements until END, EXCEPTION, ELSIF, ELSE or WHEN
// (which the caller checks) or the end of the unit.
func (p *unitParser) parseStmts() []*stmt {
	var out []*stmt
	for !p.eof() {
		t := p.cur()
		if t.Is("END") || t.Is("EXCEPTION") || t.Is("ELSIF") || t.Is("ELSE") || t.Is("WHEN") {
			return out
		}
		out = append(out, p.parseStmt())
	}
	return out
}

// parseStmt reads one statement with its labels.
func (p *unitParser) parseStmt() *stmt {
	label := ""
	for p.cur().Kind == plsql.Label {
		label = labelName(p.cur())
		p.i++
	}
	t := p.cur()
	s := &stmt{first: t, start: p.i, owner: p.scope}
	switch {
	case p.eof() || t.Is("END") || t.Is("EXCEPTION") || t.Is("ELSIF") || t.Is("ELSE") || t.Is("WHEN"):
		s.kind = "LABEL"
		if label != "" {
			p.fail(p.curOrLast(), "label <<%s>> must be followed by a statement", label)
		}
	case t.Is("BEGIN"):
		s.kind = "BLOCK"
		s.blk = &block{label: label}
		p.i++
		p.open = append(p.open, opened{kind: "END", tok: t, label: label})
		p.parseBlockBody(s.blk)
		p.closeEnd()
	case t.Is("DECLARE"):
		s.kind = "BLOCK"
		s.blk = p.parseDeclareBlock(t, label)
	case t.Is("IF"):
		p.parseIf(s)
	case t.Is("LOOP") || t.Is("WHILE") || t.Is("FOR"):
		p.parseLoop(s, label)
	case t.Is("CASE"):
		p.parseCase(s, label)
	default:
		s.kind = "SIMPLE"
		p.skipStatement(stmtStops)
		p.u.simples = append(p.u.simples, s)
	}
	s.end = p.i
	return s
}

func labelName(t plsql.Token) string {
	txt := t.Text
	if len(txt) >= 4 {
		txt = txt[2 : len(txt)-2]
	}
	return identName(plsql.Token{Kind: plsql.Ident, Text: trimSpaces(txt)})
}

func trimSpaces(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

// parseDeclareBlock reads DECLARE decls BEGIN ... END.
func (p *unitParser) parseDeclareBlock(t plsql.Token, label string) *block {
	p.i++
	sc := p.newScope("DECLARE", label)
	outer := p.scope
	p.scope = sc
	p.open = append(p.open, opened{kind: "END", tok: t, label: label})
	p.parseDecls(sc)
	blk := &block{label: label}
	sc.body = blk
	if p.cur().Is("BEGIN") {
		p.i++
		p.parseBlockBody(blk)
	} else {
		p.fail(p.curOrLast(), "DECLARE at %s: BEGIN expected, found %q", pos(t), p.cur().Text)
	}
	p.closeEnd()
	sc.end = p.i
	p.scope = outer
	return blk
}

// parseBlockBody reads statements and an optional EXCEPTION section up to
// the END that closes the block.
func (p *unitParser) parseBlockBody(b *block) {
	for !p.eof() {
		b.stmts = append(b.stmts, p.parseStmts()...)
		t := p.cur()
		switch {
		case p.eof() || t.Is("END"):
			return
		case t.Is("EXCEPTION"):
			p.i++
			b.handlers = p.parseHandlers()
			return
		default:
			p.stray(t)
		}
	}
}

// stray reports ELSIF/ELSE/WHEN where no construct accepts it and skips it.
func (p *unitParser) stray(t plsql.Token) {
	switch {
	case t.Is("WHEN"):
		p.fail(t, "WHEN outside a CASE statement or an EXCEPTION section")
	case t.Is("EXCEPTION"):
		p.fail(t, "EXCEPTION section not allowed here")
	default:
		p.fail(t, "%s without a matching IF", t.Upper())
	}
	p.i++
}

// parseHandlers reads WHEN ... THEN arms up to END.
func (p *unitParser) parseHandlers() []*handler {
	var out []*handler
	for !p.eof() {
		t := p.cur()
		if t.Is("END") {
			return out
		}
		if !t.Is("WHEN") {
			p.stray(t)
			continue
		}
		h := &handler{when: t, owner: p.scope}
		p.i++
		for !p.eof() && !p.cur().Is("THEN") {
			if w := p.cur(); isWord(w) && !w.Is("OR") {
				name := identName(w)
				if p.peek(-1).Is(".") && len(h.names) > 0 {
					h.names[len(h.names)-1] += "." + name
				} else {
					h.names = append(h.names, name)
				}
			}
			if stmtStops(p.cur()) || p.cur().Is(";") {
				p.fail(t, "WHEN at %s: THEN expected", pos(t))
				return out
			}
			p.i++
		}
		p.i++ // THEN
		h.stmts = p.parseStmts()
		out = append(out, h)
		p.u.handlers = append(p.u.handlers, h)
	}
	return out
}

// skipCond skips an IF/ELSIF/WHEN condition through its THEN.
func (p *unitParser) skipCond(open plsql.Token) {
	cases := 0
	depth := 0
	for ; !p.eof(); p.i++ {
		t := p.cur()
		switch {
		case t.Is("("):
			depth++
		case t.Is(")"):
			depth--
		case t.Is("CASE"):
			cases++
		case t.Is("END") && cases > 0:
			cases--
		case t.Is("THEN") && cases == 0 && depth <= 0:
			p.i++
			return
		case t.Is(";") || (t.Is("END") && cases == 0) || (t.Kind == plsql.Ident && stmtStops(t) && !t.Is("IF")):
			p.fail(open, "%s at %s: THEN expected before %q at %s", open.Upper(), pos(open), t.Text, pos(t))
			return
		}
	}
	p.fail(open, "%s at %s: THEN expected before the end of the unit", open.Upper(), pos(open))
}

// parseIf reads IF ... THEN ... [ELSIF ... THEN ...] [ELSE ...] END IF;
func (p *unitParser) parseIf(s *stmt) {
	s.kind = "IF"
	open := p.cur()
	p.i++
	p.skipCond(open)
	p.open = append(p.open, opened{kind: "IF", tok: open})
	s.branches = append(s.branches, p.parseStmts())
	for !p.eof() {
		t := p.cur()
		switch {
		case t.Is("ELSIF") && !s.hasElse:
			p.i++
			p.skipCond(t)
			s.branches = append(s.branches, p.parseStmts())
		case t.Is("ELSE") && !s.hasElse:
			p.i++
			s.hasElse = true
			s.branches = append(s.branches, p.parseStmts())
		case t.Is("END"):
			p.closeEnd()
			return
		default:
			p.stray(t)
			s.branches = append(s.branches, p.parseStmts())
		}
	}
	p.closeEnd()
}

// parseLoop reads [FOR ...|WHILE ...] LOOP ... END LOOP [label];
func (p *unitParser) parseLoop(s *stmt, label string) {
	s.kind = "LOOP"
	open := p.cur()
	if !open.Is("LOOP") {
		found := p.skipTo(func(t plsql.Token) bool {
			return t.Is("LOOP") || t.Is(";") || t.Is("BEGIN") || t.Is("END")
		})
		if !found || !p.cur().Is("LOOP") {
			p.fail(open, "%s at %s: LOOP expected", open.Upper(), pos(open))
			if p.isSemi() {
				p.i++
			}
			return
		}
	}
	p.i++
	p.open = append(p.open, opened{kind: "LOOP", tok: open, label: label})
	var body []*stmt
	for {
		body = append(body, p.parseStmts()...)
		if p.eof() || p.cur().Is("END") {
			break
		}
		p.stray(p.cur())
	}
	s.branches = [][]*stmt{body}
	p.closeEnd()
}

// parseCase reads a CASE statement: CASE [selector] WHEN ... THEN ...
// [ELSE ...] END CASE [label];
func (p *unitParser) parseCase(s *stmt, label string) {
	s.kind = "CASE"
	open := p.cur()
	p.i++
	if !p.skipTo(func(t plsql.Token) bool { return t.Is("WHEN") || t.Is(";") || t.Is("END") }) || !p.cur().Is("WHEN") {
		p.fail(open, "CASE at %s: WHEN expected", pos(open))
	}
	p.open = append(p.open, opened{kind: "CASE", tok: open, label: label})
	for !p.eof() {
		t := p.cur()
		switch {
		case t.Is("WHEN") && !s.hasElse:
			p.i++
			p.skipCond(t)
			s.branches = append(s.branches, p.parseStmts())
		case t.Is("ELSE") && !s.hasElse:
			p.i++
			s.hasElse = true
			s.branches = append(s.branches, p.parseStmts())
		case t.Is("END"):
			p.closeEnd()
			return
		default:
			p.stray(t)
		}
	}
	p.closeEnd()
}
