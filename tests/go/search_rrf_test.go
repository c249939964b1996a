package integration

// Live tests of long queries: the query is split with the store's chunking,
// each chunk searched on its own, and the rankings fused by reciprocal-rank
// fusion (docs/protocol-search.md §6). The fused result is checked against
// the formula applied to the per-chunk searches the test runs itself: with
// a client Embedder (§9: chunk_text, embed, search with query_vectors) and
// with the store's in-database model.

import (
	"context"
	"database/sql"
	"hash/fnv"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// srchWordEmbedder is a deterministic bag-of-words Embedder: each word adds
// 1 to a dimension chosen by its hash. Texts sharing words are near, so
// rankings are predictable without an embedding service.
type srchWordEmbedder struct{ dim int }

func (e srchWordEmbedder) Dimension() int { return e.dim }

func (e srchWordEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, text := range texts {
		v := make([]float32, e.dim)
		v[0] = 0.01 // never all zeros
		for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
			h := fnv.New32a()
			h.Write([]byte(w))
			v[h.Sum32()%uint32(e.dim)]++
		}
		out[i] = v
	}
	return out, nil
}

// srchRRFTexts are the records of the fusion tests: three topics, so the
// chunks of a query about several topics rank different records first.
var srchRRFTexts = map[string]string{
	"r-pizza1":  "pizza margherita with basil and fresh mozzarella",
	"r-pizza2":  "wood fired pizza oven at the corner restaurant",
	"r-pizza3":  "pizza delivery late at night downtown",
	"r-train1":  "train station platform schedule and tickets",
	"r-train2":  "the night train leaves the central station",
	"r-train3":  "train tickets bought at the station counter",
	"r-garden1": "garden roses need water and sunlight",
	"r-garden2": "tomato plants in the garden beds",
	"r-garden3": "garden tools stored in the shed",
}

// srchRRFQuery has three chunks at chunking max 10 words, one per topic.
const srchRRFQuery = "pizza margherita basil mozzarella oven delivery pizza restaurant fresh downtown " +
	"train station platform schedule tickets night train central counter leaves " +
	"garden roses water sunlight tomato plants beds tools shed garden"

func srchAddRRFRecords(t *testing.T, ctx context.Context, s *agentmemory.Store) {
	t.Helper()
	var ids, contents []any
	for _, id := range slices.Sorted(func(yield func(string) bool) {
		for k := range srchRRFTexts {
			if !yield(k) {
				return
			}
		}
	}) {
		ids = append(ids, id)
		contents = append(contents, srchRRFTexts[id])
	}
	srchAdd(t, ctx, s, map[string]any{"record_type": "memory", "contents": contents, "record_ids": ids})
}

// srchFused applies §6 to per-chunk results: rank_i from each list,
// fused = Σ 1/(60 + rank_i), distance = 1 - fused·61/n, ordered by
// distance, id, type, cut to k.
func srchFused(lists [][]*agentmemory.SearchHit, k int) []srchHit {
	fused := map[[2]string]float64{}
	for _, list := range lists {
		for rank, h := range list {
			key := [2]string{h.Record.RecordID(), string(h.Record.RecordType())}
			fused[key] += 1 / float64(60+rank+1)
		}
	}
	var hits []srchHit
	for key, f := range fused {
		hits = append(hits, srchHit{id: key[0], typ: key[1], dist: 1 - f*61/float64(len(lists))})
	}
	slices.SortFunc(hits, func(a, b srchHit) int {
		if d := a.dist - b.dist; math.Abs(d) > 1e-12 {
			return map[bool]int{true: -1, false: 1}[d < 0]
		}
		if c := strings.Compare(a.id, b.id); c != 0 {
			return c
		}
		return strings.Compare(a.typ, b.typ)
	})
	if len(hits) > k {
		hits = hits[:k]
	}
	return hits
}

