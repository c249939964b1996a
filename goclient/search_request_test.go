package agentmemory

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every key of the request in each of its states: omitted leaves the key
// out, None sends null, a value sends the value.
func TestSearchRequestEncoding(t *testing.T) {
	base := SearchRequest{QueryVector: []float32{1, 0, 0}}
	with := func(f func(*SearchRequest)) SearchRequest { r := base; f(&r); return r }
	cases := []struct {
		name string
		req  SearchRequest
		want string
	}{
		{"only the vector", base, `{"query_vector":[1,0,0]}`},
		{"query", SearchRequest{Query: "pizza"}, `{"query":"pizza"}`},
		{"query vectors", SearchRequest{QueryVectors: [][]float32{{1, 0}, {0.25, 0.5}}}, `{"query_vectors":[[1,0],[0.25,0.5]]}`},
		{"float32 values keep their shortest form", SearchRequest{QueryVector: []float32{0.1, -3.4028235e38}}, `{"query_vector":[0.1,-3.4028235e+38]}`},
		{"k value", with(func(r *SearchRequest) { r.K = Some(5) }), `{"query_vector":[1,0,0],"k":5}`},
		{"k None", with(func(r *SearchRequest) { r.K = None[int]() }), `{"query_vector":[1,0,0],"k":null}`},
		{"user value", with(func(r *SearchRequest) { r.UserID = Some("u1") }), `{"query_vector":[1,0,0],"user_id":"u1"}`},
		{"user None", with(func(r *SearchRequest) { r.UserID = None[string]() }), `{"query_vector":[1,0,0],"user_id":null}`},
		{"agent value", with(func(r *SearchRequest) { r.AgentID = Some("a1") }), `{"query_vector":[1,0,0],"agent_id":"a1"}`},
		{"agent None", with(func(r *SearchRequest) { r.AgentID = None[string]() }), `{"query_vector":[1,0,0],"agent_id":null}`},
		{"thread value", with(func(r *SearchRequest) { r.ThreadID = Some("t1") }), `{"query_vector":[1,0,0],"thread_id":"t1"}`},
		{"thread None", with(func(r *SearchRequest) { r.ThreadID = None[string]() }), `{"query_vector":[1,0,0],"thread_id":null}`},
		{"record types", with(func(r *SearchRequest) { r.RecordTypes = []RecordType{RecordTypeMemory, "FACT"} }),
			`{"query_vector":[1,0,0],"record_types":["memory","FACT"]}`},
		{"include invalid false", with(func(r *SearchRequest) { r.IncludeInvalidResults = Some(false) }),
			`{"query_vector":[1,0,0],"include_invalid_results":false}`},
		{"include invalid None", with(func(r *SearchRequest) { r.IncludeInvalidResults = None[bool]() }),
			`{"query_vector":[1,0,0],"include_invalid_results":null}`},
		{"filter value", with(func(r *SearchRequest) { r.MetadataFilter = Some(Filter{"tags": ArrayContains("prod")}) }),
			`{"query_vector":[1,0,0],"metadata_filter":{"tags":{"$array_contains":"prod"}}}`},
		{"empty filter", with(func(r *SearchRequest) { r.MetadataFilter = Some(Filter{}) }), `{"query_vector":[1,0,0],"metadata_filter":{}}`},
		{"filter None", with(func(r *SearchRequest) { r.MetadataFilter = None[Filter]() }), `{"query_vector":[1,0,0],"metadata_filter":null}`},
		{"hops", with(func(r *SearchRequest) { r.NumHops = Some(0) }), `{"query_vector":[1,0,0],"num_hops":0}`},
		{"hops None", with(func(r *SearchRequest) { r.NumHops = None[int]() }), `{"query_vector":[1,0,0],"num_hops":null}`},
		{"max linked", with(func(r *SearchRequest) { r.MaxLinkedResults = Some(0) }), `{"query_vector":[1,0,0],"max_linked_results":0}`},
		{"max linked None", with(func(r *SearchRequest) { r.MaxLinkedResults = None[int]() }), `{"query_vector":[1,0,0],"max_linked_results":null}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := json.Marshal(c.req)
			require.NoError(t, err)
			assert.JSONEq(t, c.want, string(got))
			var back SearchRequest
			require.NoError(t, json.Unmarshal(got, &back))
			again, err := json.Marshal(back)
			require.NoError(t, err)
			assert.JSONEq(t, c.want, string(again), "decoding restores all three states")
		})
	}
	t.Run("the store's strategy is sent after the request's keys", func(t *testing.T) {
		got, err := json.Marshal(searchWire{SearchRequest: SearchRequest{Query: "x"}, SearchStrategy: Keyword})
		require.NoError(t, err)
		assert.Equal(t, `{"query":"x","search_strategy":"KEYWORD"}`, string(got))
	})
}

// Rules the fixtures do not reach: the client's own types allow values
// JSON fixtures cannot hold, and some boundaries.
func TestSearchRequestValidate(t *testing.T) {
	v := []float32{1, 0, 0}
	cases := []struct {
		name string
		req  SearchRequest
		want string // "" = valid
	}{
		{"nothing", SearchRequest{}, "exactly one of query, query_vector and query_vectors is required; got none"},
		{"all three", SearchRequest{Query: "x", QueryVector: v, QueryVectors: [][]float32{v}},
			"exactly one of query, query_vector and query_vectors is required; got query, query_vector and query_vectors"},
		{"vector and vectors", SearchRequest{QueryVector: v, QueryVectors: [][]float32{v}}, "exactly one of query, query_vector and query_vectors is required; got query_vector and query_vectors"},
		{"query of 32767 characters", SearchRequest{Query: strings.Repeat("é", 32767)}, ""},
		{"query of 32768 characters", SearchRequest{Query: strings.Repeat("é", 32768)}, "query has 32768 characters; at most 32767"},
		{"blank query quoted and cut", SearchRequest{Query: strings.Repeat(" ", 150)}, "query '" + strings.Repeat(" ", 100) + "...' must contain"},
		{"no-break space is a character", SearchRequest{Query: "\u00a0"}, ""},
		{"NaN", SearchRequest{QueryVector: []float32{1, float32(math.NaN())}}, "query_vector[1] NaN must be a finite number"},
		{"infinity", SearchRequest{QueryVector: []float32{float32(math.Inf(-1))}}, "query_vector[0] -Inf is outside the FLOAT32 range"},
		{"zero vector among vectors", SearchRequest{QueryVectors: [][]float32{v, {0, 0, 0}}}, "query_vectors[1] is all zeros"},
		{"empty vector among vectors", SearchRequest{QueryVectors: [][]float32{{}}}, "query_vectors[0] is empty"},
		{"16 vectors", SearchRequest{QueryVectors: searchRepeatVector(v, 16)}, ""},
		{"k 1000", SearchRequest{QueryVector: v, K: Some(1000)}, ""},
		{"k negative", SearchRequest{QueryVector: v, K: Some(-1)}, "k -1 must be a whole number from 1 to 1000"},
		{"id of 128 characters", SearchRequest{QueryVector: v, UserID: Some(strings.Repeat("ü", 128))}, ""},
		{"id of 129 characters", SearchRequest{QueryVector: v, AgentID: Some(strings.Repeat("a", 129))},
			"agent_id '" + strings.Repeat("a", 60) + "...' has 129 characters; at most 128"},
		{"empty thread id", SearchRequest{QueryVector: v, ThreadID: Some("")}, "thread_id '' is empty: use null for unscoped records"},
		{"record types any case", SearchRequest{QueryVector: v, RecordTypes: []RecordType{"MEMORY", "Thread_Summary", "thread"}}, ""},
		{"hops 5 reach the package", SearchRequest{QueryVector: v, NumHops: Some(5)}, ""},
		{"hops None", SearchRequest{QueryVector: v, NumHops: None[int]()}, "num_hops null must be a whole number from 0 to 5"},
		{"max linked 1001", SearchRequest{QueryVector: v, MaxLinkedResults: Some(1001)}, "max_linked_results 1001 must be a whole number from 0 to 1000"},
		{"include invalid None", SearchRequest{QueryVector: v, IncludeInvalidResults: None[bool]()}, "include_invalid_results null must be true or false"},
		{"filter checked", SearchRequest{QueryVector: v, MetadataFilter: Some(Filter{"$not": 1})}, "metadata_filter.$not: operator $not cannot be a field name"},
		{"nil filter value", SearchRequest{QueryVector: v, MetadataFilter: Some(Filter(nil))}, "metadata_filter must be a JSON object or null"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.req.Validate()
			if c.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.True(t, errors.Is(err, ErrInvalidArgument))
			assert.Contains(t, err.Error(), "INVALID_ARGUMENT: "+c.want)
		})
	}
}

func searchRepeatVector(v []float32, n int) [][]float32 {
	out := make([][]float32, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// A KEYWORD client of a HYBRID store sends search_strategy KEYWORD; a client
// that opened the store without a strategy sends none.
func TestSearchSendsTheStrategyTheStoreWasOpenedWith(t *testing.T) {
	resp := `{"search_strategy":"KEYWORD","query_chunks":1,"results":[],"warnings":[]}`
	f, s := openSearchStore(t, searchStoreInfo("hybrid"), StoreOptions{SearchStrategy: "keyword"}, answer(resp))
	res, err := s.Search(t.Context(), SearchRequest{Query: "pizza"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"query":"pizza","search_strategy":"KEYWORD"}`, searchSentRequest(t, f, "search"))
	assert.Equal(t, Keyword, res.SearchStrategy)
	assert.Empty(t, res.Results)

	_, err = s.Search(t.Context(), SearchRequest{QueryVector: []float32{1}})
	assert.ErrorContains(t, err, "query_vector cannot be used with search_strategy KEYWORD", "the strategy searched, not the store's")

	f, s = openSearchStore(t, searchStoreInfo("hybrid"), StoreOptions{}, answer(resp))
	_, err = s.Search(t.Context(), SearchRequest{Query: "pizza"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"query":"pizza"}`, searchSentRequest(t, f, "search"))
}

func TestSearchVectorDimensionOfEachQueryVector(t *testing.T) {
	_, s := openSearchStore(t, searchStoreInfo("vector"), StoreOptions{}, searchNoCall(t))
	_, err := s.Search(t.Context(), SearchRequest{QueryVectors: [][]float32{{1, 0, 0}, {1, 0}}})
	assert.ErrorContains(t, err, "INVALID_ARGUMENT: query_vectors[1] has 2 dimensions; the store's vectors have 3")
}

func TestSearchDecodesLinkedResults(t *testing.T) {
	rec := `{"record_type":"fact","id":"f1","content":"x","thread_id":null,"user_id":null,"agent_id":null,"metadata":null,
"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z",
"updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null}`
	rel := `{"id":"r1","relation_type":"supports"}`
	text := `{"search_strategy":"VECTOR","query_chunks":1,"results":[{"record":` + rec + `,"distance":0.5,` +
		`"linked_results":[{"relation":` + rel + `,"record":` + strings.Replace(rec, `"f1"`, `"f2"`, 1) + `}]}],"warnings":["w"]}`
	var res SearchResult
	require.NoError(t, decodeResponse("Store.Search", text, &res))
	require.Len(t, res.Results, 1)
	h := res.Results[0]
	assert.IsType(t, &FactRecord{}, h.Record)
	assert.Equal(t, 0.5, h.Distance)
	require.Len(t, h.LinkedResults, 1)
	assert.Equal(t, "f2", h.LinkedResults[0].Record.RecordID())
	assert.JSONEq(t, rel, string(h.LinkedResults[0].Relation))
	assert.Equal(t, []string{"w"}, res.Warnings)
	back, err := json.Marshal(res)
	require.NoError(t, err)
	assert.JSONEq(t, text, string(back))
}

func TestSearchRejectsMalformedResults(t *testing.T) {
	for name, text := range map[string]string{
		"no distance":    `{"results":[{"record":{"record_type":"fact","id":"f"},"linked_results":[]}]}`,
		"unknown type":   `{"results":[{"record":{"record_type":"note","id":"n"},"distance":0,"linked_results":[]}]}`,
		"record missing": `{"results":[{"distance":0,"linked_results":[]}]}`,
		"linked record":  `{"results":[{"record":{"record_type":"fact","id":"f"},"distance":0,"linked_results":[{"relation":{},"record":{}}]}]}`,
	} {
		var res SearchResult
		assert.Error(t, decodeResponse("Store.Search", text, &res), name)
	}
}

func TestChunkText(t *testing.T) {
	f, s := openSearchStore(t, searchStoreInfo("vector"), StoreOptions{}, answer(`{"chunks":[["a b","c"],[]]}`))
	chunks, err := s.ChunkText(t.Context(), []string{"a b c", " "})
	require.NoError(t, err)
	assert.Equal(t, [][]string{{"a b", "c"}, {}}, chunks)
	assert.JSONEq(t, `{"texts":["a b c"," "]}`, searchSentRequest(t, f, "chunk_text"))
	assert.Equal(t, []string{"prepare chunk_text", "exec chunk_text", "autocommit"}, f.Events())

	_, err = s.ChunkText(t.Context(), nil)
	assert.ErrorContains(t, err, "texts has 0 strings; 1 to 1000 are allowed")
	_, err = s.ChunkText(t.Context(), make([]string, 1001))
	assert.ErrorContains(t, err, "texts has 1001 strings")

	_, s = openSearchStore(t, searchStoreInfo("vector"), StoreOptions{}, answer(`{"chunks":[["a"]]}`))
	_, err = s.ChunkText(t.Context(), []string{"a", "b"})
	assert.ErrorContains(t, err, "1 chunk lists for 2 texts")
}

func TestSyncSearchIndex(t *testing.T) {
	f, s := openSearchStore(t, searchStoreInfo("keyword"), StoreOptions{}, answer(""))
	require.NoError(t, s.SyncSearchIndex(t.Context()))
	assert.Equal(t, []string{"prepare sync_search_index", "exec sync_search_index", "autocommit"}, f.Events())
	assert.Equal(t, map[string]any{"b_store_id": "UTS_SRCH_K"}, f.Calls()[0].Args)

	_, s = openSearchStore(t, searchStoreInfo("vector"), StoreOptions{}, searchNoCall(t))
	err := s.SyncSearchIndex(t.Context())
	assert.True(t, errors.Is(err, ErrInvalidArgument))
	assert.ErrorContains(t, err, "store UTS_SRCH_V uses VECTOR search, which has no text index to synchronize")

	_, s = openSearchStore(t, searchStoreInfo("hybrid"), StoreOptions{SchemaOwner: "OTHER"}, searchNoCall(t))
	assert.ErrorContains(t, s.SyncSearchIndex(t.Context()), "opened with SchemaOwner OTHER")

	_, s = openSearchStore(t, searchStoreInfo("hybrid"), StoreOptions{}, func(fakeCall) (string, error) {
		return "", fakeOraErr{20103, "SCHEMA_MISSING: text index UTS_SRCH_H_RECORD_CHUNKS_HYB_IX is missing; run describe_store"}
	})
	assert.True(t, errors.Is(s.SyncSearchIndex(t.Context()), ErrSchemaMissing))
}

// A Store on one session serializes its calls: while another call holds
// the session, a search waits and does not reach the database.
func TestSearchOnConnIsSerialized(t *testing.T) {
	resp := readFixture(t, "../tests/go/testdata/contract/search/vector_default_types.response.json")
	opened, err := json.Marshal(StoreResult{Store: searchStoreInfo("vector"), Actions: []string{}, Warnings: []string{}})
	require.NoError(t, err)
	f, db := newFakeDB(func(c fakeCall) (string, error) {
		if c.Fn == "open_store" {
			return string(opened), nil
		}
		return resp, nil
	})
	conn, err := db.Conn(t.Context())
	require.NoError(t, err)
	defer conn.Close()
	s, err := Open(t.Context(), conn, StoreOptions{MemoryStoreID: "UTS_SRCH_V"})
	require.NoError(t, err)
	require.NotNil(t, s.session, "a *sql.Conn pins one session")

	s.session.Lock() // another call of this Store is running
	done := make(chan error, 1)
	go func() {
		_, err := s.Search(t.Context(), SearchRequest{QueryVector: []float32{1, 0, 0}, K: Some(3)})
		done <- err
	}()
	time.Sleep(20 * time.Millisecond)
	assert.Len(t, f.Calls(), 1, "only open_store: the search waits for the session")
	s.session.Unlock()
	require.NoError(t, <-done)
	assert.Len(t, f.Calls(), 2)
}

// Search and ChunkText only read: inside a caller's transaction they neither
// commit nor roll back, and on a pool they open no transaction at all.
func TestSearchLeavesTransactionsAlone(t *testing.T) {
	resp := readFixture(t, "../tests/go/testdata/contract/search/vector_default_types.response.json")
	opened, err := json.Marshal(StoreResult{Store: searchStoreInfo("vector"), Actions: []string{}, Warnings: []string{}})
	require.NoError(t, err)
	f, db := newFakeDB(func(c fakeCall) (string, error) {
		if c.Fn == "open_store" {
			return string(opened), nil
		}
		return resp, nil
	})
	tx, err := db.BeginTx(t.Context(), nil)
	require.NoError(t, err)
	s, err := Open(t.Context(), tx, StoreOptions{MemoryStoreID: "UTS_SRCH_V"})
	require.NoError(t, err)
	_, err = s.Search(t.Context(), SearchRequest{QueryVector: []float32{1, 0, 0}, K: Some(3)})
	require.NoError(t, err)
	assert.Equal(t, []string{"begin", "prepare open_store", "exec open_store", "prepare search", "exec search"}, f.Events())
	require.NoError(t, tx.Rollback(), "the caller still owns its transaction")
}
