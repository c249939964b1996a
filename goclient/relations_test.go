package agentmemory

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEncodeAddRelationsLeavesOutUnusedFields(t *testing.T) {
	m1, m2 := RecordRef{Type: RecordTypeMemory, ID: "m1"}, RecordRef{Type: RecordTypeMemory, ID: "m2"}
	body, err := encodeAddRelations([]Relation{{Source: m1, Target: m2, Type: RelationSupports,
		CreatedAt: time.Now(), UpdatedAt: time.Now()}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"source_record_ids":["m1"],"source_record_types":["memory"],"target_record_ids":["m2"],
		"target_record_types":["memory"],"relation_types":["supports"]}`, string(body),
		"zero optional fields are left out; created_at and updated_at are never sent")

	ts := time.Date(2026, 11, 30, 9, 0, 0, 0, time.FixedZone("CET", 3600))
	body, err = encodeAddRelations([]Relation{
		{Source: m1, Target: m2, Type: "relates_to", OppositeType: "related_from", Metadata: map[string]any{}},
		{ID: "r2", Source: m2, Target: m1, Type: RelationRefines, Timestamp: ts},
	})
	require.NoError(t, err)
	assert.JSONEq(t, `{"source_record_ids":["m1","m2"],"source_record_types":["memory","memory"],
		"target_record_ids":["m2","m1"],"target_record_types":["memory","memory"],"relation_types":["relates_to","refines"],
		"opposite_relation_types":["related_from",null],"relation_ids":[null,"r2"],
		"timestamps":[null,"2026-11-30T08:00:00.000000Z"],"metadata":[{},null]}`, string(body),
		"a zero field next to a given one is null (the default); an empty map is {}, not null")
}

func TestEncodeUpdateRelations(t *testing.T) {
	w, err := encodeUpdateRelations("op", []RelationUpdate{
		{ID: "r1", OppositeType: None[RelationType](), Timestamp: Some(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))},
		{ID: "r2", OppositeType: Some[RelationType]("x"), Timestamp: None[time.Time]()},
	})
	require.NoError(t, err)
	b, err := marshalNoEscape(w)
	require.NoError(t, err)
	assert.JSONEq(t, `{"relation_ids":["r1","r2"],"opposite_relation_types":[null,"x"],
		"timestamps":["2026-01-02T03:04:05.000000Z",null]}`, string(b), "omitted fields are left out; None is null")

	_, err = encodeUpdateRelations("Store.UpdateRelations", []RelationUpdate{
		{ID: "r1", Metadata: Some(map[string]any{"a": 1})}, {ID: "r2"},
	})
	require.ErrorIs(t, err, ErrInvalidArgument, "keep and a value cannot share one list")
	assert.Contains(t, err.Error(), "updates[1] leaves Metadata unchanged but updates[0] gives it")
}

func TestRelationJSONRoundTrip(t *testing.T) {
	in := `{"id":"r2","source_record_id":"m3","source_record_type":"memory","target_record_id":"m2",
	"target_record_type":"memory","relation_type":"supersedes","opposite_relation_type":"is_superseded_by",
	"timestamp":"2026-11-30T08:00:00.000000Z","metadata":{"n":12345678901234567890},
	"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:01.000000Z","added_later":1}`
	var r Relation
	require.NoError(t, json.Unmarshal([]byte(in), &r), "an unknown key is ignored")
	assert.Equal(t, RelationKey{Source: RecordRef{RecordTypeMemory, "m3"}, Target: RecordRef{RecordTypeMemory, "m2"},
		Type: RelationSupersedes}, r.Key())
	assert.Equal(t, json.Number("12345678901234567890"), r.Metadata["n"], "metadata numbers keep their digits")
	out, err := json.Marshal(r)
	require.NoError(t, err)
	var want map[string]any
	require.NoError(t, json.Unmarshal([]byte(in), &want))
	delete(want, "added_later")
	assert.JSONEq(t, mustJSON(t, want), string(out))

	r.Timestamp, r.Metadata = time.Time{}, nil
	out, err = json.Marshal(r)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"timestamp":null`)
	assert.Contains(t, string(out), `"metadata":null`)
}

func mustJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func relationTestStore(respond func(fakeCall) (string, error)) (*Store, *fakeDB) {
	f, db := newFakeDB(respond)
	return &Store{db: db, result: StoreResult{Store: StoreInfo{MemoryStoreID: "REL01"}}}, f
}

