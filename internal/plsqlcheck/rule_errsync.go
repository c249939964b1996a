package plsqlcheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// ERR-SYNC keeps the three halves of the error table identical: the triples
// in the DBMS_AGENT_MEMORY_STORE spec (co_<name> constant, e_<name>
// exception, pragma exception_init), the Go table errorClasses in
// goclient/errors.go and the table in docs/errors.md. It also forbids raising
// a literal -201NN anywhere but in AGENTMEM_UTIL's raise helper. On Oracle a
// drifted table compiles fine and fails later: a Go caller gets an *Error with
// no class, errors.Is never matches, the docs send users the wrong way.
func init() {
	Register(Rule{
		ID:      "ERR-SYNC",
		Summary: "error codes of the facade spec, goclient/errors.go and docs/errors.md agree; no literal -201NN raised outside the raise helper",
		Check:   checkErrSync,
	})
}

const (
	errFacade     = "DBMS_AGENT_MEMORY_STORE"
	errGoFile     = "goclient/errors.go"
	errDocFile    = "docs/errors.md"
	errCodeMin    = -20199
	errCodeMax    = -20100
	errHelperPkg  = "AGENTMEM_UTIL"
	errHelperName = "RAISE_ERROR"
)

// errEntry is one error class as one of the three sources declares it.
type errEntry struct {
	Code      int    // negative, as in PL/SQL
	Name      string // upper-case class name (co_<name> suffix)
	Sentinel  string // Go sentinel; empty for the spec
	File      string
	Line, Col int
}

func checkErrSync(p *Project) []Finding {
	var out []Finding
	add := func(file string, line, col int, format string, args ...any) {
		out = append(out, Finding{File: file, Line: line, Col: col, Rule: "ERR-SYNC", Msg: fmt.Sprintf(format, args...)})
	}
	out = append(out, literalRaises(p)...)

	pkg := p.Packages()[errFacade]
	if pkg == nil || pkg.Spec == nil || pkg.Spec.LexErr != nil {
		return out // nothing to compare against; the facade's absence is not this rule's finding
	}
	spec, specFindings := specErrors(pkg.Spec)
	out = append(out, specFindings...)

	if hasGoClient(p) {
		goEntries, at, err := goErrorClasses(p)
		if err != "" {
			add(errGoFile, at.Line, at.Column, "%s", err)
		} else {
			out = append(out, compareErrTables(spec, goEntries, "errorClasses in "+errGoFile)...)
		}
	}
	if len(p.Docs) > 0 {
		src, ok := p.Docs[errDocFile]
		if !ok {
			add(errDocFile, 1, 1, "%s is missing: the error table of the facade spec must be documented there (| -20100 | INVALID_ARGUMENT | ErrInvalidArgument | ... |)", errDocFile)
		} else {
			docEntries := docErrorRows(src)
			out = append(out, compareErrTables(spec, docEntries, "the table in "+errDocFile)...)
			if hasGoClient(p) {
				if goEntries, _, err := goErrorClasses(p); err == "" {
					out = append(out, compareSentinels(goEntries, docEntries)...)
				}
			}
		}
	}
	return out
}

