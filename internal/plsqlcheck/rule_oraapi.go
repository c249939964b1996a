package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// ORA-API checks calls of Oracle-supplied packages and of the JSON object
// types against the catalog transcribed from the Oracle documentation
// (catalog_*.go). On a database these mistakes surface only at compile time
// as PLS-00302 (unknown subprogram) or PLS-00306 (wrong number or names of
// arguments); we have no database, so the checker stands in.
func init() {
	Register(Rule{
		ID:      "ORA-API",
		Summary: "calls of Oracle packages (DBMS_*, CTX_DDL) and JSON_OBJECT_T/JSON_ARRAY_T methods match the documented signatures",
		Check:   checkOraAPI,
	})
}

func checkOraAPI(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue // the lexer error is reported by the rule that owns it
		}
		toks := sigTokens(f.Tokens)
		vars := jsonVariables(toks)
		for _, c := range dottedCalls(toks) {
			if msg := oraCallMessage(c, vars); msg != "" {
				out = append(out, Finding{File: f.Path, Line: c.Start.Line, Col: c.Start.Col, Rule: "ORA-API", Msg: msg})
			}
		}
	}
	return out
}

// oraCallMessage returns the finding text for one reference, or "" when it
// is not a cataloged call or is acceptable.
func oraCallMessage(c parsedCall, vars map[string]string) string {
	pkg, name := c.pkgAndName()
	member := false
	if typ, ok := vars[pkg]; ok && len(c.Parts) == 2 {
		pkg, member = typ, true
	}
	if len(c.Parts) == 3 && !isSchemaQualifier(c.Parts[0]) {
		return "" // a.b.c that is not schema.package.member: a record field path
	}
	subs, known := catalogLookup(pkg, name)
	if !known {
		return ""
	}
	display := strings.ToLower(pkg + "." + name)
	if member {
		display = strings.ToLower(c.Parts[0]) + "." + strings.ToLower(name) + " (" + strings.ToLower(pkg) + " method)"
	}
	if len(subs) == 0 {
		if !c.HasParens {
			return "" // constants and types of the package (dbms_lob.session, dbms_sql.native) are not cataloged
		}
		return fmt.Sprintf("%s is not a subprogram of %s in the checker's catalog (PLS-00302 on Oracle); if the Oracle documentation has it, add it with its source to %s",
			display, strings.ToLower(pkg), catalogFile(pkg))
	}
	var overloads [][]OraParam
	unverified := false
	for _, s := range subs {
		overloads = append(overloads, s.Params)
		unverified = unverified || s.Unverified
	}
	probs := bestOverload(overloads, c.Args)
	if probs == nil {
		return ""
	}
	msg := fmt.Sprintf("%s: %s (PLS-00306 on Oracle)", display, strings.Join(probs, "; "))
	if len(subs) > 1 {
		msg += fmt.Sprintf("; no overload of the %d cataloged accepts the call", len(subs))
	}
	if unverified {
		msg += "; note: part of this catalog entry is marked Unverified in " + catalogFile(pkg)
	}
	return msg
}

// isSchemaQualifier reports whether the first of three name parts is the
// owner of an Oracle-supplied package (sys.dbms_lob.append).
func isSchemaQualifier(s string) bool {
	return s == "SYS" || s == "CTXSYS" || s == "PUBLIC"
}

func catalogFile(pkg string) string {
	if strings.HasPrefix(pkg, "JSON_") {
		return "internal/plsqlcheck/catalog_json_types.go"
	}
	return "internal/plsqlcheck/catalog_" + strings.ToLower(pkg) + ".go"
}

// jsonVariables maps the names of variables and parameters declared with a
// cataloged object type (JSON_OBJECT_T, JSON_ARRAY_T) to that type, so that
// l_obj.get_string(...) can be checked. A name declared with different types
// in different scopes of the file is left out: the checker cannot tell which
// one a call refers to.
func jsonVariables(toks []plsql.Token) map[string]string {
	types := map[string]string{}
	conflict := map[string]bool{}
	for k, t := range toks {
		typ, ok := identText(t)
		if !ok || t.Kind != plsql.Ident {
			continue
		}
		if _, cataloged := oraCatalog[typ]; !cataloged || !strings.HasPrefix(typ, "JSON_") {
			continue
		}
		if k+1 < len(toks) && toks[k+1].Is(".") {
			continue // json_object_t.parse(...): a static call, not a declaration
		}
		j := k - 1
		for j >= 0 && (toks[j].Is("IN") || toks[j].Is("OUT") || toks[j].Is("NOCOPY") || toks[j].Is("CONSTANT")) {
			j--
		}
		if j < 0 {
			continue
		}
		name, ok := identText(toks[j])
		if !ok || declKeyword[name] {
			continue
		}
		if j > 0 && !(toks[j-1].Is(";") || toks[j-1].Is("(") || toks[j-1].Is(",") || toks[j-1].Is("IS") ||
			toks[j-1].Is("AS") || toks[j-1].Is("DECLARE")) {
			continue
		}
		if prev, seen := types[name]; seen && prev != typ {
			conflict[name] = true
		}
		types[name] = typ
	}
	// A name declared with a JSON type in one subprogram and with another
	// type in another (l_results json_array_t here, l_results t_task_texts
	// there) is not known to be a JSON variable: without a scope model here,
	// such a name is left out rather than read as the JSON type everywhere.
	for k := 0; k+1 < len(toks); k++ {
		name, ok := identText(toks[k])
		if !ok || types[name] == "" || declKeyword[name] {
			continue
		}
		if k > 0 && !(toks[k-1].Is(";") || toks[k-1].Is("(") || toks[k-1].Is(",") || toks[k-1].Is("IS") ||
			toks[k-1].Is("AS") || toks[k-1].Is("DECLARE")) {
			continue
		}
		j := k + 1
		for j < len(toks) && (toks[j].Is("IN") || toks[j].Is("OUT") || toks[j].Is("NOCOPY") || toks[j].Is("CONSTANT")) {
			j++
		}
		typ, ok := identText(toks[j])
		if !ok || toks[j].Kind != plsql.Ident || reservedIn[typ] != "" ||
			j+1 < len(toks) && toks[j+1].Is(".") && typ == types[name] {
			continue // "x from", "x into" in SQL text: not a declaration
		}
		if _, cataloged := oraCatalog[typ]; !cataloged || !strings.HasPrefix(typ, "JSON_") {
			conflict[name] = true // declared with a non-JSON type somewhere
		}
	}
	for n := range conflict {
		delete(types, n)
	}
	return types
}

// declKeyword lists words that can stand before a type name without being
// a variable name (RETURN json_object_t, TREAT(x AS json_object_t)).
var declKeyword = map[string]bool{"RETURN": true, "AS": true, "IS": true, "TYPE": true, "SUBTYPE": true, "OF": true, "REF": true}
