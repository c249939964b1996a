package plsqlcheck

import (
	"fmt"
	"strings"
)

// LOB-SUBSTR: DBMS_LOB.SUBSTR assigned to a CLOB. DBMS_LOB.SUBSTR returns a
// VARCHAR2 (RAW for a BLOB), so it holds at most 32767 bytes, and the DBMS_LOB
// reference says that for a varying-width character set an amount above
// 32767/n characters returns at most that many (older releases: NULL). A CLOB
// target says the text may be longer than that: cutting it with
// DBMS_LOB.SUBSTR silently shortens it (the review of AGENTMEM_THREAD found
// a durable summary cut this way at any budget over 4,681 tokens). SUBSTR
// has a CLOB overload in STANDARD that returns a CLOB and counts characters.
const docLobSubstr = "https://docs.oracle.com/en/database/oracle/oracle-database/26/arpls/DBMS_LOB.html (SUBSTR Functions)"

func init() {
	Register(Rule{
		ID:      "LOB-SUBSTR",
		Summary: "DBMS_LOB.SUBSTR (a VARCHAR2 of at most 32767 bytes) assigned to a CLOB: use SUBSTR's CLOB overload",
		Check:   checkLobSubstr,
	})
}

func checkLobSubstr(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		toks := sigTokens(f.Tokens)
		types := declaredTypes(toks)
		for i := 0; i+5 < len(toks); i++ {
			if !toks[i+1].Is(":=") || !toks[i+2].Is("DBMS_LOB") || !toks[i+3].Is(".") || !toks[i+4].Is("SUBSTR") ||
				!toks[i+5].Is("(") {
				continue
			}
			name, ok := identText(toks[i])
			if !ok || (i > 0 && toks[i-1].Is(".")) {
				continue
			}
			if close := matchParen(toks, i+5); close < 0 || close+1 >= len(toks) || !toks[close+1].Is(";") {
				continue // part of a larger expression: its type is the expression's
			}
			if typ := types[name]; typ == "CLOB" || typ == "NCLOB" {
				out = append(out, at(f, toks[i+2], "LOB-SUBSTR", fmt.Sprintf(
					"%s is a CLOB but DBMS_LOB.SUBSTR returns a VARCHAR2 of at most 32767 bytes (in AL32UTF8 as few "+
						"as 8191 characters) and cuts longer text short (%s); use substr(x, 1, n), whose CLOB "+
						"overload returns a CLOB", strings.ToLower(name), docLobSubstr)))
			}
		}
	}
	return out
}
