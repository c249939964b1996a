package plsqlcheck

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIdentCatchesRenamedParameters plants the classic PLS-00201 into the
// real tree: in every subprogram definition of every package body and
// utPLSQL suite (private, public and nested ones alike), the first
// parameter its body uses is renamed in the header only. IDENT must report
// the old name inside that subprogram's body, for each one of them. All
// renames of a file are planted at once (one parse per file); each is
// matched by its name and the body's token range.
func TestIdentCatchesRenamedParameters(t *testing.T) {
	p, err := Load(filepath.Join("..", ".."), "sql", filepath.Join("tests", "sql"))
	require.NoError(t, err)
	pkgs := p.Packages()
	planted := 0
	for _, f := range p.SQL {
		if !strings.HasSuffix(f.Path, ".pkb") {
			continue
		}
		type plant struct {
			name       string
			sub        string
			offset     int // of the renamed token in the original text
			start, end int // byte range of the body in the original text
		}
		var plants []plant
		for _, u := range p.unitsOf(f) {
			for _, sd := range u.subs {
				prm, ok := usedParam(u, u.namesOf(pkgs), sd)
				if !ok {
					continue
				}
				last := u.toks[sd.body.end-1]
				plants = append(plants, plant{name: prm.Name, sub: sd.Name, offset: paramTok(u, sd, prm).Offset,
					start: u.toks[sd.body.start].Offset, end: last.Offset + len(last.Text)})
			}
		}
		if len(plants) == 0 {
			continue
		}
		byOffset := append([]plant(nil), plants...)
		sort.Slice(byOffset, func(i, j int) bool { return byOffset[i].offset > byOffset[j].offset })
		src := f.Src
		for _, pl := range byOffset { // from the end, so earlier offsets stay valid
			src = src[:pl.offset] + src[pl.offset:pl.offset+len(pl.name)] + "_renamed" + src[pl.offset+len(pl.name):]
		}
		mutated := NewFile(f.Path, src)
		files := []*File{mutated}
		for _, g := range p.SQL { // the package's spec, so that the body still resolves it
			if g.Path == strings.TrimSuffix(f.Path, ".pkb")+".pks" {
				files = append(files, g)
			}
		}
		findings := checkIdent(&Project{SQL: files})
		// shifted maps an offset of the original text into the mutated one.
		shifted := func(x int) int {
			out := x
			for _, o := range plants {
				if o.offset < x {
					out += len("_renamed")
				}
			}
			return out
		}
		for _, pl := range plants {
			found := false
			for _, fd := range findings {
				off := offsetOf(mutated, fd.Line, fd.Col)
				if strings.HasPrefix(fd.Msg, strings.ToLower(pl.name)+" ") && off >= shifted(pl.start) && off < shifted(pl.end) {
					found = true
				}
			}
			require.True(t, found, "%s: %s renamed in the header of %s only: IDENT reports nothing", f.Path, pl.name, pl.sub)
			planted++
		}
	}
	t.Logf("%d renamed parameters planted", planted)
	require.Greater(t, planted, 100, "too few subprograms with parameters: the test is not exercising the tree")
}

// offsetOf returns the byte offset of a token found at line:col in f.
func offsetOf(f *File, line, col int) int {
	for _, t := range f.Tokens {
		if t.Line == line && t.Col == col {
			return t.Offset
		}
	}
	return -1
}

// usedParam returns the first parameter of a definition that its body uses
// unqualified and that no inner declaration hides.
func usedParam(u *unit, n *unitNames, sd *subDecl) (Param, bool) {
	if sd.body == nil {
		return Param{}, false
	}
	for _, prm := range sd.Params {
		for k := sd.body.start; k < sd.body.end; k++ {
			if !n.isBareUse(k) || identName(u.toks[k]) != prm.Name || !hasConventionPrefix(prm.Name) {
				continue
			}
			if b, ok := n.resolve(prm.Name, k); ok && b.sub == sd {
				return prm, true
			}
		}
	}
	return Param{}, false
}
