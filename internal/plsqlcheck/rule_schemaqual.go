package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// SCHEMA-QUALIFIED: every schema object that SQL run by an invoker's rights
// unit of the installed packages names is qualified with its owner. Such
// names are resolved at run time in the caller's current schema (PL/SQL
// Language Reference, "Invoker's Rights and Definer's Rights (AUTHID
// Property)"; Security Guide, "How Procedure Privileges Affect Invoker's
// Rights": references "embedded in DML statements or dynamic SQL statements
// ... are effectively recompiled at run time"), and in a Deep Data Security
// session the current schema is XS$NULL, where an unqualified name does not
// resolve (docs/checker.md, the rule's section, has the sources).
//
// Static SQL (rule_schemaqual.go): FROM and JOIN items of every query block,
// INSERT/UPDATE/DELETE/MERGE targets and the MERGE source, sequences
// (seq.NEXTVAL), and functions of packages called inside SQL. Dynamic SQL
// (rule_schemaqual_dyn.go): the same reading of the text the checker can
// rebuild, plus every concatenated piece in an object position must come
// from agentmem_util.sql_object.

func init() {
	Register(Rule{
		ID: "SCHEMA-QUALIFIED",
		Summary: "SQL of invoker's rights package units names schema objects owner-qualified (SYS.DUAL, SYS.ALL_TABLES, " +
			"agentmem_util.sql_object(owner, name)): a Deep Data Security session's current schema is XS$NULL",
		Check: checkSchemaQualified,
	})
}

func checkSchemaQualified(p *Project) []Finding {
	var out []Finding
	a := &dynAnalysis{p: p, files: map[*File]*dynFile{}, paramDone: map[string]*dynParamVerdict{}}
	a.dynBuilders()
	for _, f := range p.SQL {
		if !inPackageDir(f.Path) || f.LexErr != nil {
			continue
		}
		var irSpans [][2]int // byte offsets of the invoker's rights units of f
		for _, u := range p.unitsOf(f) {
			if !u.plsql || !invokerRights(p, u) || len(u.toks) == 0 {
				continue
			}
			irSpans = append(irSpans, [2]int{u.toks[0].Offset, u.toks[len(u.toks)-1].Offset})
			report := func(t plsql.Token, msg string) { out = append(out, at(u.file, t, "SCHEMA-QUALIFIED", msg)) }
			for _, r := range sqlRegions(u) {
				qualScan(p, u.toks[r.start:r.end], "static SQL", report)
			}
			out = append(out, plsqlSequences(u)...)
		}
		ir := func(t plsql.Token) bool {
			for _, s := range irSpans {
				if t.Offset >= s[0] && t.Offset <= s[1] {
					return true
				}
			}
			return false
		}
		out = append(out, dynQualifiedFile(a, f, ir)...)
	}
	return out
}

// invokerRights reports whether the SQL of unit u runs with invoker's rights:
// a package body takes the AUTHID of its spec, other units carry their own
// clause; an anonymous block is an IR unit, a trigger a DR unit, and AUTHID
// defaults to DEFINER (PL/SQL Language Reference, AUTHID Property).
func invokerRights(p *Project, u *unit) bool {
	switch u.kind {
	case "ANONYMOUS":
		return true
	case "TRIGGER":
		return false
	case "PACKAGE BODY":
		if pk := p.Packages()[u.name]; pk != nil && pk.specUnit != nil {
			return authidCurrentUser(pk.specUnit.toks)
		}
		return false
	}
	return authidCurrentUser(u.toks)
}

// authidCurrentUser reads "AUTHID CURRENT_USER" in a unit's header (before
// the IS/AS that opens its body or declarations).
func authidCurrentUser(toks []plsql.Token) bool {
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].Is("IS") || toks[k].Is("AS") {
			return false
		}
		if toks[k].Is("AUTHID") {
			return toks[k+1].Is("CURRENT_USER")
		}
	}
	return false
}

