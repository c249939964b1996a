package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

func testEnv() (*cliEnv, *bytes.Buffer, *bytes.Buffer) {
	var out, errOut bytes.Buffer
	return &cliEnv{Stdout: &out, Stderr: &errOut, Getenv: func(string) string { return "" }}, &out, &errOut
}

// jobsFixture is the job section of the KEYWORD describe_store fixture
// (PURGE, TEXT_OPTIMIZE with a failed run, TEXT_SYNC disabled).
func jobsFixture(t *testing.T) []agentmemory.JobInfo {
	t.Helper()
	var d agentmemory.Description
	require.NoError(t, json.Unmarshal([]byte(readContract(t, "describe_store/kw01_broken.response.json")), &d))
	require.Len(t, d.Jobs, 3)
	return d.Jobs
}

const cliRunResponse = `{"run": {"run_id": "A1", "job": "PURGE", "job_name": "KW01_PURGE_EXPIRED_J",
 "source": "MANUAL", "started_at": "2026-11-30T11:00:00Z", "ended_at": "2026-11-30T11:00:03Z",
 "outcome": "SUCCEEDED", "rows_affected": 4200, "error": null}}`

func TestJobsFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"run"},                       // --job missing
		{"enable", "--store", "KW01"}, // --job missing
		{"run", "--job", "purge", "--owner", "X"}, // runs are the owner's
		{"frobnicate"},
		{},
	} {
		env, _, _ := testEnv()
		err := runJobs(t.Context(), env, args)
		var u usageError
		assert.ErrorAs(t, err, &u, "%v", args)
	}
	env, _, _ := testEnv()
	var u usageError
	assert.ErrorAs(t, runPurge(t.Context(), env, []string{"--dry-run"}), &u, "purge needs --store")
}

func TestParseJobsFlagsTellsDefaultStoreFromAllStores(t *testing.T) {
	f, err := parseJobsFlags("jobs list", []string{"--store", ""}, false)
	require.NoError(t, err)
	assert.True(t, f.hasStore, `--store "" names the default store`)
	f, err = parseJobsFlags("jobs list", nil, false)
	require.NoError(t, err)
	assert.False(t, f.hasStore, "no --store: every store")
	_, err = parseJobsFlags("jobs list", []string{"--dry-run"}, false)
	assert.Error(t, err, "--dry-run belongs to purge only")
}

func TestJobsRunShowsProgressAndResult(t *testing.T) {
	progressEvery = 10 * time.Millisecond
	defer func() { progressEvery = 2 * time.Second }()
	release := make(chan struct{})
	f, db := openFakeDB(func(c fakeCall) (string, error) {
		switch c.Fn {
		case "run_job_now":
			<-release // the run takes a while: progress is read meanwhile
			return cliRunResponse, nil
		case "job_history":
			return `{"runs": [{"run_id": "A1", "job": "PURGE", "job_name": "KW01_PURGE_EXPIRED_J", "source": "MANUAL",
			  "started_at": "2026-11-30T11:00:00Z", "ended_at": null, "outcome": "RUNNING", "rows_affected": 2000, "error": null}]}`, nil
		}
		t.Errorf("unexpected call %s", c.Fn)
		return "", nil
	})
	go func() { time.Sleep(200 * time.Millisecond); close(release) }()
	env, out, errOut := testEnv()
	err := jobsOn(t.Context(), env, db, "run", &jobsFlags{store: "KW01", hasStore: true, job: "purge", batch: 100})
	require.NoError(t, err)

	assert.Contains(t, errOut.String(), "store KW01: running PURGE")
	assert.Contains(t, errOut.String(), "2000 rows so far", "progress from the run's log row")
	assert.Contains(t, out.String(), "PURGE SUCCEEDED, 4200 rows, 3s")
	var run fakeCall
	for _, c := range f.Calls() {
		if c.Fn == "run_job_now" {
			run = c
		}
	}
	assert.Equal(t, "PURGE", run.Args["b_job"], "--job is sent upper-case")
	assert.JSONEq(t, `{"batch_size": 100}`, run.Request)
}

func TestJobsRunForEveryStoreSkipsStoresWithoutTheJob(t *testing.T) {
	stores := readContract(t, "list_stores/app_owner.response.json") // default, HY01, KW01, MEM01
	f, db := openFakeDB(func(c fakeCall) (string, error) {
		switch c.Fn {
		case "list_stores":
			return stores, nil
		case "run_job_now":
			if c.StoreID != "KW01" {
				return "", fakeOraErr{20100, "INVALID_ARGUMENT: p_job TEXT_OPTIMIZE: the store " + c.StoreID + " in schema APP (VECTOR, sync ON_COMMIT) has no such job"}
			}
			return strings.Replace(cliRunResponse, `"PURGE"`, `"TEXT_OPTIMIZE"`, 1), nil
		case "job_history":
			return `{"runs": []}`, nil
		}
		return "", nil
	})
	env, out, errOut := testEnv()
	err := jobsOn(t.Context(), env, db, "run", &jobsFlags{job: "text_optimize"})
	require.NoError(t, err, errOut.String())
	assert.Contains(t, f.Fns(), "list_stores")
	assert.NotContains(t, errOut.String(), "FAILED")
	runs := 0
	for _, c := range f.Calls() {
		if c.Fn == "run_job_now" {
			runs++
		}
	}
	assert.Equal(t, 4, runs, "tried on every store")
	assert.Contains(t, out.String(), "store KW01: TEXT_OPTIMIZE SUCCEEDED")
	assert.NotContains(t, out.String(), "MEM01", "stores without the job are skipped silently")
}

