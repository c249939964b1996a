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

// Every key of the request: a zero value leaves the key out (the package
// default); the scope keys and the filter keep three states (omitted, None,
// a value).
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
		{"k value", with(func(r *SearchRequest) { r.K = 5 }), `{"query_vector":[1,0,0],"k":5}`},
		{"k above the old 1000 bound is the package's to judge", with(func(r *SearchRequest) { r.K = 5000 }), `{"query_vector":[1,0,0],"k":5000}`},
		{"user value", with(func(r *SearchRequest) { r.UserID = Some("u1") }), `{"query_vector":[1,0,0],"user_id":"u1"}`},
		{"user None", with(func(r *SearchRequest) { r.UserID = None[string]() }), `{"query_vector":[1,0,0],"user_id":null}`},
		{"agent value", with(func(r *SearchRequest) { r.AgentID = Some("a1") }), `{"query_vector":[1,0,0],"agent_id":"a1"}`},
		{"agent None", with(func(r *SearchRequest) { r.AgentID = None[string]() }), `{"query_vector":[1,0,0],"agent_id":null}`},
		{"thread value", with(func(r *SearchRequest) { r.ThreadID = Some("t1") }), `{"query_vector":[1,0,0],"thread_id":"t1"}`},
		{"thread None", with(func(r *SearchRequest) { r.ThreadID = None[string]() }), `{"query_vector":[1,0,0],"thread_id":null}`},
		{"record types", with(func(r *SearchRequest) { r.RecordTypes = []RecordType{RecordTypeMemory, "FACT"} }),
			`{"query_vector":[1,0,0],"record_types":["memory","FACT"]}`},
		{"exclude invalid", with(func(r *SearchRequest) { r.ExcludeInvalid = true }),
			`{"query_vector":[1,0,0],"include_invalid_results":false}`},
		{"filter value", with(func(r *SearchRequest) { r.MetadataFilter = Some(Filter{"tags": ArrayContains("prod")}) }),
			`{"query_vector":[1,0,0],"metadata_filter":{"tags":{"$array_contains":"prod"}}}`},
		{"empty filter", with(func(r *SearchRequest) { r.MetadataFilter = Some(Filter{}) }), `{"query_vector":[1,0,0],"metadata_filter":{}}`},
		{"filter None", with(func(r *SearchRequest) { r.MetadataFilter = None[Filter]() }), `{"query_vector":[1,0,0],"metadata_filter":null}`},
		{"filter sent as given, even one the package refuses", with(func(r *SearchRequest) { r.MetadataFilter = Some(Filter{"$not": 1}) }),
			`{"query_vector":[1,0,0],"metadata_filter":{"$not":1}}`},
		{"hops", with(func(r *SearchRequest) { r.NumHops = 2 }), `{"query_vector":[1,0,0],"num_hops":2}`},
		{"max linked", with(func(r *SearchRequest) { r.MaxLinkedResults = Some(7) }), `{"query_vector":[1,0,0],"max_linked_results":7}`},
		{"max linked zero", with(func(r *SearchRequest) { r.MaxLinkedResults = Some(0) }), `{"query_vector":[1,0,0],"max_linked_results":0}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := json.Marshal(c.req.wire(""))
			require.NoError(t, err)
			assert.JSONEq(t, c.want, string(got))
		})
	}
	t.Run("the store's strategy is sent after the request's keys", func(t *testing.T) {
		got, err := json.Marshal(SearchRequest{Query: "x"}.wire(Keyword))
		require.NoError(t, err)
		assert.Equal(t, `{"query":"x","search_strategy":"KEYWORD"}`, string(got))
	})
}

// Only what Go cannot encode is refused by the client: NaN and infinite
// vector values. Everything else reaches the package.
func TestSearchRefusesOnlyWhatCannotBeEncoded(t *testing.T) {
	f, s := openSearchStore(t, searchStoreInfo("vector"), StoreOptions{}, answer(`{"search_strategy":"VECTOR","query_chunks":1,"results":[],"warnings":[]}`))
	_, err := s.Search(t.Context(), SearchRequest{QueryVector: []float32{1, float32(math.NaN())}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "encoding the request")
	before := len(f.Calls())
	_, err = s.Search(t.Context(), SearchRequest{})
	require.NoError(t, err, "an empty request is the package's to refuse")
	_, err = s.Search(t.Context(), SearchRequest{QueryVectors: [][]float32{{1, 0, 0}, {1, 0}}})
	require.NoError(t, err, "dimensions are the package's to check")
	assert.Len(t, f.Calls(), before+2)
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

	f, s = openSearchStore(t, searchStoreInfo("hybrid"), StoreOptions{}, answer(resp))
	_, err = s.Search(t.Context(), SearchRequest{Query: "pizza"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"query":"pizza"}`, searchSentRequest(t, f, "search"))
}

