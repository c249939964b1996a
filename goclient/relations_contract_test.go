package agentmemory_test

// Contract tests of the relation calls over the golden fixtures of
// tests/go/testdata/contract/<op>/ (docs/protocol-relations.md §11), through
// the public API, as records_contract_ext_test.go does for records: every
// request is turned into Go values by tests/go/fixturecall (shared with the
// live suite), sent through the Store method against the fake driver, and
// compared with the fixture in canonical form; accepted results encode back
// to the fixture's response, refused ones come back as their sentinel.

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/fixturecall"
)

var relationOps = []string{"add_relations", "get_relation", "list_relations", "update_relations", "delete_relations"}

// relationUnexpressible are the refused fixtures whose defect the Go values
// cannot carry, and why; the live suite sends them raw. Every other relation
// fixture goes through the Go API.
var relationUnexpressible = map[string]string{
	"add_relations/lists_unequal":           "one value per relation: lists always have the batch's length",
	"add_relations/list_empty":              "an empty list next to single values",
	"add_relations/single_id_for_batch":     "Relation.ID is per relation; one id for two is not a value",
	"add_relations/relation_types_missing":  "every relation sends its Type",
	"add_relations/unknown_key":             "no Go field",
	"add_relations/bad_timestamp":           "Timestamp is a time.Time: month 13 is no time",
	"add_relations/metadata_not_object":     "Metadata is a map",
	"get_relation/partial_tuple":            "FindRelation sends the whole RelationKey",
	"get_relation/id_with_tuple":            "GetRelation sends the id alone",
	"list_relations/filter_null":            "RelationFilter fields are strings: \"\" leaves the filter out",
	"update_relations/scalar_id_with_lists": "one RelationUpdate per id",
	"delete_relations/id_null":              "ids are strings",
}

// relationStore is a Store REL01 (KEYWORD, vector_dim 4) on the fake driver.
func relationStore(respond func(agentmemory.FakeCall) (string, error)) (*agentmemory.Store, func() []agentmemory.FakeCall) {
	db, calls := agentmemory.NewFakeDB(respond)
	return agentmemory.NewTestStore(db, agentmemory.StoreInfo{MemoryStoreID: "REL01", SchemaOwner: "APP",
		Status: agentmemory.StatusReady}), calls
}

type relationFixture struct {
	op, name          string
	request, response []byte
	code              int
	className         string
	messageContains   []string
}

func loadRelationFixtures(t *testing.T) []relationFixture {
	out := loadFixtures(t, relationOps)
	require.Greater(t, len(out), 50, "the relation fixtures were found")
	return out
}

func TestContractRelations(t *testing.T) {
	runContractFixtures(t, loadRelationFixtures(t), relationStore, "AGENTMEM_RELATION", relationUnexpressible,
		func(op string) bool { return strings.HasPrefix(op, "Store.") })
}

// FuzzAddRelationsRoundTrip: any add_relations request the Go values can
// express (fixturecall.Relations accepts it) is sent equal to itself in
// canonical form: the encoder loses and invents nothing. Seeds: every
// add_relations request fixture.
func FuzzAddRelationsRoundTrip(f *testing.F) {
	addRequestSeeds(f, "add_relations")
	f.Fuzz(func(t *testing.T, data []byte) {
		rels, err := fixturecall.Relations(data)
		if err != nil {
			return
		}
		want, err := fixturecall.Canonical("add_relations", data)
		if err != nil {
			return
		}
		s, calls := relationStore(func(agentmemory.FakeCall) (string, error) {
			ids := make([]string, len(rels))
			b, _ := json.Marshal(map[string]any{"relation_ids": ids})
			return string(b), nil
		})
		if _, err := s.AddRelations(t.Context(), rels...); err != nil {
			t.Fatalf("an expressible request is sent: %v", err)
		}
		sent, err := fixturecall.Canonical("add_relations", []byte(calls()[0].Request))
		require.NoError(t, err)
		require.Equal(t, want, sent)
	})
}
