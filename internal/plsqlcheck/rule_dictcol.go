package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// DICT-COLUMN: in a static query whose FROM clause names data-dictionary
// views of the catalog (catalog_dict_views.go), every column reference
// (VIEW.col, alias.col, or a bare column when every FROM item is
// cataloged) must be a column of that view. On Oracle a wrong one is
// ORA-00904 "invalid identifier", which fails the whole PL/SQL unit's
// compilation.
//
// What counts as a column: an identifier of the query block that is not a
// SQL keyword, not a function name (followed by "("), not a name declared in
// the unit (parameters, variables, constants, loop indexes: PL/SQL binds
// them), not a select-list alias, not in the INTO list, and not qualified by
// something other than a FROM item (a record field such as p_object.name).
// Subqueries are query blocks of their own.

func init() {
	Register(Rule{
		ID: "DICT-COLUMN",
		Summary: "columns of data-dictionary views in static SQL (ALL_TABLES, USER_INDEXES, PRODUCT_COMPONENT_VERSION, ...) " +
			"exist in the catalog transcribed from the Database Reference (ORA-00904 otherwise)",
		Check: checkDictColumns,
	})
}

func checkDictColumns(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			declared := declaredNamesOf(u)
			for _, r := range sqlRegions(u) {
				for k := r.start; k < r.end; k++ {
					if u.toks[k].Is("SELECT") {
						out = append(out, queryBlockColumns(u, k, blockEnd(u.toks, k, r.end), declared)...)
					}
				}
			}
		}
	}
	return out
}

// declaredNamesOf: every name the unit declares (parameters, variables,
// constants, cursors, types) and every loop index (FOR x IN).
func declaredNamesOf(u *unit) map[string]bool {
	m := map[string]bool{}
	for _, sc := range u.scopes {
		for _, d := range sc.decls {
			m[d.name] = true
		}
	}
	for _, sd := range u.subs {
		for _, prm := range sd.Params {
			m[prm.Name] = true
		}
	}
	for k := 0; k+2 < len(u.toks); k++ {
		if u.toks[k].Is("FOR") && isWord(u.toks[k+1]) && u.toks[k+2].Is("IN") {
			m[identName(u.toks[k+1])] = true
		}
	}
	return m
}

// blockEnd returns the end (exclusive) of the query block opened by the
// SELECT at k: the parenthesis closing its subquery, a set operator, or ';'.
func blockEnd(toks []plsql.Token, k, limit int) int {
	depth := 0
	for j := k + 1; j < limit; j++ {
		t := toks[j]
		switch {
		case t.Is("("):
			depth++
		case t.Is(")"):
			if depth == 0 {
				return j
			}
			depth--
		case depth == 0 && (t.Is(";") || t.Is("UNION") || t.Is("INTERSECT") || t.Is("MINUS") || t.Is("EXCEPT")):
			return j
		}
	}
	return limit
}

// fromItem is one table reference of a FROM clause.
type fromItem struct {
	name  string // last name part, upper case; "" for a subquery or table function
	alias string
	view  dictView
	known bool
}

