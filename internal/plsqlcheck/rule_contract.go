package plsqlcheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// GO-CONTRACT checks the PL/SQL call texts embedded in the Go sources
// against the package specs: every dbms_agent_memory_store.<name>(...) or
// agentmem_<area>.<name>(...) in a Go string literal must name a subprogram
// of the spec, use only its parameter names in named notation, and supply
// every parameter without a default. Without a database, a renamed
// parameter would otherwise surface only as ORA-06550/PLS-00306 at run time
// in the Go client.
func init() {
	Register(Rule{
		ID:      "GO-CONTRACT",
		Summary: "PL/SQL calls in Go string literals match the package specs (names, parameter names, mandatory parameters)",
		Check:   checkGoContract,
	})
}

// contractSelf is the checker's own source: its literals quote PL/SQL in
// messages and are never sent to a database.
const contractSelf = "internal/plsqlcheck/"

func checkGoContract(p *Project) []Finding {
	var out []Finding
	pkgs := p.Packages()
	for _, g := range p.Go {
		if strings.HasPrefix(g.Path, contractSelf) {
			continue
		}
		for _, lit := range goStringTexts(g) {
			for _, msg := range contractProblems(lit.Text, pkgs) {
				out = append(out, Finding{File: g.Path, Line: lit.Pos.Line, Col: lit.Pos.Column, Rule: "GO-CONTRACT", Msg: msg})
			}
		}
	}
	return out
}

// goText is the value of a Go string literal, or of a chain of literals
// joined with +, with the position of its first literal.
type goText struct {
	Text string
	Pos  token.Position
}

// goStringTexts returns the string constants of a Go file that mention one
// of the project's packages. A file that does not parse is skipped: the Go
// compiler reports it.
func goStringTexts(g *GoFile) []goText {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, g.Path, g.Src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var out []goText
	done := map[*ast.BasicLit]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			// "begin dbms_agent_memory_store.add(" + "p_store_id => :1); end;"
			var lits []*ast.BasicLit
			if text, ok := foldStrings(x, &lits); ok {
				for _, l := range lits {
					done[l] = true
				}
				out = appendIfProject(out, text, fset.Position(lits[0].Pos()))
				return false
			}
		case *ast.BasicLit:
			if x.Kind == token.STRING && !done[x] {
				if s, err := strconv.Unquote(x.Value); err == nil {
					out = appendIfProject(out, s, fset.Position(x.Pos()))
				}
			}
		}
		return true
	})
	return out
}

func appendIfProject(out []goText, s string, pos token.Position) []goText {
	l := strings.ToLower(s)
	if strings.Contains(l, "dbms_agent_memory_store.") || strings.Contains(l, "agentmem_") {
		out = append(out, goText{Text: s, Pos: pos})
	}
	return out
}

// foldStrings concatenates a + chain made only of string literals and
// collects the literals in source order.
func foldStrings(e ast.Expr, lits *[]*ast.BasicLit) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		if err != nil {
			return "", false
		}
		*lits = append(*lits, x)
		return s, true
	case *ast.ParenExpr:
		return foldStrings(x.X, lits)
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		l, ok := foldStrings(x.X, lits)
		if !ok {
			return "", false
		}
		r, ok := foldStrings(x.Y, lits)
		if !ok {
			return "", false
		}
		return l + r, true
	}
	return "", false
}

// contractProblems checks every reference to a project package in one call
// text.
func contractProblems(text string, pkgs map[string]*Package) []string {
	toks, _ := plsql.Lex(text) // a fragment may end inside a quote; the tokens so far still count
	toks = sigTokens(toks)
	if !looksLikeCode(toks) {
		return nil // a file name ("DBMS_AGENT_MEMORY_STORE.pks") or a message, not a call
	}
	var out []string
	for i := range toks {
		// Read from the package name on, whatever precedes it: the Go
		// client may prefix the owner schema (owner + ".dbms_agent_memory_store.x(").
		pkgName, ok := identText(toks[i])
		if !ok || (pkgName != errFacade && !strings.HasPrefix(pkgName, "AGENTMEM_")) {
			continue
		}
		c, ok := readDotted(toks, i)
		if !ok || len(c.Parts) != 2 {
			continue
		}
		pkg := pkgs[pkgName]
		if pkg == nil || pkg.Spec == nil {
			if pkgName == errFacade || c.HasParens {
				out = append(out, fmt.Sprintf("%s: no package spec %s among the checked PL/SQL files", lowerRef(c), strings.ToLower(pkgName)))
			}
			continue // agentmem_store.memory_store_id: a table column, not a package
		}
		if specAccessibleBy(pkg.Spec) {
			out = append(out, fmt.Sprintf("%s: package %s is ACCESSIBLE BY other units only, so a call from Go fails (PLS-00904 on Oracle); call the %s facade",
				lowerRef(c), strings.ToLower(pkgName), strings.ToLower(errFacade)))
			continue
		}
		if msg := specCallProblem(c, pkg); msg != "" {
			out = append(out, msg)
		}
	}
	return out
}

// specCallProblem checks one call against the overloads declared in the
// package spec.
func specCallProblem(c parsedCall, pkg *Package) string {
	name := c.Parts[1]
	var overloads [][]OraParam
	for _, s := range pkg.SpecSubs {
		if s.Name != name {
			continue
		}
		var formals []OraParam
		for _, prm := range s.Params {
			formals = append(formals, OraParam{Name: prm.Name, Optional: prm.HasDefault})
		}
		overloads = append(overloads, formals)
	}
	if len(overloads) == 0 {
		if !c.HasParens && specMentions(pkg.Spec, name) {
			return "" // a constant, exception or type of the spec (co_version)
		}
		return fmt.Sprintf("%s: %s is not declared in the spec %s (PLS-00302 on Oracle)", lowerRef(c), strings.ToLower(name), pkg.Spec.Path)
	}
	probs := bestOverload(overloads, c.Args)
	if probs == nil {
		return ""
	}
	return fmt.Sprintf("%s does not match the spec %s: %s (PLS-00306 on Oracle)", lowerRef(c), pkg.Spec.Path, strings.Join(probs, "; "))
}

// specMentions reports whether name is declared or used anywhere in the
// spec's code; enough to accept a reference to a constant or exception.
func specMentions(f *File, name string) bool {
	for _, t := range f.Tokens {
		if n, ok := identText(t); ok && n == name {
			return true
		}
	}
	return false
}

// specAccessibleBy reports whether the spec restricts its callers with an
// ACCESSIBLE BY clause in its header (before the AS/IS that opens it).
func specAccessibleBy(f *File) bool {
	toks := sigTokens(f.Tokens)
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].Is("AS") || toks[k].Is("IS") {
			return false
		}
		if toks[k].Is("ACCESSIBLE") && toks[k+1].Is("BY") {
			return true
		}
	}
	return false
}

// looksLikeCode reports whether a literal holds SQL or PL/SQL text: what
// godror sends is a block (BEGIN ... END) or a statement.
func looksLikeCode(toks []plsql.Token) bool {
	for _, t := range toks {
		if t.Kind != plsql.Ident {
			continue
		}
		switch strings.ToUpper(t.Text) {
		case "BEGIN", "END", "DECLARE", "CALL", "SELECT", "WITH", "INSERT", "UPDATE", "DELETE", "MERGE":
			return true
		}
	}
	return false
}

func lowerRef(c parsedCall) string {
	return strings.ToLower(strings.Join(c.Parts, "."))
}
