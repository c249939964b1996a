package agentmemory

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits of the search request (docs/protocol-search.md §2).
const (
	maxQueryChars     = 32767
	maxQueryVectors   = 16
	maxSearchK        = 1000
	maxNumHops        = 5
	maxLinkedResults  = 1000
	maxScopeIDChars   = 128
	queryQuoteChars   = 100 // a query is quoted in messages up to this many characters
	scopeIDQuoteChars = 60
)

// searchRecordTypes are the record types search accepts, in the order the
// package's message lists them.
var searchRecordTypes = []string{"message", "image", "memory", "fact", "guideline", "preference",
	"user_profile", "agent_profile", "thread_summary", "thread"}

// Validate checks what the client can check of r without the store, and
// returns an *Error of class INVALID_ARGUMENT (ErrInvalidArgument) naming the
// request key, the value and the rule, in the package's words. Store.Search
// also checks r against the store (strategy, dimension, model); the package
// checks everything again.
func (r SearchRequest) Validate() error { return r.validate("SearchRequest.Validate") }

func (r SearchRequest) validate(op string) error {
	bad := func(format string, args ...any) error { return invalidArgument(op, format, args...) }
	var given []string
	if r.Query != "" {
		given = append(given, "query")
	}
	if r.QueryVector != nil {
		given = append(given, "query_vector")
	}
	if r.QueryVectors != nil {
		given = append(given, "query_vectors")
	}
	if len(given) != 1 {
		return bad("exactly one of query, query_vector and query_vectors is required; got %s", searchListWords(given))
	}
	if r.Query != "" {
		if n := utf8.RuneCountInString(r.Query); n > maxQueryChars {
			return bad("query has %d characters; at most %d", n, maxQueryChars)
		}
		if strings.Trim(r.Query, queryASCIISpace) == "" {
			return bad("query %s must contain at least one non-space character", searchQuote(r.Query, queryQuoteChars))
		}
	}
	if r.QueryVector != nil {
		if err := checkQueryVector(op, "query_vector", r.QueryVector); err != nil {
			return err
		}
	}
	if r.QueryVectors != nil {
		if n := len(r.QueryVectors); n < 1 || n > maxQueryVectors {
			return bad("query_vectors has %d vectors; 1 to %d are allowed", n, maxQueryVectors)
		}
		for j, v := range r.QueryVectors {
			if err := checkQueryVector(op, fmt.Sprintf("query_vectors[%d]", j), v); err != nil {
				return err
			}
		}
	}
	if err := searchCheckWhole(op, "k", r.K, 1, maxSearchK); err != nil {
		return err
	}
	for _, sc := range []struct {
		key string
		v   Optional[string]
	}{{"user_id", r.UserID}, {"agent_id", r.AgentID}, {"thread_id", r.ThreadID}} {
		id, ok := sc.v.Get()
		if !ok {
			continue
		}
		if id == "" {
			return bad("%s '' is empty: use null for unscoped records", sc.key)
		}
		if n := utf8.RuneCountInString(id); n > maxScopeIDChars {
			return bad("%s %s has %d characters; at most %d", sc.key, searchQuote(id, scopeIDQuoteChars), n, maxScopeIDChars)
		}
	}
	if r.RecordTypes != nil {
		if len(r.RecordTypes) == 0 {
			return bad("record_types is empty: name at least one type, or omit it for the default types")
		}
		for _, t := range r.RecordTypes {
			if !knownSearchType(string(t)) {
				return bad("record_types %s is not a record type; allowed: %s", searchQuote(string(t), scopeIDQuoteChars), strings.Join(searchRecordTypes, ", "))
			}
		}
	}
	if r.IncludeInvalidResults.IsNone() {
		return bad("include_invalid_results null must be true or false")
	}
	if f, ok := r.MetadataFilter.Get(); ok {
		if _, err := encodeFilter(op, f); err != nil {
			return err
		}
	}
	if err := searchCheckWhole(op, "num_hops", r.NumHops, 0, maxNumHops); err != nil {
		return err
	}
	return searchCheckWhole(op, "max_linked_results", r.MaxLinkedResults, 0, maxLinkedResults)
}

// validate checks the request as sent, search_strategy included.
func (w searchWire) validate(op string) error {
	if w.SearchStrategy != "" && !oneOf(w.SearchStrategy, Vector, Keyword, Hybrid) {
		return invalidArgument(op, "search_strategy %s must be VECTOR, KEYWORD or HYBRID", searchQuote(string(w.SearchStrategy), scopeIDQuoteChars))
	}
	return w.SearchRequest.validate(op)
}

