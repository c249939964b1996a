package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

const jobsUsage = `
Usage: agentmem jobs list|history|run|enable|disable [flags]

The database jobs of the stores (docs/operations.md): PURGE (every store,
hourly, under a time budget), TEXT_OPTIMIZE (KEYWORD stores, nightly),
TEXT_SYNC (KEYWORD/HYBRID stores with MANUAL sync; created disabled) and
LLM_TASKS (every store, every minute: the BACKGROUND LLM tasks, docs/llm.md).

  list      each job's state, schedule, next run, last run and last error
  history   the job-run log (AGENTMEM_JOB_RUNS), newest first
  run       runs a job now in this session, by the path the scheduler
            takes (same lock, same log row); progress on stderr
  enable    enables a job (e.g. TEXT_SYNC of a MANUAL-sync store)
  disable   disables a job

Flags:
  --dsn DSN       database (default $ORACLE_DSN)
  --store ID      one store (--store "" is the default store); without it,
                  every store of the schema
  --owner USER    another schema's stores (list, history: runtime users)
  --job JOB       purge | text_optimize | text_sync | llm_tasks (required by run,
                  enable, disable; filters history)
  --limit N       history: at most N runs per store (default 20)
  --batch N       run purge: records per batch, one transaction each
  --budget DUR    run purge: stop after DUR (e.g. 10m); the next run continues
  --json          JSON instead of a table`

func init() {
	register(command{
		Name:    "jobs",
		Summary: "list, run, enable or disable the stores' database jobs; show their run history",
		Usage:   jobsUsage,
		Run:     runJobs,
	})
}

// jobsFlags are the flags of the jobs subcommands (and of purge).
type jobsFlags struct {
	dsn      dsnFlag
	store    string
	hasStore bool // --store given, even as "" (the default store)
	owner    string
	job      string
	limit    int
	batch    int
	budget   time.Duration
	asJSON   bool
	dryRun   bool
}

func parseJobsFlags(name string, args []string, withDryRun bool) (*jobsFlags, error) {
	f := &jobsFlags{}
	fs := newFlagSet(name)
	f.dsn.register(fs)
	fs.StringVar(&f.store, "store", "", "memory_store_id")
	fs.StringVar(&f.owner, "owner", "", "schema owner")
	fs.StringVar(&f.job, "job", "", "job kind")
	fs.IntVar(&f.limit, "limit", 0, "history size")
	fs.IntVar(&f.batch, "batch", 0, "purge batch size")
	fs.DurationVar(&f.budget, "budget", 0, "purge time budget")
	fs.BoolVar(&f.asJSON, "json", false, "JSON output")
	if withDryRun {
		fs.BoolVar(&f.dryRun, "dry-run", false, "report, delete nothing")
	}
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) > 0 {
		return nil, usagef("%s takes no argument, got %q", name, pos[0])
	}
	fs.Visit(func(fl *flag.Flag) { f.hasStore = f.hasStore || fl.Name == "store" })
	return f, nil
}

// kind returns --job as a JobKind (upper case; the package validates it).
func (f *jobsFlags) kind() agentmemory.JobKind {
	return agentmemory.JobKind(strings.ToUpper(strings.TrimSpace(f.job)))
}

func runJobs(ctx context.Context, env *cliEnv, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return flagError(env, jobsUsage, flag.ErrHelp)
		}
		return usagef("missing subcommand: list, history, run, enable or disable")
	}
	sub := args[0]
	f, err := parseJobsFlags("jobs "+sub, args[1:], false)
	if err != nil {
		return flagError(env, jobsUsage, err)
	}
	switch sub {
	case "list", "history":
	case "run", "enable", "disable":
		if f.job == "" {
			return usagef("jobs %s needs --job purge|text_optimize|text_sync|llm_tasks", sub)
		}
		if f.owner != "" {
			return usagef("jobs %s works on the connected schema's stores only (no --owner): run it as the owner", sub)
		}
	default:
		return usagef("unknown subcommand %q: use list, history, run, enable or disable", sub)
	}
	db, err := f.dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	return jobsOn(ctx, env, db, sub, f)
}

// jobsOn runs a parsed jobs subcommand on db (tests pass a fake).
func jobsOn(ctx context.Context, env *cliEnv, db *sql.DB, sub string, f *jobsFlags) error {
	ids, err := storeIDs(ctx, db, f)
	if err != nil {
		return err
	}
	switch sub {
	case "list":
		all := map[string][]agentmemory.JobInfo{}
		for _, id := range ids {
			jobs, err := agentmemory.ListJobs(ctx, db, id, f.owner)
			if err != nil {
				return fmt.Errorf("%s: %w", storeLabel(id), err)
			}
			all[id] = jobs
		}
		return output(env, f.asJSON, all, func(w io.Writer) { printJobs(w, ids, all) })
	case "history":
		all := map[string][]agentmemory.JobRun{}
		for _, id := range ids {
			runs, err := agentmemory.JobHistory(ctx, db, id, f.owner, agentmemory.HistoryOptions{Job: f.kind(), Limit: f.limit})
			if err != nil {
				return fmt.Errorf("%s: %w", storeLabel(id), err)
			}
			all[id] = runs
		}
		return output(env, f.asJSON, all, func(w io.Writer) { printRuns(w, ids, all) })
	case "run":
		var failed []string
		runs := map[string]*agentmemory.JobRun{}
		for _, id := range ids {
			run, err := runWithProgress(ctx, env, db, id, f.kind(), agentmemory.RunJobOptions{BatchSize: f.batch, TimeBudget: f.budget})
			if err != nil {
				if !f.hasStore && isNoSuchJob(err) {
					continue // running a job "for every store": stores without it are skipped
				}
				fmt.Fprintf(env.Stderr, "%s: %s FAILED: %v\n", storeLabel(id), f.kind(), err)
				failed = append(failed, storeLabel(id))
				continue
			}
			runs[id] = run
		}
		if err := output(env, f.asJSON, runs, func(w io.Writer) {
			for _, id := range ids {
				if r, ok := runs[id]; ok {
					fmt.Fprintf(w, "%s: %s %s, %d rows, %s\n", storeLabel(id), r.Job, r.Outcome, r.RowsAffected, runDuration(r))
				}
			}
		}); err != nil {
			return err
		}
		if len(failed) > 0 {
			return fmt.Errorf("%s failed for %s (the job-run log has the error: agentmem jobs history)", f.kind(), strings.Join(failed, ", "))
		}
		return nil
	default: // enable, disable
		set := agentmemory.DisableJob
		if sub == "enable" {
			set = agentmemory.EnableJob
		}
		for _, id := range ids {
			if err := set(ctx, db, id, f.kind()); err != nil {
				if !f.hasStore && isNoSuchJob(err) {
					continue
				}
				return fmt.Errorf("%s: %w", storeLabel(id), err)
			}
			fmt.Fprintf(env.Stdout, "%sd %s of %s\n", sub, f.kind(), storeLabel(id))
		}
		return nil
	}
}

