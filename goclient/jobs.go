package agentmemory

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// JobKind names one of a store's database jobs (docs/operations.md).
type JobKind string

const (
	JobPurge        JobKind = "PURGE"         // every store: deletes expired records, hourly, under a time budget
	JobTextOptimize JobKind = "TEXT_OPTIMIZE" // KEYWORD stores: CTX_DDL.OPTIMIZE_INDEX FULL, nightly
	JobTextSync     JobKind = "TEXT_SYNC"     // KEYWORD/HYBRID stores with MANUAL sync: created disabled
	JobLLMTasks     JobKind = "LLM_TASKS"     // every store: runs the BACKGROUND LLM tasks of its threads, every minute
)

// Outcomes of a job run, as the job-run log records them.
const (
	RunRunning   = "RUNNING"
	RunSucceeded = "SUCCEEDED"
	RunPartial   = "PARTIAL"   // the time budget ran out; the next run continues
	RunFailed    = "FAILED"    // Error says why; committed batches stay done
	RunSkipped   = "SKIPPED"   // another session (on any RAC instance) was running the job
	RunAbandoned = "ABANDONED" // its session died; the next run continued
)

// JobRun is one run of a store job: a row of AGENTMEM_JOB_LOG.
type JobRun struct {
	RunID        string     `json:"run_id"`
	Job          JobKind    `json:"job"`
	JobName      string     `json:"job_name"` // the scheduler job, e.g. MEM01_PURGE_EXPIRED_J
	Source       string     `json:"source"`   // SCHEDULER or MANUAL
	StartedAt    time.Time  `json:"started_at"`
	EndedAt      *time.Time `json:"ended_at"` // nil while RUNNING
	Outcome      string     `json:"outcome"`
	RowsAffected int64      `json:"rows_affected"` // records and chunk rows deleted (purge)
	Error        string     `json:"error"`         // for FAILED
}

// JobInfo is one job of a store: its scheduler state and its last runs. The
// dictionary fields are nil when the package cannot read them (a store of
// another schema than the package's owner).
type JobInfo struct {
	Job          JobKind    `json:"job"`
	Name         string     `json:"name"`
	Present      *bool      `json:"present"` // false: the job should exist and does not
	Enabled      *bool      `json:"enabled"`
	State        string     `json:"state"` // USER_SCHEDULER_JOBS.STATE: SCHEDULED, RUNNING, DISABLED, BROKEN, ...
	Schedule     string     `json:"schedule"`
	NextRun      *time.Time `json:"next_run"`
	LastStart    *time.Time `json:"last_start"`
	FailureCount *int64     `json:"failure_count"`
	LastRun      *JobRun    `json:"last_run"`
	LastError    *JobRun    `json:"last_error"` // the newest FAILED run
}

// RunJobOptions tune a run started by RunJob; zero values take the
// package defaults (batch 1000 rows, budget 300 s).
type RunJobOptions struct {
	BatchSize  int           // PURGE: records per batch (each batch is one transaction)
	TimeBudget time.Duration // PURGE: stop after this long; the next run continues
}

// HistoryOptions select the runs JobHistory returns.
type HistoryOptions struct {
	Job   JobKind // "" for every job of the store
	Limit int     // 0: the package default (20); at most 1000
}

// PurgePreview is what a purge would delete now.
type PurgePreview struct {
	Store      StoreInfo        `json:"store"`
	Expired    map[string]int64 `json:"expired"`      // MEMORY, DOCUMENT, MESSAGE, RECORD_CHUNKS, RELATION, LLM_TASK
	JobLogRows int64            `json:"job_log_rows"` // log rows past the retention
}

