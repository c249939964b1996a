package agentmemory_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// ExampleStore_Add writes a thread, two messages and a memory, then reads
// them back. It needs a database, so it is compiled but not run.
func ExampleStore_Add() {
	ctx := context.Background()
	db, err := sql.Open("godror", `user="app" password="secret" connectString="localhost:1521/FREEPDB1"`)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	store, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	if err != nil {
		log.Fatal(err)
	}

	// A thread first: messages name an existing thread.
	_, err = store.Add(ctx, agentmemory.AddRequest{
		RecordType: agentmemory.RecordTypeThread,
		Contents:   []agentmemory.Content{{}}, // None: a thread without text
		RecordIDs:  agentmemory.Broadcast("t1"),
		UserIDs:    agentmemory.Broadcast("u1"),
	})
	if err != nil {
		log.Fatal(err)
	}
	res, err := store.Add(ctx, agentmemory.AddRequest{
		RecordType: agentmemory.RecordTypeMessage,
		Contents:   agentmemory.Texts("I love pizza.", "Noted!"),
		ThreadIDs:  agentmemory.Broadcast("t1"),
		UserIDs:    agentmemory.Broadcast("u1"),
		Roles:      agentmemory.Each("user", "assistant"),
		TTLDays:    agentmemory.BroadcastNone[int](), // the store's maximum, or never
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, w := range res.Warnings {
		log.Println("warning:", w)
	}
	_, err = store.Add(ctx, agentmemory.AddRequest{
		RecordType: agentmemory.RecordTypeMemory,
		Contents:   agentmemory.Texts("Loves pizza"),
		UserIDs:    agentmemory.Broadcast("u1"),
		Metadata:   agentmemory.Broadcast(map[string]any{"source": "chat", "message": res.IDs[0]}),
	})
	if err != nil {
		log.Fatal(err)
	}

	msgs, err := store.ListThreadMessages(ctx, agentmemory.ListThreadMessagesRequest{ThreadID: "t1", LastN: agentmemory.Some(10)})
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range msgs {
		text, _ := m.Text()
		fmt.Println(m.SeqNo, m.Role, text)
	}
	memories, err := store.List(ctx, agentmemory.ListRequest{
		RecordType:     agentmemory.RecordTypeMemory,
		UserID:         agentmemory.Some("u1"),
		MetadataFilter: agentmemory.Some(agentmemory.Filter{"source": "chat"}),
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range memories {
		if m, ok := r.(*agentmemory.MemoryRecord); ok {
			fmt.Println(m.ID, m.Content, m.CreatedAt)
		}
	}
}
