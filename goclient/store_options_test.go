package agentmemory

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStoreOptionsValidate(t *testing.T) {
	cases := []struct {
		name string
		opts StoreOptions
		want []string // substrings of the message; nil means valid
	}{
		{"zero value opens the default store", StoreOptions{}, nil},
		{"id lower case accepted", StoreOptions{MemoryStoreID: "mem_01"}, nil},
		{"id of 16 characters", StoreOptions{MemoryStoreID: "A234567890123456"}, nil},
		{"id of 17 characters", StoreOptions{MemoryStoreID: "A2345678901234567"}, []string{"MemoryStoreID", `"A2345678901234567"`, "at most 16"}},
		{"id starting with a digit", StoreOptions{MemoryStoreID: "9BAD"}, []string{"MemoryStoreID", `"9BAD"`, "start with a letter"}},
		{"id with a dollar", StoreOptions{MemoryStoreID: "A$B"}, []string{"MemoryStoreID", `"A$B"`}},
		{"id with a hyphen", StoreOptions{MemoryStoreID: "a-b"}, []string{"MemoryStoreID", `"a-b"`}},
		{"id and prefix both", StoreOptions{MemoryStoreID: "A", TableNamePrefix: "A_"}, []string{"MemoryStoreID", "TableNamePrefix", "both"}},
		{"prefix alone", StoreOptions{TableNamePrefix: "MEM01_"}, nil},
		{"prefix of a 16-character id", StoreOptions{TableNamePrefix: "A234567890123456_"}, nil},
		{"prefix too long", StoreOptions{TableNamePrefix: "A2345678901234567_"}, []string{"TableNamePrefix", `"A2345678901234567_"`, "at most 16"}},
		{"prefix without the underscore", StoreOptions{TableNamePrefix: "MEM01"}, []string{"TableNamePrefix", "followed by an underscore"}},
		{"prefix with a space", StoreOptions{TableNamePrefix: "A B_"}, []string{"TableNamePrefix", `"A B_"`}},
		{"unknown policy", StoreOptions{SchemaPolicy: "CREATE"}, []string{"SchemaPolicy", `"CREATE"`, "REQUIRE_EXISTING"}},
		{"policy any case", StoreOptions{SchemaPolicy: "create_if_necessary"}, nil},
		{"owner with REQUIRE_EXISTING", StoreOptions{SchemaOwner: "app_owner", SchemaPolicy: RequireExisting}, nil},
		{"owner with omitted policy", StoreOptions{SchemaOwner: "APP_OWNER"}, nil},
		{"owner with NO_CHECK", StoreOptions{SchemaOwner: "APP_OWNER", SchemaPolicy: NoCheck}, nil},
		{"owner with CREATE_IF_NECESSARY", StoreOptions{SchemaOwner: "APP_OWNER", SchemaPolicy: CreateIfNecessary}, []string{"SchemaOwner", `"APP_OWNER"`, "CREATE_IF_NECESSARY", "as its owner"}},
		{"owner with CREATE_IF_EMPTY", StoreOptions{SchemaOwner: "APP_OWNER", SchemaPolicy: CreateIfEmpty}, []string{"SchemaOwner", "CREATE_IF_EMPTY"}},
		{"owner with RECREATE", StoreOptions{SchemaOwner: "APP_OWNER", SchemaPolicy: "recreate"}, []string{"SchemaOwner", "RECREATE"}},
		{"owner quoted", StoreOptions{SchemaOwner: `"App"`}, []string{"SchemaOwner", "unquoted"}},
		{"owner with a dot", StoreOptions{SchemaOwner: "A.B"}, []string{"SchemaOwner", `"A.B"`}},
		{"unknown strategy", StoreOptions{SearchStrategy: "SEMANTIC"}, []string{"SearchStrategy", `"SEMANTIC"`, "VECTOR, KEYWORD, HYBRID"}},
		{"unknown sync", StoreOptions{SearchIndexSync: "LATER"}, []string{"SearchIndexSync", `"LATER"`, "ON_COMMIT, MANUAL, AUTO"}},
		{"AUTO with HYBRID", StoreOptions{SearchStrategy: Hybrid, SearchIndexSync: Auto, EmbeddingModel: Some("M")}, nil},
		{"AUTO with KEYWORD", StoreOptions{SearchStrategy: Keyword, SearchIndexSync: "auto"}, []string{"AUTO", "HYBRID", "KEYWORD"}},
		{"AUTO with VECTOR", StoreOptions{SearchStrategy: Vector, SearchIndexSync: Auto}, []string{"AUTO", "HYBRID", "VECTOR"}},
		{"AUTO with default strategy on create", StoreOptions{SchemaPolicy: CreateIfNecessary, SearchIndexSync: Auto}, []string{"AUTO", "VECTOR (the default)"}},
		{"AUTO with stored strategy on reopen", StoreOptions{SchemaPolicy: RequireExisting, SearchIndexSync: Auto}, nil},
		{"dim 1", StoreOptions{VectorDim: Some(1)}, nil},
		{"dim 65535", StoreOptions{VectorDim: Some(65535)}, nil},
		{"dim 0", StoreOptions{VectorDim: Some(0)}, []string{"VectorDim 0", "between 1 and 65535"}},
		{"dim negative", StoreOptions{VectorDim: Some(-384)}, []string{"VectorDim -384"}},
		{"dim too large", StoreOptions{VectorDim: Some(65536)}, []string{"VectorDim 65536"}},
		{"dim None with KEYWORD", StoreOptions{SearchStrategy: Keyword, VectorDim: None[int]()}, nil},
		{"dim None with VECTOR", StoreOptions{SearchStrategy: Vector, VectorDim: None[int]()}, []string{"VectorDim None", "VECTOR"}},
		{"model empty", StoreOptions{EmbeddingModel: Some(" ")}, []string{"EmbeddingModel", `" "`, "None"}},
		{"model None with HYBRID", StoreOptions{SearchStrategy: Hybrid, EmbeddingModel: None[string]()}, []string{"EmbeddingModel None", "HYBRID"}},
		{"model None with VECTOR", StoreOptions{EmbeddingModel: None[string]()}, nil},
		{"TTLs valid", StoreOptions{MemoryRetentionConfig: &RetentionConfig{DefaultTTLDays: Some(30), MaxTTLDays: Some(30)}}, nil},
		{"TTLs None", StoreOptions{MemoryRetentionConfig: &RetentionConfig{DefaultTTLDays: None[int](), MaxTTLDays: None[int]()}}, nil},
		{"default TTL 0", StoreOptions{MemoryRetentionConfig: &RetentionConfig{DefaultTTLDays: Some(0)}}, []string{"DefaultTTLDays 0", "positive"}},
		{"max TTL negative", StoreOptions{MemoryRetentionConfig: &RetentionConfig{MaxTTLDays: Some(-1)}}, []string{"MaxTTLDays -1", "positive"}},
		{"default above max", StoreOptions{MemoryRetentionConfig: &RetentionConfig{DefaultTTLDays: Some(90), MaxTTLDays: Some(30)}}, []string{"DefaultTTLDays 90", "MaxTTLDays 30"}},
		{"chunking defaults", StoreOptions{Chunking: &ChunkingConfig{}}, nil},
		{"chunking full", StoreOptions{Chunking: &ChunkingConfig{Max: 300, Overlap: 30, By: "WORDS", Split: "sentence", Normalize: "all"}}, nil},
		{"chunk max negative", StoreOptions{Chunking: &ChunkingConfig{Max: -5}}, []string{"Chunking.Max -5"}},
		{"chunk overlap negative", StoreOptions{Chunking: &ChunkingConfig{Overlap: -1}}, []string{"Chunking.Overlap -1"}},
		{"chunk overlap not below max", StoreOptions{Chunking: &ChunkingConfig{Max: 100, Overlap: 100}}, []string{"Chunking.Overlap 100", "Chunking.Max 100"}},
		{"chunk by unknown", StoreOptions{Chunking: &ChunkingConfig{By: "tokens"}}, []string{"Chunking.By", `"tokens"`}},
		{"chunk split unknown", StoreOptions{Chunking: &ChunkingConfig{Split: "custom"}}, []string{"Chunking.Split", `"custom"`}},
		{"chunk sentence by chars", StoreOptions{Chunking: &ChunkingConfig{By: "chars", Split: "sentence"}}, []string{"sentence", "words", `"chars"`}},
		{"chunk normalize unknown", StoreOptions{Chunking: &ChunkingConfig{Normalize: "options"}}, []string{"Chunking.Normalize", `"options"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.opts.Validate()
			if c.want == nil {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.True(t, errors.Is(err, ErrInvalidArgument), "class INVALID_ARGUMENT, got %v", err)
			var e *Error
			require.True(t, errors.As(err, &e))
			assert.True(t, strings.HasPrefix(e.Message, "INVALID_ARGUMENT: "), e.Message)
			for _, w := range c.want {
				assert.Contains(t, e.Message, w)
			}
		})
	}
}

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
		if err := opts.validate("Open"); err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(opts); err != nil {
			b.Fatal(err)
		}
	}
}
