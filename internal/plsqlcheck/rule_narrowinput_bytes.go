package plsqlcheck

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// Length semantics, the byte half of NARROW-INPUT (issue 9, item 2).
//
// A VARCHAR2(n) written without BYTE or CHAR takes the NLS_LENGTH_SEMANTICS
// of the session that compiles it, BYTE by default (Database Reference,
// NLS_LENGTH_SEMANTICS: "Default value BYTE";
// https://docs.oracle.com/en/database/oracle/oracle-database/26/refrn/NLS_LENGTH_SEMANTICS.html).
// Every length the package checks is counted in characters (LENGTH, SUBSTR,
// the request limits of the protocol), and in AL32UTF8 one character takes
// up to 4 bytes, so n characters of non-ASCII text overflow a byte-semantics
// VARCHAR2(n) with ORA-06502 instead of reaching the check that names the
// argument (AGENTMEM_UTIL.get_record_type's l_value varchar2(64) :=
// lower(substr(..., 1, 64)) did).
//
// The convention (docs/development.md, "Length semantics"): every PL/SQL
// VARCHAR2 or CHAR declared with a length up to maxCharDecl states CHAR.
// Longer ones (in practice the PL/SQL maximum 32767, a byte limit whatever
// the qualifier) are byte buffers. BYTE may be written where the value is
// bounded in bytes; such a target must not receive character-bounded text:
// substr(x, 1, m) or a CHAR-declared value of m characters with 4*m > n,
// or unvalidated input checked only with LENGTH (characters), not LENGTHB.

// maxCharDecl: VARCHAR2(n CHAR) needs up to 4*n bytes in AL32UTF8, and a
// PL/SQL variable is at most 32,767 bytes (PL/SQL Language Reference, Table
// 3-1); above 8191 the CHAR qualifier adds nothing the byte limit allows.
const maxCharDecl = 8191

// maxBytesPerChar: AL32UTF8 encodes a character in 1 to 4 bytes.
const maxBytesPerChar = 4

// byteDecls reports every VARCHAR2(n)/CHAR(n) with n <= maxCharDecl and no
// CHAR qualifier in the PL/SQL of a unit (declarations of variables,
// constants, record fields, collection elements, subtypes, object
// attributes); static SQL (JSON_TABLE columns, CAST) is not read, nor are
// associative array keys (INDEX BY VARCHAR2(v_size)).
//
// The convention binds the project's PL/SQL: files under sql/ and tests/sql/.
func byteDecls(f *File, u *unit) []Finding {
	if !u.plsql || !(inDir(f.Path, "sql/") || inDir(f.Path, "tests/sql/")) {
		return nil
	}
	regions := sqlRegions(u)
	toks := u.toks
	var out []Finding
	for k := 0; k+3 < len(toks); k++ {
		t := toks[k]
		if !(t.Is("VARCHAR2") || t.Is("VARCHAR") || t.Is("CHAR")) || !toks[k+1].Is("(") || toks[k+2].Kind != plsql.Number {
			continue
		}
		n, err := strconv.Atoi(toks[k+2].Text)
		if err != nil || n > maxCharDecl {
			continue
		}
		if toks[k+3].Is("CHAR") || toks[k+3].Is("BYTE") {
			continue // CHAR: the convention; BYTE: deliberate, read by the flow check
		}
		if inRegions(regions, k) {
			continue
		}
		if k >= 2 && toks[k-2].Is("INDEX") && toks[k-1].Is("BY") {
			// Associative array keys: the grammar documents INDEX BY
			// VARCHAR2(v_size) only, so keys are sized in bytes (4 per
			// character of their bound) instead.
			continue
		}
		typ := strings.ToLower(t.Text) + "(" + toks[k+2].Text
		out = append(out, at(f, t, "NARROW-INPUT", fmt.Sprintf(
			"%s) has byte length semantics (no CHAR: NLS_LENGTH_SEMANTICS, BYTE by default): %d characters of "+
				"non-ASCII text need up to %d bytes and raise ORA-06502; declare %s char) (docs/development.md, "+
				"length semantics)", typ, n, n*maxBytesPerChar, typ)))
	}
	return out
}

func inRegions(regions []sqlRegion, k int) bool {
	for _, r := range regions {
		if k >= r.start && k < r.end {
			return true
		}
	}
	return false
}

// byteTarget: a declared type counted in bytes: explicit BYTE, or no
// qualifier (what byteDecls leaves: lengths above maxCharDecl).
func byteTarget(typ string) bool {
	return !strings.HasSuffix(typ, " CHAR)")
}

// byteFinding: a target receiving text bounded in characters whose bytes
// can exceed what it holds: a BYTE target (or varchar2(32767)) taking
// substr(x, 1, m) or dbms_lob.substr(x, m) with 4m above its size.
// Unqualified targets up to maxCharDecl are left to byteDecls.
func byteFinding(f *File, tok plsql.Token, target, typ string, n int, l strLen) (Finding, bool) {
	// A CHAR target of n <= maxCharDecl holds n characters in any encoding;
	// longer ones are capped at 32,767 bytes.
	capacity := n
	if !byteTarget(typ) {
		if n <= maxCharDecl {
			return Finding{}, false
		}
		capacity = 32767
	}
	if l.kind != lenKnown || !l.chars || l.n*maxBytesPerChar <= capacity {
		return Finding{}, false
	}
	if !strings.HasSuffix(typ, " BYTE)") && n <= maxCharDecl {
		return Finding{}, false // unqualified: reported by byteDecls
	}
	return at(f, tok, "NARROW-INPUT", fmt.Sprintf(
		"%s %s is counted in bytes but receives up to %d characters (%s), up to %d bytes in AL32UTF8: ORA-06502 on "+
			"non-ASCII text; declare it CHAR or bound the value in bytes (substrb, lengthb)",
		target, strings.ToLower(typ), l.n, l.src, l.n*maxBytesPerChar)), true
}

// checkedBeforeBytes: like checkedBefore, with the condition measuring the
// source in bytes (LENGTHB(src)); a LENGTH check counts characters and does
// not protect a BYTE target.
func checkedBeforeBytes(u *unit, at int, src []plsql.Token) bool {
	if !checkedBefore(u, at, src) {
		return false
	}
	r := enclosingRoutine(u.innermost(at))
	for k := r.start; k+2+len(src) <= at; k++ {
		if u.toks[k].Is("LENGTHB") && u.toks[k+1].Is("(") &&
			joinTokens(u.toks[k+2:k+2+len(src)]) == joinTokens(src) {
			return true
		}
	}
	return false
}
