package agentmemory

import "time"

// The Go values of the thread calls (docs/protocol-threads.md). A zero
// field is left out of the request, so the package's default applies;
// Optional is used only where omitted, null and a value mean three
// different things in the contract.

// ThreadOptions are the options of Store.CreateThread (the seed's
// create_thread). A field "" or nil is omitted: for a new thread the
// package generates the ids (32 lower-case hex characters, T4); for an
// existing one it keeps the stored scope (T7).
type ThreadOptions struct {
	// ID is the thread id; "": generated.
	ID string
	// UserID and AgentID scope the thread. Given for an existing thread,
	// they must equal the stored ones (else ErrDuplicateID, T6).
	UserID, AgentID string
	// Metadata is creation data: not applied when the thread exists.
	Metadata map[string]any
	// LLM is the thread's model (key "llm"): DatabaseLLM, FunctionLLM or
	// ClientLLMConfig; nil: none given. Like Metadata and the settings
	// below, it is creation data: an existing thread keeps its stored
	// configuration (T54).
	LLM *LLMConfig
	// MemoryExtraction is the seed's memory_extraction_config; nil: the
	// package's defaults.
	MemoryExtraction *MemoryExtractionConfig
	// ImageInputLimits is the seed's image_input_limit_config; nil: the
	// package's defaults.
	ImageInputLimits *ImageInputLimitConfig
	// MaxMessageTokenLength caps each message's prompt-time copy (<= 0: no
	// shortening); MessageShorteningInputTokenLimit caps the excerpt a
	// SHORTEN_MESSAGE task sends (default 30,000). Omitted: the defaults.
	MaxMessageTokenLength            Optional[int]
	MessageShorteningInputTokenLimit Optional[int]
	// ClientLLM runs the prompts of a thread whose provider is "client";
	// LLMWorkers is how many at a time (0: 4). Not sent. See Thread.WithLLM.
	ClientLLM  LLM
	LLMWorkers int
}

// ThreadMessage is a message to add to a thread (Thread.AddMessages): the
// seed's dictionary form of Message. Its scope is the thread's (T11).
type ThreadMessage struct {
	// ID is the message id; "": generated.
	ID string
	// Role is the speaker, e.g. "user" or "assistant"; required.
	Role string
	// Text is the message; ignored when Parts is not nil.
	Text string
	// Parts are ordered content parts (TextContent, ImageContent) of a
	// multimodal message.
	Parts []MessageContent
	// Timestamp is the event time; zero: none.
	Timestamp time.Time
	// Metadata is any JSON object; nil: none.
	Metadata map[string]any
}

// AddMessagesOptions are the options of Thread.AddMessages, for every
// message of the call.
type AddMessagesOptions struct {
	// TTLDays: omitted, the store's default TTL; None, its maximum or
	// never; Some(n), n days.
	TTLDays Optional[int]
	// TTLAnchor: "": CREATED_AT.
	TTLAnchor TTLAnchor
}

// ThreadMemory is a memory-like record to add to a thread
// (Thread.AddMemory).
type ThreadMemory struct {
	// Type is RecordTypeMemory ("" means it), RecordTypeFact,
	// RecordTypeGuideline or RecordTypePreference.
	Type RecordType
	// ID is the memory id; "": generated.
	ID string
	// Text is the memory's content.
	Text string
	// UserID, AgentID and ThreadID: omitted, the thread's (or, with Link,
	// the link target's) value (T12, T14); None, stored without that
	// scope; Some(id), that scope (a thread must exist).
	UserID, AgentID, ThreadID Optional[string]
	// Timestamp is the event time; zero: none.
	Timestamp time.Time
	// Metadata is any JSON object; nil: none.
	Metadata map[string]any
	// TTLDays and TTLAnchor as AddMessagesOptions'.
	TTLDays   Optional[int]
	TTLAnchor TTLAnchor
	// Status: "": VALID.
	Status RecordStatus
	// Link, when not nil, links the new memory to a memory of this thread
	// in the same call (T13-T16).
	Link *MemoryLink
	// AutonomousLinking: omitted, the memory is linked by the thread's LLM
	// when it has one (the seed's default); Some(false) skips it; Some(true)
	// asks for it (refused without an LLM, T15). A failed link stores no
	// memory.
	AutonomousLinking Optional[bool]
}

// MemoryLink is the explicit link of Thread.AddMemory: new memory → Target.
type MemoryLink struct {
	// TargetID is a memory-like record of this thread.
	TargetID string
	// Type is one of the five built-in relation types.
	Type RelationType
	// ID is the relation id; "": generated.
	ID string
	// Timestamp and Metadata are the relation's; zero and nil: none.
	Timestamp time.Time
	Metadata  map[string]any
}

// AddMemoryResult is what Thread.AddMemory returns: the memory id, the
// relation id of the explicit link ("" without one) and the package's
// warnings.
type AddMemoryResult struct {
	ID         string
	RelationID string
	Warnings   []string
	// LLMOutcome is the autonomous linking's client tasks, if any.
	LLMOutcome
}

