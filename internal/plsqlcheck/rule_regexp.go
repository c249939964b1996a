package plsqlcheck

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// REGEXP-ARGS: arguments of Oracle's regular-expression functions that the
// SQL Language Reference bounds, checked where they are literals:
//   - subexpr of REGEXP_SUBSTR (6th argument) and REGEXP_INSTR (7th) is "an
//     integer from 0 to 9" (a pattern may hold more groups; only the first
//     nine can be returned);
//   - the pattern (2nd argument of REGEXP_LIKE, REGEXP_SUBSTR, REGEXP_INSTR,
//     REGEXP_REPLACE, REGEXP_COUNT) "can contain up to 512 bytes".
//
// The rule applies these bounds to calls in SQL and in PL/SQL alike.
const (
	docRegexpSubstr = "https://docs.oracle.com/en/database/oracle/oracle-database/23/sqlrf/REGEXP_SUBSTR.html"
	docRegexpInstr  = "https://docs.oracle.com/cd/F82042_01/sqlrf/REGEXP_INSTR.html"
)

func init() {
	Register(Rule{
		ID:      "REGEXP-ARGS",
		Summary: "REGEXP_SUBSTR/REGEXP_INSTR subexpr literals are 0 to 9, regular-expression pattern literals at most 512 bytes",
		Check:   checkRegexpArgs,
	})
}

// regexpSubexprArg is the 0-based position of subexpr, per function.
var regexpSubexprArg = map[string]int{"REGEXP_SUBSTR": 5, "REGEXP_INSTR": 6}

var regexpFuncs = map[string]bool{"REGEXP_LIKE": true, "REGEXP_SUBSTR": true, "REGEXP_INSTR": true,
	"REGEXP_REPLACE": true, "REGEXP_COUNT": true}

// patternArgs says where a call's regular expression and its match
// parameter are: position (0-based) and name for named notation.
type patternArgs struct {
	pattern, match         int
	patternName, matchName string
}

// utMatchers are utPLSQL's expectation methods whose argument is a regular
// expression: ut_match runs regexp_like(actual, a_pattern, a_modifiers)
// (utPLSQL source/expectations/matchers/ut_match.tpb), so the collation
// rules of REGEXP_LIKE apply to them as written in the suites.
var utMatchers = map[string]bool{"TO_MATCH": true, "NOT_TO_MATCH": true}

// patternCall recognises at token i a call that takes a regular expression:
// a REGEXP_* function (not a qualified name) or a utPLSQL matcher method
// (.to_match / .not_to_match). REGEXP-RANGE and REGEXP-CASE read both kinds.
func patternCall(toks []plsql.Token, i int) (string, patternArgs, bool) {
	name, ok := identText(toks[i])
	if !ok || toks[i].Kind != plsql.Ident || i+1 >= len(toks) || !toks[i+1].Is("(") {
		return "", patternArgs{}, false
	}
	dotted := i > 0 && toks[i-1].Is(".")
	switch {
	case regexpFuncs[name] && !dotted:
		return name, patternArgs{1, regexpMatchArg[name], "PATTERN", "MATCH_PARAM"}, true
	case utMatchers[name] && dotted:
		return name, patternArgs{0, 1, "A_PATTERN", "A_MODIFIERS"}, true
	}
	return "", patternArgs{}, false
}

// patternUse is one call that takes a regular expression (patternCall),
// its arguments parsed and its pattern argument present.
type patternUse struct {
	file    *File
	call    plsql.Token // the function or method name
	name    string      // upper case
	pa      patternArgs
	args    []callArg
	pattern callArg
	text    string            // the pattern's resolved text (patternText)
	consts  map[string]string // the literal constants the file can name (fileConstants)
}

// patternUses returns, in file and source order, every call of the
// project's SQL files that takes a regular expression and passes its
// pattern: the calls REGEXP-RANGE and REGEXP-CASE judge.
func patternUses(p *Project) []patternUse {
	specConsts := projectSpecConstants(p)
	var out []patternUse
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		toks := sigTokens(f.Tokens)
		consts := fileConstants(p, f, toks, specConsts)
		for i := 0; i+1 < len(toks); i++ {
			name, pa, ok := patternCall(toks, i)
			if !ok {
				continue
			}
			args, _, ok := parseArgs(toks, i+1)
			if !ok {
				continue
			}
			a, ok := argFor(args, pa.pattern, pa.patternName)
			if !ok {
				continue
			}
			out = append(out, patternUse{file: f, call: toks[i], name: name, pa: pa, args: args, pattern: a,
				text: patternText(a.Toks, consts, specConsts), consts: consts})
		}
	}
	return out
}

