package fixturecall

// The relation calls (docs/protocol-relations.md): a fixture request of
// add_relations, get_relation, list_relations, update_relations or
// delete_relations turned into the Go values a caller writes (Relation,
// RelationKey, RelationFilter, RelationUpdate, ids) and sent through the
// Store method.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// ErrUnexpressible marks a fixture request the Go values cannot send as
// written (a null where Go has no null, lists of unequal length, an
// unknown key, ...): the live suites send those raw.
var ErrUnexpressible = errors.New("no Go counterpart")

func unexpressible(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnexpressible, fmt.Sprintf(format, args...))
}

// IsRelationOp reports whether op is a relation call.
func IsRelationOp(op string) bool {
	switch op {
	case "add_relations", "get_relation", "list_relations", "update_relations", "delete_relations":
		return true
	}
	return false
}

// callRelation runs a relation fixture through the Go client and returns
// the result as the package's response JSON; a request the Go values
// cannot express is an error matching ErrUnexpressible, before any call.
func callRelation(ctx context.Context, s *agentmemory.Store, op string, request []byte) ([]byte, error) {
	var res any
	var err error
	switch op {
	case "add_relations":
		rels, derr := Relations(request)
		if derr != nil {
			return nil, derr
		}
		ids, aerr := s.AddRelations(ctx, rels...)
		res, err = map[string]any{"relation_ids": ids}, aerr
	case "get_relation":
		id, key, byID, derr := RelationLookup(request)
		if derr != nil {
			return nil, derr
		}
		var rel agentmemory.Relation
		if byID {
			rel, err = s.GetRelation(ctx, id)
		} else {
			rel, err = s.FindRelation(ctx, key)
		}
		if errors.Is(err, agentmemory.ErrNotFound) {
			return []byte(`{"relation":null}`), nil // the package's null: the client's ErrNotFound
		}
		res = map[string]any{"relation": rel}
	case "list_relations":
		f, derr := RelationFilter(request)
		if derr != nil {
			return nil, derr
		}
		rels, lerr := s.ListRelations(ctx, f)
		res, err = map[string]any{"relations": rels}, lerr
	case "update_relations":
		ups, derr := RelationUpdates(request)
		if derr != nil {
			return nil, derr
		}
		res, err = s.UpdateRelations(ctx, ups...)
	case "delete_relations":
		ids, derr := relationIDs(request)
		if derr != nil {
			return nil, derr
		}
		n, derr := s.DeleteRelations(ctx, ids...)
		res, err = map[string]any{"deleted": n}, derr
	default:
		return nil, fmt.Errorf("no client call for %s", op)
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

// batchKeys decodes a request whose keys are a single value (broadcast) or
// a list; known lists the allowed keys. It returns each key's entries and
// the batch size: the common length of the lists, 1 when none is a list.
// Lists of unequal length, or an empty list, have no Go counterpart (one
// value per relation); so has a single value of one of perItem for a batch
// of several (it would be repeated).
func batchKeys(request []byte, known []string, perItem string) (map[string][]json.RawMessage, int, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(request, &top); err != nil {
		return nil, 0, err
	}
	allowed := map[string]bool{}
	for _, k := range known {
		allowed[k] = true
	}
	n, scalar := -1, map[string]bool{}
	lists := map[string][]json.RawMessage{}
	for k, v := range top {
		if !allowed[k] {
			return nil, 0, unexpressible("key %q", k)
		}
		if kindOf(v) == '[' {
			var items []json.RawMessage
			if err := json.Unmarshal(v, &items); err != nil {
				return nil, 0, err
			}
			if n >= 0 && len(items) != n {
				return nil, 0, unexpressible("lists of unequal length")
			}
			n, lists[k] = len(items), items
			continue
		}
		scalar[k] = true
	}
	if n < 0 {
		n = 1
	}
	if n == 0 {
		return nil, 0, unexpressible("an empty list with other keys")
	}
	if scalar[perItem] && n > 1 {
		return nil, 0, unexpressible("one %s for %d entries", perItem, n)
	}
	for k := range scalar {
		lists[k] = make([]json.RawMessage, n)
		for i := range lists[k] {
			lists[k][i] = top[k]
		}
	}
	return lists, n, nil
}

func kindOf(v json.RawMessage) byte {
	for _, c := range v {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return c
		}
	}
	return 0
}

// text decodes a string entry; null (or absent) is "" when nullOK, else
// unexpressible, and "" itself is unexpressible when a zero Go field would
// leave the entry out.
func text(key string, v json.RawMessage, nullOK, emptyOK bool) (string, error) {
	if v == nil || string(v) == "null" {
		if nullOK {
			return "", nil
		}
		return "", unexpressible("%s null (Go sends a string)", key)
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return "", unexpressible("%s %s is not a string", key, v)
	}
	if s == "" && !emptyOK {
		return "", unexpressible("%s \"\" (a zero Go field is left out)", key)
	}
	return s, nil
}

// Relations decodes an add_relations request into the relations a Go
// caller passes to Store.AddRelations.
func Relations(request []byte) ([]agentmemory.Relation, error) {
	keys, n, err := batchKeys(request, []string{"source_record_ids", "source_record_types", "target_record_ids",
		"target_record_types", "relation_types", "opposite_relation_types", "relation_ids", "timestamps", "metadata"},
		"relation_ids")
	if err != nil {
		return nil, err
	}
	for _, k := range []string{"source_record_ids", "source_record_types", "target_record_ids", "target_record_types", "relation_types"} {
		if keys[k] == nil {
			return nil, unexpressible("%s omitted (Go sends every relation's %s)", k, k)
		}
	}
	at := func(k string, i int) json.RawMessage {
		if keys[k] == nil {
			return nil
		}
		return keys[k][i]
	}
	rels := make([]agentmemory.Relation, n)
	for i := range rels {
		r := &rels[i]
		var src, srcT, tgt, tgtT, typ, opp, ts string
		for _, f := range []struct {
			key             string
			dst             *string
			nullOK, emptyOK bool
		}{{"source_record_ids", &src, false, true}, {"source_record_types", &srcT, false, true},
			{"target_record_ids", &tgt, false, true}, {"target_record_types", &tgtT, false, true},
			{"relation_types", &typ, false, true}, {"opposite_relation_types", &opp, true, false},
			{"relation_ids", &r.ID, true, false}, {"timestamps", &ts, true, false}} {
			if *f.dst, err = text(f.key, at(f.key, i), f.nullOK, f.emptyOK); err != nil {
				return nil, err
			}
		}
		r.Source = agentmemory.RecordRef{Type: agentmemory.RecordType(srcT), ID: src}
		r.Target = agentmemory.RecordRef{Type: agentmemory.RecordType(tgtT), ID: tgt}
		r.Type, r.OppositeType = agentmemory.RelationType(typ), agentmemory.RelationType(opp)
		if r.Timestamp, err = ParseTimestamp(ts); err != nil {
			return nil, unexpressible("timestamps[%d]: %v", i, err)
		}
		if r.Metadata, err = object("metadata", at("metadata", i)); err != nil {
			return nil, err
		}
	}
	return rels, nil
}

// object decodes an object entry; null or absent is nil.
func object(key string, v json.RawMessage) (map[string]any, error) {
	if v == nil || string(v) == "null" {
		return nil, nil
	}
	if kindOf(v) != '{' {
		return nil, unexpressible("%s %s is not an object", key, v)
	}
	var m map[string]any
	return m, json.Unmarshal(v, &m)
}

// RelationLookup decodes a get_relation request: relation_id alone (byID),
// or the five tuple keys.
func RelationLookup(request []byte) (id string, key agentmemory.RelationKey, byID bool, err error) {
	var top map[string]json.RawMessage
	if err = json.Unmarshal(request, &top); err != nil {
		return
	}
	if v, ok := top["relation_id"]; ok && len(top) == 1 {
		id, err = text("relation_id", v, false, true)
		return id, key, true, err
	}
	tuple := []string{"source_record_id", "source_record_type", "target_record_id", "target_record_type", "relation_type"}
	vals := make([]string, len(tuple))
	for i, k := range tuple {
		v, ok := top[k]
		if !ok {
			return "", key, false, unexpressible("a partial tuple (FindRelation sends all five keys)")
		}
		if vals[i], err = text(k, v, false, true); err != nil {
			return
		}
	}
	if len(top) != len(tuple) {
		return "", key, false, unexpressible("relation_id with tuple keys, or an unknown key")
	}
	key = agentmemory.RelationKey{Source: agentmemory.RecordRef{Type: agentmemory.RecordType(vals[1]), ID: vals[0]},
		Target: agentmemory.RecordRef{Type: agentmemory.RecordType(vals[3]), ID: vals[2]},
		Type:   agentmemory.RelationType(vals[4])}
	return "", key, false, nil
}

// RelationFilter decodes a list_relations request.
func RelationFilter(request []byte) (agentmemory.RelationFilter, error) {
	var f agentmemory.RelationFilter
	var top map[string]json.RawMessage
	if err := json.Unmarshal(request, &top); err != nil {
		return f, err
	}
	for k, v := range top {
		if k == "metadata_filter" || k == "limit" {
			continue
		}
		if _, err := text(k, v, false, false); err != nil {
			return f, err
		}
	}
	if err := strict(request, &f); err != nil {
		return f, unexpressible("%v", err)
	}
	return f, nil
}

// RelationUpdates decodes an update_relations request into one
// RelationUpdate per id.
func RelationUpdates(request []byte) ([]agentmemory.RelationUpdate, error) {
	keys, n, err := batchKeys(request, []string{"relation_ids", "relation_types", "opposite_relation_types",
		"timestamps", "metadata"}, "relation_ids")
	if err != nil {
		return nil, err
	}
	if keys["relation_ids"] == nil {
		return nil, unexpressible("relation_ids omitted")
	}
	ups := make([]agentmemory.RelationUpdate, n)
	for i := range ups {
		u := &ups[i]
		if u.ID, err = text("relation_ids", keys["relation_ids"][i], false, true); err != nil {
			return nil, err
		}
		if v := keys["relation_types"]; v != nil {
			t, err := text("relation_types", v[i], false, false)
			if err != nil {
				return nil, err
			}
			u.Type = agentmemory.RelationType(t)
		}
		if v := keys["opposite_relation_types"]; v != nil {
			u.OppositeType = agentmemory.None[agentmemory.RelationType]()
			if string(v[i]) != "null" {
				t, err := text("opposite_relation_types", v[i], false, true)
				if err != nil {
					return nil, err
				}
				u.OppositeType = agentmemory.Some(agentmemory.RelationType(t))
			}
		}
		if v := keys["timestamps"]; v != nil {
			u.Timestamp = agentmemory.None[time.Time]()
			if string(v[i]) != "null" {
				s, err := text("timestamps", v[i], false, false)
				if err != nil {
					return nil, err
				}
				t, err := ParseTimestamp(s)
				if err != nil {
					return nil, unexpressible("timestamps[%d]: %v", i, err)
				}
				u.Timestamp = agentmemory.Some(t)
			}
		}
		if v := keys["metadata"]; v != nil {
			m, err := object("metadata", v[i])
			if err != nil {
				return nil, err
			}
			u.Metadata = agentmemory.None[map[string]any]()
			if m != nil {
				u.Metadata = agentmemory.Some(m)
			}
		}
	}
	return ups, nil
}

// relationIDs decodes a delete_relations request: one id or a list.
func relationIDs(request []byte) ([]string, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(request, &top); err != nil {
		return nil, err
	}
	v, ok := top["relation_ids"]
	if !ok || len(top) != 1 {
		return nil, unexpressible("keys other than relation_ids")
	}
	if kindOf(v) != '[' {
		id, err := text("relation_ids", v, false, true)
		return []string{id}, err
	}
	var items []json.RawMessage
	if err := json.Unmarshal(v, &items); err != nil {
		return nil, err
	}
	ids := make([]string, len(items))
	for i, item := range items {
		var err error
		if ids[i], err = text("relation_ids", item, false, true); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// canonicalRelation is Canonical for the relation calls: add_relations as
// one map per relation (broadcast values repeated, null entries dropped:
// null is the default there); update_relations as one map per id (null
// kept: it clears or resets); delete_relations with its ids as a list;
// timestamps in UTC with microseconds. get_relation and list_relations as
// decoded.
func canonicalRelation(op string, request []byte) (any, error) {
	var top map[string]any
	if err := json.Unmarshal(request, &top); err != nil {
		return nil, err
	}
	switch op {
	case "add_relations", "update_relations":
		n := 1
		for _, v := range top {
			if l, ok := v.([]any); ok {
				n = len(l)
			}
		}
		items := make([]map[string]any, n)
		for i := range items {
			items[i] = map[string]any{}
			for k, v := range top {
				if l, ok := v.([]any); ok {
					if i >= len(l) {
						continue
					}
					v = l[i]
				}
				if s, ok := v.(string); ok && k == "timestamps" {
					t, err := ParseTimestamp(s)
					if err != nil {
						return nil, err
					}
					// Microseconds, as the client sends them (the column's precision).
					v = t.UTC().Format("2006-01-02T15:04:05.000000Z")
				}
				if v != nil || op == "update_relations" {
					items[i][k] = v
				}
			}
		}
		return items, nil
	case "delete_relations":
		if v, ok := top["relation_ids"]; ok {
			if _, isList := v.([]any); !isList && v != nil {
				top["relation_ids"] = []any{v}
			}
		}
	}
	return top, nil
}
