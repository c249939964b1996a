package plsqlcheck

import (
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// Token-level helpers shared by the call-checking rules (ORA-API,
// GO-CONTRACT, DYN-SQL, ERR-SYNC). They work on "significant" tokens:
// comments and line breaks removed, so a call split over lines or annotated
// with comments reads the same as a one-liner.

// sigTokens drops comments and newlines.
func sigTokens(toks []plsql.Token) []plsql.Token {
	out := make([]plsql.Token, 0, len(toks))
	for _, t := range toks {
		if t.Kind == plsql.Comment || t.Kind == plsql.Newline {
			continue
		}
		out = append(out, t)
	}
	return out
}

// identText returns the upper-case name of an identifier token: unquoted
// names fold to upper case, quoted ones keep their case without the quotes.
func identText(t plsql.Token) (string, bool) {
	switch t.Kind {
	case plsql.Ident:
		return strings.ToUpper(t.Text), true
	case plsql.QuotedIdent:
		return strings.ReplaceAll(strings.Trim(t.Text, `"`), `""`, `"`), true
	}
	return "", false
}

// callArg is one actual argument of a call.
type callArg struct {
	Name string        // upper-case formal name in named notation, "" if positional
	Toks []plsql.Token // the argument expression
	At   plsql.Token   // first token of the argument (its name in named notation)
}

// parsedCall is a reference to a dotted name, with its argument list when
// parentheses follow.
type parsedCall struct {
	Parts     []string // upper-case name parts, e.g. ["SYS","DBMS_LOB","APPEND"]
	First     int      // index of the first name token
	Start     plsql.Token
	HasParens bool
	Args      []callArg
	End       int // index just after the reference (after ')' when HasParens)
}

// pkgAndName returns the last two name parts: the package (or variable or
// type) and the member. A leading schema (sys.dbms_lob.append) is dropped.
func (c parsedCall) pkgAndName() (string, string) {
	n := len(c.Parts)
	return c.Parts[n-2], c.Parts[n-1]
}

// dottedCalls finds every dotted reference a.b or a.b.c in toks (significant
// tokens) that is not itself the tail of a longer expression (x.a.b, f(x).b).
func dottedCalls(toks []plsql.Token) []parsedCall {
	var out []parsedCall
	for i := 0; i < len(toks); i++ {
		if _, ok := identText(toks[i]); !ok {
			continue
		}
		if i > 0 && (toks[i-1].Is(".") || toks[i-1].Is("%")) {
			continue
		}
		c, ok := readDotted(toks, i)
		if !ok {
			continue
		}
		out = append(out, c)
	}
	return out
}

// readDotted reads name(.name)+ [ (args) ] starting at i; it needs at least
// two and at most three parts.
func readDotted(toks []plsql.Token, i int) (parsedCall, bool) {
	c := parsedCall{First: i, Start: toks[i]}
	j := i
	for {
		name, ok := identText(toks[j])
		if !ok {
			return c, false
		}
		c.Parts = append(c.Parts, name)
		if j+2 < len(toks) && toks[j+1].Is(".") {
			if _, ok := identText(toks[j+2]); ok {
				j += 2
				continue
			}
		}
		break
	}
	if len(c.Parts) < 2 || len(c.Parts) > 3 {
		return c, false
	}
	c.End = j + 1
	if c.End < len(toks) && toks[c.End].Is("(") {
		args, end, ok := parseArgs(toks, c.End)
		if !ok {
			return c, false
		}
		c.HasParens, c.Args, c.End = true, args, end
	}
	return c, true
}

// parseArgs parses the parenthesised list starting at toks[open] == "(" and
// returns the arguments and the index just after the closing parenthesis.
func parseArgs(toks []plsql.Token, open int) ([]callArg, int, bool) {
	depth := 0
	start := open + 1
	var args []callArg
	for k := open; k < len(toks); k++ {
		switch {
		case toks[k].Is("("):
			depth++
		case toks[k].Is(")"):
			depth--
			if depth == 0 {
				if k > start || len(args) > 0 {
					args = append(args, makeArg(toks[start:k]))
				}
				return args, k + 1, true
			}
		case toks[k].Is(",") && depth == 1:
			args = append(args, makeArg(toks[start:k]))
			start = k + 1
		}
	}
	return nil, len(toks), false
}

func makeArg(toks []plsql.Token) callArg {
	a := callArg{Toks: toks}
	if len(toks) > 0 {
		a.At = toks[0]
	}
	if len(toks) >= 2 && toks[1].Is("=>") {
		if name, ok := identText(toks[0]); ok {
			a.Name = name
			a.Toks = toks[2:]
		}
	}
	return a
}

// argFor returns the actual argument bound to the formal at position idx
// (0-based) or named name, if the call supplies one.
func argFor(args []callArg, idx int, name string) (callArg, bool) {
	for i, a := range args {
		if a.Name == "" && i == idx {
			return a, true
		}
		if a.Name == name {
			return a, true
		}
	}
	return callArg{}, false
}

// tokensText renders tokens for a message, shortened to keep findings on
// one readable line.
func tokensText(toks []plsql.Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && !t.Is("(") && !t.Is(")") && !t.Is(",") && !t.Is(".") && !toks[i-1].Is("(") && !toks[i-1].Is(".") {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	s := b.String()
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// matchParen returns the index of the parenthesis closing the one at open,
// or -1.
func matchParen(toks []plsql.Token, open int) int {
	depth := 0
	for k := open; k < len(toks); k++ {
		if toks[k].Is("(") {
			depth++
		} else if toks[k].Is(")") {
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}
