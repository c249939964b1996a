package agentmemory

import (
	"context"
	"fmt"
)

// The link calls of a Thread (docs/protocol-threads.md §7b): relations
// between memory-like records of the thread, one package call each. The
// values are the relation API's (Relation, RelationKey, RelationUpdate).

// LinkRecords stores one relation between two memory-like records of this
// thread (the seed's link_records) and returns its id. rel is read as by
// Store.AddRelations (CreatedAt and UpdatedAt are not sent); both ends must
// be the thread's (ErrNotFound, T38).
func (t *Thread) LinkRecords(ctx context.Context, rel Relation) (string, error) {
	const op = "Thread.LinkRecords"
	w := linkThreadRecordsWire{Thread: t.id, SourceID: rel.Source.ID, SourceType: rel.Source.Type,
		TargetID: rel.Target.ID, TargetType: rel.Target.Type, Type: rel.Type, OppositeType: rel.OppositeType,
		RelationID: rel.ID, Timestamp: timePtr(rel.Timestamp), Metadata: rel.Metadata}
	var res struct {
		RelationID string `json:"relation_id"`
	}
	err := t.store.recordCall(ctx, op, blockThreadLinkRecords, w, &res, func() error {
		if res.RelationID == "" {
			return malformed(op, fmt.Errorf(`no "relation_id"`))
		}
		return nil
	})
	return res.RelationID, err
}

// UpdateRecordLink changes a relation between records of this thread (the
// seed's update_record_link) and returns 1, or 0 when the relation is not
// the thread's (T40). The fields mean what RelationUpdate's mean for
// Store.UpdateRelations; at least one must be given.
func (t *Thread) UpdateRecordLink(ctx context.Context, u RelationUpdate) (int, error) {
	const op = "Thread.UpdateRecordLink"
	w := updateThreadLinkWire{Thread: t.id, RelationID: u.ID, Type: u.Type, OppositeType: u.OppositeType,
		Timestamp: sentTime(u.Timestamp), Metadata: u.Metadata}
	res, err := t.update(ctx, op, blockThreadUpdateRecordLink, w)
	if err != nil {
		return 0, err
	}
	return res.Updated, nil
}

// DeleteRecordLink deletes the relation with id relationID when both its
// ends are records of this thread (the seed's delete_record_link) and
// returns 1, else 0.
func (t *Thread) DeleteRecordLink(ctx context.Context, relationID string) (int, error) {
	return t.store.deleteCall(ctx, "Thread.DeleteRecordLink", blockThreadDeleteRecordLink,
		deleteThreadLinkWire{Thread: t.id, getRelationWire: getRelationWire{ID: &relationID}})
}

// DeleteRecordLinkByKey deletes the relation stored at key (in its stored
// orientation: the key given the other way round deletes nothing) when
// both its ends are records of this thread, and returns 1, else 0.
func (t *Thread) DeleteRecordLinkByKey(ctx context.Context, key RelationKey) (int, error) {
	w := getRelationWire{SourceID: &key.Source.ID, SourceType: &key.Source.Type, TargetID: &key.Target.ID,
		TargetType: &key.Target.Type, Type: &key.Type}
	return t.store.deleteCall(ctx, "Thread.DeleteRecordLinkByKey", blockThreadDeleteRecordLink,
		deleteThreadLinkWire{Thread: t.id, getRelationWire: w})
}
