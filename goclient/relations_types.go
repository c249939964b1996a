package agentmemory

import (
	"encoding/json"
	"time"
)

// RelationType is a relation's label (L9). The built-in types below are
// matched case-insensitively by the package and stored lower case; any
// other label is a custom type, kept as given.
type RelationType string

// The built-in relation types of the seed. Supersedes, Refines and
// Duplicates are lifecycle types: while one targets a record, that record's
// status is INVALID (L24).
const (
	RelationSupersedes  RelationType = "supersedes"  // the source replaces the target; inverse is_superseded_by
	RelationRefines     RelationType = "refines"     // the source makes the target more precise; inverse is_refined_by
	RelationSupports    RelationType = "supports"    // the source backs the target; inverse is_supported_by
	RelationContradicts RelationType = "contradicts" // symmetric: its own inverse
	RelationDuplicates  RelationType = "duplicates"  // symmetric: its own inverse
)

// RecordRef names one record: its type and id. Relations connect
// memory-like records (memory, fact, guideline, preference).
type RecordRef struct {
	Type RecordType
	ID   string
}

// Relation is a directed, typed link between two memory-like records, in
// its stored orientation, Source → Target (the seed's RecordRelation). As
// input to AddRelations, a zero field is the package's default: ID ""
// generated, OppositeType "" the default inverse (the fixed inverse of a
// built-in type, the label itself for a custom one), Timestamp zero none,
// Metadata nil none; CreatedAt and UpdatedAt are set by the database and
// not sent. Read back, every field is filled from the store.
//
// A Relation encodes to the package's relation object (json.Marshal), so
// `agentmem relation get --json` prints what the package returns.
type Relation struct {
	ID     string
	Source RecordRef
	Target RecordRef
	Type   RelationType
	// OppositeType is the label of the reverse view (Target → Source),
	// e.g. is_superseded_by. A built-in type's inverse cannot be replaced.
	OppositeType RelationType
	// Timestamp is the caller's event time (UTC when read); zero: none.
	Timestamp time.Time
	// Metadata is the relation's own JSON object (numbers read as
	// json.Number); nil: none.
	Metadata  map[string]any
	CreatedAt time.Time
	UpdatedAt time.Time
}

// RelationKey is the address of a relation: its endpoints in stored
// orientation and its type (FindRelation).
type RelationKey struct {
	Source RecordRef
	Target RecordRef
	Type   RelationType
}

// Key returns the relation's address.
func (r Relation) Key() RelationKey {
	return RelationKey{Source: r.Source, Target: r.Target, Type: r.Type}
}

// relationWire is the package's relation object (protocol-relations §2).
type relationWire struct {
	ID           string         `json:"id"`
	SourceID     string         `json:"source_record_id"`
	SourceType   RecordType     `json:"source_record_type"`
	TargetID     string         `json:"target_record_id"`
	TargetType   RecordType     `json:"target_record_type"`
	Type         RelationType   `json:"relation_type"`
	OppositeType RelationType   `json:"opposite_relation_type"`
	Timestamp    *utcTime       `json:"timestamp"`
	Metadata     map[string]any `json:"metadata"`
	CreatedAt    utcTime        `json:"created_at"`
	UpdatedAt    utcTime        `json:"updated_at"`
}

// MarshalJSON writes the package's relation object: times in UTC with six
// fractional digits, null for no timestamp or metadata.
func (r Relation) MarshalJSON() ([]byte, error) {
	w := relationWire{ID: r.ID, SourceID: r.Source.ID, SourceType: r.Source.Type, TargetID: r.Target.ID,
		TargetType: r.Target.Type, Type: r.Type, OppositeType: r.OppositeType, Metadata: r.Metadata,
		CreatedAt: utcTime(r.CreatedAt), UpdatedAt: utcTime(r.UpdatedAt)}
	if !r.Timestamp.IsZero() {
		ts := utcTime(r.Timestamp)
		w.Timestamp = &ts
	}
	return marshalNoEscape(w)
}