const (
	blockListJobs     = `begin :b_res := dbms_agent_memory_store.list_jobs(p_store_id => :b_store_id, p_schema_owner => :b_schema_owner); end;`
	blockJobHistory   = `begin :b_res := dbms_agent_memory_store.job_history(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockRunJobNow    = `begin :b_res := dbms_agent_memory_store.run_job_now(p_store_id => :b_store_id, p_job => :b_job, p_request => :b_request); end;`
	blockSetJobEnable = `begin dbms_agent_memory_store.set_job_enabled(p_store_id => :b_store_id, p_job => :b_job, p_enabled => :b_enabled); end;`
	blockPreviewPurge = `begin :b_res := dbms_agent_memory_store.preview_purge(p_store_id => :b_store_id); end;`
)

// ListJobs reports the jobs of a store: state, schedule, last run and last
// error of each. A runtime user with access to the store sees the owner's
// jobs. id "" is the default store; schemaOwner "" the connected schema.
// Errors: ErrNotFound; ErrPrivilegeMissing when the caller neither owns the
// store nor was granted it.
func ListJobs(ctx context.Context, db DBTX, id, schemaOwner string) ([]JobInfo, error) {
	const op = "ListJobs"
	var res struct {
		Jobs []JobInfo `json:"jobs"`
	}
	if err := callJSON(ctx, db, op, blockListJobs, &res,
		sql.Named("b_store_id", id), sql.Named("b_schema_owner", schemaOwner)); err != nil {
		return nil, err
	}
	return res.Jobs, nil
}

// JobHistory lists a store's job runs, newest first. Errors: ErrNotFound,
// ErrInvalidArgument (a Limit or Job the package refuses), ErrPrivilegeMissing
// (the caller neither owns the store nor was granted it).
func JobHistory(ctx context.Context, db DBTX, id, schemaOwner string, opts HistoryOptions) ([]JobRun, error) {
	const op = "JobHistory"
	req := map[string]any{}
	if opts.Job != "" {
		req["job"] = string(opts.Job)
	}
	if opts.Limit != 0 {
		req["limit"] = opts.Limit
	}
	text, err := jobRequest(op, req)
	if err != nil {
		return nil, err
	}
	var res struct {
		Runs []JobRun `json:"runs"`
	}
	if err := callJSON(ctx, db, op, blockJobHistory, &res, sql.Named("b_store_id", id),
		sql.Named("b_request", text), sql.Named("b_schema_owner", schemaOwner)); err != nil {
		return nil, err
	}
	return res.Runs, nil
}

// RunJob runs a job of a store of the connected schema now, in the calling
// session, by the same package path as the scheduled run, and returns the
// run. The run commits its own autonomous transaction (after every purge
// batch; CTX_DDL commits) and sees none of a caller's uncommitted work, so it
// refuses a *sql.Tx, where that would surprise. A run that
// finds the job running elsewhere returns Outcome SKIPPED; a failing run is
// logged FAILED and returned as the package error. Errors: ErrNotFound,
// ErrInvalidArgument (a job the store does not have), ErrPrivilegeMissing.
func RunJob(ctx context.Context, db DBTX, id string, job JobKind, opts RunJobOptions) (*JobRun, error) {
	const op = "RunJob"
	if _, inTx := db.(interface {
		Commit() error
		Rollback() error
	}); inTx {
		return nil, invalidArgument(op, "a job run commits after every batch: call it with a *sql.DB or *sql.Conn, not inside a transaction")
	}
	req := map[string]any{}
	if opts.BatchSize != 0 {
		req["batch_size"] = opts.BatchSize
	}
	if opts.TimeBudget != 0 {
		secs := int(opts.TimeBudget / time.Second)
		if secs < 1 {
			return nil, invalidArgument(op, "TimeBudget %s is under one second, the budget's unit", opts.TimeBudget)
		}
		req["time_budget_seconds"] = secs
	}
	text, err := jobRequest(op, req)
	if err != nil {
		return nil, err
	}
	var res struct {
		Run JobRun `json:"run"`
	}
	if err := callJSON(ctx, db, op, blockRunJobNow, &res, sql.Named("b_store_id", id),
		sql.Named("b_job", string(job)), sql.Named("b_request", text)); err != nil {
		return nil, err
	}
	return &res.Run, nil
}

// EnableJob enables a job of a store of the connected schema (committed
// when it returns). Errors: ErrNotFound (store or job absent),
// ErrInvalidArgument.
func EnableJob(ctx context.Context, db DBTX, id string, job JobKind) error {
	return setJobEnabled(ctx, db, "EnableJob", id, job, true)
}

// DisableJob disables a job of a store of the connected schema (committed
// when it returns); a disabled job keeps its schedule and its run log.
// Errors: ErrNotFound (store or job absent), ErrInvalidArgument.
func DisableJob(ctx context.Context, db DBTX, id string, job JobKind) error {
	return setJobEnabled(ctx, db, "DisableJob", id, job, false)
}

func setJobEnabled(ctx context.Context, db DBTX, op, id string, job JobKind, enabled bool) error {
	return onSession(ctx, db, op, func(h DBTX) error {
		return callProc(ctx, h, op, blockSetJobEnable, sql.Named("b_store_id", id),
			sql.Named("b_job", string(job)), sql.Named("b_enabled", enabled))
	})
}

// PreviewPurge reports what a purge of a store of the connected schema
// would delete now, deleting nothing. Errors: ErrNotFound.
func PreviewPurge(ctx context.Context, db DBTX, id string) (*PurgePreview, error) {
	const op = "PreviewPurge"
	var p PurgePreview
	if err := callJSON(ctx, db, op, blockPreviewPurge, &p, sql.Named("b_store_id", id)); err != nil {
		return nil, err
	}
	return &p, nil
}

// jobRequest encodes a request of string and int values (which cannot fail
// to encode, so the error is reported rather than handled).
func jobRequest(op string, v map[string]any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("agentmemory: %s: encoding the request: %w", op, err)
	}
	return string(b), nil
}
