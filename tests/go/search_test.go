package integration

// Live tests of search (issue 6, docs/protocol-search.md): the shared
// fixtures run against real stores by their name prefix (§11), every scope
// combination against a reference model of §4, every case of the filter
// language against real rows, expiry and status. Text search (KEYWORD,
// HYBRID, escaping, sync) is in search_text_test.go, fusion of long queries
// in search_rrf_test.go, the live benchmark in search_bench_test.go.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/fixturecall"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

const srchFixtureDir = "testdata/contract/search"

// srchRow is one record of the VECTOR data set of §11. An empty scope field
// is None.
type srchRow struct {
	ID, Type, Content   string
	User, Agent, Thread string
	Role                string
	Metadata            map[string]any
	Invalid, Expired    bool
	Vec                 []float32
}

// srchDataset is the data set of the search fixtures (§11). mem-x expires
// on insert (TIMESTAMP anchor in the past): the nearest record to [1, 0, 0],
// it must never appear.
var srchDataset = []srchRow{
	{ID: "mem-a", Type: "memory", Content: "pizza preference", User: "u1",
		Metadata: map[string]any{"source": "slack", "tags": []any{"prod", "urgent"}}, Vec: []float32{1, 0, 0}},
	{ID: "mem-b", Type: "memory", Content: "pasta preference", User: "u1", Agent: "a1",
		Metadata: map[string]any{"review": map[string]any{"status": "open"}}, Vec: []float32{0.8, 0.6, 0}},
	{ID: "mem-c", Type: "memory", Content: "green salad", User: "u2", Vec: []float32{0, 1, 0}},
	{ID: "fact-d", Type: "fact", Content: "likes cheese", Metadata: map[string]any{"source": "manual"}, Vec: []float32{0.6, 0.8, 0}},
	{ID: "mem-i", Type: "memory", Content: "old pizza preference", User: "u1", Metadata: map[string]any{"source": "slack"},
		Invalid: true, Vec: []float32{0.28, 0, 0.96}},
	{ID: "mem-x", Type: "memory", Content: "expired pizza", User: "u1", Expired: true, Vec: []float32{1, 0, 0}},
	{ID: "msg-1", Type: "message", Content: "I want pizza", User: "u1", Agent: "a1", Thread: "t1", Role: "user", Vec: []float32{0.96, 0.28, 0}},
	{ID: "u1", Type: "user_profile", Content: "Prefers concise answers.", Vec: []float32{0, 0, 1}},
	{ID: "a1", Type: "agent_profile", Content: "Pizza ordering agent.", Vec: []float32{0.6, 0, 0.8}},
}

// srchAddRequest is the add_records request of row, with its vector when
// withVectors (VECTOR stores; KEYWORD and HYBRID stores get none).
func srchAddRequest(row srchRow, withVectors bool) map[string]any {
	req := map[string]any{"record_type": row.Type, "contents": []any{row.Content}, "record_ids": []any{row.ID}}
	if !strings.HasSuffix(row.Type, "_profile") {
		req["user_ids"], req["agent_ids"], req["thread_ids"] = []any{srchNull(row.User)}, []any{srchNull(row.Agent)}, []any{srchNull(row.Thread)}
	}
	if row.Role != "" {
		req["roles"] = []any{row.Role}
	}
	if row.Metadata != nil {
		req["metadata"] = []any{row.Metadata}
	}
	if row.Invalid {
		req["statuses"] = []any{"INVALID"}
	}
	if row.Expired {
		req["timestamps"], req["ttl_days"], req["ttl_anchor"] = []any{"2020-01-01T00:00:00Z"}, []any{1}, []any{"TIMESTAMP"}
	}
	if withVectors {
		req["embeddings"] = []any{row.Vec}
	}
	return req
}

