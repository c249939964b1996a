package plsql

import (
	"fmt"
	"strings"
)

// mode says how a unit ends.
type mode int

const (
	modeSQL      mode = iota // at ';' (or a '/' line)
	modePLSQL                // at a '/' line; the text is PL/SQL and keeps its ';'
	modeSlashSQL             // at a '/' line; the text is SQL (WITH FUNCTION), a final ';' is dropped
)

// head is what the leading keywords of a unit say about it.
type head struct {
	kind, name, schema string
	mode               mode
}

func (h head) describe() string {
	if h.name != "" {
		return h.kind + " " + h.name
	}
	return h.kind
}

// cursor walks the significant tokens (not comments, not line breaks) of a unit's head.
type cursor struct {
	toks []Token
	k    int
}

// eof stands for "no more tokens"; it matches no word.
var eof = Token{Kind: Newline}

func (c *cursor) skipInsignificant() {
	for c.k < len(c.toks) && (c.toks[c.k].Kind == Newline || c.toks[c.k].Kind == Comment) {
		c.k++
	}
}

// tok is the current significant token.
func (c *cursor) tok() Token {
	c.skipInsignificant()
	if c.k >= len(c.toks) {
		return eof
	}
	return c.toks[c.k]
}

// peek is the significant token n places after the current one.
func (c *cursor) peek(n int) Token {
	d := *c
	for ; n > 0; n-- {
		d.advance()
	}
	return d.tok()
}

func (c *cursor) advance() {
	c.skipInsignificant()
	if c.k < len(c.toks) {
		c.k++
	}
}

// accept advances past the given words when the next tokens are exactly those words.
func (c *cursor) accept(words ...string) bool {
	for n, w := range words {
		if !c.peek(n).Is(w) {
			return false
		}
	}
	for range words {
		c.advance()
	}
	return true
}

// head classifies the unit that starts at token i by its leading keywords.
func (sp *splitter) head(i int) (head, error) {
	c := &cursor{toks: sp.toks, k: i}
	for c.tok().Kind == Label {
		c.advance() // a labelled block: <<outer>> declare ...
	}
	t := c.tok()
	if cmd := sqlplusCommand(c); cmd != "" {
		return head{}, &Error{Line: t.Line, Col: t.Col, Msg: fmt.Sprintf(
			"%s is a SQL*Plus command, not SQL: SQL*Plus commands belong in install scripts only, "+
				"not in files that are split and sent to the database statement by statement", cmd)}
	}
	switch {
	case t.Is("DECLARE"), t.Is("BEGIN"):
		return head{kind: t.Upper(), mode: modePLSQL}, nil
	case t.Is("CREATE"):
		return createHead(c, t)
	case t.Is("ALTER"), t.Is("DROP"):
		c.advance()
		words, _ := objectPhrase(c)
		return head{kind: strings.Join(append([]string{t.Upper()}, words...), " ")}, nil
	case t.Is("WITH"):
		return head{kind: "WITH", mode: withMode(c)}, nil
	}
	return head{kind: t.Upper()}, nil
}

// createHead classifies CREATE statements and reads the object name.
func createHead(c *cursor, create Token) (head, error) {
	c.advance()
	c.accept("OR", "REPLACE")
	for c.accept("EDITIONABLE") || c.accept("NONEDITIONABLE") || c.accept("FORCE") || c.accept("NOFORCE") ||
		c.accept("NO", "FORCE") || c.accept("AND", "RESOLVE") || c.accept("AND", "COMPILE") {
	}
	words, object := objectPhrase(c)
	h := head{kind: strings.Join(append([]string{"CREATE"}, words...), " ")}
	switch object {
	case "PACKAGE", "PROCEDURE", "FUNCTION", "TRIGGER", "TYPE", "LIBRARY":
		h.mode = modePLSQL
	case "JAVA", "MODULE":
		return h, &Error{Line: create.Line, Col: create.Col, Msg: h.kind +
			" is not supported here: its body is not PL/SQL, so where it ends cannot be told; create it from an install script"}
	case "":
		return h, nil // an object type this package does not know: no name is guessed
	}
	c.accept("IF", "NOT", "EXISTS")
	if h.kind == "CREATE MATERIALIZED VIEW LOG" {
		c.accept("ON") // the log is named after its master table
	}
	h.schema, h.name = qualifiedName(c)
	return h, nil
}

