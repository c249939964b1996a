package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// OUT-AFTER-RAISE: a variable passed as the actual of a by-value OUT or IN
// OUT parameter (no NOCOPY) of one of our subprograms, and read in an
// exception handler of the block that made the call, or after a handler of
// that block that lets the block complete. OUT and IN OUT parameters are
// passed by value unless NOCOPY is given, and the value the callee assigned
// is copied back only when it exits normally: "If the subprogram exits with
// an unhandled exception, the original parameters are unchanged" (PL/SQL
// User's Guide and Reference, "Tuning PL/SQL Procedure Calls with the NOCOPY
// Compiler Hint"). So a handler that reads the variable to report what the
// callee produced before it failed reads the value from before the call.
// AGENTMEM_LLM_TASKS.execute_task (branch llm-tasks) assigned the model's raw
// output to p_output and then parsed and applied it; its callers passed the
// output excerpt on to fail_task from their handlers, always NULL when
// parsing or applying failed.
//
// The callee must be one of our subprograms with a body in the checked files
// (a nested or package-private one, or a package's public one through its
// body), the formal must be assigned in its body (':=' or INTO) with a
// further call, SQL statement or RAISE after the first assignment (what may
// raise once the value is set), and the actual a plain variable or
// parameter name. The first use of that name in the handler, or after the
// block, decides: an assignment clears it, any other use is reported.
const docOutAfterRaise = "PL/SQL Language Reference, \"Subprogram Parameter Passing Methods\" and \"Formal Parameter Declaration\" " +
	"(NOCOPY), https://docs.oracle.com/en/database/oracle/oracle-database/23/lnpls/formal-parameter-declaration.html"

func init() {
	Register(Rule{
		ID: "OUT-AFTER-RAISE",
		Summary: "a variable given to a by-value OUT/IN OUT parameter read in the handler that catches the " +
			"callee's exception: the callee's assignment is not copied back",
		Check: checkOutAfterRaise,
	})
}

// outActual is a variable given to an OUT parameter inside a block.
type outActual struct {
	name   string
	scope  *scope // the declaring scope (identity of the variable)
	callee string
	formal string
	call   plsql.Token
}

func checkOutAfterRaise(p *Project) []Finding {
	pkgs := p.Packages()
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		c := &outChecker{u: u, n: u.namesOf(pkgs), pkgs: pkgs}
		nested := map[*block]bool{} // blocks that are statements: reached from their enclosing list
		for _, sc := range u.scopes {
			walkBlock(sc.body, func(s *stmt) {
				if s.blk != nil {
					nested[s.blk] = true
				}
			})
		}
		for _, sc := range u.scopes {
			if sc.body != nil && !nested[sc.body] {
				c.block(sc.body, nil)
			}
		}
		out = append(out, c.out...)
	}
	return out
}

type outChecker struct {
	u    *unit
	n    *unitNames
	pkgs map[string]*Package
	out  []Finding
	seen map[int]bool
}

// block checks one BEGIN ... EXCEPTION ... END; after are the statements
// that follow it in the enclosing list (nil for a subprogram's body).
func (c *outChecker) block(b *block, after []*stmt) {
	for i, s := range b.stmts {
		c.stmt(s, b.stmts[i+1:])
	}
	for _, h := range b.handlers {
		for i, s := range h.stmts {
			c.stmt(s, h.stmts[i+1:])
		}
	}
	if len(b.handlers) == 0 || len(b.stmts) == 0 {
		return
	}
	actuals := c.outActuals(b.stmts[0].start, b.stmts[len(b.stmts)-1].end)
	for _, a := range actuals {
		for _, h := range b.handlers {
			if k, read := c.firstUse(a, h.stmts); read {
				c.report(k, a, fmt.Sprintf("in the handler at line %d", h.when.Line))
				continue
			} else if k >= 0 || !fallsThrough(c.u, h.stmts) {
				continue // assigned in the handler, or the handler leaves
			}
			if k, read := c.firstUse(a, after); read {
				c.report(k, a, fmt.Sprintf("after the handler at line %d lets the block complete", h.when.Line))
			}
		}
	}
}

func (c *outChecker) stmt(s *stmt, rest []*stmt) {
	for _, br := range s.branches {
		for i, bs := range br {
			c.stmt(bs, br[i+1:])
		}
	}
	if s.blk != nil {
		c.block(s.blk, rest)
	}
}

func (c *outChecker) report(k int, a outActual, where string) {
	if c.seen == nil {
		c.seen = map[int]bool{}
	}
	if c.seen[k] {
		return
	}
	c.seen[k] = true
	name := strings.ToLower(a.name)
	c.out = append(c.out, at(c.u.file, c.u.toks[k], "OUT-AFTER-RAISE", fmt.Sprintf(
		"%s is read %s, but it was the actual of OUT parameter %s of %s (line %d), passed by value (no NOCOPY): "+
			"when %s raises after assigning %s, the value is not copied back and %s still holds what it held "+
			"before the call (%s); return the value before the part that may raise (a separate call) or assign "+
			"it in this block", name, where, strings.ToLower(a.formal), strings.ToLower(a.callee), a.call.Line,
		strings.ToLower(a.callee), strings.ToLower(a.formal), name, docOutAfterRaise)))
}

