package agentmemory

import "time"

// The thread requests as sent (docs/protocol-threads.md): "thread" names
// the handle's thread (T2); a key whose Go value is zero is left out.

type openThreadWire struct {
	ThreadID                         string                  `json:"thread_id,omitempty"`
	UserID                           string                  `json:"user_id,omitempty"`
	AgentID                          string                  `json:"agent_id,omitempty"`
	Metadata                         map[string]any          `json:"metadata,omitempty"`
	LLM                              *LLMConfig              `json:"llm,omitempty"`
	MemoryExtractionConfig           *MemoryExtractionConfig `json:"memory_extraction_config,omitempty"`
	ImageInputLimitConfig            *ImageInputLimitConfig  `json:"image_input_limit_config,omitempty"`
	MaxMessageTokenLength            Optional[int]           `json:"max_message_token_length,omitzero"`
	MessageShorteningInputTokenLimit Optional[int]           `json:"message_shortening_input_token_limit,omitzero"`
}

type threadMessageWire struct {
	Role      string         `json:"role"`
	Content   Content        `json:"content"`
	ID        string         `json:"id,omitempty"`
	Timestamp *utcTime       `json:"timestamp,omitempty"`
	Metadata  map[string]any `json:"metadata,omitempty"`
}

type addThreadMessagesWire struct {
	Thread    string              `json:"thread"`
	Messages  []threadMessageWire `json:"messages"`
	TTLDays   Optional[int]       `json:"ttl_days,omitzero"`
	TTLAnchor TTLAnchor           `json:"ttl_anchor,omitempty"`
}

// threadScopeWire is the scope, metadata, event time and time to live that
// add_memory and add_image take alike (embedded: its keys sit beside the
// call's own).
type threadScopeWire struct {
	UserID    Optional[string] `json:"user_id,omitzero"`
	AgentID   Optional[string] `json:"agent_id,omitzero"`
	ThreadID  Optional[string] `json:"thread_id,omitzero"`
	Metadata  map[string]any   `json:"metadata,omitempty"`
	Timestamp *utcTime         `json:"timestamp,omitempty"`
	TTLDays   Optional[int]    `json:"ttl_days,omitzero"`
	TTLAnchor TTLAnchor        `json:"ttl_anchor,omitempty"`
}

type addThreadMemoryWire struct {
	Thread     string     `json:"thread"`
	Content    string     `json:"content"`
	MemoryType RecordType `json:"memory_type,omitempty"`
	MemoryID   string     `json:"memory_id,omitempty"`
	threadScopeWire
	Status            RecordStatus   `json:"status,omitempty"`
	AutonomousLinking Optional[bool] `json:"autonomous_linking,omitzero"`
	LinkTarget        *string        `json:"memory_id_to_link,omitempty"`
	LinkType          *RelationType  `json:"link_type,omitempty"`
	LinkID            string         `json:"link_id,omitempty"`
	LinkTimestamp     *utcTime       `json:"link_timestamp,omitempty"`
	LinkMetadata      map[string]any `json:"link_metadata,omitempty"`
}

type getThreadMessageWire struct {
	Thread           string   `json:"thread"`
	MessageID        string   `json:"message_id"`
	IncludedImageIDs []string `json:"included_image_ids,omitempty"`
}

type getThreadMessagesWire struct {
	Thread            string        `json:"thread"`
	Start             int           `json:"start,omitempty"`
	End               Optional[int] `json:"end,omitzero"`
	IncludeImageBytes bool          `json:"include_image_bytes,omitempty"`
}

type updateThreadMessageWire struct {
	Thread    string                   `json:"thread"`
	MessageID string                   `json:"message_id"`
	Content   Optional[Content]        `json:"content,omitzero"`
	Metadata  Optional[map[string]any] `json:"metadata,omitzero"`
	TTLDays   Optional[int]            `json:"ttl_days,omitzero"`
	TTLAnchor TTLAnchor                `json:"ttl_anchor,omitempty"`
}

