package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// LIST-MEMBER-GUARD: a membership test in a separated list,
// instr(',' || list || ',', ',' || x || ',') > 0, accepts an x that itself
// holds the separator: 'memories,topics' is found in ',memories,topics,'
// (the allowed-key check of AGENTMEM_LLM_PARSE.only_keys let that model
// answer key through). INSTR finds substrings ("The INSTR functions search string for substring",
// docInstr), so the test is exact only when x holds no separator; the same
// condition must say so, as AGENTMEM_UTIL.reject_unknown_keys and get_enum
// do: "instr(x, ',') = 0" joined to a test for membership, or
// "instr(x, ',') > 0" joined (OR) to a test for non-membership.
const docInstr = "https://docs.oracle.com/cd/E11882_01/olap.112/e23381/row_functions030.htm"

func init() {
	Register(Rule{
		ID:      "LIST-MEMBER-GUARD",
		Summary: "instr(sep || list || sep, sep || x || sep) membership tests come with a guard that x holds no separator",
		Check:   checkListMemberGuard,
	})
}

// listSeparators are the characters the project separates lists with.
const listSeparators = ",;|"

// membershipTest is one INSTR list-membership test: the INSTR token at k,
// the separator, the value x, whether the comparison means "found", and the
// index of its guard in the same condition (-1: none).
type membershipTest struct {
	k      int
	sep    string
	x      []plsql.Token
	member bool
	guard  int
}

// membershipTests lists the membership tests of toks (significant tokens),
// in order: what the rule reports and what its planting test spoils.
func membershipTests(toks []plsql.Token) []membershipTest {
	var out []membershipTest
	for k := 0; k+1 < len(toks); k++ {
		if !isInstrCall(toks, k) {
			continue
		}
		args, end, ok := parseArgs(toks, k+1)
		if !ok || len(args) != 2 {
			continue
		}
		sep, x, ok := wrappedNeedle(args[1].Toks)
		if !ok {
			continue
		}
		member, ok := comparisonSense(toks, k, end)
		if !ok {
			continue
		}
		from, to := conditionExtent(toks, k, end)
		out = append(out, membershipTest{k: k, sep: sep, x: x, member: member,
			guard: guardAt(toks, from, to, k, sep, x, member)})
	}
	return out
}

func checkListMemberGuard(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		toks := sigTokens(f.Tokens)
		for _, m := range membershipTests(toks) {
			if m.guard >= 0 {
				continue
			}
			want := "instr(" + strings.ToLower(tokensText(m.x)) + ", '" + m.sep + "') = 0 and ..."
			if !m.member {
				want = "... or instr(" + strings.ToLower(tokensText(m.x)) + ", '" + m.sep + "') > 0"
			}
			out = append(out, at(f, toks[m.k], "LIST-MEMBER-GUARD", fmt.Sprintf(
				"membership test of %s in a '%s'-separated list without a guard that it holds no '%s': INSTR finds "+
					"substrings (%s), so a value holding the separator matches a run of entries; add %s to the same condition",
				strings.ToLower(tokensText(m.x)), m.sep, m.sep, docInstr, want)))
		}
	}
	return out
}

// isInstrCall: an unqualified INSTR( at k.
func isInstrCall(toks []plsql.Token, k int) bool {
	return toks[k].Kind == plsql.Ident && toks[k].Is("INSTR") && toks[k+1].Is("(") && (k == 0 || !toks[k-1].Is("."))
}

// concatPieces splits an expression at its top-level '||'.
func concatPieces(expr []plsql.Token) [][]plsql.Token {
	var out [][]plsql.Token
	depth, start := 0, 0
	for i, t := range expr {
		switch {
		case t.Is("("):
			depth++
		case t.Is(")"):
			depth--
		case depth == 0 && t.Is("||"):
			out = append(out, expr[start:i])
			start = i + 1
		}
	}
	return append(out, expr[start:])
}

// literalText returns the content of a piece that is one string literal.
func pieceLiteral(piece []plsql.Token) (string, bool) {
	if len(piece) != 1 || piece[0].Kind != plsql.String {
		return "", false
	}
	s := piece[0].Text
	if len(s) < 2 || s[0] != '\'' {
		return "", false // q-quotes and N'' literals are not how the lists are written
	}
	return strings.ReplaceAll(s[1:len(s)-1], "''", "'"), true
}

// wrappedNeedle recognises sep || x || sep (the literals may carry blanks:
// ', ' || x || ',') and returns the separator and x.
func wrappedNeedle(expr []plsql.Token) (string, []plsql.Token, bool) {
	pieces := concatPieces(expr)
	if len(pieces) < 3 {
		return "", nil, false
	}
	head, ok1 := pieceLiteral(pieces[0])
	tail, ok2 := pieceLiteral(pieces[len(pieces)-1])
	head, tail = strings.TrimSpace(head), strings.TrimSpace(tail)
	if !ok1 || !ok2 || len(head) != 1 || head != tail || !strings.Contains(listSeparators, head) {
		return "", nil, false
	}
	first := pieces[1][0]
	last := pieces[len(pieces)-2]
	for i := range expr {
		if expr[i].Offset == first.Offset {
			for j := i; j < len(expr); j++ {
				if expr[j].Offset == last[len(last)-1].Offset {
					return head, expr[i : j+1], true
				}
			}
		}
	}
	return "", nil, false
}