func srchNull(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// srchAdd sends one add_records request through the client.
func srchAdd(t *testing.T, ctx context.Context, s *agentmemory.Store, req map[string]any) *agentmemory.AddResult {
	t.Helper()
	body, err := json.Marshal(req)
	require.NoError(t, err)
	recs, err := fixturecall.Records(body)
	require.NoError(t, err, "%s", body)
	res, err := s.Add(ctx, recs...)
	require.NoError(t, err, "%s", body)
	return res
}

// srchLoadDataset adds the thread t1 and the data set to s.
func srchLoadDataset(t *testing.T, ctx context.Context, s *agentmemory.Store, withVectors bool) {
	t.Helper()
	srchAdd(t, ctx, s, map[string]any{"record_type": "thread", "contents": []any{nil}, "record_ids": []any{"t1"},
		"user_ids": []any{"u1"}, "agent_ids": []any{"a1"}})
	for _, row := range srchDataset {
		res := srchAdd(t, ctx, s, srchAddRequest(row, withVectors))
		if row.Expired {
			assert.NotEmpty(t, res.Warnings, "W2: %s is expired on insert", row.ID)
		}
	}
}

// srchVectorStore creates a VECTOR store of dimension 3 holding the data set.
func srchVectorStore(t *testing.T, ctx context.Context, db *sql.DB) *agentmemory.Store {
	t.Helper()
	s := createVector(t, ctx, db, 3)
	srchLoadDataset(t, ctx, s, true)
	srchLoadRelations(t, ctx, db, s.ID())
	return s
}

// srchRelations are the relations of the graph fixtures (§11), added with
// the package's add_relations in one call (they share created_at, so they
// come in id order). The utPLSQL suite adds rel-6 to mem-x as well, which
// this data set cannot: mem-x is expired on insert.
const srchRelations = `{"relation_ids": ["rel-1", "rel-2", "rel-3", "rel-4", "rel-5"],
 "source_record_ids": ["mem-a", "fact-d", "mem-b", "mem-c", "mem-i"],
 "source_record_types": ["memory", "fact", "memory", "memory", "memory"],
 "target_record_ids": ["mem-b", "mem-a", "mem-c", "mem-i", "mem-b"], "target_record_types": "memory",
 "relation_types": ["supports", "supports", "contradicts", "mentions", "contradicts"],
 "timestamps": "2026-11-30T10:00:00Z", "metadata": [{"why": "graph fixture"}, null, null, null, null]}`

func srchLoadRelations(t *testing.T, ctx context.Context, db *sql.DB, storeID string) {
	t.Helper()
	var res string
	_, err := db.ExecContext(ctx, `begin :b_res := dbms_agent_memory_store.add_relations(p_store_id => :b_store_id, p_request => :b_request); end;`,
		sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_store_id", storeID), sql.Named("b_request", srchRelations))
	require.NoError(t, err)
}

// srchKeywordStore creates a KEYWORD store (sync ON_COMMIT) holding the data
// set, or skips when Oracle Text is not usable.
func srchKeywordStore(t *testing.T, ctx context.Context, db *sql.DB, sync agentmemory.SearchIndexSync, load bool) *agentmemory.Store {
	t.Helper()
	if ok, why := oracleTextUsable(t, ctx, db); !ok {
		t.Skip("SKIPPED: KEYWORD store: " + why)
	}
	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: id, SchemaPolicy: agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Keyword, SearchIndexSync: sync, VectorDim: agentmemory.None[int]()})
	require.NoError(t, err)
	if load {
		srchLoadDataset(t, ctx, s, false)
	}
	return s
}

// srchFixture reads a fixture file of the search contract.
func srchFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(srchFixtureDir, name))
	require.NoError(t, err)
	return b
}

