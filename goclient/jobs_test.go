package agentmemory

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const runResponse = `{"run": {"run_id": "4F1D0C2A9B7E4E51A3C2D1E0F9A8B7C6", "job": "PURGE",
 "job_name": "MEM01_PURGE_EXPIRED_J", "source": "MANUAL", "started_at": "2026-11-30T11:00:00.210334Z",
 "ended_at": "2026-11-30T11:00:01.877120Z", "outcome": "PARTIAL", "rows_affected": 5000, "error": null}}`

func TestRunJobSendsKindAndOptions(t *testing.T) {
	f, db := newFakeDB(answer(runResponse))
	run, err := RunJob(t.Context(), db, "MEM01", JobPurge, RunJobOptions{BatchSize: 500, TimeBudget: 90 * time.Second})
	require.NoError(t, err)

	calls := f.Calls()
	require.Len(t, calls, 1)
	assert.Equal(t, "run_job_now", calls[0].Fn)
	assert.Equal(t, "MEM01", calls[0].Args["b_store_id"])
	assert.Equal(t, "PURGE", calls[0].Args["b_job"])
	assert.JSONEq(t, `{"batch_size": 500, "time_budget_seconds": 90}`, calls[0].Args["b_request"].(string))

	assert.Equal(t, RunPartial, run.Outcome)
	assert.Equal(t, int64(5000), run.RowsAffected)
	require.NotNil(t, run.EndedAt)
	assert.Equal(t, 1666786*time.Microsecond, run.EndedAt.Sub(run.StartedAt))
}

func TestRunJobDefaultsSendAnEmptyRequest(t *testing.T) {
	f, db := newFakeDB(answer(runResponse))
	_, err := RunJob(t.Context(), db, "", JobTextOptimize, RunJobOptions{})
	require.NoError(t, err)
	assert.JSONEq(t, `{}`, f.Calls()[0].Args["b_request"].(string), "zero options: the package defaults apply")
	assert.Equal(t, "", f.Calls()[0].Args["b_store_id"], "the default store")
}

func TestRunJobRefusesATransaction(t *testing.T) {
	f, db := newFakeDB(answer(runResponse))
	tx, err := db.BeginTx(t.Context(), nil)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback() }()
	_, err = RunJob(t.Context(), tx, "MEM01", JobPurge, RunJobOptions{})
	require.ErrorIs(t, err, ErrInvalidArgument)
	assert.Contains(t, err.Error(), "not inside a transaction")
	assert.Empty(t, f.Calls(), "nothing reached the database")
}

func TestRunJobRefusesASubSecondBudget(t *testing.T) {
	f, db := newFakeDB(answer(runResponse))
	_, err := RunJob(t.Context(), db, "MEM01", JobPurge, RunJobOptions{TimeBudget: 300 * time.Millisecond})
	require.ErrorIs(t, err, ErrInvalidArgument)
	assert.Empty(t, f.Calls())
}

func TestRunJobMapsThePackageError(t *testing.T) {
	_, db := newFakeDB(func(fakeCall) (string, error) {
		return "", fakeOraErr{20100, "INVALID_ARGUMENT: p_job TEXT_SYNC: the store MEM01 in schema APP (VECTOR, sync ON_COMMIT) has no such job"}
	})
	_, err := RunJob(t.Context(), db, "MEM01", JobTextSync, RunJobOptions{})
	require.ErrorIs(t, err, ErrInvalidArgument)
	var e *Error
	require.True(t, errors.As(err, &e))
	assert.Contains(t, e.Message, "has no such job")
}

