package agentmemory_test

import (
	"context"
	"fmt"
	"log"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// The context card feeds a prompt: one read-only call returns the summary,
// the relevant records, the recent messages and their XML-like rendering.
// Here the last two messages are left out of the summary and carried by
// the card as recent messages, and no search runs (MaxRelevantResults 0).
func ExampleThread_ContextCard() {
	ctx := context.Background()
	store, err := agentmemory.Open(ctx, threadExampleDB(), agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	if err != nil {
		log.Fatal(err)
	}
	card, err := store.Thread("t1").ContextCard(ctx, agentmemory.CardOptions{
		MaxRelevantResults: agentmemory.Some(0), ExceptLastMessages: 2, MaxRecentMessages: 2})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(card.SummarySource, len(card.RelevantResults), "results,", len(card.RecentMessages), "recent")
	fmt.Println(card.Content)
	// Output:
	// transcript 0 results, 2 recent
	// <summary>
	// user: I want pizza tonight.
	// assistant: Which area?
	// user: Near the station.
	// assistant: Da Mario is near the station.
	// </summary>
	// <recent_messages>
	// <message id="msg5" role="user">Book 8 pm.</message>
	// <message id="msg6" role="assistant">Done: 8 pm at Da Mario.</message>
	// </recent_messages>
}

// Thread search defaults to the thread's user and agent in any of their
// threads; a hard token budget cuts the formatted results (here the first
// result does not fit one token, so none is returned).
func ExampleThread_Search() {
	ctx := context.Background()
	store, err := agentmemory.Open(ctx, threadExampleDB(), agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	if err != nil {
		log.Fatal(err)
	}
	res, err := store.Thread("t1").Search(ctx, agentmemory.ThreadSearchRequest{Query: "pizza", TokenBudget: 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.SearchStrategy, len(res.Results))
	// Output: KEYWORD 0
}
