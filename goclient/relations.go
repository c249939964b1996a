package agentmemory

import (
	"context"
	"encoding/json"
	"fmt"
)

// The relation calls of a Store (docs/protocol-relations.md): one package
// call each, atomic and committed on success with its round trip unless the
// Store is bound to a *sql.Tx (see DBTX and WithTx). The package owns every
// rule (labels, inverses, one orientation per pair of records, endpoints,
// lifecycle status); the client encodes Go values and decodes the answer.

const (
	blockAddRelations    = `begin :b_res := dbms_agent_memory_store.add_relations(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockGetRelation     = `begin :b_res := dbms_agent_memory_store.get_relation(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockListRelations   = `begin :b_res := dbms_agent_memory_store.list_relations(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockUpdateRelations = `begin :b_res := dbms_agent_memory_store.update_relations(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockDeleteRelations = `begin :b_res := dbms_agent_memory_store.delete_relations(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
)

// AddRelations stores relations between memory-like records (the seed's
// add_relations) in one atomic call and returns their ids in input order,
// generated ones included. Each relation is kept in the orientation given
// (Source → Target); the package refuses a second relation of the same
// address and any relation that links a pair of records the other way
// (ErrDuplicateID: describe the reverse view with OppositeType). A
// supersedes, refines or duplicates relation makes its target INVALID while
// it exists (L24). Nothing is written when any relation is refused.
//
// Errors: ErrInvalidArgument (a bad label, a self relation, ...),
// ErrNotFound (an endpoint is not a stored, unexpired record of its type),
// ErrDuplicateID, and those of an unusable store.
func (s *Store) AddRelations(ctx context.Context, rels ...Relation) ([]string, error) {
	const op = "Store.AddRelations"
	body, err := encodeAddRelations(rels)
	if err != nil {
		return nil, fmt.Errorf("agentmemory: %s: encoding the request: %w", op, err)
	}
	var res struct {
		IDs *[]string `json:"relation_ids"`
	}
	err = s.recordCall(ctx, op, blockAddRelations, rawRequest(body), &res, func() error {
		if res.IDs == nil || len(*res.IDs) != len(rels) {
			return malformed(op, fmt.Errorf("expected %d relation ids", len(rels)))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return *res.IDs, nil
}

// GetRelation returns the relation with id relationID (the seed's
// get_relation by relation_id). A missing relation is an error matching
// ErrNotFound.
func (s *Store) GetRelation(ctx context.Context, relationID string) (Relation, error) {
	return s.getRelation(ctx, "Store.GetRelation", getRelationWire{ID: &relationID}, func() string {
		return fmt.Sprintf("relation %q", relationID)
	})
}

// FindRelation returns the relation stored at key, in its stored
// orientation (the seed's get_relation by the endpoint tuple): the key
// given the other way round finds nothing. A missing relation is an error
// matching ErrNotFound. Every field of key is sent; the package refuses an
// empty one (ErrInvalidArgument).
func (s *Store) FindRelation(ctx context.Context, key RelationKey) (Relation, error) {
	w := getRelationWire{SourceID: &key.Source.ID, SourceType: &key.Source.Type, TargetID: &key.Target.ID,
		TargetType: &key.Target.Type, Type: &key.Type}
	return s.getRelation(ctx, "Store.FindRelation", w, func() string {
		return fmt.Sprintf("relation %s %q %q %s %q", key.Source.Type, key.Source.ID, key.Type, key.Target.Type, key.Target.ID)
	})
}

func (s *Store) getRelation(ctx context.Context, op string, req getRelationWire, what func() string) (Relation, error) {
	var res struct {
		Relation json.RawMessage `json:"relation"`
	}
	var rel Relation
	err := s.recordCall(ctx, op, blockGetRelation, req, &res, func() error {
		if k := kindOf(res.Relation); k == 0 || k == 'n' {
			return newAppError(op, 20101, fmt.Sprintf("NOT_FOUND: no %s in %s", what(), searchStoreName(s.ID())), nil)
		}
		if err := json.Unmarshal(res.Relation, &rel); err != nil {
			return malformed(op, err)
		}
		return nil
	})
	if err != nil {
		return Relation{}, err
	}
	return rel, nil
}

// ListRelations returns the relations matching f (the seed's
// list_relations), the earliest created first (then by id): the first
// f.Limit of them, 1000 when Limit is omitted. Errors: ErrInvalidArgument,
// and those of an unusable store.
func (s *Store) ListRelations(ctx context.Context, f RelationFilter) ([]Relation, error) {
	const op = "Store.ListRelations"
	var res relationsResponse
	var rels []Relation
	err := s.recordCall(ctx, op, blockListRelations, f, &res, func() error {
		if res.Relations == nil {
			return malformed(op, fmt.Errorf(`no "relations" list`))
		}
		rels = make([]Relation, len(*res.Relations))
		for i := range *res.Relations {
			rels[i] = (*res.Relations)[i].relation()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rels, nil
}

// UpdateRelations changes relations in one atomic call (the seed's
// update_relations) and reports which were updated: ids that name no
// relation are skipped, not an error. Every update must give the same
// fields (one request carries one list per field; a field one update omits
// and another gives cannot be encoded: make two calls). A change to a
// built-in type sets its fixed inverse; endpoints never change; lifecycle
// statuses are recomputed in the same call (L27, L28).
//
// Errors: ErrInvalidArgument (no field, a repeated id, a built-in's inverse
// overridden, ...), ErrDuplicateID (a type change onto a stored address),
// and those of an unusable store.
func (s *Store) UpdateRelations(ctx context.Context, updates ...RelationUpdate) (*UpdateRelationsResult, error) {
	const op = "Store.UpdateRelations"
	w, err := encodeUpdateRelations(op, updates)
	if err != nil {
		return nil, err
	}
	var res UpdateRelationsResult
	err = s.recordCall(ctx, op, blockUpdateRelations, w, &res, func() error {
		if res.IDs == nil || res.Updated != len(res.IDs) {
			return malformed(op, fmt.Errorf("relation_ids and updated disagree"))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// DeleteRelations deletes relations by id in one atomic call (the seed's
// delete_relations) and returns how many existed; ids that name no relation
// count 0. The targets of deleted supersedes, refines and duplicates
// relations become VALID again when no such relation targets them any more
// and the caller did not set them INVALID (L23, L25).
func (s *Store) DeleteRelations(ctx context.Context, relationIDs ...string) (int, error) {
	ids := relationIDs
	if ids == nil {
		ids = []string{} // sent as [], which the package refuses by name
	}
	return s.deleteCall(ctx, "Store.DeleteRelations", blockDeleteRelations, relationIDsWire{IDs: ids})
}
