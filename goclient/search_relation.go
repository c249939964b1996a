package agentmemory

import (
	"encoding/json"
	"time"
)

// Relation is a stored relation in its source -> target orientation
// (docs/protocol-relations.md §2; the seed's RecordRelation), as graph
// expansion attaches it to a linked search result.
type Relation struct {
	ID               string
	SourceRecordID   string
	SourceRecordType RecordType
	TargetRecordID   string
	TargetRecordType RecordType
	// RelationType is the directed label (built-in: supersedes, refines,
	// supports, contradicts, duplicates; anything else is custom).
	RelationType string
	// OppositeRelationType is the label of the inverse view.
	OppositeRelationType string
	// Timestamp is the caller's event time in UTC; None when none.
	Timestamp Optional[time.Time]
	// Metadata is the relation's JSON object, nil when it has none.
	Metadata  map[string]any
	CreatedAt time.Time
	UpdatedAt time.Time
}

// relationWire is the relation object of the protocol.
type relationWire struct {
	ID                   string            `json:"id"`
	SourceRecordID       string            `json:"source_record_id"`
	SourceRecordType     RecordType        `json:"source_record_type"`
	TargetRecordID       string            `json:"target_record_id"`
	TargetRecordType     RecordType        `json:"target_record_type"`
	RelationType         string            `json:"relation_type"`
	OppositeRelationType string            `json:"opposite_relation_type"`
	Timestamp            Optional[utcTime] `json:"timestamp"`
	Metadata             map[string]any    `json:"metadata"`
	CreatedAt            utcTime           `json:"created_at"`
	UpdatedAt            utcTime           `json:"updated_at"`
}

// MarshalJSON writes the protocol's relation object (timestamps as the
// package writes them).
func (r Relation) MarshalJSON() ([]byte, error) {
	return json.Marshal(relationWire{
		ID: r.ID, SourceRecordID: r.SourceRecordID, SourceRecordType: r.SourceRecordType,
		TargetRecordID: r.TargetRecordID, TargetRecordType: r.TargetRecordType,
		RelationType: r.RelationType, OppositeRelationType: r.OppositeRelationType,
		Timestamp: utcOptional(r.Timestamp), Metadata: r.Metadata,
		CreatedAt: utcTime(r.CreatedAt), UpdatedAt: utcTime(r.UpdatedAt),
	})
}

// UnmarshalJSON reads the protocol's relation object; numbers in metadata
// keep their exact text (json.Number), as in records.
func (r *Relation) UnmarshalJSON(data []byte) error {
	var w relationWire
	if err := decodeNumbers(data, &w); err != nil {
		return err
	}
	*r = Relation{
		ID: w.ID, SourceRecordID: w.SourceRecordID, SourceRecordType: w.SourceRecordType,
		TargetRecordID: w.TargetRecordID, TargetRecordType: w.TargetRecordType,
		RelationType: w.RelationType, OppositeRelationType: w.OppositeRelationType,
		Timestamp: timeOptional(w.Timestamp), Metadata: w.Metadata,
		CreatedAt: time.Time(w.CreatedAt), UpdatedAt: time.Time(w.UpdatedAt),
	}
	return nil
}