// srchCall calls the package's search directly with a raw request, as a
// SQL user would, bypassing the client's checks. It returns the response.
func srchCall(ctx context.Context, db *sql.DB, storeID, request string) (string, error) {
	var res string
	_, err := db.ExecContext(ctx, `begin :b_res := dbms_agent_memory_store.search(p_store_id => :b_store_id, p_request => :b_request); end;`,
		sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_store_id", storeID), sql.Named("b_request", request))
	return res, err
}

// srchRequirePackageError checks an ORA error raised by the package: its
// code, its class prefix, and every fragment.
func srchRequirePackageError(t *testing.T, err error, code int, class string, fragments ...string) {
	t.Helper()
	require.Error(t, err)
	var oe oraCoder
	require.True(t, errors.As(err, &oe), "not an ORA error: %v", err)
	require.Equal(t, code, oe.Code(), "%v", err)
	msg := strings.SplitN(oe.Message(), "\n", 2)[0]
	assert.True(t, strings.HasPrefix(msg, class+": "), msg)
	for _, f := range fragments {
		assert.Contains(t, msg, f)
	}
}

type srchErrorFixture struct {
	Code            int      `json:"code"`
	Name            string   `json:"name"`
	MessageContains []string `json:"message_contains"`
}

// TestSearchFixturesLive runs every search fixture against the store its
// prefix names: vector_ and any_ on the VECTOR data set, keyword_ on the
// KEYWORD one, hybrid_ on a HYBRID store. Refused requests go to the
// package raw (the client refuses many early: that half is the unit
// tests'); accepted ones through Store.Search.
func TestSearchFixturesLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	stores := map[string]func(t *testing.T) *agentmemory.Store{}
	var vector, keyword, hybrid *agentmemory.Store
	stores["vector"] = func(t *testing.T) *agentmemory.Store {
		if vector == nil {
			vector = srchVectorStore(t, ctx, db)
		}
		return vector
	}
	stores["any"] = stores["vector"]
	stores["keyword"] = func(t *testing.T) *agentmemory.Store {
		if keyword == nil {
			keyword = srchKeywordStore(t, ctx, db, agentmemory.OnCommit, true)
		}
		return keyword
	}
	stores["hybrid"] = func(t *testing.T) *agentmemory.Store {
		if hybrid == nil {
			hybrid = srchHybridStore(t, ctx, db, true)
		}
		return hybrid
	}
	names, err := filepath.Glob(filepath.Join(srchFixtureDir, "*.request.json"))
	require.NoError(t, err)
	require.NotEmpty(t, names)
	for _, reqPath := range names {
		name := strings.TrimSuffix(filepath.Base(reqPath), ".request.json")
		prefix, _, _ := strings.Cut(name, "_")
		open, ok := stores[prefix]
		require.True(t, ok, "fixture %s has no known prefix", name)
		t.Run(name, func(t *testing.T) {
			s := open(t)
			request := string(srchFixture(t, name+".request.json"))
			if b, err := os.ReadFile(filepath.Join(srchFixtureDir, name+".error.json")); err == nil {
				var want srchErrorFixture
				require.NoError(t, json.Unmarshal(b, &want))
				_, err := srchCall(ctx, db, s.ID(), request)
				srchRequirePackageError(t, err, -want.Code, want.Name, want.MessageContains...)
				return
			}
			res, err := s.Search(ctx, srchRequestOf(t, request))
			require.NoError(t, err)
			got, err := json.Marshal(res)
			require.NoError(t, err)
			want := srchFixture(t, name+".response.json")
			switch prefix {
			case "keyword":
				srchCompareKeyword(t, want, got)
			default:
				srchCompareExact(t, want, got)
			}
		})
	}
}

// srchRequestOf is the SearchRequest that sends a fixture request. The
// request keys are decoded strictly through a tagged copy of the protocol's
// keys: SearchRequest itself has no JSON field names to decode into.
func srchRequestOf(t *testing.T, request string) agentmemory.SearchRequest {
	t.Helper()
	var w struct {
		Query                 string                                   `json:"query"`
		QueryVector           []float32                                `json:"query_vector"`
		QueryVectors          [][]float32                              `json:"query_vectors"`
		K                     int                                      `json:"k"`
		UserID                agentmemory.Optional[string]             `json:"user_id"`
		AgentID               agentmemory.Optional[string]             `json:"agent_id"`
		ThreadID              agentmemory.Optional[string]             `json:"thread_id"`
		RecordTypes           []agentmemory.RecordType                 `json:"record_types"`
		IncludeInvalidResults *bool                                    `json:"include_invalid_results"`
		MetadataFilter        agentmemory.Optional[agentmemory.Filter] `json:"metadata_filter"`
		NumHops               int                                      `json:"num_hops"`
		MaxLinkedResults      agentmemory.Optional[int]                `json:"max_linked_results"`
	}
	dec := json.NewDecoder(strings.NewReader(request))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&w))
	return agentmemory.SearchRequest{Query: w.Query, QueryVector: w.QueryVector, QueryVectors: w.QueryVectors, K: w.K,
		UserID: w.UserID, AgentID: w.AgentID, ThreadID: w.ThreadID, RecordTypes: w.RecordTypes,
		ExcludeInvalid: w.IncludeInvalidResults != nil && !*w.IncludeInvalidResults, MetadataFilter: w.MetadataFilter,
		NumHops: w.NumHops, MaxLinkedResults: w.MaxLinkedResults}
}

