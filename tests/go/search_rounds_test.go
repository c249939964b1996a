package integration

// Live tests of search rounds, the include_invalid_results rule and the
// absent upper bound of k (issue 9, items 4, 9 and 11). They talk to the
// package directly (srchCall) where the Go client's own checks would stop a
// request first.

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// srchResultIDs decodes a raw search response into its record ids, in order.
func srchResultIDs(t *testing.T, response string) []string {
	t.Helper()
	var res struct {
		Results []struct {
			Record struct {
				ID string `json:"id"`
			} `json:"record"`
		} `json:"results"`
	}
	require.NoError(t, json.Unmarshal([]byte(response), &res), "%s", response)
	ids := make([]string, 0, len(res.Results))
	for _, r := range res.Results {
		ids = append(ids, r.Record.ID)
	}
	return ids
}

// TestSearchScopeFilterRemovesMostRowsLive: 3000 records of one user lie
// nearer to the query than the 5 of another; a search scoped to the second
// user must still return all 5 (k = 5). With an IVF index Oracle may apply
// the scope predicate after probing, so an approximate round can come back
// short; the package must not read that as "no more rows".
func TestSearchScopeFilterRemovesMostRowsLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 3)
	const many = 3000
	for batch := 0; batch < many/500; batch++ {
		var contents, ids, vectors []any
		for i := 0; i < 500; i++ {
			n := batch*500 + i
			contents = append(contents, fmt.Sprintf("crowd %d", n))
			ids = append(ids, fmt.Sprintf("crowd-%04d", n))
			vectors = append(vectors, []float32{1, float32(n%7) / 100, 0})
		}
		srchAdd(t, ctx, s, map[string]any{"record_type": "memory", "contents": contents, "record_ids": ids,
			"user_ids": "u-crowd", "embeddings": vectors})
	}
	srchAdd(t, ctx, s, map[string]any{"record_type": "memory",
		"contents":   []any{"few 1", "few 2", "few 3", "few 4", "few 5"},
		"record_ids": []any{"few-1", "few-2", "few-3", "few-4", "few-5"}, "user_ids": "u-few",
		"embeddings": []any{[]float32{0.9, 0.1, 0.4}, []float32{0.8, 0.2, 0.6}, []float32{0.6, 0.2, 0.8},
			[]float32{0.4, 0.3, 0.9}, []float32{0.1, 0.2, 1}}})

	res, err := s.Search(ctx, agentmemory.SearchRequest{QueryVector: []float32{1, 0, 0}, K: 5,
		UserID: agentmemory.Some("u-few")})
	require.NoError(t, err)
	got := make([]string, 0, len(res.Results))
	for _, h := range res.Results {
		got = append(got, h.Record.RecordID())
	}
	assert.Equal(t, []string{"few-1", "few-2", "few-3", "few-4", "few-5"}, got, "k results although the scope removes most rows")

	// include_invalid_results=false removes no VALID record: the same 5.
	res, err = s.Search(ctx, agentmemory.SearchRequest{QueryVector: []float32{1, 0, 0}, K: 5,
		UserID: agentmemory.Some("u-few"), ExcludeInvalid: true})
	require.NoError(t, err)
	assert.Len(t, res.Results, 5)
}

// TestSearchIncludeInvalidHidesMemoryTypesOnlyLive: include_invalid_results
// false hides INVALID memory, fact, guideline and preference records, and
// never messages or profiles (seed: "enregistrements de type mémoire").
func TestSearchIncludeInvalidHidesMemoryTypesOnlyLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 3)
	srchAdd(t, ctx, s, map[string]any{"record_type": "thread", "contents": []any{nil}, "record_ids": []any{"t1"}})
	v := []any{[]float32{1, 0, 0}}
	for _, typ := range []string{"memory", "fact", "guideline", "preference"} {
		srchAdd(t, ctx, s, map[string]any{"record_type": typ, "contents": []any{"invalid " + typ},
			"record_ids": []any{typ + "-i"}, "statuses": []any{"INVALID"}, "embeddings": v})
	}
	srchAdd(t, ctx, s, map[string]any{"record_type": "message", "contents": []any{"old message"},
		"record_ids": []any{"msg-i"}, "thread_ids": []any{"t1"}, "roles": []any{"user"}, "statuses": []any{"INVALID"},
		"embeddings": v})
	srchAdd(t, ctx, s, map[string]any{"record_type": "user_profile", "contents": []any{"old profile"},
		"record_ids": []any{"u1"}, "statuses": []any{"INVALID"}, "embeddings": v})

	resp, err := srchCall(ctx, db, s.ID(), `{"query_vector": [1, 0, 0], "k": 50, "include_invalid_results": false}`)
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"msg-i", "u1"}, srchResultIDs(t, resp), "only memory types are hidden")

	resp, err = srchCall(ctx, db, s.ID(), `{"query_vector": [1, 0, 0], "k": 50}`)
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"memory-i", "fact-i", "guideline-i", "preference-i", "msg-i", "u1"},
		srchResultIDs(t, resp), "everything by default")
}

// TestSearchKAbove1000Live: k has no upper bound (seed: at least 1).
func TestSearchKAbove1000Live(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := srchVectorStore(t, ctx, db)
	for _, k := range []string{"1001", "100000", "1e15"} {
		resp, err := srchCall(ctx, db, s.ID(), `{"query_vector": [1, 0, 0], "k": `+k+`}`)
		require.NoError(t, err, "k %s", k)
		assert.Len(t, srchResultIDs(t, resp), 8, "k %s: every unexpired record of the default types", k)
	}
}
