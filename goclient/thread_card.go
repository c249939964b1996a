package agentmemory

import "context"

// Thread search and the context card (docs/protocol-threads.md §7d): one
// read-only package call each, in AGENTMEM_THREAD_CARD; the package owns
// the default scope, the budgets, the card's assembly and its rendering.

const (
	blockThreadSearch         = `begin :b_res := dbms_agent_memory_store.thread_search(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadGetContextCard = `begin :b_res := dbms_agent_memory_store.thread_get_context_card(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
)

// threadSearchWire is thread_search's request: the search keys as
// Store.Search sends them (k is never set: max_results is its name here)
// and the thread's own keys.
type threadSearchWire struct {
	Thread string `json:"thread"`
	searchWire
	MaxResults       int            `json:"max_results,omitempty"`
	ExactUserMatch   Optional[bool] `json:"exact_user_match,omitzero"`
	ExactAgentMatch  Optional[bool] `json:"exact_agent_match,omitzero"`
	ExactThreadMatch Optional[bool] `json:"exact_thread_match,omitzero"`
	TokenBudget      int            `json:"token_budget,omitempty"`
	SoftTokenBudget  int            `json:"soft_token_budget,omitempty"`
}

type contextCardWire struct {
	Thread                   string             `json:"thread"`
	FallbackMessageCount     int                `json:"fallback_message_count,omitempty"`
	MaxRelevantResults       Optional[int]      `json:"max_relevant_results,omitzero"`
	MinRelevantResultsByType map[RecordType]int `json:"min_relevant_results_by_type,omitempty"`
	MaxRecentMessages        int                `json:"max_recent_messages,omitempty"`
	ExceptLastMessages       int                `json:"except_last_messages,omitempty"`
	TokenBudget              int                `json:"token_budget,omitempty"`
	SoftTokenBudget          int                `json:"soft_token_budget,omitempty"`
	MetadataFilter           Optional[Filter]   `json:"metadata_filter,omitzero"`
	IncludeInvalidResults    *bool              `json:"include_invalid_results,omitempty"`
	QueryVector              []float32          `json:"query_vector,omitzero"`
}

// Search finds records for the thread (the seed's thread search, T42-T45):
// by default those of the thread's user and agent in any thread, ranked as
// Store.Search ranks them, cut by the token budgets. The result is the
// search response (docs/protocol-search.md §3). One package call,
// read-only; a Query on a VECTOR store with StoreOptions.Embedder is
// embedded by the client first, as Store.Search does.
func (t *Thread) Search(ctx context.Context, req ThreadSearchRequest) (*SearchResult, error) {
	const op = "Thread.Search"
	sr := SearchRequest{Query: req.Query, QueryVector: req.QueryVector, QueryVectors: req.QueryVectors,
		UserID: req.UserID, AgentID: req.AgentID, ThreadID: req.ThreadID, RecordTypes: req.RecordTypes,
		ExcludeInvalid: req.ExcludeInvalid, MetadataFilter: req.MetadataFilter, NumHops: req.NumHops,
		MaxLinkedResults: req.MaxLinkedResults}
	w := threadSearchWire{Thread: t.id, searchWire: sr.wire(t.store.searchStrategy()), MaxResults: req.MaxResults,
		ExactUserMatch: req.ExactUserMatch, ExactAgentMatch: req.ExactAgentMatch,
		ExactThreadMatch: req.ExactThreadMatch, TokenBudget: req.TokenBudget, SoftTokenBudget: req.SoftTokenBudget}
	if w.Query != "" && w.QueryVector == nil && w.QueryVectors == nil && t.store.embedsQueries() {
		if err := t.store.embedQuery(ctx, op, &w.searchWire); err != nil {
			return nil, err
		}
	}
	var res SearchResult
	if err := t.store.recordCall(ctx, op, blockThreadSearch, w, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// ContextCard returns the thread's context card (the seed's
// get_context_card, T46-T52): its summary, the records relevant to it, its
// recent messages and the card rendered as XML-like text for a prompt, in
// one read-only package call. Without an LLM the summary is the durable
// thread summary or a transcript of the last messages, and it is the
// search query unless o.QueryVector is given.
func (t *Thread) ContextCard(ctx context.Context, o CardOptions) (*ContextCard, error) {
	const op = "Thread.ContextCard"
	w := contextCardWire{Thread: t.id, FallbackMessageCount: o.FallbackMessageCount,
		MaxRelevantResults: o.MaxRelevantResults, MinRelevantResultsByType: o.MinRelevantResultsByType,
		MaxRecentMessages: o.MaxRecentMessages, ExceptLastMessages: o.ExceptLastMessages,
		TokenBudget: o.TokenBudget, SoftTokenBudget: o.SoftTokenBudget, MetadataFilter: o.MetadataFilter,
		QueryVector: o.QueryVector}
	if o.ExcludeInvalid {
		f := false
		w.IncludeInvalidResults = &f
	}
	var res cardResponse
	var card *ContextCard
	err := t.store.recordCall(ctx, op, blockThreadGetContextCard, w, &res, func() error {
		var err error
		card, err = res.card(op)
		return err
	})
	if err != nil {
		return nil, err
	}
	return card, nil
}
