package plsql

import "fmt"

// Unit is one statement of a script, ready to be sent to Oracle on its own.
type Unit struct {
	Text   string // SQL without its terminating ';'; PL/SQL units keep their final 'END [name];' but not the '/' line
	Line   int    // 1-based line where the unit starts (its first non-comment token)
	PLSQL  bool   // true for PL/SQL units: CREATE PACKAGE [BODY] | PROCEDURE | FUNCTION | TRIGGER | TYPE [BODY] | LIBRARY, DECLARE/BEGIN blocks
	Kind   string // leading keywords in upper case: "CREATE PACKAGE BODY", "CREATE TABLE", "DECLARE", "BEGIN", "COMMENT", "INSERT"
	Name   string // object name for CREATE statements (upper-cased unless quoted, quotes removed), else ""
	Schema string // schema named as in CREATE owner.name (same case rule as Name), else ""
	Offset int    // byte offset of Text in the source: Text == src[Offset:Offset+len(Text)]
}

// Split splits an Oracle script written for SQL*Plus/SQLcl into units.
//
//   - SQL statements end with ';' outside strings, q-quotes and comments. As in SQL*Plus, a line holding
//     only '/' also ends a SQL statement that has no ';' yet.
//   - PL/SQL units (see Unit.PLSQL) end with a line holding only '/' (blanks allowed around it); the ';'
//     inside them belong to PL/SQL. A SQL statement starting WITH whose WITH clause declares a FUNCTION
//     or PROCEDURE (a FUNCTION/PROCEDURE keyword before the first SELECT) also ends with a '/' line; it
//     stays SQL (PLSQL false), so a ';' after its final query is dropped.
//   - A lone '/' with no statement pending is ignored: SQL*Plus would re-run the previous statement,
//     a migration must never run one twice.
//   - Comments between units are dropped; comments inside a unit are kept.
//
// It returns an *Error with the line for: a PL/SQL unit with no closing '/' line, a trailing SQL
// statement without ';', a ';' with no statement before it, SQL*Plus commands (SET, PROMPT, SPOOL,
// WHENEVER, DEFINE, EXEC, @, @@, CONNECT, SHOW ...), CREATE JAVA and CREATE MLE MODULE (their bodies are
// not PL/SQL and not split here), and lexer errors. On error it returns no units: a caller must not run
// the first statements of a script it cannot split entirely.
func Split(src string) ([]Unit, error) {
	toks, err := Lex(src)
	if err != nil {
		return nil, err
	}
	sp := splitter{src: src, toks: toks}
	var units []Unit
	for i := 0; i < len(toks); {
		t := toks[i]
		switch {
		case t.Kind == Newline || t.Kind == Comment || sp.slashLine(i):
			i++
			continue
		case t.Is(";"):
			return nil, &Error{Line: t.Line, Col: t.Col, Msg: "empty statement: ';' with no statement before it; remove it"}
		case t.Is("/"):
			return nil, &Error{Line: t.Line, Col: t.Col, Msg: "'/' where a statement should start: " +
				"a '/' that ends a PL/SQL unit must be alone on its line (move any comment to its own line)"}
		}
		h, err := sp.head(i)
		if err != nil {
			return nil, err
		}
		u, next, err := sp.unit(i, h)
		if err != nil {
			return nil, err
		}
		units = append(units, u)
		i = next
	}
	return units, nil
}

type splitter struct {
	src  string
	toks []Token
}

// slashLine reports whether token k is a '/' that is the only token on its line.
func (sp *splitter) slashLine(k int) bool {
	return sp.toks[k].Is("/") &&
		(k == 0 || sp.toks[k-1].Kind == Newline) &&
		(k == len(sp.toks)-1 || sp.toks[k+1].Kind == Newline)
}

// unit finds the end of the unit that starts at token i and returns it with the index of the first
// token after its terminator.
func (sp *splitter) unit(i int, h head) (Unit, int, error) {
	start := sp.toks[i]
	for j := i + 1; j < len(sp.toks); j++ {
		switch {
		case sp.slashLine(j):
			return sp.cut(i, j, h), j + 1, nil
		case h.mode == modeSQL && sp.toks[j].Is(";"):
			return sp.cut(i, j, h), j + 1, nil
		}
	}
	if h.mode == modeSQL {
		return Unit{}, 0, &Error{Line: start.Line, Col: start.Col, Msg: fmt.Sprintf(
			"%s statement that starts here has no terminating ';' before the end of the script; end it with ';'", h.kind)}
	}
	return Unit{}, 0, &Error{Line: start.Line, Col: start.Col, Msg: fmt.Sprintf(
		"%s unit that starts here has no closing line holding only '/'; end every PL/SQL unit with such a line", h.describe())}
}

// cut builds the unit of tokens [i, end): trailing line breaks are not part of it, nor is the final ';'
// of a WITH FUNCTION query (which is SQL, and Oracle rejects SQL text ending with ';').
func (sp *splitter) cut(i, end int, h head) Unit {
	last := end - 1
	for last > i && sp.toks[last].Kind == Newline {
		last--
	}
	if h.mode == modeSlashSQL {
		// A comment after the final ';' goes with it: it follows the statement's end.
		semi := last
		for semi > i && (sp.toks[semi].Kind == Newline || sp.toks[semi].Kind == Comment) {
			semi--
		}
		if semi > i && sp.toks[semi].Is(";") {
			for last = semi - 1; last > i && sp.toks[last].Kind == Newline; last-- {
			}
		}
	}
	from := sp.toks[i].Offset
	to := sp.toks[last].Offset + len(sp.toks[last].Text)
	return Unit{
		Text:   sp.src[from:to],
		Line:   sp.toks[i].Line,
		PLSQL:  h.mode == modePLSQL,
		Kind:   h.kind,
		Name:   h.name,
		Schema: h.schema,
		Offset: from,
	}
}
