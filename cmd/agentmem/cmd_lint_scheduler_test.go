package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// agentmem lint without paths checks sql/scheduler like sql/packages: a job
// body committing without the marker is a TXN finding there too.
func TestLintDefaultPathsCheckTheSchedulerFolder(t *testing.T) {
	root := lintTree(t, map[string]string{
		"sql/scheduler/fx_job.pks": "create or replace package fx_job\nas\n  procedure run_batch(p_id in number);\nend fx_job;\n/\n",
		"sql/scheduler/fx_job.pkb": "create or replace package body fx_job\nas\n  procedure run_batch(p_id in number)\n  is\n" +
			"  begin\n    delete from fx_t where id = p_id;\n    commit;\n  end run_batch;\nend fx_job;\n/\n",
	})
	code, out, _ := runLintCLI("--root", root)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "sql/scheduler/fx_job.pkb")
	assert.Contains(t, out, "TXN:")
	assert.True(t, strings.HasSuffix(out, "lint: 2 files, 1 findings\n"), out)
}
