package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// NARROW-INPUT: a VARCHAR2(n) variable, constant or record field that takes
// unvalidated input before it is checked. Assigning a longer value raises
// ORA-06502 (numeric or value error: character string buffer too small), so
// the caller gets an Oracle error instead of the INVALID_ARGUMENT that names
// the argument. Reviews found this class several times (grant_access's
// l_access varchar2(20), RECORD_EDIT's anchor/status fields, a hint
// varchar2(200) holding an owner name of 128 characters).
//
// The rule reads declaration initialisers and ':=' assignments whose target
// is declared VARCHAR2(n) with n < 4000, and measures the value with the
// model of rule_narrowinput_eval.go: VARCHAR2/CLOB parameters and JSON
// getters are unbounded, literals, declared lengths, substr lengths and the
// unit's own functions (through their RETURNs) are known; anything else is
// not reported.
func init() {
	Register(Rule{
		ID:      "NARROW-INPUT",
		Summary: "a VARCHAR2(n) takes unvalidated input or a longer value before validation (ORA-06502)",
		Check:   checkNarrowInput,
	})
}

func checkNarrowInput(p *Project) []Finding {
	records := recordTypes(p)
	pkgs := p.Packages()
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			if !u.plsql || u.root == nil {
				continue
			}
			e := &evaluator{u: u, records: records, funcs: map[string]*strLen{}, spec: map[string]bool{},
				visiting: map[*subDecl]bool{}}
			if pk, ok := pkgs[u.name]; ok && u.kind == "PACKAGE BODY" {
				for _, sd := range pk.SpecSubs {
					e.spec[sd.Name] = true
				}
				e.p = p
				if pk.specUnit != nil {
					for _, t := range pk.specUnit.toks {
						if t.Is("ACCESSIBLE") {
							e.accessible = true
							break
						}
					}
				}
			}
			out = append(out, byteDecls(f, u)...)
			out = append(out, narrowDecls(f, e)...)
			out = append(out, narrowAssigns(f, e)...)
		}
	}
	return out
}

// narrowDecls checks "name [constant] varchar2(n) := expr;".
func narrowDecls(f *File, e *evaluator) []Finding {
	var out []Finding
	for _, sc := range e.u.scopes {
		for _, d := range sc.decls {
			if d.kind != "VARIABLE" && d.kind != "CONSTANT" {
				continue
			}
			typ, assign := declType(e.u.toks, d.idx)
			n, ok := declaredLen(joinTokens(typ))
			if !ok || assign < 0 {
				continue
			}
			end := exprEnd(e.u.toks, assign+1)
			l := e.eval(e.u.toks[assign+1:end], assign)
			if fd, bad := narrowFinding(f, d.tok, strings.ToLower(d.name), joinTokens(typ), n, l); bad && n < 4000 {
				out = append(out, fd)
			} else if fd, bad := byteFinding(f, d.tok, strings.ToLower(d.name), joinTokens(typ), n, l); bad {
				out = append(out, fd)
			}
		}
	}
	return out
}

// narrowAssigns checks "target := expr;" statements, target a variable or
// a record field (x.f, x.y.f); collection elements are not followed.
func narrowAssigns(f *File, e *evaluator) []Finding {
	var out []Finding
	toks := e.u.toks
	for _, s := range e.u.simples {
		k := s.start
		var names []string
		for k < s.end && isWord(toks[k]) {
			names = append(names, identName(toks[k]))
			if k+1 < s.end && toks[k+1].Is(".") {
				k += 2
				continue
			}
			k++
			break
		}
		if len(names) == 0 || k >= s.end || !toks[k].Is(":=") {
			continue
		}
		typ, _, _, ok := e.lookup(names[0], s.start)
		if !ok {
			continue
		}
		if typ, ok = e.fieldType(typ, names[1:]); !ok {
			continue
		}
		n, ok := declaredLen(typ)
		if !ok {
			continue
		}
		end := exprEnd(toks, k+1)
		l := e.eval(toks[k+1:end], k)
		if l.kind == lenUnbounded && (n >= 4000 || checkedBefore(e.u, s.start, l.srcToks) &&
			(!strings.HasSuffix(typ, " BYTE)") || checkedBeforeBytes(e.u, s.start, l.srcToks))) {
			continue
		}
		target := strings.ToLower(strings.Join(names, "."))
		if fd, bad := narrowFinding(f, toks[s.start], target, typ, n, l); bad && n < 4000 {
			out = append(out, fd)
		} else if fd, bad := byteFinding(f, toks[s.start], target, typ, n, l); bad {
			out = append(out, fd)
		}
	}
	return out
}

func narrowFinding(f *File, tok plsql.Token, target, typ string, n int, l strLen) (Finding, bool) {
	switch {
	case l.kind == lenUnbounded:
		return at(f, tok, "NARROW-INPUT", fmt.Sprintf(
			"%s %s receives %s, which is not validated yet and can be longer than %d: ORA-06502 before any "+
				"check can name the argument; bound it with substr(x, 1, %d) or declare varchar2(32767) and "+
				"check the length", target, strings.ToLower(typ), l.src, n, n)), true
	case l.kind == lenKnown && l.derived && l.n > n:
		return at(f, tok, "NARROW-INPUT", fmt.Sprintf(
			"%s %s receives up to %d characters (%s): ORA-06502 when the value is that long; widen it or "+
				"bound the value", target, strings.ToLower(typ), l.n, l.src)), true
	}
	return Finding{}, false
}

// checkedBefore: an IF or ELSIF condition of the routine holding the
// statement, before it, reads the same source (length(p_x) > 64,
// in_list(lower(l_arr.get_string(i)), ...)). It is taken as the validation;
// whether its branch raises is not verified.
func checkedBefore(u *unit, at int, src []plsql.Token) bool {
	r := enclosingRoutine(u.innermost(at))
	if r == nil || len(src) == 0 {
		return false
	}
	inCond := false
	for k := r.start; k < at; k++ {
		t := u.toks[k]
		switch {
		case (t.Is("IF") && !(k > 0 && u.toks[k-1].Is("END"))) || t.Is("ELSIF"):
			inCond = true
		case t.Is("THEN"):
			inCond = false
		case inCond && k+len(src) <= at && joinTokens(u.toks[k:k+len(src)]) == joinTokens(src):
			return true
		}
	}
	return false
}
