package integration

// Live tests of the thread calls (issue 12) over the golden fixtures of
// testdata/contract/<op>/ (docs/protocol-threads.md §8), through plain
// database/sql calls of the facade (no Go client API):
//
//   - a fresh store (livedb.StoreID, KEYWORD, vector_dim 4) gets the data
//     set (threadDataset, in order), committed;
//   - every other case runs on it inside a transaction that is rolled back:
//     accepted cases compare the response (volatile values normalized as §8
//     says), refused cases the class and every message fragment;
//   - TestThreadRulesLive follows the rules that take several calls.
//
// Without ORACLE_DSN the tests skip.

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/tests/go/livedb"
)

// threadOps are the thread operations with fixtures, in the order they run.
var threadOps = []string{"open_thread", "thread_add_messages", "thread_add_memory", "thread_get_message",
	"thread_get_messages", "thread_update_message", "thread_update_memory", "thread_delete_message",
	"thread_delete_memory", "thread_get_summary", "thread_add_image", "thread_list_images", "thread_delete_image",
	"thread_link_records", "thread_update_record_link", "thread_delete_record_link",
	"thread_update_image", "thread_search", "thread_get_context_card"}

// threadDataset is the data set of §8, applied in this order.
var threadDataset = []string{"open_thread/d1_t1", "open_thread/d2_t2", "thread_add_messages/d3_t1",
	"thread_add_messages/d4_t2", "thread_add_memory/d5_memory_t1", "thread_add_memory/d6_fact_t2", "thread_add_image/d7_image_t1",
	"thread_add_memory/d8_preference_t1", "thread_link_records/d9_link_t1"}

