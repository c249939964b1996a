package agentmemory

// Encoding of the relation write requests. The protocol carries one list per
// field (or a single value broadcast over the batch); the Go API takes one
// value per relation, so the encoder always sends lists, and leaves out an
// optional field no relation gives.

// addRelationsWire is the add_relations request.
type addRelationsWire struct {
	SourceIDs     []string       `json:"source_record_ids"`
	SourceTypes   []RecordType   `json:"source_record_types"`
	TargetIDs     []string       `json:"target_record_ids"`
	TargetTypes   []RecordType   `json:"target_record_types"`
	Types         []RelationType `json:"relation_types"`
	OppositeTypes []*string      `json:"opposite_relation_types,omitempty"`
	IDs           []*string      `json:"relation_ids,omitempty"`
	Timestamps    []*string      `json:"timestamps,omitempty"`
	Metadata      []any          `json:"metadata,omitempty"`
}

// encodeAddRelations writes the add_relations request of rels: a zero
// optional field is a null entry (the default), and a field that every
// relation leaves zero is left out.
func encodeAddRelations(rels []Relation) ([]byte, error) {
	n := len(rels)
	w := addRelationsWire{SourceIDs: make([]string, n), SourceTypes: make([]RecordType, n),
		TargetIDs: make([]string, n), TargetTypes: make([]RecordType, n), Types: make([]RelationType, n)}
	opposite, ids := make([]*string, n), make([]*string, n)
	stamps, meta := make([]*string, n), make([]any, n)
	var anyOpposite, anyID, anyStamp, anyMeta bool
	for i, r := range rels {
		w.SourceIDs[i], w.SourceTypes[i] = r.Source.ID, r.Source.Type
		w.TargetIDs[i], w.TargetTypes[i] = r.Target.ID, r.Target.Type
		w.Types[i] = r.Type
		if r.OppositeType != "" {
			s := string(r.OppositeType)
			opposite[i], anyOpposite = &s, true
		}
		if r.ID != "" {
			id := r.ID
			ids[i], anyID = &id, true
		}
		if !r.Timestamp.IsZero() {
			ts := r.Timestamp.UTC().Format(utcLayout) // as utcTime writes it, without a marshaler call per entry
			stamps[i], anyStamp = &ts, true
		}
		if r.Metadata != nil {
			meta[i], anyMeta = r.Metadata, true
		}
	}
	if anyOpposite {
		w.OppositeTypes = opposite
	}
	if anyID {
		w.IDs = ids
	}
	if anyStamp {
		w.Timestamps = stamps
	}
	if anyMeta {
		w.Metadata = meta
	}
	return marshalNoEscape(w)
}

// updateRelationsWire is the update_relations request: a field is left out
// (every relation keeps it) or a list with one entry per relation, where
// null clears (timestamps, metadata) or resets to the default (opposite).
type updateRelationsWire struct {
	IDs           []string                   `json:"relation_ids"`
	Types         []RelationType             `json:"relation_types,omitempty"`
	OppositeTypes []Optional[RelationType]   `json:"opposite_relation_types,omitempty"`
	Timestamps    []Optional[utcTime]        `json:"timestamps,omitempty"`
	Metadata      []Optional[map[string]any] `json:"metadata,omitempty"`
}

// encodeUpdateRelations builds the update_relations request. A list entry
// is a value or null, never "keep": a field given by some updates and
// omitted by others cannot be encoded in one request and is refused.
func encodeUpdateRelations(op string, updates []RelationUpdate) (updateRelationsWire, error) {
	n := len(updates)
	w := updateRelationsWire{IDs: make([]string, n)}
	types, opposite := make([]RelationType, n), make([]Optional[RelationType], n)
	stamps, meta := make([]Optional[utcTime], n), make([]Optional[map[string]any], n)
	given := map[string][]bool{}
	for i, u := range updates {
		w.IDs[i] = u.ID
		types[i], opposite[i], meta[i] = u.Type, u.OppositeType, u.Metadata
		if !u.Timestamp.IsOmitted() {
			stamps[i] = utcOptional(u.Timestamp)
		}
		for field, ok := range map[string]bool{"Type": u.Type != "", "OppositeType": !u.OppositeType.IsOmitted(),
			"Timestamp": !u.Timestamp.IsOmitted(), "Metadata": !u.Metadata.IsOmitted()} {
			given[field] = append(given[field], ok)
		}
	}
	for _, field := range []string{"Type", "OppositeType", "Timestamp", "Metadata"} {
		flags := given[field]
		count := 0
		for _, ok := range flags {
			if ok {
				count++
			}
		}
		if count == 0 {
			continue
		}
		if count < n {
			first, missing := -1, -1
			for i, ok := range flags {
				if ok && first < 0 {
					first = i
				}
				if !ok && missing < 0 {
					missing = i
				}
			}
			return w, invalidArgument(op, "updates[%d] leaves %s unchanged but updates[%d] gives it: one "+
				"update_relations request changes the same fields of every relation; make one call per set of fields",
				missing, field, first)
		}
		switch field {
		case "Type":
			w.Types = types
		case "OppositeType":
			w.OppositeTypes = opposite
		case "Timestamp":
			w.Timestamps = stamps
		case "Metadata":
			w.Metadata = meta
		}
	}
	return w, nil
}
