package agentmemory

import "time"

// The records a caller adds, as Go values: Memory, Message, NewThread,
// Summary and Image (Store.Add and its typed shortcuts), and Profile
// (Store.AddUser, Store.AddAgent). A zero field is left to the package: the
// id is generated, the record is unscoped on that dimension, the store's
// defaults apply. The package checks every rule (docs/protocol-records.md
// §3); the client only encodes. The per-field lists of the add_records
// request are built by the encoder (records_encode.go), never by callers.

// RecordInput is a record to add: Memory, Message, NewThread, Summary or
// Image.
type RecordInput interface {
	addItem() addItem
}

// Memory is a memory-like record to add: a memory, fact, guideline or
// preference.
type Memory struct {
	// Type is RecordTypeMemory ("" means it), RecordTypeFact,
	// RecordTypeGuideline or RecordTypePreference.
	Type RecordType
	// ID is the record id; "" generates one.
	ID string
	// Text is the memory. "" with a Metadata["content"] sends no content,
	// so the package takes that one (the seed's fallback); otherwise "" is
	// an empty text.
	Text string
	// ThreadID, UserID and AgentID scope the record; "" leaves it unscoped
	// on that dimension. A thread must exist.
	ThreadID, UserID, AgentID string
	// Timestamp is the event time; zero: none (reads show the creation
	// time).
	Timestamp time.Time
	// Metadata is any JSON object; nil: none.
	Metadata map[string]any
	// TTLDays is the time to live in days: omitted, the store's
	// default_ttl_days; None, its max_ttl_days or never; Some(n), n days
	// (clamped to the maximum, with a warning).
	TTLDays Optional[int]
	// TTLAnchor is what the time to live counts from; "": TTLFromCreatedAt.
	TTLAnchor TTLAnchor
	// Status: "" stores RecordValid.
	Status RecordStatus
	// IndexText is the retrieval text when it is not Text (see IndexText);
	// the zero value uses Text.
	IndexText IndexText
	// Embedding gives the vectors (see Embedding); the zero value lets the
	// store (or the client's Embedder) derive them.
	Embedding Embedding
}

// Message is a chat message to add: Text, or ordered Parts (TextContent,
// ImageContent) for a multimodal message.
type Message struct {
	ID       string
	ThreadID string // the thread, which must exist
	UserID   string
	AgentID  string
	// Role is the speaker, e.g. "user" or "assistant"; "": none.
	Role string
	// Text is the message; ignored when Parts is not nil. "" with a
	// Metadata["content"] takes that one, as for Memory.
	Text  string
	Parts []MessageContent
	// The remaining fields as in Memory.
	Timestamp time.Time
	Metadata  map[string]any
	TTLDays   Optional[int]
	TTLAnchor TTLAnchor
	Status    RecordStatus
	IndexText IndexText
	Embedding Embedding
}

// NewThread is a thread to add. Its ID is the thread id that messages,
// memories and summaries name in ThreadID; "" generates one (read it from
// AddResult.IDs).
type NewThread struct {
	ID      string
	UserID  string
	AgentID string
	// Text describes the thread (e.g. a title); "": none.
	Text      string
	Timestamp time.Time
	Metadata  map[string]any
	Status    RecordStatus
	IndexText IndexText
	Embedding Embedding
}

// Summary is a thread summary to add: a JSON object (its "text" member is
// the retrieval text) or, when Object is nil, Text, stored as
// {"text": Text}.
type Summary struct {
	ID       string
	ThreadID string // required: the summarized thread
	UserID   string
	AgentID  string
	Object   map[string]any
	Text     string
	// The remaining fields as in Memory.
	Timestamp time.Time
	Metadata  map[string]any
	Status    RecordStatus
	IndexText IndexText
	Embedding Embedding
}

// Image is an image record to add: PNG, JPEG or WebP bytes with their MIME
// type, and a description that is its retrieval text.
type Image struct {
	ID       string
	ThreadID string
	UserID   string
	AgentID  string
	Bytes    []byte
	MimeType ImageMimeType
	// Description is what search finds the image by; "": none.
	Description string
	// The remaining fields as in Memory. Metadata must not hold
	// "image_mime_type": MimeType is sent there.
	Timestamp time.Time
	Metadata  map[string]any
	TTLDays   Optional[int]
	TTLAnchor TTLAnchor
	Status    RecordStatus
	Embedding Embedding
}

