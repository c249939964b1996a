package plsqlcheck

import (
	"errors"

	"github.com/agentmem/agentmem/internal/plsql"
)

func init() {
	Register(Rule{
		ID:      "LEX",
		Summary: "unterminated string, q-quote, comment or quoted identifier (the file cannot be read at all)",
		Check:   checkLex,
	})
	Register(Rule{
		ID:      "BLOCK",
		Summary: "block structure: BEGIN/END, IF/END IF, LOOP/END LOOP, CASE/END CASE, END names (PLS-00113), ';' and the '/' line after each PL/SQL unit",
		Check:   checkBlock,
	})
}

func checkLex(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr == nil {
			continue
		}
		line, col := 1, 1
		var le *plsql.Error
		msg := f.LexErr.Error()
		if errors.As(f.LexErr, &le) {
			line, col, msg = le.Line, le.Col, le.Msg
		}
		out = append(out, Finding{File: f.Path, Line: line, Col: col, Rule: "LEX", Msg: msg})
	}
	return out
}

func checkBlock(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue // LEX reports it; nothing else can be read
		}
		units := p.unitsOf(f)
		unterminated := map[int]int{} // start line of an unterminated unit -> index of its finding
		for _, u := range units {
			for _, pr := range u.problems {
				if u.unterminated && len(u.toks) > 0 && pr.tok.Line == u.toks[0].Line {
					unterminated[pr.tok.Line] = len(out)
				}
				out = append(out, at(f, pr.tok, "BLOCK", pr.msg))
			}
		}
		if isScript(f.Path) {
			continue // SQL*Plus runs scripts itself; they are never split
		}
		// The splitter the installer uses has the last word on what a split
		// file may contain (no SQL*Plus commands, no empty statements, no
		// CREATE JAVA); where both see a problem at the same line, its
		// message is the more precise one.
		if _, err := plsql.Split(f.Src); err != nil {
			var se *plsql.Error
			if !errors.As(err, &se) {
				continue
			}
			fd := Finding{File: f.Path, Line: se.Line, Col: se.Col, Rule: "BLOCK", Msg: se.Msg}
			if i, ok := unterminated[se.Line]; ok {
				out[i] = fd
			} else {
				out = append(out, fd)
			}
		}
	}
	return out
}

// at builds a finding at a token of f.
func at(f *File, t plsql.Token, rule, msg string) Finding {
	return Finding{File: f.Path, Line: t.Line, Col: t.Col, Rule: rule, Msg: msg}
}
