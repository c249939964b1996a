package plsqlcheck

import (
	"fmt"
	"strings"
)

// RETURN-VALUE: RETURN statements agree with the kind of subprogram.
//   - In a procedure, RETURN cannot carry an expression: PLS-00372
//     (https://docs.oracle.com/en/error-help/db/pls-00372).
//   - In a function, RETURN needs an expression: PLS-00503, "RETURN <value>
//     statement required for this return from function" (code as named in
//     the error catalogue; the rule itself is the RETURN statement's
//     semantics: "expression ... Required when the RETURN statement is in any
//     other function [than a pipelined one]. Not allowed when the RETURN
//     statement is in a procedure",
//     https://docs.oracle.com/cd/E18283_01/appdev.112/e17126/return_statement.htm).
//   - In a pipelined function, RETURN cannot carry one: PLS-00633
//     (https://docs.oracle.com/en/error-help/db/pls-00633).
//   - A (non-pipelined) function body without any RETURN statement compiles
//     with warning PLW-05005 and fails every call with ORA-06503 "Function
//     returned without value" (https://docs.oracle.com/en/error-help/db/plw-05005).
func init() {
	Register(Rule{
		ID:      "RETURN-VALUE",
		Summary: "RETURN carries a value in functions and none in procedures or pipelined functions (PLS-00372, PLS-00503, PLS-00633); a function body has a RETURN (PLW-05005)",
		Check:   checkReturnValue,
	})
}

func checkReturnValue(p *Project) []Finding {
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		for _, sd := range u.subs {
			if sd.isDef && sd.body != nil && sd.body.body != nil {
				out = append(out, returnProblems(u, sd)...)
			}
		}
	}
	return out
}

func returnProblems(u *unit, sd *subDecl) []Finding {
	pipelined := false
	for k := sd.nameIdx; k < sd.body.start && k < len(u.toks); k++ {
		if u.toks[k].Is("PIPELINED") {
			pipelined = true
		}
	}
	// A constructor (RETURN SELF AS RESULT) ends with a bare RETURN.
	constructor := sd.Return == "SELF AS RESULT"
	var out []Finding
	seen := false
	name := strings.ToLower(sd.Name)
	walkBlock(sd.body.body, func(s *stmt) {
		if s.kind != "SIMPLE" || !s.first.Is("RETURN") {
			return
		}
		seen = true
		bare := s.start+1 < len(u.toks) && u.toks[s.start+1].Is(";")
		switch {
		case sd.Kind == "PROCEDURE" && !bare:
			out = append(out, at(u.file, s.first, "RETURN-VALUE", fmt.Sprintf(
				"procedure %s: RETURN cannot carry a value in a procedure (PLS-00372, https://docs.oracle.com/en/error-help/db/pls-00372); write RETURN; or make it a function", name)))
		case sd.Kind == "FUNCTION" && pipelined && !bare:
			out = append(out, at(u.file, s.first, "RETURN-VALUE", fmt.Sprintf(
				"pipelined function %s: RETURN cannot carry a value; rows leave through PIPE ROW (PLS-00633, https://docs.oracle.com/en/error-help/db/pls-00633)", name)))
		case sd.Kind == "FUNCTION" && !pipelined && !constructor && bare:
			out = append(out, at(u.file, s.first, "RETURN-VALUE", fmt.Sprintf(
				"function %s: RETURN needs a value of type %s here (PLS-00503)", name, strings.ToLower(sd.Return))))
		}
	})
	if sd.Kind == "FUNCTION" && !pipelined && !constructor && !seen {
		out = append(out, at(u.file, sd.kwTok, "RETURN-VALUE", fmt.Sprintf(
			"function %s has no RETURN statement: every call would end with ORA-06503 (PLW-05005 at compile time, https://docs.oracle.com/en/error-help/db/plw-05005)", name)))
	}
	return out
}

// walkBlock calls fn for every statement of a block, its nested blocks,
// branches and exception handlers, but not for nested subprograms (they are
// their own scopes).
func walkBlock(b *block, fn func(*stmt)) {
	if b == nil {
		return
	}
	walkStmts(b.stmts, fn)
	for _, h := range b.handlers {
		walkStmts(h.stmts, fn)
	}
}

func walkStmts(stmts []*stmt, fn func(*stmt)) {
	for _, s := range stmts {
		fn(s)
		for _, br := range s.branches {
			walkStmts(br, fn)
		}
		walkBlock(s.blk, fn)
	}
}
