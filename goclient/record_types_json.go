package agentmemory

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// The JSON form of records (docs/protocol-records.md §6): one object whose
// record_type says which keys it has. decodeRecord is shared by every read
// (get, list, list_thread_messages, search).

// wireRecord is the union of the keys of every record type. Optional and
// json.RawMessage fields tell an absent key (omitted, nil) from a null one,
// which strict decoding and the per-type key check need.
type wireRecord struct {
	RecordType     Optional[string]        `json:"record_type,omitzero"`
	ID             Optional[string]        `json:"id,omitzero"`
	Content        json.RawMessage         `json:"content,omitempty"`
	ThreadID       Optional[string]        `json:"thread_id,omitzero"`
	UserID         Optional[string]        `json:"user_id,omitzero"`
	AgentID        Optional[string]        `json:"agent_id,omitzero"`
	Metadata       json.RawMessage         `json:"metadata,omitempty"`
	Status         Optional[RecordStatus]  `json:"status,omitzero"`
	Timestamp      Optional[utcTime]       `json:"timestamp,omitzero"`
	EventTimestamp Optional[utcTime]       `json:"event_timestamp,omitzero"`
	CreatedAt      Optional[utcTime]       `json:"created_at,omitzero"`
	UpdatedAt      Optional[utcTime]       `json:"updated_at,omitzero"`
	ExpiresAt      Optional[utcTime]       `json:"expires_at,omitzero"`
	Role           Optional[string]        `json:"role,omitzero"`
	SeqNo          Optional[int64]         `json:"seq_no,omitzero"`
	RuntimeConfig  json.RawMessage         `json:"runtime_config,omitempty"`
	RuntimeState   json.RawMessage         `json:"runtime_state,omitempty"`
	MessageID      Optional[string]        `json:"message_id,omitzero"`
	MimeType       Optional[ImageMimeType] `json:"mime_type,omitzero"`
	Bytes          Optional[[]byte]        `json:"bytes,omitzero"`

	// meta is Metadata already decoded (by readRecord), used instead of it
	// when metaDecoded.
	meta        map[string]any
	metaDecoded bool
}

func (w *wireRecord) present() map[string]bool {
	return map[string]bool{
		"record_type": !w.RecordType.IsOmitted(), "id": !w.ID.IsOmitted(), "content": w.Content != nil,
		"thread_id": !w.ThreadID.IsOmitted(), "user_id": !w.UserID.IsOmitted(), "agent_id": !w.AgentID.IsOmitted(),
		"metadata": w.Metadata != nil, "status": !w.Status.IsOmitted(), "timestamp": !w.Timestamp.IsOmitted(),
		"event_timestamp": !w.EventTimestamp.IsOmitted(), "created_at": !w.CreatedAt.IsOmitted(),
		"updated_at": !w.UpdatedAt.IsOmitted(), "expires_at": !w.ExpiresAt.IsOmitted(), "role": !w.Role.IsOmitted(),
		"seq_no": !w.SeqNo.IsOmitted(), "runtime_config": w.RuntimeConfig != nil, "runtime_state": w.RuntimeState != nil,
		"message_id": !w.MessageID.IsOmitted(), "mime_type": !w.MimeType.IsOmitted(), "bytes": !w.Bytes.IsOmitted(),
	}
}

// recordKeys returns the keys a record of type t has.
func recordKeys(t RecordType) []string {
	keys := []string{"record_type", "id", "content", "metadata", "status", "timestamp", "event_timestamp",
		"created_at", "updated_at", "expires_at"}
	if t.profile() {
		return keys
	}
	keys = append(keys, "thread_id", "user_id", "agent_id")
	switch t {
	case RecordTypeMessage:
		keys = append(keys, "role", "seq_no")
	case RecordTypeThread:
		keys = append(keys, "runtime_config", "runtime_state")
	case RecordTypeImage:
		keys = append(keys, "message_id", "mime_type", "bytes")
	}
	return keys
}

