package agentmemory

import (
	"regexp"
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
// Embedder is the seed's embedder argument. VectorDim is not inferred from
// it: pass VectorDim, or let the package take it from EmbeddingModel.
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
	// (KEYWORD or HYBRID stores). Omitted: the stored value; a new VECTOR
	// store needs one.
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

var (
	// storeIDPattern is the seed's rule for memory_store_id.
	storeIDPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,15}$`)
	// prefixPattern: a store id and the underscore that joins it to object
	// names, as the package spec defines table_name_prefix.
	prefixPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,15}_$`)
	// userPattern is an unquoted Oracle identifier (128 bytes since 12.2):
	// schema owners and grantees.
	userPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_$#]{0,127}$`)
)

const (
	ruleStoreID  = "must start with a letter and hold only letters, digits and underscores, at most 16 characters"
	ruleUser     = "must be an unquoted Oracle user name: a letter, then letters, digits, _, $ or #, at most 128 characters"
	maxVectorDim = 65535 // Oracle's largest VECTOR dimension count
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

// isCreating reports whether p may create objects: what an omitted
// search_strategy then defaults to is VECTOR, not the stored strategy.
func (p SchemaPolicy) isCreating() bool {
	return oneOf(p, CreateIfEmpty, CreateIfNecessary, Recreate)
}

// Validate checks what the client can check before calling the database,
// and returns an *Error of class INVALID_ARGUMENT (ErrInvalidArgument) naming
// the field, the value and the rule. The package remains the authority: it
// checks everything again, and everything that needs the database.
func (o StoreOptions) Validate() error { return o.validate("StoreOptions.Validate") }

func (o StoreOptions) validate(op string) error {
	bad := func(format string, args ...any) error { return invalidArgument(op, format, args...) }
	if o.MemoryStoreID != "" && !storeIDPattern.MatchString(o.MemoryStoreID) {
		return bad("MemoryStoreID %q %s", o.MemoryStoreID, ruleStoreID)
	}
	if o.TableNamePrefix != "" {
		if o.MemoryStoreID != "" {
			return bad("MemoryStoreID %q and TableNamePrefix %q are both set; give only MemoryStoreID (TableNamePrefix is deprecated)",
				o.MemoryStoreID, o.TableNamePrefix)
		}
		if !prefixPattern.MatchString(o.TableNamePrefix) {
			return bad("TableNamePrefix %q must be a store id followed by an underscore, e.g. MEM01_: the id %s", o.TableNamePrefix, ruleStoreID)
		}
	}
	if o.SchemaPolicy != "" && !oneOf(o.SchemaPolicy, RequireExisting, CreateIfEmpty, CreateIfNecessary, Recreate, NoCheck) {
		return bad("SchemaPolicy %q must be one of REQUIRE_EXISTING, CREATE_IF_EMPTY, CREATE_IF_NECESSARY, RECREATE, NO_CHECK", o.SchemaPolicy)
	}
	if o.SchemaOwner != "" {
		if !userPattern.MatchString(o.SchemaOwner) {
			return bad("SchemaOwner %q %s", o.SchemaOwner, ruleUser)
		}
		if o.SchemaPolicy != "" && !oneOf(o.SchemaPolicy, RequireExisting, NoCheck) {
			return bad("SchemaOwner %q cannot be used with SchemaPolicy %s: another schema's store is opened with REQUIRE_EXISTING or NO_CHECK; create, repair or recreate it connected as its owner",
				o.SchemaOwner, strings.ToUpper(string(o.SchemaPolicy)))
		}
	}
	if o.SearchStrategy != "" && !oneOf(o.SearchStrategy, Vector, Keyword, Hybrid) {
		return bad("SearchStrategy %q must be one of VECTOR, KEYWORD, HYBRID", o.SearchStrategy)
	}
	if o.SearchIndexSync != "" && !oneOf(o.SearchIndexSync, OnCommit, Manual, Auto) {
		return bad("SearchIndexSync %q must be one of ON_COMMIT, MANUAL, AUTO", o.SearchIndexSync)
	}
	if oneOf(o.SearchIndexSync, Auto) {
		// Omitted strategy: only a creating policy is known to mean VECTOR.
		if (o.SearchStrategy != "" && !oneOf(o.SearchStrategy, Hybrid)) || (o.SearchStrategy == "" && o.SchemaPolicy.isCreating()) {
			strategy := strings.ToUpper(string(o.SearchStrategy))
			if strategy == "" {
				strategy = "VECTOR (the default)"
			}
			return bad("SearchIndexSync (search_index_sync) AUTO needs SearchStrategy HYBRID, not %s; use ON_COMMIT or MANUAL", strategy)
		}
	}
	if d, ok := o.VectorDim.Get(); ok && (d < 1 || d > maxVectorDim) {
		return bad("VectorDim %d must be between 1 and %d; use None for no local vectors", d, maxVectorDim)
	}
	if o.VectorDim.IsNone() && oneOf(o.SearchStrategy, Vector) {
		return bad("VectorDim None leaves the store without local vectors, which SearchStrategy VECTOR needs; give the dimension or use KEYWORD")
	}
	if m, ok := o.EmbeddingModel.Get(); ok && strings.TrimSpace(m) == "" {
		return bad("EmbeddingModel %q must name an in-database model; use None for no model", m)
	}
	if o.EmbeddingModel.IsNone() && oneOf(o.SearchStrategy, Hybrid) {
		return bad("EmbeddingModel None: SearchStrategy HYBRID needs an in-database embedding model")
	}
	if r := o.MemoryRetentionConfig; r != nil {
		if err := r.validate(bad); err != nil {
			return err
		}
	}
	if c := o.Chunking; c != nil {
		if err := c.validate(bad); err != nil {
			return err
		}
	}
	return nil
}

func (r RetentionConfig) validate(bad func(string, ...any) error) error {
	def, hasDef := r.DefaultTTLDays.Get()
	maxTTL, hasMax := r.MaxTTLDays.Get()
	if hasDef && def < 1 {
		return bad("MemoryRetentionConfig.DefaultTTLDays %d must be positive; use None for no default expiry", def)
	}
	if hasMax && maxTTL < 1 {
		return bad("MemoryRetentionConfig.MaxTTLDays %d must be positive; use None for no maximum", maxTTL)
	}
	if hasDef && hasMax && def > maxTTL {
		return bad("MemoryRetentionConfig.DefaultTTLDays %d exceeds MaxTTLDays %d; the default must not be above the maximum", def, maxTTL)
	}
	return nil
}

func (c ChunkingConfig) validate(bad func(string, ...any) error) error {
	if c.Max < 0 {
		return bad("Chunking.Max %d must be positive; 0 means the default (200)", c.Max)
	}
	if c.Overlap < 0 {
		return bad("Chunking.Overlap %d must not be negative", c.Overlap)
	}
	if c.Max > 0 && c.Overlap >= c.Max {
		return bad("Chunking.Overlap %d must be smaller than Chunking.Max %d", c.Overlap, c.Max)
	}
	if c.By != "" && !oneOf(c.By, "words", "characters", "chars") {
		return bad("Chunking.By %q must be one of words, characters, chars", c.By)
	}
	if c.Split != "" && !oneOf(c.Split, "none", "newline", "blankline", "space", "recursively", "sentence") {
		return bad("Chunking.Split %q must be one of none, newline, blankline, space, recursively, sentence", c.Split)
	}
	if oneOf(c.Split, "sentence") && oneOf(c.By, "characters", "chars") {
		return bad("Chunking.Split sentence works only with Chunking.By words, not %q", c.By)
	}
	if c.Normalize != "" && !oneOf(c.Normalize, "none", "all") {
		return bad("Chunking.Normalize %q must be one of none, all", c.Normalize)
	}
	return nil
}

// validateStoreID checks a store id given to a call that names a store;
// empty is the default store.
func validateStoreID(op, id string) error {
	if id != "" && !storeIDPattern.MatchString(id) {
		return invalidArgument(op, "store id %q %s; empty names the default store", id, ruleStoreID)
	}
	return nil
}

// validateUser checks a schema owner or grantee argument; empty is allowed
// only where allowEmpty says so.
func validateUser(op, arg, name string, allowEmpty bool) error {
	if name == "" && allowEmpty {
		return nil
	}
	if !userPattern.MatchString(name) {
		return invalidArgument(op, "%s %q %s", arg, name, ruleUser)
	}
	return nil
}
