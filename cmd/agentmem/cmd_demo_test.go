package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/fixturecall"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// demoPackage answers the demo's calls as the package would, from contract
// fixtures: the store's sync mode, whether an earlier run left the demo
// user's profile, and an error to raise on one subprogram are the knobs.
type demoPackage struct {
	t         *testing.T
	sync      string // the store's search_index_sync
	leftovers bool   // get_record of the demo user's profile finds it
	updated   int    // update_record's count
	failFn    string // subprogram that fails with failErr
	failErr   error
	nextID    int
}

func newDemoPackage(t *testing.T) *demoPackage {
	return &demoPackage{t: t, sync: "ON_COMMIT", updated: 1}
}

func (p *demoPackage) respond(c fakeCall) (string, error) {
	t := p.t
	if c.Fn == p.failFn {
		return "", p.failErr
	}
	var req map[string]any
	if c.Request != "" {
		require.NoError(t, json.Unmarshal([]byte(c.Request), &req), "%s request", c.Fn)
	}
	switch c.Fn {
	case "open_store":
		id, prefix := "", "" // the default store has no prefix
		if v, ok := req["memory_store_id"].(string); ok {
			id, prefix = strings.ToUpper(v), strings.ToUpper(v)+"_"
		}
		return patchContract(t, "open_store/create_keyword_manual.response.json", map[string]any{
			"store.memory_store_id": id, "store.table_prefix": prefix, "store.config.search_index_sync": p.sync}), nil
	case "get_record":
		switch {
		case req["record_type"] == "memory":
			return readContract(t, "get_record/memory.response.json"), nil
		case p.leftovers:
			return readContract(t, "get_record/user_profile.response.json"), nil
		}
		return readContract(t, "get_record/not_found.response.json"), nil
	case "add_user":
		return patchContract(t, "add_user/d8_user.response.json", map[string]any{"id": req["user_id"]}), nil
	case "add_records":
		return patchContract(t, "add_records/d2_memories.response.json", map[string]any{"ids": p.ids(req)}), nil
	case "list_thread_messages":
		return readContract(t, "list_thread_messages/last_n.response.json"), nil
	case "list_records":
		if req["record_type"] == "fact" {
			return readContract(t, "list_records/facts_invalid_included.response.json"), nil
		}
		if req["record_type"] == "memory" {
			return readContract(t, "list_records/memory_user_window.response.json"), nil
		}
		return patchContract(t, "list_records/memory_user_window.response.json", map[string]any{"records": []any{}}), nil
	case "search":
		return readContract(t, "search/keyword_pizza.response.json"), nil
	case "update_record":
		return patchContract(t, "update_record/content_replace.response.json", map[string]any{"updated": p.updated}), nil
	case "delete_record":
		if req["cascade"] == true {
			return readContract(t, "delete_record/user_profile_cascade.response.json"), nil
		}
		return readContract(t, "delete_record/memory.response.json"), nil
	case "sync_search_index":
		return "", nil
	}
	return "", fmt.Errorf("fake package: the demo called %s, which it has no answer for", c.Fn)
}

// ids generates one id per record of an add_records request, in order.
func (p *demoPackage) ids(req map[string]any) []string {
	batches := []any{req}
	if b, ok := req["batches"].([]any); ok {
		batches = b
	}
	var ids []string
	for _, b := range batches {
		batch := b.(map[string]any)
		for range batch["contents"].([]any) {
			p.nextID++
			ids = append(ids, fmt.Sprintf("%s-%d", batch["record_type"], p.nextID))
		}
	}
	return ids
}

// runDemoFake runs the tour against the fake package.
func runDemoFake(t *testing.T, p *demoPackage, cfg demoConfig) (*fakeDB, string, string, error) {
	t.Helper()
	f, db := openFakeDB(p.respond)
	t.Cleanup(func() { db.Close() })
	var out, errOut bytes.Buffer
	env := &cliEnv{Stdout: &out, Stderr: &errOut, Getenv: func(string) string { return "" }}
	err := demoTour(context.Background(), env, db, cfg)
	return f, out.String(), errOut.String(), err
}

