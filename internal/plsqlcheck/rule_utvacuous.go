package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// UT-VACUOUS: utPLSQL checks that pass, or fail, without checking.
//
//  1. ut.expect(x).to_be_like('PATTERN') where x is SQLERRM, FORMAT_ERROR_STACK
//     or a variable assigned from them: the text starts with "ORA-201NN: ",
//     so a pattern starting with the class name ('INVALID_ARGUMENT:%') never
//     matches (to_be_like always fails, not_to_be_like always passes). The
//     pattern must start with '%', '_' or 'ORA-'.
//  2. IF cond THEN ut.fail(...) where cond compares a JSON getter's result
//     (get_string, get_number, ..., json_value) without NVL/COALESCE and
//     without an IS [NOT] NULL test: a missing key makes cond NULL and the
//     failure is skipped.
//
// ut.expect(cond).to_be_true is not flagged: a NULL actual is taken to fail
// to_be_true (not confirmed in utPLSQL's documentation; see docs/checker.md).
func init() {
	Register(Rule{
		ID:      "UT-VACUOUS",
		Summary: "utPLSQL checks that cannot fail or cannot pass: SQLERRM LIKE 'CLASS:%', IF a <> getter THEN ut.fail",
		Check:   checkUTVacuous,
	})
}

func checkUTVacuous(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		toks := sigTokens(f.Tokens)
		out = append(out, likeOnErrorText(f, toks)...)
		for _, u := range p.unitsOf(f) {
			for _, s := range allStmts(u) {
				if s.kind == "IF" {
					out = append(out, nullFail(f, u, s)...)
				}
			}
		}
	}
	return out
}

// errorTextNames: variables assigned SQLERRM or FORMAT_ERROR_STACK in the file.
func errorTextNames(toks []plsql.Token) map[string]bool {
	names := map[string]bool{}
	for k := 1; k+1 < len(toks); k++ {
		if toks[k].Is(":=") && isErrorText(toks[k+1:]) && isWord(toks[k-1]) && !(k >= 2 && toks[k-2].Is(".")) {
			names[identName(toks[k-1])] = true
		}
	}
	return names
}

// isErrorText: the expression starts with SQLERRM or
// [sys.]dbms_utility.format_error_stack.
func isErrorText(t []plsql.Token) bool {
	if len(t) > 0 && t[0].Is("SQLERRM") {
		return true
	}
	parts := dottedName(t, 0)
	return len(parts) >= 2 && parts[len(parts)-1] == "FORMAT_ERROR_STACK" && parts[len(parts)-2] == "DBMS_UTILITY"
}

func likeOnErrorText(f *File, toks []plsql.Token) []Finding {
	names := errorTextNames(toks)
	var out []Finding
	for k := 0; k+3 < len(toks); k++ {
		if !toks[k].Is("UT") || !toks[k+1].Is(".") || !toks[k+2].Is("EXPECT") || !toks[k+3].Is("(") {
			continue
		}
		args, end, ok := parseArgs(toks, k+3)
		if !ok || len(args) == 0 {
			continue
		}
		actual := args[0].Toks
		isErr := isErrorText(actual) && (len(actual) == 1 || len(dottedName(actual, 0))*2-1 == len(actual)) ||
			len(actual) == 1 && isWord(actual[0]) && names[identName(actual[0])]
		if !isErr || end+2 >= len(toks) || !toks[end].Is(".") {
			continue
		}
		m := end + 1 // to_be_like( / not_to_be_like( / to_( be_like( / not_to( be_like(
		if (toks[m].Is("TO_") || toks[m].Is("NOT_TO")) && toks[m+1].Is("(") && m+3 < len(toks) && toks[m+2].Is("BE_LIKE") {
			m += 2
		} else if !toks[m].Is("TO_BE_LIKE") && !toks[m].Is("NOT_TO_BE_LIKE") {
			continue
		}
		if m+2 >= len(toks) || !toks[m+1].Is("(") {
			continue
		}
		pat := toks[m+2]
		if pat.Kind != plsql.String || !strings.HasPrefix(pat.Text, "'") {
			continue
		}
		body := pat.Text[1:]
		if strings.HasPrefix(body, "%") || strings.HasPrefix(body, "_") || strings.HasPrefix(strings.ToUpper(body), "ORA-") {
			continue
		}
		out = append(out, at(f, pat, "UT-VACUOUS", fmt.Sprintf(
			"%s starts with 'ORA-NNNNN: ', so the pattern %s never matches (to_be_like always fails, not_to_be_like "+
				"always passes); start it with '%%'", strings.ToLower(tokensText(actual)), pat.Text)))
	}
	return out
}

