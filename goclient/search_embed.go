package agentmemory

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"
)

// embedsQueries reports whether Search embeds query text on the client:
// with an Embedder, on VECTOR stores only (docs/protocol-search.md §9).
// KEYWORD does not embed and HYBRID must use its in-database model.
func (s *Store) embedsQueries() bool {
	if s.searchEmbedder() == nil {
		return false
	}
	strategy := s.searchStrategy()
	if strategy == "" {
		strategy = s.Info().Config.SearchStrategy
	}
	return oneOf(strategy, Vector)
}

// embedQuery replaces w.Query by its embedding: a query of at most
// chunking.max characters is one chunk in either chunking unit (every word
// has a character), so it is embedded as is; a longer one is split by the
// package's chunk_text first (one round trip) so that the chunks are the
// package's. The chunks are embedded in one Embed call and sent as
// query_vector (one chunk) or query_vectors (several, in order).
func (s *Store) embedQuery(ctx context.Context, op string, w *searchWire) error {
	cfg := s.Info().Config
	chunks := []string{w.Query}
	if max := cfg.Chunking.Max; max <= 0 || utf8.RuneCountInString(w.Query) > max {
		lists, err := s.chunkText(ctx, op, chunks)
		if err != nil {
			return err
		}
		if len(lists[0]) == 0 {
			return nil // no chunk to embed: the package words what is wrong
		}
		chunks = lists[0]
	}
	vectors, err := s.searchEmbedder().Embed(ctx, chunks)
	if err != nil {
		return fmt.Errorf("agentmemory: %s: embedding the query: %w", op, err)
	}
	if err := checkEmbeddings(vectors, len(chunks), 0, 0); err != nil {
		return &EmbeddingServiceError{Op: op, Message: "embedding the query: " + err.Error()}
	}
	if dim, ok := cfg.VectorDim.Get(); ok && len(vectors[0]) != dim {
		return &Error{Code: 20105, Name: "INCOMPATIBLE_STORE", Op: op, Message: fmt.Sprintf(
			"INCOMPATIBLE_STORE: the Embedder produces %d-dimension vectors; %s has vector_dim %d: use an embedder of the store's dimension",
			len(vectors[0]), searchStoreName(s.ID()), dim)}
	}
	w.Query = ""
	if len(vectors) == 1 {
		w.QueryVector = vectors[0]
	} else {
		w.QueryVectors = vectors
	}
	return nil
}

// The Store keeps what Open was given in store.go; these interfaces ask for
// it without naming the Store's fields (records_embed.go asks for the
// embedder the same way).
type (
	openedEmbedderSource interface{ openedEmbedder() Embedder }
	openedStrategySource interface{ openedSearchStrategy() SearchStrategy }
)

// searchEmbedder returns the Embedder the store was opened with
// (StoreOptions.Embedder), nil for none.
func (s *Store) searchEmbedder() Embedder {
	if src, ok := any(s).(openedEmbedderSource); ok {
		return src.openedEmbedder()
	}
	return nil
}

// searchStrategy returns the strategy the store was opened with, upper
// case: what Search sends as search_strategy. "" when Open was given none,
// so the stored strategy applies.
func (s *Store) searchStrategy() SearchStrategy {
	if src, ok := any(s).(openedStrategySource); ok {
		return SearchStrategy(strings.ToUpper(string(src.openedSearchStrategy())))
	}
	return ""
}
