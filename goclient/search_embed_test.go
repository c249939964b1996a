package agentmemory

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// searchListEmbedder is an Embedder of the tests: it records the texts it gets
// and answers with vec(text), or err.
type searchListEmbedder struct {
	mu    sync.Mutex
	calls [][]string
	vec   func(string) []float32
	err   error
}

func (e *searchListEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	e.calls = append(e.calls, append([]string(nil), texts...))
	e.mu.Unlock()
	if e.err != nil {
		return nil, e.err
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = e.vec(t)
	}
	return out, nil
}

func (e *searchListEmbedder) Dimension() int { return 3 }

// searchByLength embeds a text as [len, 1, 0]: distinct vectors for distinct
// chunk lengths, so the test sees which vector went where.
func searchByLength(s string) []float32 { return []float32{float32(len(s)), 1, 0} }

const searchEmptyResponse = `{"search_strategy":"VECTOR","query_chunks":1,"results":[],"warnings":[]}`

func TestSearchEmbedsAShortQuery(t *testing.T) {
	e := &searchListEmbedder{vec: searchByLength}
	f, s := openSearchStore(t, searchStoreInfo("vector"), StoreOptions{Embedder: e}, answer(searchEmptyResponse))
	_, err := s.Search(t.Context(), SearchRequest{Query: "pizza near me", K: 3, UserID: None[string]()})
	require.NoError(t, err)
	assert.Equal(t, [][]string{{"pizza near me"}}, e.calls, "one chunk: the query itself, one Embed call")
	assert.Equal(t, []string{"prepare search", "exec search", "autocommit"}, f.Events(), "one round trip")
	assert.JSONEq(t, `{"query_vector":[13,1,0],"k":3,"user_id":null}`, searchSentRequest(t, f, "search"))
}

func TestSearchChunksALongQueryThenEmbedsEachChunk(t *testing.T) {
	info := searchStoreInfo("vector")
	info.Config.Chunking.Max = 10 // characters or words: the query has more characters
	query := "tell me about pizza places near the station"
	e := &searchListEmbedder{vec: searchByLength}
	f, s := openSearchStore(t, info, StoreOptions{Embedder: e}, func(c fakeCall) (string, error) {
		if c.Fn == "chunk_text" {
			return `{"chunks":[["tell me about pizza","places near the station"]]}`, nil
		}
		return searchEmptyResponse, nil
	})
	_, err := s.Search(t.Context(), SearchRequest{Query: query})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"prepare chunk_text", "exec chunk_text", "autocommit",
		"prepare search", "exec search", "autocommit",
	}, f.Events(), "two round trips: chunk_text, then search")
	assert.JSONEq(t, `{"texts":["`+query+`"]}`, searchSentRequest(t, f, "chunk_text"))
	assert.Equal(t, [][]string{{"tell me about pizza", "places near the station"}}, e.calls, "the package's chunks, in one Embed call")
	assert.JSONEq(t, `{"query_vectors":[[19,1,0],[23,1,0]]}`, searchSentRequest(t, f, "search"))
}

func TestSearchLongQueryOfOneChunkSendsOneVector(t *testing.T) {
	info := searchStoreInfo("vector")
	info.Config.Chunking.Max = 2
	e := &searchListEmbedder{vec: searchByLength}
	f, s := openSearchStore(t, info, StoreOptions{Embedder: e}, func(c fakeCall) (string, error) {
		if c.Fn == "chunk_text" {
			return `{"chunks":[["two words"]]}`, nil
		}
		return searchEmptyResponse, nil
	})
	_, err := s.Search(t.Context(), SearchRequest{Query: "two words"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"query_vector":[9,1,0]}`, searchSentRequest(t, f, "search"))
}

// How many query chunks may be searched is the package's rule: the client
// embeds every chunk and sends them; the package answers.
func TestSearchQueryOfManyChunksIsSent(t *testing.T) {
	info := searchStoreInfo("vector")
	info.Config.Chunking.Max = 1
	chunks := `["` + strings.TrimSuffix(strings.Repeat(`w", "`, 17), `, "`) + `]`
	e := &searchListEmbedder{vec: searchByLength}
	f, s := openSearchStore(t, info, StoreOptions{Embedder: e}, func(c fakeCall) (string, error) {
		if c.Fn == "chunk_text" {
			return `{"chunks":[` + chunks + `]}`, nil
		}
		return "", fakeOraErr{20100, "INVALID_ARGUMENT: query_vectors has 17 vectors; at most 16"}
	})
	_, err := s.Search(t.Context(), SearchRequest{Query: strings.Repeat("w ", 17)})
	assert.True(t, errors.Is(err, ErrInvalidArgument), "the package's refusal, mapped: %v", err)
	var sent struct {
		QueryVectors [][]float32 `json:"query_vectors"`
	}
	require.NoError(t, json.Unmarshal([]byte(searchSentRequest(t, f, "search")), &sent))
	assert.Len(t, sent.QueryVectors, 17)
}

func TestSearchDoesNotEmbed(t *testing.T) {
	resp := func(strategy string) string {
		return strings.Replace(searchEmptyResponse, "VECTOR", strategy, 1)
	}
	cases := []struct {
		name   string
		info   StoreInfo
		opts   StoreOptions
		req    SearchRequest
		strat  string
		expect string
	}{
		{"caller's vector", searchStoreInfo("vector"), StoreOptions{}, SearchRequest{QueryVector: []float32{1, 0, 0}}, "VECTOR",
			`{"query_vector":[1,0,0]}`},
		{"KEYWORD store", searchStoreInfo("keyword"), StoreOptions{}, SearchRequest{Query: "pizza"}, "KEYWORD", `{"query":"pizza"}`},
		{"HYBRID store uses its model", searchStoreInfo("hybrid"), StoreOptions{}, SearchRequest{Query: "pizza"}, "HYBRID", `{"query":"pizza"}`},
		{"KEYWORD client of a HYBRID store", searchStoreInfo("hybrid"), StoreOptions{SearchStrategy: Keyword}, SearchRequest{Query: "pizza"}, "KEYWORD",
			`{"query":"pizza","search_strategy":"KEYWORD"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := &searchListEmbedder{vec: searchByLength}
			c.opts.Embedder = e
			f, s := openSearchStore(t, c.info, c.opts, answer(resp(c.strat)))
			_, err := s.Search(t.Context(), c.req)
			require.NoError(t, err)
			assert.Empty(t, e.calls)
			assert.JSONEq(t, c.expect, searchSentRequest(t, f, "search"))
		})
	}
}

