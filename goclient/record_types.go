package agentmemory

import (
	"strings"
	"time"
)

// RecordType is a record's logical type (the seed's record_type labels).
// The package matches it case-insensitively and returns it lower case.
type RecordType string

const (
	RecordTypeThread        RecordType = "thread"         // a conversation; parent of messages and summaries
	RecordTypeMessage       RecordType = "message"        // a chat message: text or ordered content parts
	RecordTypeMemory        RecordType = "memory"         // a memory (memory-like)
	RecordTypeFact          RecordType = "fact"           // a fact (memory-like)
	RecordTypeGuideline     RecordType = "guideline"      // a guideline (memory-like)
	RecordTypePreference    RecordType = "preference"     // a preference (memory-like)
	RecordTypeThreadSummary RecordType = "thread_summary" // a JSON summary of a thread
	RecordTypeImage         RecordType = "image"          // image bytes with a description
	RecordTypeUserProfile   RecordType = "user_profile"   // unscoped; its id is the user id
	RecordTypeAgentProfile  RecordType = "agent_profile"  // unscoped; its id is the agent id
)

// recordTypes lists every record type in the order of the package's messages.
var recordTypes = []RecordType{
	RecordTypeThread, RecordTypeMessage, RecordTypeMemory, RecordTypeFact, RecordTypeGuideline,
	RecordTypePreference, RecordTypeThreadSummary, RecordTypeImage, RecordTypeUserProfile, RecordTypeAgentProfile,
}

// canonical returns t lower case, as the package compares it.
func (t RecordType) canonical() RecordType { return RecordType(strings.ToLower(string(t))) }

// known reports whether t names a record type, ignoring case.
func (t RecordType) known() bool {
	for _, k := range recordTypes {
		if t.canonical() == k {
			return true
		}
	}
	return false
}

// memoryLike reports the four types that share the memory table and id space.
func (t RecordType) memoryLike() bool {
	switch t.canonical() {
	case RecordTypeMemory, RecordTypeFact, RecordTypeGuideline, RecordTypePreference:
		return true
	}
	return false
}

// profile reports the two unscoped actor profile types.
func (t RecordType) profile() bool {
	c := t.canonical()
	return c == RecordTypeUserProfile || c == RecordTypeAgentProfile
}

// RecordStatus is a record's lifecycle state (the seed's RecordStatus).
// Values are case-insensitive in requests and upper case in responses.
type RecordStatus string

const (
	// RecordValid is the normal, active state; the default of every write.
	RecordValid RecordStatus = "VALID"
	// RecordInvalid keeps a record for history while search may exclude it.
	RecordInvalid RecordStatus = "INVALID"
)

// TTLAnchor is the time a record's time to live counts from (the seed's
// TimeToLiveAnchor). Values are case-insensitive.
type TTLAnchor string

const (
	// TTLFromCreatedAt counts from the time the record was written. The
	// default.
	TTLFromCreatedAt TTLAnchor = "CREATED_AT"
	// TTLFromTimestamp counts from the record's event timestamp, which the
	// write must then give.
	TTLFromTimestamp TTLAnchor = "TIMESTAMP"
)

// ImageMimeType is the MIME type of an image (the seed's ImageMimeType).
// Requests match it case-insensitively; responses carry it lower case.
// Animated PNG and WebP are not supported (the store does not inspect them).
type ImageMimeType string

const (
	ImagePNG  ImageMimeType = "image/png"
	ImageJPEG ImageMimeType = "image/jpeg"
	ImageWebP ImageMimeType = "image/webp"
)

// Record is one stored record as get, list and search return it: a
// *ThreadRecord, *MessageRecord, *MemoryRecord, *FactRecord,
// *GuidelineRecord, *PreferenceRecord, *ThreadSummaryRecord, *ImageRecord,
// *UserProfileRecord or *AgentProfileRecord. Use a type switch for the
// fields of one type, or the accessors for what every record has.
//
// MarshalJSON writes the package's record object (docs/protocol-records.md
// §6), so a record printed as JSON reads like the package's own output.
type Record interface {
	// Common returns the fields every record has.
	Common() *RecordCommon
	// RecordType returns the record's type, lower case.
	RecordType() RecordType
	// RecordID returns the record's id.
	RecordID() string
	// Text returns the record's text and true, or "" and false when it has
	// none: the content of text records, a message's text (its text parts
	// joined with "\n"), a summary's string "text" member, an image's
	// description.
	Text() (string, bool)
	MarshalJSON() ([]byte, error)
}

// ScopedRecord is a Record with a thread, user and agent scope: every type
// but the two profiles.
type ScopedRecord interface {
	Record
	RecordScope() *Scope
}

// RecordCommon holds the fields every record has.
type RecordCommon struct {
	Type RecordType // lower case
	ID   string
	// Metadata is the record's JSON object, nil when it has none (an empty
	// object is metadata). Numbers decode as json.Number, so integers of any
	// size keep their digits. An image's metadata never holds
	// image_mime_type.
	Metadata map[string]any
	Status   RecordStatus
	// Timestamp is the effective time: the event timestamp, or CreatedAt
	// when the record has none.
	Timestamp time.Time
	// EventTimestamp is the timestamp given on write, in UTC; None when none
	// was given.
	EventTimestamp Optional[time.Time]
	CreatedAt      time.Time
	UpdatedAt      time.Time
	// ExpiresAt is when the record expires (and disappears from reads);
	// None when it never does. Always None for threads, summaries and
	// profiles.
	ExpiresAt Optional[time.Time]
}