// oracleOwner returns the schema that owns an Oracle-supplied object the
// project names through a public synonym, or "" for names it does not know.
// DUAL is in the schema of SYS (SQL Language Reference, "Selecting from the
// DUAL Table"); "the Oracle Database user SYS owns all base tables and
// user-accessible views of the data dictionary" (Database Concepts 11.2,
// "Data Dictionary and Dynamic Performance Views"); the Oracle Text views
// and packages (CTX_*) and DBMS_VECTOR_CHAIN and DBMS_HYBRID_VECTOR belong to
// CTXSYS, DBMS_VECTOR and the other DBMS_/UTL_ packages to SYS (Oracle's own
// creation scripts and error stacks; docs/checker.md says which fact comes
// from where).
func oracleOwner(name string) string {
	switch {
	case name == "DUAL":
		return "SYS"
	case strings.HasPrefix(name, "CTX_"), name == "DBMS_VECTOR_CHAIN", name == "DBMS_HYBRID_VECTOR":
		return "CTXSYS"
	}
	for _, pre := range []string{"ALL_", "USER_", "DBA_", "CDB_", "SESSION_", "DBMS_", "UTL_"} {
		if strings.HasPrefix(name, pre) {
			return "SYS"
		}
	}
	if _, known := dictViews[name]; known {
		return "SYS"
	}
	return ""
}

// qualScan reads one SQL statement (toks, from its verb to its end) and
// reports the schema objects it names without an owner.
func qualScan(p *Project, toks []plsql.Token, where string, report func(plsql.Token, string)) {
	ctes := cteNames(toks)
	item := func(j int) {
		qualItem(toks, j, ctes, false, where, report)
	}
	target := func(j int) { // INSERT INTO t (columns)
		qualItem(toks, j, ctes, true, where, report)
	}
	if len(toks) == 0 {
		return
	}
	switch {
	case toks[0].Is("UPDATE"):
		item(1)
	case toks[0].Is("DELETE"):
		if len(toks) > 1 && !toks[1].Is("FROM") {
			item(1)
		}
	case toks[0].Is("MERGE"):
		if len(toks) > 2 && toks[1].Is("INTO") {
			item(2)
			for j, depth := 2, 0; j < len(toks); j++ {
				depth += parenStep(toks[j])
				if depth == 0 && toks[j].Is("USING") {
					item(j + 1)
					break
				}
			}
		}
	case toks[0].Is("INSERT"):
		insertTargets(toks, target)
	}
	for j := range toks {
		switch {
		case toks[j].Is("FROM") && queryFrom(toks, j):
			fromList(toks, j, item)
		case toks[j].Is("JOIN") || (toks[j].Is("APPLY") && j > 0 && (toks[j-1].Is("CROSS") || toks[j-1].Is("OUTER"))):
			item(j + 1)
		}
	}
	qualCalls(p, toks, where, report)
}

// parenStep is +1 for "(", -1 for ")", 0 otherwise.
func parenStep(t plsql.Token) int {
	switch {
	case t.Is("("):
		return 1
	case t.Is(")"):
		return -1
	}
	return 0
}

// insertTargets finds the INTO targets of INSERT INTO t and of the
// multitable INSERT ALL/FIRST ... INTO t1 ... INTO t2 ... subquery; an INTO
// after RETURNING names PL/SQL targets, not tables.
func insertTargets(toks []plsql.Token, item func(int)) {
	if len(toks) > 2 && toks[1].Is("INTO") {
		item(2)
		return
	}
	if len(toks) < 2 || !(toks[1].Is("ALL") || toks[1].Is("FIRST")) {
		return
	}
	for j, depth := 2, 0; j < len(toks); j++ {
		depth += parenStep(toks[j])
		if depth == 0 && (toks[j].Is("SELECT") || toks[j].Is("WITH") || toks[j].Is("RETURNING")) {
			return
		}
		if depth == 0 && toks[j].Is("INTO") {
			item(j + 1)
		}
	}
}

// queryFrom reports whether the FROM at j opens a FROM clause (of a query
// block or DELETE FROM) rather than sitting in a function's arguments
// (EXTRACT(YEAR FROM d), TRIM(LEADING '0' FROM s)): walking back at the same
// depth reaches SELECT or DELETE before an opening parenthesis.
func queryFrom(toks []plsql.Token, j int) bool {
	depth := 0
	for k := j - 1; k >= 0; k-- {
		switch {
		case toks[k].Is(")"):
			depth++
		case toks[k].Is("("):
			if depth == 0 {
				return false
			}
			depth--
		case depth == 0 && (toks[k].Is("SELECT") || toks[k].Is("DELETE")):
			return true
		}
	}
	return false
}