// storeIDs is --store, or every store of the schema without it.
func storeIDs(ctx context.Context, db *sql.DB, f *jobsFlags) ([]string, error) {
	if f.hasStore {
		return []string{f.store}, nil
	}
	stores, err := agentmemory.ListStores(ctx, db, f.owner)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(stores))
	for i, s := range stores {
		ids[i] = s.MemoryStoreID
	}
	return ids, nil
}

// isNoSuchJob tells the package's "the store has no such job" apart from
// other invalid arguments.
func isNoSuchJob(err error) bool {
	return strings.Contains(err.Error(), "has no such job")
}

// progressEvery is how often a foreground run's progress is read.
var progressEvery = 2 * time.Second

// runWithProgress runs a job with RunJob and, while it runs, reads the
// run's log row from a second session and prints its progress to stderr.
// The log row is committed after every batch (autonomous), so the second
// session sees it.
func runWithProgress(ctx context.Context, env *cliEnv, db *sql.DB, id string, job agentmemory.JobKind,
	opts agentmemory.RunJobOptions) (*agentmemory.JobRun, error) {
	started := time.Now()
	fmt.Fprintf(env.Stderr, "%s: running %s ...\n", storeLabel(id), job)
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		last := int64(-1)
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				runs, err := agentmemory.JobHistory(ctx, db, id, "", agentmemory.HistoryOptions{Job: job, Limit: 1})
				if err != nil || len(runs) == 0 || runs[0].Outcome != agentmemory.RunRunning {
					continue
				}
				if runs[0].RowsAffected != last {
					last = runs[0].RowsAffected
					fmt.Fprintf(env.Stderr, "%s: %s: %d rows so far (%s)\n", storeLabel(id), job, last,
						time.Since(started).Round(time.Second))
				}
			}
		}
	}()
	run, err := agentmemory.RunJob(ctx, db, id, job, opts)
	close(done)
	<-stopped
	return run, err
}

func runDuration(r *agentmemory.JobRun) string {
	if r.EndedAt == nil {
		return "running"
	}
	return r.EndedAt.Sub(r.StartedAt).Round(time.Millisecond).String()
}

func boolText(b *bool) string {
	if b == nil {
		return "-"
	}
	return fmt.Sprint(*b)
}

func timePtrText(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return timeText(*t)
}

func runSummary(r *agentmemory.JobRun) string {
	if r == nil {
		return "-"
	}
	return fmt.Sprintf("%s %s (%d rows)", timeText(r.StartedAt), r.Outcome, r.RowsAffected)
}

// errorSummary is a run's error for a table: the error message on one
// line, without the backtrace the log keeps after it (ORA-06512 lines).
// Oracle Text errors take several lines (ORA-20000, then the DRG- cause).
func errorSummary(s string) string {
	var kept []string
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "ORA-06512") {
			break
		}
		if line != "" {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, " ")
}

// printJobs writes the job section of describe and of jobs list.
func printJobs(w io.Writer, ids []string, all map[string][]agentmemory.JobInfo) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STORE\tJOB\tNAME\tPRESENT\tENABLED\tSTATE\tNEXT RUN\tLAST RUN\tLAST ERROR")
	for _, id := range ids {
		for _, j := range all[id] {
			lastErr := "-"
			if j.LastError != nil {
				lastErr = timeText(j.LastError.StartedAt) + " " + errorSummary(j.LastError.Error)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", orDefault(id, "(default)"), j.Job, j.Name,
				boolText(j.Present), boolText(j.Enabled), orDefault(j.State, "-"), timePtrText(j.NextRun),
				runSummary(j.LastRun), lastErr)
		}
	}
	tw.Flush()
}

func printRuns(w io.Writer, ids []string, all map[string][]agentmemory.JobRun) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STORE\tJOB\tSOURCE\tSTARTED\tDURATION\tOUTCOME\tROWS\tERROR")
	for _, id := range ids {
		for i := range all[id] {
			r := &all[id][i]
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\n", orDefault(id, "(default)"), r.Job, r.Source,
				timeText(r.StartedAt), runDuration(r), r.Outcome, r.RowsAffected, orDefault(errorSummary(r.Error), "-"))
		}
	}
	tw.Flush()
}