type updateThreadMemoryWire struct {
	Thread    string                   `json:"thread"`
	MemoryID  string                   `json:"memory_id"`
	Content   Optional[string]         `json:"content,omitzero"`
	Metadata  Optional[map[string]any] `json:"metadata,omitzero"`
	Timestamp Optional[utcTime]        `json:"timestamp,omitzero"`
	TTLDays   Optional[int]            `json:"ttl_days,omitzero"`
	TTLAnchor TTLAnchor                `json:"ttl_anchor,omitempty"`
	Status    RecordStatus             `json:"status,omitempty"`
}

// threadItemWire names one record of the thread for a delete.
type threadItemWire struct {
	Thread    string `json:"thread"`
	MessageID string `json:"message_id,omitempty"`
	MemoryID  string `json:"memory_id,omitempty"`
	ImageID   string `json:"image_id,omitempty"`
}

type addThreadImageWire struct {
	Thread      string        `json:"thread"`
	Image       []byte        `json:"image"`
	Description string        `json:"description,omitempty"`
	MimeType    ImageMimeType `json:"mime_type,omitempty"`
	ImageID     string        `json:"image_id,omitempty"`
	threadScopeWire
}

type updateThreadImageWire struct {
	Thread      string                   `json:"thread"`
	ImageID     string                   `json:"image_id"`
	Image       []byte                   `json:"image,omitempty"`
	MimeType    ImageMimeType            `json:"mime_type,omitempty"`
	Description Optional[string]         `json:"description,omitzero"`
	Metadata    Optional[map[string]any] `json:"metadata,omitzero"`
	Timestamp   Optional[utcTime]        `json:"timestamp,omitzero"`
	TTLDays     Optional[int]            `json:"ttl_days,omitzero"`
	TTLAnchor   TTLAnchor                `json:"ttl_anchor,omitempty"`
}

type listThreadImagesWire struct {
	Thread         string           `json:"thread"`
	ImageID        string           `json:"image_id,omitempty"`
	MetadataFilter Optional[Filter] `json:"metadata_filter,omitzero"`
	IncludeBytes   bool             `json:"include_bytes,omitempty"`
	Limit          Optional[int]    `json:"limit,omitzero"`
}

type linkThreadRecordsWire struct {
	Thread       string         `json:"thread"`
	SourceID     string         `json:"source_record_id"`
	SourceType   RecordType     `json:"source_record_type"`
	TargetID     string         `json:"target_record_id"`
	TargetType   RecordType     `json:"target_record_type"`
	Type         RelationType   `json:"relation_type"`
	OppositeType RelationType   `json:"opposite_relation_type,omitempty"`
	RelationID   string         `json:"relation_id,omitempty"`
	Timestamp    *utcTime       `json:"timestamp,omitempty"`
	Metadata     map[string]any `json:"metadata,omitempty"`
}

type updateThreadLinkWire struct {
	Thread       string                   `json:"thread"`
	RelationID   string                   `json:"relation_id"`
	Type         RelationType             `json:"relation_type,omitempty"`
	OppositeType Optional[RelationType]   `json:"opposite_relation_type,omitzero"`
	Timestamp    Optional[utcTime]        `json:"timestamp,omitzero"`
	Metadata     Optional[map[string]any] `json:"metadata,omitzero"`
}

// deleteThreadLinkWire names the relation by id or by its five tuple keys,
// as get_relation does.
type deleteThreadLinkWire struct {
	Thread string `json:"thread"`
	getRelationWire
}

type threadSummaryWire struct {
	Thread      string `json:"thread"`
	ExceptLast  int    `json:"except_last,omitempty"`
	TokenBudget int    `json:"token_budget,omitempty"`
}

// timePtr is t as an event time to send, nil for the zero time.
func timePtr(t time.Time) *utcTime {
	if t.IsZero() {
		return nil
	}
	u := utcTime(t.UTC())
	return &u
}

// sentTime is o as an optional time to send: omitted stays omitted.
func sentTime(o Optional[time.Time]) Optional[utcTime] {
	if o.IsOmitted() {
		return Omit[utcTime]()
	}
	return utcOptional(o)
}