// decodeRecord decodes one record object of a response into its typed
// record, by record_type. Keys a newer package adds are ignored, as
// decodeResponse does; keys of another record type are errors.
func decodeRecord(raw json.RawMessage) (Record, error) { return decodeRecordMode(raw, modeRead) }

// decodeRecordStrict is decodeRecord for tests over the golden fixtures: a
// record must have exactly the keys of its type.
func decodeRecordStrict(raw json.RawMessage) (Record, error) {
	return decodeRecordMode(raw, modeStrict)
}

func decodeRecordMode(raw json.RawMessage, mode decodeMode) (Record, error) {
	var w wireRecord
	if mode == modeRead {
		var r readRecord
		if err := decodeNumbers(raw, &r); err != nil {
			return nil, fmt.Errorf("record: %w", err)
		}
		w = r.wire()
	} else if err := unmarshalWire(raw, &w, mode.refuseUnknown); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	return buildRecord(&w, mode)
}

// readRecord is the record object as reads decode it: plain fields and
// pointers, which encoding/json fills in one pass (an Optional field costs
// a second parse of its value). Absent and null are the same here; strict
// decoding, which tells them apart, uses wireRecord.
type readRecord struct {
	RecordType     string          `json:"record_type"`
	ID             string          `json:"id"`
	Content        json.RawMessage `json:"content"`
	ThreadID       *string         `json:"thread_id"`
	UserID         *string         `json:"user_id"`
	AgentID        *string         `json:"agent_id"`
	Metadata       map[string]any  `json:"metadata"` // numbers as json.Number: decode with UseNumber
	Status         RecordStatus    `json:"status"`
	Timestamp      *time.Time      `json:"timestamp"`
	EventTimestamp *time.Time      `json:"event_timestamp"`
	CreatedAt      *time.Time      `json:"created_at"`
	UpdatedAt      *time.Time      `json:"updated_at"`
	ExpiresAt      *time.Time      `json:"expires_at"`
	Role           *string         `json:"role"`
	SeqNo          int64           `json:"seq_no"`
	RuntimeConfig  json.RawMessage `json:"runtime_config"`
	RuntimeState   json.RawMessage `json:"runtime_state"`
	MessageID      *string         `json:"message_id"`
	MimeType       ImageMimeType   `json:"mime_type"`
	Bytes          []byte          `json:"bytes"`
}

// wire returns r as a wireRecord, null and absent both None.
func (r *readRecord) wire() wireRecord {
	str := func(p *string) Optional[string] {
		if p == nil {
			return None[string]()
		}
		return Some(*p)
	}
	tm := func(p *time.Time) Optional[utcTime] {
		if p == nil {
			return None[utcTime]()
		}
		return Some(utcTime(p.UTC()))
	}
	w := wireRecord{RecordType: Some(r.RecordType), ID: Some(r.ID), Content: r.Content, ThreadID: str(r.ThreadID),
		UserID: str(r.UserID), AgentID: str(r.AgentID), Status: Some(r.Status),
		Timestamp: tm(r.Timestamp), EventTimestamp: tm(r.EventTimestamp), CreatedAt: tm(r.CreatedAt),
		UpdatedAt: tm(r.UpdatedAt), ExpiresAt: tm(r.ExpiresAt), Role: str(r.Role), SeqNo: Some(r.SeqNo),
		RuntimeConfig: r.RuntimeConfig, RuntimeState: r.RuntimeState, MessageID: str(r.MessageID),
		MimeType: Some(r.MimeType), Bytes: Some(r.Bytes), meta: r.Metadata, metaDecoded: true}
	return w
}

