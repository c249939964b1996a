package agentmemory_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// Every field of CardOptions and ThreadSearchRequest reaches its contract
// key (docs/protocol-threads.md §7d); zero fields are left out.
func TestThreadCardRequestsCarryEveryField(t *testing.T) {
	s, calls := threadStore(func(c agentmemory.FakeCall) (string, error) {
		if c.Fn == "thread_search" {
			return `{"search_strategy":"KEYWORD","query_chunks":1,"results":[],"warnings":[]}`, nil
		}
		return readFixture(t, "thread_get_context_card/except_last_all.response.json"), nil
	})
	th := s.Thread("t1")
	_, err := th.ContextCard(t.Context(), agentmemory.CardOptions{FallbackMessageCount: 3,
		MaxRelevantResults:       agentmemory.Some(0),
		MinRelevantResultsByType: map[agentmemory.RecordType]int{agentmemory.RecordTypeFact: 2},
		MaxRecentMessages:        2, ExceptLastMessages: 2, TokenBudget: 40, SoftTokenBudget: -1,
		MetadataFilter: agentmemory.None[agentmemory.Filter](), ExcludeInvalid: true,
		QueryVector: []float32{0.5, 0, 0, 0}})
	require.NoError(t, err)
	_, err = th.ContextCard(t.Context(), agentmemory.CardOptions{})
	require.NoError(t, err)
	_, err = th.Search(t.Context(), agentmemory.ThreadSearchRequest{QueryVector: []float32{1, 0, 0, 0}, MaxResults: 3,
		UserID: agentmemory.None[string](), AgentID: agentmemory.Some("a2"), ThreadID: agentmemory.Some("t2"),
		ExactUserMatch: agentmemory.Some(false), ExactAgentMatch: agentmemory.Some(true),
		ExactThreadMatch: agentmemory.Some(true), RecordTypes: []agentmemory.RecordType{agentmemory.RecordTypeFact},
		ExcludeInvalid: true, NumHops: 1, MaxLinkedResults: agentmemory.Some(0), TokenBudget: 10, SoftTokenBudget: 5})
	require.NoError(t, err)
	got := calls()
	require.Len(t, got, 3)
	assert.JSONEq(t, `{"thread":"t1","fallback_message_count":3,"max_relevant_results":0,
		"min_relevant_results_by_type":{"fact":2},"max_recent_messages":2,"except_last_messages":2,
		"token_budget":40,"soft_token_budget":-1,"metadata_filter":null,"include_invalid_results":false,
		"query_vector":[0.5,0,0,0]}`, got[0].Request)
	assert.JSONEq(t, `{"thread":"t1"}`, got[1].Request, "every default left to the package")
	assert.JSONEq(t, `{"thread":"t1","query_vector":[1,0,0,0],"max_results":3,"user_id":null,"agent_id":"a2",
		"thread_id":"t2","exact_user_match":false,"exact_agent_match":true,"exact_thread_match":true,
		"record_types":["fact"],"include_invalid_results":false,"num_hops":1,"max_linked_results":0,
		"token_budget":10,"soft_token_budget":5}`, got[2].Request)
}

// A card's relevant results decode as search hits (typed records, linked
// results with their relation) and encode back to the package's answer.
func TestThreadContextCardDecodesResults(t *testing.T) {
	var search, card map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(readFixture(t, "search/vector_graph_max_linked.response.json")), &search))
	require.NoError(t, json.Unmarshal([]byte(readFixture(t,
		"thread_get_context_card/except_last_self_contained.response.json")), &card))
	card["relevant_results"] = search["results"]
	card["warnings"] = json.RawMessage(`["a search warning"]`)
	answer, err := json.Marshal(card)
	require.NoError(t, err)
	s, _ := threadStore(func(agentmemory.FakeCall) (string, error) { return string(answer), nil })
	c, err := s.Thread("t1").ContextCard(t.Context(), agentmemory.CardOptions{})
	require.NoError(t, err)
	require.NotEmpty(t, c.RelevantResults)
	mem, ok := c.RelevantResults[0].Record.(*agentmemory.MemoryRecord)
	require.True(t, ok, "%T", c.RelevantResults[0].Record)
	assert.Equal(t, "mem-a", mem.ID)
	require.NotEmpty(t, c.RelevantResults[0].LinkedResults)
	assert.Equal(t, "rel-1", c.RelevantResults[0].LinkedResults[0].Relation.ID)
	assert.Equal(t, []string{"msg5", "msg6"}, []string{c.RecentMessages[0].ID, c.RecentMessages[1].ID})
	assert.Equal(t, agentmemory.SourceTranscript, c.SummarySource)
	assert.Equal(t, []string{"a search warning"}, c.Warnings)
	back, err := json.Marshal(c)
	require.NoError(t, err)
	assert.JSONEq(t, string(answer), string(back))
}

// An answer that is not a card is a malformed response, not a card with
// zero values; the package's NOT_FOUND (unknown thread) is ErrNotFound.
func TestThreadContextCardRefusesMalformedAnswers(t *testing.T) {
	full := readFixture(t, "thread_get_context_card/except_last_self_contained.response.json")
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(full), &m))
	for name, edit := range map[string]func(map[string]json.RawMessage){
		"no summary":         func(m map[string]json.RawMessage) { delete(m, "summary") },
		"no content":         func(m map[string]json.RawMessage) { delete(m, "content") },
		"no summary_source":  func(m map[string]json.RawMessage) { delete(m, "summary_source") },
		"results not a list": func(m map[string]json.RawMessage) { m["relevant_results"] = json.RawMessage(`null`) },
		"no recent_messages": func(m map[string]json.RawMessage) { delete(m, "recent_messages") },
		"result w/o distance": func(m map[string]json.RawMessage) {
			m["relevant_results"] = json.RawMessage(`[{"record":{"record_type":"memory","id":"x","content":"c"}}]`)
		},
		"recent is not a msg": func(m map[string]json.RawMessage) {
			m["recent_messages"] = json.RawMessage(`[{"record_type":"memory","id":"x","content":"c"}]`)
		},
	} {
		t.Run(name, func(t *testing.T) {
			c := map[string]json.RawMessage{}
			for k, v := range m {
				c[k] = v
			}
			edit(c)
			answer, err := json.Marshal(c)
			require.NoError(t, err)
			s, _ := threadStore(func(agentmemory.FakeCall) (string, error) { return string(answer), nil })
			_, err = s.Thread("t1").ContextCard(t.Context(), agentmemory.CardOptions{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), "malformed response")
			assert.NotErrorIs(t, err, agentmemory.ErrNotFound)
		})
	}
	s, _ := threadStore(func(agentmemory.FakeCall) (string, error) {
		return "", agentmemory.FakeOraErr(20101, "NOT_FOUND: thread 'nope' names no thread in the store")
	})
	_, err := s.Thread("nope").ContextCard(t.Context(), agentmemory.CardOptions{})
	assert.ErrorIs(t, err, agentmemory.ErrNotFound)
	_, err = s.Thread("nope").Search(t.Context(), agentmemory.ThreadSearchRequest{Query: "pizza"})
	assert.ErrorIs(t, err, agentmemory.ErrNotFound)
}

func readFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(contractRoot, name))
	require.NoError(t, err)
	return string(b)
}