func TestSearchDecodesLinkedResults(t *testing.T) {
	rec := `{"record_type":"fact","id":"f1","content":"x","thread_id":null,"user_id":null,"agent_id":null,"metadata":null,
"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z",
"updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null}`
	rel := `{"id":"r1","source_record_id":"f1","source_record_type":"fact","target_record_id":"f2",` +
		`"target_record_type":"fact","relation_type":"supports","opposite_relation_type":"is_supported_by",` +
		`"timestamp":null,"metadata":{"n":1.50},"created_at":"2026-11-30T10:00:00.000000Z",` +
		`"updated_at":"2026-11-30T10:00:01.500000Z"}`
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
	r := h.LinkedResults[0].Relation
	assert.Equal(t, "r1", r.ID)
	assert.Equal(t, RecordType("fact"), r.Source.Type)
	assert.Equal(t, "f2", r.Target.ID)
	assert.Equal(t, RelationType("is_supported_by"), r.OppositeType)
	assert.True(t, r.Timestamp.IsZero(), "timestamp null is the zero time")
	assert.Equal(t, json.Number("1.50"), r.Metadata["n"], "metadata numbers keep their text")
	assert.Equal(t, time.Date(2026, 11, 30, 10, 0, 1, 500000000, time.UTC), r.UpdatedAt)
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
		"linked record":  `{"results":[{"record":{"record_type":"fact","id":"f"},"distance":0,"linked_results":[{"relation":{"id":"r"},"record":{}}]}]}`,
		"no relation":    `{"results":[{"record":{"record_type":"fact","id":"f"},"distance":0,"linked_results":[{"record":{"record_type":"fact","id":"g"}}]}]}`,
		"relation no id": `{"results":[{"record":{"record_type":"fact","id":"f"},"distance":0,"linked_results":[{"relation":{},"record":{"record_type":"fact","id":"g"}}]}]}`,
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

	_, s = openSearchStore(t, searchStoreInfo("vector"), StoreOptions{}, answer(`{"chunks":[["a"]]}`))
	_, err = s.ChunkText(t.Context(), []string{"a", "b"})
	assert.ErrorContains(t, err, "1 chunk lists for 2 texts")
}

func TestSyncSearchIndex(t *testing.T) {
	f, s := openSearchStore(t, searchStoreInfo("keyword"), StoreOptions{}, answer(""))
	require.NoError(t, s.SyncSearchIndex(t.Context()))
	assert.Equal(t, []string{"prepare sync_search_index", "exec sync_search_index", "autocommit"}, f.Events())
	assert.Equal(t, map[string]any{"b_store_id": "UTS_SRCH_K"}, f.Calls()[0].Args)

	_, s = openSearchStore(t, searchStoreInfo("vector"), StoreOptions{}, func(fakeCall) (string, error) {
		return "", fakeOraErr{20100, "INVALID_ARGUMENT: store UTS_SRCH_V uses VECTOR search, which has no text index to synchronize"}
	})
	err := s.SyncSearchIndex(t.Context())
	assert.True(t, errors.Is(err, ErrInvalidArgument), "the package's rule, mapped")

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
		_, err := s.Search(t.Context(), SearchRequest{QueryVector: []float32{1, 0, 0}, K: 3})
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
	_, err = s.Search(t.Context(), SearchRequest{QueryVector: []float32{1, 0, 0}, K: 3})
	require.NoError(t, err)
	assert.Equal(t, []string{"begin", "prepare open_store", "exec open_store", "prepare search", "exec search"}, f.Events())
	require.NoError(t, tx.Rollback(), "the caller still owns its transaction")
}