// TestSearchFixtureRequestsDecode needs no database: every accepted search
// fixture's request becomes a SearchRequest that marshals back to the same
// request (the live fixture test sends it through Store.Search).
func TestSearchFixtureRequestsDecode(t *testing.T) {
	names, err := filepath.Glob(filepath.Join(srchFixtureDir, "*.response.json"))
	require.NoError(t, err)
	require.NotEmpty(t, names)
	for _, respPath := range names {
		name := strings.TrimSuffix(filepath.Base(respPath), ".response.json")
		request := string(srchFixture(t, name+".request.json"))
		back, err := json.Marshal(srchRequestOf(t, request))
		require.NoError(t, err, name)
		var want, got map[string]any
		require.NoError(t, json.Unmarshal([]byte(request), &want))
		require.NoError(t, json.Unmarshal(back, &got))
		// What a zero SearchRequest field means anyway.
		if want["include_invalid_results"] == true {
			delete(want, "include_invalid_results")
		}
		if want["num_hops"] == float64(0) {
			delete(want, "num_hops")
		}
		assert.Equal(t, want, got, name)
	}
}

// srchResponse is a response read for comparison.
type srchResponse struct {
	SearchStrategy string   `json:"search_strategy"`
	QueryChunks    int      `json:"query_chunks"`
	Warnings       []string `json:"warnings"`
	Results        []struct {
		Record        map[string]any `json:"record"`
		Distance      float64        `json:"distance"`
		LinkedResults []struct {
			Relation map[string]any `json:"relation"`
			Record   map[string]any `json:"record"`
		} `json:"linked_results"`
	} `json:"results"`
}

func srchDecode(t *testing.T, b []byte) srchResponse {
	t.Helper()
	var r srchResponse
	require.NoError(t, json.Unmarshal(b, &r))
	return r
}

// srchCompareExact compares as §11 says for vector_ cases: ids and types in
// order, distances within 1E-6, records equal but for created_at,
// updated_at, seq_no and the timestamp, which is created_at when the record
// has no event timestamp.
func srchCompareExact(t *testing.T, wantJSON, gotJSON []byte) {
	t.Helper()
	want, got := srchDecode(t, wantJSON), srchDecode(t, gotJSON)
	assert.Equal(t, want.SearchStrategy, got.SearchStrategy)
	assert.Equal(t, want.QueryChunks, got.QueryChunks)
	assert.Equal(t, want.Warnings, got.Warnings)
	require.Equal(t, srchIDs(want), srchIDs(got), "ids and types in order")
	for i := range want.Results {
		w, g := want.Results[i], got.Results[i]
		assert.InDelta(t, w.Distance, g.Distance, 1e-6, "distance of %v", w.Record["id"])
		// Linked results (§12): the same pairs in order; relations and
		// records without the times the data set cannot reproduce.
		if assert.Len(t, g.LinkedResults, len(w.LinkedResults), "linked results of %v", w.Record["id"]) {
			for j := range w.LinkedResults {
				wl, gl := w.LinkedResults[j], g.LinkedResults[j]
				for _, k := range []string{"created_at", "updated_at"} {
					assert.Contains(t, gl.Relation, k)
					delete(wl.Relation, k)
					delete(gl.Relation, k)
				}
				assert.Equal(t, wl.Relation, gl.Relation, "relation of linked result %d of %v", j, w.Record["id"])
				for _, k := range []string{"created_at", "updated_at", "seq_no", "timestamp"} {
					delete(wl.Record, k)
					delete(gl.Record, k)
				}
				assert.Equal(t, wl.Record, gl.Record, "record of linked result %d of %v", j, w.Record["id"])
			}
		}
		if g.Record["event_timestamp"] == nil {
			assert.Equal(t, g.Record["created_at"], g.Record["timestamp"], "the effective time of a record without event time")
		}
		for _, k := range []string{"created_at", "updated_at", "seq_no", "timestamp"} {
			if _, ok := w.Record[k]; ok {
				assert.Contains(t, g.Record, k)
			}
			delete(w.Record, k)
			delete(g.Record, k)
		}
		assert.Equal(t, w.Record, g.Record)
	}
}

