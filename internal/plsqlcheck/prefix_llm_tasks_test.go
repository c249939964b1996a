package plsqlcheck

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The two rules OUT-AFTER-RAISE and BIND-OVER-4000 were written after an
// independent compiler read found their defects in AGENTMEM_LLM_TASKS.
// testdata/prefix_llm_tasks holds that package as it was before the fixes
// (branch llm-tasks, commit 50ffdcd), checked as sql/packages/ files: each
// rule must fire at the known sites, so it would have caught them.
func prefixLLMTasksFindings(t *testing.T, rule string) []string {
	t.Helper()
	var files []*File
	for _, name := range []string{"AGENTMEM_LLM_TASKS.pks", "AGENTMEM_LLM_TASKS.pkb"} {
		src, err := os.ReadFile(filepath.Join("testdata", "prefix_llm_tasks", name))
		require.NoError(t, err)
		files = append(files, NewFile("sql/packages/"+name, string(src)))
	}
	p := &Project{Root: ".", SQL: files, Docs: map[string]string{}}
	var out []string
	for _, r := range Rules() {
		if r.ID != rule {
			continue
		}
		for _, f := range r.Check(p) {
			out = append(out, fmt.Sprintf("%s:%d", f.File, f.Line))
			t.Log(f.String())
		}
	}
	return out
}

// fail_task's UPDATE before 698fbfd: substrb(:b_error, 1, 4000) and
// substrb(:b_excerpt, 1, 4000) bound from p_error (unconstrained) and
// l_excerpt varchar2(4000 char), both in the USING list on line 426.
func TestBindOver4000PrefixSites(t *testing.T) {
	got := prefixLLMTasksFindings(t, "BIND-OVER-4000")
	require.Equal(t, []string{
		"sql/packages/AGENTMEM_LLM_TASKS.pkb:426",
		"sql/packages/AGENTMEM_LLM_TASKS.pkb:426",
	}, got)
}

// execute_task's p_output read in the handlers of prompt_copy (line 659),
// run_inline (830) and run_claimed (1415, 1421): l_output is the actual of
// the by-value OUT parameter p_output, assigned before parse/apply raise.
func TestOutAfterRaisePrefixSites(t *testing.T) {
	got := prefixLLMTasksFindings(t, "OUT-AFTER-RAISE")
	require.Equal(t, []string{
		"sql/packages/AGENTMEM_LLM_TASKS.pkb:659",
		"sql/packages/AGENTMEM_LLM_TASKS.pkb:830",
		"sql/packages/AGENTMEM_LLM_TASKS.pkb:1415",
		"sql/packages/AGENTMEM_LLM_TASKS.pkb:1421",
	}, got)
}

// SQL-ONLY's NVL2 entry was added after an independent read found NVL2 in two
// exception handlers of AGENTMEM_SECURITY_DDS.run_ddl (branch dds-upgrade,
// before 3c8cab7; testdata/prefix_dds holds that package): PLS-00201 would
// have left the whole body INVALID. The rule must fire on both lines.
func TestSQLOnlyNVL2PrefixSites(t *testing.T) {
	var files []*File
	for _, name := range []string{"AGENTMEM_SECURITY_DDS.pks", "AGENTMEM_SECURITY_DDS.pkb"} {
		src, err := os.ReadFile(filepath.Join("testdata", "prefix_dds", name))
		require.NoError(t, err)
		files = append(files, NewFile("sql/packages/"+name, string(src)))
	}
	p := &Project{Root: ".", SQL: files, Docs: map[string]string{}}
	var got []string
	for _, f := range checkSQLOnly(p) {
		got = append(got, fmt.Sprintf("%s:%d", f.File, f.Line))
	}
	require.Equal(t, []string{
		"sql/packages/AGENTMEM_SECURITY_DDS.pkb:295",
		"sql/packages/AGENTMEM_SECURITY_DDS.pkb:301",
	}, got)
}
