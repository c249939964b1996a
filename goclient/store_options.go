package agentmemory

import (
	"context"
	"fmt"
	"strings"
)

// SchemaPolicy says how Open treats the store's managed schema (the seed's
// SchemaPolicy). Values are case-insensitive.
type SchemaPolicy string

const (
	// RequireExisting checks that the complete, current managed schema
	// exists and changes nothing. The package's default.
	RequireExisting SchemaPolicy = "REQUIRE_EXISTING"
	// CreateIfEmpty creates the schema when no managed object exists; when
	// some exist, the schema must be complete and current.
	CreateIfEmpty SchemaPolicy = "CREATE_IF_EMPTY"
	// CreateIfNecessary creates missing managed objects and repairs a
	// broken store. It can be slow on a large store: plan it as maintenance.
	CreateIfNecessary SchemaPolicy = "CREATE_IF_NECESSARY"
	// Recreate drops and recreates every managed object. Destructive: all
	// records of the store are lost.
	Recreate SchemaPolicy = "RECREATE"
	// NoCheck skips schema validation and creation; for runtime access under
	// an end-user security context.
	NoCheck SchemaPolicy = "NO_CHECK"
)

// SearchStrategy selects the search back end of a store (the seed's
// SearchStrategy). Values are case-insensitive.
type SearchStrategy string

const (
	// Vector ranks records by distance between stored vectors and the
	// query vector. Needs local vectors (StoreOptions.VectorDim).
	Vector SearchStrategy = "VECTOR"
	// Keyword ranks records by Oracle Text matching on the stored search
	// text, without vectors.
	Keyword SearchStrategy = "KEYWORD"
	// Hybrid queries an Oracle hybrid vector index (text and vectors); needs
	// an in-database embedding model (StoreOptions.EmbeddingModel) and
	// Oracle AI Database 23.6 or later.
	Hybrid SearchStrategy = "HYBRID"
)

// SearchIndexSync says when Oracle makes new or changed search text
// searchable in KEYWORD and HYBRID stores (the seed's SearchIndexSyncMode).
// VECTOR stores do not use it. Values are case-insensitive.
type SearchIndexSync string

const (
	// OnCommit refreshes the index when the writing transaction commits.
	// The package's default.
	OnCommit SearchIndexSync = "ON_COMMIT"
	// Manual leaves refreshing to an explicit database-side sync.
	Manual SearchIndexSync = "MANUAL"
	// Auto lets Oracle refresh the hybrid index asynchronously; HYBRID only.
	Auto SearchIndexSync = "AUTO"
)

// RetentionConfig is the store-level time-to-live configuration of messages
// and memories (the seed's MemoryRetentionConfig). An omitted field is the
// seed's NOT_SET marker and resolves to None.
type RetentionConfig struct {
	// DefaultTTLDays applies when a write omits ttl_days. None or omitted:
	// records do not expire by default. Must be positive.
	DefaultTTLDays Optional[int] `json:"default_ttl_days,omitzero"`
	// MaxTTLDays caps explicit per-record TTLs (with a warning) and replaces
	// ttl_days=None. None or omitted: no cap. Must be positive and at least
	// DefaultTTLDays.
	MaxTTLDays Optional[int] `json:"max_ttl_days,omitzero"`
}

// ChunkingConfig says how record text is cut into retrieval chunks (the
// parameters of Oracle's UTL_TO_CHUNKS). A zero field is left out of the
// request and the package default applies.
type ChunkingConfig struct {
	// Max is the largest chunk, in the unit of By. 0: 200.
	Max int `json:"max,omitempty"`
	// Overlap is how much consecutive chunks share, in the unit of By.
	// 0: none (the default). Oracle bounds it relative to Max.
	Overlap int `json:"overlap,omitempty"`
	// By is the unit: "words" (default) or "characters" ("chars").
	By string `json:"by,omitempty"`
	// Split is where chunks may end: "recursively" (default), "none",
	// "newline", "blankline", "space" or "sentence" (By words only).
	Split string `json:"split,omitempty"`
	// Normalize is "all" (default) or "none".
	Normalize string `json:"normalize,omitempty"`
}