var demoDefault = demoConfig{store: "DEMO"}

// The tour's calls, in order, on a store with ON_COMMIT sync and no
// leftovers; the last one is the cleanup.
var demoCalls = []string{"open_store", "get_record", "add_user", "add_records", "list_thread_messages",
	"add_records", "list_records", "list_records", "list_records", "search", "search", "search",
	"update_record", "get_record", "delete_record", "delete_record"}

func TestDemoCallSequence(t *testing.T) {
	f, out, errOut, err := runDemoFake(t, newDemoPackage(t), demoDefault)
	require.NoError(t, err, errOut)
	assert.Equal(t, demoCalls, f.Fns())
	for _, c := range f.Calls()[1:] {
		assert.Equal(t, "DEMO", c.StoreID, "%s goes to the store open_store returned", c.Fn)
	}
	assert.Contains(t, out, "Store DEMO: KEYWORD search, index sync ON_COMMIT, READY; 36 actions (agentmem store describe --id DEMO lists its objects)")
	assert.Contains(t, out, "no sync_search_index needed")
	assert.Contains(t, out, "Deleted the demo's records")
	assert.Contains(t, errOut, "demo: opening store DEMO (KEYWORD, CREATE_IF_NECESSARY)")
	assert.Contains(t, errOut, "warning: CREATE JOB privilege missing", "the package's warnings go to stderr")
	assert.NotContains(t, out, "warning:")
}

// Every request the demo sends decodes strictly as the contract's request
// for its op, and uses only keys the contract fixtures use.
func TestDemoRequestsMatchTheContract(t *testing.T) {
	f, _, _, err := runDemoFake(t, newDemoPackage(t), demoDefault)
	require.NoError(t, err)
	keys := map[string]map[string]bool{}
	for _, c := range f.Calls() {
		t.Run(c.Fn, func(t *testing.T) {
			require.NotEmpty(t, c.Request, "%s is called with a JSON request", c.Fn)
			if keys[c.Fn] == nil {
				keys[c.Fn] = contractKeys(t, c.Fn)
			}
			var doc map[string]json.RawMessage
			require.NoError(t, json.Unmarshal([]byte(c.Request), &doc))
			for k, v := range doc {
				assert.True(t, keys[c.Fn][k], "%s request key %q is in no contract fixture", c.Fn, k)
				if k == "batches" {
					var batches []map[string]json.RawMessage
					require.NoError(t, json.Unmarshal(v, &batches))
					for _, b := range batches {
						for bk := range b {
							assert.True(t, keys[c.Fn][bk], "%s batch key %q is in no contract fixture", c.Fn, bk)
						}
					}
				}
			}
			require.NoError(t, decodeContractRequest(c.Fn, c.Request), c.Request)
		})
	}
}

