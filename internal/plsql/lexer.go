// Package plsql is the one PL/SQL and SQL lexer of agentmem, plus the splitter that cuts
// SQL*Plus-style scripts into the units sent to Oracle. The static checker and the migration
// driver both build on it, so a construct is recognised the same way everywhere.
package plsql

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind classifies a token.
type Kind int

const (
	Ident       Kind = iota // unquoted identifier or keyword (letters, digits, _ $ #; starts with a letter)
	QuotedIdent             // "..." (Text keeps the quotes; "" inside is an escaped quote)
	Number                  // 42, 1.5, .5, 1e5, 1.5E-3, 1.5f, 2d, 10F
	String                  // '...' with '' escapes, N'...', q'[...]' with any delimiter, Nq'...'
	Comment                 // -- to end of line (without the newline), or /* ... */
	Bind                    // :name or :1 (but not :=)
	Label                   // <<name>> as one token
	Op                      // operators and punctuation; also any character no other kind accepts
	Newline                 // each line break (\n, or \r\n as one token)
)

var kindNames = [...]string{"Ident", "QuotedIdent", "Number", "String", "Comment", "Bind", "Label", "Op", "Newline"}

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Token is one lexeme with its position in the source.
type Token struct {
	Kind   Kind
	Text   string // exact source text of the token
	Offset int    // byte offset in src
	Line   int    // 1-based line
	Col    int    // 1-based column in runes
}

// Upper returns strings.ToUpper(Text) for Ident tokens, Text otherwise.
func (t Token) Upper() string {
	if t.Kind == Ident {
		return strings.ToUpper(t.Text)
	}
	return t.Text
}

// Is reports whether t is an Ident equal (case-insensitively) to word, or an Op equal to word.
func (t Token) Is(word string) bool {
	switch t.Kind {
	case Ident:
		return strings.EqualFold(t.Text, word)
	case Op:
		return t.Text == word
	}
	return false
}

// Error is a lexing or splitting error at a source position.
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// twoCharOps are checked before single characters so that "=>" is never "=" then ">".
var twoCharOps = []string{"=>", "..", "||", ":=", "**", "!=", "<>", "^=", "~=", "<=", ">="}

// lexer walks src once; line and col always describe the byte at pos.
type lexer struct {
	src       string
	pos       int
	line, col int
	toks      []Token
}

// Lex tokenizes the whole of src. Whitespace other than newlines is dropped; everything else becomes a
// token, so concatenating token texts with the skipped whitespace reproduces src. A character that no
// construct accepts (a backtick, a stray byte of invalid UTF-8) becomes a one-character Op token: the
// lexer does not judge, its callers do. On an unterminated string, q-quote, comment or quoted identifier
// it returns the tokens so far and an *Error naming what is unterminated and where it started.
func Lex(src string) ([]Token, error) {
	lx := &lexer{src: src, line: 1, col: 1, toks: make([]Token, 0, len(src)/4+1)}
	for lx.pos < len(src) {
		if err := lx.next(); err != nil {
			return lx.toks, err
		}
	}
	return lx.toks, nil
}

// peek returns the rune at pos+off bytes (off counted in bytes) and its width; 0 at end of input.
func (lx *lexer) peek(off int) (rune, int) {
	if lx.pos+off >= len(lx.src) {
		return 0, 0
	}
	return utf8.DecodeRuneInString(lx.src[lx.pos+off:])
}

// advance moves pos forward by n bytes, keeping line and col right across any line breaks.
func (lx *lexer) advance(n int) {
	end := lx.pos + n
	for lx.pos < end {
		r, w := utf8.DecodeRuneInString(lx.src[lx.pos:])
		lx.pos += w
		if r == '\n' {
			lx.line++
			lx.col = 1
		} else {
			lx.col++
		}
	}
}

// emit appends a token of n bytes starting at pos and advances past it.
func (lx *lexer) emit(k Kind, n int) {
	lx.toks = append(lx.toks, Token{Kind: k, Text: lx.src[lx.pos : lx.pos+n], Offset: lx.pos, Line: lx.line, Col: lx.col})
	lx.advance(n)
}

func (lx *lexer) errorHere(format string, args ...any) *Error {
	return &Error{Line: lx.line, Col: lx.col, Msg: fmt.Sprintf(format, args...)}
}

func isIdentStart(r rune) bool { return unicode.IsLetter(r) }