// buildRecord makes the typed record of w.
func buildRecord(w *wireRecord, mode decodeMode) (Record, error) {
	name, _ := w.RecordType.Get()
	t := RecordType(name).canonical()
	if !t.known() {
		return nil, fmt.Errorf("record: record_type %q is not a record type this client knows", name)
	}
	id, _ := w.ID.Get()
	fail := func(err error) (Record, error) { return nil, fmt.Errorf("%s record %q: %w", t, id, err) }
	if mode.refuseUnknown || mode.refuseMissing {
		if err := checkKeys(w.present(), recordKeys(t), mode); err != nil {
			return fail(err)
		}
	}
	common, err := w.common(t, id)
	if err != nil {
		return fail(err)
	}
	scope := Scope{ThreadID: orEmpty(w.ThreadID), UserID: orEmpty(w.UserID), AgentID: orEmpty(w.AgentID)}
	var rec Record
	switch {
	case t.memoryLike():
		content, err := decodeOptionalString(w.Content)
		if err != nil {
			return fail(err)
		}
		m := MemoryRecord{RecordCommon: common, Scope: scope, Content: content}
		switch t {
		case RecordTypeFact:
			rec = &FactRecord{m}
		case RecordTypeGuideline:
			rec = &GuidelineRecord{m}
		case RecordTypePreference:
			rec = &PreferenceRecord{m}
		default:
			rec = &m
		}
	case t == RecordTypeThread:
		r := &ThreadRecord{RecordCommon: common, Scope: scope}
		if r.Content, err = decodeOptionalString(w.Content); err != nil {
			return fail(err)
		}
		if r.RuntimeConfig, err = decodeObject(w.RuntimeConfig); err != nil {
			return fail(fmt.Errorf("runtime_config: %w", err))
		}
		if r.RuntimeState, err = decodeObject(w.RuntimeState); err != nil {
			return fail(fmt.Errorf("runtime_state: %w", err))
		}
		rec = r
	case t == RecordTypeMessage:
		r := &MessageRecord{RecordCommon: common, Scope: scope, Role: orEmpty(w.Role)}
		r.SeqNo, _ = w.SeqNo.Get()
		switch kindOf(w.Content) {
		case '"':
			err = json.Unmarshal(w.Content, &r.Content)
		case '[':
			r.Parts, err = decodeParts(w.Content, mode)
		case 'n', 0:
			if mode.refuseMissing {
				err = fmt.Errorf("content is null; a message has text or content parts")
			}
		default:
			err = fmt.Errorf("content %s is neither a string nor a list of parts", abbreviate(w.Content))
		}
		if err != nil {
			return fail(err)
		}
		rec = r
	case t == RecordTypeThreadSummary:
		r := &ThreadSummaryRecord{RecordCommon: common, Scope: scope}
		if r.Content, err = decodeObject(w.Content); err != nil {
			return fail(fmt.Errorf("content: %w", err))
		}
		rec = r
	case t == RecordTypeImage:
		r := &ImageRecord{RecordCommon: common, Scope: scope, MessageID: orEmpty(w.MessageID)}
		if r.Description, err = decodeOptionalString(w.Content); err != nil {
			return fail(err)
		}
		r.MimeType, _ = w.MimeType.Get()
		r.Bytes, _ = w.Bytes.Get()
		rec = r
	default: // the two profiles
		var content string
		if kindOf(w.Content) == '"' {
			err = json.Unmarshal(w.Content, &content)
		} else if mode.refuseMissing || kindOf(w.Content) != 0 {
			err = fmt.Errorf("content %s must be a string (the profile information)", abbreviate(w.Content))
		}
		if err != nil {
			return fail(err)
		}
		if t == RecordTypeUserProfile {
			rec = &UserProfileRecord{RecordCommon: common, Content: content}
		} else {
			rec = &AgentProfileRecord{RecordCommon: common, Content: content}
		}
	}
	return rec, nil
}