// The facade calls, named literally so the static checker can match them
// with the package spec.
var threadBlocks = map[string]string{
	"open_thread":               `begin :b_res := dbms_agent_memory_store.open_thread(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_add_messages":       `begin :b_res := dbms_agent_memory_store.thread_add_messages(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_add_memory":         `begin :b_res := dbms_agent_memory_store.thread_add_memory(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_get_message":        `begin :b_res := dbms_agent_memory_store.thread_get_message(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_get_messages":       `begin :b_res := dbms_agent_memory_store.thread_get_messages(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_update_message":     `begin :b_res := dbms_agent_memory_store.thread_update_message(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_update_memory":      `begin :b_res := dbms_agent_memory_store.thread_update_memory(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_delete_message":     `begin :b_res := dbms_agent_memory_store.thread_delete_message(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_delete_memory":      `begin :b_res := dbms_agent_memory_store.thread_delete_memory(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_add_image":          `begin :b_res := dbms_agent_memory_store.thread_add_image(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_list_images":        `begin :b_res := dbms_agent_memory_store.thread_list_images(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_delete_image":       `begin :b_res := dbms_agent_memory_store.thread_delete_image(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_link_records":       `begin :b_res := dbms_agent_memory_store.thread_link_records(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_update_record_link": `begin :b_res := dbms_agent_memory_store.thread_update_record_link(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_delete_record_link": `begin :b_res := dbms_agent_memory_store.thread_delete_record_link(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_update_image":       `begin :b_res := dbms_agent_memory_store.thread_update_image(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_get_summary":        `begin :b_res := dbms_agent_memory_store.thread_get_summary(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_search":             `begin :b_res := dbms_agent_memory_store.thread_search(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"thread_get_context_card":   `begin :b_res := dbms_agent_memory_store.thread_get_context_card(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"add_records":               `begin :b_res := dbms_agent_memory_store.add_records(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"get_record":                `begin :b_res := dbms_agent_memory_store.get_record(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"get_relation":              `begin :b_res := dbms_agent_memory_store.get_relation(p_store_id => :b_store_id, p_request => :b_request); end;`,
}

const threadTokensQuery = `select dbms_agent_memory_store.estimate_tokens(:b_text) from dual`

// threadCall runs a facade function of threadBlocks and returns its response.
func threadCall(ctx context.Context, h relExec, op, store, request string) (string, error) {
	return facadeCall(ctx, h, threadBlocks[op], store, request)
}

// threadNormalize is relNormalize plus the thread fixtures' volatile values
// (§8): timestamp when event_timestamp is null (it is created_at), and
// seq_no (a number; the order is checked by the order of the records).
func threadNormalize(t *testing.T, v any, actual bool) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			ev, hasEv := x["event_timestamp"]
			switch {
			case k == "timestamp" && hasEv && ev == nil:
				if actual {
					s, _ := e.(string)
					assert.Regexp(t, relUTC, s, k)
				}
				out[k] = "timestamp"
			case k == "seq_no":
				if actual {
					_, isNum := e.(float64)
					assert.True(t, isNum, "seq_no is a number: %v", e)
				}
				out[k] = "seq_no"
			default:
				out[k] = threadNormalize(t, e, actual)
			}
		}
		return relNormalize(t, out, actual)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = threadNormalize(t, e, actual)
		}
		return out
	}
	return relNormalize(t, v, actual)
}

// threadStore creates the fixture store with the data set, committed, and
// drops it when the test ends.
func threadStore(t *testing.T, ctx context.Context, db *sql.DB, cases map[string]relCase) string {
	t.Helper()
	store := livedb.StoreID(t)
	var res string
	_, err := db.ExecContext(ctx, relOpenBlock, sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_request",
		`{"memory_store_id": "`+store+`", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "KEYWORD", "vector_dim": 4}`))
	require.NoError(t, err)
	t.Cleanup(func() {
		if _, err := db.ExecContext(context.Background(), relDropBlock, sql.Named("b_store_id", store)); err != nil {
			t.Errorf("cleanup: dropping store %s: %v", store, err)
		}
	})
	for _, id := range threadDataset {
		c, ok := cases[id]
		require.True(t, ok, "no fixture %s", id)
		got, err := threadCall(ctx, db, c.op, store, string(c.request))
		require.NoError(t, err, id)
		var want, have any
		require.NoError(t, json.Unmarshal(c.response, &want))
		require.NoError(t, json.Unmarshal([]byte(got), &have))
		assert.Equal(t, threadNormalize(t, want, false), threadNormalize(t, have, true), id)
	}
	return store
}

// loadThreadCases reads the thread fixtures by "op/name".
func loadThreadCases(t *testing.T) ([]relCase, map[string]relCase) {
	t.Helper()
	list := loadOpCases(t, threadOps)
	byID := map[string]relCase{}
	for _, c := range list {
		byID[c.id()] = c
	}
	return list, byID
}

func isThreadDataset(id string) bool {
	for _, d := range threadDataset {
		if d == id {
			return true
		}
	}
	return false
}

func TestThreadFixturesLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := context.Background()
	list, byID := loadThreadCases(t)
	store := threadStore(t, ctx, db, byID)
	for _, c := range list {
		if isThreadDataset(c.id()) {
			continue
		}
		t.Run(c.id(), func(t *testing.T) {
			tx, err := db.BeginTx(ctx, nil)
			require.NoError(t, err)
			defer func() { _ = tx.Rollback() }()
			got, err := threadCall(ctx, tx, c.op, store, string(c.request))
			if c.refusal != nil {
				assertRawRefusal(t, err, c.refusal, store)
				return
			}
			require.NoError(t, err)
			var want, have any
			require.NoError(t, json.Unmarshal(c.response, &want))
			require.NoError(t, json.Unmarshal([]byte(got), &have))
			assert.Equal(t, threadNormalize(t, want, false), threadNormalize(t, have, true), "response")
		})
	}
}

// threadRecord reads one record's object with get_record (nil when absent).
func threadRecord(t *testing.T, ctx context.Context, h relExec, store, typ, id string) map[string]any {
	t.Helper()
	got, err := threadCall(ctx, h, "get_record", store, `{"record_type": "`+typ+`", "record_id": "`+id+`"}`)
	require.NoError(t, err)
	var res struct {
		Record map[string]any `json:"record"`
	}
	require.NoError(t, json.Unmarshal([]byte(got), &res))
	return res.Record
}

