package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// REGEXP-RANGE: a range expression inside a bracket expression ([A-Z],
// [a-z0-9], [0-9a-f] ...) in the pattern of REGEXP_LIKE, REGEXP_SUBSTR,
// REGEXP_INSTR, REGEXP_REPLACE or REGEXP_COUNT.
//
// Oracle compares characters in its regular-expression functions with the
// collation the collation determination rules give the call (Globalization
// Support Guide, appendix "Collation Derivation and Determination Rules for
// SQL Operations": a character literal and a PL/SQL value take the
// pseudo-collation USING_NLS_COMP, a column its declared collation), and a
// range matches what sorts between its end points in that collation (POSIX
// range expressions). The session's NLS_SORT decides it even with
// NLS_COMP=BINARY: utPLSQL issue 1252 (19c, NLS_SORT=ESTONIAN,
// NLS_COMP=BINARY) broke on a range, and PR 1253 replaced all ranges. Under
// NLS_SORT=GERMAN [A-Z] also matches lower-case and accented letters; under
// ESTONIAN it misses T to Y (the Estonian alphabet puts Z before T). No
// Oracle page found here says digit ranges are exempt, so [0-9] is treated
// like letters.
//
// The pattern is the second argument, positional or named PATTERN, in SQL
// and PL/SQL alike (a CHECK constraint, a static SQL statement, a PL/SQL
// expression). Its text is resolved from string literals, constants of the
// same file made of literals (and of earlier such constants), a package
// body's own spec constants by bare name, and package-qualified constants
// of a project package spec, joined with ||; a piece that cannot be resolved
// (a variable, a call, chr(9)) is read as one character that ends no range.
// Patterns built at run time are not seen.
//
// The fix: spell the characters out (and pass match_param 'c', REGEXP-CASE), with AGENTMEM_UTIL.CO_ASCII_LETTERS
// or CO_UPPER_LETTERS in PL/SQL ('[' || agentmem_util.co_ascii_letters ||
// '0123456789_]'), digits as 0123456789, and written-out literals where no
// PL/SQL constant can be named (a CHECK constraint).
func init() {
	Register(Rule{
		ID:      "REGEXP-RANGE",
		Summary: "a bracket range ([A-Z], [0-9]) in a regular-expression pattern depends on the session's NLS_SORT; spell the characters out",
		Check:   checkRegexpRange,
	})
}

// regexpUnknown stands for a pattern piece the checker cannot resolve.
const regexpUnknown = '\x00'

func checkRegexpRange(p *Project) []Finding {
	var out []Finding
	for _, c := range patternUses(p) {
		if r, found := firstRange(c.text); found {
			out = append(out, at(c.file, c.pattern.At, "REGEXP-RANGE", fmt.Sprintf(
				"%s pattern holds the range [%s]: Oracle interprets a range in the session's collation "+
					"(NLS_SORT), so under GERMAN [A-Z] matches lower-case letters and under ESTONIAN it misses "+
					"T to Y; spell the characters out (agentmem_util.co_ascii_letters or co_upper_letters, digits as 0123456789)",
				strings.ToLower(c.name), r)))
		}
	}
	return out
}

// projectSpecConstants maps PKG.NAME to the text of every spec constant
// made of literals.
func projectSpecConstants(p *Project) map[string]string {
	out := map[string]string{}
	for _, pk := range sortedPackages(p.Packages()) {
		if pk.Spec == nil || pk.Spec.LexErr != nil {
			continue
		}
		for n, v := range literalConstants(sigTokens(pk.Spec.Tokens)) {
			out[pk.Name+"."+n] = v
		}
	}
	return out
}

// fileConstants: the literal constants a file can name: every spec
// constant as PKG.NAME, a package body's own spec constants bare, and the
// file's own (which may be built from any of those).
func fileConstants(p *Project, f *File, toks []plsql.Token, specConsts map[string]string) map[string]string {
	consts := map[string]string{}
	for k, v := range specConsts {
		consts[k] = v
	}
	for _, u := range p.unitsOf(f) {
		if u.kind == "PACKAGE BODY" {
			for k, v := range specConsts {
				if strings.HasPrefix(k, u.name+".") {
					consts[strings.TrimPrefix(k, u.name+".")] = v
				}
			}
		}
	}
	for k, v := range literalConstantsWith(toks, consts) {
		consts[k] = v
	}
	return consts
}

// patternText joins the pieces of a || chain; unresolved pieces become
// regexpUnknown.
func patternText(toks []plsql.Token, consts, specConsts map[string]string) string {
	var b strings.Builder
	for _, piece := range splitTop(toks, "||") {
		switch {
		case len(piece) == 1 && piece[0].Kind == plsql.String && strings.HasPrefix(piece[0].Text, "'"):
			b.WriteString(literalText(piece[0]))
		case len(piece) == 1 && piece[0].Kind == plsql.Ident:
			if v, ok := consts[identName(piece[0])]; ok {
				b.WriteString(v)
			} else {
				b.WriteRune(regexpUnknown)
			}
		case len(piece) == 3 && piece[0].Kind == plsql.Ident && piece[1].Is(".") && piece[2].Kind == plsql.Ident:
			if v, ok := specConsts[identName(piece[0])+"."+identName(piece[2])]; ok {
				b.WriteString(v)
			} else {
				b.WriteRune(regexpUnknown)
			}
		default:
			b.WriteRune(regexpUnknown)
		}
	}
	return b.String()
}

// firstRange returns the first range expression ("A-Z") inside a bracket
// expression of a POSIX pattern as Oracle reads it: a backslash outside
// brackets escapes the next character; inside, ']' first (after an
// optional '^') is literal, [:class:], [=equiv=] and [.coll.] are whole
// items, and '-' first or last is literal.
func firstRange(s string) (string, bool) {
	r := []rune(s)
	for i := 0; i < len(r); i++ {
		switch r[i] {
		case '\\':
			i++
			continue
		case '[':
		default:
			continue
		}
		j := i + 1
		if j < len(r) && r[j] == '^' {
			j++
		}
		first := true
		for j < len(r) && (first || r[j] != ']') {
			first = false
			if r[j] == '[' && j+1 < len(r) && strings.ContainsRune(":=.", r[j+1]) {
				closer := string([]rune{r[j+1], ']'})
				end := strings.Index(string(r[j+2:]), closer)
				if end < 0 {
					return "", false
				}
				j += 2 + len([]rune(string(r[j+2:])[:end])) + 2
				continue
			}
			if j+2 < len(r) && r[j+1] == '-' && r[j+2] != ']' && r[j] != regexpUnknown && r[j+2] != regexpUnknown {
				return string(r[j : j+3]), true
			}
			j++
		}
		i = j
	}
	return "", false
}
