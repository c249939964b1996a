package integration

// This file needs no database: every managed table kind has an owner-column
// rule in AGENTMEM_VPD.rule_of (docs/security.md, "VPD enforcement"), so a
// table added to AGENTMEM_STORE_CATALOG.table_bases fails here, at make
// test, and not only at attach_policies on a live database (where a table
// without a rule stops the attach rather than stay uncovered).

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	sqlfiles "github.com/agentmem/agentmem/sql"
)

// quotedNames returns the 'NAME' literals of the first match of re in the
// package body file.
func quotedNames(t *testing.T, file string, re *regexp.Regexp) []string {
	t.Helper()
	b, err := fs.ReadFile(sqlfiles.FS, sqlfiles.PackagesDir+"/"+file)
	require.NoError(t, err)
	m := re.FindString(string(b))
	require.NotEmpty(t, m, "%s: the block was not found", file)
	var names []string
	for _, q := range regexp.MustCompile(`'([A-Z_]+)'`).FindAllStringSubmatch(m, -1) {
		names = append(names, q[1])
	}
	return names
}

func TestEveryTableHasAVPDRule(t *testing.T) {
	bases := quotedNames(t, "AGENTMEM_STORE_CATALOG.pkb",
		regexp.MustCompile(`(?s)function table_bases return agentmem_util\.t_text_list.*?end table_bases;`))
	require.NotEmpty(t, bases)
	rules := quotedNames(t, "AGENTMEM_VPD.pkb",
		regexp.MustCompile(`(?s)function rule_of\(p_base in varchar2\) return varchar2.*?end rule_of;`))
	covered := map[string]bool{}
	for _, r := range rules {
		covered[r] = true
	}
	for _, b := range bases {
		assert.True(t, covered[b], "table base %s of table_bases has no owner-column rule in AGENTMEM_VPD.rule_of", b)
	}
	assert.Contains(t, strings.Join(rules, ","), "LLM_TASK", "the rule for the LLM task table is ready before it lands")
}