// fromList calls item for the first table reference after FROM at j and for
// every one after a top-level comma, until the clause ends. JOIN items are
// found by the caller.
func fromList(toks []plsql.Token, j int, item func(int)) {
	item(j + 1)
	for k, depth := j+1, 0; k < len(toks); k++ {
		depth += parenStep(toks[k])
		if depth < 0 || (depth == 0 && (endsFromClause(toks[k]) || toks[k].Is("UNION") || toks[k].Is("INTERSECT") ||
			toks[k].Is("MINUS") || toks[k].Is("EXCEPT") || toks[k].Is("ON") || toks[k].Is("USING"))) {
			return
		}
		if depth == 0 && toks[k].Is(",") {
			item(k + 1)
		}
	}
}

// tableExprs are the words that open a table expression rather than name an
// object: collection expressions over PL/SQL values, JSON_TABLE, XMLTABLE,
// lateral inline views. Their arguments are SQL of their own (read by
// qualCalls and by the FROM clauses inside).
var tableExprs = map[string]bool{"TABLE": true, "JSON_TABLE": true, "XMLTABLE": true, "LATERAL": true,
	"THE": true, "ONLY": true, "GRAPH_TABLE": true, "EXTERNAL": true}

// qualItem judges the table reference at j: an unqualified name that is not
// a WITH query is reported. Subqueries, table expressions and table
// functions (name followed by "(") are left to qualCalls and to their own
// FROM clauses; for an INSERT target (columns set) "(" opens the column list.
func qualItem(toks []plsql.Token, j int, ctes map[string]bool, columns bool, where string, report func(plsql.Token, string)) {
	if j >= len(toks) || !isWord(toks[j]) {
		return
	}
	name := identName(toks[j])
	if tableExprs[name] && j+1 < len(toks) && toks[j+1].Is("(") {
		return
	}
	parts := dottedName(toks, j)
	next := j + 2*len(parts) - 1
	if next < len(toks) && toks[next].Is("(") && !columns {
		return // a table function: its name is judged by qualCalls
	}
	if len(parts) != 1 || ctes[name] || toks[j].Kind == plsql.Bind {
		return
	}
	report(toks[j], unqualifiedMsg(name, where))
}

// unqualifiedMsg explains a finding and names the fix.
func unqualifiedMsg(name, where string) string {
	fix := "qualify it with its owner: a store table through agentmem_util.sql_object(owner, name) in dynamic SQL"
	if strings.HasPrefix(name, "V$") || strings.HasPrefix(name, "GV$") {
		// "The actual dynamic performance views are identified by the prefix
		// V_$. Public synonyms for these views have the prefix V$" (Database
		// Reference, About Dynamic Performance Views).
		view := strings.Replace(name, "V$", "V_$", 1)
		return fmt.Sprintf("%s is named without its schema in %s of an invoker's rights unit: the public synonym is resolved "+
			"at run time in the caller's current schema, which is XS$NULL in a Deep Data Security session; write SYS.%s "+
			"(the view V$ names are public synonyms for), or read it in a definer's rights unit", name, where, view)
	}
	if owner := oracleOwner(name); owner != "" {
		fix = "write " + owner + "." + name + " (the public synonym " + name + " names " + owner + "'s object)"
	}
	return fmt.Sprintf("%s is named without its schema in %s of an invoker's rights unit: the name is resolved at run time "+
		"in the caller's current schema, which is XS$NULL in a Deep Data Security session (ORA-00942 there); %s",
		name, where, fix)
}

// cteNames collects the query names a WITH clause defines (WITH q AS (...),
// r (a, b) AS (...)): they are not schema objects.
func cteNames(toks []plsql.Token) map[string]bool {
	m := map[string]bool{}
	for k := 0; k+2 < len(toks); k++ {
		if !(toks[k].Is("WITH") || (toks[k].Is(",") && len(m) > 0)) || !isWord(toks[k+1]) {
			continue
		}
		j := k + 2
		if toks[j].Is("(") {
			if m := matchParen(toks, j); m > 0 {
				j = m + 1
			}
		}
		if j+1 < len(toks) && toks[j].Is("AS") && (toks[j+1].Is("(") || toks[j+1].Is("MATERIALIZED") || toks[j+1].Is("NOT")) {
			m[identName(toks[k+1])] = true
		}
	}
	return m
}

