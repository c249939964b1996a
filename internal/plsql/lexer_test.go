package plsql

import (
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tk is a token without its position, for comparing token streams.
type tk struct {
	Kind Kind
	Text string
}

func kinds(t *testing.T, src string) []tk {
	t.Helper()
	toks, err := Lex(src)
	require.NoError(t, err, "lexing %q", src)
	out := make([]tk, len(toks))
	for i, x := range toks {
		out[i] = tk{x.Kind, x.Text}
	}
	return out
}

func TestLexConstructs(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want []tk
	}{
		{"identifiers and keywords", "select a_1$#, B from dual",
			[]tk{{Ident, "select"}, {Ident, "a_1$#"}, {Op, ","}, {Ident, "B"}, {Ident, "from"}, {Ident, "dual"}}},
		{"unicode identifier", "déjà_vu ñ日本",
			[]tk{{Ident, "déjà_vu"}, {Ident, "ñ日本"}}},
		{"identifier cannot start with digit or underscore", "_x",
			[]tk{{Op, "_"}, {Ident, "x"}}},
		{"quoted identifier with escaped quote", `"My ""Col""" "a;b/c"`,
			[]tk{{QuotedIdent, `"My ""Col"""`}, {QuotedIdent, `"a;b/c"`}}},
		{"integers and decimals", "42 1.5 .5 5.",
			[]tk{{Number, "42"}, {Number, "1.5"}, {Number, ".5"}, {Number, "5."}}},
		{"exponents", "1e5 1.5E-3 2e+10 .5e1",
			[]tk{{Number, "1e5"}, {Number, "1.5E-3"}, {Number, "2e+10"}, {Number, ".5e1"}}},
		{"binary float and double suffixes", "1.5f 2d 10F 3D 1e3f",
			[]tk{{Number, "1.5f"}, {Number, "2d"}, {Number, "10F"}, {Number, "3D"}, {Number, "1e3f"}}},
		{"a number followed by a keyword", "1from 2else 3desc",
			[]tk{{Number, "1"}, {Ident, "from"}, {Number, "2"}, {Ident, "else"}, {Number, "3"}, {Ident, "desc"}}},
		{"exponent letter without digits is not an exponent", "1e x",
			[]tk{{Number, "1"}, {Ident, "e"}, {Ident, "x"}}},
		{"for loop range", "for i in 1..10 loop",
			[]tk{{Ident, "for"}, {Ident, "i"}, {Ident, "in"}, {Number, "1"}, {Op, ".."}, {Number, "10"}, {Ident, "loop"}}},
		{"range with spaces and variables", "l_a .. l_b",
			[]tk{{Ident, "l_a"}, {Op, ".."}, {Ident, "l_b"}}},
		{"qualified name", "owner.pkg.proc",
			[]tk{{Ident, "owner"}, {Op, "."}, {Ident, "pkg"}, {Op, "."}, {Ident, "proc"}}},
		{"strings with doubled quotes", `'it''s' '' ''''`,
			[]tk{{String, `'it''s'`}, {String, `''`}, {String, `''''`}}},
		{"string spanning lines", "'a\nb'",
			[]tk{{String, "'a\nb'"}}},
		{"national strings", `N'abc' n'x''y'`,
			[]tk{{String, `N'abc'`}, {String, `n'x''y'`}}},
		{"q-quote brackets", `q'[a'b]' Q'{x}' q'(y)' q'<z>'`,
			[]tk{{String, `q'[a'b]'`}, {String, `Q'{x}'`}, {String, `q'(y)'`}, {String, `q'<z>'`}}},
		{"q-quote same-character delimiters", `q'!it's!' q'#a#' q'|;/|' q'XabcX'`,
			[]tk{{String, `q'!it's!'`}, {String, `q'#a#'`}, {String, `q'|;/|'`}, {String, `q'XabcX'`}}},
		{"q-quote closer only counts before a quote", `q'[a] b]'`,
			[]tk{{String, `q'[a] b]'`}}},
		{"q-quote ends at the first closer followed by a quote", `q'[a]'b]`,
			[]tk{{String, `q'[a]'`}, {Ident, "b"}, {Op, "]"}}},
		{"q-quote multibyte delimiter", "q'€a'b€'",
			[]tk{{String, "q'€a'b€'"}}},
		{"national q-quotes", `nq'[a]' NQ'{b}' Nq'!c!'`,
			[]tk{{String, `nq'[a]'`}, {String, `NQ'{b}'`}, {String, `Nq'!c!'`}}},
		{"q and n alone are identifiers", "q n nq qq'x'",
			[]tk{{Ident, "q"}, {Ident, "n"}, {Ident, "nq"}, {Ident, "qq"}, {String, "'x'"}}},
		{"line comment without its newline", "a -- b ; /\nc",
			[]tk{{Ident, "a"}, {Comment, "-- b ; /"}, {Newline, "\n"}, {Ident, "c"}}},
		{"line comment at end of input", "a --x",
			[]tk{{Ident, "a"}, {Comment, "--x"}}},
		{"block comment and hint", "/* x\n ; */ select /*+ index(t) */ 1",
			[]tk{{Comment, "/* x\n ; */"}, {Ident, "select"}, {Comment, "/*+ index(t) */"}, {Number, "1"}}},
		{"binds", ":name :1 :new.col :b_2$",
			[]tk{{Bind, ":name"}, {Bind, ":1"}, {Bind, ":new"}, {Op, "."}, {Ident, "col"}, {Bind, ":b_2$"}}},
		{"assignment is not a bind", "x:=1; y := :z",
			[]tk{{Ident, "x"}, {Op, ":="}, {Number, "1"}, {Op, ";"}, {Ident, "y"}, {Op, ":="}, {Bind, ":z"}}},
		{"lone colon", "a : b",
			[]tk{{Ident, "a"}, {Op, ":"}, {Ident, "b"}}},
		{"labels", `<<outer>> <<"Q">> begin`,
			[]tk{{Label, "<<outer>>"}, {Label, `<<"Q">>`}, {Ident, "begin"}}},
		{"not a label", "a << b",
			[]tk{{Ident, "a"}, {Op, "<"}, {Op, "<"}, {Ident, "b"}}},
		{"two-character operators", "=> .. || := ** != <> ^= ~= <= >=",
			[]tk{{Op, "=>"}, {Op, ".."}, {Op, "||"}, {Op, ":="}, {Op, "**"}, {Op, "!="}, {Op, "<>"}, {Op, "^="},
				{Op, "~="}, {Op, "<="}, {Op, ">="}}},
		{"single-character operators", "( ) , ; . + - * / = < > @ % & | ? [ ] { } !",
			[]tk{{Op, "("}, {Op, ")"}, {Op, ","}, {Op, ";"}, {Op, "."}, {Op, "+"}, {Op, "-"}, {Op, "*"}, {Op, "/"},
				{Op, "="}, {Op, "<"}, {Op, ">"}, {Op, "@"}, {Op, "%"}, {Op, "&"}, {Op, "|"}, {Op, "?"}, {Op, "["},
				{Op, "]"}, {Op, "{"}, {Op, "}"}, {Op, "!"}}},
		{"operators without spaces", "a=>b||c(+)",
			[]tk{{Ident, "a"}, {Op, "=>"}, {Ident, "b"}, {Op, "||"}, {Ident, "c"}, {Op, "("}, {Op, "+"}, {Op, ")"}}},
		{"unknown characters become single Op tokens", "a`b\\",
			[]tk{{Ident, "a"}, {Op, "`"}, {Ident, "b"}, {Op, "\\"}}},
		{"CRLF newlines", "a\r\nb\nc\r\n",
			[]tk{{Ident, "a"}, {Newline, "\r\n"}, {Ident, "b"}, {Newline, "\n"}, {Ident, "c"}, {Newline, "\r\n"}}},
		{"comment before CRLF excludes the CR", "-- x\r\ny",
			[]tk{{Comment, "-- x"}, {Newline, "\r\n"}, {Ident, "y"}}},
		{"lone CR is blank", "a\rb",
			[]tk{{Ident, "a"}, {Ident, "b"}}},
		{"division and slash line", "a / b\n/\n",
			[]tk{{Ident, "a"}, {Op, "/"}, {Ident, "b"}, {Newline, "\n"}, {Op, "/"}, {Newline, "\n"}}},
		{"empty input", "", []tk{}},
		{"blanks only", " \t\f\v", []tk{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, kinds(t, c.src))
		})
	}
}