func TestSearchWithoutModelOrEmbedder(t *testing.T) {
	_, s := openSearchStore(t, searchStoreInfo("vector"), StoreOptions{}, func(fakeCall) (string, error) {
		return "", fakeOraErr{20100, "INVALID_ARGUMENT: query: the store has no in-database embedding model"}
	})
	_, err := s.Search(t.Context(), SearchRequest{Query: "pizza"})
	assert.ErrorIs(t, err, ErrInvalidArgument, "the package's rule, mapped")

	info := searchStoreInfo("vector")
	info.Config.EmbeddingModel = Some("ALL_MINILM_L12_V2")
	info.Config.VectorDim = Some(384)
	f, s := openSearchStore(t, info, StoreOptions{}, answer(searchEmptyResponse))
	_, err = s.Search(t.Context(), SearchRequest{Query: "pizza"})
	require.NoError(t, err, "the in-database model embeds")
	assert.JSONEq(t, `{"query":"pizza"}`, searchSentRequest(t, f, "search"))
}

// searchEmbedFunc is an Embedder answering with a function.
type searchEmbedFunc func(texts []string) ([][]float32, error)

func (f searchEmbedFunc) Embed(_ context.Context, texts []string) ([][]float32, error) {
	return f(texts)
}
func (f searchEmbedFunc) Dimension() int { return 0 }

func TestSearchEmbedderFailures(t *testing.T) {
	serviceDown := &EmbeddingServiceError{Op: "HTTPEmbedder.Embed", StatusCode: 503, Message: "HTTP 503"}
	each := func(v []float32) searchEmbedFunc {
		return func(texts []string) ([][]float32, error) { return searchRepeatVector(v, len(texts)), nil }
	}
	cases := []struct {
		name string
		e    Embedder
		is   error
		want string
	}{
		{"service error", searchEmbedFunc(func([]string) ([][]float32, error) { return nil, serviceDown }), ErrEmbeddingService,
			"Store.Search: embedding the query"},
		{"wrong count", searchEmbedFunc(func([]string) ([][]float32, error) { return [][]float32{}, nil }), ErrEmbeddingService,
			"returned 0 vectors for 1 texts"},
		{"not finite", each([]float32{1, float32(math.Inf(1)), 0}), ErrEmbeddingService, "values must be finite"},
		{"store dimension", each([]float32{1, 2}), ErrIncompatibleStore,
			"INCOMPATIBLE_STORE: the Embedder produces 2-dimension vectors; store UTS_SRCH_V has vector_dim 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, s := openSearchStore(t, searchStoreInfo("vector"), StoreOptions{Embedder: c.e}, searchNoCall(t))
			_, err := s.Search(t.Context(), SearchRequest{Query: "pizza"})
			require.Error(t, err)
			assert.True(t, errors.Is(err, c.is), "got %v", err)
			assert.ErrorContains(t, err, c.want)
		})
	}
}

// Search needs what Open was given: the Embedder and the requested
// strategy. store.go keeps StoreOptions and answers these two methods.
func TestStoreKeepsWhatSearchNeeds(t *testing.T) {
	e := &searchListEmbedder{vec: searchByLength}
	_, s := openSearchStore(t, searchStoreInfo("hybrid"), StoreOptions{Embedder: e, SearchStrategy: "keyword"}, searchNoCall(t))
	_, ok := any(s).(openedEmbedderSource)
	require.True(t, ok, "*Store needs openedEmbedder() Embedder (store.go: keep StoreOptions.Embedder from Open)")
	_, ok = any(s).(openedStrategySource)
	require.True(t, ok, "*Store needs openedSearchStrategy() SearchStrategy (store.go: keep StoreOptions.SearchStrategy from Open)")
	assert.Same(t, e, s.searchEmbedder())
	assert.Equal(t, Keyword, s.searchStrategy(), "upper-cased")
}

func searchRepeatVector(v []float32, n int) [][]float32 {
	out := make([][]float32, n)
	for i := range out {
		out[i] = v
	}
	return out
}
