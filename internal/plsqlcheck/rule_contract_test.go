package plsqlcheck

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The GO-CONTRACT fixtures are small project trees (a spec under
// sql/packages, Go sources under goclient): a Go call only means something
// next to the spec it calls. A Go line that should be reported carries the
// comment "// expect: GO-CONTRACT".
func TestGoContractTrees(t *testing.T) {
	for _, tree := range []string{"clean", "broken"} {
		t.Run(tree, func(t *testing.T) {
			root := filepath.Join("testdata", "contract", tree)
			p, err := Load(root, "sql")
			require.NoError(t, err)
			require.NotEmpty(t, p.Go, "the tree must hold Go sources")
			assert.Equal(t, goExpectations(t, p, "GO-CONTRACT"), findingLines(checkGoContract(p)))
		})
	}
}

// The messages name what is wrong, so a developer can fix the call without
// opening the checker.
func TestGoContractMessages(t *testing.T) {
	p, err := Load(filepath.Join("testdata", "contract", "broken"), "sql")
	require.NoError(t, err)
	msgs := map[int]string{}
	for _, f := range checkGoContract(p) {
		msgs[f.Line] = f.Msg
	}
	assert.Contains(t, msgs[5], "create_stor is not declared in the spec")
	assert.Contains(t, msgs[6], "no parameter named p_store")
	assert.Contains(t, msgs[7], "mandatory parameter(s) not supplied: p_store_id")
	assert.Contains(t, msgs[8], "3 positional arguments, but it takes at most 2")
	assert.Contains(t, msgs[10], "co_versoin is not declared")
	assert.Contains(t, msgs[11], "no package spec agentmem_nowhere")
	assert.Contains(t, msgs[13], "ACCESSIBLE BY other units only, so a call from Go fails (PLS-00904 on Oracle)")
}

// Without the spec every call to the facade is unverifiable, and says so.
func TestGoContractWithoutSpec(t *testing.T) {
	p, err := Load(filepath.Join("testdata", "contract", "clean"), "goclient")
	require.NoError(t, err)
	require.Empty(t, p.SQL)
	fs := checkGoContract(p)
	require.NotEmpty(t, fs)
	assert.Contains(t, fs[0].Msg, "no package spec dbms_agent_memory_store")
}

// goExpectations collects "path:line" for every Go line carrying
// "// expect: <rule>".
func goExpectations(t *testing.T, p *Project, rule string) []string {
	t.Helper()
	out := []string{}
	for _, g := range p.Go {
		for i, line := range strings.Split(g.Src, "\n") {
			if strings.Contains(line, "// expect: "+rule) {
				out = append(out, fmt.Sprintf("%s:%d", g.Path, i+1))
			}
		}
	}
	sort.Strings(out)
	return out
}

// findingLines renders findings as sorted "path:line".
func findingLines(fs []Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s:%d", f.File, f.Line))
	}
	sort.Strings(out)
	return out
}

// writeTree creates files (path -> content) under a temporary root.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for path, src := range files {
		full := filepath.Join(root, filepath.FromSlash(path))
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(src), 0o644))
	}
	return root
}