// checkQueryVector applies the rules of one query vector at key: non-empty,
// finite FLOAT32 values, not all zero (cosine distance needs a length).
func checkQueryVector(op, key string, v []float32) error {
	if len(v) == 0 {
		return invalidArgument(op, "%s is empty", key)
	}
	zero := true
	for i, x := range v {
		f := float64(x)
		if math.IsNaN(f) {
			return invalidArgument(op, "%s[%d] NaN must be a finite number", key, i)
		}
		if math.IsInf(f, 0) {
			return invalidArgument(op, "%s[%d] %v is outside the FLOAT32 range", key, i, f)
		}
		if x != 0 {
			zero = false
		}
	}
	if zero {
		return invalidArgument(op, "%s is all zeros: cosine distance is undefined", key)
	}
	return nil
}

// searchCheckWhole checks an Optional whole number key whose null is rejected.
func searchCheckWhole(op, key string, v Optional[int], lo, hi int) error {
	if v.IsOmitted() {
		return nil
	}
	n, ok := v.Get()
	if ok && n >= lo && n <= hi {
		return nil
	}
	text := "null"
	if ok {
		text = strconv.Itoa(n)
	}
	return invalidArgument(op, "%s %s must be a whole number from %d to %d", key, text, lo, hi)
}

func knownSearchType(t string) bool {
	for _, k := range searchRecordTypes {
		if strings.EqualFold(t, k) {
			return true
		}
	}
	return false
}

// queryASCIISpace is the whitespace of the query rules: ASCII only, so the client
// never rejects a query the package accepts.
const queryASCIISpace = "\t\n\v\f\r "

// searchQuote quotes a string value for a message as the package does:
// single quotes, cut after max characters with "...".
func searchQuote(s string, max int) string {
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max]) + "..."
	}
	return "'" + s + "'"
}

// searchListWords renders the keys given: "none", "a and b", "a, b and c".
func searchListWords(w []string) string {
	switch len(w) {
	case 0:
		return "none"
	case 1:
		return w[0]
	}
	return strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
}

// searchRequest checks req, alone and against the store, and returns what
// Store.Search sends.
func (s *Store) searchRequest(op string, req SearchRequest) (searchWire, error) {
	w := searchWire{SearchRequest: req, SearchStrategy: s.searchStrategy()}
	return w, s.checkSearch(op, w)
}

// checkSearch checks a request as sent, alone and against the store's
// configuration as Open reported it: strategy, vector dimension, model.
func (s *Store) checkSearch(op string, w searchWire) error {
	if err := w.validate(op); err != nil {
		return err
	}
	cfg := s.Info().Config
	strategy := cfg.SearchStrategy
	if w.SearchStrategy != "" {
		// A KEYWORD client may search a HYBRID store; any other difference
		// was refused by Open, and is refused here in the package's words.
		if !oneOf(w.SearchStrategy, strategy) && !(oneOf(w.SearchStrategy, Keyword) && oneOf(strategy, Hybrid)) {
			return &Error{Code: 20105, Name: "INCOMPATIBLE_STORE", Op: op, Message: fmt.Sprintf(
				"INCOMPATIBLE_STORE: search_strategy %s differs from the store's %s; omit search_strategy",
				strings.ToUpper(string(w.SearchStrategy)), strategy)}
		}
		strategy = w.SearchStrategy
	}
	req := w.SearchRequest
	vectorKey := ""
	switch {
	case req.QueryVector != nil:
		vectorKey = "query_vector"
	case req.QueryVectors != nil:
		vectorKey = "query_vectors"
	}
	switch {
	case oneOf(strategy, Keyword) && vectorKey != "":
		return invalidArgument(op, "%s cannot be used with search_strategy KEYWORD: keyword search ranks text; pass query", vectorKey)
	case oneOf(strategy, Vector) && vectorKey != "":
		dim, ok := cfg.VectorDim.Get()
		if !ok {
			return nil // the package names what is wrong with the store
		}
		vectors := req.QueryVectors
		if req.QueryVector != nil {
			vectors = [][]float32{req.QueryVector}
		}
		for j, v := range vectors {
			key := vectorKey
			if req.QueryVectors != nil {
				key = fmt.Sprintf("query_vectors[%d]", j)
			}
			if len(v) != dim {
				return invalidArgument(op, "%s has %d dimensions; the store's vectors have %d", key, len(v), dim)
			}
		}
	case oneOf(strategy, Vector) && req.Query != "":
		if cfg.EmbeddingModel.IsNone() && s.searchEmbedder() == nil {
			return invalidArgument(op, "query: %s has no in-database embedding model to embed the query; pass query_vector (embed on the client)",
				searchStoreName(s.ID()))
		}
	}
	return nil
}
