package agentmemory

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// AddRequest is one batch of records of one type for Store.Add (the seed's
// add arguments; a PendingRecordBatch for Store.AddBatches). Record i is
// Contents[i]; every per-record field is omitted, one value for all records
// (Broadcast), or a list with one entry per content (Each, EachOptional).
// Its JSON form is the add_records request (docs/protocol-records.md §3).
type AddRequest struct {
	// RecordType is the type of every record of the batch. Required.
	RecordType RecordType `json:"record_type"`
	// Contents holds one payload per record (see Content); nil sends no
	// record.
	Contents []Content `json:"contents"`
	// IndexTexts, when not nil, holds one retrieval text per record (R1-R5):
	// None uses the content, IndexString is chunked by the store,
	// IndexChunks are caller-owned chunks. For an image it is the
	// description.
	IndexTexts []IndexText `json:"index_texts,omitzero"`
	// Embeddings, when not nil, holds one vector payload per record
	// (R8-R13): None lets the store derive vectors; all vectors of a call
	// have the store's vector_dim.
	Embeddings []Embedding `json:"embeddings,omitzero"`
	// RecordIDs: omitted or None generate 32-hex ids. One id only for a
	// single record; list entries unique, None entries generated. Profiles
	// need the actor id here.
	RecordIDs PerRecord[string] `json:"record_ids,omitzero"`
	// ThreadIDs name existing threads (add a RecordTypeThread record first).
	// Not for threads; required for thread summaries.
	ThreadIDs PerRecord[string] `json:"thread_ids,omitzero"`
	// UserIDs and AgentIDs scope the records; not for profiles.
	UserIDs  PerRecord[string] `json:"user_ids,omitzero"`
	AgentIDs PerRecord[string] `json:"agent_ids,omitzero"`
	// Roles are message roles ("user", "assistant", ...); messages only.
	Roles PerRecord[string] `json:"roles,omitzero"`
	// Timestamps are event times, ISO-8601 as
	// YYYY-MM-DD[Thh:mm[:ss[.fraction]]][Z|±hh:mm]; no zone means UTC (see
	// FormatTimestamp). Reads return the creation time when none is given.
	Timestamps PerRecord[string] `json:"timestamps,omitzero"`
	// Metadata holds JSON objects. An image needs "image_mime_type"
	// (image/png, image/jpeg or image/webp), which is not stored in the
	// metadata. A string "content" is the fallback for a None content.
	Metadata PerRecord[map[string]any] `json:"metadata,omitzero"`
	// TTLDays is the time to live of messages, memory-like records and
	// images (1..365000). Omitted: the store's default_ttl_days; None: its
	// max_ttl_days, or never. Values above max_ttl_days are clamped, with a
	// warning.
	TTLDays PerRecord[int] `json:"ttl_days,omitzero"`
	// TTLAnchor is what the time to live counts from; omitted or None:
	// TTLFromCreatedAt. TTLFromTimestamp needs the record's timestamp.
	TTLAnchor PerRecord[TTLAnchor] `json:"ttl_anchor,omitzero"`
	// Statuses: omitted or None store RecordValid.
	Statuses PerRecord[RecordStatus] `json:"statuses,omitzero"`
	// BatchSize is how many rows the package writes per bulk statement
	// inside the one call (1..10000); 0: the package default, 256. It does
	// not split the call: an add is always one atomic call. Store.AddBatches
	// takes it as an argument instead.
	BatchSize int `json:"batch_size,omitempty"`
}

// MarshalJSON writes the add_records request; nil Contents are sent as [].
func (r AddRequest) MarshalJSON() ([]byte, error) { return r.appendJSON(nil) }

// appendJSON appends the request to b. The embeddings, most of the bytes of
// an add with vectors, are appended directly: through encoding/json each
// Marshaler's output is scanned again (compacted), which took more time
// than formatting the numbers.
func (r AddRequest) appendJSON(b []byte) ([]byte, error) {
	type plain AddRequest
	if r.Contents == nil {
		r.Contents = []Content{}
	}
	embeddings := r.Embeddings
	r.Embeddings = nil
	head, err := json.Marshal(plain(r))
	if err != nil || embeddings == nil {
		return append(b, head...), err
	}
	// Grow once: a float32 takes at most 15 bytes, usually about 10.
	need := len(head) + 16
	for _, e := range embeddings {
		for _, v := range e.Vectors() {
			need += 11*len(v) + 3
		}
	}
	b = slices.Grow(b, need)
	b = append(b, head[:len(head)-1]...) // without the closing brace
	b = append(b, `,"embeddings":[`...)
	for i, e := range embeddings {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = e.appendJSON(b); err != nil {
			return nil, fmt.Errorf("embeddings[%d]: %w", i, err)
		}
	}
	return append(b, "]}"...), nil
}

