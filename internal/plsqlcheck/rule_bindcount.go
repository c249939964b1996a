package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// BIND-COUNT: EXECUTE IMMEDIATE binds the USING values to the placeholders
// of a SQL statement by position, every occurrence taking its own value (a
// repeated :x needs its value repeated); in an anonymous PL/SQL block by
// name, each distinct name once (shared reference oracle-reference.md §11.1,
// "Dynamic SQL binding rules"; PL/SQL Language Reference, "Repeated
// Placeholder Names in Dynamic SQL Statements"). A count that differs fails
// only at run time, with ORA-01008 ("when using positional binding, specify
// a value for each bind variable position, even if the bind variable
// placeholder name is repeated", https://docs.oracle.com/error-help/db/ora-01008)
// or ORA-01006 (bind variable does not exist). The rule counts where the whole text is
// known: string literals, constants made of literals, and the naming
// helpers (agentmem_util.sql_*, dbms_assert.*), whose results hold no
// placeholder, and variables holding only such a result. CASE pieces count
// when all their branches agree. Text with anything else in it (another
// variable, a function result, a SQL builder) is skipped.
func init() {
	Register(Rule{
		ID: "BIND-COUNT",
		Summary: "EXECUTE IMMEDIATE passes as many USING (and RETURNING INTO) values as its known text has " +
			"placeholders: one per occurrence in SQL, one per name in a PL/SQL block",
		Check: checkBindCount,
	})
}

func checkBindCount(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		sig := sigTokens(f.Tokens)
		consts := literalConstants(sig)
		helpers := helperVariables(sig)
		for _, u := range p.unitsOf(f) {
			if !u.plsql {
				continue
			}
			for k := 0; k+2 < len(u.toks); k++ {
				if u.toks[k].Is("EXECUTE") && u.toks[k+1].Is("IMMEDIATE") {
					if fd, ok := bindCountProblem(u, k, consts, helpers); ok {
						out = append(out, fd)
					}
				}
			}
		}
	}
	return out
}

// bindCountProblem checks the EXECUTE IMMEDIATE at toks[k].
func bindCountProblem(u *unit, k int, consts map[string]string, helpers map[string]bool) (Finding, bool) {
	toks := u.toks
	s := k + 2
	textEnd, stmtEnd := s, s
	for depth := 0; stmtEnd < len(toks); stmtEnd++ {
		t := toks[stmtEnd]
		if t.Is("(") {
			depth++
		} else if t.Is(")") {
			depth--
		}
		if depth != 0 {
			continue
		}
		if textEnd == s && (t.Is("USING") || t.Is("INTO") || t.Is("BULK") || t.Is("RETURNING") || t.Is("RETURN")) {
			textEnd = stmtEnd
		}
		if t.Is(";") {
			break
		}
	}
	if textEnd == s {
		textEnd = stmtEnd
	}
	text, ok := knownText(toks[s:textEnd], consts, helpers)
	if !ok {
		return Finding{}, false
	}
	words := strings.Fields(strings.ToUpper(text))
	if len(words) == 0 {
		return Finding{}, false
	}
	block := words[0] == "BEGIN" || words[0] == "DECLARE"
	if !block && ddlVerbs[words[0]] {
		return Finding{}, false // EXEC-TEXT reports DDL with binds
	}
	names := placeholders(text)
	want := len(names)
	how := "occurrence"
	if block {
		distinct := map[string]bool{}
		for _, n := range names {
			distinct[strings.ToUpper(n)] = true
		}
		want, how = len(distinct), "distinct name"
	}
	got := clauseValues(toks[textEnd:stmtEnd], "USING") + clauseValues(toks[textEnd:stmtEnd], "RETURNING") +
		clauseValues(toks[textEnd:stmtEnd], "RETURN")
	if got == want {
		return Finding{}, false
	}
	return at(u.file, toks[k], "BIND-COUNT", fmt.Sprintf(
		"the dynamic text has %d placeholder(s) (one value per %s: %s) but the statement passes %d value(s) in "+
			"USING/RETURNING INTO: ORA-01008 (not all variables bound) or ORA-01006 (bind variable does not exist) "+
			"at run time; in SQL a repeated placeholder needs its value repeated",
		want, how, strings.Join(names, " "), got)), true
}

// knownText renders the text expression when every piece is known: plain
// literals, constants of consts, naming-helper calls and helper variables
// (rendered as a name), and CASE expressions whose branches are all known
// and hold the same placeholders, joined with ||.
func knownText(expr []plsql.Token, consts map[string]string, helpers map[string]bool) (string, bool) {
	var b strings.Builder
	want := true
	for i := 0; i < len(expr); i++ {
		t := expr[i]
		switch {
		case want && t.Kind == plsql.String && strings.HasPrefix(t.Text, "'"):
			b.WriteString(literalText(t))
		case want && t.Is("CASE"):
			end := caseEnd(expr, i)
			if end < 0 {
				return "", false
			}
			text, ok := caseText(expr[i:end+1], consts, helpers)
			if !ok {
				return "", false
			}
			b.WriteString(text)
			i = end
		case want && t.Is("("):
			end := matchParen(expr, i)
			if end < 0 {
				return "", false
			}
			text, ok := knownText(expr[i+1:end], consts, helpers)
			if !ok {
				return "", false
			}
			b.WriteString(text)
			i = end
		case want && (t.Kind == plsql.Ident || t.Kind == plsql.QuotedIdent):
			if c, ok := readDotted(expr, i); ok && c.HasParens && namingHelper(c.Parts) {
				b.WriteString(" x ")
				i = c.End - 1
				break
			}
			name, _ := identText(t)
			if i+1 < len(expr) && (expr[i+1].Is(".") || expr[i+1].Is("(")) {
				return "", false
			}
			if helpers[name] {
				b.WriteString(" x ")
				break
			}
			v, known := consts[name]
			if !known {
				return "", false
			}
			b.WriteString(v)
		case !want && t.Is("||"):
		default:
			return "", false
		}
		want = !want
	}
	return b.String(), len(expr) > 0 && !want
}

