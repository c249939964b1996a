package agentmemory_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// threadExampleDB answers open_store like exampleDB and each thread call
// with the response of one golden fixture (tests/go/testdata/contract), as
// the package answers it on the fixtures' data set.
func threadExampleDB() *sql.DB {
	answers := map[string]string{
		"open_thread":             "open_thread/d1_t1",
		"thread_add_messages":     "thread_add_messages/d3_t1",
		"thread_get_messages":     "thread_get_messages/range",
		"thread_get_message":      "thread_get_message/missing_is_null",
		"thread_add_memory":       "thread_add_memory/link_supersedes",
		"thread_get_summary":      "thread_get_summary/except_last",
		"thread_get_context_card": "thread_get_context_card/except_last_self_contained",
		"thread_search":           "thread_search/token_budget_first_too_large",
	}
	db, _ := agentmemory.NewFakeDB(func(c agentmemory.FakeCall) (string, error) {
		if c.Fn == "open_store" {
			return exampleStore, nil
		}
		if name, ok := answers[c.Fn]; ok {
			b, err := os.ReadFile(filepath.Join(contractRoot, name+".response.json"))
			return string(b), err
		}
		return "", agentmemory.FakeOraErr(20100, "INVALID_ARGUMENT: the example database has no "+c.Fn)
	})
	return db
}

// A thread is opened (or created) with one round trip and then used
// through its methods, one package call each.
func ExampleStore_CreateThread() {
	ctx := context.Background()
	store, err := agentmemory.Open(ctx, threadExampleDB(), agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	if err != nil {
		log.Fatal(err)
	}
	th, err := store.CreateThread(ctx, agentmemory.ThreadOptions{ID: "t1", UserID: "u1", AgentID: "a1",
		Metadata: map[string]any{"topic": "travel"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(th.ID(), th.Created(), th.Record().UserID, th.Record().AgentID)

	res, err := th.AddMessages(ctx, []agentmemory.ThreadMessage{
		{ID: "msg1", Role: "user", Text: "I want pizza tonight."},
		{ID: "msg2", Role: "assistant", Text: "Which area?", Metadata: map[string]any{"src": "bot"}},
		// ... msg3 to msg6
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(res.IDs), "ids")

	// Positions 1 and 2 (End is exclusive); MessagesFrom(0) would be all,
	// RecentMessages() the last 50.
	msgs, err := th.GetMessages(ctx, agentmemory.MessageRange(1, 3))
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range msgs {
		text, _ := m.Text()
		fmt.Printf("%s %s: %s\n", m.ID, m.Role, text)
	}

	_, err = th.GetMessage(ctx, "nope")
	fmt.Println(errors.Is(err, agentmemory.ErrNotFound))
	// Output:
	// t1 true u1 a1
	// 6 ids
	// msg2 assistant: Which area?
	// msg3 user: Near the station.
	// true
}

// A memory added through a thread takes the thread's scope; with a Link it
// is linked to a memory of the same thread in the same call.
func ExampleThread_AddMemory() {
	ctx := context.Background()
	store, err := agentmemory.Open(ctx, threadExampleDB(), agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	if err != nil {
		log.Fatal(err)
	}
	th := store.Thread("t1") // no round trip
	res, err := th.AddMemory(ctx, agentmemory.ThreadMemory{ID: "mem4", Text: "User loves pizza",
		Link: &agentmemory.MemoryLink{TargetID: "mem1", Type: agentmemory.RelationSupersedes, ID: "rel1",
			Metadata: map[string]any{"why": "stronger"}}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.ID, res.RelationID)
	// Output: mem4 rel1
}

// Without an LLM the summary is the thread's durable summary record or a
// transcript of its messages, within a token budget.
func ExampleThread_Summary() {
	ctx := context.Background()
	store, err := agentmemory.Open(ctx, threadExampleDB(), agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	if err != nil {
		log.Fatal(err)
	}
	sum, err := store.Thread("t1").Summary(ctx, agentmemory.SummaryOptions{ExceptLast: 4})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sum.Source)
	fmt.Println(sum.Content)
	// Output:
	// transcript
	// user: I want pizza tonight.
	// assistant: Which area?
}
