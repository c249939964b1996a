package main

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// storeJobFindings is doctor's check of the stores' database jobs: one
// finding per store, read with list_jobs (which a runtime user may call as
// well). A schema without agentmem's packages or stores gives no finding
// here: the package and migration checks report that.
func storeJobFindings(ctx context.Context, db *sql.DB) []finding {
	stores, err := agentmemory.ListStores(ctx, db, "")
	if err != nil {
		return []finding{{Level: levelWarn, Check: "jobs", Detail: "could not list the stores: " + oneLine(err),
			Action: "install agentmem (agentmem migrate up), or run doctor as the schema owner"}}
	}
	// Without CREATE JOB missing jobs are expected: a warning with the grant
	// (the privilege check says so too), not a failure. Unknown counts as held.
	canCreate := true
	if have, err := sessionPrivileges(ctx, db); err == nil {
		canCreate = have["CREATE JOB"]
	}
	var out []finding
	for _, s := range stores {
		jobs, err := agentmemory.ListJobs(ctx, db, s.MemoryStoreID, "")
		if err != nil {
			out = append(out, finding{Level: levelWarn, Check: "jobs", Detail: storeLabel(s.MemoryStoreID) + ": could not list the jobs: " + oneLine(err),
				Action: "run agentmem install-packages: the installed package may predate the jobs"})
			continue
		}
		f := jobFinding(s.MemoryStoreID, jobs, canCreate)
		f.Action = strings.ReplaceAll(f.Action, "<owner>", s.SchemaOwner)
		out = append(out, f)
	}
	return out
}

// jobFinding judges one store's jobs. Pure: unit-tested.
//   - FAIL: a job that should exist is missing (WARN with the grant when
//     the session lacks CREATE JOB), or the scheduler marks it BROKEN (it
//     stopped retrying);
//   - WARN: the last run FAILED, or PURGE / TEXT_OPTIMIZE is disabled
//     (TEXT_SYNC is created disabled on purpose);
//   - OK otherwise.
func jobFinding(id string, jobs []agentmemory.JobInfo, canCreateJob bool) finding {
	label := storeLabel(id)
	var fails, warns []string
	action := ""
	for _, j := range jobs {
		switch {
		case j.Present == nil:
			warns = append(warns, j.Name+" not readable")
		case !*j.Present && !canCreateJob:
			warns = append(warns, j.Name+" missing (no CREATE JOB)")
			action = "as a DBA: grant create job to <owner>; then open " + label + " with CREATE_IF_NECESSARY as the owner"
		case !*j.Present:
			fails = append(fails, j.Name+" missing")
			action = fmt.Sprintf("as the owner, grant CREATE JOB if missing and open %s with CREATE_IF_NECESSARY (agentmem store create --id %s --policy create_if_necessary)", label, id)
		case j.State == "BROKEN":
			fails = append(fails, j.Name+" BROKEN")
			if action == "" {
				action = "read the error (agentmem jobs history), fix it, then agentmem jobs enable --store " + id + " --job " + string(j.Job)
			}
		case j.LastRun != nil && j.LastRun.Outcome == agentmemory.RunFailed:
			warns = append(warns, fmt.Sprintf("%s last run failed: %s", j.Name, errorSummary(j.LastRun.Error)))
			if action == "" {
				action = "agentmem jobs history --store " + id + " for the error; agentmem jobs run --store " + id + " --job " + string(j.Job) + " to retry"
			}
		case j.Enabled != nil && !*j.Enabled && j.Job != agentmemory.JobTextSync:
			warns = append(warns, j.Name+" disabled")
			if action == "" {
				action = "agentmem jobs enable --store " + id + " --job " + string(j.Job)
			}
		}
	}
	switch {
	case len(fails) > 0:
		return finding{Level: levelFail, Check: "jobs", Detail: label + ": " + strings.Join(append(fails, warns...), "; "), Action: action}
	case len(warns) > 0:
		return finding{Level: levelWarn, Check: "jobs", Detail: label + ": " + strings.Join(warns, "; "), Action: action}
	}
	return finding{Level: levelOK, Check: "jobs", Detail: fmt.Sprintf("%s: %d job(s) scheduled", label, len(jobs))}
}