func TestListJobsDecodesTheJobSection(t *testing.T) {
	var d struct {
		Jobs json.RawMessage `json:"jobs"`
	}
	require.NoError(t, json.Unmarshal([]byte(readFixture(t, "../tests/go/testdata/contract/describe_store/kw01_broken.response.json")), &d))
	f, db := newFakeDB(answer(`{"store": {}, "jobs": ` + string(d.Jobs) + `}`))

	jobs, err := ListJobs(t.Context(), db, "KW01", "APP_OWNER")
	require.NoError(t, err)
	assert.Equal(t, "list_jobs", f.Calls()[0].Fn)
	assert.Equal(t, "APP_OWNER", f.Calls()[0].Args["b_schema_owner"])
	require.Len(t, jobs, 3)
	assert.Equal(t, []JobKind{JobPurge, JobTextOptimize, JobTextSync}, []JobKind{jobs[0].Job, jobs[1].Job, jobs[2].Job})
	require.NotNil(t, jobs[1].LastError)
	assert.Equal(t, RunFailed, jobs[1].LastError.Outcome)
	assert.Contains(t, jobs[1].LastError.Error, "DRG-10502")
	require.NotNil(t, jobs[2].Enabled)
	assert.False(t, *jobs[2].Enabled, "the sync job is created disabled")
	assert.Nil(t, jobs[2].LastRun)
	assert.Nil(t, jobs[2].NextRun)
}

func TestJobHistorySendsFilter(t *testing.T) {
	f, db := newFakeDB(answer(`{"runs": []}`))
	runs, err := JobHistory(t.Context(), db, "MEM01", "", HistoryOptions{Job: JobPurge, Limit: 5})
	require.NoError(t, err)
	assert.Empty(t, runs)
	assert.Equal(t, "job_history", f.Calls()[0].Fn)
	assert.JSONEq(t, `{"job": "PURGE", "limit": 5}`, f.Calls()[0].Args["b_request"].(string))
}

func TestEnableAndDisableJobBindABoolean(t *testing.T) {
	f, db := newFakeDB(answer(""))
	require.NoError(t, EnableJob(t.Context(), db, "KW01", JobTextSync))
	require.NoError(t, DisableJob(t.Context(), db, "KW01", JobPurge))
	calls := f.Calls()
	require.Len(t, calls, 2)
	assert.Equal(t, "set_job_enabled", calls[0].Fn)
	assert.Equal(t, true, calls[0].Args["b_enabled"])
	assert.Equal(t, "TEXT_SYNC", calls[0].Args["b_job"])
	assert.Equal(t, false, calls[1].Args["b_enabled"])
	assert.Equal(t, "PURGE", calls[1].Args["b_job"])
}

func TestPreviewPurgeDecodes(t *testing.T) {
	_, db := newFakeDB(answer(`{"store": {}, "expired": {"MEMORY": 3, "DOCUMENT": 0, "MESSAGE": 7,
	 "RECORD_CHUNKS": 12, "RELATION": 1}, "job_log_rows": 2}`))
	p, err := PreviewPurge(t.Context(), db, "MEM01")
	require.NoError(t, err)
	assert.Equal(t, int64(7), p.Expired["MESSAGE"])
	assert.Equal(t, int64(2), p.JobLogRows)
}

// The job section of every describe_store golden fixture decodes strictly
// and keeps the package's order: PURGE first, then the text jobs.
func TestContractDescribeStoreJobs(t *testing.T) {
	for _, path := range fixtures(t, "describe_store", ".response.json") {
		t.Run(path, func(t *testing.T) {
			var d Description
			decodeStrict(t, path, &d)
			require.NotEmpty(t, d.Jobs, "every store has at least the purge job (present or not)")
			assert.Equal(t, JobPurge, d.Jobs[0].Job)
			if d.Jobs[0].Present != nil && !*d.Jobs[0].Present {
				assert.Nil(t, d.Jobs[0].Enabled, "an absent job has no scheduler state")
			}
			for _, j := range d.Jobs {
				assert.Equal(t, d.Store.TablePrefix, j.Name[:len(d.Store.TablePrefix)], "a job is named after its store")
				for _, o := range d.Objects {
					assert.NotEqual(t, "JOB", o.Type, "jobs are listed under jobs, not objects")
				}
				if j.LastError != nil {
					assert.Equal(t, RunFailed, j.LastError.Outcome)
					assert.NotEmpty(t, j.LastError.Error)
				}
				if j.LastRun != nil {
					assert.Equal(t, j.Job, j.LastRun.Job)
					assert.Equal(t, j.Name, j.LastRun.JobName)
				}
			}
		})
	}
}
