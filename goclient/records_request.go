package agentmemory

import "time"

// AddResult is what an add returns: the ids in input order, generated ones
// included, and the package's warnings (clamped TTLs, records expired on
// insert, records stored without vectors), which callers should show.
type AddResult struct {
	IDs      []string `json:"ids"`
	Warnings []string `json:"warnings"`
	// LLMOutcome is the extraction and the client tasks of
	// Thread.AddMessages (empty for Store.Add).
	LLMOutcome
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
	UserID      string         `json:"user_id,omitempty"`
	AgentID     string         `json:"agent_id,omitempty"`
	Information string         `json:"information"`
	Metadata    map[string]any `json:"metadata,omitempty"`
}

// profileOf is the add_user or add_agent request of p: an empty, non-nil
// Metadata is sent as {}.
func profileOf(t RecordType, p Profile) any {
	w := profileWire{UserID: p.ID, Information: p.Information, Metadata: p.Metadata}
	if t == RecordTypeAgentProfile {
		w = profileWire{AgentID: p.ID, Information: p.Information, Metadata: p.Metadata}
	}
	if p.Metadata == nil || len(p.Metadata) > 0 {
		return w
	}
	return struct {
		profileWire
		Metadata map[string]any `json:"metadata"`
	}{w, p.Metadata}
}

// UpdateRequest changes one record (the seed's update; rules U1-U18 of
// docs/protocol-records.md §10). An omitted field keeps what is stored; the
// Optional fields tell None (clear it) from a value. At least one field
// besides RecordType and RecordID must be given.
type UpdateRequest struct {
	RecordType RecordType
	RecordID   string
	// Content replaces the stored content (a Content of the record's kind)
	// and, without IndexText, the retrieval rows (U4). None clears text and
	// rows of memory-like records, threads and summaries (U12). An image's
	// bytes need Metadata with image_mime_type (U13).
	Content Optional[Content]
	// Text is the old name of Content, with a deprecation warning.
	//
	// Deprecated: the seed deprecates text since 26.8.0 (removed in 27.1);
	// use Content.
	Text Optional[Content]
	// IndexText replaces the retrieval rows: IndexString is chunked (U5),
	// IndexChunks are caller-owned (U6), None clears the rows (U7). For an
	// image it is the new description.
	IndexText Optional[IndexText]
	// Embedding gives explicit vectors (U9, U10): with new text, as on Add;
	// alone, one vector per existing retrieval row. None stores the rows
	// without vectors (U11).
	Embedding Optional[Embedding]
	// Metadata replaces the whole metadata (no merge); None clears it.
	Metadata Optional[map[string]any]
	// Timestamp replaces the event time; None clears it.
	Timestamp Optional[time.Time]
	// TTLDays and TTLAnchor refresh the expiry (U17): days as on Add
	// (clamped; None: the maximum, or never).
	TTLDays   Optional[int]
	TTLAnchor Optional[TTLAnchor]
	// Status replaces the status (U18); "": unchanged.
	Status RecordStatus
}

// updateWire is the update_record request as sent.
type updateWire struct {
	RecordType RecordType               `json:"record_type"`
	RecordID   string                   `json:"record_id"`
	Content    Optional[Content]        `json:"content,omitzero"`
	Text       Optional[Content]        `json:"text,omitzero"`
	IndexText  Optional[IndexText]      `json:"index_text,omitzero"`
	Embedding  Optional[Embedding]      `json:"embedding,omitzero"`
	Metadata   Optional[map[string]any] `json:"metadata,omitzero"`
	Timestamp  Optional[utcTime]        `json:"timestamp,omitzero"`
	TTLDays    Optional[int]            `json:"ttl_days,omitzero"`
	TTLAnchor  Optional[TTLAnchor]      `json:"ttl_anchor,omitzero"`
	Status     RecordStatus             `json:"status,omitempty"`
}

// MarshalJSON writes the update_record request.
func (r UpdateRequest) MarshalJSON() ([]byte, error) {
	w := updateWire{RecordType: r.RecordType, RecordID: r.RecordID, Content: r.Content, Text: r.Text,
		IndexText: r.IndexText, Embedding: r.Embedding, Metadata: r.Metadata, TTLDays: r.TTLDays,
		TTLAnchor: r.TTLAnchor, Status: r.Status}
	if !r.Timestamp.IsOmitted() {
		w.Timestamp = utcOptional(r.Timestamp)
	}
	return marshalNoEscape(w)
}

// UpdateResult is what Update returns: Updated is 1, or 0 when no record
// has that type and id; Warnings as AddResult's.
type UpdateResult struct {
	Updated  int      `json:"updated"`
	Warnings []string `json:"warnings"`
	// LLMOutcome is the re-extraction, caption and client tasks of
	// Thread.UpdateMessage and Thread.UpdateImage (empty elsewhere).
	LLMOutcome
}

// ListRequest selects records of one type for Store.List (the seed's list).
type ListRequest struct {
	// RecordType is required.
	RecordType RecordType `json:"record_type"`
	// Limit: omitted returns the newest 1000 matches; None returns all;
	// Some(n) the newest n. The window is returned oldest first.
	Limit Optional[int] `json:"limit,omitzero"`
	// ThreadID, UserID and AgentID filter by scope: omitted, no filter;
	// None, only records without that scope; Some(id), that scope.
	ThreadID Optional[string] `json:"thread_id,omitzero"`
	UserID   Optional[string] `json:"user_id,omitzero"`
	AgentID  Optional[string] `json:"agent_id,omitzero"`
	// MetadataFilter: omitted, no filter; None, only records without
	// metadata; Some(f), records matching f (see Filter).
	MetadataFilter Optional[Filter] `json:"metadata_filter,omitzero"`
	// IncludeBytes loads image bytes of images and message image parts.
	IncludeBytes bool `json:"include_bytes,omitempty"`
	// RecordID selects one id; "" selects any.
	RecordID string `json:"record_id,omitempty"`
}

// ListThreadMessagesRequest selects messages of one thread for
// Store.ListThreadMessages.
type ListThreadMessagesRequest struct {
	ThreadID string `json:"thread_id"`
	// LastN keeps the last n messages of the range; 0: all.
	LastN int `json:"last_n,omitempty"`
	// From and To bound SeqNo: From <= seq_no < To; nil: unbounded.
	From *int64 `json:"range_start_seq_no,omitempty"`
	To   *int64 `json:"range_end_seq_no,omitempty"`
	// IncludeBytes loads the bytes of the messages' image parts.
	IncludeBytes bool `json:"include_bytes,omitempty"`
}

// GetOptions are the options of Store.Get.
type GetOptions struct {
	// IncludeBytes loads the bytes of an image record or of a message's
	// image parts.
	IncludeBytes bool
}

// DeleteOptions are the options of Store.Delete.
type DeleteOptions struct {
	// Cascade, for a user or agent profile, first deletes the actor's
	// threads (with everything in them) and then its remaining messages and
	// memory-like records, even when the profile itself is absent. Other
	// record types ignore it.
	Cascade bool
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

// recordsResponse is the response of list_records and list_thread_messages,
// decoded in one pass (see readRecord).
type recordsResponse struct {
	Records []readRecord `json:"records"`
}

// UnmarshalJSON keeps metadata numbers as json.Number.
func (r *recordsResponse) UnmarshalJSON(data []byte) error {
	type plain recordsResponse
	return decodeNumbers(data, (*plain)(r))
}