func TestJobsRunReportsAFailedStore(t *testing.T) {
	_, db := openFakeDB(func(c fakeCall) (string, error) {
		if c.Fn == "run_job_now" {
			return "", fakeOraErr{20110, "PRIVILEGE_MISSING: DBMS_LOCK is not callable by APP; ask a DBA to run: grant execute on sys.dbms_lock to APP"}
		}
		return `{"runs": []}`, nil
	})
	env, _, errOut := testEnv()
	err := jobsOn(t.Context(), env, db, "run", &jobsFlags{store: "KW01", hasStore: true, job: "purge"})
	require.Error(t, err)
	assert.Contains(t, errOut.String(), "grant execute on sys.dbms_lock")
}

func TestJobsListTable(t *testing.T) {
	jobs, err := json.Marshal(map[string]any{"store": map[string]any{}, "jobs": jobsFixture(t)})
	require.NoError(t, err)
	_, db := openFakeDB(func(c fakeCall) (string, error) { return string(jobs), nil })
	env, out, _ := testEnv()
	require.NoError(t, jobsOn(t.Context(), env, db, "list", &jobsFlags{store: "KW01", hasStore: true}))
	text := out.String()
	assert.Contains(t, text, "KW01_TEXT_OPTIMIZE_J")
	assert.Contains(t, text, "Oracle Text error: DRG-10502", "the error message on one line")
	assert.NotContains(t, text, "ORA-06512", "without the backtrace")
	assert.Contains(t, text, "DISABLED")
}

func TestJobsEnableAndDisable(t *testing.T) {
	f, db := openFakeDB(func(fakeCall) (string, error) { return "", nil })
	env, out, _ := testEnv()
	require.NoError(t, jobsOn(t.Context(), env, db, "enable", &jobsFlags{store: "KW01", hasStore: true, job: "text_sync"}))
	require.NoError(t, jobsOn(t.Context(), env, db, "disable", &jobsFlags{store: "KW01", hasStore: true, job: "text_sync"}))
	calls := f.Calls()
	require.Len(t, calls, 2)
	assert.Equal(t, true, calls[0].Args["b_enabled"])
	assert.Equal(t, false, calls[1].Args["b_enabled"])
	assert.Contains(t, out.String(), "enabled TEXT_SYNC of store KW01")
	assert.Contains(t, out.String(), "disabled TEXT_SYNC of store KW01")
}

func TestPurgeDryRunDeletesNothing(t *testing.T) {
	f, db := openFakeDB(func(c fakeCall) (string, error) {
		return `{"store": {}, "expired": {"MEMORY": 3, "DOCUMENT": 0, "MESSAGE": 7, "RECORD_CHUNKS": 12, "RELATION": 1}, "job_log_rows": 0}`, nil
	})
	env, out, _ := testEnv()
	require.NoError(t, purgeOn(t.Context(), env, db, &jobsFlags{store: "KW01", hasStore: true, dryRun: true}))
	assert.Equal(t, []string{"preview_purge"}, f.Fns(), "a dry run only previews")
	assert.Contains(t, out.String(), "MESSAGE")
	assert.Contains(t, out.String(), "nothing deleted")
}

func TestPurgeSaysWhatPartialMeans(t *testing.T) {
	_, db := openFakeDB(func(c fakeCall) (string, error) {
		if c.Fn == "run_job_now" {
			return strings.Replace(cliRunResponse, "SUCCEEDED", "PARTIAL", 1), nil
		}
		return `{"runs": []}`, nil
	})
	env, out, _ := testEnv()
	require.NoError(t, purgeOn(t.Context(), env, db, &jobsFlags{store: "KW01", hasStore: true}))
	assert.Contains(t, out.String(), "run agentmem purge again")
}

func TestJobFinding(t *testing.T) {
	yes, no := true, false
	ok := agentmemory.JobInfo{Job: agentmemory.JobPurge, Name: "M_PURGE_EXPIRED_J", Present: &yes, Enabled: &yes, State: "SCHEDULED"}
	assert.Equal(t, levelOK, jobFinding("M", []agentmemory.JobInfo{ok}, true).Level)

	missing := ok
	missing.Present = &no
	f := jobFinding("M", []agentmemory.JobInfo{missing}, true)
	assert.Equal(t, levelFail, f.Level)
	assert.Contains(t, f.Detail, "M_PURGE_EXPIRED_J missing")
	assert.Contains(t, f.Action, "CREATE_IF_NECESSARY")
	f = jobFinding("M", []agentmemory.JobInfo{missing}, false)
	assert.Equal(t, levelWarn, f.Level, "without CREATE JOB a missing job is a warning")
	assert.Contains(t, f.Action, "grant create job")

	broken := ok
	broken.State = "BROKEN"
	assert.Equal(t, levelFail, jobFinding("M", []agentmemory.JobInfo{broken}, true).Level)

	failed := ok
	failed.LastRun = &agentmemory.JobRun{Outcome: agentmemory.RunFailed, Error: "ORA-01555: snapshot too old\nORA-06512: at line 3"}
	f = jobFinding("M", []agentmemory.JobInfo{failed}, true)
	assert.Equal(t, levelWarn, f.Level)
	assert.Contains(t, f.Detail, "ORA-01555: snapshot too old")
	assert.NotContains(t, f.Detail, "line 3")

	disabled := ok
	disabled.Enabled = &no
	assert.Equal(t, levelWarn, jobFinding("M", []agentmemory.JobInfo{disabled}, true).Level)

	syncOff := ok
	syncOff.Job, syncOff.Enabled = agentmemory.JobTextSync, &no
	assert.Equal(t, levelOK, jobFinding("M", []agentmemory.JobInfo{syncOff}, true).Level, "TEXT_SYNC is disabled by design")
}
