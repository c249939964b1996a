package agentmemory

import (
	"encoding/json"
	"fmt"
)

// The Go values of thread search and the context card
// (docs/protocol-threads.md §7d, T42-T52). A zero field is left out, so
// the package's default applies.

// ThreadSearchRequest is the seed's thread search arguments (Thread.Search).
// Give exactly one of Query, QueryVector and QueryVectors.
type ThreadSearchRequest struct {
	// Query, QueryVector, QueryVectors as SearchRequest's.
	Query        string
	QueryVector  []float32
	QueryVectors [][]float32
	// MaxResults is the number of results (the search's k, T43); 0: the
	// package default, 10.
	MaxResults int
	// UserID, AgentID, ThreadID: omitted, the thread's stored id; None,
	// records unscoped on that dimension; Some(id), that id. A dimension
	// is constrained only when its exact match is true (T42).
	UserID, AgentID, ThreadID Optional[string]
	// ExactUserMatch, ExactAgentMatch, ExactThreadMatch: omitted, the
	// thread default (true for user and agent, false for thread, so other
	// threads of the same user and agent are found); Some(b), b. None is
	// sent as null, which the package refuses.
	ExactUserMatch, ExactAgentMatch, ExactThreadMatch Optional[bool]
	// RecordTypes, ExcludeInvalid, MetadataFilter, NumHops and
	// MaxLinkedResults as SearchRequest's.
	RecordTypes      []RecordType
	ExcludeInvalid   bool
	MetadataFilter   Optional[Filter]
	NumHops          int
	MaxLinkedResults Optional[int]
	// TokenBudget is a hard budget over the formatted results (T45): the
	// results stop before the first that would pass it; 0 or negative:
	// none.
	TokenBudget int
	// SoftTokenBudget is a target (T45): the results stop once it is
	// reached, the result reaching it kept; 0 or negative: none.
	SoftTokenBudget int
}

// CardOptions are the options of Thread.ContextCard (the seed's
// get_context_card, T46-T52).
type CardOptions struct {
	// FallbackMessageCount is how many messages the transcript summary
	// covers when the thread has no durable summary; 0: 5.
	FallbackMessageCount int
	// MaxRelevantResults bounds the relevant results: omitted, 5 (or the
	// sum of MinRelevantResultsByType when given); Some(0), none; Some(n),
	// n (at least the sum of the minimums). None means omitted (T46).
	MaxRelevantResults Optional[int]
	// MinRelevantResultsByType are minimums per type (message, memory,
	// guideline, fact, preference), searched first (T47); nil: none.
	MinRelevantResultsByType map[RecordType]int
	// MaxRecentMessages is how many of the thread's last messages the card
	// carries; 0: none.
	MaxRecentMessages int
	// ExceptLastMessages leaves the thread's last messages out of the
	// summary and the results; then MaxRecentMessages is 0 or equal to it
	// (T48).
	ExceptLastMessages int
	// TokenBudget and SoftTokenBudget apply to the relevant results only,
	// as ThreadSearchRequest's (T52).
	TokenBudget, SoftTokenBudget int
	// MetadataFilter as SearchRequest's.
	MetadataFilter Optional[Filter]
	// ExcludeInvalid leaves out invalid records; false: the package
	// default, which includes them.
	ExcludeInvalid bool
	// QueryVector replaces the summary text as the query (T50): for VECTOR
	// stores without an in-database model, the caller's embedding of the
	// text Thread.Summary returns. nil: the summary text is the query.
	QueryVector []float32
}

// ContextCard is what Thread.ContextCard returns (the seed's
// OracleContextCard): the structured card and its rendering.
type ContextCard struct {
	// Summary is the durable thread summary or the transcript fallback
	// (T49); SummarySource says which.
	Summary       string        `json:"summary"`
	SummarySource SummarySource `json:"summary_source"`
	// Topics are empty until an LLM extracts topics.
	Topics []string `json:"topics"`
	// RelevantResults are search hits, budgets applied (T47, T52).
	RelevantResults []SearchHit `json:"relevant_results"`
	// RecentMessages are the thread's last MaxRecentMessages messages,
	// oldest first, without image bytes (T51).
	RecentMessages []*MessageRecord `json:"recent_messages"`
	// Content is the card rendered in the XML-like format of T44 (the
	// seed's formatted_content), "" for an empty card.
	Content string `json:"content"`
	// Warnings collects the searches' warnings.
	Warnings []string `json:"warnings"`
}

// cardResponse is the package's card as read, in one pass (metadata numbers
// as json.Number); Thread.ContextCard types its records.
type cardResponse struct {
	Summary         *string         `json:"summary"`
	SummarySource   SummarySource   `json:"summary_source"`
	Topics          []string        `json:"topics"`
	RelevantResults json.RawMessage `json:"relevant_results"`
	RecentMessages  *[]readRecord   `json:"recent_messages"`
	Content         *string         `json:"content"`
	Warnings        []string        `json:"warnings"`
}

// UnmarshalJSON keeps metadata numbers as json.Number.
func (r *cardResponse) UnmarshalJSON(data []byte) error {
	type plain cardResponse
	return decodeNumbers(data, (*plain)(r))
}

// card builds the ContextCard of r: relevant results as a search
// response's results, recent messages as message records.
func (r *cardResponse) card(op string) (*ContextCard, error) {
	if r.Summary == nil || r.Content == nil || r.SummarySource == "" {
		return nil, malformed(op, fmt.Errorf(`no "summary", "summary_source" or "content"`))
	}
	if kindOf(r.RelevantResults) != '[' {
		return nil, malformed(op, fmt.Errorf(`no "relevant_results" list`))
	}
	var hits SearchResult
	if err := hits.UnmarshalJSON([]byte(`{"results":` + string(r.RelevantResults) + `}`)); err != nil {
		return nil, malformed(op, fmt.Errorf("relevant_results: %w", err))
	}
	msgs, err := typedRecords[*MessageRecord](op, "recent_messages", r.RecentMessages)
	if err != nil {
		return nil, err
	}
	return &ContextCard{Summary: *r.Summary, SummarySource: r.SummarySource, Topics: nonNil(r.Topics),
		RelevantResults: hits.Results, RecentMessages: msgs, Content: *r.Content, Warnings: nonNil(r.Warnings)}, nil
}

// nonNil returns s, or an empty slice for nil (encoded [] as the package
// writes it).
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
