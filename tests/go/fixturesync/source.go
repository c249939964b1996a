package fixturesync

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// argKind is what an argument of a fixture call holds.
type argKind int

const (
	argNull argKind = iota // the literal NULL (or a parameter left to its default)
	argBool                // TRUE or FALSE
	argText                // one or more string literals joined by ||
)

// Arg is one argument of a call in a suite.
type Arg struct {
	Kind argKind
	Bool bool
	Text string
	Line int
}

// Call is one call of a fixture procedure (add_case, add_fixture, ...) in a
// suite, its arguments by parameter name.
type Call struct {
	Proc string
	Line int
	Args map[string]Arg
}

// lineError is a problem at a line of a suite (0: the suite as a whole).
type lineError struct {
	Path string
	Line int
	Msg  string
}

func (e *lineError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return e.Path + ": " + e.Msg
}

func (s *source) errorf(line int, format string, args ...any) error {
	return &lineError{Path: s.path, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// source is a suite's text and tokens (comments and line breaks dropped).
type source struct {
	path  string // relative to the repository root, for messages
	text  string
	toks  []plsql.Token
	lines []string
}

func newSource(path, text string) (*source, error) {
	all, err := plsql.Lex(text)
	if err != nil {
		var lexErr *plsql.Error
		if errors.As(err, &lexErr) {
			return nil, &lineError{Path: path, Line: lexErr.Line, Msg: lexErr.Msg}
		}
		return nil, &lineError{Path: path, Msg: err.Error()}
	}
	s := &source{path: path, text: text, lines: strings.Split(text, "\n")}
	for _, t := range all {
		if t.Kind != plsql.Comment && t.Kind != plsql.Newline {
			s.toks = append(s.toks, t)
		}
	}
	return s, nil
}

// literalValue is the value of a string literal token: '..' with its doubled
// quotes undoubled, or the body of q'<d>..<d>' (with an optional N prefix).
func literalValue(t plsql.Token) string {
	text := t.Text
	if text[0] == 'n' || text[0] == 'N' {
		text = text[1:]
	}
	if text[0] == 'q' || text[0] == 'Q' {
		// The closer is as wide as the opener: brackets are ASCII, any other
		// delimiter closes itself.
		_, w := firstRune(text[2:])
		return text[2+w : len(text)-1-w]
	}
	return strings.ReplaceAll(text[1:len(text)-1], "''", "'")
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// stringExpr reads literal (|| literal)* at toks[i]; it returns the joined
// value and the index after the expression, or ok false when toks[i] is not
// a string literal.
func (s *source) stringExpr(i int) (value string, next int, ok bool) {
	if i >= len(s.toks) || s.toks[i].Kind != plsql.String {
		return "", i, false
	}
	var b strings.Builder
	b.WriteString(literalValue(s.toks[i]))
	i++
	for i+1 < len(s.toks) && s.toks[i].Is("||") && s.toks[i+1].Kind == plsql.String {
		b.WriteString(literalValue(s.toks[i+1]))
		i += 2
	}
	return b.String(), i, true
}

// calls returns every call of proc in the suite (not its declaration),
// arguments mapped to params: positional ones by position, named ones by
// name. Parameters not passed are absent from Args (their default applies).
func (s *source) calls(proc string, params []string) ([]Call, []error) {
	var out []Call
	var errs []error
	for i := 0; i+1 < len(s.toks); i++ {
		t := s.toks[i]
		if !t.Is(proc) || !s.toks[i+1].Is("(") || (i > 0 && s.toks[i-1].Is("procedure")) {
			continue
		}
		c, next, err := s.call(i, params)
		if err != nil {
			errs = append(errs, err)
		} else {
			out = append(out, c)
		}
		i = next
	}
	return out, errs
}

func (s *source) call(at int, params []string) (Call, int, error) {
	proc := s.toks[at].Text
	c := Call{Proc: strings.ToLower(proc), Line: s.toks[at].Line, Args: map[string]Arg{}}
	fail := func(t plsql.Token, format string, args ...any) (Call, int, error) {
		return c, at + 1, s.errorf(t.Line, "%s: %s", proc, fmt.Sprintf(format, args...))
	}
	i := at + 2
	for pos := 0; ; pos++ {
		if i >= len(s.toks) {
			return fail(s.toks[at], "call not closed")
		}
		name := ""
		if i+1 < len(s.toks) && s.toks[i].Kind == plsql.Ident && s.toks[i+1].Is("=>") {
			name = strings.ToLower(s.toks[i].Text)
			i += 2
		} else if pos < len(params) {
			name = params[pos]
		}
		known := false
		for _, p := range params {
			known = known || p == name
		}
		if !known {
			return fail(s.toks[i], "argument %d (%s) matches no parameter of %s", pos+1, name, strings.Join(params, ", "))
		}
		if _, dup := c.Args[name]; dup {
			return fail(s.toks[i], "%s passed twice", name)
		}
		arg, next, err := s.arg(i)
		if err != nil {
			return fail(s.toks[i], "%s: %v", name, err)
		}
		c.Args[name] = arg
		i = next
		switch {
		case i < len(s.toks) && s.toks[i].Is(","):
			i++
		case i+1 < len(s.toks) && s.toks[i].Is(")") && s.toks[i+1].Is(";"):
			return c, i + 1, nil
		default:
			return fail(s.toks[min(i, len(s.toks)-1)], "expected , or ); after %s", name)
		}
	}
}

// arg reads NULL, TRUE, FALSE or a string expression: the only forms a
// fixture value takes in the suites.
func (s *source) arg(i int) (Arg, int, error) {
	t := s.toks[i]
	if v, next, ok := s.stringExpr(i); ok {
		return Arg{Kind: argText, Text: v, Line: t.Line}, next, nil
	}
	switch {
	case t.Is("null"):
		return Arg{Kind: argNull, Line: t.Line}, i + 1, nil
	case t.Is("true"), t.Is("false"):
		return Arg{Kind: argBool, Bool: t.Is("true"), Line: t.Line}, i + 1, nil
	}
	return Arg{}, i, fmt.Errorf("%q is not NULL, TRUE, FALSE or a string literal", t.Text)
}

// firstStringIn returns the first string expression inside procedure proc
// of the body, and its line.
func (s *source) firstStringIn(proc string) (string, int, error) {
	for i := 0; i+1 < len(s.toks); i++ {
		if !s.toks[i].Is("procedure") || !s.toks[i+1].Is(proc) {
			continue
		}
		for j := i + 2; j+1 < len(s.toks); j++ {
			if s.toks[j].Is("end") && s.toks[j+1].Is(proc) {
				break
			}
			if v, _, ok := s.stringExpr(j); ok {
				return v, s.toks[j].Line, nil
			}
		}
		return "", 0, s.errorf(0, "procedure %s holds no string literal", proc)
	}
	return "", 0, s.errorf(0, "procedure %s not found", proc)
}

// constantValue returns the string expression assigned to constant name
// (name constant <type> := <expression>;) and its line.
func (s *source) constantValue(name string) (string, int, error) {
	for i := 0; i+1 < len(s.toks); i++ {
		if !s.toks[i].Is(name) || !s.toks[i+1].Is("constant") {
			continue
		}
		for j := i + 2; j < len(s.toks) && !s.toks[j].Is(";"); j++ {
			if s.toks[j].Is(":=") {
				if v, _, ok := s.stringExpr(j + 1); ok {
					return v, s.toks[i].Line, nil
				}
			}
		}
		return "", 0, s.errorf(s.toks[i].Line, "constant %s is not a string expression", name)
	}
	return "", 0, s.errorf(0, "constant %s not found", name)
}

// assertion returns the number and line of the utPLSQL expectation
// ut.expect(<x>, '<label>').<matcher>(<n>).
func (s *source) assertion(label, matcher string) (string, int, error) {
	re := regexp.MustCompile(`'` + regexp.QuoteMeta(label) + `'\)\s*\.` + matcher + `\((\d+)\)`)
	for n, line := range s.lines {
		if m := re.FindStringSubmatch(line); m != nil {
			return m[1], n + 1, nil
		}
	}
	return "", 0, s.errorf(0, "no expectation ut.expect(<x>, '%s').%s(<n>): the check of that count needs it", label, matcher)
}

// regionMarker matches the comment lines around a generated region.
var regionMarker = regexp.MustCompile(`^\s*-- genfixtures:(begin|end) ([a-z_]+)\b`)

// regionSpan is where a generated region is: the lines strictly between
// its markers (1-based, begin and end are the marker lines).
type regionSpan struct {
	begin, end int
}

// regions finds the generated regions; a marker out of place is an error.
func (s *source) regions() (map[string]regionSpan, []error) {
	spans := map[string]regionSpan{}
	var errs []error
	open, openAt := "", 0
	for n, line := range s.lines {
		m := regionMarker.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		switch {
		case m[1] == "begin" && open != "":
			errs = append(errs, s.errorf(n+1, "region %s begins inside region %s", m[2], open))
		case m[1] == "begin":
			if _, dup := spans[m[2]]; dup {
				errs = append(errs, s.errorf(n+1, "region %s appears twice", m[2]))
			}
			open, openAt = m[2], n+1
		case m[2] != open:
			errs = append(errs, s.errorf(n+1, "end of region %s, but the open region is %q", m[2], open))
		default:
			spans[open] = regionSpan{begin: openAt, end: n + 1}
			open = ""
		}
	}
	if open != "" {
		errs = append(errs, s.errorf(openAt, "region %s has no end marker", open))
	}
	return spans, errs
}
