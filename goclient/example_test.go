package agentmemory_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// Open creates a VECTOR store on first use and reopens it afterwards. db is
// a *sql.DB opened with sql.Open("godror", dsn) (here the examples' fake).
func ExampleOpen() {
	ctx := context.Background()
	db := exampleDB()
	defer db.Close()

	store, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{
		MemoryStoreID:  "MEM01",
		SchemaPolicy:   agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Vector,
		EmbeddingModel: agentmemory.Some("ALL_MINILM_L12_V2"), // vector_dim comes from the model
	})
	switch {
	case errors.Is(err, agentmemory.ErrIncompatibleStore):
		log.Fatalf("MEM01 exists with another strategy or dimension: %v", err)
	case err != nil:
		log.Fatal(err)
	}
	for _, a := range store.Actions() {
		fmt.Println("did:", a)
	}
	info := store.Info()
	dim, _ := info.Config.VectorDim.Get()
	fmt.Println(info.MemoryStoreID, info.Status, info.Config.SearchStrategy, dim)
	// Output:
	// did: created table MEM01_THREAD
	// MEM01 READY VECTOR 3
}

func exampleOpen(ctx context.Context) *agentmemory.Store {
	store, err := agentmemory.Open(ctx, exampleDB(), agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	if err != nil {
		log.Fatal(err)
	}
	return store
}

// A memory is a value; zero fields are left to the package (a generated id,
// no thread, the store's default time to live).
func ExampleStore_AddMemory() {
	ctx := context.Background()
	store := exampleOpen(ctx)

	res, err := store.AddMemory(ctx, agentmemory.Memory{
		Text:     "Prefers window seats",
		UserID:   "u1",
		Metadata: map[string]any{"source": "chat"},
		TTLDays:  agentmemory.Some(90),
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, w := range res.Warnings {
		log.Println("agentmemory:", w)
	}
	fmt.Println(len(res.IDs), "id")
	// Output: 1 id
}

// Add writes records of several types in one atomic call, in order: the
// messages may name the thread added before them.
func ExampleStore_Add() {
	ctx := context.Background()
	store := exampleOpen(ctx)

	res, err := store.Add(ctx,
		agentmemory.NewThread{ID: "t1", UserID: "u1"},
		agentmemory.Message{ThreadID: "t1", UserID: "u1", Role: "user", Text: "I love pizza."},
		agentmemory.Message{ThreadID: "t1", UserID: "u1", Role: "assistant", Text: "Noted!"},
		agentmemory.Memory{Type: agentmemory.RecordTypeFact, UserID: "u1", Text: "Loves pizza"},
	)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.IDs)
	// Output: [t1 gen2 gen3 gen4]
}

// Batches are slices of values.
func ExampleStore_AddMessages() {
	ctx := context.Background()
	store := exampleOpen(ctx)

	turns := []agentmemory.Message{
		{ThreadID: "t1", Role: "user", Text: "Book me a flight to Lisbon."},
		{ThreadID: "t1", Role: "assistant", Text: "Window or aisle?"},
	}
	res, err := store.AddMessages(ctx, turns)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(res.IDs), "messages")
	// Output: 2 messages
}

// Get returns a typed record; a missing one is ErrNotFound.
func ExampleStore_Get() {
	ctx := context.Background()
	store := exampleOpen(ctx)

	rec, err := store.Get(ctx, agentmemory.RecordTypeMemory, "m1")
	if err != nil {
		log.Fatal(err)
	}
	if m, ok := rec.(*agentmemory.MemoryRecord); ok {
		text, _ := m.Text()
		fmt.Println(m.ID, m.UserID, text)
	}

	_, err = store.Get(ctx, agentmemory.RecordTypeMemory, "nope")
	fmt.Println(errors.Is(err, agentmemory.ErrNotFound))
	// Output:
	// m1 u1 Prefers window seats
	// true
}

// Search with a scope and a metadata filter. Omitted scope keys match any
// record; None matches unscoped records only.
func ExampleStore_Search() {
	ctx := context.Background()
	store := exampleOpen(ctx)

	res, err := store.Search(ctx, agentmemory.SearchRequest{
		Query:          "where does the user like to sit?",
		K:              5,
		UserID:         agentmemory.Some("u1"),
		ThreadID:       agentmemory.None[string](),
		MetadataFilter: agentmemory.Some(agentmemory.Filter{"source": "chat"}),
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, hit := range res.Results {
		text, _ := hit.Record.Text()
		fmt.Printf("%.2f %s %s\n", hit.Distance, hit.Record.RecordType(), text)
	}
	// Output: 0.12 memory Prefers window seats
}

// List with the three states of a filter key: omitted (no filter), None
// (records without it), a value.
func ExampleStore_List() {
	ctx := context.Background()
	store := exampleOpen(ctx)

	recs, err := store.List(ctx, agentmemory.ListRequest{
		RecordType: agentmemory.RecordTypeMemory,
		UserID:     agentmemory.Some("u1"),
		AgentID:    agentmemory.None[string](),
		Limit:      agentmemory.Some(20),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(recs), recs[0].RecordID())
	// Output: 1 m1
}

// Update changes only the fields given; None clears one.
func ExampleStore_Update() {
	ctx := context.Background()
	store := exampleOpen(ctx)

	res, err := store.Update(ctx, agentmemory.UpdateRequest{
		RecordType: agentmemory.RecordTypeMemory,
		RecordID:   "m1",
		Content:    agentmemory.Some(agentmemory.ContentText("Prefers aisle seats")),
		Metadata:   agentmemory.None[map[string]any](),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Updated)
	// Output: 1
}

// Delete takes its options as a struct.
func ExampleStore_Delete() {
	ctx := context.Background()
	store := exampleOpen(ctx)

	n, err := store.Delete(ctx, agentmemory.RecordTypeUserProfile, "u1", agentmemory.DeleteOptions{Cascade: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(n)
	// Output: 1
}

// WithTx runs calls in the caller's transaction, without opening the store
// again: they commit or roll back with it.
func ExampleStore_WithTx() {
	ctx := context.Background()
	db := exampleDB()
	store, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	if err != nil {
		log.Fatal(err)
	}

	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer tx.Rollback() // after Commit, a no-op
	txs := store.WithTx(tx)
	if _, err := txs.AddMemory(ctx, agentmemory.Memory{Text: "Speaks Portuguese", UserID: "u1"}); err != nil {
		log.Fatal(err)
	}
	if _, err := txs.Delete(ctx, agentmemory.RecordTypeMemory, "m1"); err != nil {
		log.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		log.Fatal(err)
	}
	fmt.Println("both or neither")
	// Output: both or neither
}

// A user's profile; its id is the user id.
func ExampleStore_AddUser() {
	ctx := context.Background()
	store := exampleOpen(ctx)

	res, err := store.AddUser(ctx, agentmemory.Profile{ID: "u1", Information: "Frequent flyer, vegetarian"})
	if errors.Is(err, agentmemory.ErrDuplicateID) {
		log.Fatal("u1 has a profile: use Update")
	} else if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.ID)
	// Output: u1
}

// A thread's messages, oldest first; the last ten here.
func ExampleStore_ListThreadMessages() {
	ctx := context.Background()
	store := exampleOpen(ctx)

	msgs, err := store.ListThreadMessages(ctx, agentmemory.ListThreadMessagesRequest{ThreadID: "t1", LastN: 10})
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range msgs {
		text, _ := m.Text()
		fmt.Println(m.SeqNo, m.Role, text)
	}
	// Output: 1 user Book me a flight to Lisbon.
}

// The stores of the connected schema ("" = the connected one).
func ExampleListStores() {
	ctx := context.Background()
	stores, err := agentmemory.ListStores(ctx, exampleDB(), "")
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range stores {
		fmt.Println(s.MemoryStoreID, s.Status, s.Config.SearchStrategy)
	}
	// Output: MEM01 READY VECTOR
}

// Read-only access for another database user; options as a struct.
func ExampleGrantAccess() {
	ctx := context.Background()
	err := agentmemory.GrantAccess(ctx, exampleDB(), "MEM01", "REPORTING",
		agentmemory.GrantOptions{Access: agentmemory.ReadOnly, CreateSynonyms: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("granted")
	// Output: granted
}