// specErrors reads the error triples of the facade spec and reports the
// triples that are incomplete or inconsistent.
func specErrors(f *File) ([]errEntry, []Finding) {
	toks := sigTokens(f.Tokens)
	consts := map[string]errEntry{}
	excs := map[string]plsql.Token{}
	pragmas := map[string]errEntry{} // application codes only
	anyPragma := map[string]bool{}   // every exception_init, Oracle codes included
	badPragma := map[string]bool{}   // exception_init without a literal code (already reported)
	var order []string               // constants in source order
	var out []Finding
	add := func(t plsql.Token, format string, args ...any) {
		out = append(out, Finding{File: f.Path, Line: t.Line, Col: t.Col, Rule: "ERR-SYNC", Msg: fmt.Sprintf(format, args...)})
	}
	for k := 0; k+1 < len(toks); k++ {
		name, ok := identText(toks[k])
		if !ok {
			continue
		}
		switch {
		case strings.HasPrefix(name, "CO_") && toks[k+1].Is("CONSTANT"):
			code, ok := constantCode(toks, k+2)
			if !ok {
				continue // not an error code (co_version and friends)
			}
			cls := strings.TrimPrefix(name, "CO_")
			if prev, dup := consts[cls]; dup {
				add(toks[k], "constant %s is declared twice (first at line %d)", strings.ToLower(name), prev.Line)
				continue
			}
			consts[cls] = errEntry{Code: code, Name: cls, File: f.Path, Line: toks[k].Line, Col: toks[k].Col}
			order = append(order, cls)
		case strings.HasPrefix(name, "E_") && toks[k+1].Is("EXCEPTION"):
			excs[strings.TrimPrefix(name, "E_")] = toks[k]
		case name == "PRAGMA" && toks[k+1].Is("EXCEPTION_INIT"):
			e, t, msg := pragmaCode(toks, k+2)
			anyPragma[e.Name] = true
			if msg != "" {
				badPragma[e.Name] = true
				add(t, "%s", msg)
				continue
			}
			if e.Code < -20999 || e.Code > -20000 {
				continue // a pragma for an Oracle error (-942, -54 ...), not an application code
			}
			e.File = f.Path
			pragmas[e.Name] = e
		}
	}

	// entries keeps the first class of each code: a reused code is reported
	// once here and does not echo through the Go and docs comparisons.
	var entries []errEntry
	byCode := map[int]string{}
	for _, cls := range order {
		c := consts[cls]
		lc := strings.ToLower(cls)
		at := plsql.Token{Line: c.Line, Col: c.Col}
		if c.Code < errCodeMin || c.Code > errCodeMax {
			add(at, "co_%s = %d is outside the package's range -20100 .. -20199", lc, c.Code)
		}
		other, dup := byCode[c.Code]
		if dup {
			add(at, "co_%s reuses code %d of co_%s: one code per class", lc, c.Code, strings.ToLower(other))
		} else {
			byCode[c.Code] = cls
		}
		if _, ok := excs[cls]; !ok {
			add(at, "co_%s has no exception e_%s: declare the triple co_/e_/pragma exception_init", lc, lc)
		}
		pr, ok := pragmas[cls]
		switch {
		case !ok && !badPragma[cls]:
			add(at, "co_%s has no pragma exception_init(e_%s, %d)", lc, lc, c.Code)
		case ok && pr.Code != c.Code:
			add(plsql.Token{Line: pr.Line, Col: pr.Col}, "pragma exception_init(e_%s, %d) disagrees with co_%s = %d", lc, pr.Code, lc, c.Code)
		}
		if !dup {
			entries = append(entries, c)
		}
	}
	for _, cls := range sortedKeys(pragmas) {
		pr := pragmas[cls]
		lc := strings.ToLower(cls)
		if _, ok := consts[cls]; !ok {
			add(plsql.Token{Line: pr.Line, Col: pr.Col}, "pragma exception_init(e_%s, %d) has no constant co_%s: Go and PL/SQL callers need the code by name", lc, pr.Code, lc)
		}
		if _, ok := excs[cls]; !ok {
			add(plsql.Token{Line: pr.Line, Col: pr.Col}, "pragma exception_init names e_%s, which is not declared in the spec (PLS-00109 on Oracle)", lc)
		}
	}
	for _, cls := range sortedKeys(excs) {
		_, hasConst := consts[cls]
		if !hasConst && !anyPragma[cls] {
			lc := strings.ToLower(cls)
			add(excs[cls], "exception e_%s has neither co_%s nor a pragma exception_init: an application error needs the whole triple", lc, lc)
		}
	}
	return entries, out
}