// common decodes the fields every record has.
func (w *wireRecord) common(t RecordType, id string) (RecordCommon, error) {
	c := RecordCommon{Type: t, ID: id}
	var err error
	if w.metaDecoded {
		c.Metadata = w.meta
	} else if c.Metadata, err = decodeObject(w.Metadata); err != nil {
		return c, fmt.Errorf("metadata: %w", err)
	}
	c.Status, _ = w.Status.Get()
	ts, _ := w.Timestamp.Get()
	created, _ := w.CreatedAt.Get()
	updated, _ := w.UpdatedAt.Get()
	c.Timestamp, c.CreatedAt, c.UpdatedAt = time.Time(ts), time.Time(created), time.Time(updated)
	c.EventTimestamp = timeOptional(w.EventTimestamp)
	c.ExpiresAt = timeOptional(w.ExpiresAt)
	return c, nil
}

// wire encodes the fields every record has.
func (c *RecordCommon) wire() (wireRecord, error) {
	meta, err := objectJSON(c.Metadata)
	if err != nil {
		return wireRecord{}, fmt.Errorf("metadata: %w", err)
	}
	return wireRecord{
		RecordType: Some(string(c.Type)), ID: Some(c.ID), Metadata: meta, Status: Some(c.Status),
		Timestamp: Some(utcTime(c.Timestamp)), EventTimestamp: utcOptional(c.EventTimestamp),
		CreatedAt: Some(utcTime(c.CreatedAt)), UpdatedAt: Some(utcTime(c.UpdatedAt)), ExpiresAt: utcOptional(c.ExpiresAt),
	}, nil
}

// fill sets the scope keys of w; "" is null.
func (s *Scope) fill(w *wireRecord) {
	w.ThreadID, w.UserID, w.AgentID = idOptional(s.ThreadID), idOptional(s.UserID), idOptional(s.AgentID)
}

// MarshalJSON writes the record object. Facts, guidelines and preferences
// use it too; their Type says which.
func (r MemoryRecord) MarshalJSON() ([]byte, error) {
	w, err := r.RecordCommon.wire()
	if err != nil {
		return nil, err
	}
	r.Scope.fill(&w)
	w.Content = stringJSON(r.Content)
	return json.Marshal(w)
}

// MarshalJSON writes the record object.
func (r ThreadRecord) MarshalJSON() ([]byte, error) {
	w, err := r.RecordCommon.wire()
	if err != nil {
		return nil, err
	}
	r.Scope.fill(&w)
	w.Content = stringJSON(r.Content)
	if w.RuntimeConfig, err = objectJSON(r.RuntimeConfig); err != nil {
		return nil, err
	}
	if w.RuntimeState, err = objectJSON(r.RuntimeState); err != nil {
		return nil, err
	}
	return json.Marshal(w)
}