// srchCompareKeyword compares as §11 says for keyword_ cases: the same set
// of ids, distances ascending within [0, 1] (Oracle Text scores vary).
func srchCompareKeyword(t *testing.T, wantJSON, gotJSON []byte) {
	t.Helper()
	want, got := srchDecode(t, wantJSON), srchDecode(t, gotJSON)
	assert.Equal(t, want.SearchStrategy, got.SearchStrategy)
	assert.Equal(t, want.QueryChunks, got.QueryChunks)
	assert.ElementsMatch(t, srchIDs(want), srchIDs(got))
	for i, r := range got.Results {
		assert.GreaterOrEqual(t, r.Distance, 0.0)
		assert.LessOrEqual(t, r.Distance, 1.0)
		if i > 0 {
			assert.GreaterOrEqual(t, r.Distance, got.Results[i-1].Distance, "ascending")
		}
	}
}

func srchIDs(r srchResponse) []string {
	ids := make([]string, len(r.Results))
	for i, x := range r.Results {
		ids[i] = fmt.Sprintf("%v/%v", x.Record["record_type"], x.Record["id"])
	}
	return ids
}

// srchScope is a row's search scope on one dimension (§4): "" is None.
func srchScope(r srchRow, dim string) string {
	switch {
	case r.Type == "user_profile":
		return map[string]string{"user": r.ID}[dim]
	case r.Type == "agent_profile":
		return map[string]string{"agent": r.ID}[dim]
	case r.Type == "thread" && dim == "thread":
		return r.ID
	}
	return map[string]string{"user": r.User, "agent": r.Agent, "thread": r.Thread}[dim]
}

// srchCosine is the cosine distance of a and b.
func srchCosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return 1 - dot/math.Sqrt(na*nb)
}

type srchHit struct {
	id, typ string
	dist    float64
}

// srchExpected is the reference model of §4 over the data set: default
// types, unexpired, every given scope matched, ordered by distance, id, type.
func srchExpected(q []float32, scope map[string]agentmemory.Optional[string]) []srchHit {
	var hits []srchHit
	for _, r := range srchDataset {
		if r.Expired {
			continue
		}
		ok := true
		for dim, want := range scope {
			if want.IsOmitted() {
				continue
			}
			v, _ := want.Get() // "" for None
			ok = ok && srchScope(r, dim) == v
		}
		if ok {
			hits = append(hits, srchHit{r.ID, r.Type, srchCosine(r.Vec, q)})
		}
	}
	slices.SortFunc(hits, func(a, b srchHit) int {
		if d := a.dist - b.dist; math.Abs(d) > 1e-9 {
			return map[bool]int{true: -1, false: 1}[d < 0]
		}
		if c := strings.Compare(a.id, b.id); c != 0 {
			return c
		}
		return strings.Compare(a.typ, b.typ)
	})
	return hits
}

