package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// SQL-ONLY: SQL functions PL/SQL expressions do not have. DECODE, the
// aggregate functions and EXISTS exist only inside SQL statements; used in a
// PL/SQL expression ("l_x := decode(p_mode, 'A', 1, 2);") they fail with
// PLS-00204, "function or pseudo-column 'string' may be used inside a SQL
// statement only" (the code seen only in third-party pages quoting the
// compiler, e.g. for EXISTS in PL/SQL). Collection methods (l_list.count, l_list.exists(i))
// are qualified and therefore not flagged; a local subprogram or variable of
// the same name is respected. NVL2 is SQL-only too, but PL/SQL does not know
// the name at all: PLS-00201 "identifier 'NVL2' must be declared" (a 12.2
// compiler transcript, https://pastebin.com/VnkjRaKS; an independent read
// found it in AGENTMEM_SECURITY_DDS.run_ddl's handlers).
func init() {
	Register(Rule{
		ID:      "SQL-ONLY",
		Summary: "no SQL-only function (DECODE, COUNT, SUM, AVG, MIN, MAX, EXISTS: PLS-00204; NVL2: PLS-00201) in a PL/SQL expression outside SQL",
		Check:   checkSQLOnly,
	})
}

var sqlOnlyFunctions = map[string]bool{"DECODE": true, "COUNT": true, "SUM": true, "AVG": true, "MIN": true, "MAX": true, "EXISTS": true, "NVL2": true}

func checkSQLOnly(p *Project) []Finding {
	pkgs := p.Packages()
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		var sql []sqlRegion
		sqlDone := false
		toks := u.toks
		for k, t := range toks {
			if t.Kind != plsql.Ident || len(t.Text) > 7 || k+1 >= len(toks) || !toks[k+1].Is("(") || !sqlOnlyFunctions[t.Upper()] {
				continue
			}
			if !sqlDone {
				sql, sqlDone = sqlRegions(u), true // only units with a candidate pay for the regions
			}
			if k > 0 && (toks[k-1].Is(".") || toks[k-1].Is("%")) || inRanges(sql, k) {
				continue
			}
			if visibleDeclKind(u, pkgs, t.Upper(), k) != "" {
				continue
			}
			if subs, ok := visibleSubs(u, nil, t.Upper(), k); ok && len(subs) > 0 {
				continue
			}
			code := "PLS-00204"
			if t.Upper() == "NVL2" {
				code = "PLS-00201: PL/SQL does not declare NVL2"
			}
			out = append(out, at(u.file, t, "SQL-ONLY", fmt.Sprintf(
				"%s is a SQL function that PL/SQL expressions do not have (%s); use CASE in PL/SQL, or compute it in a SQL statement",
				strings.ToUpper(t.Text), code)))
		}
	}
	return out
}
