package integration

// This file needs no database: every managed table kind has an owner-column
// rule in AGENTMEM_VPD.rule_of (docs/security.md, "VPD enforcement"), so a
// table added to AGENTMEM_STORE_CATALOG.table_bases fails here, at make
// test, and not only at attach_policies on a live database (where a table
// without a rule stops the attach rather than stay uncovered).

import (
	"fmt"
	"io/fs"
	"os"
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

// The documented Oracle errors of the Deep Data Security statements become
// named errors in AGENTMEM_SECURITY_DDS.run_ddl (docs/errors.md, "Oracle
// errors of the Deep Data Security statements"). No database with Deep Data
// Security is reachable here, so this reads the mapping from the package
// body: each ORA code's exception, the handler it falls in, the error class
// the handler raises, and that the message names the statement's kind and
// object; docs/errors.md lists every mapped code.
func TestDDSStatementErrorsAreMapped(t *testing.T) {
	b, err := fs.ReadFile(sqlfiles.FS, sqlfiles.PackagesDir+"/AGENTMEM_SECURITY_DDS.pkb")
	require.NoError(t, err)
	body := string(b)
	codeOf := map[string]int{} // exception name → ORA code
	for _, m := range regexp.MustCompile(`pragma exception_init\((e_[a-z_]+), -(\d+)\)`).FindAllStringSubmatch(body, -1) {
		n := 0
		for _, c := range m[2] {
			n = n*10 + int(c-'0')
		}
		codeOf[m[1]] = n
	}
	runDDL := regexp.MustCompile(`(?s)procedure run_ddl\(.*?end run_ddl;`).FindString(body)
	require.NotEmpty(t, runDDL, "run_ddl not found")
	classOf := map[int]string{} // ORA code → error class raised
	handlers := regexp.MustCompile(`(?s)when ((?:e_[a-z_]+(?: or )?)+) then\s+fail\(dbms_agent_memory_store\.co_([a-z_]+),(.*?)\);\n`).
		FindAllStringSubmatch(runDDL, -1)
	require.NotEmpty(t, handlers)
	for _, h := range handlers {
		assert.Contains(t, h[3], "p_kind", "the %s message names the statement kind", h[2])
		assert.Contains(t, h[3], "p_object", "the %s message names the statement's object", h[2])
		assert.Contains(t, h[3], "'"+strings.ToUpper(h[2])+": ", "the message starts with its class name")
		for _, e := range strings.Split(h[1], " or ") {
			code, ok := codeOf[e]
			require.True(t, ok, "exception %s of run_ddl has no exception_init", e)
			classOf[code] = strings.ToUpper(h[2])
		}
	}
	want := map[int]string{
		1031:  "PRIVILEGE_MISSING",
		1917:  "INVALID_ARGUMENT",
		52516: "INVALID_ARGUMENT",
		52512: "INVALID_ARGUMENT",
		52513: "INVALID_ARGUMENT",
		900:   "UNSUPPORTED_RELEASE",
		901:   "UNSUPPORTED_RELEASE",
		990:   "UNSUPPORTED_RELEASE",
	}
	assert.Equal(t, want, classOf)
	docs, err := os.ReadFile("../../docs/errors.md")
	require.NoError(t, err)
	for code := range want {
		assert.Contains(t, string(docs), fmt.Sprintf("ORA-%05d", code), "docs/errors.md lists ORA-%05d", code)
	}
}
