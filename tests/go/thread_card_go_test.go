package integration

// Live test of Thread.Search and Thread.ContextCard (goclient/thread_card.go)
// on the data set of thread_card_test.go (a VECTOR store with explicit
// embeddings, so every distance and order is exact): the typed results of
// the Go API carry what the raw suite checks in JSON (T42, T45, T47-T52).
// The fixtures of both ops also run through the Go API in
// TestThreadFixturesGoLive. Without ORACLE_DSN the test skips.

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

func TestThreadCardGoLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := context.Background()
	store := livedb.StoreID(t)
	var res string
	_, err := db.ExecContext(ctx, relOpenBlock, sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_request",
		`{"memory_store_id": "`+store+`", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": 3}`))
	require.NoError(t, err)
	t.Cleanup(func() {
		if _, err := db.ExecContext(context.Background(), relDropBlock, sql.Named("b_store_id", store)); err != nil {
			t.Errorf("cleanup: dropping store %s: %v", store, err)
		}
	})
	tx, err := db.BeginTx(ctx, nil)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback() }()
	for _, d := range cardDataset {
		_, err := threadCall(ctx, tx, d.op, store, d.request)
		require.NoError(t, err, "%s %s", d.op, d.request)
	}
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: store})
	require.NoError(t, err)
	th := s.WithTx(tx).Thread("t1")
	ids := func(hits []agentmemory.SearchHit) []string {
		out := []string{}
		for _, h := range hits {
			out = append(out, h.Record.RecordID())
		}
		return out
	}
	q := []float32{1, 0, 0}
	search := func(r agentmemory.ThreadSearchRequest) []string {
		t.Helper()
		r.QueryVector = q
		got, err := th.Search(ctx, r)
		require.NoError(t, err)
		return ids(got.Results)
	}

	// T42: the thread's user and agent in any thread by default.
	assert.Equal(t, []string{"mem1", "o1", "fact1", "m1", "m2"}, search(agentmemory.ThreadSearchRequest{}), "T42")
	assert.Equal(t, []string{"fact1", "m1", "m2"},
		search(agentmemory.ThreadSearchRequest{ExactThreadMatch: agentmemory.Some(true)}), "T42 exact thread")
	assert.Equal(t, []string{"memx"}, search(agentmemory.ThreadSearchRequest{UserID: agentmemory.Some("u2")}), "T42 user")
	assert.Equal(t, []string{"mem1", "memx", "o1"},
		search(agentmemory.ThreadSearchRequest{ExactUserMatch: agentmemory.Some(false), MaxResults: 3}), "T42, T43")

	// T45: the hard budget stops before the first result that passes it.
	first := cardTokens(`<record type="memory" id="mem1">User likes Da Mario</record>`)
	assert.Equal(t, []string{"mem1"}, search(agentmemory.ThreadSearchRequest{TokenBudget: first}), "T45 hard")
	assert.Equal(t, []string{}, search(agentmemory.ThreadSearchRequest{TokenBudget: first - 1}), "T45 first too large")
	assert.Equal(t, []string{"mem1"}, search(agentmemory.ThreadSearchRequest{SoftTokenBudget: 1}), "T45 soft")

	// T47, T49, T51, T44: the typed card and its rendering.
	card, err := th.ContextCard(ctx, agentmemory.CardOptions{QueryVector: q, MaxRecentMessages: 2})
	require.NoError(t, err)
	assert.Equal(t, "user: Is 5 < 6?\nassistant: Yes & \"sure\"", card.Summary, "T49")
	assert.Equal(t, agentmemory.SourceTranscript, card.SummarySource)
	assert.Equal(t, []string{"mem1", "fact1", "m1", "m2"}, ids(card.RelevantResults), "T47")
	_, isFact := card.RelevantResults[1].Record.(*agentmemory.FactRecord)
	assert.True(t, isFact, "typed records")
	require.Len(t, card.RecentMessages, 2, "T51")
	assert.Equal(t, "assistant", card.RecentMessages[1].Role)
	assert.Empty(t, card.Topics)
	assert.True(t, strings.HasPrefix(card.Content, "<summary>\nuser: Is 5 &lt; 6?\n"), card.Content)
	assert.Contains(t, card.Content, `<message id="m2" role="assistant">Yes &amp; &quot;sure&quot;</message>`, "T44")

	// T48, T50: the excluded tail is neither summarized nor relevant.
	card, err = th.ContextCard(ctx, agentmemory.CardOptions{QueryVector: q, ExceptLastMessages: 1, MaxRecentMessages: 1})
	require.NoError(t, err)
	assert.Equal(t, "user: Is 5 < 6?", card.Summary)
	assert.Equal(t, []string{"mem1", "fact1", "m1"}, ids(card.RelevantResults), "T50")
	_, err = th.ContextCard(ctx, agentmemory.CardOptions{ExceptLastMessages: 2, MaxRecentMessages: 1})
	assert.ErrorIs(t, err, agentmemory.ErrInvalidArgument, "T48")

	// T46, T47: minimums first, in key order; Some(0) means no search.
	card, err = th.ContextCard(ctx, agentmemory.CardOptions{QueryVector: q, MaxRelevantResults: agentmemory.Some(1),
		MinRelevantResultsByType: map[agentmemory.RecordType]int{agentmemory.RecordTypeMessage: 1,
			agentmemory.RecordTypeFact: 1}})
	require.NoError(t, err)
	assert.Equal(t, []string{"m1", "fact1"}, ids(card.RelevantResults), "T47")
	card, err = th.ContextCard(ctx, agentmemory.CardOptions{QueryVector: q, MaxRelevantResults: agentmemory.Some(0)})
	require.NoError(t, err)
	assert.Empty(t, card.RelevantResults, "T46")

	// T52: the budget cuts the relevant results only.
	card, err = th.ContextCard(ctx, agentmemory.CardOptions{QueryVector: q, TokenBudget: first})
	require.NoError(t, err)
	assert.Equal(t, []string{"mem1"}, ids(card.RelevantResults), "T52")
	assert.Contains(t, card.Content, "<summary>")

	// T3: an unknown thread.
	_, err = s.WithTx(tx).Thread("no-such-thread").ContextCard(ctx, agentmemory.CardOptions{})
	assert.ErrorIs(t, err, agentmemory.ErrNotFound)
}