// decodeContractRequest decodes a request strictly into the Go type of its
// op: goclient's exported request types where there is one, else the
// request's fields as protocol-records.md §5, §7 and §11 list them.
func decodeContractRequest(fn, text string) error {
	var v any
	switch fn {
	case "open_store":
		v = &agentmemory.StoreOptions{}
	case "add_records":
		_, err := fixturecall.Records([]byte(text))
		return err
	case "add_user":
		v = &struct {
			UserID      string         `json:"user_id"`
			Information string         `json:"information"`
			Metadata    map[string]any `json:"metadata"`
		}{}
	case "get_record":
		v = &struct {
			RecordType   agentmemory.RecordType `json:"record_type"`
			RecordID     string                 `json:"record_id"`
			IncludeBytes bool                   `json:"include_bytes"`
		}{}
	case "list_records":
		v = &agentmemory.ListRequest{}
	case "list_thread_messages":
		v = &agentmemory.ListThreadMessagesRequest{}
	case "search":
		v = &struct {
			Query                 string                     `json:"query"`
			QueryVector           []float32                  `json:"query_vector"`
			QueryVectors          [][]float32                `json:"query_vectors"`
			K                     int                        `json:"k"`
			UserID                *string                    `json:"user_id"`
			AgentID               *string                    `json:"agent_id"`
			ThreadID              *string                    `json:"thread_id"`
			RecordTypes           []string                   `json:"record_types"`
			IncludeInvalidResults *bool                      `json:"include_invalid_results"`
			MetadataFilter        map[string]any             `json:"metadata_filter"`
			NumHops               int                        `json:"num_hops"`
			MaxLinkedResults      int                        `json:"max_linked_results"`
			SearchStrategy        agentmemory.SearchStrategy `json:"search_strategy"`
		}{}
	case "update_record":
		_, err := fixturecall.Update([]byte(text))
		return err
	case "delete_record":
		v = &struct {
			RecordType agentmemory.RecordType `json:"record_type"`
			RecordID   string                 `json:"record_id"`
			Cascade    bool                   `json:"cascade"`
		}{}
	default:
		return fmt.Errorf("no contract request type for %s", fn)
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// requests returns the decoded requests of every call to fn.
func requests(t *testing.T, f *fakeDB, fn string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, c := range f.Calls() {
		if c.Fn == fn {
			var m map[string]any
			require.NoError(t, json.Unmarshal([]byte(c.Request), &m))
			out = append(out, m)
		}
	}
	return out
}

func TestDemoRequestContents(t *testing.T) {
	f, _, _, err := runDemoFake(t, newDemoPackage(t), demoDefault)
	require.NoError(t, err)

	open := requests(t, f, "open_store")[0]
	assert.Equal(t, map[string]any{"memory_store_id": "DEMO", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "KEYWORD"}, open,
		"KEYWORD needs no embedding model; nothing else is asked, so an existing store keeps its settings")

	adds := requests(t, f, "add_records")
	require.Len(t, adds, 2)
	conversation := adds[0]["batches"].([]any)
	require.Len(t, conversation, 2, "the thread and its messages in one call")
	assert.Equal(t, "thread", conversation[0].(map[string]any)["record_type"])
	msgs := conversation[1].(map[string]any)
	assert.Equal(t, "message", msgs["record_type"])
	assert.Equal(t, []any{"demo-lisbon", "demo-lisbon", "demo-lisbon"}, msgs["thread_ids"], "messages go to the thread added before them")
	assert.Len(t, msgs["roles"], len(msgs["contents"].([]any)), "roles are aligned with contents")
	batches := adds[1]["batches"].([]any)
	require.Len(t, batches, 3)
	for i, want := range []string{"memory", "fact", "preference"} {
		b := batches[i].(map[string]any)
		assert.Equal(t, want, b["record_type"])
		for _, u := range b["user_ids"].([]any) {
			assert.Equal(t, demoUser, u, "scoped to the demo user")
		}
		assert.Len(t, b["metadata"], len(b["contents"].([]any)), "%s metadata is aligned with contents", want)
	}

	for _, l := range requests(t, f, "list_records") {
		assert.Equal(t, demoUser, l["user_id"])
	}
	searches := requests(t, f, "search")
	require.Len(t, searches, 3)
	assert.NotContains(t, searches[0], "user_id", "the first search is not scoped")
	assert.Equal(t, demoUser, searches[1]["user_id"])
	assert.Equal(t, map[string]any{"tags": map[string]any{"$array_contains": "food"}}, searches[2]["metadata_filter"])
	for _, s := range searches {
		assert.Equal(t, "KEYWORD", s["search_strategy"], "the Store sends the strategy it was opened with")
	}

	upd := requests(t, f, "update_record")[0]
	assert.Equal(t, "memory-5", upd["record_id"], "the first memory of the batch is updated")
	gets := requests(t, f, "get_record")
	assert.Equal(t, map[string]any{"record_type": "user_profile", "record_id": demoUser}, gets[0], "the probe for an earlier run")
	assert.Equal(t, "memory-5", gets[1]["record_id"], "the updated memory is read back")
	dels := requests(t, f, "delete_record")
	assert.Equal(t, map[string]any{"record_type": "memory", "record_id": "memory-6"}, dels[0])
	assert.Equal(t, map[string]any{"record_type": "user_profile", "record_id": demoUser, "cascade": true}, dels[1])
}

func TestDemoManualSyncSynchronizesBeforeSearching(t *testing.T) {
	p := newDemoPackage(t)
	p.sync = "MANUAL"
	f, out, _, err := runDemoFake(t, p, demoDefault)
	require.NoError(t, err)
	fns := f.Fns()
	want := append(append(append([]string{}, demoCalls[:9]...), "sync_search_index"), demoCalls[9:]...)
	assert.Equal(t, want, fns)
	sync := f.Calls()[9]
	assert.Equal(t, "DEMO", sync.StoreID)
	assert.Contains(t, out, "called sync_search_index")
}

func TestDemoKeepLeavesTheRecords(t *testing.T) {
	f, out, _, err := runDemoFake(t, newDemoPackage(t), demoConfig{store: "DEMO", keep: true})
	require.NoError(t, err)
	assert.Equal(t, demoCalls[:len(demoCalls)-1], f.Fns(), "no cleanup call")
	assert.Contains(t, out, "agentmem delete user_profile demo-user --cascade --store DEMO")
}

func TestDemoDeletesWhatAnEarlierRunLeft(t *testing.T) {
	p := newDemoPackage(t)
	p.leftovers = true
	f, out, errOut, err := runDemoFake(t, p, demoDefault)
	require.NoError(t, err)
	want := append([]string{"open_store", "get_record", "delete_record"}, demoCalls[2:]...)
	assert.Equal(t, want, f.Fns())
	assert.Equal(t, map[string]any{"record_type": "user_profile", "record_id": demoUser, "cascade": true},
		requests(t, f, "delete_record")[0])
	assert.Contains(t, out, "an earlier run left")
	assert.Contains(t, errOut, "deleting the records an earlier run left")
}

func TestDemoOutput(t *testing.T) {
	_, out, _, err := runDemoFake(t, newDemoPackage(t), demoDefault)
	require.NoError(t, err)
	for _, want := range []string{
		"User profile demo-user.",
		"Thread thread-1 (user demo-user, agent demo-agent)",
		"Added in one add_records call: memory memory-5, memory-6; fact fact-7; preference preference-8.",
		"  4  assistant  msg4  Done: 8 pm at Da Mario.", // from list_thread_messages/last_n
		"  memory      m2  Allergic to peanuts", "  preference  (none)",
		`Search "Lisbon", any scope, k 5: 4 result(s)`,
		"  0.880  agent_profile  a1     Pizza ordering agent.", // distances and ids of search/keyword_pizza
		`Search "window seat", user demo-user`,
		`metadata tags contain "food"`,
		"Updated memory memory-5 (1 record); read back:",
		"Deleted memory memory-6 (1 record).",
		`"agentmem store drop --id DEMO" removes the store`,
	} {
		assert.Contains(t, out, want)
	}
}

func TestDemoOnTheDefaultStore(t *testing.T) {
	f, out, _, err := runDemoFake(t, newDemoPackage(t), demoConfig{store: ""})
	require.NoError(t, err)
	assert.NotContains(t, requests(t, f, "open_store")[0], "memory_store_id", "the default store: the key is omitted")
	for _, c := range f.Calls()[1:] {
		assert.Equal(t, "", c.StoreID, c.Fn)
	}
	assert.Contains(t, out, "Store (default): KEYWORD search")
	assert.Contains(t, out, `"agentmem store drop --id """ removes the store`)
}

func TestDemoJSON(t *testing.T) {
	_, out, errOut, err := runDemoFake(t, newDemoPackage(t), demoConfig{store: "DEMO", asJSON: true})
	require.NoError(t, err)
	assert.Contains(t, errOut, "demo: searching", "progress still goes to stderr")
	dec := json.NewDecoder(strings.NewReader(out))
	var rep map[string]any
	require.NoError(t, dec.Decode(&rep))
	assert.False(t, dec.More(), "stdout holds one JSON object and nothing else")
	assert.Equal(t, "DEMO", rep["store"].(map[string]any)["memory_store_id"])
	assert.Equal(t, "thread-1", rep["thread_id"])
	assert.Equal(t, map[string]any{"message": []any{"message-2", "message-3", "message-4"}, "memory": []any{"memory-5", "memory-6"},
		"fact": []any{"fact-7"}, "preference": []any{"preference-8"}}, rep["added"], "the batches' ids, split by type")
	searches := rep["searches"].([]any)
	require.Len(t, searches, 3)
	first := searches[0].(map[string]any)
	assert.Equal(t, map[string]any{"query": "Lisbon", "k": float64(5)}, first["request"])
	assert.Len(t, first["result"].(map[string]any)["results"], 4)
	assert.Equal(t, "m1", rep["record"].(map[string]any)["id"], "the record read back, as the package's JSON")
	assert.Equal(t, map[string]any{"record_type": "user_profile", "record_id": demoUser, "count": float64(1)}, rep["cleanup"])
	assert.NotEmpty(t, rep["warnings"])
}

func TestDemoErrors(t *testing.T) {
	t.Run("incompatible store", func(t *testing.T) {
		p := newDemoPackage(t)
		p.failFn, p.failErr = "open_store", fakeOraErr{20105, "INCOMPATIBLE_STORE: search_strategy KEYWORD differs from the store's VECTOR"}
		f, _, _, err := runDemoFake(t, p, demoDefault)
		require.ErrorIs(t, err, agentmemory.ErrIncompatibleStore)
		assert.Contains(t, err.Error(), `agentmem store drop --id DEMO`)
		assert.Contains(t, err.Error(), "--store OTHER")
		assert.Equal(t, []string{"open_store"}, f.Fns())
	})
	t.Run("package not installed", func(t *testing.T) {
		p := newDemoPackage(t)
		p.failFn, p.failErr = "open_store", fakeOraErr{6550, "line 1, column 7: PLS-00201: identifier 'DBMS_AGENT_MEMORY_STORE.OPEN_STORE' must be declared"}
		_, _, _, err := runDemoFake(t, p, demoDefault)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "agentmem migrate up")
	})
	t.Run("a failed step stops the tour", func(t *testing.T) {
		p := newDemoPackage(t)
		p.failFn, p.failErr = "search", fakeOraErr{20103, "SCHEMA_MISSING: text index DEMO_RECORD_CHUNKS_TXT_IX is missing; run describe_store"}
		f, _, _, err := runDemoFake(t, p, demoDefault)
		require.ErrorIs(t, err, agentmemory.ErrSchemaMissing)
		assert.Equal(t, demoCalls[:10], f.Fns(), "nothing after the failed search")
	})
	t.Run("update finds nothing", func(t *testing.T) {
		p := newDemoPackage(t)
		p.updated = 0
		f, _, _, err := runDemoFake(t, p, demoDefault)
		require.Error(t, err)
		assert.Contains(t, err.Error(), `update_record found no memory "memory-5"`)
		assert.Equal(t, "update_record", f.Fns()[len(f.Fns())-1])
	})
}

func TestDemoCommandLine(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"demo", "extra"}, 2, `demo takes no argument, got "extra"`},
		{[]string{"demo", "--dim", "384"}, 2, "flag provided but not defined: -dim"},
		{[]string{"demo"}, 2, "no database given"},
		{[]string{"demo", "--keep", "--json"}, 2, "no database given"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, _, errOut := runCLI(t, "", "", c.args...)
			assert.Equal(t, c.code, code)
			assert.Contains(t, errOut, c.want)
		})
	}
	code, out, _ := runCLI(t, "", "", "demo", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Usage: agentmem demo [--dsn DSN] [--store ID] [--keep] [--json]")
}
