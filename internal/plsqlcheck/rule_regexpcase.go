package plsqlcheck

import (
	"fmt"
	"strings"
	"unicode"
)

// REGEXP-CASE: a regular-expression pattern holding letters, called without
// match_param 'c'. SQL Language Reference, REGEXP_LIKE
// (https://docs.oracle.com/en/database/oracle/oracle-database/23/sqlrf/REGEXP_LIKE.html):
// "If you omit match_param, then: The default case and accent sensitivity
// are determined by the determined collation of the REGEXP_LIKE condition",
// and "'c' specifies case-sensitive and accent-sensitive matching, even if
// the determined collation of the condition is case-insensitive or
// accent-insensitive"; REGEXP_SUBSTR, REGEXP_INSTR, REGEXP_REPLACE and
// REGEXP_COUNT say the same. The collation is the session's NLS_SORT for
// literals and PL/SQL values (see REGEXP-RANGE), so under a _CI sort
// '^[ABC...Z]+$' accepts lower case and under an _AI sort it accepts 'Ä':
// spelling the letters out (REGEXP-RANGE) is not enough without 'c'.
// Digits count too: an accent-insensitive collation may equate other
// digit characters (full-width ２) with 0-9 (not documented either way, and
// 'c' costs nothing), found by the review of the spelled-out patterns.
//
// The pattern is resolved as REGEXP-RANGE resolves it; a letter is one
// outside a backslash escape (\d, \s) and outside [:class:] names. The
// match_param must be a literal (or literal constant) whose last 'c' or 'i'
// is 'c'; a match_param the checker cannot read is accepted. 'i' is not
// accepted: it leaves accent sensitivity to the collation, so
// case-insensitive matching spells both cases out with 'c'.
func init() {
	Register(Rule{
		ID:      "REGEXP-CASE",
		Summary: "a regular-expression pattern with letters or digits and no match_param 'c': case and accent sensitivity follow the session's NLS_SORT (_CI, _AI)",
		Check:   checkRegexpCase,
	})
}

// regexpMatchArg is the 0-based position of match_param, per function.
var regexpMatchArg = map[string]int{"REGEXP_LIKE": 2, "REGEXP_COUNT": 3, "REGEXP_SUBSTR": 4, "REGEXP_INSTR": 5,
	"REGEXP_REPLACE": 5}

func checkRegexpCase(p *Project) []Finding {
	var out []Finding
	for _, c := range patternUses(p) {
		letter, has := patternLetter(c.text)
		if !has {
			continue
		}
		m, ok := argFor(c.args, c.pa.match, c.pa.matchName)
		if ok {
			text, known := constantText(m.Toks, c.consts)
			if !known {
				if !(len(m.Toks) == 1 && m.Toks[0].Is("NULL")) {
					continue // not readable here: accepted
				}
			} else if k := strings.LastIndexAny(text, "ci"); k >= 0 && text[k] == 'c' {
				continue
			}
		}
		out = append(out, at(c.file, c.call, "REGEXP-CASE", fmt.Sprintf(
			"%s pattern holds the character %q but no match_param 'c': case and accent sensitivity then follow "+
				"the session's collation (NLS_SORT=BINARY_CI or GERMAN_AI match other characters); pass 'c'",
			strings.ToLower(c.name), letter)))
	}
	return out
}

// patternLetter returns the first letter or digit of a pattern that is matched as a
// character: not the letter of a backslash escape, not a [:class:] name.
func patternLetter(s string) (rune, bool) {
	r := []rune(s)
	for i := 0; i < len(r); i++ {
		switch {
		case r[i] == '\\':
			i++
		case r[i] == '[' && i+1 < len(r) && strings.ContainsRune(":=.", r[i+1]):
			end := strings.Index(string(r[i+2:]), string([]rune{r[i+1], ']'}))
			if end < 0 {
				return 0, false
			}
			i += 2 + len([]rune(string(r[i+2:])[:end])) + 1
		case unicode.IsLetter(r[i]) || unicode.IsDigit(r[i]):
			return r[i], true
		}
	}
	return 0, false
}