// jsonValueGetters return NULL for a missing key.
var jsonValueGetters = map[string]bool{"GET_STRING": true, "GET_NUMBER": true, "GET_BOOLEAN": true, "GET_DATE": true,
	"GET_TIMESTAMP": true, "GET_CLOB": true, "JSON_VALUE": true}

// nullFail flags IF/ELSIF branches that call ut.fail under a condition that
// is NULL when a getter finds nothing.
func nullFail(f *File, u *unit, s *stmt) []Finding {
	var out []Finding
	condStart := s.start + 1
	for b, branch := range s.branches {
		if len(branch) == 0 {
			break
		}
		if s.hasElse && b == len(s.branches)-1 {
			break
		}
		cond := u.toks[condStart:branch[0].start]
		condStart = branch[len(branch)-1].end + 1 // after ELSIF
		if len(cond) > 0 && cond[len(cond)-1].Is("THEN") {
			cond = cond[:len(cond)-1]
		}
		if !failsDirectly(u, branch) {
			continue
		}
		if g, bad := nullableComparison(cond); bad {
			out = append(out, at(f, u.toks[branch[0].start], "UT-VACUOUS", fmt.Sprintf(
				"ut.fail runs only when the condition is TRUE, and it is NULL when %s finds nothing: the check "+
					"passes without checking; wrap the getter in nvl() or test IS NULL first", g)))
		}
	}
	return out
}

func failsDirectly(u *unit, branch []*stmt) bool {
	for _, st := range branch {
		t := u.toks[st.start:st.end]
		if len(t) >= 3 && t[0].Is("UT") && t[1].Is(".") && t[2].Is("FAIL") {
			return true
		}
	}
	return false
}

// nullableComparison: cond has a comparison with a bare getter call on one
// side and no IS [NOT] NULL anywhere.
func nullableComparison(cond []plsql.Token) (string, bool) {
	for k := 0; k+1 < len(cond); k++ {
		if cond[k].Is("IS") && (cond[k+1].Is("NULL") || cond[k+1].Is("NOT")) {
			return "", false
		}
	}
	hasCmp := false
	for _, t := range cond {
		for _, op := range []string{"=", "<>", "!=", "^=", "<", ">", "<=", ">="} {
			if t.Kind == plsql.Op && t.Text == op {
				hasCmp = true
			}
		}
	}
	if !hasCmp {
		return "", false
	}
	shielded := 0 // depth inside nvl/coalesce arguments
	var stack []bool
	for k, t := range cond {
		switch {
		case t.Is("("):
			sh := k > 0 && (cond[k-1].Is("NVL") || cond[k-1].Is("COALESCE") || cond[k-1].Is("NVL2"))
			stack = append(stack, sh)
			if sh {
				shielded++
			}
		case t.Is(")"):
			if n := len(stack); n > 0 {
				if stack[n-1] {
					shielded--
				}
				stack = stack[:n-1]
			}
		case shielded == 0 && isWord(t) && jsonValueGetters[identName(t)] && k+1 < len(cond) && cond[k+1].Is("("):
			if identName(t) == "JSON_VALUE" || (k > 0 && cond[k-1].Is(".")) {
				return strings.ToLower(t.Text), true
			}
		}
	}
	return "", false
}

// allStmts lists every statement of a unit, nested ones included.
func allStmts(u *unit) []*stmt {
	var out []*stmt
	seen := map[*stmt]bool{} // a DECLARE block is both a scope and a statement
	var walk func([]*stmt)
	walk = func(ss []*stmt) {
		for _, s := range ss {
			if seen[s] {
				continue
			}
			seen[s] = true
			out = append(out, s)
			for _, b := range s.branches {
				walk(b)
			}
			if s.blk != nil {
				walk(s.blk.stmts)
				for _, h := range s.blk.handlers {
					walk(h.stmts)
				}
			}
		}
	}
	for _, sc := range u.scopes {
		if sc.body != nil {
			walk(sc.body.stmts)
			for _, h := range sc.body.handlers {
				walk(h.stmts)
			}
		}
	}
	return out
}