// comparisonSense reads the comparison of the INSTR call at k (its argument
// list ends before end) with zero or one: true when it tests "found"
// (> 0, >= 1, <> 0, != 0), false when it tests "not found" (= 0, < 1, <= 0).
// Either side of the operator is read.
func comparisonSense(toks []plsql.Token, k, end int) (bool, bool) {
	if end+1 < len(toks) && toks[end+1].Kind == plsql.Number {
		return senseOf(toks[end].Text, toks[end+1].Text)
	}
	if k >= 2 && toks[k-2].Kind == plsql.Number {
		return senseOf(flipOp(toks[k-1].Text), toks[k-2].Text)
	}
	return false, false
}

func flipOp(op string) string {
	switch op {
	case "<":
		return ">"
	case ">":
		return "<"
	case "<=":
		return ">="
	case ">=":
		return "<="
	}
	return op
}

func senseOf(op, n string) (bool, bool) {
	switch {
	case n == "0" && (op == ">" || op == "<>" || op == "!=" || op == "^=" || op == "~="):
		return true, true
	case n == "1" && op == ">=":
		return true, true
	case n == "0" && (op == "=" || op == "<="):
		return false, true
	case n == "1" && op == "<":
		return false, true
	}
	return false, false
}

// conditionExtent returns the token range [from, to) of the condition the
// INSTR call at k (ending before end) belongs to: back to the keyword or
// operator that opens it (IF, ELSIF, WHEN, WHILE, WHERE, AND of a JOIN ON
// is kept, RETURN, :=, an argument's '(' or ','), forward to THEN, LOOP,
// ';' or the ')' / ',' closing the enclosing argument.
func conditionExtent(toks []plsql.Token, k, end int) (int, int) {
	from := k
	for depth := 0; from > 0; from-- {
		t := toks[from-1]
		if t.Is(")") {
			depth++
			continue
		}
		if t.Is("(") {
			if depth > 0 {
				depth--
				continue
			}
			if from-2 >= 0 && isWord(toks[from-2]) && !isConditionWord(toks[from-2]) {
				break // the argument list of a call
			}
			continue // a grouping parenthesis: the condition goes on outside
		}
		if depth == 0 && (t.Is(",") || isConditionStart(t)) {
			break
		}
	}
	to := end
	for depth := 0; to < len(toks); to++ {
		t := toks[to]
		if t.Is("(") {
			depth++
			continue
		}
		if t.Is(")") {
			if depth == 0 {
				break
			}
			depth--
			continue
		}
		if depth == 0 && (t.Is(",") || t.Is("THEN") || t.Is("LOOP") || t.Is(";")) {
			break
		}
	}
	return from, to
}

func isConditionWord(t plsql.Token) bool {
	return t.Is("AND") || t.Is("OR") || t.Is("NOT") || t.Is("IF") || t.Is("ELSIF") || t.Is("WHEN") || t.Is("WHILE") ||
		t.Is("WHERE") || t.Is("RETURN") || t.Is("ON") || t.Is("HAVING")
}

func isConditionStart(t plsql.Token) bool {
	return t.Is("IF") || t.Is("ELSIF") || t.Is("WHEN") || t.Is("WHILE") || t.Is("WHERE") || t.Is("RETURN") ||
		t.Is("ON") || t.Is("HAVING") || t.Is(":=") || t.Is(";") || t.Is("THEN") || t.Is("ELSE") || t.Is("BEGIN")
}

// guardAt looks in toks[from:to] for instr(x, 'sep') compared so that it
// makes the membership test at k exact: "= 0" (no separator) next to a test
// for membership, "> 0" (has one) next to a test for non-membership. It
// returns the index of the guard's separator literal, or -1.
func guardAt(toks []plsql.Token, from, to, k int, sep string, x []plsql.Token, member bool) int {
	want := stripCaseFuncs(joinTokens(x))
	for g := from; g+1 < to; g++ {
		if g == k || !isInstrCall(toks, g) {
			continue
		}
		args, end, ok := parseArgs(toks, g+1)
		if !ok || len(args) != 2 {
			continue
		}
		lit, ok := pieceLiteral(args[1].Toks)
		if !ok || lit != sep || stripCaseFuncs(joinTokens(args[0].Toks)) != want {
			continue
		}
		if has, ok := comparisonSense(toks, g, end); ok && has != member {
			return indexOfToken(toks, args[1].Toks[0])
		}
	}
	return -1
}

// indexOfToken returns the index in toks of the token at t's offset.
func indexOfToken(toks []plsql.Token, t plsql.Token) int {
	for i := range toks {
		if toks[i].Offset == t.Offset {
			return i
		}
	}
	return -1
}

// stripCaseFuncs drops UPPER/LOWER/TRIM wrappers around a whole expression
// (normalized text): they add no separator, so a guard on the bare value
// covers the wrapped one.
func stripCaseFuncs(s string) string {
	for {
		changed := false
		for _, fn := range []string{"UPPER(", "LOWER(", "TRIM(", "LTRIM(", "RTRIM("} {
			if strings.HasPrefix(s, fn) && strings.HasSuffix(s, ")") && balanced(s[len(fn):len(s)-1]) {
				s, changed = s[len(fn):len(s)-1], true
			}
		}
		if !changed {
			return s
		}
	}
}

func balanced(s string) bool {
	depth := 0
	for _, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return false
			}
		case ',':
			if depth == 0 {
				return false // trim(x, y) and the like are no plain wrapper
			}
		}
	}
	return depth == 0
}
