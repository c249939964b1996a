package agentmemory_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"strings"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// relationExampleDB answers open_store like exampleDB and the relation
// calls as the package would for m2 superseded by m3.
func relationExampleDB() *sql.DB {
	const rel = `{"id":"r1","source_record_id":"m3","source_record_type":"memory","target_record_id":"m2",
"target_record_type":"memory","relation_type":"supersedes","opposite_relation_type":"is_superseded_by",
"timestamp":null,"metadata":{"source":"review"},"created_at":"2026-12-01T10:00:00.000000Z","updated_at":"2026-12-01T10:00:00.000000Z"}`
	db, _ := agentmemory.NewFakeDB(func(c agentmemory.FakeCall) (string, error) {
		switch c.Fn {
		case "open_store":
			return exampleStore, nil
		case "add_relations":
			var req struct {
				Sources     []string  `json:"source_record_ids"`
				RelationIDs []*string `json:"relation_ids"`
			}
			_ = json.Unmarshal([]byte(c.Request), &req)
			ids := make([]string, len(req.Sources))
			for i := range ids {
				ids[i] = fmt.Sprintf("%032x", i+1) // generated: 32 hex characters
				if i < len(req.RelationIDs) && req.RelationIDs[i] != nil {
					ids[i] = *req.RelationIDs[i]
				}
			}
			out, _ := json.Marshal(map[string]any{"relation_ids": ids})
			return string(out), nil
		case "get_relation":
			if strings.Contains(c.Request, `"r1"`) || strings.Contains(c.Request, `"source_record_id":"m3"`) {
				return `{"relation":` + rel + `}`, nil
			}
			return `{"relation":null}`, nil
		case "list_relations":
			return `{"relations":[` + rel + `]}`, nil
		case "update_relations":
			return `{"relation_ids":["r1"],"updated":1}`, nil
		case "delete_relations":
			return `{"deleted":1}`, nil
		}
		return "", agentmemory.FakeOraErr(20100, "INVALID_ARGUMENT: the example database has no "+c.Fn)
	})
	return db
}

func relationExampleStore(ctx context.Context) *agentmemory.Store {
	store, err := agentmemory.Open(ctx, relationExampleDB(), agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	if err != nil {
		log.Fatal(err)
	}
	return store
}

// Relations are values in their stored orientation (source → target). A
// supersedes relation makes its target INVALID while it exists; a custom
// label gets its own label as the opposite unless OppositeType says
// otherwise.
func ExampleStore_AddRelations() {
	ctx := context.Background()
	store := relationExampleStore(ctx)

	m2 := agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: "m2"}
	m3 := agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: "m3"}
	f1 := agentmemory.RecordRef{Type: agentmemory.RecordTypeFact, ID: "f1"}
	ids, err := store.AddRelations(ctx,
		agentmemory.Relation{ID: "r1", Source: m3, Target: m2, Type: agentmemory.RelationSupersedes,
			Metadata: map[string]any{"source": "review"}},
		agentmemory.Relation{Source: f1, Target: m3, Type: "derived_from", OppositeType: "source_of"},
	)
	if errors.Is(err, agentmemory.ErrDuplicateID) {
		log.Fatalf("already linked (maybe the other way round): %v", err)
	} else if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ids)
	// Output:
	// [r1 00000000000000000000000000000002]
}

// GetRelation reads by id, FindRelation by address; a missing relation is
// ErrNotFound.
func ExampleStore_FindRelation() {
	ctx := context.Background()
	store := relationExampleStore(ctx)

	rel, err := store.FindRelation(ctx, agentmemory.RelationKey{
		Source: agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: "m3"},
		Target: agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: "m2"},
		Type:   agentmemory.RelationSupersedes,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(rel.ID, rel.Source.ID, rel.Type, rel.Target.ID, "/", rel.OppositeType)

	_, err = store.GetRelation(ctx, "r9")
	fmt.Println(errors.Is(err, agentmemory.ErrNotFound))
	// Output:
	// r1 m3 supersedes m2 / is_superseded_by
	// true
}

// ListRelations filters exactly on ids, types and labels, and on the
// relations' metadata with the search filter language; the earliest 1000
// unless Limit says otherwise (None: all).
func ExampleStore_ListRelations() {
	ctx := context.Background()
	store := relationExampleStore(ctx)

	rels, err := store.ListRelations(ctx, agentmemory.RelationFilter{
		TargetID:       "m2",
		TargetType:     agentmemory.RecordTypeMemory,
		MetadataFilter: agentmemory.Some(agentmemory.Filter{"source": "review"}),
		Limit:          agentmemory.None[int](),
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range rels {
		fmt.Println(r.ID, r.Source.ID, r.Type, r.Target.ID, r.Metadata["source"])
	}
	// Output:
	// r1 m3 supersedes m2 review
}

// UpdateRelations changes the fields given (the same ones for every
// relation of the call); DeleteRelations returns how many existed.
func ExampleStore_UpdateRelations() {
	ctx := context.Background()
	store := relationExampleStore(ctx)

	res, err := store.UpdateRelations(ctx, agentmemory.RelationUpdate{
		ID:       "r1",
		Type:     agentmemory.RelationRefines,        // the inverse becomes is_refined_by
		Metadata: agentmemory.None[map[string]any](), // clears the metadata
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Updated, res.IDs)

	n, err := store.DeleteRelations(ctx, "r1")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(n)
	// Output:
	// 1 [r1]
	// 1
}
