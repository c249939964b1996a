package plsqlcheck

import (
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// Constants in dynamic SQL (part of DYN-SQL). A co_* name is accepted as a
// piece of SQL text only when the value it is declared with is itself built
// from safe pieces: a constant initialised from a function result
// (co_owner constant varchar2(128 char) := sys_context(...)) carries a value
// into the text as surely as a variable does. The declaration is looked up
// in the using file, in its package's spec, or in the spec of the package
// that qualifies it; a constant declared outside the checked files (an Oracle
// package's, dbms_lock.x_mode) is taken as the documentation gives it.

// constant checks the declared value of constant name (of package pkg, ""
// for the using unit's own) used as SQL text at token at.
func (d *dynFile) constant(pkg, name string, at plsql.Token, visiting map[string]bool) []dynTaint {
	decl, toks, ok := d.constantValue(pkg, name)
	if !ok {
		return nil
	}
	key := "const/" + pkg + "/" + name
	if visiting[key] {
		return nil
	}
	next := map[string]bool{key: true}
	for k := range visiting {
		next[k] = true
	}
	var out []dynTaint
	for _, t := range decl.expr(toks, -1, next) {
		out = append(out, dynTaint{file: d.f, tok: at, desc: "constant " + strings.ToLower(name) +
			", whose declared value holds " + t.desc})
	}
	return out
}

// constantValue finds "name CONSTANT type := expr;" and returns the file it
// is declared in and the tokens of expr.
func (d *dynFile) constantValue(pkg, name string) (*dynFile, []plsql.Token, bool) {
	var files []*File
	switch {
	case pkg == "" || pkg == d.pkgName:
		files = append(files, d.f)
		if pk := d.a.p.Packages()[d.pkgName]; pk != nil && pk.Spec != nil && pk.Spec != d.f {
			files = append(files, pk.Spec)
		}
	default:
		if pk := d.a.p.Packages()[pkg]; pk != nil && pk.Spec != nil {
			files = append(files, pk.Spec)
		}
	}
	for _, f := range files {
		cf := d.a.file(f)
		if cf == nil {
			continue
		}
		t := cf.toks
		for k := 0; k+1 < len(t); k++ {
			if n, ok := identText(t[k]); !ok || n != name || !t[k+1].Is("CONSTANT") {
				continue
			}
			for m := k + 2; m < len(t) && !t[m].Is(";"); m++ {
				if t[m].Is(":=") || t[m].Is("DEFAULT") {
					return cf, t[m+1 : exprEnd(t, m+1)], true
				}
			}
		}
	}
	return nil, nil, false
}