// queryBlockColumns checks the columns of one query block [s, e).
func queryBlockColumns(u *unit, s, e int, declared map[string]bool) []Finding {
	toks := u.toks
	into, from := -1, -1
	for j, depth := s+1, 0; j < e; j++ {
		switch {
		case toks[j].Is("("):
			depth++
		case toks[j].Is(")"):
			depth--
		case depth == 0 && toks[j].Is("INTO") && into < 0 && from < 0:
			into = j
		case depth == 0 && toks[j].Is("FROM"):
			from = j
		}
		if from >= 0 {
			break
		}
	}
	if from < 0 {
		return nil
	}
	items, itemToks := fromItems(toks, from, e)
	byName := map[string]fromItem{}
	anyKnown, allKnown := false, true
	for _, it := range items {
		anyKnown = anyKnown || it.known
		allKnown = allKnown && it.known
		if it.name != "" {
			byName[it.name] = it
		}
		if it.alias != "" {
			byName[it.alias] = it
		}
	}
	if !anyKnown {
		return nil
	}
	selEnd := from
	if into >= 0 {
		selEnd = into
	}
	aliases := selectAliases(toks, s+1, selEnd)

	var out []Finding
	for j := s + 1; j < e; j++ {
		t := toks[j]
		switch {
		case t.Is("(") && j+1 < e && (toks[j+1].Is("SELECT") || toks[j+1].Is("WITH")):
			j = matchParen(toks, j) // a subquery is a block of its own
			if j < 0 {
				return out
			}
			continue
		case into >= 0 && j >= into && j < from, itemToks[j]:
			continue
		case !isWord(t) || toks[j-1].Is("."):
			continue
		case j+1 < e && toks[j+1].Is("("):
			continue // a function
		}
		name := identName(t)
		if j+2 < e && toks[j+1].Is(".") && isWord(toks[j+2]) {
			member := identName(toks[j+2])
			if it, ok := byName[name]; ok && it.known && !it.view.has(member) && !(j+3 < e && toks[j+3].Is("(")) {
				out = append(out, at(u.file, toks[j+2], "DICT-COLUMN", columnMessage(member, []dictView{it.view})))
			}
			j += 2
			continue
		}
		if !allKnown || sqlKeywords[name] || declared[name] || aliases[name] || byName[name].name != "" {
			continue
		}
		var views []dictView
		found := false
		for _, it := range items {
			views = append(views, it.view)
			found = found || it.view.has(name)
		}
		if !found {
			out = append(out, at(u.file, t, "DICT-COLUMN", columnMessage(name, views)))
		}
	}
	return out
}

func columnMessage(col string, views []dictView) string {
	var names, srcs []string
	unverified := false
	for _, v := range views {
		names = append(names, v.Name)
		srcs = append(srcs, v.Source)
		unverified = unverified || v.Unverified
	}
	msg := fmt.Sprintf("%s is not a column of %s in the checker's catalog; on Oracle a wrong column is "+
		"ORA-00904 (invalid identifier) and the unit does not compile. Check %s",
		col, strings.Join(names, ", "), strings.Join(srcs, " "))
	if unverified {
		msg += "; that view's columns were transcribed, not read in the stored documentation: if the page lists " +
			col + ", add it to catalog_dict_views.go"
	}
	return msg
}

// fromItems reads the FROM clause that starts at from: table references
// separated by commas or JOINs, each with an optional alias. itemToks marks
// the tokens that name items and aliases (they are not columns).
func fromItems(toks []plsql.Token, from, e int) ([]fromItem, map[int]bool) {
	var items []fromItem
	marks := map[int]bool{}
	expect := true // at the start of an item
	for j, depth := from+1, 0; j < e; j++ {
		t := toks[j]
		if depth == 0 && endsFromClause(t) {
			break
		}
		switch {
		case t.Is("("):
			if expect && depth == 0 {
				close := matchParen(toks, j)
				if close < 0 {
					return items, marks
				}
				it := fromItem{}
				if close+1 < e && isWord(toks[close+1]) && !itemStop(toks[close+1]) {
					it.alias = identName(toks[close+1])
					marks[close+1] = true
				}
				items = append(items, it)
				j = close
				expect = false
				continue
			}
			depth++
		case t.Is(")"):
			depth--
		case depth == 0 && (t.Is(",") || t.Is("JOIN")):
			expect = true
		case depth == 0 && expect && isWord(t):
			parts := dottedName(toks, j)
			n := 2*len(parts) - 1
			for x := 0; x < n; x++ {
				marks[j+x] = true
			}
			next := j + n
			if next < e && toks[next].Is("(") { // TABLE(...), JSON_TABLE(...)
				close := matchParen(toks, next)
				if close < 0 {
					return items, marks
				}
				next = close + 1
				parts = nil
			}
			it := fromItem{}
			if parts != nil {
				it.name = parts[len(parts)-1]
				it.view, it.known = dictLookup(parts)
			}
			if next < e && isWord(toks[next]) && !itemStop(toks[next]) {
				it.alias = identName(toks[next])
				marks[next] = true
				next++
			}
			items = append(items, it)
			j = next - 1
			expect = false
		}
	}
	return items, marks
}