// Common returns c itself; every record type embeds a RecordCommon.
func (c *RecordCommon) Common() *RecordCommon { return c }

// RecordType returns the record's type.
func (c *RecordCommon) RecordType() RecordType { return c.Type }

// RecordID returns the record's id.
func (c *RecordCommon) RecordID() string { return c.ID }

// Scope holds the scope of a scoped record. An empty field is None: ids are
// never empty strings (the package rejects ""), so nothing is lost.
type Scope struct {
	ThreadID string // a thread's own id for a ThreadRecord
	UserID   string
	AgentID  string
}

// RecordScope returns s itself; every scoped record type embeds a Scope.
func (s *Scope) RecordScope() *Scope { return s }

// MemoryRecord is a memory. Facts, guidelines and preferences have the same
// fields and embed it.
type MemoryRecord struct {
	RecordCommon
	Scope
	// Content is the stored text; None when the record was written without
	// text. "" is kept as "".
	Content Optional[string]
}

// Text returns the content.
func (r *MemoryRecord) Text() (string, bool) { return r.Content.Get() }

// FactRecord is a fact, stored apart from memories but in their id space.
type FactRecord struct{ MemoryRecord }

// GuidelineRecord is a guideline, stored apart from memories but in their id
// space.
type GuidelineRecord struct{ MemoryRecord }

// PreferenceRecord is a preference, stored apart from memories but in their
// id space.
type PreferenceRecord struct{ MemoryRecord }

// ThreadRecord is a thread. Its Scope.ThreadID is its own id.
type ThreadRecord struct {
	RecordCommon
	Scope
	Content Optional[string] // None when the thread has no text
	// RuntimeConfig and RuntimeState are the thread's runtime objects, nil
	// when unset (numbers as json.Number).
	RuntimeConfig map[string]any
	RuntimeState  map[string]any
}

// Text returns the content.
func (r *ThreadRecord) Text() (string, bool) { return r.Content.Get() }

// MessageRecord is a chat message.
type MessageRecord struct {
	RecordCommon
	Scope
	Role string // "" when the message has no role
	// SeqNo is stable and increasing within the thread, with gaps; the
	// bounds of ListThreadMessages use it.
	SeqNo int64
	// Content is the text of a plain message. For a multimodal message it is
	// "" and Parts holds the content parts.
	Content string
	// Parts are the content parts in order (TextContent, ImageContent); nil
	// for a plain text message. ImageContent.Bytes is nil unless the read
	// asked for bytes.
	Parts []MessageContent
}

// Text returns the message text: Content, or the text parts joined with
// "\n" (what the store indexes) for a multimodal message. A message always
// has text, possibly "".
func (r *MessageRecord) Text() (string, bool) {
	if r.Parts == nil {
		return r.Content, true
	}
	return partsText(r.Parts), true
}

// ThreadSummaryRecord is a thread summary: a JSON object.
type ThreadSummaryRecord struct {
	RecordCommon
	Scope
	// Content is the summary object, nil when the summary was written as
	// None (numbers as json.Number). A summary written as a string s reads
	// back as {"text": s}.
	Content map[string]any
}

// Text returns the summary's "text" member when it is a string.
func (r *ThreadSummaryRecord) Text() (string, bool) {
	s, ok := r.Content["text"].(string)
	return s, ok
}

// ImageRecord is an image: a standalone image record or an image part of a
// message (MessageID set).
type ImageRecord struct {
	RecordCommon
	Scope
	// Description is the image's text (the record's "content"): what
	// retrieval uses. None when it has none.
	Description Optional[string]
	MessageID   string        // the message holding this image as a part; "" for a standalone image
	MimeType    ImageMimeType // always present, lower case
	Bytes       []byte        // the image; nil unless the read asked for bytes
}

// Text returns the description.
func (r *ImageRecord) Text() (string, bool) { return r.Description.Get() }

// UserProfileRecord is an unscoped user profile; its id is the user id.
type UserProfileRecord struct {
	RecordCommon
	Content string // the profile information
}

// Text returns the profile information.
func (r *UserProfileRecord) Text() (string, bool) { return r.Content, true }

// AgentProfileRecord is an unscoped agent profile; its id is the agent id.
type AgentProfileRecord struct {
	RecordCommon
	Content string // the profile information
}

// Text returns the profile information.
func (r *AgentProfileRecord) Text() (string, bool) { return r.Content, true }

// Compile-time checks that every record type is a Record, and the scoped
// ones ScopedRecords.
var (
	_ ScopedRecord = (*ThreadRecord)(nil)
	_ ScopedRecord = (*MessageRecord)(nil)
	_ ScopedRecord = (*MemoryRecord)(nil)
	_ ScopedRecord = (*FactRecord)(nil)
	_ ScopedRecord = (*GuidelineRecord)(nil)
	_ ScopedRecord = (*PreferenceRecord)(nil)
	_ ScopedRecord = (*ThreadSummaryRecord)(nil)
	_ ScopedRecord = (*ImageRecord)(nil)
	_ Record       = (*UserProfileRecord)(nil)
	_ Record       = (*AgentProfileRecord)(nil)
)