// TestSearchScopeCombinationsLive checks all 27 combinations of omitted,
// None and an id on the user, agent and thread dimensions against the
// reference model, for two query vectors.
func TestSearchScopeCombinationsLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := srchVectorStore(t, ctx, db)
	states := func(id string) []agentmemory.Optional[string] {
		return []agentmemory.Optional[string]{agentmemory.Omit[string](), agentmemory.None[string](), agentmemory.Some(id)}
	}
	for _, q := range [][]float32{{1, 0, 0}, {0, 0.6, 0.8}} {
		for _, u := range states("u1") {
			for _, a := range states("a1") {
				for _, th := range states("t1") {
					name := fmt.Sprintf("q%v/user=%s/agent=%s/thread=%s", q, u, a, th)
					t.Run(name, func(t *testing.T) {
						res, err := s.Search(ctx, agentmemory.SearchRequest{QueryVector: q, K: 100,
							UserID: u, AgentID: a, ThreadID: th})
						require.NoError(t, err)
						want := srchExpected(q, map[string]agentmemory.Optional[string]{"user": u, "agent": a, "thread": th})
						require.Len(t, res.Results, len(want), "result count")
						for i, h := range res.Results {
							assert.Equal(t, want[i].id, h.Record.RecordID(), "rank %d", i+1)
							assert.Equal(t, want[i].typ, string(h.Record.RecordType()), "rank %d", i+1)
							assert.InDelta(t, want[i].dist, h.Distance, 1e-6, "rank %d", i+1)
						}
					})
				}
			}
		}
	}
}

// TestSearchMetadataFilterCasesLive runs every case of the filter language
// against a real row: each case's metadata is one record with a user of its
// own, and the search scoped to that user must find it exactly when the
// case matches. Invalid filters go to the package raw and must be refused
// with the case's path.
func TestSearchMetadataFilterCasesLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	var cases struct {
		Cases []struct {
			Name     string          `json:"name"`
			Filter   json.RawMessage `json:"filter"`
			Metadata json.RawMessage `json:"metadata"`
			Match    bool            `json:"match"`
		} `json:"cases"`
		Invalid []struct {
			Name   string           `json:"name"`
			Filter json.RawMessage  `json:"filter"`
			Error  srchErrorFixture `json:"error"`
			Path   string           `json:"path"`
		} `json:"invalid"`
	}
	b, err := os.ReadFile("testdata/contract/metadata_filter/cases.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &cases))
	require.NotEmpty(t, cases.Cases)

	s := createVector(t, ctx, db, 3)
	var contents, ids, users, metadata, vectors []any
	for i, c := range cases.Cases {
		contents = append(contents, "filter case "+c.Name)
		ids = append(ids, fmt.Sprintf("mf-%03d", i))
		users = append(users, fmt.Sprintf("mf-user-%03d", i))
		var m any
		require.NoError(t, json.Unmarshal(c.Metadata, &m))
		metadata = append(metadata, m)
		vectors = append(vectors, []float32{1, 0, 0})
	}
	srchAdd(t, ctx, s, map[string]any{"record_type": "memory", "contents": contents, "record_ids": ids,
		"user_ids": users, "metadata": metadata, "embeddings": vectors})

	for i, c := range cases.Cases {
		t.Run(c.Name, func(t *testing.T) {
			var req struct {
				MetadataFilter agentmemory.Optional[agentmemory.Filter] `json:"metadata_filter,omitzero"`
			}
			if c.Filter != nil {
				require.NoError(t, json.Unmarshal([]byte(`{"metadata_filter":`+string(c.Filter)+`}`), &req))
			}
			res, err := s.Search(ctx, agentmemory.SearchRequest{QueryVector: []float32{1, 0, 0}, K: 5,
				UserID: agentmemory.Some(users[i].(string)), MetadataFilter: req.MetadataFilter})
			require.NoError(t, err)
			if c.Match {
				require.Len(t, res.Results, 1, "the record matches")
				assert.Equal(t, ids[i], res.Results[0].Record.RecordID())
			} else {
				assert.Empty(t, res.Results, "the record does not match")
			}
		})
	}
	for _, c := range cases.Invalid {
		t.Run("invalid/"+c.Name, func(t *testing.T) {
			_, err := srchCall(ctx, db, s.ID(), `{"query_vector": [1, 0, 0], "metadata_filter": `+string(c.Filter)+`}`)
			srchRequirePackageError(t, err, -c.Error.Code, c.Error.Name, append(c.Error.MessageContains, c.Path)...)
		})
	}
}