// endsFromClause: the clause after FROM starts.
func endsFromClause(t plsql.Token) bool {
	for _, w := range []string{"WHERE", "GROUP", "ORDER", "CONNECT", "START", "HAVING", "FETCH", "OFFSET", "FOR",
		"WINDOW", "MODEL", ";"} {
		if t.Is(w) {
			return true
		}
	}
	return false
}

// itemStop: words that may follow a table reference and are not its alias.
func itemStop(t plsql.Token) bool {
	for _, w := range []string{"ON", "USING", "JOIN", "INNER", "LEFT", "RIGHT", "FULL", "OUTER", "CROSS", "NATURAL",
		"WHERE", "GROUP", "ORDER", "CONNECT", "START", "HAVING", "FETCH", "OFFSET", "FOR", "UNION", "INTERSECT",
		"MINUS", "EXCEPT", "PARTITION", "SAMPLE", "AS", "APPLY", "LATERAL", "PIVOT", "UNPIVOT", "WINDOW", "MODEL"} {
		if t.Is(w) {
			return true
		}
	}
	return false
}

// selectAliases collects the column aliases of a select list [s, e):
// "expr AS alias" and "expr alias" at the top level.
func selectAliases(toks []plsql.Token, s, e int) map[string]bool {
	m := map[string]bool{}
	for j, depth := s, 0; j < e; j++ {
		t := toks[j]
		switch {
		case t.Is("("):
			depth++
			continue
		case t.Is(")"):
			depth--
			continue
		}
		if depth != 0 || !isWord(t) {
			continue
		}
		atEnd := j+1 >= e || toks[j+1].Is(",")
		if j > s && toks[j-1].Is("AS") {
			m[identName(t)] = true
			continue
		}
		if atEnd && j > s {
			prev := toks[j-1]
			if prev.Is(")") || prev.Kind == plsql.Number || prev.Kind == plsql.String ||
				(isWord(prev) && !sqlKeywords[identName(prev)]) {
				m[identName(t)] = true
			}
		}
	}
	return m
}

// sqlKeywords are words of a query that are never column references here:
// SQL keywords and the parameterless functions/pseudocolumns.
var sqlKeywords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`SELECT FROM WHERE AND OR NOT NULL IS IN LIKE LIKEC ESCAPE BETWEEN EXISTS CASE
		WHEN THEN ELSE END AS DISTINCT UNIQUE ALL ANY SOME BY ORDER GROUP HAVING ASC DESC NULLS FIRST LAST
		FETCH NEXT ROW ROWS ONLY OFFSET TIES PERCENT WITH INTO BULK COLLECT JOIN INNER LEFT RIGHT OUTER FULL
		CROSS NATURAL ON USING CONNECT START PRIOR NOCYCLE LEVEL ROWNUM ROWID SYSDATE SYSTIMESTAMP USER UID
		CURRENT_DATE CURRENT_TIMESTAMP LOCALTIMESTAMP TRUE FALSE FOR UPDATE OF NOWAIT WAIT SKIP LOCKED DUAL
		INTERVAL DAY MONTH YEAR HOUR MINUTE SECOND TO DATE TIMESTAMP ZONE TIME LOCAL AT UNION INTERSECT MINUS
		EXCEPT PARTITION OVER SIBLINGS KEEP WITHIN MEMBER SUBMULTISET FORMAT JSON RETURNING ERROR EMPTY
		DEFAULT PRETTY ASCII APPROX EXACT CHAR BYTE MULTISET`) {
		m[w] = true
	}
	return m
}()
