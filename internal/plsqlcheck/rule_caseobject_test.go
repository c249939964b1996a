package plsqlcheck

import (
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCaseObjectCatchesPlantedBranches gives every CASE expression of sql/
// and tests/sql an object-typed branch ("when null then json_object_t()"
// before its ELSE or END; valid in simple and searched CASE alike) and
// requires CASE-OBJECT to report every one: the rule sees CASE expressions
// in every position the tree writes them (declarations, assignments, RETURN,
// arguments, concatenations, static SQL, nested CASE).
func TestCaseObjectCatchesPlantedBranches(t *testing.T) {
	p, err := Load(filepath.Join("..", ".."), "sql", filepath.Join("tests", "sql"))
	require.NoError(t, err)
	total := 0
	for _, f := range p.SQL {
		var at []int          // byte offsets to insert at
		want := map[int]int{} // line -> CASE expressions planted on it
		for _, u := range p.unitsOf(f) {
			if !u.plsql || u.root == nil {
				continue
			}
			statements := caseStatements(u)
			for k, tok := range u.toks {
				if !tok.Is("CASE") || statements[k] {
					continue
				}
				_, elseAt, endAt := caseResults(u.toks, k)
				if endAt < 0 {
					continue
				}
				ins := endAt
				if elseAt >= 0 {
					ins = elseAt
				}
				at = append(at, u.toks[ins].Offset)
				want[tok.Line]++
			}
		}
		if len(at) == 0 {
			continue
		}
		sort.Sort(sort.Reverse(sort.IntSlice(at)))
		src := f.Src
		for _, off := range at {
			src = src[:off] + "when null then json_object_t() " + src[off:]
		}
		mutated := NewFile(f.Path, src)
		files := []*File{mutated}
		for _, g := range p.SQL {
			if g != f {
				files = append(files, g)
			}
		}
		got := map[int]int{}
		for _, fd := range checkCaseObject(&Project{SQL: files}) {
			if fd.File == f.Path {
				got[fd.Line]++
			}
		}
		for line, n := range want {
			require.Equal(t, n, got[line], "%s:%d: %d CASE expressions given an object branch, CASE-OBJECT reports %d",
				f.Path, line, n, got[line])
			total += n
		}
	}
	t.Logf("%d CASE expressions given an object-typed branch", total)
	require.Greater(t, total, 50)
}
