package plsqlcheck

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ERR-SYNC compares three files, so its fixtures are project trees: a spec
// under sql/packages, goclient/errors.go and docs/errors.md. Every line that
// should be reported carries one "expect: ERR-SYNC" per finding, in a
// comment of its language.
func TestErrSyncTrees(t *testing.T) {
	for _, tree := range []string{"sync", "drift"} {
		t.Run(tree, func(t *testing.T) {
			p, err := Load(filepath.Join("testdata", "errsync-trees", tree), "sql")
			require.NoError(t, err)
			require.NotEmpty(t, p.Docs)
			got := checkErrSync(p)
			assert.Equal(t, treeExpectations(p, "ERR-SYNC"), findingLines(got), "findings:\n%s", findingsText(got))
		})
	}
}

func TestErrSyncMessages(t *testing.T) {
	p, err := Load(filepath.Join("testdata", "errsync-trees", "drift"), "sql")
	require.NoError(t, err)
	all := findingsText(checkErrSync(p))
	for _, want := range []string{
		"pragma exception_init(e_not_found, -20102) disagrees with co_not_found = -20101",
		"co_duplicate_id reuses code -20101 of co_not_found",
		"co_schema_missing has no exception e_schema_missing",
		"co_too_low = -20050 is outside the package's range -20100 .. -20199",
		"exception e_orphan has neither co_orphan nor a pragma exception_init",
		"needs a numeric literal, not co_by_name (PLS-00702 on Oracle)",
		"code -20104 BY_NAME of the spec (sql/packages/DBMS_AGENT_MEMORY_STORE.pks:25) is missing from errorClasses in goclient/errors.go",
		"code -20101 is named NOT_FOUNDED in errorClasses in goclient/errors.go but NOT_FOUND in the spec",
		"code -20199 GONE in errorClasses in goclient/errors.go has no co_gone",
		"docs/errors.md names the Go sentinel \"ErrInvalid\" but errorClasses has ErrInvalidArgument",
		"literal -20100 passed to raise_application_error",
		"literal -20100 passed to raise_error",
	} {
		assert.Contains(t, all, want)
	}
}

// A project with a Go client and docs must have both tables.
func TestErrSyncMissingTables(t *testing.T) {
	spec := `create or replace package dbms_agent_memory_store as
  co_not_found constant pls_integer := -20101;
  e_not_found exception;
  pragma exception_init(e_not_found, -20101);
end dbms_agent_memory_store;
/
`
	root := writeTree(t, map[string]string{
		"sql/packages/DBMS_AGENT_MEMORY_STORE.pks": spec,
		"goclient/doc.go":                          "package agentmemory\n",
		"docs/protocol.md":                         "# Protocol\n",
	})
	p, err := Load(root, "sql")
	require.NoError(t, err)
	all := findingsText(checkErrSync(p))
	assert.Contains(t, all, "goclient/errors.go is missing")
	assert.Contains(t, all, "docs/errors.md is missing")
}

// treeExpectations counts "expect: <rule>" markers on every line of the
// tree's SQL, Go and Markdown files.
func treeExpectations(p *Project, rule string) []string {
	out := []string{}
	add := func(path, src string) {
		for i, line := range strings.Split(src, "\n") {
			for n := strings.Count(line, "expect: "+rule); n > 0; n-- {
				out = append(out, fmt.Sprintf("%s:%d", path, i+1))
			}
		}
	}
	for _, f := range p.SQL {
		add(f.Path, f.Src)
	}
	for _, g := range p.Go {
		add(g.Path, g.Src)
	}
	for path, src := range p.Docs {
		add(path, src)
	}
	sort.Strings(out)
	return out
}

func findingsText(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.String())
		b.WriteByte('\n')
	}
	return b.String()
}