// Profile is a user's or an agent's profile (Store.AddUser,
// Store.AddAgent): unscoped, its record id is the actor's id.
type Profile struct {
	// ID is the user or agent id. For AddUser, "" leaves it to the end-user
	// security context of the session, where one is attached.
	ID string
	// Information is the profile text.
	Information string
	// Metadata is any JSON object; nil: none.
	Metadata map[string]any
}

// addItem is one record of an add_records request, whatever its type: the
// encoder turns a run of them into one batch's per-field lists.
type addItem struct {
	typ                     RecordType
	content                 Content
	id, thread, user, agent string
	role                    string
	timestamp               time.Time
	metadata                map[string]any
	ttlDays                 Optional[int]
	ttlAnchor               TTLAnchor
	status                  RecordStatus
	index                   IndexText
	embedding               Embedding
}

// textContent is s as content. "" is None when meta has a "content" key,
// so that the package takes it (the seed's fallback), else an empty text.
func textContent(s string, meta map[string]any) Content {
	if _, fallback := meta["content"]; s == "" && fallback {
		return Content{}
	}
	return ContentText(s)
}

// optionalText is s as content, "" as None: a thread or a summary without
// text.
func optionalText(s string) Content {
	if s == "" {
		return Content{}
	}
	return ContentText(s)
}

func (m Memory) addItem() addItem {
	t := m.Type
	if t == "" {
		t = RecordTypeMemory
	}
	return addItem{typ: t, content: textContent(m.Text, m.Metadata), id: m.ID, thread: m.ThreadID, user: m.UserID,
		agent: m.AgentID, timestamp: m.Timestamp, metadata: m.Metadata, ttlDays: m.TTLDays,
		ttlAnchor: m.TTLAnchor, status: m.Status, index: m.IndexText, embedding: m.Embedding}
}

func (m Message) addItem() addItem {
	c := textContent(m.Text, m.Metadata)
	if m.Parts != nil {
		c = ContentParts(m.Parts...)
	}
	return addItem{typ: RecordTypeMessage, content: c, id: m.ID, thread: m.ThreadID, user: m.UserID,
		agent: m.AgentID, role: m.Role, timestamp: m.Timestamp, metadata: m.Metadata, ttlDays: m.TTLDays,
		ttlAnchor: m.TTLAnchor, status: m.Status, index: m.IndexText, embedding: m.Embedding}
}

func (t NewThread) addItem() addItem {
	return addItem{typ: RecordTypeThread, content: optionalText(t.Text), id: t.ID, user: t.UserID,
		agent: t.AgentID, timestamp: t.Timestamp, metadata: t.Metadata, status: t.Status,
		index: t.IndexText, embedding: t.Embedding}
}

func (s Summary) addItem() addItem {
	c := optionalText(s.Text)
	if s.Object != nil {
		c = ContentObject(s.Object)
	}
	return addItem{typ: RecordTypeThreadSummary, content: c, id: s.ID, thread: s.ThreadID, user: s.UserID,
		agent: s.AgentID, timestamp: s.Timestamp, metadata: s.Metadata, status: s.Status,
		index: s.IndexText, embedding: s.Embedding}
}

func (im Image) addItem() addItem {
	meta := im.Metadata
	if im.MimeType != "" {
		meta = make(map[string]any, len(im.Metadata)+1)
		for k, v := range im.Metadata {
			meta[k] = v
		}
		meta["image_mime_type"] = string(im.MimeType)
	}
	var index IndexText
	if im.Description != "" {
		index = IndexString(im.Description)
	}
	return addItem{typ: RecordTypeImage, content: ContentBytes(im.Bytes), id: im.ID, thread: im.ThreadID,
		user: im.UserID, agent: im.AgentID, timestamp: im.Timestamp, metadata: meta, ttlDays: im.TTLDays,
		ttlAnchor: im.TTLAnchor, status: im.Status, index: index, embedding: im.Embedding}
}

// UserProfile is a user's profile added through Store.Add, for example with
// explicit vectors, or in one call with other records; Store.AddUser is the
// seed's own call. Its ID is the user id (required).
type UserProfile struct {
	ID          string
	Information string
	Metadata    map[string]any
	IndexText   IndexText
	Embedding   Embedding
}

// AgentProfile is an agent's profile added through Store.Add; as
// UserProfile.
type AgentProfile UserProfile

func (p UserProfile) addItem() addItem {
	return addItem{typ: RecordTypeUserProfile, content: textContent(p.Information, p.Metadata), id: p.ID,
		metadata: p.Metadata, index: p.IndexText, embedding: p.Embedding}
}

func (p AgentProfile) addItem() addItem {
	it := UserProfile(p).addItem()
	it.typ = RecordTypeAgentProfile
	return it
}
