package plsqlcheck

import (
	"github.com/agentmem/agentmem/internal/plsql"
)

// SUBSTRB-CHAR: SUBSTRB used to read characters, i.e. its result compared
// with a literal (=, <>, !=, ^=, ~=, IN, NOT IN, or a simple CASE's WHEN).
//
// SUBSTRB "uses bytes instead of characters" (SQL Language Reference,
// SUBSTR, https://docs.oracle.com/en/database/oracle/oracle-database/23/sqlrf/SUBSTR.html),
// so in AL32UTF8 a byte range can cut a multibyte character. What comes back
// for the cut character is not a character of the text: Oracle returns the
// partial character as blanks (shown by published examples, e.g. a
// double-byte SUBSTRB starting on the second byte of a character returns a
// space; the Oracle page found here does not spell this out). So
// substrb(l_text, l_pos, 1) = ' ' is true on the first byte of a 2-byte
// character: AGENTMEM_SEARCH_KEYWORD.escape read 'école' as 'cole' this way
// (found by the issue 9 whole-tree review). Find the byte with INSTRB and
// compare positions, or read characters with SUBSTR. SUBSTRB that only
// bounds a value to n bytes (substrb(x, 1, n) assigned or passed on) is not
// a comparison and stays allowed.
//
// A literal is a string literal or a constant of the same file made of
// string literals. Blind spots: comparisons with variables, DECODE.
func init() {
	Register(Rule{
		ID:      "SUBSTRB-CHAR",
		Summary: "SUBSTRB compared with a literal reads characters by bytes (a partial multibyte character comes back as blanks)",
		Check:   checkSubstrbChar,
	})
}

var substrbCompareOps = map[string]bool{"=": true, "<>": true, "!=": true, "^=": true, "~=": true}

func checkSubstrbChar(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		toks := sigTokens(f.Tokens)
		consts := literalConstants(toks)
		isLit := func(k int) bool {
			if k < 0 || k >= len(toks) {
				return false
			}
			t := toks[k]
			if t.Kind == plsql.String {
				return true
			}
			if t.Kind == plsql.Ident {
				_, ok := consts[identName(t)]
				return ok && (k+1 >= len(toks) || !toks[k+1].Is("(") && !toks[k+1].Is("."))
			}
			return false
		}
		for i := 0; i+1 < len(toks); i++ {
			if toks[i].Kind != plsql.Ident || !toks[i].Is("SUBSTRB") || !toks[i+1].Is("(") {
				continue
			}
			if i > 0 && toks[i-1].Is(".") {
				continue
			}
			end := matchParen(toks, i+1)
			if end < 0 {
				continue
			}
			n := end + 1
			bad := false
			switch {
			case n+1 < len(toks) && substrbCompareOps[toks[n].Text] && isLit(n+1):
				bad = true
			case i >= 2 && substrbCompareOps[toks[i-1].Text] && isLit(i-2) && !(i >= 3 && toks[i-3].Is("||")):
				bad = true
			case i >= 1 && toks[i-1].Is("CASE") && n < len(toks) && toks[n].Is("WHEN") && isLit(n+1):
				bad = true
			default:
				k := n
				if k < len(toks) && toks[k].Is("NOT") {
					k++
				}
				if k+1 < len(toks) && toks[k].Is("IN") && toks[k+1].Is("(") {
					if close := matchParen(toks, k+1); close > k+1 {
						for j := k + 2; j < close; j++ {
							if isLit(j) {
								bad = true
								break
							}
						}
					}
				}
			}
			if bad {
				out = append(out, at(f, toks[i], "SUBSTRB-CHAR",
					"substrb compared with a literal reads characters by bytes: a multibyte character cut by the "+
						"byte range comes back as blanks (AL32UTF8), so a non-ASCII character can compare equal to ' '; "+
						"find the byte with instrb and compare positions, or read characters with substr"))
			}
		}
	}
	return out
}