// caseEnd returns the index of the END closing the CASE at i, or -1.
func caseEnd(expr []plsql.Token, i int) int {
	depth := 0
	for k := i; k < len(expr); k++ {
		if expr[k].Is("CASE") {
			depth++
		} else if expr[k].Is("END") {
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// caseText renders a CASE expression (CASE ... END) when every result
// branch is known text with the same placeholders; a CASE without ELSE has
// an empty (NULL) branch.
func caseText(expr []plsql.Token, consts map[string]string, helpers map[string]bool) (string, bool) {
	var branches [][]plsql.Token
	hasElse := false
	start, depth, paren := -1, 0, 0
	closeBranch := func(k int) {
		if start >= 0 {
			branches = append(branches, expr[start:k])
			start = -1
		}
	}
	for k := 1; k < len(expr)-1; k++ {
		t := expr[k]
		switch {
		case t.Is("("):
			paren++
		case t.Is(")"):
			paren--
		case t.Is("CASE"):
			depth++
		case t.Is("END"):
			depth--
		}
		if depth != 0 || paren != 0 {
			continue
		}
		switch {
		case t.Is("WHEN"):
			closeBranch(k)
		case t.Is("THEN"):
			start = k + 1
		case t.Is("ELSE"):
			closeBranch(k)
			start, hasElse = k+1, true
		}
	}
	closeBranch(len(expr) - 1)
	if len(branches) == 0 {
		return "", false
	}
	var first string
	var firstNames []string
	for n, br := range branches {
		text, ok := knownText(br, consts, helpers)
		if !ok {
			return "", false
		}
		names := placeholders(text)
		if n == 0 {
			first, firstNames = text, names
		} else if strings.Join(names, " ") != strings.Join(firstNames, " ") {
			return "", false
		}
	}
	if !hasElse && len(firstNames) > 0 {
		return "", false // the NULL branch holds none of them
	}
	return first, true
}

// helperVariables lists the variables of a file whose only assignment is
// their declaration's initial value, a naming-helper call
// (l_rel varchar2(300) := agentmem_util.sql_object(...)).
func helperVariables(toks []plsql.Token) map[string]bool {
	out := map[string]bool{}
	assigned := map[string]int{}
	for k := 1; k < len(toks); k++ {
		if !toks[k].Is(":=") {
			continue
		}
		name, ok := assignTarget(toks, k)
		if !ok {
			continue
		}
		assigned[name]++
		if c, ok := readDotted(toks, k+1); ok && c.HasParens && namingHelper(c.Parts) &&
			c.End < len(toks) && toks[c.End].Is(";") && !identIs(toks[k-1], name) {
			out[name] = true // a declaration (the token before := is its type)
		}
	}
	for n := range out {
		if assigned[n] != 1 {
			delete(out, n)
		}
	}
	return out
}

func identIs(t plsql.Token, name string) bool {
	n, ok := identText(t)
	return ok && n == name
}

// namingHelper: agentmem_util.sql_* and dbms_assert.* return names and
// literals, never placeholders.
func namingHelper(parts []string) bool {
	if len(parts) != 2 {
		return false
	}
	return (parts[0] == "AGENTMEM_UTIL" && strings.HasPrefix(parts[1], "SQL_")) || parts[0] == "DBMS_ASSERT"
}

// placeholders lists the :name and :1 placeholders of SQL or PL/SQL text,
// outside string literals, quoted identifiers and comments (":=" is not one).
func placeholders(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\'':
			for i++; i < len(text); i++ {
				if text[i] == '\'' {
					if i+1 < len(text) && text[i+1] == '\'' {
						i++
						continue
					}
					break
				}
			}
		case c == '"':
			for i++; i < len(text) && text[i] != '"'; i++ {
			}
		case c == '-' && i+1 < len(text) && text[i+1] == '-':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				return out
			}
			i += end + 3
		case c == ':' && i+1 < len(text) && isPlaceholderChar(text[i+1]) && (i == 0 || !isPlaceholderChar(text[i-1])):
			j := i + 1
			for j < len(text) && isPlaceholderChar(text[j]) {
				j++
			}
			out = append(out, text[i:j])
			i = j - 1
		}
	}
	return out
}

func isPlaceholderChar(c byte) bool {
	return c == '_' || c == '$' || c == '#' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

// clauseValues counts the values of the USING clause, or the targets of the
// RETURNING/RETURN INTO clause, in the tail of an EXECUTE IMMEDIATE (after
// its text): top-level comma-separated expressions up to the next clause.
func clauseValues(tail []plsql.Token, clause string) int {
	start := -1
	for i, t := range tail {
		if t.Is(clause) {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return 0
	}
	if clause != "USING" {
		for start < len(tail) && (tail[start].Is("BULK") || tail[start].Is("COLLECT") || tail[start].Is("INTO")) {
			start++
		}
	}
	n, depth, any := 0, 0, false
	for _, t := range tail[start:] {
		if t.Is("(") {
			depth++
		} else if t.Is(")") {
			depth--
		}
		if depth == 0 && (t.Is(";") || t.Is("USING") || t.Is("RETURNING") || t.Is("RETURN")) {
			break
		}
		if depth == 0 && t.Is(",") {
			n++
			continue
		}
		any = true
	}
	if any {
		n++
	}
	return n
}
