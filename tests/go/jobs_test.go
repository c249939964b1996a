package integration

// Live tests of the store jobs (sql/scheduler/, docs/operations.md) and of
// the operator's CLI for them (agentmem jobs, agentmem purge). They need
// ORACLE_DSN, Oracle Text (the stores are KEYWORD, so all three jobs exist)
// and EXECUTE ON SYS.DBMS_LOCK; without ORACLE_DSN they are SKIPPED.

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// createKeyword creates a KEYWORD store with MANUAL index sync (PURGE,
// TEXT_OPTIMIZE and TEXT_SYNC jobs), dropped when the test ends.
func createKeyword(t testing.TB, ctx context.Context, db *sql.DB) string {
	t.Helper()
	id := livedb.StoreID(t)
	if tt, ok := t.(*testing.T); ok {
		dropAtEnd(tt, db, id)
	}
	_, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{
		MemoryStoreID: id, SchemaPolicy: agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Keyword, SearchIndexSync: agentmemory.Manual,
	})
	require.NoError(t, err, "creating KEYWORD store %s", id)
	return id
}

// addMemories adds n memories through add_records in one call and commits:
// expired ones have an event time in 2000 and a one-day TTL from it.
func addMemories(t testing.TB, ctx context.Context, db *sql.DB, id, prefix string, n int, expired bool) {
	t.Helper()
	require.NoError(t, addMemoriesErr(ctx, db, id, prefix, n, expired))
}

// addMemoriesErr is addMemories for goroutines other than the test's.
func addMemoriesErr(ctx context.Context, db *sql.DB, id, prefix string, n int, expired bool) error {
	req := map[string]any{"record_type": "memory", "user_ids": "jobs-user"}
	var contents, ids []string
	for i := range n {
		contents = append(contents, fmt.Sprintf("%s memory number %d about purging", prefix, i))
		ids = append(ids, fmt.Sprintf("%s-%d", prefix, i))
	}
	req["contents"], req["record_ids"] = contents, ids
	if expired {
		ts, ttl, anchor := make([]string, n), make([]int, n), make([]string, n)
		for i := range n {
			ts[i], ttl[i], anchor[i] = "2000-01-01T00:00:00Z", 1, "TIMESTAMP"
		}
		req["timestamps"], req["ttl_days"], req["ttl_anchor"] = ts, ttl, anchor
	}
	body, err := json.Marshal(req)
	if err != nil {
		return err
	}
	var out string
	_, err = db.ExecContext(ctx, `begin :b_res := dbms_agent_memory_store.add_records(p_store_id => :b_id, p_request => :b_req); end;`,
		sql.Named("b_res", livedb.StringOut(&out)), sql.Named("b_id", id), sql.Named("b_req", string(body)))
	return err
}

func countMemories(t testing.TB, ctx context.Context, db *sql.DB, id, prefix string) int {
	t.Helper()
	var n int
	require.NoError(t, db.QueryRowContext(ctx, `select count(*) from `+id+`_MEMORY where record_id like :p`, prefix+"-%").Scan(&n))
	return n
}

func TestJobsPurgeByClient(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	id := createKeyword(t, ctx, db)
	addMemories(t, ctx, db, id, "old", 25, true)
	addMemories(t, ctx, db, id, "live", 5, false)

	p, err := agentmemory.PreviewPurge(ctx, db, id)
	require.NoError(t, err)
	assert.Equal(t, int64(25), p.Expired["MEMORY"])

	run, err := agentmemory.RunJob(ctx, db, id, agentmemory.JobPurge, agentmemory.RunJobOptions{BatchSize: 10})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.RunSucceeded, run.Outcome)
	assert.GreaterOrEqual(t, run.RowsAffected, int64(25))
	assert.Equal(t, 0, countMemories(t, ctx, db, id, "old"))
	assert.Equal(t, 5, countMemories(t, ctx, db, id, "live"))

	jobs, err := agentmemory.ListJobs(ctx, db, id, "")
	require.NoError(t, err)
	require.Len(t, jobs, 3)
	require.NotNil(t, jobs[0].LastRun)
	assert.Equal(t, run.RunID, jobs[0].LastRun.RunID)

	d, err := agentmemory.DescribeStore(ctx, db, id, "")
	require.NoError(t, err)
	assert.Equal(t, jobs[0].Name, d.Jobs[0].Name, "describe_store carries the same job section")
}

