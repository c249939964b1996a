package oramigrate

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// installJobsSQL installs the shared scheduler programs of sql/scheduler/
// (AGENTMEM_<JOB>_P) through the installed package; a missing CREATE JOB
// comes back as a warning, never an error.
const installJobsSQL = `begin :b_res := dbms_agent_memory_store.install_jobs; end;`

// InstallJobs creates the shared scheduler programs that are absent and
// logs what it did and each warning (with the grant to run). It runs after
// the packages compiled; the per-store jobs are created with each store.
func InstallJobs(ctx context.Context, db *sql.DB, logf func(string)) error {
	if logf == nil {
		logf = func(string) {}
	}
	var text string
	if _, err := db.ExecContext(ctx, installJobsSQL, sql.Named("b_res", sql.Out{Dest: &text})); err != nil {
		return fmt.Errorf("oramigrate: installing the scheduler programs: %w", explainPrivilege(err))
	}
	var res struct {
		Actions  []string `json:"actions"`
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(text), &res); err != nil {
		return fmt.Errorf("oramigrate: installing the scheduler programs: malformed response %q: %w", text, err)
	}
	for _, a := range res.Actions {
		logf("scheduler: " + a)
	}
	for _, w := range res.Warnings {
		logf("scheduler: WARNING: " + w)
	}
	if len(res.Actions) == 0 && len(res.Warnings) == 0 {
		logf("scheduler: programs present")
	}
	return nil
}
