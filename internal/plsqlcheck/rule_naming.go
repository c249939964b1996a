package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

func init() {
	Register(Rule{
		ID: "NAMING",
		Summary: "prefixes of style rule 2 in sql/packages, sql/scheduler and tests/sql: p_ parameters with an explicit mode, " +
			"l_ locals, g_ package variables, co_ constants, c_ cursors, e_ exceptions, t_/_type types; no quoted names",
		Check: checkNaming,
	})
}

func checkNaming(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if !inPackageDir(f.Path) && !inDir(f.Path, "tests/sql/") {
			continue
		}
		for _, u := range p.unitsOf(f) {
			out = append(out, namingParams(u)...)
			out = append(out, namingDecls(u)...)
		}
	}
	return out
}

func namingParams(u *unit) []Finding {
	var out []Finding
	for _, sd := range u.subs {
		for i, prm := range sd.Params {
			t := paramTok(u, sd, prm)
			if msg := prefixProblem(t, "parameter", "P_"); msg != "" {
				out = append(out, at(u.file, t, "NAMING", msg))
			} else if !sd.explicit[i] {
				out = append(out, at(u.file, t, "NAMING", fmt.Sprintf(
					"parameter %s of %s %s has no explicit mode: write IN, OUT or IN OUT", prm.Name, sd.Kind, sd.Name)))
			}
		}
	}
	return out
}

func namingDecls(u *unit) []Finding {
	var out []Finding
	for _, sc := range u.scopes {
		for _, d := range sc.decls {
			var msg string
			switch d.kind {
			case "CONSTANT":
				msg = prefixProblem(d.tok, "constant", "CO_")
			case "EXCEPTION":
				msg = prefixProblem(d.tok, "exception", "E_")
			case "CURSOR":
				msg = prefixProblem(d.tok, "cursor", "C_")
			case "CURSOR PARAM":
				msg = prefixProblem(d.tok, "cursor parameter", "P_")
			case "TYPE", "SUBTYPE":
				if d.tok.Kind == plsql.Ident && strings.HasSuffix(d.name, "_TYPE") {
					break
				}
				msg = prefixProblem(d.tok, strings.ToLower(d.kind), "T_")
				if msg != "" && d.tok.Kind == plsql.Ident {
					msg = strings.TrimSuffix(msg, ")") + " or the suffix _type)"
				}
			case "VARIABLE":
				if sc.kind == "PACKAGE" || sc.kind == "PACKAGE BODY" {
					msg = prefixProblem(d.tok, "package variable", "G_")
				} else {
					msg = prefixProblem(d.tok, "local variable", "L_")
				}
			}
			if msg != "" {
				out = append(out, at(u.file, d.tok, "NAMING", msg))
			}
		}
	}
	return out
}

// prefixProblem checks one name against its prefix; "" when it conforms.
func prefixProblem(t plsql.Token, what, prefix string) string {
	if t.Kind == plsql.QuotedIdent {
		return fmt.Sprintf("%s %s is a quoted identifier: style rule 1 says never double-quote names", what, t.Text)
	}
	name := identName(t)
	if strings.HasPrefix(name, prefix) && len(name) > len(prefix) {
		return ""
	}
	return fmt.Sprintf("%s %s must start with %s (style rule 2)", what, strings.ToLower(name), strings.ToLower(prefix))
}
