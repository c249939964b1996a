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

// installEndUserContextSQL creates the application context of the VPD
// end-user mode (CREATE OR REPLACE CONTEXT AGENTMEM_EU_<owner> USING
// <owner>.AGENTMEM_END_USER); a missing CREATE ANY CONTEXT is a warning.
const installEndUserContextSQL = `begin :b_res := dbms_agent_memory_store.install_end_user_context; end;`

// InstallJobs creates the shared scheduler programs that are absent and
// logs what it did and each warning (with the grant to run). It runs after
// the packages compiled; the per-store jobs are created with each store.
func InstallJobs(ctx context.Context, db *sql.DB, logf func(string)) error {
	return runInstallStep(ctx, db, logf, installJobsSQL, "scheduler", "installing the scheduler programs", "programs present")
}

// InstallEndUserContext creates the application context of the end-user
// mode (docs/security.md) and logs what it did and each warning. It runs
// after the packages compiled: the context names AGENTMEM_END_USER.
func InstallEndUserContext(ctx context.Context, db *sql.DB, logf func(string)) error {
	return runInstallStep(ctx, db, logf, installEndUserContextSQL, "end-user context",
		"creating the end-user application context", "nothing to do")
}

// runInstallStep runs one facade call that returns {"actions", "warnings"}
// and logs each line with prefix; idle is logged when both are empty.
func runInstallStep(ctx context.Context, db *sql.DB, logf func(string), stmt, prefix, what, idle string) error {
	if logf == nil {
		logf = func(string) {}
	}
	var text string
	if _, err := db.ExecContext(ctx, stmt, sql.Named("b_res", sql.Out{Dest: &text})); err != nil {
		return fmt.Errorf("oramigrate: %s: %w", what, explainPrivilege(err))
	}
	var res struct {
		Actions  []string `json:"actions"`
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(text), &res); err != nil {
		return fmt.Errorf("oramigrate: %s: malformed response %q: %w", what, text, err)
	}
	for _, a := range res.Actions {
		logf(prefix + ": " + a)
	}
	for _, w := range res.Warnings {
		logf(prefix + ": WARNING: " + w)
	}
	if len(res.Actions) == 0 && len(res.Warnings) == 0 {
		logf(prefix + ": " + idle)
	}
	return nil
}