// TestThreadRulesLive follows the rules that take several calls (§8, last
// paragraph), inside one transaction that is rolled back.
func TestThreadRulesLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := context.Background()
	_, byID := loadThreadCases(t)
	store := threadStore(t, ctx, db, byID)
	tx, err := db.BeginTx(ctx, nil)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback() }()
	call := func(op, req string) map[string]any {
		t.Helper()
		got, err := threadCall(ctx, tx, op, store, req)
		require.NoError(t, err, "%s %s", op, req)
		var res map[string]any
		require.NoError(t, json.Unmarshal([]byte(got), &res))
		return res
	}

	// T11: messages inherit the thread's scope.
	call("thread_add_messages", `{"thread": "t2", "messages": [{"role": "user", "content": "Hello", "id": "x1"}]}`)
	rec := threadRecord(t, ctx, tx, store, "message", "x1")
	assert.Equal(t, []any{"t2", "u1", "a1"}, []any{rec["thread_id"], rec["user_id"], rec["agent_id"]}, "T11")

	// T12: add_memory inherits; explicit values override (null = none).
	call("thread_add_memory", `{"thread": "t1", "content": "Shared", "memory_id": "k2", "memory_type": "guideline", "user_id": null, "agent_id": "a9"}`)
	rec = threadRecord(t, ctx, tx, store, "guideline", "k2")
	assert.Equal(t, []any{"t1", nil, "a9"}, []any{rec["thread_id"], rec["user_id"], rec["agent_id"]}, "T12")

	// T14, T16: a linked memory takes its target's scope; the link is a relation.
	call("thread_add_memory", `{"thread": "t1", "content": "Seven", "memory_id": "k4", "user_id": "u7"}`)
	res := call("thread_add_memory", `{"thread": "t1", "content": "Seven, refined", "memory_id": "k5", "memory_id_to_link": "k4", "link_type": "supports"}`)
	assert.Equal(t, "u7", threadRecord(t, ctx, tx, store, "memory", "k5")["user_id"], "T14")
	rel := call("get_relation", fmt.Sprintf(`{"relation_id": %q}`, res["relation_id"]))["relation"].(map[string]any)
	assert.Equal(t, []any{"k5", "k4", "supports"}, []any{rel["source_record_id"], rel["target_record_id"], rel["relation_type"]}, "T16")

	// T18, T22: another thread's records are not touched.
	assert.EqualValues(t, 0, call("thread_update_message", `{"thread": "t1", "message_id": "o1", "content": "changed"}`)["updated"])
	assert.Equal(t, "Other thread.", threadRecord(t, ctx, tx, store, "message", "o1")["content"])
	assert.EqualValues(t, 0, call("thread_delete_memory", `{"thread": "t1", "memory_id": "fact2"}`)["deleted"])
	assert.NotNil(t, threadRecord(t, ctx, tx, store, "fact", "fact2"))

	// T17: end omitted gives the most recent 50 (t2: o1, x1, w1..w60).
	var msgs []string
	for i := 1; i <= 60; i++ {
		msgs = append(msgs, fmt.Sprintf(`{"role": "user", "content": "w%d", "id": "w%d"}`, i, i))
	}
	call("thread_add_messages", `{"thread": "t2", "messages": [`+strings.Join(msgs, ",")+`]}`)
	window := call("thread_get_messages", `{"thread": "t2"}`)["messages"].([]any)
	require.Len(t, window, 50)
	assert.Equal(t, "w11", window[0].(map[string]any)["id"])
	assert.Equal(t, "w60", window[49].(map[string]any)["id"])
	all := call("thread_get_messages", `{"thread": "t2", "end": -1}`)["messages"].([]any)
	assert.Len(t, all, 62)

	// T41: a new image keeps the stored metadata (the mime is merged in).
	call("thread_update_image", `{"thread": "t1", "image_id": "img1", "image": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "mime_type": "image/png"}`)
	assert.Equal(t, map[string]any{"album": "dinner"}, threadRecord(t, ctx, tx, store, "image", "img1")["metadata"], "T41")

	// T30, T31: the durable summary serves whole-thread requests; except_last
	// gives the transcript of the prefix; the budget cuts the summary.
	call("add_records", `{"record_type": "thread_summary", "contents": ["Plan the Rome itinerary."], "thread_ids": "t1"}`)
	assert.Equal(t, map[string]any{"content": "Plan the Rome itinerary.", "source": "thread_summary"},
		call("thread_get_summary", `{"thread": "t1"}`))
	assert.Equal(t, map[string]any{"content": "Plan th", "source": "thread_summary"},
		call("thread_get_summary", `{"thread": "t1", "token_budget": 2}`))
	assert.Equal(t, map[string]any{"content": "user: I want pizza tonight.", "source": "transcript"},
		call("thread_get_summary", `{"thread": "t1", "except_last": 5}`))

	// T28: the token estimator.
	for text, want := range map[string]int{"abcdefg": 2, "abcdefgh": 3, strings.Repeat("x", 35): 10} {
		var got int
		require.NoError(t, tx.QueryRowContext(ctx, threadTokensQuery, sql.Named("b_text", text)).Scan(&got))
		assert.Equal(t, want, got, "estimate_tokens(%q)", text)
	}
}