// constantCode reads "pls_integer := -20100 ;" (any type, := or DEFAULT) from
// toks[k] and returns the code when the value is a negative integer literal
// in the application-error range -20000 .. -20999.
func constantCode(toks []plsql.Token, k int) (int, bool) {
	for ; k < len(toks) && !toks[k].Is(":=") && !toks[k].Is("DEFAULT"); k++ {
		if toks[k].Is(";") {
			return 0, false
		}
	}
	if k+3 >= len(toks) || !toks[k+1].Is("-") || toks[k+2].Kind != plsql.Number || !toks[k+3].Is(";") {
		return 0, false
	}
	n, err := strconv.Atoi(toks[k+2].Text)
	if err != nil || n < 20000 || n > 20999 {
		return 0, false
	}
	return -n, true
}

// pragmaCode reads "( e_name , -201NN )" from toks[k].
func pragmaCode(toks []plsql.Token, k int) (errEntry, plsql.Token, string) {
	if k+4 >= len(toks) || !toks[k].Is("(") {
		return errEntry{}, toks[min(k, len(toks)-1)], ""
	}
	name, ok := identText(toks[k+1])
	if !ok || !strings.HasPrefix(name, "E_") || !toks[k+2].Is(",") {
		return errEntry{}, toks[k], ""
	}
	at := toks[k+1]
	e := errEntry{Name: strings.TrimPrefix(name, "E_"), Line: at.Line, Col: at.Col}
	j := k + 3
	neg := toks[j].Is("-")
	if neg {
		j++
	}
	if toks[j].Kind != plsql.Number {
		return e, toks[j], fmt.Sprintf("pragma exception_init(%s, ...) needs a numeric literal, not %s (PLS-00702 on Oracle)", strings.ToLower(name), toks[j].Text)
	}
	n, err := strconv.Atoi(toks[j].Text)
	if err != nil {
		return e, toks[j], fmt.Sprintf("pragma exception_init(%s, ...): %s is not an integer", strings.ToLower(name), toks[j].Text)
	}
	if neg {
		n = -n
	}
	e.Code = n
	return e, at, ""
}

func hasGoClient(p *Project) bool {
	for _, g := range p.Go {
		if strings.HasPrefix(g.Path, "goclient/") {
			return true
		}
	}
	return false
}

// goErrorClasses reads the composite literal assigned to errorClasses in
// goclient/errors.go. Positional ({20100, "NAME", ErrX}) and keyed
// ({Code: 20100, Name: "NAME", Sentinel: ErrX}) elements are understood.
func goErrorClasses(p *Project) ([]errEntry, token.Position, string) {
	var src string
	found := false
	for _, g := range p.Go {
		if g.Path == errGoFile {
			src, found = g.Src, true
		}
	}
	if !found {
		return nil, token.Position{Line: 1, Column: 1}, errGoFile + " is missing: the Go client needs the error table errorClasses"
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, errGoFile, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, token.Position{Line: 1, Column: 1}, "cannot parse " + errGoFile + ": " + err.Error()
	}
	var lit *ast.CompositeLit
	ast.Inspect(file, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, id := range vs.Names {
			if id.Name == "errorClasses" && i < len(vs.Values) {
				if cl, ok := vs.Values[i].(*ast.CompositeLit); ok {
					lit = cl
				}
			}
		}
		return true
	})
	if lit == nil {
		return nil, token.Position{Line: 1, Column: 1}, errGoFile + " has no composite literal errorClasses = []errorClass{...}"
	}
	var entries []errEntry
	for _, el := range lit.Elts {
		cl, ok := el.(*ast.CompositeLit)
		pos := fset.Position(el.Pos())
		if !ok {
			return nil, pos, "errorClasses element is not a literal {code, name, sentinel}"
		}
		e := errEntry{File: errGoFile, Line: pos.Line, Col: pos.Column}
		for i, x := range cl.Elts {
			field := []string{"Code", "Name", "Sentinel"}[min(i, 2)]
			if kv, ok := x.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok {
					field = k.Name
				}
				x = kv.Value
			}
			switch v := x.(type) {
			case *ast.BasicLit:
				if field == "Code" && v.Kind == token.INT {
					n, _ := strconv.Atoi(v.Value)
					e.Code = -n
				} else if field == "Name" && v.Kind == token.STRING {
					e.Name, _ = strconv.Unquote(v.Value)
				}
			case *ast.Ident:
				if field == "Sentinel" {
					e.Sentinel = v.Name
				}
			}
		}
		if e.Code == 0 || e.Name == "" {
			return nil, pos, "errorClasses element must give a literal code and name, e.g. {20100, \"INVALID_ARGUMENT\", ErrInvalidArgument}"
		}
		entries = append(entries, e)
	}
	return entries, token.Position{}, ""
}

