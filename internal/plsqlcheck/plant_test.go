package plsqlcheck

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// plantedError is one compile error written into a copy of a real file:
// text inserted at a byte offset, expected to be reported by a rule on
// that line with a message starting with name.
type plantedError struct {
	offset int
	text   string
	line   int
	name   string
	sub    string
}

// plantAll inserts every plant into f's text (on the plants' own lines, so
// line numbers stay valid), runs check over the result and the package's
// spec, and fails for each plant no finding of rule reports.
func plantAll(t *testing.T, p *Project, f *File, plants []plantedError, rule string, check func(*Project) []Finding) {
	t.Helper()
	sorted := append([]plantedError(nil), plants...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].offset > sorted[j].offset })
	src := f.Src
	for _, pl := range sorted {
		src = src[:pl.offset] + pl.text + src[pl.offset:]
	}
	files := []*File{NewFile(f.Path, src)}
	for _, g := range p.SQL {
		if g.Path == strings.TrimSuffix(f.Path, ".pkb")+".pks" {
			files = append(files, g)
		}
	}
	got := map[string]bool{}
	for _, fd := range check(&Project{SQL: files}) {
		if fd.Rule == rule {
			got[fmt.Sprintf("%d %s", fd.Line, strings.Fields(fd.Msg)[0])] = true
		}
	}
	for _, pl := range plants {
		require.True(t, got[fmt.Sprintf("%d %s", pl.line, strings.ToLower(pl.name))],
			"%s:%d: %s planted in %s (%q): %s reports nothing", f.Path, pl.line, pl.name, pl.sub, pl.text, rule)
	}
}

// realBodies loads the tree and calls fn for every package body and suite.
func realBodies(t *testing.T, fn func(p *Project, f *File, u *unit, n *unitNames)) {
	p, err := Load(filepath.Join("..", ".."), "sql", filepath.Join("tests", "sql"))
	require.NoError(t, err)
	for _, f := range p.SQL {
		if strings.HasSuffix(f.Path, ".pkb") {
			for _, u := range p.unitsOf(f) {
				if u.plsql && u.root != nil {
					fn(p, f, u, u.namesOf(p.Packages()))
				}
			}
		}
	}
}

// bodyBegin returns the index of the BEGIN of a subprogram definition's own
// body (not of a nested subprogram's), or -1.
func bodyBegin(u *unit, n *unitNames, sd *subDecl) int {
	if sd.body == nil {
		return -1
	}
	for k := sd.body.start; k < sd.body.end; k++ {
		if u.toks[k].Is("BEGIN") && n.scopeAt[k] == sd.body {
			return k
		}
	}
	return -1
}

// TestInParamWriteCatchesPlantedWrites writes each IN parameter of every
// subprogram of the tree right after its body's BEGIN ("p_x := p_x;") and
// requires IN-PARAM-WRITE to report every one.
func TestInParamWriteCatchesPlantedWrites(t *testing.T) {
	total := 0
	realBodies(t, func(p *Project, f *File, u *unit, n *unitNames) {
		var plants []plantedError
		for _, sd := range u.subs {
			b := bodyBegin(u, n, sd)
			if b < 0 {
				continue
			}
			for _, prm := range sd.Params {
				if prm.Mode != "IN" {
					continue
				}
				begin := u.toks[b]
				name := strings.ToLower(prm.Name)
				plants = append(plants, plantedError{offset: begin.Offset + len(begin.Text),
					text: " " + name + " := " + name + ";", line: begin.Line, name: prm.Name, sub: sd.Name})
				break // one per subprogram: several on one line would share a line number
			}
		}
		if len(plants) > 0 {
			plantAll(t, p, f, plants, "IN-PARAM-WRITE", checkInParamWrite)
			total += len(plants)
		}
	})
	t.Logf("%d writes to IN parameters planted", total)
	require.Greater(t, total, 100)
}

// TestDupDeclCatchesPlantedDuplicates declares, in every subprogram of the
// tree that has locals, its first local a second time right after the
// first declaration, and requires DUP-DECL to report every one.
func TestDupDeclCatchesPlantedDuplicates(t *testing.T) {
	total := 0
	realBodies(t, func(p *Project, f *File, u *unit, n *unitNames) {
		var plants []plantedError
		for _, sd := range u.subs {
			if sd.body == nil {
				continue
			}
			for _, d := range sd.body.decls {
				if d.kind != "VARIABLE" {
					continue
				}
				semi := statementEndAt(u.toks, d.idx, ";")
				if semi >= len(u.toks) {
					break
				}
				end := u.toks[semi]
				plants = append(plants, plantedError{offset: end.Offset + 1,
					text: " " + strings.ToLower(d.name) + " pls_integer;", line: end.Line, name: d.name, sub: sd.Name})
				break
			}
		}
		if len(plants) > 0 {
			plantAll(t, p, f, plants, "DUP-DECL", checkDupDecl)
			total += len(plants)
		}
	})
	t.Logf("%d duplicate declarations planted", total)
	require.Greater(t, total, 100)
}

// TestPkgCallCatchesMisspelledMembers misspells every qualified reference
// into one of the project's packages (pkg.member: calls, constants, types,
// exceptions, in any position) in every package body and suite, and
// requires PKG-CALL to report each one (PLS-00302): the pkg.name half of
// the undeclared-identifier class.
func TestPkgCallCatchesMisspelledMembers(t *testing.T) {
	p, err := Load(filepath.Join("..", ".."), "sql", filepath.Join("tests", "sql"))
	require.NoError(t, err)
	pkgs := p.Packages()
	total := 0
	for _, f := range p.SQL {
		if !strings.HasSuffix(f.Path, ".pkb") {
			continue
		}
		type ref struct{ pkgTok, member int } // indexes into f.Tokens
		var refs []ref
		toks := f.Tokens
		for k := 0; k+2 < len(toks); k++ {
			if pk := pkgs[identName(toks[k])]; pk != nil && pk.Spec != nil &&
				isWord(toks[k]) && toks[k+1].Is(".") && isWord(toks[k+2]) && (k == 0 || !toks[k-1].Is(".")) {
				refs = append(refs, ref{k, k + 2})
			}
		}
		if len(refs) == 0 {
			continue
		}
		src := f.Src
		for i := len(refs) - 1; i >= 0; i-- {
			m := toks[refs[i].member]
			src = src[:m.Offset+len(m.Text)] + "_x" + src[m.Offset+len(m.Text):]
		}
		got := map[string]bool{}
		for _, fd := range checkPkgCall(&Project{SQL: append([]*File{NewFile(f.Path, src)}, specsExcept(p, f)...)}) {
			got[fmt.Sprintf("%d:%d", fd.Line, fd.Col)] = true
		}
		for i, r := range refs {
			pt := toks[r.pkgTok]
			col := pt.Col
			for _, o := range refs[:i] { // earlier renames on the same line move the column
				if toks[o.member].Line == pt.Line {
					col += len("_x")
				}
			}
			require.True(t, got[fmt.Sprintf("%d:%d", pt.Line, col)],
				"%s:%d: %s.%s misspelled: PKG-CALL reports nothing", f.Path, pt.Line, pt.Text, toks[r.member].Text)
			total++
		}
	}
	t.Logf("%d qualified references misspelled", total)
	require.Greater(t, total, 100)
}

// specsExcept returns the package specs of the tree other than f.
func specsExcept(p *Project, f *File) []*File {
	var out []*File
	for _, g := range p.SQL {
		if g != f && strings.HasSuffix(g.Path, ".pks") {
			out = append(out, g)
		}
	}
	return out
}
