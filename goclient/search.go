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
	// Query is the text to search for. VECTOR stores embed it with their
	// in-database model, or with StoreOptions.Embedder on the client (see
	// Store.Search); KEYWORD and HYBRID stores search its words. "" = not
	// given.
	Query string
	// QueryVector is a query embedding computed by the caller (VECTOR and
	// HYBRID stores), of the store's dimension. nil = not given (an empty
	// non-nil slice is sent, and refused by the package).
	QueryVector []float32
	// QueryVectors are embeddings of the chunks of a long query, in order;
	// their rankings are fused (reciprocal-rank fusion). nil = not given.
	QueryVectors [][]float32
	// K is the number of results; 0: the package default, 10.
	K int
	// UserID, AgentID, ThreadID: omitted = any; None = unscoped records
	// only; Some(id) = exactly id (case-sensitive).
	UserID   Optional[string]
	AgentID  Optional[string]
	ThreadID Optional[string]
	// RecordTypes restricts the result to these types. nil: the default
	// types, every type but thread_summary and thread.
	RecordTypes []RecordType
	// ExcludeInvalid leaves out records the package treats as invalid
	// (include_invalid_results false); false: the package default, which
	// returns them too.
	ExcludeInvalid bool
	// MetadataFilter: omitted = no filtering; None = only records without
	// metadata; Some(f) = records matching f (see Filter).
	MetadataFilter Optional[Filter]
	// NumHops is the number of relation hops followed from each result; 0:
	// none.
	NumHops int
	// MaxLinkedResults bounds the linked records attached to each direct
	// result, across all hops: omitted = the package default, 100;
	// Some(0) = direct results without linked records (the seed's 0). None
	// is sent as null, which the package refuses.
	MaxLinkedResults Optional[int]
}

// searchWire is the search request as sent: the caller's request plus the
// strategy the Store was opened with, which SearchRequest does not expose
// (the seed's search has no strategy argument; a KEYWORD client of a HYBRID
// store searches with KEYWORD).
type searchWire struct {
	Query                 string           `json:"query,omitempty"`
	QueryVector           []float32        `json:"query_vector,omitzero"`
	QueryVectors          [][]float32      `json:"query_vectors,omitzero"`
	K                     int              `json:"k,omitempty"`
	UserID                Optional[string] `json:"user_id,omitzero"`
	AgentID               Optional[string] `json:"agent_id,omitzero"`
	ThreadID              Optional[string] `json:"thread_id,omitzero"`
	RecordTypes           []RecordType     `json:"record_types,omitzero"`
	IncludeInvalidResults *bool            `json:"include_invalid_results,omitempty"`
	MetadataFilter        Optional[Filter] `json:"metadata_filter,omitzero"`
	NumHops               int              `json:"num_hops,omitempty"`
	MaxLinkedResults      Optional[int]    `json:"max_linked_results,omitzero"`
	SearchStrategy        SearchStrategy   `json:"search_strategy,omitempty"`
}

// MarshalJSON writes r as the search request (without the strategy).
func (r SearchRequest) MarshalJSON() ([]byte, error) { return marshalNoEscape(r.wire("")) }

// wire returns what Search sends for r on a store opened with strategy.
func (r SearchRequest) wire(strategy SearchStrategy) searchWire {
	w := searchWire{Query: r.Query, QueryVector: r.QueryVector, QueryVectors: r.QueryVectors, K: r.K,
		UserID: r.UserID, AgentID: r.AgentID, ThreadID: r.ThreadID, RecordTypes: r.RecordTypes,
		MetadataFilter: r.MetadataFilter, NumHops: r.NumHops, MaxLinkedResults: r.MaxLinkedResults,
		SearchStrategy: strategy}
	if r.ExcludeInvalid {
		f := false
		w.IncludeInvalidResults = &f
	}
	return w
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
	// Relation is the stored relation (source -> target orientation) whose
	// far end is Record.
	Relation Relation `json:"relation"`
	Record   Record   `json:"record"`
}