func TestRelationCallsSendOneRequestEach(t *testing.T) {
	var got []string
	s, _ := relationTestStore(func(c fakeCall) (string, error) {
		req, _ := c.Args["b_request"].(string)
		got = append(got, c.Fn+" "+req)
		switch c.Fn {
		case "get_relation":
			return `{"relation":null}`, nil
		case "delete_relations":
			return `{"deleted":0}`, nil
		case "list_relations":
			return `{"relations":[]}`, nil
		}
		return "", fmt.Errorf("unexpected %s", c.Fn)
	})
	ctx := t.Context()

	_, err := s.GetRelation(ctx, "r9")
	require.ErrorIs(t, err, ErrNotFound)
	var ae *Error
	require.True(t, errors.As(err, &ae))
	assert.Equal(t, "Store.GetRelation", ae.Op)
	assert.Equal(t, `NOT_FOUND: no relation "r9" in store REL01`, ae.Message)

	_, err = s.FindRelation(ctx, RelationKey{Source: RecordRef{RecordTypeMemory, "m2"}, Target: RecordRef{RecordTypeMemory, ""}})
	require.ErrorIs(t, err, ErrNotFound)

	n, err := s.DeleteRelations(ctx)
	require.NoError(t, err)
	assert.Zero(t, n)

	rels, err := s.ListRelations(ctx, RelationFilter{Limit: None[int](), MetadataFilter: None[Filter]()})
	require.NoError(t, err)
	assert.NotNil(t, rels, "an empty list, not nil: it prints as []")

	assert.Equal(t, []string{
		`get_relation {"relation_id":"r9"}`,
		`get_relation {"source_record_id":"m2","source_record_type":"memory","target_record_id":"","target_record_type":"memory","relation_type":""}`,
		`delete_relations {"relation_ids":[]}`,
		`list_relations {"metadata_filter":null,"limit":null}`,
	}, got, "empty values are sent for the package to refuse by name; the client checks nothing")
}

func TestRelationResponsesTheClientCannotRead(t *testing.T) {
	for fn, resp := range map[string]string{
		"add_relations":    `{"relation_ids":["r1","r2"]}`, // one relation sent
		"list_relations":   `{}`,
		"update_relations": `{"relation_ids":["r1"],"updated":2}`,
		"delete_relations": `{}`,
	} {
		s, _ := relationTestStore(func(fakeCall) (string, error) { return resp, nil })
		var err error
		switch fn {
		case "add_relations":
			_, err = s.AddRelations(t.Context(), Relation{Type: RelationSupports})
		case "list_relations":
			_, err = s.ListRelations(t.Context(), RelationFilter{})
		case "update_relations":
			_, err = s.UpdateRelations(t.Context(), RelationUpdate{ID: "r1", Metadata: None[map[string]any]()})
		case "delete_relations":
			_, err = s.DeleteRelations(t.Context(), "r1")
		}
		require.Error(t, err, fn)
		assert.Contains(t, err.Error(), "malformed response from the package", fn)
	}
}

// benchRelations are n relations m(i) → m(i+1) with metadata, half of them
// with an event time.
func benchRelations(n int) []Relation {
	rels := make([]Relation, n)
	ts := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	for i := range rels {
		rels[i] = Relation{Source: RecordRef{RecordTypeMemory, fmt.Sprintf("mem-%06d", i)},
			Target: RecordRef{RecordTypeMemory, fmt.Sprintf("mem-%06d", i+1)}, Type: RelationSupports,
			Metadata: map[string]any{"source": "bench", "i": i}}
		if i%2 == 0 {
			rels[i].Timestamp = ts
		}
	}
	return rels
}

// plainAddRelations is the baseline: the same request as plain per-field
// lists encoded by encoding/json alone.
type plainAddRelations struct {
	SourceIDs   []string         `json:"source_record_ids"`
	SourceTypes []string         `json:"source_record_types"`
	TargetIDs   []string         `json:"target_record_ids"`
	TargetTypes []string         `json:"target_record_types"`
	Types       []string         `json:"relation_types"`
	Timestamps  []*string        `json:"timestamps"`
	Metadata    []map[string]any `json:"metadata"`
}

// BenchmarkAddRelationsEncode: the client's cost of a 1,000-relation add
// (the request only; the round trip is BenchmarkAddRelationsLive in
// tests/go), against the plain encoding.
func BenchmarkAddRelationsEncode(b *testing.B) {
	rels := benchRelations(1000)
	b.Run("client", func(b *testing.B) {
		for b.Loop() {
			if _, err := encodeAddRelations(rels); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			var p plainAddRelations
			for _, r := range rels {
				p.SourceIDs = append(p.SourceIDs, r.Source.ID)
				p.SourceTypes = append(p.SourceTypes, string(r.Source.Type))
				p.TargetIDs = append(p.TargetIDs, r.Target.ID)
				p.TargetTypes = append(p.TargetTypes, string(r.Target.Type))
				p.Types = append(p.Types, string(r.Type))
				var ts *string
				if !r.Timestamp.IsZero() {
					s := r.Timestamp.UTC().Format(utcLayout)
					ts = &s
				}
				p.Timestamps = append(p.Timestamps, ts)
				p.Metadata = append(p.Metadata, r.Metadata)
			}
			if _, err := json.Marshal(p); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkListRelationsDecode: decoding 1,000 relations into Relation
// values against a plain decode of the same JSON into maps.
func BenchmarkListRelationsDecode(b *testing.B) {
	rels := benchRelations(1000)
	for i := range rels {
		rels[i].ID, rels[i].OppositeType = fmt.Sprintf("%032x", i), "is_supported_by"
		rels[i].CreatedAt, rels[i].UpdatedAt = time.Now(), time.Now()
	}
	body, err := json.Marshal(map[string]any{"relations": rels})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("client", func(b *testing.B) {
		for b.Loop() {
			var res relationsResponse
			if err := decodeResponse("bench", string(body), &res); err != nil {
				b.Fatal(err)
			}
			rels := make([]Relation, len(*res.Relations))
			for i := range *res.Relations {
				rels[i] = (*res.Relations)[i].relation()
			}
		}
	})
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			var res struct {
				Relations []map[string]any `json:"relations"`
			}
			if err := json.Unmarshal(body, &res); err != nil {
				b.Fatal(err)
			}
		}
	})
}