// docRow matches a table row whose first cell is a code: | -20100 | NAME | ErrX | ...
var docRow = regexp.MustCompile(`^\|\s*(-?\d+)\s*\|\s*([A-Za-z0-9_]+)\s*\|\s*([A-Za-z0-9_]*)\s*\|`)

func docErrorRows(src string) []errEntry {
	var out []errEntry
	for i, line := range strings.Split(src, "\n") {
		m := docRow.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		n, err := strconv.Atoi(m[1])
		if err != nil || n > -20000 || n < -20999 {
			continue
		}
		out = append(out, errEntry{Code: n, Name: m[2], Sentinel: m[3], File: errDocFile, Line: i + 1, Col: 1})
	}
	return out
}

// compareErrTables reports every code of the spec missing from other, every
// code of other missing from the spec, and names that differ.
func compareErrTables(spec, other []errEntry, where string) []Finding {
	var out []Finding
	add := func(file string, line, col int, format string, args ...any) {
		out = append(out, Finding{File: file, Line: line, Col: col, Rule: "ERR-SYNC", Msg: fmt.Sprintf(format, args...)})
	}
	otherByCode := map[int]errEntry{}
	for _, o := range other {
		if prev, dup := otherByCode[o.Code]; dup {
			add(o.File, o.Line, o.Col, "code %d is listed twice in %s (first at line %d)", o.Code, where, prev.Line)
			continue
		}
		otherByCode[o.Code] = o
	}
	specByCode := map[int]errEntry{}
	for _, s := range spec {
		specByCode[s.Code] = s
	}
	missingAt := otherFileAnchor(other, where)
	for _, s := range spec {
		o, ok := otherByCode[s.Code]
		switch {
		case !ok:
			add(missingAt.File, missingAt.Line, missingAt.Col, "code %d %s of the spec (%s:%d) is missing from %s", s.Code, s.Name, s.File, s.Line, where)
		case o.Name != s.Name:
			add(o.File, o.Line, o.Col, "code %d is named %s in %s but %s in the spec (co_%s, %s:%d)", s.Code, o.Name, where, s.Name, strings.ToLower(s.Name), s.File, s.Line)
		}
	}
	for _, o := range other {
		if _, ok := specByCode[o.Code]; !ok {
			add(o.File, o.Line, o.Col, "code %d %s in %s has no co_%s in the %s spec", o.Code, o.Name, where, strings.ToLower(o.Name), strings.ToLower(errFacade))
		}
	}
	return out
}

// otherFileAnchor is where a "missing from" finding goes: the first entry
// of the table, or line 1 of its file when the table is empty.
func otherFileAnchor(other []errEntry, where string) errEntry {
	if len(other) > 0 {
		return other[0]
	}
	if strings.Contains(where, errDocFile) {
		return errEntry{File: errDocFile, Line: 1, Col: 1}
	}
	return errEntry{File: errGoFile, Line: 1, Col: 1}
}