func TestLexPositions(t *testing.T) {
	src := "begin\r\n\tx := 'é''\nz';  -- c\n  \"Ü\" :b /* m\n */ 1.5;"
	toks, err := Lex(src)
	require.NoError(t, err)
	type pos struct {
		Text              string
		Offset, Line, Col int
	}
	var got []pos
	for _, x := range toks {
		got = append(got, pos{x.Text, x.Offset, x.Line, x.Col})
	}
	want := []pos{
		{"begin", 0, 1, 1},
		{"\r\n", 5, 1, 6},
		{"x", 8, 2, 2}, // a tab is one column
		{":=", 10, 2, 4},
		{"'é''\nz'", 13, 2, 7},
		{";", 21, 3, 3}, // after a string spanning lines, columns restart
		{"-- c", 24, 3, 6},
		{"\n", 28, 3, 10},
		{`"Ü"`, 31, 4, 3},
		{":b", 36, 4, 7}, // Ü is two bytes but one column
		{"/* m\n */", 39, 4, 10},
		{"1.5", 48, 5, 5},
		{";", 51, 5, 8},
	}
	assert.Equal(t, want, got)
	for _, x := range toks {
		assert.Equal(t, x.Text, src[x.Offset:x.Offset+len(x.Text)], "Offset of %q", x.Text)
	}
}