// StoreOptions are the store arguments of the seed's OracleDBMemoryStore
// constructor. The zero value opens the existing unprefixed default store
// of the connected schema and changes nothing. The JSON form of StoreOptions
// is the open_store request: zero fields are left out, so the package
// default applies (or, for an existing store, what is stored).
//
// Embedder is the seed's embedder argument. When VectorDim is omitted and a
// creating policy makes a VECTOR store, Open takes the dimension from it
// (see Open).
type StoreOptions struct {
	// MemoryStoreID names the store: a letter, then letters, digits and
	// underscores, at most 16 characters, case-insensitive (stored upper
	// case). It prefixes the store's objects (MEM01_THREAD, ...). Empty: the
	// unprefixed default store. Reuse the same id to reopen the store.
	MemoryStoreID string `json:"memory_store_id,omitempty"`
	// TableNamePrefix is the older way to name a store by its object
	// prefix: the store id and an underscore, e.g. "MEM01_". Empty: not
	// given. Give it or MemoryStoreID, not both.
	//
	// Deprecated: the seed deprecates table_name_prefix since 26.6.0 (to be
	// removed in 27.1); use MemoryStoreID.
	TableNamePrefix string `json:"table_name_prefix,omitempty"`
	// SchemaOwner opens an existing store in another schema, by an unquoted
	// user name (case-insensitive). Empty: the connected user's schema. Only
	// with SchemaPolicy RequireExisting (or omitted) or NoCheck: creating,
	// repairing and upgrading happen as the owner.
	SchemaOwner string `json:"schema_owner,omitempty"`
	// SchemaPolicy says how the managed schema is checked or prepared.
	// Empty: RequireExisting.
	SchemaPolicy SchemaPolicy `json:"schema_policy,omitempty"`
	// SearchStrategy selects the search back end. Empty: with
	// RequireExisting, the stored strategy; otherwise Vector. An existing
	// store opened with another strategy fails with ErrIncompatibleStore
	// (a KEYWORD client may open a HYBRID store).
	SearchStrategy SearchStrategy `json:"search_strategy,omitempty"`
	// SearchIndexSync says when KEYWORD and HYBRID indexes see new text.
	// Empty: the stored mode, OnCommit for a new store. Auto needs Hybrid.
	SearchIndexSync SearchIndexSync `json:"search_index_sync,omitempty"`
	// VectorDim is the dimension of local vectors (1..65535): it creates the
	// embedding column and vector index, and is checked against an existing
	// store (a mismatch is ErrIncompatibleStore). None: no local vectors
	// (KEYWORD or HYBRID stores). Omitted: the stored value; for a new
	// VECTOR store, the Embedder's dimension when there is an Embedder, else
	// the package takes it from EmbeddingModel.
	VectorDim Optional[int] `json:"vector_dim,omitzero"`
	// EmbeddingModel names an ONNX embedding model loaded in the database
	// (e.g. "ALL_MINILM_L12_V2", or "OWNER.MODEL"). None: no in-database
	// model; Hybrid needs one. Omitted: the stored value, none for a new
	// store.
	EmbeddingModel Optional[string] `json:"embedding_model,omitzero"`
	// MemoryRetentionConfig sets the store's TTL defaults. Nil: keep what is
	// stored (none for a new store). Given with CreateIfNecessary on an
	// existing store, it replaces the stored configuration but does not
	// change expiry dates already set.
	MemoryRetentionConfig *RetentionConfig `json:"memory_retention_config,omitempty"`
	// Chunking says how record text is cut into retrieval chunks. Nil: keep
	// what is stored (the package defaults for a new store).
	Chunking *ChunkingConfig `json:"chunking,omitempty"`
	// Embedder embeds on the client (e.g. an HTTPEmbedder): with one, Add
	// and Update on a VECTOR store send vectors for the text they write and
	// Search embeds the query, the package's chunk_text keeping chunks and
	// vectors aligned. Nil: no client-side embedding; the store's
	// in-database model (EmbeddingModel) embeds, or the caller passes
	// vectors. It is not sent to the package.
	Embedder Embedder `json:"-"`
}

// Access is the level of access GrantAccess gives on a store.
type Access string

const (
	// ReadWrite lets the grantee read and write records. The package's
	// default.
	ReadWrite Access = "READ_WRITE"
	// ReadOnly lets the grantee read records only.
	ReadOnly Access = "READ_ONLY"
)

// oneOf reports whether v equals one of the allowed values, ignoring case.
func oneOf[S ~string](v S, allowed ...S) bool {
	for _, a := range allowed {
		if strings.EqualFold(string(v), string(a)) {
			return true
		}
	}
	return false
}

// probeText is what Open embeds to learn the dimension of an Embedder that
// does not know it before its first call.
const probeText = "agentmem vector dimension probe"

// withEmbedderDim returns o with VectorDim taken from o.Embedder when the
// seed says the store takes it from the embedder: VectorDim omitted, a
// creating policy, and a VECTOR store (the strategy given or defaulted). The
// Embedder's known dimension is used; one it learns on its first call costs
// one Embed call of a short probe text. Otherwise o is returned unchanged.
func (o StoreOptions) withEmbedderDim(ctx context.Context) (StoreOptions, error) {
	if o.Embedder == nil || !o.VectorDim.IsOmitted() ||
		!oneOf(o.SchemaPolicy, CreateIfEmpty, CreateIfNecessary, Recreate) ||
		(o.SearchStrategy != "" && !oneOf(o.SearchStrategy, Vector)) {
		return o, nil
	}
	dim := o.Embedder.Dimension()
	if dim <= 0 {
		vecs, err := o.Embedder.Embed(ctx, []string{probeText})
		if err != nil {
			return o, fmt.Errorf("agentmemory: Open: learning the Embedder's dimension for vector_dim: %w", err)
		}
		if len(vecs) != 1 || len(vecs[0]) == 0 {
			return o, &EmbeddingServiceError{Op: "Open", Message: fmt.Sprintf("returned %d vectors for the dimension probe", len(vecs))}
		}
		dim = len(vecs[0])
	}
	o.VectorDim = Some(dim)
	return o, nil
}
