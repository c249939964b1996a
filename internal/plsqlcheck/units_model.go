package plsqlcheck

import (
	"strings"
	"sync"

	"github.com/agentmem/agentmem/internal/plsql"
)

// unit is one statement of a script as SQL*Plus would send it: a PL/SQL unit
// (closed by a '/' line) or a SQL statement (closed by ';'). Only PL/SQL
// units are parsed further.
type unit struct {
	file  *File
	kind  string // "PACKAGE", "PACKAGE BODY", "PROCEDURE", "FUNCTION", "TRIGGER", "TYPE", "TYPE BODY", "ANONYMOUS", "SQL", "CREATE <other>"
	name  string // upper-case object name without schema, "" for anonymous blocks and SQL
	plsql bool
	toks  []plsql.Token // significant tokens: no comments, no newlines
	idx   []int         // idx[i] is the position of toks[i] in file.Tokens
	slash bool          // closed by a '/' line

	root     *scope
	scopes   []*scope   // every scope, outermost first
	subs     []*subDecl // every subprogram header, in source order
	handlers []*handler // every exception handler, in source order
	simples  []*stmt    // every simple statement, in source order
	problems []problem  // block-structure problems (rule BLOCK)
	// unterminated: the unit reached the end of the file without its '/' line or ';'.
	unterminated bool

	namesOnce sync.Once
	names     *unitNames // the name-resolution model (units_names.go), built on first use
}

// problem is a block-structure problem found while parsing.
type problem struct {
	tok plsql.Token
	msg string
}

// scope is a declaration section with the code it governs: a package spec
// or body, a subprogram, a DECLARE block, an anonymous block or a trigger.
type scope struct {
	kind       string // "PACKAGE", "PACKAGE BODY", "SUBPROGRAM", "STANDALONE", "DECLARE", "ANONYMOUS", "TRIGGER", "TYPE BODY"
	name       string
	parent     *scope
	sub        *subDecl // for SUBPROGRAM scopes
	decls      []*decl
	subs       []*subDecl // subprogram headers declared directly in this section
	body       *block
	start, end int // token range [start, end) in unit.toks
}

// decl is one named declaration.
type decl struct {
	kind  string // "VARIABLE", "CONSTANT", "CURSOR", "EXCEPTION", "TYPE", "SUBTYPE", "CURSOR PARAM"
	name  string // upper-case (quoted names keep their case)
	tok   plsql.Token
	idx   int    // token index of the name in unit.toks
	value string // CONSTANT: normalized text of the value expression
	scope *scope
	// until: for a CURSOR PARAM, the token index just past its cursor's
	// declaration, the only place the name is visible.
	until int
}

// subDecl is one PROCEDURE or FUNCTION header: a spec declaration, a
// forward declaration or a definition.
type subDecl struct {
	Subprogram
	kwTok    plsql.Token // the PROCEDURE/FUNCTION keyword
	nameIdx  int
	explicit []bool // explicit[i]: Params[i] was written with IN/OUT/IN OUT
	isDef    bool   // has a body (IS/AS ...)
	body     *scope // the subprogram's own scope when isDef
	parent   *scope // the section that declares it
	marked   bool   // the line before the header holds "-- agentmem:commits"
}

// block is a BEGIN ... [EXCEPTION ...] END part.
type block struct {
	label    string
	stmts    []*stmt
	handlers []*handler
}

// stmt is one statement. Compound statements keep their branches so the
// safety rules can follow every path.
type stmt struct {
	kind     string // "SIMPLE", "IF", "CASE", "LOOP", "BLOCK", "LABEL"
	first    plsql.Token
	start    int // token index of the first token (after labels)
	end      int // token index just past the statement
	branches [][]*stmt
	hasElse  bool
	blk      *block
	owner    *scope // innermost scope the statement belongs to
}

// handler is one WHEN ... THEN arm of an EXCEPTION section.
type handler struct {
	when  plsql.Token
	names []string // upper-case exception names, "OTHERS" included
	stmts []*stmt
	owner *scope
}

// isWord reports whether t can be a name.
func isWord(t plsql.Token) bool {
	return (t.Kind == plsql.Ident || t.Kind == plsql.QuotedIdent) && t.Text != ""
}

// identName returns the name a token denotes: upper case for plain
// identifiers, the exact text without quotes for quoted ones.
func identName(t plsql.Token) string {
	if t.Kind == plsql.QuotedIdent && len(t.Text) >= 2 {
		return strings.ReplaceAll(t.Text[1:len(t.Text)-1], `""`, `"`)
	}
	return strings.ToUpper(t.Text)
}

// wordy tokens need a space between them when joined.
func wordy(t plsql.Token) bool {
	switch t.Kind {
	case plsql.Ident, plsql.QuotedIdent, plsql.Number, plsql.String, plsql.Bind:
		return true
	}
	return false
}

// joinTokens renders tokens as normalized text: identifiers upper-cased, one
// space between two word-like tokens and none elsewhere, so that two texts
// compare equal exactly when they differ only in case and whitespace.
func joinTokens(toks []plsql.Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && wordy(toks[i-1]) && wordy(t) {
			b.WriteByte(' ')
		}
		b.WriteString(t.Upper())
	}
	return b.String()
}
