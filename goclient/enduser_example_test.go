package agentmemory_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// endUserExampleDB answers like a store with security policies, opened by
// a pooled runtime account: data calls need an end user, administration
// refuses one.
func endUserExampleDB() agentmemory.DBTX {
	db, _ := agentmemory.NewFakeDB(func(c agentmemory.FakeCall) (string, error) {
		switch {
		case c.Fn == "drop_store" && c.EndUser != "":
			return "", agentmemory.FakeOraErr(20108, "END_USER_CONTEXT_FORBIDDEN: drop_store refuses an end-user"+
				" context; run it as the store's owner without one")
		case c.Fn == "get_record" && c.EndUser == "":
			return "", agentmemory.FakeOraErr(20107, "END_USER_CONTEXT_REQUIRED: store MEM01 has security policies;"+
				" call it for an end user (ForEndUser)")
		case c.Fn == "get_record" && c.EndUser != "u1":
			return `{"record":null}`, nil // the policy hides u1's rows from everyone else
		}
		return exampleAnswer(c)
	})
	return db
}

// Calls for one end user of the application: the database enforces the
// store's security policies for that end user on every call of the handle.
func ExampleStore_ForEndUser() {
	ctx := context.Background()
	store, err := agentmemory.Open(ctx, endUserExampleDB(), agentmemory.StoreOptions{MemoryStoreID: "MEM01", SchemaOwner: "APP"})
	if err != nil {
		log.Fatal(err)
	}

	_, err = store.Get(ctx, agentmemory.RecordTypeMemory, "m1")
	fmt.Println("without an end user:", errors.Is(err, agentmemory.ErrEndUserContextRequired))

	rec, err := store.ForEndUser("u1").Get(ctx, agentmemory.RecordTypeMemory, "m1")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("u1 reads", rec.RecordID())

	_, err = store.ForEndUser("u2").Get(ctx, agentmemory.RecordTypeMemory, "m1")
	fmt.Println("u2 reads it:", !errors.Is(err, agentmemory.ErrNotFound))

	err = agentmemory.DropStore(ctx, agentmemory.WithEndUser(endUserExampleDB(), "u1"), "MEM01")
	fmt.Println("drop for an end user:", errors.Is(err, agentmemory.ErrEndUserContextForbidden))
	// Output:
	// without an end user: true
	// u1 reads m1
	// u2 reads it: false
	// drop for an end user: true
}