// A run finding the job's lock held by another session (any RAC instance)
// is SKIPPED and logged, and deletes nothing.
func TestJobsRunSkippedWhileAnotherSessionRuns(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	id := createKeyword(t, ctx, db)
	addMemories(t, ctx, db, id, "old", 3, true)
	schema := livedb.Schema(t, db)

	holder, err := db.Conn(ctx)
	require.NoError(t, err)
	defer holder.Close()
	// The lock id as AGENTMEM_JOBS.lock_id computes it.
	var got int
	_, err = holder.ExecContext(ctx, `declare l_id number; begin
  l_id := dbms_utility.get_hash_value(name => 'agentmem:job:' || :b_owner || '.' || :b_key || ':PURGE',
                                      base => 536870912, hash_size => 268435456);
  :b_got := dbms_lock.request(id => l_id, lockmode => 6, timeout => 0, release_on_commit => false);
end;`, sql.Named("b_owner", schema), sql.Named("b_key", id), sql.Named("b_got", sql.Out{Dest: &got}))
	require.NoError(t, err)
	require.Equal(t, 0, got, "the test holds the purge lock")

	run, err := agentmemory.RunJob(ctx, db, id, agentmemory.JobPurge, agentmemory.RunJobOptions{})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.RunSkipped, run.Outcome)
	assert.Equal(t, 3, countMemories(t, ctx, db, id, "old"), "a skipped run deletes nothing")
}

var (
	cliOnce sync.Once
	cliPath string
	cliErr  error
)

