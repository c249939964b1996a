package agentmemory

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// SearchRequest is the seed's store.search arguments (docs/protocol-search.md
// §2). Give exactly one of Query, QueryVector and QueryVectors.
//
// The scope keys keep the seed's three states per dimension: omitted (the
// zero value) leaves the dimension unconstrained (exact_*_match=False);
// None matches only records unscoped on that dimension; Some(id) matches
// that id exactly. A profile's scope is its actor id on its own dimension
// (UserID for user profiles, AgentID for agent profiles) and None on the
// others; a thread's ThreadID scope is its own id.
type SearchRequest struct {
	// Query is the text to search for: at least one non-space character, at
	// most 32767 characters. VECTOR stores embed it with their in-database
	// model, or with StoreOptions.Embedder on the client (see Store.Search);
	// KEYWORD and HYBRID stores search its words. "" = not given.
	Query string `json:"query,omitempty"`
	// QueryVector is a query embedding computed by the caller (VECTOR and
	// HYBRID stores): finite FLOAT32 values, not all zero, of the store's
	// dimension. nil = not given.
	QueryVector []float32 `json:"query_vector,omitempty"`
	// QueryVectors are 1 to 16 embeddings of the chunks of a long query, in
	// order; their rankings are fused (reciprocal-rank fusion). nil = not
	// given.
	QueryVectors [][]float32 `json:"query_vectors,omitempty"`
	// K is the number of results, 1..1000. Omitted: 10.
	K Optional[int] `json:"k,omitzero"`
	// UserID, AgentID, ThreadID: omitted = any; None = unscoped records
	// only; Some(id) = exactly id (1..128 characters, case-sensitive).
	UserID   Optional[string] `json:"user_id,omitzero"`
	AgentID  Optional[string] `json:"agent_id,omitzero"`
	ThreadID Optional[string] `json:"thread_id,omitzero"`
	// RecordTypes restricts the result to these types (duplicates ignored).
	// nil: the default types, every type but thread_summary and thread.
	RecordTypes []RecordType `json:"record_types,omitempty"`
	// IncludeInvalidResults: Some(false) returns VALID records only.
	// Omitted: true (INVALID records are returned too).
	IncludeInvalidResults Optional[bool] `json:"include_invalid_results,omitzero"`
	// MetadataFilter: omitted = no filtering; None = only records without
	// metadata; Some(f) = records matching f (see Filter).
	MetadataFilter Optional[Filter] `json:"metadata_filter,omitzero"`
	// NumHops is the number of relation hops followed from each result,
	// 0..5. Omitted: 0. Graph expansion comes with relations: until the
	// package has them it rejects 1..5.
	NumHops Optional[int] `json:"num_hops,omitzero"`
	// MaxLinkedResults bounds the linked records per result, 0..1000.
	// Omitted: 100. No effect at 0 hops.
	MaxLinkedResults Optional[int] `json:"max_linked_results,omitzero"`
}

// searchWire is the search request as sent: the caller's request plus the
// strategy the Store was opened with, which SearchRequest does not expose
// (the seed's search has no strategy argument; a KEYWORD client of a HYBRID
// store searches with KEYWORD).
type searchWire struct {
	SearchRequest
	SearchStrategy SearchStrategy `json:"search_strategy,omitempty"`
}

// SearchResult is the response of a search.
type SearchResult struct {
	// SearchStrategy is the strategy used (KEYWORD for a KEYWORD client of
	// a HYBRID store).
	SearchStrategy SearchStrategy `json:"search_strategy"`
	// QueryChunks is the number of query chunks searched; above 1 the
	// distances come from reciprocal-rank fusion (docs/protocol-search.md §6).
	QueryChunks int `json:"query_chunks"`
	// Results are ordered by ascending Distance, then record id and type;
	// at most K, possibly fewer.
	Results []SearchHit `json:"results"`
	// Warnings of the package, e.g. a keyword query cut to 4000 bytes.
	Warnings []string `json:"warnings"`
}

