package integration

// Live tests of the LLM tasks of threads (issue 13; docs/llm.md), through
// plain database/sql calls of the facade (no Go client API), with a
// deterministic `function` provider: amtest_fake_llm, created in the test
// schema for the test and dropped after it. The store's LLM_TASKS job is
// disabled, so only run_job_now drains the queue while a test runs.
//
//   - TestLLMTasksLive: INLINE extraction in the call; BACKGROUND queueing,
//     wait_for_memory_extraction before and after the job ran; client tasks
//     handed out and completed (again: a no-op).
//   - BenchmarkLLMBackgroundLive: p95 of thread_add_messages with 10 messages
//     in BACKGROUND mode (the call must not depend on the LLM; issue target
//     under 20 ms) and the job's throughput in messages per second, both
//     reported, not asserted:
//
//	go test -run '^$' -bench LLMBackgroundLive -benchtime 200x ./tests/go
//
// Without ORACLE_DSN they skip.

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/tests/go/livedb"
)

// The facade calls of the LLM tasks, named literally so the static checker
// can match them with the package spec.
const (
	llmCompleteBlock = `begin :b_res := dbms_agent_memory_store.thread_complete_llm_tasks(p_store_id => :b_store_id, p_request => :b_request); end;`
	llmWaitBlock     = `begin :b_res := dbms_agent_memory_store.thread_wait_for_memory_extraction(p_store_id => :b_store_id, p_request => :b_request); end;`
	llmRunJobBlock   = `begin :b_res := dbms_agent_memory_store.run_job_now(p_store_id => :b_store_id, p_job => 'LLM_TASKS', p_request => :b_request); end;`
	llmDisableBlock  = `begin dbms_agent_memory_store.set_job_enabled(p_store_id => :b_store_id, p_job => 'LLM_TASKS', p_enabled => false); end;`
)

// llmFakeFunction is the test provider: fixed JSON per task kind (the
// function-provider signature of docs/llm.md: the prompt object in, the raw
// model text out).
const llmFakeFunction = `create or replace function amtest_fake_llm(p_request in clob) return clob
is
  l_kind varchar2(16 char) := substr(json_object_t.parse(p_request).get_string('kind'), 1, 16);
begin
  return case l_kind
           when 'EXTRACT_MEMORIES' then '{"memories": [{"memory_type": "fact", "content": "the user likes pizza"},'
             || ' {"memory_type": "preference", "content": "dinner at 8 pm"}], "topics": ["food"]}'
           when 'UPDATE_SUMMARY' then '{"summary": "The user plans a pizza dinner."}'
           when 'LINK_MEMORIES' then '{"relations": []}'
           when 'CAPTION_IMAGE' then '{"caption": "a small test image"}'
           else '{"content": "shortened"}'
         end;
end;`

// llmStore opens a fresh KEYWORD store with the fake provider and the
// LLM_TASKS job disabled; both go in the cleanup.
func llmStore(t testing.TB, ctx context.Context, db *sql.DB) (store, llm string) {
	t.Helper()
	store = livedb.StoreID(t)
	var res string
	_, err := db.ExecContext(ctx, relOpenBlock, sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_request",
		fmt.Sprintf(`{"memory_store_id": %q, "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "KEYWORD"}`, store)))
	require.NoError(t, err)
	_, err = db.ExecContext(ctx, llmFakeFunction)
	require.NoError(t, err)
	t.Cleanup(func() {
		if _, err := db.ExecContext(context.Background(), relDropBlock, sql.Named("b_store_id", store)); err != nil {
			t.Errorf("cleanup: dropping store %s: %v", store, err)
		}
		if _, err := db.ExecContext(context.Background(), `drop function amtest_fake_llm`); err != nil {
			t.Errorf("cleanup: dropping amtest_fake_llm: %v", err)
		}
	})
	if _, err := db.ExecContext(ctx, llmDisableBlock, sql.Named("b_store_id", store)); err != nil &&
		!strings.Contains(err.Error(), "NOT_FOUND") { // no CREATE JOB: no job, nothing runs on its own
		require.NoError(t, err)
	}
	llm = fmt.Sprintf(`{"provider": "function", "function_name": "%s.AMTEST_FAKE_LLM", "model": "amtest-v1"}`,
		livedb.Schema(t, db))
	return store, llm
}

func llmCall(t testing.TB, ctx context.Context, h relExec, block, store, request string) map[string]any {
	t.Helper()
	got, err := facadeCall(ctx, h, block, store, request)
	require.NoError(t, err, request)
	var res map[string]any
	require.NoError(t, json.Unmarshal([]byte(got), &res))
	return res
}

func llmOp(t testing.TB, ctx context.Context, h relExec, op, store, request string) map[string]any {
	t.Helper()
	return llmCall(t, ctx, h, threadBlocks[op], store, request)
}

func llmRunJob(t testing.TB, ctx context.Context, db *sql.DB, store string) map[string]any {
	t.Helper()
	var res string
	_, err := db.ExecContext(ctx, llmRunJobBlock, sql.Named("b_res", livedb.StringOut(&res)),
		sql.Named("b_store_id", store), sql.Named("b_request", `{"time_budget_seconds": 600}`))
	require.NoError(t, err)
	var out map[string]any
	require.NoError(t, json.Unmarshal([]byte(res), &out))
	return out["run"].(map[string]any)
}