// srchCheckFusion searches the long query, then each of its chunks alone
// (with perChunk), and checks the fused result against §6.
func srchCheckFusion(t *testing.T, ctx context.Context, s *agentmemory.Store, k int, perChunk func(chunk string) agentmemory.SearchRequest) {
	t.Helper()
	lists, err := s.ChunkText(ctx, []string{srchRRFQuery})
	require.NoError(t, err)
	chunks := lists[0]
	require.GreaterOrEqual(t, len(chunks), 2, "30 words in chunks of at most 10: %q", chunks)

	res, err := s.Search(ctx, agentmemory.SearchRequest{Query: srchRRFQuery, K: k})
	require.NoError(t, err)
	assert.Equal(t, len(chunks), res.QueryChunks)

	var per [][]*agentmemory.SearchHit
	for _, c := range chunks {
		req := perChunk(c)
		req.K = k
		r, err := s.Search(ctx, req)
		require.NoError(t, err)
		require.Equal(t, 1, r.QueryChunks)
		var list []*agentmemory.SearchHit
		for i := range r.Results {
			list = append(list, &r.Results[i])
		}
		per = append(per, list)
	}
	want := srchFused(per, k)
	require.Len(t, res.Results, len(want))
	for i, h := range res.Results {
		assert.Equal(t, want[i].id, h.Record.RecordID(), "rank %d", i+1)
		assert.InDelta(t, want[i].dist, h.Distance, 1e-9, "rank %d", i+1)
		assert.GreaterOrEqual(t, h.Distance, 0.0)
		assert.Less(t, h.Distance, 1.0)
	}
}

// TestSearchRRFClientEmbedderLive: a VECTOR store without a model and a
// client Embedder. Add embeds the records on the client; Search chunks the
// long query with chunk_text, embeds the chunks and sends query_vectors.
func TestSearchRRFClientEmbedderLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	emb := srchWordEmbedder{dim: 16}
	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: id, SchemaPolicy: agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Vector, VectorDim: agentmemory.Some(16), Embedder: emb,
		Chunking: &agentmemory.ChunkingConfig{Max: 10, By: "words"}})
	require.NoError(t, err)
	srchAddRRFRecords(t, ctx, s)

	// A short query is embedded as is: the same as passing its vector.
	short := "pizza oven"
	byText, err := s.Search(ctx, agentmemory.SearchRequest{Query: short, K: 3})
	require.NoError(t, err)
	v, err := emb.Embed(ctx, []string{short})
	require.NoError(t, err)
	byVector, err := s.Search(ctx, agentmemory.SearchRequest{QueryVector: v[0], K: 3})
	require.NoError(t, err)
	require.NotEmpty(t, byText.Results)
	assert.Equal(t, byVector, byText)

	srchCheckFusion(t, ctx, s, 6, func(chunk string) agentmemory.SearchRequest {
		v, err := emb.Embed(ctx, []string{chunk})
		require.NoError(t, err)
		return agentmemory.SearchRequest{QueryVector: v[0]}
	})
}

// srchModelName is an unquoted model name, optionally owner-qualified: the
// only form the test splices into SQL (a model name cannot be a bind).
var srchModelName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_$#]*(\.[A-Za-z][A-Za-z0-9_$#]*)?$`)

// srchModelDimension asks the model for the dimension of its vectors.
func srchModelDimension(t *testing.T, ctx context.Context, db *sql.DB, model string) int {
	t.Helper()
	require.Regexp(t, srchModelName, model)
	var dim int
	err := db.QueryRowContext(ctx, `select vector_dimension_count(vector_embedding(`+model+` using 'probe' as data)) from dual`).Scan(&dim)
	require.NoError(t, err, "embedding a probe with %s", model)
	return dim
}

// TestSearchRRFInDatabaseModelLive: a VECTOR store with the schema's
// embedding model: the package chunks, embeds and fuses in one call.
func TestSearchRRFInDatabaseModelLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	model := embeddingModel(t, ctx, db)
	if model == "" {
		t.Skipf("SKIPPED: no EMBEDDING model in USER_MINING_MODELS; load one (all_MiniLM_L12_v2) or set %s", envModel)
	}
	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: id, SchemaPolicy: agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Vector, EmbeddingModel: agentmemory.Some(model),
		VectorDim: agentmemory.Some(srchModelDimension(t, ctx, db, model)),
		Chunking:  &agentmemory.ChunkingConfig{Max: 10, By: "words"}})
	require.NoError(t, err)
	srchAddRRFRecords(t, ctx, s)
	srchCheckFusion(t, ctx, s, 6, func(chunk string) agentmemory.SearchRequest {
		return agentmemory.SearchRequest{Query: chunk}
	})
}
