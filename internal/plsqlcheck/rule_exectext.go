package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// EXEC-TEXT: what EXECUTE IMMEDIATE sends must be one statement as the SQL
// engine takes it. Two mistakes are visible in the literal pieces of the
// text:
//   - DDL with a USING clause: "ORA-01027 bind variables not allowed for
//     data definition operations" (https://docs.oracle.com/en/error-help/db/ora-01027);
//     names and DDL values go into the text through the naming helper.
//   - A SQL statement whose text ends with ';': the terminator belongs to
//     SQL*Plus and to PL/SQL blocks, not to a SQL statement sent on its own
//     (ORA-00933 / ORA-00911 from the parser; codes as given in the shared
//     Go reference, not re-read in the Oracle documentation).
const docORA01027 = "https://docs.oracle.com/en/error-help/db/ora-01027"

func init() {
	Register(Rule{
		ID: "EXEC-TEXT",
		Summary: "EXECUTE IMMEDIATE of DDL takes no USING binds (ORA-01027) and a dynamic SQL statement's text " +
			"does not end with ';' (only PL/SQL blocks and CREATE of PL/SQL units do)",
		Check: checkExecText,
	})
}

var ddlVerbs = map[string]bool{"CREATE": true, "ALTER": true, "DROP": true, "GRANT": true, "REVOKE": true,
	"COMMENT": true, "TRUNCATE": true, "RENAME": true, "AUDIT": true, "NOAUDIT": true, "PURGE": true,
	"ANALYZE": true, "FLASHBACK": true, "ASSOCIATE": true, "DISASSOCIATE": true}

func checkExecText(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			if !u.plsql {
				continue
			}
			toks := u.toks
			for k := 0; k+2 < len(toks); k++ {
				if toks[k].Is("EXECUTE") && toks[k+1].Is("IMMEDIATE") {
					out = append(out, execTextProblems(u, k+2)...)
				}
			}
		}
	}
	return out
}

// execTextProblems looks at the dynamic text that starts at token s.
func execTextProblems(u *unit, s int) []Finding {
	toks := u.toks
	end, clause := s, -1
	for depth := 0; end < len(toks); end++ {
		t := toks[end]
		if t.Is("(") {
			depth++
		} else if t.Is(")") {
			depth--
		}
		if depth == 0 && (t.Is(";") || t.Is("USING") || t.Is("INTO") || t.Is("BULK") || t.Is("RETURNING") ||
			t.Is("RETURN")) {
			if t.Is("USING") {
				clause = end
			}
			break
		}
	}
	if end == s || toks[s].Kind != plsql.String {
		return nil // text not starting with a literal: nothing to read
	}
	words := strings.Fields(strings.ToUpper(literalText(toks[s])))
	if len(words) == 0 {
		return nil
	}
	plsqlText := words[0] == "BEGIN" || words[0] == "DECLARE" || createsPLSQLUnit(words)
	var out []Finding
	if ddlVerbs[words[0]] && !plsqlText && clause >= 0 {
		out = append(out, at(u.file, toks[clause], "EXEC-TEXT", fmt.Sprintf(
			"EXECUTE IMMEDIATE of a %s statement with USING: DDL takes no bind variables (ORA-01027, %s); "+
				"splice names and DDL values into the text with the naming helper (agentmem_util.sql_*)",
			words[0], docORA01027)))
	}
	last := toks[end-1]
	if !plsqlText && last.Kind == plsql.String && strings.HasSuffix(strings.TrimRight(literalText(last), " \t\r\n"), ";") {
		out = append(out, at(u.file, last, "EXEC-TEXT",
			"the dynamic SQL text ends with ';': a SQL statement sent by EXECUTE IMMEDIATE has no terminator "+
				"(ORA-00933/ORA-00911); only an anonymous PL/SQL block (BEGIN ... END;) keeps its ';'"))
	}
	return out
}

// literalText returns the content of a plain '...' literal with doubled
// quotes undone; other literals (q'[...]', N'...') give "".
func literalText(t plsql.Token) string {
	s := t.Text
	if len(s) < 2 || s[0] != '\'' || s[len(s)-1] != '\'' {
		return ""
	}
	return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
}

// createsPLSQLUnit: CREATE [OR REPLACE] [EDITIONABLE|NONEDITIONABLE]
// PACKAGE|PROCEDURE|FUNCTION|TRIGGER|TYPE, whose text ends with END;.
func createsPLSQLUnit(words []string) bool {
	if words[0] != "CREATE" {
		return false
	}
	for _, w := range words[1:] {
		switch w {
		case "OR", "REPLACE", "EDITIONABLE", "NONEDITIONABLE":
			continue
		case "PACKAGE", "PROCEDURE", "FUNCTION", "TRIGGER", "TYPE":
			return true
		}
		return false
	}
	return false
}