func isIdentPart(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '$' || r == '#'
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// next lexes one token, or skips one run of blanks.
func (lx *lexer) next() error {
	r, w := lx.peek(0)
	switch {
	case r == '\n':
		lx.emit(Newline, 1)
	case r == '\r' && lx.at(1, '\n'):
		lx.emit(Newline, 2)
	case unicode.IsSpace(r):
		lx.advance(w)
	case r == '-' && lx.at(1, '-'):
		lx.emit(Comment, lx.lineCommentLen())
	case r == '/' && lx.at(1, '*'):
		end := strings.Index(lx.src[lx.pos+2:], "*/")
		if end < 0 {
			return lx.errorHere("unterminated comment: no closing */ for the /* that starts here")
		}
		lx.emit(Comment, end+4)
	case r == '\'':
		return lx.quoted(String, 0, '\'', "string literal")
	case r == '"':
		return lx.quoted(QuotedIdent, 0, '"', "quoted identifier")
	case isIdentStart(r):
		return lx.word(r, w)
	case isDigit(r) || (r == '.' && lx.digitAt(1)):
		lx.emit(Number, lx.numberLen())
	case r == ':':
		if n := lx.bindLen(); n > 0 {
			lx.emit(Bind, n)
		} else {
			lx.op()
		}
	case r == '<' && lx.at(1, '<'):
		if n := lx.labelLen(); n > 0 {
			lx.emit(Label, n)
		} else {
			lx.op()
		}
	default:
		lx.op()
	}
	return nil
}

// at reports whether the byte at pos+off is b.
func (lx *lexer) at(off int, b byte) bool {
	return lx.pos+off < len(lx.src) && lx.src[lx.pos+off] == b
}

func (lx *lexer) digitAt(off int) bool {
	return lx.pos+off < len(lx.src) && isDigit(rune(lx.src[lx.pos+off]))
}

// lineCommentLen is the length of a -- comment: up to, not including, the line break.
func (lx *lexer) lineCommentLen() int {
	rest := lx.src[lx.pos:]
	n := strings.IndexByte(rest, '\n')
	if n < 0 {
		return len(rest)
	}
	if n > 0 && rest[n-1] == '\r' {
		n-- // the \r belongs to the \r\n Newline token
	}
	return n
}

// quoted lexes a literal that starts prefix bytes after pos with the quote character q and ends at
// the next q that is not doubled.
func (lx *lexer) quoted(k Kind, prefix int, q byte, what string) error {
	i := lx.pos + prefix + 1
	for {
		j := strings.IndexByte(lx.src[i:], q)
		if j < 0 {
			return lx.errorHere("unterminated %s: no closing %c for the one that starts here", what, q)
		}
		i += j + 1
		if i < len(lx.src) && lx.src[i] == q {
			i++ // doubled quote: an escaped quote, keep going
			continue
		}
		lx.emit(k, i-lx.pos)
		return nil
	}
}

// word lexes an identifier or keyword, or a string whose prefix looks like one: N'x', q'[x]', Nq'[x]'.
func (lx *lexer) word(r rune, w int) error {
	switch {
	case (r == 'n' || r == 'N') && lx.at(1, '\''):
		return lx.quoted(String, 1, '\'', "national string literal")
	case (r == 'n' || r == 'N') && (lx.at(1, 'q') || lx.at(1, 'Q')) && lx.at(2, '\''):
		return lx.qquote(2)
	case (r == 'q' || r == 'Q') && lx.at(1, '\''):
		return lx.qquote(1)
	}
	n := w
	for {
		r, w := lx.peek(n)
		if w == 0 || !isIdentPart(r) {
			break
		}
		n += w
	}
	lx.emit(Ident, n)
	return nil
}

// qClosers maps the bracket-like q-quote delimiters to their closers; any other delimiter closes itself.
var qClosers = map[rune]rune{'[': ']', '{': '}', '(': ')', '<': '>'}

// qquote lexes q'<d>...<d'>' where the q sits prefix-1 bytes after pos.
func (lx *lexer) qquote(prefix int) error {
	open, w := lx.peek(prefix + 1)
	if w == 0 || open == ' ' || open == '\t' || open == '\n' || open == '\r' {
		return lx.errorHere("invalid q-quoted string: q' must be followed by a delimiter character (not blank, tab or line break)")
	}
	closer, ok := qClosers[open]
	if !ok {
		closer = open
	}
	end := string(closer) + "'"
	body := lx.pos + prefix + 1 + w
	j := strings.Index(lx.src[body:], end)
	if j < 0 {
		return lx.errorHere("unterminated q-quoted string: no closing %s for the one with delimiter %c that starts here", end, open)
	}
	lx.emit(String, body+j+len(end)-lx.pos)
	return nil
}

// numberLen is the length of a numeric literal at pos. "1..10" stops before ".." (a FOR range).
func (lx *lexer) numberLen() int {
	s := lx.src[lx.pos:]
	i := 0
	digits := func() {
		for i < len(s) && isDigit(rune(s[i])) {
			i++
		}
	}
	digits()
	if i < len(s) && s[i] == '.' && !(i+1 < len(s) && s[i+1] == '.') {
		i++
		digits()
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(rune(s[j])) {
			i = j
			digits()
		}
	}
	if i < len(s) && strings.IndexByte("fFdD", s[i]) >= 0 {
		if r, _ := utf8.DecodeRuneInString(s[i+1:]); i+1 == len(s) || !isIdentPart(r) {
			i++ // binary_float / binary_double suffix, not the start of a word like "from"
		}
	}
	return i
}

// bindLen is the length of a bind variable at pos (":name" or ":1"), or 0 when the ':' is not one.
func (lx *lexer) bindLen() int {
	r, w := lx.peek(1)
	if w == 0 || !(isIdentStart(r) || isDigit(r)) {
		return 0
	}
	n := 1 + w
	for {
		r, w := lx.peek(n)
		if w == 0 || !isIdentPart(r) {
			return n
		}
		n += w
	}
}

// labelLen is the length of "<<name>>" at pos (name plain or quoted, no blanks), or 0.
func (lx *lexer) labelLen() int {
	rest := lx.src[lx.pos+2:]
	r, w := utf8.DecodeRuneInString(rest)
	n := 0
	switch {
	case r == '"':
		j := strings.IndexByte(rest[1:], '"')
		if j <= 0 {
			return 0
		}
		n = j + 2
	case isIdentStart(r):
		n = w
		for {
			r, w := utf8.DecodeRuneInString(rest[n:])
			if w == 0 || !isIdentPart(r) {
				break
			}
			n += w
		}
	default:
		return 0
	}
	if !strings.HasPrefix(rest[n:], ">>") {
		return 0
	}
	return 2 + n + 2
}

// op emits a two-character operator when one starts at pos, else one character.
func (lx *lexer) op() {
	rest := lx.src[lx.pos:]
	for _, o := range twoCharOps {
		if strings.HasPrefix(rest, o) {
			lx.emit(Op, len(o))
			return
		}
	}
	_, w := utf8.DecodeRuneInString(rest)
	lx.emit(Op, w)
}
