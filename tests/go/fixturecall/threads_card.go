package fixturecall

// thread_search and thread_get_context_card (docs/protocol-threads.md §7d)
// as Thread.Search and Thread.ContextCard.

import (
	"context"
	"encoding/json"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

func init() {
	nullIsAbsent["thread_search"] = []string{"max_results", "token_budget", "soft_token_budget"}
	nullIsAbsent["thread_get_context_card"] = []string{"fallback_message_count", "max_recent_messages",
		"except_last_messages", "token_budget", "soft_token_budget"}
}

func threadSearch(f *reqKeys) (func(context.Context, *agentmemory.Thread) (any, error), error) {
	var r agentmemory.ThreadSearchRequest
	var err error
	if r.Query, err = f.str("query", false); err != nil {
		return nil, err
	}
	if err := f.jsonKey("query_vector", &r.QueryVector); err != nil {
		return nil, err
	}
	if err := f.jsonKey("query_vectors", &r.QueryVectors); err != nil {
		return nil, err
	}
	if err := f.jsonKey("record_types", &r.RecordTypes); err != nil {
		return nil, err
	}
	if r.MetadataFilter, err = f.filter(); err != nil {
		return nil, err
	}
	if r.ExcludeInvalid, err = f.excludeInvalid(); err != nil {
		return nil, err
	}
	if r.NumHops, err = f.integer("num_hops"); err != nil {
		return nil, err
	}
	if r.MaxLinkedResults, err = f.optInt("max_linked_results"); err != nil {
		return nil, err
	}
	if _, ok := f.get("search_strategy"); ok {
		return nil, unexpressible("search_strategy is the Store's (OpenOptions)")
	}
	for _, p := range []struct {
		key string
		dst *int
	}{{"max_results", &r.MaxResults}, {"token_budget", &r.TokenBudget}, {"soft_token_budget", &r.SoftTokenBudget}} {
		if *p.dst, err = f.integer(p.key); err != nil {
			return nil, err
		}
	}
	for _, p := range []struct {
		key string
		dst *agentmemory.Optional[string]
	}{{"user_id", &r.UserID}, {"agent_id", &r.AgentID}, {"thread_id", &r.ThreadID}} {
		if *p.dst, err = f.optStr(p.key); err != nil {
			return nil, err
		}
	}
	for _, p := range []struct {
		key string
		dst *agentmemory.Optional[bool]
	}{{"exact_user_match", &r.ExactUserMatch}, {"exact_agent_match", &r.ExactAgentMatch},
		{"exact_thread_match", &r.ExactThreadMatch}} {
		if *p.dst, err = f.optBool(p.key); err != nil {
			return nil, err
		}
	}
	return func(ctx context.Context, t *agentmemory.Thread) (any, error) { return t.Search(ctx, r) }, nil
}

func contextCard(f *reqKeys) (func(context.Context, *agentmemory.Thread) (any, error), error) {
	var o agentmemory.CardOptions
	var err error
	for _, p := range []struct {
		key string
		dst *int
	}{{"fallback_message_count", &o.FallbackMessageCount}, {"max_recent_messages", &o.MaxRecentMessages},
		{"except_last_messages", &o.ExceptLastMessages}, {"token_budget", &o.TokenBudget},
		{"soft_token_budget", &o.SoftTokenBudget}} {
		if *p.dst, err = f.integer(p.key); err != nil {
			return nil, err
		}
	}
	if o.MaxRelevantResults, err = f.optInt("max_relevant_results"); err != nil {
		return nil, err
	}
	if v, ok := f.get("min_relevant_results_by_type"); ok {
		if kindOf(v) != '{' || json.Unmarshal(v, &o.MinRelevantResultsByType) != nil ||
			len(o.MinRelevantResultsByType) == 0 {
			return nil, unexpressible("min_relevant_results_by_type %s is not a non-empty map of whole numbers", v)
		}
	}
	if o.MetadataFilter, err = f.filter(); err != nil {
		return nil, err
	}
	if o.ExcludeInvalid, err = f.excludeInvalid(); err != nil {
		return nil, err
	}
	if err := f.jsonKey("query_vector", &o.QueryVector); err != nil {
		return nil, err
	}
	return func(ctx context.Context, t *agentmemory.Thread) (any, error) { return t.ContextCard(ctx, o) }, nil
}

// jsonKey decodes a list key into dst; absent leaves dst nil.
func (f *reqKeys) jsonKey(key string, dst any) error {
	v, ok := f.get(key)
	if !ok {
		return nil
	}
	if kindOf(v) != '[' || json.Unmarshal(v, dst) != nil {
		return unexpressible("%s %s is not a list the Go field holds", key, v)
	}
	return nil
}

// filter reads metadata_filter as an Optional[Filter].
func (f *reqKeys) filter() (agentmemory.Optional[agentmemory.Filter], error) {
	var o agentmemory.Optional[agentmemory.Filter]
	v, ok := f.get("metadata_filter")
	if !ok {
		return o, nil
	}
	if err := json.Unmarshal([]byte(`{"f":`+string(v)+`}`), &struct {
		F *agentmemory.Optional[agentmemory.Filter] `json:"f"`
	}{&o}); err != nil {
		return o, unexpressible("metadata_filter: %v", err)
	}
	return o, nil
}

// excludeInvalid reads include_invalid_results: false is ExcludeInvalid;
// true (the default) and other values are not sent by Go.
func (f *reqKeys) excludeInvalid() (bool, error) {
	v, ok := f.get("include_invalid_results")
	if !ok {
		return false, nil
	}
	if string(v) != "false" {
		return false, unexpressible("include_invalid_results %s (Go sends only false, ExcludeInvalid)", v)
	}
	return true, nil
}

func (f *reqKeys) optBool(key string) (agentmemory.Optional[bool], error) {
	v, ok := f.get(key)
	if !ok {
		return agentmemory.Omit[bool](), nil
	}
	if string(v) == "null" {
		return agentmemory.None[bool](), nil
	}
	var b bool
	if err := json.Unmarshal(v, &b); err != nil {
		return agentmemory.Omit[bool](), unexpressible("%s %s is not a boolean", key, v)
	}
	return agentmemory.Some(b), nil
}