const llmTwoMessages = `[{"role": "user", "content": "I want pizza tonight."}, {"role": "assistant", "content": "Booked for 8 pm."}]`

func TestLLMTasksLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := context.Background()
	store, llm := llmStore(t, ctx, db)

	// INLINE (default mode): extraction runs in the call.
	llmOp(t, ctx, db, "open_thread", store, `{"thread_id": "li1", "llm": `+llm+`}`)
	res := llmOp(t, ctx, db, "thread_add_messages", store, `{"thread": "li1", "messages": `+llmTwoMessages+`}`)
	ext := res["extraction"].(map[string]any)
	assert.Equal(t, "INLINE", ext["mode"])
	assert.Len(t, ext["memory_ids"], 2, "two memories extracted in the call")

	// BACKGROUND: the call queues; wait sees the committed tasks; the job runs them.
	llmOp(t, ctx, db, "open_thread", store, `{"thread_id": "lb1", "llm": `+llm+
		`, "memory_extraction_config": {"extraction_mode": "BACKGROUND", "link_extraction_mode": "DISABLED"}}`)
	res = llmOp(t, ctx, db, "thread_add_messages", store, `{"thread": "lb1", "messages": `+llmTwoMessages+`}`)
	assert.Equal(t, "BACKGROUND", res["extraction"].(map[string]any)["mode"])
	wait := llmCall(t, ctx, db, llmWaitBlock, store, `{"thread": "lb1", "timeout_seconds": 0.3}`)
	assert.Equal(t, false, wait["done"], "nothing ran yet")
	assert.EqualValues(t, 2, wait["pending"], "extraction and summary queued")
	run := llmRunJob(t, ctx, db, store)
	assert.Equal(t, "SUCCEEDED", run["outcome"])
	wait = llmCall(t, ctx, db, llmWaitBlock, store, `{"thread": "lb1", "timeout_seconds": 5}`)
	assert.Equal(t, true, wait["done"])
	assert.EqualValues(t, 2, wait["completed"])

	// Client provider: tasks come back with their prompt; the caller completes them.
	llmOp(t, ctx, db, "open_thread", store, `{"thread_id": "lc1", "llm": {"provider": "client", "model": "m"},`+
		` "memory_extraction_config": {"enable_context_summary": false, "link_extraction_mode": "DISABLED"}}`)
	res = llmOp(t, ctx, db, "thread_add_messages", store, `{"thread": "lc1", "messages": `+llmTwoMessages+`}`)
	tasks := res["llm_tasks"].([]any)
	require.Len(t, tasks, 1)
	task := tasks[0].(map[string]any)
	assert.Equal(t, "EXTRACT_MEMORIES", task["kind"])
	prompt, err := json.Marshal(task["prompt"])
	require.NoError(t, err)
	var output string
	require.NoError(t, db.QueryRowContext(ctx, `select amtest_fake_llm(:b_prompt) from sys.dual`,
		sql.Named("b_prompt", string(prompt))).Scan(&output))
	req, err := json.Marshal(map[string]any{"thread": "lc1",
		"results": []any{map[string]any{"task_id": task["task_id"], "output": output}}})
	require.NoError(t, err)
	done := llmCall(t, ctx, db, llmCompleteBlock, store, string(req))
	assert.Len(t, done["memory_ids"], 2)
	assert.Empty(t, done["failed"])
	again := llmCall(t, ctx, db, llmCompleteBlock, store, string(req))
	assert.Empty(t, again["memory_ids"], "a DONE task is not applied twice")
}

func BenchmarkLLMBackgroundLive(b *testing.B) {
	db := livedb.Open(b)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	store, llm := llmStore(b, ctx, db)
	llmOp(b, ctx, db, "open_thread", store, `{"thread_id": "bb1", "llm": `+llm+
		`, "memory_extraction_config": {"extraction_mode": "BACKGROUND", "link_extraction_mode": "DISABLED"}}`)
	msgs := make([]map[string]any, 10)
	for i := range msgs {
		msgs[i] = map[string]any{"role": []string{"user", "assistant"}[i%2],
			"content": fmt.Sprintf("Message %d about dinner plans and pizza toppings.", i)}
	}
	req, err := json.Marshal(map[string]any{"thread": "bb1", "messages": msgs})
	if err != nil {
		b.Fatal(err)
	}
	durations := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		if _, err := threadCall(ctx, db, "thread_add_messages", store, string(req)); err != nil {
			b.Fatal(err)
		}
		durations = append(durations, time.Since(start))
	}
	b.StopTimer()
	b.ReportMetric(float64(srchPercentile(durations, 0.50).Microseconds())/1000, "add-p50-ms")
	b.ReportMetric(float64(srchPercentile(durations, 0.95).Microseconds())/1000, "add-p95-ms")

	// Throughput of the queue: every call queued one extraction and one
	// summary task over its 10 messages; the job runs them all.
	start := time.Now()
	for {
		run := llmRunJob(b, ctx, db, store)
		if run["outcome"] != "PARTIAL" {
			break
		}
	}
	elapsed := time.Since(start)
	b.ReportMetric(float64(b.N*len(msgs))/elapsed.Seconds(), "bg-messages/s")
	b.ReportMetric(float64(2*b.N)/elapsed.Seconds(), "bg-tasks/s")
}
