package plsqlcheck

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestListMemberGuardCatchesRemovedGuards takes every guarded membership test
// of sql/ and tests/sql (instr(sep || list || sep, sep || x || sep) with its
// instr(x, sep) guard), spoils each guard's separator literal, and requires
// LIST-MEMBER-GUARD to report every test it protected: the guard the rule
// accepts is the one the tree relies on, on every site.
func TestListMemberGuardCatchesRemovedGuards(t *testing.T) {
	p, err := Load(filepath.Join("..", ".."), "sql", filepath.Join("tests", "sql"))
	require.NoError(t, err)
	total := 0
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		toks := sigTokens(f.Tokens)
		var sites []string
		guards := map[int]bool{} // byte offsets of the guards' separator literals
		for _, m := range membershipTests(toks) {
			k, g := m.k, m.guard
			require.GreaterOrEqual(t, g, 0, "%s:%d: unguarded membership test in the tree", f.Path, toks[k].Line)
			guards[toks[g].Offset] = true
			sites = append(sites, fmt.Sprintf("%d:%d", toks[k].Line, toks[k].Col))
		}
		if len(sites) == 0 {
			continue
		}
		src := []byte(f.Src)
		for off := range guards {
			src[off+1] = '#' // ',' -> '#': the same length, so positions stay put
		}
		got := map[string]bool{}
		for _, fd := range checkListMemberGuard(&Project{SQL: []*File{NewFile(f.Path, string(src))}}) {
			got[fmt.Sprintf("%d:%d", fd.Line, fd.Col)] = true
		}
		for _, s := range sites {
			require.True(t, got[s], "%s:%s: the guard spoiled, LIST-MEMBER-GUARD reports nothing", f.Path, s)
			total++
		}
	}
	t.Logf("%d guarded membership tests with their guard spoiled", total)
	require.GreaterOrEqual(t, total, 15)
}
