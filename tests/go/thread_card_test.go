package integration

// Live tests of thread_search and thread_get_context_card (issue 12,
// docs/protocol-threads.md §7d, T42-T52) on a VECTOR store with explicit
// embeddings, so that every distance is exact and the order is the
// contract's (ascending distance, ties by id), not a text ranking. Plain
// database/sql calls of the facade; without ORACLE_DSN the test skips.

import (
	"context"
	"database/sql"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/tests/go/livedb"
)

// cardDataset: threads t1 and t2 of u1/a1; query vector [1,0,0] puts mem1
// (thread t2) and o1 (a t2 message) at distance 0, fact1 (t1) at 0.2, the
// t1 messages m1, m2 at 1; memx belongs to user u2.
var cardDataset = []struct{ op, request string }{
	{"open_thread", `{"thread_id": "t1", "user_id": "u1", "agent_id": "a1"}`},
	{"open_thread", `{"thread_id": "t2", "user_id": "u1", "agent_id": "a1"}`},
	{"add_records", `{"record_type": "message", "record_ids": ["m1", "m2"], "contents": ["Is 5 < 6?", "Yes & \"sure\""],
	  "roles": ["user", "assistant"], "thread_ids": "t1", "user_ids": "u1", "agent_ids": "a1",
	  "embeddings": [[0, 1, 0], [0, 0, 1]]}`},
	{"add_records", `{"record_type": "message", "record_ids": ["o1"], "contents": ["Other thread."], "roles": ["user"],
	  "thread_ids": "t2", "user_ids": "u1", "agent_ids": "a1", "embeddings": [[1, 0, 0]]}`},
	{"add_records", `{"record_type": "memory", "record_ids": ["mem1"], "contents": ["User likes Da Mario"],
	  "thread_ids": "t2", "user_ids": "u1", "agent_ids": "a1", "embeddings": [[1, 0, 0]]}`},
	{"add_records", `{"record_type": "fact", "record_ids": ["fact1"], "contents": ["Station area"],
	  "thread_ids": "t1", "user_ids": "u1", "agent_ids": "a1", "embeddings": [[0.8, 0.6, 0]]}`},
	{"add_records", `{"record_type": "memory", "record_ids": ["memx"], "contents": ["Someone else"],
	  "user_ids": "u2", "agent_ids": "a1", "embeddings": [[1, 0, 0]]}`},
}

// cardTokens is the estimator of T28, for the budget cases.
func cardTokens(s string) int { return int(math.Ceil(float64(len([]rune(s))) / 3.5)) }

func cardIDs(t *testing.T, results any) []string {
	t.Helper()
	ids := []string{}
	for _, r := range results.([]any) {
		ids = append(ids, r.(map[string]any)["record"].(map[string]any)["id"].(string))
	}
	return ids
}

func TestThreadCardLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := context.Background()
	store := livedb.StoreID(t)
	var res string
	_, err := db.ExecContext(ctx, relOpenBlock, sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_request",
		`{"memory_store_id": "`+store+`", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": 3}`))
	require.NoError(t, err)
	t.Cleanup(func() {
		if _, err := db.ExecContext(context.Background(), relDropBlock, sql.Named("b_store_id", store)); err != nil {
			t.Errorf("cleanup: dropping store %s: %v", store, err)
		}
	})
	tx, err := db.BeginTx(ctx, nil)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback() }()
	call := func(op, req string) map[string]any {
		t.Helper()
		got, err := threadCall(ctx, tx, op, store, req)
		require.NoError(t, err, "%s %s", op, req)
		var out map[string]any
		require.NoError(t, json.Unmarshal([]byte(got), &out))
		return out
	}
	for _, d := range cardDataset {
		call(d.op, d.request)
	}
	search := func(extra string) []string {
		t.Helper()
		return cardIDs(t, call("thread_search", `{"thread": "t1", "query_vector": [1, 0, 0]`+extra+`}`)["results"])
	}

	// T42: exact user and agent, thread unconstrained by default.
	assert.Equal(t, []string{"mem1", "o1", "fact1", "m1", "m2"}, search(""), "T42 default scope")
	assert.Equal(t, []string{"fact1", "m1", "m2"}, search(`, "exact_thread_match": true`), "T42 exact thread")
	assert.Equal(t, []string{"memx"}, search(`, "user_id": "u2"`), "T42 explicit user")
	assert.Equal(t, []string{"mem1", "memx", "o1"}, search(`, "exact_user_match": false, "max_results": 3`), "T42 user unconstrained")
	assert.Equal(t, []string{"mem1", "o1", "fact1", "m1", "m2"}, search(`, "thread_id": "t9"`), "T42 thread id without exact match")

	// T45: budgets over the XML-like elements with the one estimator.
	first := cardTokens(`<record type="memory" id="mem1">User likes Da Mario</record>`)
	second := cardTokens(`<record type="message" id="o1">Other thread.</record>`)
	assert.Equal(t, []string{"mem1", "o1"}, search(`, "token_budget": `+strconv.Itoa(first+second)), "T45 hard fits two")
	assert.Equal(t, []string{"mem1"}, search(`, "token_budget": `+strconv.Itoa(first+second-1)), "T45 hard stops before the second")
	assert.Equal(t, []string{}, search(`, "token_budget": `+strconv.Itoa(first-1)), "T45 first does not fit")
	assert.Equal(t, []string{"mem1"}, search(`, "soft_token_budget": 1`), "T45 soft keeps the result reaching it")
	assert.Equal(t, []string{"mem1", "o1"}, search(`, "soft_token_budget": `+strconv.Itoa(first+1)), "T45 soft")
	assert.Len(t, search(`, "soft_token_budget": 0, "token_budget": -1`), 5, "T45 not positive = no limit")

	// T47, T49, T51, T44: the card with every part; o1 (another thread's
	// message) and memx (another user) are never relevant.
	card := call("thread_get_context_card", `{"thread": "t1", "query_vector": [1, 0, 0], "max_recent_messages": 2}`)
	assert.Equal(t, "user: Is 5 < 6?\nassistant: Yes & \"sure\"", card["summary"], "T49")
	assert.Equal(t, "transcript", card["summary_source"])
	assert.Equal(t, []string{"mem1", "fact1", "m1", "m2"}, cardIDs(t, card["relevant_results"]), "T47 fill")
	assert.Equal(t, []any{}, card["topics"])
	want := strings.Join([]string{
		"<summary>", "user: Is 5 &lt; 6?", "assistant: Yes &amp; &quot;sure&quot;", "</summary>",
		"<relevant_information>",
		`<record type="memory" id="mem1">User likes Da Mario</record>`,
		`<record type="fact" id="fact1">Station area</record>`,
		`<record type="message" id="m1">Is 5 &lt; 6?</record>`,
		`<record type="message" id="m2">Yes &amp; &quot;sure&quot;</record>`,
		"</relevant_information>",
		"<recent_messages>",
		`<message id="m1" role="user">Is 5 &lt; 6?</message>`,
		`<message id="m2" role="assistant">Yes &amp; &quot;sure&quot;</message>`,
		"</recent_messages>"}, "\n")
	assert.Equal(t, want, card["content"], "T44 rendering and escaping")

	// T48, T50: the excluded tail is neither summarized nor relevant.
	card = call("thread_get_context_card", `{"thread": "t1", "query_vector": [1, 0, 0], "except_last_messages": 1, "max_recent_messages": 1}`)
	assert.Equal(t, "user: Is 5 < 6?", card["summary"], "T49 prefix")
	assert.Equal(t, []string{"mem1", "fact1", "m1"}, cardIDs(t, card["relevant_results"]), "T50 tail skipped")
	assert.Len(t, card["recent_messages"], 1, "T51")

	// T46, T47: minimums first, messages of this thread only; the limit is
	// the sum of the minimums when max_relevant_results is smaller.
	card = call("thread_get_context_card", `{"thread": "t1", "query_vector": [1, 0, 0], "max_relevant_results": 1, "min_relevant_results_by_type": {"message": 1, "fact": 1}}`)
	assert.Equal(t, []string{"m1", "fact1"}, cardIDs(t, card["relevant_results"]), "T47 minimums in key order")
	card = call("thread_get_context_card", `{"thread": "t1", "query_vector": [1, 0, 0], "max_relevant_results": 2}`)
	assert.Equal(t, []string{"mem1", "fact1"}, cardIDs(t, card["relevant_results"]), "T46 limit")

	// T52: the budget cuts the relevant results only.
	card = call("thread_get_context_card", `{"thread": "t1", "query_vector": [1, 0, 0], "token_budget": `+strconv.Itoa(first)+`}`)
	assert.Equal(t, []string{"mem1"}, cardIDs(t, card["relevant_results"]), "T52")
	assert.Contains(t, card["content"], "<summary>")

	// T49: the durable summary serves a whole-thread card.
	call("add_records", `{"record_type": "thread_summary", "contents": ["Pizza <plans>"], "thread_ids": "t1"}`)
	card = call("thread_get_context_card", `{"thread": "t1", "max_relevant_results": 0}`)
	assert.Equal(t, "Pizza <plans>", card["summary"])
	assert.Equal(t, "thread_summary", card["summary_source"])
	assert.Equal(t, "<summary>\nPizza &lt;plans&gt;\n</summary>", card["content"])
}