// UnmarshalJSON reads the package's relation object; metadata numbers stay
// json.Number. Keys a newer package adds are ignored.
func (r *Relation) UnmarshalJSON(data []byte) error {
	var w relationWire
	if err := decodeNumbers(data, &w); err != nil {
		return err
	}
	*r = w.relation()
	return nil
}

// relation is the Relation of w.
func (w *relationWire) relation() Relation {
	r := Relation{ID: w.ID, Source: RecordRef{Type: w.SourceType, ID: w.SourceID},
		Target: RecordRef{Type: w.TargetType, ID: w.TargetID}, Type: w.Type, OppositeType: w.OppositeType,
		Metadata: w.Metadata, CreatedAt: time.Time(w.CreatedAt), UpdatedAt: time.Time(w.UpdatedAt)}
	if w.Timestamp != nil {
		r.Timestamp = time.Time(*w.Timestamp)
	}
	return r
}

// relationsResponse is the list_relations response, decoded in one pass
// (metadata numbers as json.Number), not relation by relation.
type relationsResponse struct {
	Relations *[]relationWire `json:"relations"`
}

// UnmarshalJSON keeps metadata numbers as json.Number.
func (r *relationsResponse) UnmarshalJSON(data []byte) error {
	type plain relationsResponse
	return decodeNumbers(data, (*plain)(r))
}

// RelationFilter selects relations for ListRelations. Every filter is
// exact and they combine with AND; a zero field does not filter.
type RelationFilter struct {
	// ID selects one relation id.
	ID string `json:"relation_id,omitempty"`
	// Type selects one label (built-ins case-insensitively).
	Type       RelationType `json:"relation_type,omitempty"`
	SourceID   string       `json:"source_record_id,omitempty"`
	SourceType RecordType   `json:"source_record_type,omitempty"`
	TargetID   string       `json:"target_record_id,omitempty"`
	TargetType RecordType   `json:"target_record_type,omitempty"`
	// MetadataFilter filters on the relations' own metadata, in the
	// language of SearchRequest.MetadataFilter: omitted, no filter; None,
	// relations without metadata; Some(f), relations matching f.
	MetadataFilter Optional[Filter] `json:"metadata_filter,omitzero"`
	// Limit: omitted returns the earliest 1000 matches (the store's safe
	// maximum); None returns all; Some(n) the earliest n.
	Limit Optional[int] `json:"limit,omitzero"`
}

// RelationUpdate changes one relation (UpdateRelations). An omitted field
// keeps what is stored; endpoints never change.
type RelationUpdate struct {
	ID string
	// Type is the new label; "": unchanged. A change to a built-in type
	// sets its fixed inverse; from a built-in to a custom type, with
	// OppositeType omitted, the opposite becomes the new label (L20).
	Type RelationType
	// OppositeType: Some(label) replaces a custom type's opposite (a
	// built-in accepts only its fixed inverse); None resets the default.
	OppositeType Optional[RelationType]
	// Timestamp: Some replaces the event time; None clears it.
	Timestamp Optional[time.Time]
	// Metadata: Some replaces the whole object (no merge); None clears it.
	Metadata Optional[map[string]any]
}

// UpdateRelationsResult is what UpdateRelations returns: the ids updated,
// in input order (ids that name no relation are left out), and their count.
type UpdateRelationsResult struct {
	IDs     []string `json:"relation_ids"`
	Updated int      `json:"updated"`
}

// getRelationWire is the get_relation request: relation_id alone, or the
// five tuple keys (a nil field is left out; "" is sent, for the package to
// refuse by name).
type getRelationWire struct {
	ID         *string       `json:"relation_id,omitempty"`
	SourceID   *string       `json:"source_record_id,omitempty"`
	SourceType *RecordType   `json:"source_record_type,omitempty"`
	TargetID   *string       `json:"target_record_id,omitempty"`
	TargetType *RecordType   `json:"target_record_type,omitempty"`
	Type       *RelationType `json:"relation_type,omitempty"`
}

// relationIDsWire is the delete_relations request.
type relationIDsWire struct {
	IDs []string `json:"relation_ids"`
}

// A Relation is read and written as the package's relation object.
var (
	_ json.Marshaler   = Relation{}
	_ json.Unmarshaler = (*Relation)(nil)
)
