package agentmemory_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// ExampleOpen creates a VECTOR store on first use and reopens it afterwards.
// It needs a database, so it is compiled but not run (no Output comment).
func ExampleOpen() {
	ctx := context.Background()
	db, err := sql.Open("godror", `user="app" password="secret" connectString="localhost:1521/FREEPDB1" standaloneConnection=0`)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	store, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{
		MemoryStoreID:  "MEM01",
		SchemaPolicy:   agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Vector,
		VectorDim:      agentmemory.Some(384),
		MemoryRetentionConfig: &agentmemory.RetentionConfig{
			DefaultTTLDays: agentmemory.Some(30),
			MaxTTLDays:     agentmemory.None[int](), // no cap
		},
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
	for _, w := range store.Warnings() {
		log.Println("warning:", w)
	}
	info := store.Info()
	fmt.Println(info.MemoryStoreID, info.Status, info.Config.SearchStrategy, info.Config.VectorDim)
}