// agentmemCLI builds cmd/agentmem once for the live CLI tests.
func agentmemCLI(t *testing.T) string {
	t.Helper()
	cliOnce.Do(func() {
		dir, err := os.MkdirTemp("", "agentmem-cli")
		if err != nil {
			cliErr = err
			return
		}
		cliPath = filepath.Join(dir, "agentmem")
		out, err := exec.Command("go", "build", "-o", cliPath, "../../cmd/agentmem").CombinedOutput()
		if err != nil {
			cliErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	require.NoError(t, cliErr)
	return cliPath
}

func runCLI(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	cmd := exec.Command(agentmemCLI(t), args...)
	cmd.Env = append(os.Environ(), "ORACLE_DSN="+livedb.DSN(t))
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

func TestJobsCLI(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	id := createKeyword(t, ctx, db)
	addMemories(t, ctx, db, id, "old", 12, true)
	addMemories(t, ctx, db, id, "live", 2, false)

	out, errOut, err := runCLI(t, "purge", "--store", id, "--dry-run")
	require.NoError(t, err, errOut)
	assert.Regexp(t, `MEMORY\s+12`, out)
	assert.Equal(t, 12, countMemories(t, ctx, db, id, "old"), "--dry-run deletes nothing")

	out, errOut, err = runCLI(t, "purge", "--store", id, "--batch", "5")
	require.NoError(t, err, errOut)
	assert.Contains(t, errOut, "running PURGE")
	assert.Contains(t, out, "purge SUCCEEDED")
	assert.Equal(t, 0, countMemories(t, ctx, db, id, "old"))
	assert.Equal(t, 2, countMemories(t, ctx, db, id, "live"))

	out, errOut, err = runCLI(t, "jobs", "run", "--store", id, "--job", "text_optimize")
	require.NoError(t, err, errOut)
	assert.Contains(t, out, "TEXT_OPTIMIZE SUCCEEDED")

	out, errOut, err = runCLI(t, "jobs", "history", "--store", id, "--json")
	require.NoError(t, err, errOut)
	var hist map[string][]agentmemory.JobRun
	require.NoError(t, json.Unmarshal([]byte(out), &hist))
	require.Len(t, hist[id], 2)
	assert.Equal(t, agentmemory.JobTextOptimize, hist[id][0].Job, "newest first")
	assert.Equal(t, agentmemory.JobPurge, hist[id][1].Job)

	out, errOut, err = runCLI(t, "jobs", "enable", "--store", id, "--job", "text_sync")
	require.NoError(t, err, errOut)
	assert.Contains(t, out, "enabled TEXT_SYNC")
	out, errOut, err = runCLI(t, "jobs", "list", "--store", id, "--json")
	require.NoError(t, err, errOut)
	var list map[string][]agentmemory.JobInfo
	require.NoError(t, json.Unmarshal([]byte(out), &list))
	require.Len(t, list[id], 3)
	if list[id][2].Present != nil && *list[id][2].Present {
		require.NotNil(t, list[id][2].Enabled)
		assert.True(t, *list[id][2].Enabled)
	}
	_, errOut, err = runCLI(t, "jobs", "disable", "--store", id, "--job", "text_sync")
	require.NoError(t, err, errOut)

	_, _, err = runCLI(t, "jobs", "run", "--store", id, "--job", "vacuum")
	assert.Error(t, err, "an unknown job fails")
}

// envRuntimeDSN names a second user's DSN for the runtime-user test: the
// user must exist and must not be the test schema.
const envRuntimeDSN = "AGENTMEM_RUNTIME_DSN"

// A runtime user granted a store sees the owner's jobs in describe_store
// (issue 9, item 6: ALL_SCHEDULER_JOBS hid them; AGENTMEM_JOB_INFO reads
// them with the owner's rights).
func TestJobsVisibleToRuntimeUser(t *testing.T) {
	db := livedb.Open(t)
	runtimeDSN := strings.TrimSpace(os.Getenv(envRuntimeDSN))
	if runtimeDSN == "" {
		t.Skipf("SKIPPED: runtime user's view of the jobs: set %s to the DSN of an existing user other than the test schema", envRuntimeDSN)
	}
	ctx := storeContext(t)
	id := createKeyword(t, ctx, db)
	owner := livedb.Schema(t, db)
	rt, grantee := runtimeUser(t, ctx, runtimeDSN, owner)
	require.NoError(t, agentmemory.GrantAccess(ctx, db, id, grantee, agentmemory.GrantOptions{Access: agentmemory.ReadOnly}))
	_, err := agentmemory.RunJob(ctx, db, id, agentmemory.JobPurge, agentmemory.RunJobOptions{})
	require.NoError(t, err)

	own, err := agentmemory.ListJobs(ctx, db, id, "")
	require.NoError(t, err)
	// The owner-qualified package: the grant made no synonym for the grantee.
	call := func(fn string) string {
		var text string
		_, err := rt.ExecContext(ctx, `begin :b_res := dbms_lob.substr(`+owner+`.dbms_agent_memory_store.`+fn+
			`(p_store_id => :b_id, p_schema_owner => :b_owner), 32767, 1); end;`,
			sql.Named("b_res", livedb.StringOut(&text)), sql.Named("b_id", id), sql.Named("b_owner", owner))
		require.NoError(t, err, fn)
		return text
	}
	var d agentmemory.Description
	require.NoError(t, json.Unmarshal([]byte(call("describe_store")), &d))
	require.Len(t, d.Jobs, len(own))
	for i := range own {
		assert.Equal(t, own[i].Present, d.Jobs[i].Present, "%s: the runtime user sees what the owner sees", own[i].Name)
		assert.Equal(t, own[i].State, d.Jobs[i].State)
	}
	require.NotNil(t, d.Jobs[0].LastRun, "the last run from the owner's log")
	assert.Equal(t, agentmemory.RunSucceeded, d.Jobs[0].LastRun.Outcome)
	var listed struct {
		Jobs []agentmemory.JobInfo `json:"jobs"`
	}
	require.NoError(t, json.Unmarshal([]byte(call("list_jobs")), &listed))
	assert.Len(t, listed.Jobs, len(own), "list_jobs answers the runtime user too")
}

// runtimeUser connects as the AGENTMEM_RUNTIME_DSN user (closed when the
// test ends) and returns it with its user name, which must not be owner.
func runtimeUser(t *testing.T, ctx context.Context, dsn, owner string) (*sql.DB, string) {
	t.Helper()
	rt := livedb.OpenDSN(t, dsn, livedb.Driver(t))
	var grantee string
	require.NoError(t, rt.QueryRowContext(ctx, `select user from dual`).Scan(&grantee))
	require.NotEqual(t, owner, grantee, "%s must name another user than the test schema", envRuntimeDSN)
	return rt, grantee
}

// A runtime user granted store A reads A's jobs but not those of store B of
// the same owner: the registry it reads to locate B is no access to B, and
// B's job state and run errors (read with the owner's rights by
// AGENTMEM_JOB_INFO) stay hidden: PRIVILEGE_MISSING from describe_store,
// list_jobs and job_history.
func TestJobInfoHiddenFromGranteeOfAnotherStore(t *testing.T) {
	db := livedb.Open(t)
	runtimeDSN := strings.TrimSpace(os.Getenv(envRuntimeDSN))
	if runtimeDSN == "" {
		t.Skipf("SKIPPED: job info of an ungranted store: set %s to the DSN of an existing user other than the test schema", envRuntimeDSN)
	}
	ctx := storeContext(t)
	granted := createVector(t, ctx, db, 3).ID()
	other := createVector(t, ctx, db, 3).ID()
	owner := livedb.Schema(t, db)
	rt, grantee := runtimeUser(t, ctx, runtimeDSN, owner)
	require.NoError(t, agentmemory.GrantAccess(ctx, db, granted, grantee, agentmemory.GrantOptions{Access: agentmemory.ReadOnly}))
	run, err := agentmemory.RunJob(ctx, db, other, agentmemory.JobPurge, agentmemory.RunJobOptions{})
	require.NoError(t, err)
	require.NotEmpty(t, run.RunID, "store %s has a run in the owner's log", other)

	jobs, err := agentmemory.ListJobs(ctx, rt, granted, owner)
	require.NoError(t, err, "the granted store's jobs")
	assert.Len(t, jobs, 1, "a VECTOR store has the purge job")
	_, err = agentmemory.DescribeStore(ctx, rt, granted, owner)
	require.NoError(t, err, "describing the granted store")

	_, err = agentmemory.ListJobs(ctx, rt, other, owner)
	assert.ErrorIs(t, err, agentmemory.ErrPrivilegeMissing, "list_jobs of a store not granted")
	runs, err := agentmemory.JobHistory(ctx, rt, other, owner, agentmemory.HistoryOptions{})
	assert.ErrorIs(t, err, agentmemory.ErrPrivilegeMissing, "job_history of a store not granted")
	assert.Empty(t, runs, "no run of the other store")
	_, err = agentmemory.DescribeStore(ctx, rt, other, owner)
	assert.ErrorIs(t, err, agentmemory.ErrPrivilegeMissing, "describe_store of a store not granted")
	if err != nil {
		assert.Contains(t, err.Error(), "grant_access", "the message names the grant to ask for")
	}
}
