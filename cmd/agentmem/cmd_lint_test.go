package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lintTree writes files (path -> content) under a temporary root.
func lintTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, content := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(content), 0o644))
	}
	return root
}

func runLintCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	env := &cliEnv{Stdout: &out, Stderr: &errOut, Getenv: func(string) string { return "" }}
	code := run(context.Background(), env, append([]string{"lint"}, args...))
	return code, out.String(), errOut.String()
}

const lintGoodBlock = "begin\n  null;\nend;\n/\n"

func TestLintCleanTree(t *testing.T) {
	root := lintTree(t, map[string]string{"sql/migrations/000001_x.up.sql": lintGoodBlock})
	code, out, _ := runLintCLI("--root", root)
	assert.Equal(t, 0, code)
	assert.Equal(t, "lint: 1 files, 0 findings\n", out)
}

func TestLintFindings(t *testing.T) {
	root := lintTree(t, map[string]string{
		"sql/migrations/000001_x.up.sql": "begin\n  if 1 = 1 then\n    null;\nend;\n/\n",
		"tests/sql/ok.sql":               lintGoodBlock,
	})
	code, out, errOut := runLintCLI("--root", root)
	assert.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2, out)
	assert.True(t, strings.HasPrefix(lines[0], "sql/migrations/000001_x.up.sql:2:3: BLOCK: IF at 2:3 is not closed"), lines[0])
	assert.Equal(t, "lint: 2 files, 1 findings", lines[1])
	assert.Contains(t, errOut, "1 finding(s)")
}

func TestLintExplicitPath(t *testing.T) {
	root := lintTree(t, map[string]string{
		"sql/migrations/000001_x.up.sql": "begin\n  if 1 = 1 then\n    null;\nend;\n/\n",
		"other/ok.sql":                   lintGoodBlock,
	})
	code, out, _ := runLintCLI("--root", root, "other")
	assert.Equal(t, 0, code, out)
	assert.Equal(t, "lint: 1 files, 0 findings\n", out)
}

func TestLintRules(t *testing.T) {
	code, out, _ := runLintCLI("--rules")
	assert.Equal(t, 0, code)
	for _, id := range []string{"BLOCK", "LEX", "SPEC-BODY", "DECL-ORDER", "OVERLOAD", "WHEN-OTHERS", "TXN", "RESERVED", "NAMING"} {
		assert.Contains(t, out, id+" ")
	}
}

func TestLintUsageErrors(t *testing.T) {
	root := lintTree(t, map[string]string{"sql/a.sql": lintGoodBlock})
	cases := map[string][]string{
		"unknown flag":   {"--bogus"},
		"missing root":   {"--root", filepath.Join(root, "nope")},
		"missing path":   {"--root", root, "no/such/dir"},
		"root is a file": {"--root", filepath.Join(root, "sql", "a.sql")},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			code, _, errOut := runLintCLI(args...)
			assert.Equal(t, 2, code)
			assert.Contains(t, errOut, "Usage: agentmem lint")
		})
	}
}

// Run outside the repository (no sql/ nor tests/sql/ under the root), lint
// says so instead of checking whatever tree it finds.
func TestLintOutsideTheRepository(t *testing.T) {
	root := lintTree(t, map[string]string{"main.go": "package main\n", "docs/x.md": "# x\n"})
	code, out, errOut := runLintCLI("--root", root)
	assert.Equal(t, 1, code)
	assert.Empty(t, out, "nothing is checked")
	assert.Contains(t, errOut, root+" is not an agentmem repository (it has neither sql/ nor tests/sql/)")
}