func TestLexErrors(t *testing.T) {
	cases := []struct {
		name, src string
		line, col int
		msg       string
		tokens    int // tokens returned before the error
	}{
		{"unterminated string", "select\n  'abc", 2, 3, "unterminated string literal", 2},
		{"string ending in escaped quote", "x := 'it''", 1, 6, "unterminated string literal", 2},
		{"unterminated national string", "N'abc", 1, 1, "unterminated national string literal", 0},
		{"unterminated block comment", "a\n\t/* never closed *", 2, 2, "unterminated comment", 2},
		{"unterminated quoted identifier", `x "abc`, 1, 3, "unterminated quoted identifier", 1},
		{"unterminated q-quote", "q'[abc]", 1, 1, "unterminated q-quoted string", 0},
		{"q-quote closed by wrong bracket", "x q'[abc['", 1, 3, "unterminated q-quoted string", 1},
		{"unterminated nq-quote", "é nq'{abc'", 1, 3, "unterminated q-quoted string", 1},
		{"q-quote with blank delimiter", "q' abc '", 1, 1, "invalid q-quoted string", 0},
		{"q-quote with newline delimiter", "q'\nabc\n'", 1, 1, "invalid q-quoted string", 0},
		{"q-quote at end of input", "q'", 1, 1, "invalid q-quoted string", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			toks, err := Lex(c.src)
			require.Error(t, err)
			var le *Error
			require.ErrorAs(t, err, &le)
			assert.Equal(t, c.line, le.Line, "line")
			assert.Equal(t, c.col, le.Col, "col")
			assert.Contains(t, le.Msg, c.msg)
			assert.True(t, strings.HasPrefix(err.Error(), fmtPos(c.line, c.col)), "Error() starts with line:col: %q", err.Error())
			assert.Len(t, toks, c.tokens)
		})
	}
}