// sqlPackage reports whether name is a package whose functions SQL may
// call: a package of the project (its spec is checked) or an Oracle-supplied
// one (DBMS_*, UTL_*, CTX_*, or one of the ORA-API catalog).
func sqlPackage(p *Project, name string) bool {
	if pk := p.Packages()[name]; pk != nil && pk.Spec != nil {
		return true
	}
	for _, pre := range []string{"DBMS_", "UTL_", "CTX_"} {
		if strings.HasPrefix(name, pre) {
			return true
		}
	}
	return false
}

// qualCalls reports pkg.function(...) calls inside SQL whose package is not
// qualified by its owner, and sequence references seq.NEXTVAL/CURRVAL
// without an owner. Package constants (pkg.co_x, no parentheses) are bound
// by PL/SQL at compile time and are not SQL names.
func qualCalls(p *Project, toks []plsql.Token, where string, report func(plsql.Token, string)) {
	qualRefs(p, toks, where, false, report)
}

// qualRefs is qualCalls; with members set (a dynamic PL/SQL block, compiled
// at run time in the caller's current schema) every pkg.member reference
// counts, constants (dbms_lock.x_mode) and parameterless calls included.
func qualRefs(p *Project, toks []plsql.Token, where string, members bool, report func(plsql.Token, string)) {
	for k := 0; k+2 < len(toks); k++ {
		if !isWord(toks[k]) || !toks[k+1].Is(".") || !isWord(toks[k+2]) || (k > 0 && toks[k-1].Is(".")) {
			continue
		}
		first, second := identName(toks[k]), identName(toks[k+2])
		threePart := k+4 < len(toks) && toks[k+3].Is(".") && isWord(toks[k+4])
		switch {
		case !threePart && (second == "NEXTVAL" || second == "CURRVAL"):
			report(toks[k], fmt.Sprintf("sequence %s is named without its schema in %s of an invoker's rights unit: "+
				"the name is resolved at run time in the caller's current schema (XS$NULL in a Deep Data Security session); "+
				"qualify it with its owner", first, where))
		case !threePart && (members || (k+3 < len(toks) && toks[k+3].Is("("))) && sqlPackage(p, first):
			owner := "its owner (agentmem_util.sql_object(owner, '" + first + "') in dynamic SQL, or call it in PL/SQL and bind the result)"
			if pk := p.Packages()[first]; pk == nil || pk.Spec == nil {
				owner = oracleOwner(first) + " (" + oracleOwner(first) + "." + first + ")"
			}
			report(toks[k], fmt.Sprintf("%s.%s is named inside %s of an invoker's rights unit without the package's schema: "+
				"SQL names are resolved at run time in the caller's current schema (XS$NULL in a Deep Data Security session); "+
				"qualify it with %s", strings.ToLower(first), strings.ToLower(second), where, owner))
		}
	}
}

// plsqlSequences reports seq.NEXTVAL / seq.CURRVAL used in PL/SQL
// expressions outside static SQL: PL/SQL runs them as SQL.
func plsqlSequences(u *unit) []Finding {
	in := map[int]bool{}
	for _, r := range sqlRegions(u) {
		for k := r.start; k < r.end; k++ {
			in[k] = true
		}
	}
	var out []Finding
	for k := 0; k+2 < len(u.toks); k++ {
		if in[k] || !isWord(u.toks[k]) || !u.toks[k+1].Is(".") || (k > 0 && u.toks[k-1].Is(".")) {
			continue
		}
		if n := identName(u.toks[k+2]); n == "NEXTVAL" || n == "CURRVAL" {
			out = append(out, at(u.file, u.toks[k], "SCHEMA-QUALIFIED", fmt.Sprintf("sequence %s is named without its schema "+
				"in an invoker's rights unit (PL/SQL runs seq.%s as SQL, resolved in the caller's current schema): qualify it "+
				"with its owner", identName(u.toks[k]), strings.ToLower(n))))
		}
	}
	return out
}