// compareSentinels checks that the docs name the same Go sentinel as
// errorClasses for each code.
func compareSentinels(goEntries, docEntries []errEntry) []Finding {
	var out []Finding
	sentinel := map[int]string{}
	for _, g := range goEntries {
		sentinel[g.Code] = g.Sentinel
	}
	for _, d := range docEntries {
		if s, ok := sentinel[d.Code]; ok && s != d.Sentinel {
			out = append(out, Finding{File: d.File, Line: d.Line, Col: d.Col, Rule: "ERR-SYNC",
				Msg: fmt.Sprintf("code %d: %s names the Go sentinel %q but errorClasses has %s", d.Code, errDocFile, d.Sentinel, s)})
		}
	}
	return out
}

// literalRaises reports raise_application_error(-201NN, ...) and
// agentmem_util.raise_error(p_code => -201NN, ...) outside the raise helper:
// codes are raised by name (dbms_agent_memory_store.co_<name>) so that the
// error table stays the only place a number is written.
func literalRaises(p *Project) []Finding {
	var out []Finding
	helper := p.Packages()[errHelperPkg]
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		toks := sigTokens(f.Tokens)
		var exempt [][2]int
		if helper != nil && helper.Body == f {
			exempt = subprogramSpans(toks, errHelperName)
		}
		for k := 0; k+1 < len(toks); k++ {
			name, ok := identText(toks[k])
			if !ok || !toks[k+1].Is("(") || (name != "RAISE_APPLICATION_ERROR" && name != errHelperName) {
				continue
			}
			if inSpans(k, exempt) {
				continue
			}
			args, _, ok := parseArgs(toks, k+1)
			if !ok || len(args) == 0 {
				continue
			}
			a, ok := argFor(args, 0, "P_CODE")
			if name == "RAISE_APPLICATION_ERROR" {
				a, ok = argFor(args, 0, "NUM")
			}
			if !ok || len(a.Toks) != 2 || !a.Toks[0].Is("-") || a.Toks[1].Kind != plsql.Number {
				continue
			}
			n, err := strconv.Atoi(a.Toks[1].Text)
			if err != nil || -n < errCodeMin || -n > errCodeMax {
				continue
			}
			out = append(out, Finding{File: f.Path, Line: a.Toks[0].Line, Col: a.Toks[0].Col, Rule: "ERR-SYNC",
				Msg: fmt.Sprintf("literal -%d passed to %s: raise through agentmem_util.raise_error(p_code => dbms_agent_memory_store.co_<name>, ...)", n, strings.ToLower(name))})
		}
	}
	return out
}

// subprogramSpans returns the token ranges [header, end] of every
// subprogram named name that has a body ("procedure name ... is ... end
// name;"). Forward declarations end at ';' before IS/AS and are skipped.
func subprogramSpans(toks []plsql.Token, name string) [][2]int {
	var spans [][2]int
	for k := 0; k+1 < len(toks); k++ {
		if !(toks[k].Is("PROCEDURE") || toks[k].Is("FUNCTION")) {
			continue
		}
		if n, ok := identText(toks[k+1]); !ok || n != name {
			continue
		}
		if !hasBodyAfterHeader(toks, k) {
			continue
		}
		for j := k + 2; j+2 < len(toks); j++ {
			if toks[j].Is("END") {
				if n, ok := identText(toks[j+1]); ok && n == name && toks[j+2].Is(";") {
					spans = append(spans, [2]int{k, j + 2})
					break
				}
			}
		}
	}
	return spans
}

// hasBodyAfterHeader reports whether the subprogram header at k is followed
// by IS/AS (a body) rather than ';' (a declaration).
func hasBodyAfterHeader(toks []plsql.Token, k int) bool {
	depth := 0
	for j := k + 2; j < len(toks); j++ {
		switch {
		case toks[j].Is("("):
			depth++
		case toks[j].Is(")"):
			depth--
		case depth == 0 && (toks[j].Is("IS") || toks[j].Is("AS")):
			return true
		case depth == 0 && toks[j].Is(";"):
			return false
		}
	}
	return false
}

func inSpans(k int, spans [][2]int) bool {
	for _, s := range spans {
		if k >= s[0] && k <= s[1] {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
