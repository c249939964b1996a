package agentmemory

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenRequestEncoding(t *testing.T) {
	cases := []struct {
		name string
		opts StoreOptions
		want string
	}{
		{"zero value sends an empty request", StoreOptions{}, `{}`},
		{"id", StoreOptions{MemoryStoreID: "MEM01"}, `{"memory_store_id":"MEM01"}`},
		{"prefix", StoreOptions{TableNamePrefix: "MEM01_"}, `{"table_name_prefix":"MEM01_"}`},
		{"owner", StoreOptions{SchemaOwner: "APP"}, `{"schema_owner":"APP"}`},
		{"policy", StoreOptions{SchemaPolicy: Recreate}, `{"schema_policy":"RECREATE"}`},
		{"strategy", StoreOptions{SearchStrategy: Keyword}, `{"search_strategy":"KEYWORD"}`},
		{"sync", StoreOptions{SearchIndexSync: Manual}, `{"search_index_sync":"MANUAL"}`},
		{"dim value", StoreOptions{VectorDim: Some(384)}, `{"vector_dim":384}`},
		{"dim None", StoreOptions{VectorDim: None[int]()}, `{"vector_dim":null}`},
		{"model value", StoreOptions{EmbeddingModel: Some("ALL_MINILM_L12_V2")}, `{"embedding_model":"ALL_MINILM_L12_V2"}`},
		{"model None", StoreOptions{EmbeddingModel: None[string]()}, `{"embedding_model":null}`},
		{"retention empty: both NOT_SET", StoreOptions{MemoryRetentionConfig: &RetentionConfig{}}, `{"memory_retention_config":{}}`},
		{"retention values", StoreOptions{MemoryRetentionConfig: &RetentionConfig{DefaultTTLDays: Some(30), MaxTTLDays: Some(90)}},
			`{"memory_retention_config":{"default_ttl_days":30,"max_ttl_days":90}}`},
		{"retention None", StoreOptions{MemoryRetentionConfig: &RetentionConfig{DefaultTTLDays: None[int](), MaxTTLDays: None[int]()}},
			`{"memory_retention_config":{"default_ttl_days":null,"max_ttl_days":null}}`},
		{"chunking empty: package defaults", StoreOptions{Chunking: &ChunkingConfig{}}, `{"chunking":{}}`},
		{"chunking values", StoreOptions{Chunking: &ChunkingConfig{Max: 300, Overlap: 30, By: "words", Split: "sentence", Normalize: "none"}},
			`{"chunking":{"max":300,"overlap":30,"by":"words","split":"sentence","normalize":"none"}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := json.Marshal(c.opts)
			require.NoError(t, err)
			assert.JSONEq(t, c.want, string(got))
		})
	}
}

// TestOpenRequestKeyOrder pins the key order: the struct's field order, the
// protocol's order, so requests are stable byte for byte (logs, fixtures).
func TestOpenRequestKeyOrder(t *testing.T) {
	opts := StoreOptions{
		MemoryStoreID: "MEM01", SchemaPolicy: CreateIfNecessary, SearchStrategy: Vector,
		SearchIndexSync: OnCommit, VectorDim: Some(384), EmbeddingModel: None[string](),
		MemoryRetentionConfig: &RetentionConfig{DefaultTTLDays: Some(30), MaxTTLDays: None[int]()},
		Chunking:              &ChunkingConfig{Max: 200},
	}
	got, err := json.Marshal(opts)
	require.NoError(t, err)
	assert.Equal(t, `{"memory_store_id":"MEM01","schema_policy":"CREATE_IF_NECESSARY","search_strategy":"VECTOR",`+
		`"search_index_sync":"ON_COMMIT","vector_dim":384,"embedding_model":null,`+
		`"memory_retention_config":{"default_ttl_days":30,"max_ttl_days":null},"chunking":{"max":200}}`, string(got))
}

// optState3 turns a fuzz byte into one of the three Optional states.
func optState3[T any](sel uint8, v T) Optional[T] {
	switch sel % 3 {
	case 1:
		return None[T]()
	case 2:
		return Some(v)
	default:
		return Omit[T]()
	}
}

// FuzzStoreOptionsRoundTrip encodes arbitrary options as an open_store
// request and decodes the request back: every field, including the
// omitted/None/value state of each Optional, must survive.
func FuzzStoreOptionsRoundTrip(f *testing.F) {
	f.Add("MEM01", "", "APP", "CREATE_IF_NECESSARY", "VECTOR", "ON_COMMIT", uint8(2), 384, uint8(1), "M", uint8(2), 30, uint8(1), 0, true, 200, 0, "words")
	f.Add("", "P_", "", "", "", "", uint8(1), 0, uint8(2), "", uint8(0), 0, uint8(0), 0, false, 0, 0, "")
	f.Fuzz(func(t *testing.T, id, prefix, owner, policy, strategy, sync string,
		dimSel uint8, dim int, modelSel uint8, model string,
		defSel uint8, def int, maxSel uint8, maxTTL int,
		chunk bool, chunkMax, overlap int, by string) {
		for _, s := range []string{id, prefix, owner, policy, strategy, sync, model, by} {
			if !utf8.ValidString(s) {
				t.Skip("encoding/json replaces invalid UTF-8; requests are valid UTF-8")
			}
		}
		in := StoreOptions{
			MemoryStoreID: id, TableNamePrefix: prefix, SchemaOwner: owner,
			SchemaPolicy: SchemaPolicy(policy), SearchStrategy: SearchStrategy(strategy), SearchIndexSync: SearchIndexSync(sync),
			VectorDim: optState3(dimSel, dim), EmbeddingModel: optState3(modelSel, model),
		}
		if defSel%4 != 3 {
			in.MemoryRetentionConfig = &RetentionConfig{DefaultTTLDays: optState3(defSel, def), MaxTTLDays: optState3(maxSel, maxTTL)}
		}
		if chunk {
			in.Chunking = &ChunkingConfig{Max: chunkMax, Overlap: overlap, By: by}
		}
		req, err := json.Marshal(in)
		require.NoError(t, err)
		var out StoreOptions
		require.NoError(t, json.Unmarshal(req, &out))
		if !reflect.DeepEqual(in, out) {
			t.Fatalf("round trip changed the options\nrequest: %s\n in: %+v\nout: %+v", req, in, out)
		}
	})
}

func BenchmarkEncodeOpenRequest(b *testing.B) {
	opts := StoreOptions{
		MemoryStoreID: "MEM01", SchemaPolicy: CreateIfNecessary, SearchStrategy: Hybrid, SearchIndexSync: Auto,
		VectorDim: None[int](), EmbeddingModel: Some("ALL_MINILM_L12_V2"),
		MemoryRetentionConfig: &RetentionConfig{DefaultTTLDays: Some(30), MaxTTLDays: Some(365)},
		Chunking:              &ChunkingConfig{Max: 300, Overlap: 30, By: "words", Split: "sentence", Normalize: "all"},
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(opts); err != nil {
			b.Fatal(err)
		}
	}
}

// The seed: a vector store without vector_dim takes the embedder's
// dimension. Open sends the Embedder's known dimension, or learns it with
// one probe Embed call; it leaves vector_dim alone otherwise.
func TestOpenTakesVectorDimFromTheEmbedder(t *testing.T) {
	info := `{"store":{"memory_store_id":"MEM01","status":"READY","config":{"search_strategy":"VECTOR"}},"actions":[],"warnings":[]}`
	sent := func(opts StoreOptions) map[string]any {
		t.Helper()
		f, db := newFakeDB(answer(info))
		_, err := Open(t.Context(), db, opts)
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(f.Calls()[0].Args["b_request"].(string)), &m))
		return m
	}
	known := &fakeEmbedder{} // Dimension() 4
	m := sent(StoreOptions{MemoryStoreID: "MEM01", SchemaPolicy: CreateIfNecessary, Embedder: known})
	assert.Equal(t, float64(4), m["vector_dim"], "the known dimension")
	assert.Empty(t, known.calls, "no probe for a known dimension")

	learning := zeroDimEmbedder{&fakeEmbedder{vectors: func([]string) [][]float32 { return [][]float32{{1, 2, 3, 4, 5}} }}}
	m = sent(StoreOptions{MemoryStoreID: "MEM01", SchemaPolicy: Recreate, SearchStrategy: Vector, Embedder: learning})
	assert.Equal(t, float64(5), m["vector_dim"], "learned from one probe")
	assert.Equal(t, [][]string{{probeText}}, learning.calls)

	for name, opts := range map[string]StoreOptions{
		"given":            {SchemaPolicy: CreateIfNecessary, VectorDim: Some(8), Embedder: known},
		"None":             {SchemaPolicy: CreateIfNecessary, VectorDim: None[int](), Embedder: known},
		"require existing": {Embedder: known},
		"keyword":          {SchemaPolicy: CreateIfNecessary, SearchStrategy: Keyword, Embedder: known},
		"no embedder":      {SchemaPolicy: CreateIfNecessary},
	} {
		m := sent(opts)
		want, ok := opts.VectorDim.Get()
		if ok {
			assert.Equal(t, float64(want), m["vector_dim"], name)
		} else if opts.VectorDim.IsNone() {
			assert.Nil(t, m["vector_dim"], name)
			assert.Contains(t, m, "vector_dim", name)
		} else {
			assert.NotContains(t, m, "vector_dim", name)
		}
	}

	f, db := newFakeDB(answer(info))
	_, err := Open(t.Context(), db, StoreOptions{SchemaPolicy: CreateIfNecessary,
		Embedder: zeroDimEmbedder{&fakeEmbedder{err: errors.New("service down")}}})
	assert.ErrorContains(t, err, "learning the Embedder's dimension for vector_dim: service down")
	assert.Empty(t, f.Calls(), "nothing sent")
}

// zeroDimEmbedder is an Embedder that does not know its dimension.
type zeroDimEmbedder struct{ *fakeEmbedder }

func (zeroDimEmbedder) Dimension() int { return 0 }