// Window selects a thread's messages for Thread.GetMessages (T17).
// Positions are 0-based over the thread's unexpired messages, oldest first.
type Window struct {
	// Start is the first position; negative counts from the end (-2: the
	// last two), clamped at 0.
	Start int
	// End is the exclusive end: omitted, the most recent 50 messages from
	// Start; None (or Some(-1)), every message from Start; Some(n), the
	// positions before n.
	End Optional[int]
	// IncludeImageBytes loads the bytes of the messages' image parts.
	IncludeImageBytes bool
}

// RecentMessages is the default window: the thread's last 50 messages.
func RecentMessages() Window { return Window{} }

// MessagesFrom is every message from position start on.
func MessagesFrom(start int) Window { return Window{Start: start, End: None[int]()} }

// MessageRange is the messages at positions start <= p < end.
func MessageRange(start, end int) Window { return Window{Start: start, End: Some(end)} }

// GetMessageOptions are the options of Thread.GetMessage.
type GetMessageOptions struct {
	// IncludedImageIDs selects the image parts whose bytes are returned;
	// ids that are not parts of the message are ignored (T19).
	IncludedImageIDs []string
}

// MessageUpdate changes a message of the thread (Thread.UpdateMessage,
// T20). The role and timestamp never change. At least one field.
type MessageUpdate struct {
	// Content replaces the text or the parts; None is refused (U12).
	Content Optional[Content]
	// Metadata replaces the whole object; None clears it.
	Metadata Optional[map[string]any]
	// TTLDays and TTLAnchor refresh the expiry, as UpdateRequest's.
	TTLDays   Optional[int]
	TTLAnchor TTLAnchor
}

// MemoryUpdate changes a memory-like record of the thread
// (Thread.UpdateMemory, T21). Its type and scope never change.
type MemoryUpdate struct {
	// Content replaces the text; None is refused (delete the memory
	// instead).
	Content Optional[string]
	// Metadata, Timestamp: Some replaces, None clears.
	Metadata  Optional[map[string]any]
	Timestamp Optional[time.Time]
	TTLDays   Optional[int]
	TTLAnchor TTLAnchor
	// Status: "": unchanged.
	Status RecordStatus
}

// ThreadImage is a standalone image to add to a thread (Thread.AddImage).
type ThreadImage struct {
	// ID is the image id; "": generated.
	ID string
	// Bytes is a PNG, JPEG or WebP image.
	Bytes []byte
	// MimeType: "": detected from the bytes (T34).
	MimeType ImageMimeType
	// Description is the image's searchable text; "": none, or the caption
	// of the thread's LLM when it has one (T35).
	Description string
	// UserID, AgentID, ThreadID are checks, not overrides (T33): omitted,
	// the thread's; None or Some(id) must equal the thread's value.
	UserID, AgentID, ThreadID Optional[string]
	Timestamp                 time.Time
	// Metadata: nil is stored as {}.
	Metadata  map[string]any
	TTLDays   Optional[int]
	TTLAnchor TTLAnchor
}

// AddImageResult is what Thread.AddImage returns.
type AddImageResult struct {
	ID       string   `json:"id"`
	Warnings []string `json:"warnings"`
	// LLMOutcome is the caption's client task, if any.
	LLMOutcome
}

// ImageUpdate changes a standalone image of the thread (Thread.UpdateImage,
// T41). At least one field.
type ImageUpdate struct {
	// Bytes and MimeType replace the image; they come together.
	Bytes    []byte
	MimeType ImageMimeType
	// Description: omitted, unchanged; Some, the new searchable text; None
	// asks the thread's LLM for a caption (refused on a thread without one, T41).
	Description Optional[string]
	// Metadata, Timestamp: Some replaces, None clears.
	Metadata  Optional[map[string]any]
	Timestamp Optional[time.Time]
	TTLDays   Optional[int]
	TTLAnchor TTLAnchor
}

// ImageListOptions select the thread's images (Thread.ListImages).
type ImageListOptions struct {
	// ImageID selects one image; "": all.
	ImageID string
	// MetadataFilter as ListRequest's.
	MetadataFilter Optional[Filter]
	// IncludeBytes loads the bytes; it needs ImageID (T36).
	IncludeBytes bool
	// Limit: omitted, 1000; None, all; Some(n), n.
	Limit Optional[int]
}

// SummaryOptions are the options of Thread.Summary (T29-T32).
type SummaryOptions struct {
	// ExceptLast leaves out the thread's last messages; 0: the whole
	// thread (its durable summary when one exists).
	ExceptLast int
	// TokenBudget caps the text at floor(n * 3.5) characters: 0 is the
	// default of 1,000 tokens; a negative budget cuts nothing (the
	// transcript keeps its 4,000-character cap).
	TokenBudget int
}

// SummarySource says which path served a summary.
type SummarySource string

const (
	// SourceThreadSummary: the thread's latest valid thread_summary record.
	SourceThreadSummary SummarySource = "thread_summary"
	// SourceTranscript: the transcript of the thread's messages.
	SourceTranscript SummarySource = "transcript"
)

// ThreadSummary is what Thread.Summary returns (the seed's
// OracleSummary): the text and where it came from.
type ThreadSummary struct {
	Content string        `json:"content"`
	Source  SummarySource `json:"source"`
}