func checkRegexpArgs(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		toks := sigTokens(f.Tokens)
		consts := literalConstants(toks)
		for i := 0; i+1 < len(toks); i++ {
			name, ok := identText(toks[i])
			if !ok || toks[i].Kind != plsql.Ident || !regexpFuncs[name] || !toks[i+1].Is("(") {
				continue
			}
			if i > 0 && toks[i-1].Is(".") {
				continue // pkg.regexp_substr: not the built-in
			}
			args, _, ok := parseArgs(toks, i+1)
			if !ok {
				continue
			}
			if pos, has := regexpSubexprArg[name]; has {
				if a, ok := argFor(args, pos, "SUBEXPR"); ok && len(a.Toks) == 1 && a.Toks[0].Kind == plsql.Number {
					if n, err := strconv.Atoi(a.Toks[0].Text); err == nil && (n < 0 || n > 9) {
						out = append(out, at(f, a.At, "REGEXP-ARGS", fmt.Sprintf(
							"%s subexpr %d: the subexpression number must be from 0 to 9 (%s); split the pattern "+
								"(match pieces with separate calls) instead of numbering groups past 9",
							strings.ToLower(name), n, regexpDoc(name))))
					}
				}
			}
			if a, ok := argFor(args, 1, "PATTERN"); ok {
				if text, known := constantText(a.Toks, consts); known && len(text) > 512 {
					out = append(out, at(f, a.At, "REGEXP-ARGS", fmt.Sprintf(
						"%s pattern of %d bytes: a pattern can contain up to 512 bytes (%s)",
						strings.ToLower(name), len(text), regexpDoc(name))))
				}
			}
		}
	}
	return out
}

func regexpDoc(name string) string {
	if name == "REGEXP_INSTR" {
		return docRegexpInstr
	}
	return docRegexpSubstr
}

// literalConstants maps the names of constants whose value is made only of
// plain string literals, and constants declared before them that are,
// joined with || (co_x constant varchar2(n) := 'a' || co_y;) to that text. A name declared twice with different values is left
// out: the checker cannot tell which one a reference means.
func literalConstants(toks []plsql.Token) map[string]string {
	return literalConstantsWith(toks, nil)
}

// literalConstantsWith is literalConstants with known names to start from
// (other packages' spec constants, keyed PKG.NAME or bare); the result holds
// only the file's own constants.
func literalConstantsWith(toks []plsql.Token, seed map[string]string) map[string]string {
	known := map[string]string{}
	for k, v := range seed {
		known[k] = v
	}
	out := map[string]string{}
	conflict := map[string]bool{}
	for k := 0; k+1 < len(toks); k++ {
		if !toks[k+1].Is("CONSTANT") {
			continue
		}
		name, ok := identText(toks[k])
		if !ok {
			continue
		}
		j := k + 2
		for j < len(toks) && !toks[j].Is(":=") && !toks[j].Is("DEFAULT") && !toks[j].Is(";") {
			j++
		}
		if j >= len(toks) || toks[j].Is(";") {
			continue
		}
		end := j + 1
		for end < len(toks) && !toks[end].Is(";") {
			end++
		}
		text, ok := constantText(toks[j+1:end], known) // an earlier constant may be a piece
		if !ok {
			continue
		}
		known[name] = text
		if prev, seen := out[name]; seen && prev != text {
			conflict[name] = true
		}
		out[name] = text
	}
	for n := range conflict {
		delete(out, n)
	}
	return out
}

// constantText returns the text of an expression made only of plain string
// literals and names of consts (NAME or PKG.NAME) joined with ||; known is false for anything
// else (a variable, a call, a q-quoted literal).
func constantText(toks []plsql.Token, consts map[string]string) (string, bool) {
	var b strings.Builder
	want := true // a piece is expected (not ||)
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		switch {
		case want && t.Kind == plsql.String && strings.HasPrefix(t.Text, "'"):
			b.WriteString(literalText(t))
		case want && t.Kind == plsql.Ident:
			name, _ := identText(t)
			if k+2 < len(toks) && toks[k+1].Is(".") && toks[k+2].Kind == plsql.Ident {
				member, _ := identText(toks[k+2])
				name += "." + member // pkg.co_x, known when the caller seeds it
				k += 2
			}
			v, ok := consts[name]
			if !ok {
				return "", false
			}
			b.WriteString(v)
		case !want && t.Is("||"):
		default:
			return "", false
		}
		want = !want
	}
	return b.String(), len(toks) > 0 && !want
}