// prefixWords may stand before the object type word: CREATE GLOBAL TEMPORARY TABLE, CREATE UNIQUE INDEX.
var prefixWords = setOf("UNIQUE", "BITMAP", "MULTIVALUE", "VECTOR", "HYBRID", "SEARCH", "GLOBAL", "PRIVATE", "LOCAL",
	"TEMPORARY", "SHARDED", "DUPLICATED", "IMMUTABLE", "BLOCKCHAIN", "PUBLIC", "SHARED", "JSON", "RELATIONAL",
	"DUALITY", "COLLECTION", "EDITIONING", "MATERIALIZED", "USECASE", "FLEXIBLE", "BIGFILE", "SMALLFILE", "UNDO",
	"PROPERTY", "MLE", "AUDIT", "ANALYTIC", "ATTRIBUTE", "RESTORE", "PLUGGABLE", "LOCKDOWN")

// objectWords end the object type phrase; objectSuffix lists the word that may complete some of them.
var objectWords = setOf("TABLE", "VIEW", "INDEX", "SEQUENCE", "SYNONYM", "PACKAGE", "PROCEDURE", "FUNCTION",
	"TRIGGER", "TYPE", "LIBRARY", "DIRECTORY", "CONTEXT", "ROLE", "USER", "PROFILE", "TABLESPACE", "CLUSTER",
	"DIMENSION", "OPERATOR", "INDEXTYPE", "EDITION", "DOMAIN", "ZONEMAP", "HIERARCHY", "JAVA", "OUTLINE",
	"SCHEMA", "DATABASE", "GRAPH", "MODULE", "ENV", "POLICY", "POINT")

var objectSuffix = map[string]string{"PACKAGE": "BODY", "TYPE": "BODY", "DATABASE": "LINK", "VIEW": "LOG"}

// objectPhrase reads the object type words after CREATE/ALTER/DROP and its modifiers. It returns them in
// upper case and the word that names the object type ("" when the phrase is not one it knows).
func objectPhrase(c *cursor) (words []string, object string) {
	for {
		t := c.tok()
		w := t.Upper()
		if t.Kind != Ident {
			return words, ""
		}
		c.advance()
		words = append(words, w)
		switch {
		case prefixWords[w]:
			continue
		case !objectWords[w]:
			return words, ""
		}
		suffix := objectSuffix[w]
		// "VIEW LOG" only when ON follows: a materialized view may itself be called LOG.
		if suffix != "" && c.tok().Is(suffix) && (suffix != "LOG" || c.peek(1).Is("ON")) {
			c.advance()
			words = append(words, suffix)
		}
		return words, w
	}
}

// qualifiedName reads [schema.]name.
func qualifiedName(c *cursor) (schema, name string) {
	first := c.tok()
	if first.Kind != Ident && first.Kind != QuotedIdent {
		return "", ""
	}
	c.advance()
	if c.tok().Is(".") {
		if second := c.peek(1); second.Kind == Ident || second.Kind == QuotedIdent {
			c.advance()
			c.advance()
			return identName(first), identName(second)
		}
	}
	return "", identName(first)
}

// identName is the name an identifier denotes: upper case unless quoted, quotes removed.
func identName(t Token) string {
	if t.Kind == QuotedIdent {
		return strings.ReplaceAll(t.Text[1:len(t.Text)-1], `""`, `"`)
	}
	return t.Upper()
}

// withMode tells a query with PL/SQL declarations in its WITH clause (FUNCTION or PROCEDURE before the
// first SELECT) from an ordinary WITH query.
func withMode(c *cursor) mode {
	for c.advance(); ; c.advance() {
		t := c.tok()
		switch {
		case t == eof, t.Is("SELECT"), t.Is(";"):
			return modeSQL
		case t.Is("FUNCTION"), t.Is("PROCEDURE"):
			return modeSlashSQL
		}
	}
}

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