// UnmarshalJSON reads an add_records request (single-batch form). Unknown
// keys are errors; an image's base64 contents become bytes.
func (r *AddRequest) UnmarshalJSON(data []byte) error {
	type plain AddRequest
	var p plain
	if err := unmarshalWire(data, &p, true); err != nil {
		return err
	}
	if p.RecordType.canonical() == RecordTypeImage {
		for i, c := range p.Contents {
			var err error
			if p.Contents[i], err = c.asBytes(); err != nil {
				return fmt.Errorf("contents[%d]: %w", i, err)
			}
		}
	}
	*r = AddRequest(p)
	return nil
}

// addBatchesWire is the batches form of add_records.
type addBatchesWire struct {
	Batches   []AddRequest `json:"batches"`
	BatchSize int          `json:"batch_size,omitempty"`
}

// appendJSON appends the request to b, each batch as AddRequest.appendJSON.
func (w addBatchesWire) appendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"batches":[`...)
	for i, r := range w.Batches {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = r.appendJSON(b); err != nil {
			return nil, fmt.Errorf("batches[%d]: %w", i, err)
		}
	}
	b = append(b, ']')
	if w.BatchSize != 0 {
		b = append(b, `,"batch_size":`...)
		b = strconv.AppendInt(b, int64(w.BatchSize), 10)
	}
	return append(b, '}'), nil
}

// AddResult is what an add returns: the ids in input order (batches
// flattened in order), generated ones included, and the package's warnings
// (clamped TTLs, records expired on insert, records stored without vectors),
// which callers should show.
type AddResult struct {
	IDs      []string `json:"ids"`
	Warnings []string `json:"warnings"`
}

// ProfileResult is what AddUser and AddAgent return: the profile's record
// id (the actor id) and the package's warnings.
type ProfileResult struct {
	ID       string   `json:"id"`
	Warnings []string `json:"warnings"`
}

// profileWire is the add_user or add_agent request: one of the two ids
// ("" leaves it out), the information and the metadata.
type profileWire struct {
	UserID      string                   `json:"user_id,omitempty"`
	AgentID     string                   `json:"agent_id,omitempty"`
	Information string                   `json:"information"`
	Metadata    Optional[map[string]any] `json:"metadata,omitzero"`
}

// UpdateRequest changes one record (the seed's update; rules U1-U18 of
// docs/protocol-records.md §10). Every field but RecordType and RecordID is
// omitted by default; at least one must be given.
type UpdateRequest struct {
	RecordType RecordType `json:"record_type"`
	RecordID   string     `json:"record_id"`
	// Content replaces the stored content (a Content of the record's kind)
	// and, without IndexText, the retrieval rows (U4). None clears text and
	// rows of memory-like records, threads and summaries (U12); a message
	// takes ContentText("") instead. An image's bytes need Metadata with
	// image_mime_type (U13).
	Content Optional[Content] `json:"content,omitzero"`
	// Text is the old name of Content, with a deprecation warning.
	//
	// Deprecated: the seed deprecates text since 26.8.0 (removed in 27.1);
	// use Content.
	Text Optional[Content] `json:"text,omitzero"`
	// IndexText replaces the retrieval rows: IndexString is chunked (U5),
	// IndexChunks are caller-owned (U6), None clears the rows (U7),
	// IndexString("") or IndexChunks() leave none (U8). For an image it is
	// the new description.
	IndexText Optional[IndexText] `json:"index_text,omitzero"`
	// Embedding gives explicit vectors (U9, U10): with new text, as on Add;
	// alone, one vector per existing retrieval row. None stores the rows
	// without vectors (U11).
	Embedding Optional[Embedding] `json:"embedding,omitzero"`
	// Metadata replaces the whole metadata (no merge); None clears it.
	Metadata Optional[map[string]any] `json:"metadata,omitzero"`
	// Timestamp replaces the event time (ISO-8601 as AddRequest.Timestamps);
	// None clears it.
	Timestamp Optional[string] `json:"timestamp,omitzero"`
	// TTLDays and TTLAnchor refresh the expiry (U17): days as on Add
	// (clamped, None: max or never; omitted with an anchor: the default).
	TTLDays   Optional[int]       `json:"ttl_days,omitzero"`
	TTLAnchor Optional[TTLAnchor] `json:"ttl_anchor,omitzero"`
	// Status replaces the status (U18).
	Status Optional[RecordStatus] `json:"status,omitzero"`
}

// UnmarshalJSON reads an update_record request. Unknown keys are errors; an
// image's base64 content becomes bytes.
func (r *UpdateRequest) UnmarshalJSON(data []byte) error {
	type plain UpdateRequest
	var p plain
	if err := unmarshalWire(data, &p, true); err != nil {
		return err
	}
	if p.RecordType.canonical() == RecordTypeImage {
		for _, o := range []*Optional[Content]{&p.Content, &p.Text} {
			if c, ok := o.Get(); ok {
				b, err := c.asBytes()
				if err != nil {
					return err
				}
				*o = Some(b)
			}
		}
	}
	*r = UpdateRequest(p)
	return nil
}

// UpdateResult is what Update returns: Updated is 1, or 0 when no record
// has that type and id; Warnings as AddResult's.
type UpdateResult struct {
	Updated  int      `json:"updated"`
	Warnings []string `json:"warnings"`
}

// ListRequest selects records of one type for Store.List (the seed's list).
type ListRequest struct {
	// RecordType is required.
	RecordType RecordType `json:"record_type"`
	// Limit: omitted returns the newest 1000 matches; None returns all;
	// Some(n) the newest n (n >= 1). The window is returned oldest first.
	Limit Optional[int] `json:"limit,omitzero"`
	// ThreadID, UserID and AgentID filter by scope: omitted, no filter;
	// None, only records without that scope; Some(id), that scope. Profiles
	// ignore them; threads take no ThreadID (use RecordID).
	ThreadID Optional[string] `json:"thread_id,omitzero"`
	UserID   Optional[string] `json:"user_id,omitzero"`
	AgentID  Optional[string] `json:"agent_id,omitzero"`
	// MetadataFilter: omitted, no filter; None, only records without
	// metadata; Some(f), records matching f (see Filter).
	MetadataFilter Optional[Filter] `json:"metadata_filter,omitzero"`
	// IncludeBytes loads image bytes of images and message image parts. On
	// a list of images it needs RecordID and a scope id.
	IncludeBytes bool `json:"include_bytes,omitempty"`
	// RecordID selects one id; "" selects any.
	RecordID string `json:"record_id,omitempty"`
}

// ListThreadMessagesRequest selects messages of one thread for
// Store.ListThreadMessages.
type ListThreadMessagesRequest struct {
	ThreadID string `json:"thread_id"`
	// LastN keeps the last n messages of the range (n >= 1); omitted or
	// None: all.
	LastN Optional[int] `json:"last_n,omitzero"`
	// RangeStartSeqNo and RangeEndSeqNo bound SeqNo: start <= seq_no < end;
	// omitted or None: unbounded.
	RangeStartSeqNo Optional[int64] `json:"range_start_seq_no,omitzero"`
	RangeEndSeqNo   Optional[int64] `json:"range_end_seq_no,omitzero"`
	// IncludeBytes loads the bytes of the messages' image parts.
	IncludeBytes bool `json:"include_bytes,omitempty"`
}

// getWire is the get_record request.
type getWire struct {
	RecordType   RecordType `json:"record_type"`
	RecordID     string     `json:"record_id"`
	IncludeBytes bool       `json:"include_bytes,omitempty"`
}

// deleteWire is the delete_record request.
type deleteWire struct {
	RecordType RecordType `json:"record_type"`
	RecordID   string     `json:"record_id"`
	Cascade    bool       `json:"cascade,omitempty"`
}

// deleteThreadWire is the delete_thread request.
type deleteThreadWire struct {
	ThreadID string `json:"thread_id"`
}

// listWire is the list_records request: the filter as checked JSON.
type listWire struct {
	RecordType     RecordType       `json:"record_type"`
	Limit          Optional[int]    `json:"limit,omitzero"`
	ThreadID       Optional[string] `json:"thread_id,omitzero"`
	UserID         Optional[string] `json:"user_id,omitzero"`
	AgentID        Optional[string] `json:"agent_id,omitzero"`
	MetadataFilter json.RawMessage  `json:"metadata_filter,omitempty"`
	IncludeBytes   bool             `json:"include_bytes,omitempty"`
	RecordID       string           `json:"record_id,omitempty"`
}