// fallsThrough: the handler's last statement does not leave the block's
// statement list (RAISE, RETURN, EXIT, CONTINUE, GOTO, a raise helper).
func fallsThrough(u *unit, stmts []*stmt) bool {
	last := lastStmt(stmts)
	if last == nil {
		return true
	}
	if last.kind == "SIMPLE" && (isRaise(u, last) || last.first.Is("RETURN") || last.first.Is("EXIT") ||
		last.first.Is("CONTINUE") || last.first.Is("GOTO")) {
		return false
	}
	return !reraises(u, stmts)
}

// firstUse finds the first use of the variable in stmts: (index, true) when
// it is read, (index, false) when it is assigned first, (-1, false) if
// unused.
func (c *outChecker) firstUse(a outActual, stmts []*stmt) (int, bool) {
	toks := c.u.toks
	for _, s := range stmts {
		for k := s.start; k < s.end && k < len(toks); k++ {
			if !c.n.isBareUse(k) || identName(toks[k]) != a.name {
				continue
			}
			if b, ok := c.n.resolve(a.name, k); !ok || b.scope != a.scope {
				continue
			}
			if k+1 < len(toks) && toks[k+1].Is(":=") && (k == s.start || statementStart(toks, k)) {
				return k, false
			}
			return k, true
		}
	}
	return -1, false
}

// outActuals lists the variables given to by-value OUT/IN OUT formals of
// our subprograms in tokens [start, end), when the callee may raise after
// assigning the formal.
func (c *outChecker) outActuals(start, end int) []outActual {
	toks := c.u.toks
	var out []outActual
	for k := start; k < end && k+1 < len(toks); k++ {
		if !isWord(toks[k]) || (k > 0 && toks[k-1].Is(".")) {
			continue
		}
		parts := []string{identName(toks[k])}
		open := k + 1
		if toks[k+1].Is(".") && k+3 < len(toks) && isWord(toks[k+2]) && toks[k+3].Is("(") {
			parts, open = append(parts, identName(toks[k+2])), k+3
		}
		if !toks[open].Is("(") {
			continue
		}
		args, _, ok := parseArgs(toks, open)
		if !ok {
			continue
		}
		for _, d := range c.definitions(parts, k, len(args)) {
			for i, prm := range d.sd.Params {
				if prm.Mode == "IN" || prm.NoCopy {
					continue
				}
				arg, ok := argFor(args, i, prm.Name)
				if !ok || len(arg.Toks) != 1 || !isWord(arg.Toks[0]) {
					continue
				}
				ak := k + indexFrom(toks[k:], arg.Toks[0])
				name := identName(arg.Toks[0])
				b, ok := c.n.resolve(name, ak)
				if !ok || b.scope == nil || (b.kind != "VARIABLE" && b.kind != "OUT" && b.kind != "IN OUT") {
					continue
				}
				if !assignsThenMayRaise(d.u, d.sd, prm.Name) {
					continue
				}
				out = append(out, outActual{name: name, scope: b.scope, callee: strings.Join(parts, "."),
					formal: prm.Name, call: toks[k]})
			}
		}
	}
	return out
}

// indexFrom returns the offset of token t in toks (matched by position).
func indexFrom(toks []plsql.Token, t plsql.Token) int {
	for i, x := range toks {
		if x.Offset == t.Offset {
			return i
		}
	}
	return 0
}

type calleeDef struct {
	u  *unit
	sd *subDecl
}

// definitions resolves a call to the definitions (with bodies) it may
// reach: a subprogram visible by name in this unit, or PKG.NAME in a body
// of the checked files, with enough parameters for nargs arguments.
func (c *outChecker) definitions(parts []string, k, nargs int) []calleeDef {
	var out []calleeDef
	add := func(u *unit, name string) {
		for _, sd := range u.subs {
			if sd.isDef && sd.body != nil && sd.Name == name && len(sd.Params) >= nargs {
				out = append(out, calleeDef{u, sd})
			}
		}
	}
	switch len(parts) {
	case 1:
		if b, ok := c.n.resolve(parts[0], k); !ok || b.kind != "SUBPROGRAM" {
			return nil
		}
		add(c.u, parts[0])
	case 2:
		if pk := c.pkgs[parts[0]]; pk != nil && pk.bodyUnit != nil && pk.bodyUnit.root != nil {
			add(pk.bodyUnit, parts[1])
		}
	}
	return out
}

// assignsThenMayRaise: the formal is assigned in the body of sd (':=' or
// INTO) and a call, a SQL statement or RAISE follows the first assignment.
func assignsThenMayRaise(u *unit, sd *subDecl, formal string) bool {
	toks := u.toks
	sc := sd.body
	first := -1
	for k := sc.start; k < sc.end && k+1 < len(toks); k++ {
		if !isWord(toks[k]) || identName(toks[k]) != formal || (k > 0 && toks[k-1].Is(".")) {
			continue
		}
		if toks[k+1].Is(":=") || (k > 0 && toks[k-1].Is("INTO")) || intoList(toks, k) {
			first = k
			break
		}
	}
	if first < 0 {
		return false
	}
	k := first
	for k < sc.end && !toks[k].Is(";") {
		k++
	}
	for k++; k+1 < sc.end; k++ {
		t := toks[k]
		if t.Is("RAISE") || t.Is("SELECT") || t.Is("INSERT") || t.Is("UPDATE") || t.Is("DELETE") ||
			t.Is("MERGE") || t.Is("EXECUTE") || (isWord(t) && toks[k+1].Is("(")) {
			return true
		}
	}
	return false
}