// SearchHit is one result: a record, its distance to the query and the
// records linked to it by graph expansion.
type SearchHit struct {
	// Record is the typed record, as Store.Get returns it.
	Record Record `json:"record"`
	// Distance: VECTOR, cosine distance in [0, 2]; KEYWORD and HYBRID,
	// 1 - score/100 in [0, 1]; fused (QueryChunks > 1), in [0, 1). Only the
	// order is comparable across strategies.
	Distance float64 `json:"distance"`
	// LinkedResults are the records reached over relations (empty at 0
	// hops).
	LinkedResults []LinkedResult `json:"linked_results"`
}

// LinkedResult is a record reached by graph expansion and the relation it
// was reached through (the seed's (RecordRelation, Record) pair).
type LinkedResult struct {
	// Relation is the relation object, kept as JSON until the relations
	// calls give it a Go type.
	Relation json.RawMessage `json:"relation"`
	Record   Record          `json:"record"`
}

// UnmarshalJSON decodes a result, its record by record_type.
func (h *SearchHit) UnmarshalJSON(data []byte) error {
	var w struct {
		Record        json.RawMessage `json:"record"`
		Distance      *float64        `json:"distance"`
		LinkedResults []LinkedResult  `json:"linked_results"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	if w.Distance == nil {
		return fmt.Errorf("search result without distance")
	}
	r, err := decodeRecord(w.Record)
	if err != nil {
		return fmt.Errorf("search result record: %w", err)
	}
	*h = SearchHit{Record: r, Distance: *w.Distance, LinkedResults: w.LinkedResults}
	return nil
}

// UnmarshalJSON decodes a linked result, its record by record_type.
func (l *LinkedResult) UnmarshalJSON(data []byte) error {
	var w struct {
		Relation json.RawMessage `json:"relation"`
		Record   json.RawMessage `json:"record"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	r, err := decodeRecord(w.Record)
	if err != nil {
		return fmt.Errorf("linked result record: %w", err)
	}
	*l = LinkedResult{Relation: w.Relation, Record: r}
	return nil
}

// The facade calls of search (docs/protocol-search.md §1).
const (
	blockSearch          = `begin :b_res := dbms_agent_memory_store.search(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockChunkText       = `begin :b_res := dbms_agent_memory_store.chunk_text(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockSyncSearchIndex = `begin dbms_agent_memory_store.sync_search_index(p_store_id => :b_store_id); end;`
)

// Search finds the records nearest to a query (the seed's store.search):
// one call of the package's search function, read-only.
//
// Round trips. With Query on a store with an in-database model, or on a
// KEYWORD or HYBRID store: one database round trip. With
// StoreOptions.Embedder on a VECTOR store the client embeds the query
// (docs/protocol-search.md §9): a query of at most the store's chunking.max
// characters is one chunk, so one HTTP call to the embedder and one search
// call; a longer one is first split by the package's chunk_text (one more
// round trip), then its chunks are embedded in one HTTP call and searched
// as QueryVectors, their rankings fused. HYBRID stores always embed with
// their in-database model and KEYWORD stores do not embed, whatever the
// Embedder. With QueryVector or QueryVectors nothing is embedded.
//
// The request is checked first (errors name the key and the rule, as the
// package words them): ErrInvalidArgument, and ErrIncompatibleStore for an
// Embedder whose vectors do not have the store's dimension. The package
// checks everything again; it raises ErrInvalidArgument,
// ErrIncompatibleStore, ErrNotFound, ErrStoreBroken, ErrSchemaOutdated,
// ErrSchemaMissing, ErrUnsupportedRelease and ErrEmbeddingFailed. Embedder
// failures are returned wrapped (errors.Is finds the embedder's sentinel).
func (s *Store) Search(ctx context.Context, req SearchRequest) (*SearchResult, error) {
	const op = "Store.Search"
	w, err := s.searchRequest(op, req)
	if err != nil {
		return nil, err
	}
	if w.Query != "" && s.embedsQueries() {
		if err := s.embedQuery(ctx, op, &w); err != nil {
			return nil, err
		}
	}
	body, err := json.Marshal(w)
	if err != nil {
		return nil, fmt.Errorf("agentmemory: %s: encoding the request: %w", op, err)
	}
	var res SearchResult
	err = s.searchCall(ctx, op, blockSearch, &res,
		sql.Named("b_store_id", s.ID()), sql.Named("b_request", clobIn(string(body))), sql.Named("b_schema_owner", s.owner))
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// ChunkText splits texts (1 to 1000 strings) with the store's chunking
// configuration, as the package chunks record text and queries: one list of
// chunk texts per text, in order, [] for a text without a non-space
// character. It is for clients that embed themselves, so chunks and
// vectors stay aligned. One database round trip, read-only.
func (s *Store) ChunkText(ctx context.Context, texts []string) ([][]string, error) {
	const op = "Store.ChunkText"
	if len(texts) < 1 || len(texts) > maxChunkTexts {
		return nil, invalidArgument(op, "texts has %d strings; 1 to %d are allowed", len(texts), maxChunkTexts)
	}
	return s.chunkText(ctx, op, texts)
}

const maxChunkTexts = 1000

func (s *Store) chunkText(ctx context.Context, op string, texts []string) ([][]string, error) {
	body, err := json.Marshal(struct {
		Texts []string `json:"texts"`
	}{texts})
	if err != nil {
		return nil, fmt.Errorf("agentmemory: %s: encoding the request: %w", op, err)
	}
	var res struct {
		Chunks [][]string `json:"chunks"`
	}
	err = s.searchCall(ctx, op, blockChunkText, &res,
		sql.Named("b_store_id", s.ID()), sql.Named("b_request", clobIn(string(body))), sql.Named("b_schema_owner", s.owner))
	if err != nil {
		return nil, err
	}
	if len(res.Chunks) != len(texts) {
		return nil, fmt.Errorf("agentmemory: %s: malformed response from the package: %d chunk lists for %d texts", op, len(res.Chunks), len(texts))
	}
	return res.Chunks, nil
}

// SyncSearchIndex synchronizes the store's Oracle Text or hybrid vector
// index (CTX_DDL.SYNC_INDEX), so that text written since the last sync is
// searchable: needed after writes with SearchIndexSync Manual, and a way to
// wait for Auto. It runs in an autonomous transaction and commits it (the
// sync commits); the caller's pending work is neither committed nor
// synchronized, so commit it first. Stores of the connected schema only: a
// Store opened with a SchemaOwner is refused. VECTOR stores have no text
// index: ErrInvalidArgument.
func (s *Store) SyncSearchIndex(ctx context.Context) error {
	const op = "Store.SyncSearchIndex"
	if s.owner != "" {
		return invalidArgument(op, "the store was opened with SchemaOwner %s; sync_search_index works on stores of the connected schema only: connect as the owner", s.owner)
	}
	if oneOf(s.Info().Config.SearchStrategy, Vector) {
		return invalidArgument(op, "%s uses VECTOR search, which has no text index to synchronize", searchStoreName(s.ID()))
	}
	// No transaction of the client's: the procedure commits its own
	// autonomous one, and the caller's work is not its to commit.
	defer s.searchHoldSession()()
	return callProc(ctx, s.db, op, blockSyncSearchIndex, sql.Named("b_store_id", s.ID()))
}

// searchCall runs a read-only facade function (search, chunk_text) for the
// store and decodes its response: one round trip on one session (see
// onSession), serialized on a session handle.
func (s *Store) searchCall(ctx context.Context, op, block string, out any, args ...any) error {
	defer s.searchHoldSession()()
	return onSession(ctx, s.db, op, func(h DBTX) error {
		text, err := callFunc(ctx, h, op, block, args...)
		if err != nil {
			return err
		}
		return decodeResponse(op, text, out)
	})
}

// searchHoldSession takes the store's session for one call, when its handle
// pins one, and returns the release.
func (s *Store) searchHoldSession() func() {
	if s.session == nil {
		return func() {}
	}
	s.session.Lock()
	return s.session.Unlock
}

// searchStoreName names a store in messages as the package does.
func searchStoreName(id string) string {
	if id == "" {
		return "the default store"
	}
	return "store " + id
}
