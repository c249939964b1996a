package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"maps"
	"slices"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

const purgeUsage = `
Usage: agentmem purge --store ID [--dry-run] [--batch N] [--budget DUR] [--json]

Deletes a store's expired records now, with their retrieval rows and
relations (restoring the status of relation targets), in batches each
committed: the purge job's own run (agentmem jobs run --job purge), in the
foreground with progress on stderr. With --dry-run it only counts what
would go.

Flags:
  --dsn DSN      database (default $ORACLE_DSN)
  --store ID     the store (--store "" is the default store); required
  --dry-run      count, delete nothing
  --batch N      records per batch (default 1000)
  --budget DUR   stop after DUR (default 5m); run again to continue
  --json         JSON instead of text`

func init() {
	register(command{
		Name:    "purge",
		Summary: "delete a store's expired records now (or count them with --dry-run)",
		Usage:   purgeUsage,
		Run:     runPurge,
	})
}

func runPurge(ctx context.Context, env *cliEnv, args []string) error {
	f, err := parseJobsFlags("purge", args, true)
	if err != nil {
		return flagError(env, purgeUsage, err)
	}
	if !f.hasStore {
		return usagef("purge needs --store ID (--store \"\" for the default store)")
	}
	if f.owner != "" || f.job != "" || f.limit != 0 {
		return usagef("purge takes --store, --dry-run, --batch, --budget and --json only")
	}
	db, err := f.dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	return purgeOn(ctx, env, db, f)
}

// purgeOn runs a parsed purge on db (tests pass a fake).
func purgeOn(ctx context.Context, env *cliEnv, db *sql.DB, f *jobsFlags) error {
	if f.dryRun {
		p, err := agentmemory.PreviewPurge(ctx, db, f.store)
		if err != nil {
			return err
		}
		return output(env, f.asJSON, p, func(w io.Writer) {
			fmt.Fprintf(w, "%s: a purge would delete (dry run, nothing deleted):\n", storeLabel(f.store))
			for _, k := range slices.Sorted(maps.Keys(p.Expired)) {
				fmt.Fprintf(w, "  %-14s %d\n", k, p.Expired[k])
			}
			fmt.Fprintf(w, "  %-14s %d (job-log rows past the retention)\n", "JOB_LOG", p.JobLogRows)
		})
	}
	run, err := runWithProgress(ctx, env, db, f.store, agentmemory.JobPurge,
		agentmemory.RunJobOptions{BatchSize: f.batch, TimeBudget: f.budget})
	if err != nil {
		return err
	}
	return output(env, f.asJSON, run, func(w io.Writer) {
		fmt.Fprintf(w, "%s: purge %s, %d rows deleted, %s\n", storeLabel(f.store), run.Outcome, run.RowsAffected, runDuration(run))
		switch run.Outcome {
		case agentmemory.RunPartial:
			fmt.Fprintln(w, "the time budget ran out: run agentmem purge again (or let the hourly job) to continue")
		case agentmemory.RunSkipped:
			fmt.Fprintln(w, "another session is purging this store now: nothing was done")
		}
	})
}
