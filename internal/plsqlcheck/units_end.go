package plsqlcheck

import "fmt"

// closeEnd reads the END [IF|LOOP|CASE] [name] ; that closes the innermost
// open construct. An END meant for an enclosing construct is left for it,
// and the inner construct is reported as not closed.
func (p *unitParser) closeEnd() {
	top := p.open[len(p.open)-1]
	p.open = p.open[:len(p.open)-1]
	want := endText(top.kind)
	if p.eof() {
		p.fail(top.tok, "%s at %s has no matching %s before the end of the unit", openText(top), pos(top.tok), want)
		return
	}
	t := p.cur()
	if !t.Is("END") {
		p.fail(t, "%s expected for %s at %s, found %q", want, openText(top), pos(top.tok), t.Text)
		return
	}
	closer := "END"
	if n := p.peek(1); n.Is("IF") || n.Is("LOOP") || n.Is("CASE") {
		closer = n.Upper()
	}
	if closer != top.kind {
		if p.openAbove(closer) {
			p.fail(top.tok, "%s at %s is not closed: %s expected before %s at %s", openText(top), pos(top.tok), want, endText(closer), pos(t))
			return
		}
		p.fail(t, "%s at %s does not match %s at %s (%s expected)", endText(closer), pos(t), openText(top), pos(top.tok), want)
	}
	p.i++
	if closer != "END" {
		p.i++
	}
	if nt := p.cur(); isWord(nt) && closer != "IF" {
		p.i++
		name := identName(nt)
		switch {
		case top.named && name != top.label:
			p.note(nt, "END %s does not match the name %s at %s (PLS-00113)", name, top.label, pos(top.nameAt))
		case !top.named && top.label != "" && name != top.label:
			p.note(nt, "END label %s does not match the label <<%s>> of %s at %s (PLW-05027)", name, top.label, openText(top), pos(top.tok))
		}
	}
	if p.isSemi() {
		p.i++
		return
	}
	p.fail(p.curOrLast(), "';' expected after the END of %s at %s, found %q", openText(top), pos(top.tok), p.cur().Text)
}

// openAbove reports whether a still-open construct is closed by closer.
func (p *unitParser) openAbove(closer string) bool {
	for _, o := range p.open {
		if o.kind == closer {
			return true
		}
	}
	return false
}

func endText(kind string) string {
	if kind == "END" {
		return "END"
	}
	return "END " + kind
}

func openText(o opened) string {
	switch {
	case o.kind == "CASE":
		return "CASE statement"
	case o.named:
		return fmt.Sprintf("%s %s", o.tok.Upper(), o.label)
	}
	return o.tok.Upper()
}