func fmtPos(line, col int) string {
	return strings.Join([]string{itoa(line), itoa(col), " "}, ":")
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestTokenUpperAndIs(t *testing.T) {
	toks, err := Lex(`Begin "Begin" 'begin' := x`)
	require.NoError(t, err)
	require.Len(t, toks, 5)
	assert.Equal(t, "BEGIN", toks[0].Upper())
	assert.Equal(t, `"Begin"`, toks[1].Upper(), "quoted identifiers keep their case")
	assert.Equal(t, "'begin'", toks[2].Upper(), "strings keep their case")
	assert.True(t, toks[0].Is("BEGIN"))
	assert.True(t, toks[0].Is("begin"))
	assert.False(t, toks[1].Is("Begin"), "a quoted identifier is not a keyword")
	assert.False(t, toks[1].Is(`"Begin"`))
	assert.False(t, toks[2].Is("begin"))
	assert.True(t, toks[3].Is(":="))
	assert.False(t, toks[3].Is(":"))
	assert.False(t, toks[4].Is("y"))
}

func TestKindString(t *testing.T) {
	assert.Equal(t, "Ident", Ident.String())
	assert.Equal(t, "Newline", Newline.String())
	assert.Equal(t, "Kind(99)", Kind(99).String())
}

// rebuild concatenates token texts with the blanks between them taken from src, and fails the test
// if anything between two tokens is not blank (a character the lexer dropped).
func rebuild(t testing.TB, src string, toks []Token) string {
	var b strings.Builder
	at := 0
	for _, x := range toks {
		gap := src[at:x.Offset]
		if strings.TrimFunc(gap, isBlank) != "" {
			t.Fatalf("non-blank text %q dropped before token %q at offset %d", gap, x.Text, x.Offset)
		}
		b.WriteString(gap)
		b.WriteString(x.Text)
		at = x.Offset + len(x.Text)
	}
	if rest := src[at:]; strings.TrimFunc(rest, isBlank) == "" {
		b.WriteString(rest)
	}
	return b.String()
}

func TestLexReproducesSource(t *testing.T) {
	for _, src := range lexSeeds {
		toks, err := Lex(src)
		require.NoError(t, err, src)
		assert.Equal(t, src, rebuild(t, src, toks))
	}
}

// lexSeeds are both the round-trip cases and the fuzz seed corpus.
var lexSeeds = []string{
	"",
	"select 1 from dual;\n",
	"create or replace package p as\r\n  x constant number := 1.5e3;\r\nend p;\r\n/\r\n",
	"begin for i in 1..10 loop null; end loop; end;",
	"q'[a;b]' nq'{c}' N'd''e' 'f' \"G\"\"H\" <<lbl>> :b1 := :new.x ** 2 != 3 -- c\n/* d */",
	"x\u00a0y\tz\v\f\r",
	"`\\~^\xff\xfe",
	"1.5f 2d 10F .5 1e5 1.5E-3 1..2",
	"q'€x€' 日本 'déjà'",
}

func FuzzLex(f *testing.F) {
	for _, s := range lexSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		toks, err := Lex(src)
		if err != nil {
			var le *Error
			if !assert.ErrorAs(t, err, &le) {
				return
			}
			if le.Line < 1 || le.Col < 1 {
				t.Fatalf("error position %d:%d is not 1-based", le.Line, le.Col)
			}
			// The tokens before the error must still be exact; the rest of src is unlexed.
			prefixEnd := 0
			if len(toks) > 0 {
				last := toks[len(toks)-1]
				prefixEnd = last.Offset + len(last.Text)
			}
			if got := rebuild(t, src[:prefixEnd], toks); got != src[:prefixEnd] {
				t.Fatalf("tokens before the error do not reproduce the source prefix")
			}
			return
		}
		if got := rebuild(t, src, toks); got != src {
			t.Fatalf("tokens do not reproduce the source:\n got %q\nwant %q", got, src)
		}
		line, col, at := 1, 1, 0
		for _, x := range toks {
			if x.Text == "" {
				t.Fatalf("empty token at offset %d", x.Offset)
			}
			line, col = advancePos(src[at:x.Offset], line, col)
			if x.Line != line || x.Col != col {
				t.Fatalf("token %q at offset %d: position %d:%d, want %d:%d", x.Text, x.Offset, x.Line, x.Col, line, col)
			}
			line, col = advancePos(x.Text, line, col)
			at = x.Offset + len(x.Text)
		}
	})
}

// advancePos moves a 1-based line/column position over s, counting columns in runes.
func advancePos(s string, line, col int) (int, int) {
	for _, r := range s {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

func isBlank(r rune) bool { return unicode.IsSpace(r) }