// TestSearchExpiryAndStatusLive: a record expired on insert never appears;
// a status change and an expiry refreshed into the past reach search at
// once (chunk rows follow their record, §10).
func TestSearchExpiryAndStatusLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := srchVectorStore(t, ctx, db)
	q := []float32{1, 0, 0}
	ids := func(req agentmemory.SearchRequest) []string {
		t.Helper()
		req.QueryVector, req.K = q, 100
		res, err := s.Search(ctx, req)
		require.NoError(t, err)
		var out []string
		for _, h := range res.Results {
			out = append(out, h.Record.RecordID())
		}
		return out
	}
	all := ids(agentmemory.SearchRequest{RecordTypes: []agentmemory.RecordType{"memory"}})
	assert.NotContains(t, all, "mem-x", "expired on insert: never returned")
	assert.Contains(t, all, "mem-i", "INVALID records are returned by default")
	assert.NotContains(t, ids(agentmemory.SearchRequest{ExcludeInvalid: true}), "mem-i")

	// mem-b becomes INVALID.
	up, err := s.Update(ctx, agentmemory.UpdateRequest{RecordType: "memory", RecordID: "mem-b", Status: agentmemory.RecordInvalid})
	require.NoError(t, err)
	require.Equal(t, 1, up.Updated)
	assert.Contains(t, ids(agentmemory.SearchRequest{}), "mem-b")
	assert.NotContains(t, ids(agentmemory.SearchRequest{ExcludeInvalid: true}), "mem-b")

	// mem-a's expiry is refreshed into the past: hidden at once.
	up, err = s.Update(ctx, agentmemory.UpdateRequest{RecordType: "memory", RecordID: "mem-a",
		Timestamp: agentmemory.Some(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)), TTLDays: agentmemory.Some(1), TTLAnchor: agentmemory.Some(agentmemory.TTLFromTimestamp)})
	require.NoError(t, err)
	require.Equal(t, 1, up.Updated)
	assert.NotEmpty(t, up.Warnings, "W2: expired after the refresh")
	assert.NotContains(t, ids(agentmemory.SearchRequest{}), "mem-a")
}

// TestSearchRowsMatchesSearchLive: the pipelined search_rows gives SQL
// users the same results as search, one row per result, with the search
// scope (a profile's actor id on its own dimension) in the scope columns.
func TestSearchRowsMatchesSearchLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := srchVectorStore(t, ctx, db)
	for _, name := range []string{"vector_user_exact", "vector_user_none", "vector_agent_exact_with_profile", "vector_rrf_query_vectors"} {
		t.Run(name, func(t *testing.T) {
			request := string(srchFixture(t, name+".request.json"))
			res, err := s.Search(ctx, srchRequestOf(t, request))
			require.NoError(t, err)

			rows, err := db.QueryContext(ctx, `select r.rank, r.record_id, r.record_type, r.distance, r.user_id, r.agent_id, r.thread_id, r.status
from dbms_agent_memory_store.search_rows(:b_store_id, :b_request) r
order by r.rank`, sql.Named("b_store_id", s.ID()), sql.Named("b_request", request))
			require.NoError(t, err)
			defer rows.Close()
			i := 0
			for rows.Next() {
				var rank int
				var id, typ, status string
				var dist float64
				var user, agent, thread sql.NullString
				require.NoError(t, rows.Scan(&rank, &id, &typ, &dist, &user, &agent, &thread, &status))
				require.Less(t, i, len(res.Results), "more rows than results")
				h := res.Results[i]
				assert.Equal(t, i+1, rank)
				assert.Equal(t, h.Record.RecordID(), id)
				assert.Equal(t, string(h.Record.RecordType()), typ)
				assert.InDelta(t, h.Distance, dist, 1e-9)
				assert.Equal(t, string(h.Record.Common().Status), status)
				row := srchDataset[slices.IndexFunc(srchDataset, func(r srchRow) bool { return r.ID == id && r.Type == typ })]
				assert.Equal(t, srchScope(row, "user"), user.String, "user scope of %s", id)
				assert.Equal(t, srchScope(row, "agent"), agent.String, "agent scope of %s", id)
				assert.Equal(t, srchScope(row, "thread"), thread.String, "thread scope of %s", id)
				i++
			}
			require.NoError(t, rows.Err())
			assert.Equal(t, len(res.Results), i, "one row per result")
		})
	}
}