// UnmarshalJSON decodes a response in one pass: every record is read into
// a readRecord as the whole document is parsed, then typed by record_type
// (a json.RawMessage per record would parse each one twice).
func (res *SearchResult) UnmarshalJSON(data []byte) error {
	var w struct {
		SearchStrategy SearchStrategy `json:"search_strategy"`
		QueryChunks    int            `json:"query_chunks"`
		Results        []struct {
			Record        readRecord `json:"record"`
			Distance      *float64   `json:"distance"`
			LinkedResults []struct {
				Relation *Relation  `json:"relation"`
				Record   readRecord `json:"record"`
			} `json:"linked_results"`
		} `json:"results"`
		Warnings []string `json:"warnings"`
	}
	if err := decodeNumbers(data, &w); err != nil {
		return err
	}
	out := SearchResult{SearchStrategy: w.SearchStrategy, QueryChunks: w.QueryChunks, Warnings: w.Warnings,
		Results: make([]SearchHit, len(w.Results))}
	for i := range w.Results {
		h := &w.Results[i]
		if h.Distance == nil {
			return fmt.Errorf("results[%d]: search result without distance", i)
		}
		wr := h.Record.wire()
		rec, err := buildRecord(&wr, modeRead)
		if err != nil {
			return fmt.Errorf("results[%d]: search result record: %w", i, err)
		}
		hit := SearchHit{Record: rec, Distance: *h.Distance, LinkedResults: make([]LinkedResult, len(h.LinkedResults))}
		for j := range h.LinkedResults {
			l := &h.LinkedResults[j]
			lw := l.Record.wire()
			lr, err := buildRecord(&lw, modeRead)
			if err != nil {
				return fmt.Errorf("results[%d].linked_results[%d]: linked result record: %w", i, j, err)
			}
			if l.Relation == nil || l.Relation.ID == "" {
				return fmt.Errorf("results[%d].linked_results[%d]: linked result without its relation id", i, j)
			}
			hit.LinkedResults[j] = LinkedResult{Relation: *l.Relation, Record: lr}
		}
		out.Results[i] = hit
	}
	*res = out
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
// The package checks the request; it raises ErrInvalidArgument,
// ErrIncompatibleStore, ErrNotFound, ErrStoreBroken, ErrSchemaOutdated,
// ErrSchemaMissing, ErrUnsupportedRelease and ErrEmbeddingFailed. An
// Embedder whose vectors do not have the store's dimension is
// ErrIncompatibleStore; its own failures are returned wrapped (errors.Is
// finds the embedder's sentinel).
func (s *Store) Search(ctx context.Context, req SearchRequest) (*SearchResult, error) {
	const op = "Store.Search"
	w := req.wire(s.searchStrategy())
	if w.Query != "" && w.QueryVector == nil && w.QueryVectors == nil && s.embedsQueries() {
		if err := s.embedQuery(ctx, op, &w); err != nil {
			return nil, err
		}
	}
	body, err := marshalNoEscape(w)
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

// ChunkText splits texts with the store's chunking
// configuration, as the package chunks record text and queries: one list of
// chunk texts per text, in order, [] for a text without a non-space
// character. It is for clients that embed themselves, so chunks and
// vectors stay aligned. One database round trip, read-only.
func (s *Store) ChunkText(ctx context.Context, texts []string) ([][]string, error) {
	return s.chunkText(ctx, "Store.ChunkText", texts)
}

// maxChunkTexts is how many texts client-side embedding sends per
// chunk_text call (the package's bound on one request).
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
// synchronized, so commit it first. Stores of the connected schema only.
// VECTOR stores have no text index: the package raises ErrInvalidArgument.
func (s *Store) SyncSearchIndex(ctx context.Context) error {
	const op = "Store.SyncSearchIndex"
	// No transaction of the client's: the procedure commits its own
	// autonomous one, and the caller's work is not its to commit.
	defer s.holdSession()()
	return callProc(ctx, s.db, op, blockSyncSearchIndex, sql.Named("b_store_id", s.ID()))
}

// searchCall runs a read-only facade function (search, chunk_text) for the
// store and decodes its response: one round trip on one session (see
// onSession), serialized on a session handle.
func (s *Store) searchCall(ctx context.Context, op, block string, out any, args ...any) error {
	defer s.holdSession()()
	return onSession(ctx, s.db, op, func(h DBTX) error {
		text, err := callFunc(ctx, h, op, block, args...)
		if err != nil {
			return err
		}
		return decodeResponse(op, text, out)
	})
}

// holdSession takes the store's session for one call, when its handle pins
// one, and returns the release.
func (s *Store) holdSession() func() {
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