// MarshalJSON writes the record object; parts in the form reads return.
func (r MessageRecord) MarshalJSON() ([]byte, error) {
	w, err := r.RecordCommon.wire()
	if err != nil {
		return nil, err
	}
	r.Scope.fill(&w)
	w.Role, w.SeqNo = idOptional(r.Role), Some(r.SeqNo)
	if r.Parts != nil {
		w.Content, err = json.Marshal(partsReadJSON(r.Parts))
	} else {
		w.Content, err = json.Marshal(r.Content)
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(w)
}

// MarshalJSON writes the record object.
func (r ThreadSummaryRecord) MarshalJSON() ([]byte, error) {
	w, err := r.RecordCommon.wire()
	if err != nil {
		return nil, err
	}
	r.Scope.fill(&w)
	if w.Content, err = objectJSON(r.Content); err != nil {
		return nil, err
	}
	return json.Marshal(w)
}

// MarshalJSON writes the record object; bytes are base64, null when not
// loaded.
func (r ImageRecord) MarshalJSON() ([]byte, error) {
	w, err := r.RecordCommon.wire()
	if err != nil {
		return nil, err
	}
	r.Scope.fill(&w)
	w.Content = stringJSON(r.Description)
	w.MessageID, w.MimeType = idOptional(r.MessageID), Some(r.MimeType)
	w.Bytes = None[[]byte]()
	if r.Bytes != nil {
		w.Bytes = Some(r.Bytes)
	}
	return json.Marshal(w)
}

// MarshalJSON writes the record object.
func (r UserProfileRecord) MarshalJSON() ([]byte, error) {
	return profileJSON(&r.RecordCommon, r.Content)
}

// MarshalJSON writes the record object.
func (r AgentProfileRecord) MarshalJSON() ([]byte, error) {
	return profileJSON(&r.RecordCommon, r.Content)
}

func profileJSON(c *RecordCommon, content string) ([]byte, error) {
	w, err := c.wire()
	if err != nil {
		return nil, err
	}
	w.Content, _ = json.Marshal(content) // a string always encodes
	return json.Marshal(w)
}

// utcTime is a response timestamp: written as the package writes them, UTC
// with six fractional digits and Z; read as any RFC 3339 time.
type utcTime time.Time

const utcLayout = "2006-01-02T15:04:05.000000Z"

func (t utcTime) MarshalJSON() ([]byte, error) {
	return []byte(`"` + time.Time(t).UTC().Format(utcLayout) + `"`), nil
}

func (t *utcTime) UnmarshalJSON(data []byte) error {
	var v time.Time
	if err := v.UnmarshalJSON(data); err != nil {
		return err
	}
	*t = utcTime(v.UTC())
	return nil
}

func timeOptional(o Optional[utcTime]) Optional[time.Time] {
	if v, ok := o.Get(); ok {
		return Some(time.Time(v))
	}
	return None[time.Time]()
}

func utcOptional(o Optional[time.Time]) Optional[utcTime] {
	if v, ok := o.Get(); ok {
		return Some(utcTime(v))
	}
	return None[utcTime]()
}

// idOptional maps "" to None, for ids and roles that are never "".
func idOptional(s string) Optional[string] {
	if s == "" {
		return None[string]()
	}
	return Some(s)
}

func orEmpty(o Optional[string]) string {
	v, _ := o.Get()
	return v
}

// kindOf returns the first byte of a JSON value ('"', '[', '{', 'n', 't',
// 'f', a digit or '-'), 0 for an absent one.
func kindOf(raw json.RawMessage) byte {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) == 0 {
		return 0
	}
	return raw[0]
}

// decodeOptionalString decodes a string-or-null content.
func decodeOptionalString(raw json.RawMessage) (Optional[string], error) {
	switch kindOf(raw) {
	case 0:
		return Optional[string]{}, nil
	case 'n':
		return None[string](), nil
	case '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return Some(s), err
	}
	return Optional[string]{}, fmt.Errorf("content %s must be a string or null", abbreviate(raw))
}

// decodeObject decodes a JSON object, or null (nil), keeping numbers as
// json.Number so that no digit is lost.
// decodeNumbers decodes data into out with numbers in interfaces kept as
// json.Number (metadata values as written).
func decodeNumbers(data []byte, out any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(out)
}

func decodeObject(raw json.RawMessage) (map[string]any, error) {
	switch kindOf(raw) {
	case 0, 'n':
		return nil, nil
	case '{':
	default:
		return nil, fmt.Errorf("%s is not a JSON object", abbreviate(raw))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	return m, nil
}

func stringJSON(o Optional[string]) json.RawMessage {
	v, ok := o.Get()
	if !ok {
		return json.RawMessage("null")
	}
	b, _ := json.Marshal(v) // a string always encodes
	return b
}

func objectJSON(m map[string]any) (json.RawMessage, error) {
	if m == nil {
		return json.RawMessage("null"), nil
	}
	return json.Marshal(m)
}

// abbreviate shows at most 60 bytes of a JSON value in an error.
func abbreviate(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "(absent)"
	}
	if len(raw) > 60 {
		return string(raw[:60]) + "..."
	}
	return string(raw)
}
