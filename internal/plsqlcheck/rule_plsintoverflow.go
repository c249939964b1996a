package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// PLS-INT-OVERFLOW: PLS_INTEGER arithmetic that NUMBER input can push past
// 2,147,483,647. PLS_INTEGER operations that overflow raise ORA-01426
// (PL/SQL Language Reference, "PLS_INTEGER and BINARY_INTEGER Data Types":
// "If PLS_INTEGER operations ... overflow, an exception is raised"), an
// unnamed error where the package promises named ones. Two shapes, both
// found by the reads of 2026-12-01:
//   - a function returning PLS_INTEGER (BINARY_INTEGER, SIMPLE_INTEGER)
//     whose RETURN multiplies by a NUMBER operand (a NUMBER parameter,
//     variable or constant, or a literal with a fraction) without bounding
//     the result with LEAST(...): a token budget times 3.5;
//   - a PLS_INTEGER variable that accumulates a non-literal amount in a
//     loop (v := v + expr): a running total of record costs.
//
// Counters that add a literal (v := v + 1) are not flagged.
const docPlsInteger = "https://docs.oracle.com/en/database/oracle/oracle-database/26/lnpls/plsql-data-types.html (PLS_INTEGER and BINARY_INTEGER Data Types)"

func init() {
	Register(Rule{
		ID:      "PLS-INT-OVERFLOW",
		Summary: "PLS_INTEGER results of NUMBER products without LEAST, and PLS_INTEGER accumulators of non-literal amounts (ORA-01426)",
		Check:   checkPlsIntOverflow,
	})
}

var intTypes = map[string]bool{"PLS_INTEGER": true, "BINARY_INTEGER": true, "SIMPLE_INTEGER": true}

func checkPlsIntOverflow(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		types := declaredTypes(sigTokens(f.Tokens))
		for _, u := range p.unitsOf(f) {
			if !u.plsql || u.root == nil {
				continue
			}
			for _, sd := range u.subs {
				if !sd.isDef || sd.body == nil || sd.body.body == nil || sd.Kind != "FUNCTION" || !intTypes[strings.ToUpper(sd.Return)] {
					continue
				}
				local := map[string]string{}
				for k, v := range types {
					local[k] = v
				}
				for _, prm := range sd.Params {
					local[prm.Name] = strings.ToUpper(prm.Type)
				}
				walkBlock(sd.body.body, func(s *stmt) {
					if s.kind != "SIMPLE" || !s.first.Is("RETURN") || s.start+2 >= s.end {
						return
					}
					expr := u.toks[s.start+1 : s.end-1]
					if expr[0].Is("LEAST") {
						return
					}
					if what, ok := numberProduct(expr, local); ok {
						out = append(out, at(u.file, s.first, "PLS-INT-OVERFLOW", fmt.Sprintf(
							"function %s returns PLS_INTEGER but multiplies by %s, a NUMBER: a large input overflows "+
								"(ORA-01426, %s); bound it, e.g. least(expr, 2147483647), or return NUMBER",
							strings.ToLower(sd.Name), strings.ToLower(what), docPlsInteger)))
					}
				})
			}
			inLoop := map[*stmt]bool{}
			for _, sc := range u.scopes {
				markLoopStmts(sc.body, false, inLoop)
			}
			for _, s := range u.simples {
				if !inLoop[s] {
					continue
				}
				if t, ok := accumulator(u.toks, s.start, s.end, types); ok {
					out = append(out, at(u.file, u.toks[s.start], "PLS-INT-OVERFLOW", fmt.Sprintf(
						"%s is a PLS_INTEGER that accumulates %s: the total can pass 2,147,483,647 (ORA-01426, %s); "+
							"declare it NUMBER", strings.ToLower(u.toks[s.start].Text), t, docPlsInteger)))
				}
			}
		}
	}
	return out
}

// numberProduct finds a '*' with a NUMBER operand next to it: a name typed
// NUMBER in types, or a numeric literal with a fraction.
func numberProduct(expr []plsql.Token, types map[string]string) (string, bool) {
	for j := range expr {
		if !expr[j].Is("*") {
			continue
		}
		for _, k := range []int{j - 1, j + 1} {
			if k < 0 || k >= len(expr) {
				continue
			}
			t := expr[k]
			if t.Kind == plsql.Number && strings.ContainsAny(t.Text, ".eE") {
				return t.Text, true
			}
			if name, ok := identText(t); ok && strings.HasPrefix(types[name], "NUMBER") {
				return t.Text, true
			}
		}
	}
	return "", false
}

// accumulator: "v := v + expr;" with v declared PLS_INTEGER and expr not a
// single integer literal.
func accumulator(toks []plsql.Token, start, end int, types map[string]string) (string, bool) {
	if end-start < 6 || !toks[start+1].Is(":=") || !toks[start+3].Is("+") {
		return "", false
	}
	v, ok := identText(toks[start])
	w, ok2 := identText(toks[start+2])
	if !ok || !ok2 || v != w || !intTypes[types[v]] {
		return "", false
	}
	rest := toks[start+4 : end-1]
	if len(rest) == 1 && rest[0].Kind == plsql.Number {
		return "", false
	}
	return strings.ToLower(tokensText(rest)), true
}

// markLoopStmts records the statements of b (nested blocks, branches and
// handlers included, nested subprograms not) that run inside a LOOP.
func markLoopStmts(b *block, loop bool, out map[*stmt]bool) {
	if b == nil {
		return
	}
	mark := func(stmts []*stmt, loop bool) {
		var rec func([]*stmt, bool)
		rec = func(ss []*stmt, loop bool) {
			for _, st := range ss {
				if loop {
					out[st] = true
				}
				inner := loop || st.kind == "LOOP"
				for _, br := range st.branches {
					rec(br, inner)
				}
				markLoopStmts(st.blk, inner, out)
			}
		}
		rec(stmts, loop)
	}
	mark(b.stmts, loop)
	for _, h := range b.handlers {
		mark(h.stmts, loop)
	}
}
