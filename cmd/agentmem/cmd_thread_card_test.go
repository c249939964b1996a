package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

func TestThreadCardFlagsBuildTheCalls(t *testing.T) {
	c, err := parseThreadCmd("card", []string{"t1", "--query-vector", "[0.1,0.2,0.3,0.4]", "--fallback", "3",
		"--max-results", "0", "--min", "fact=2", "--min", "message=1", "--recent", "2", "--except-last", "2",
		"--budget", "50", "--soft-budget", "-1", "--include-invalid=false"})
	require.NoError(t, err)
	assert.Equal(t, "t1", c.id)
	assert.Equal(t, agentmemory.CardOptions{QueryVector: []float32{0.1, 0.2, 0.3, 0.4}, FallbackMessageCount: 3,
		MaxRelevantResults: agentmemory.Some(0),
		MinRelevantResultsByType: map[agentmemory.RecordType]int{agentmemory.RecordTypeFact: 2,
			agentmemory.RecordTypeMessage: 1},
		MaxRecentMessages: 2, ExceptLastMessages: 2, TokenBudget: 50, SoftTokenBudget: -1, ExcludeInvalid: true},
		c.card)

	c, err = parseThreadCmd("search", []string{"t1", "--query", "pizza", "--max-results", "3", "--user", "none",
		"--exact-thread=true", "--exact-agent", "false", "--type", "fact", "--hops", "1", "--budget", "20"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.ThreadSearchRequest{Query: "pizza", MaxResults: 3, UserID: agentmemory.None[string](),
		ExactThreadMatch: agentmemory.Some(true), ExactAgentMatch: agentmemory.Some(false),
		RecordTypes: []agentmemory.RecordType{agentmemory.RecordTypeFact}, NumHops: 1, TokenBudget: 20}, c.search)
}

func TestThreadCardCmdRuns(t *testing.T) {
	f, db := openFakeDB(func(c fakeCall) (string, error) {
		switch c.Fn {
		case "open_store":
			return readContract(t, "open_store/reopen_require_existing.response.json"), nil
		case "thread_get_context_card":
			return readContract(t, "thread_get_context_card/except_last_self_contained.response.json"), nil
		case "thread_search":
			return readContract(t, "thread_search/token_budget_first_too_large.response.json"), nil
		}
		t.Errorf("unexpected call %s", c.Fn)
		return "", nil
	})
	s, err := agentmemory.Open(t.Context(), db, agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	require.NoError(t, err)
	runSub := func(args ...string) string {
		c, err := parseThreadCmd(args[0], args[1:])
		require.NoError(t, err)
		env, out, _ := testEnv()
		require.NoError(t, c.run(t.Context(), env, s))
		return out.String()
	}

	out := runSub("card", "t1", "--max-results", "0", "--except-last", "2", "--recent", "2")
	assert.Equal(t, "<summary>\nuser: I want pizza tonight.\nassistant: Which area?\nuser: Near the station.\n"+
		"assistant: Da Mario is near the station.\n</summary>\n<recent_messages>\n"+
		"<message id=\"msg5\" role=\"user\">Book 8 pm.</message>\n"+
		"<message id=\"msg6\" role=\"assistant\">Done: 8 pm at Da Mario.</message>\n</recent_messages>\n", out,
		"card prints the rendered content")
	out = runSub("card", "t1", "--max-results", "0", "--except-last", "2", "--recent", "2", "--json")
	assert.JSONEq(t, readContract(t, "thread_get_context_card/except_last_self_contained.response.json"), out,
		"--json prints the whole card as the package answered it")

	out = runSub("search", "t1", "--query", "pizza", "--budget", "1")
	assert.Equal(t, "no results (strategy KEYWORD)\n", out)
	out = runSub("search", "t1", "--query", "pizza", "--budget", "1", "--json")
	assert.JSONEq(t, readContract(t, "thread_search/token_budget_first_too_large.response.json"), out)

	var sent []string
	for _, c := range f.Calls() {
		if c.Fn != "open_store" {
			sent = append(sent, c.Fn+" "+c.Request)
		}
	}
	card := `thread_get_context_card {"thread":"t1","max_relevant_results":0,"max_recent_messages":2,"except_last_messages":2}`
	search := `thread_search {"thread":"t1","query":"pizza","token_budget":1}`
	assert.Equal(t, []string{card, card, search, search}, sent)
}
