package agentmemory

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// MessageContent is one part of a multimodal message (the seed's
// MessageContent): a TextContent or an ImageContent. Parts keep their order.
type MessageContent interface {
	// PartID returns the part's id; "" on a write means "generate one".
	PartID() string
	isMessageContent()
}

// TextContent is a text part of a message.
type TextContent struct {
	// ID identifies the part within its message; "" on a write: generated.
	ID   string
	Text string
	// Timestamp is the part's event time, ISO-8601 as the package accepts it
	// (YYYY-MM-DD[THH:MM[:SS[.fraction]]][Z|±HH:MM]); "" when none. Reads return it in UTC
	// with six fractional digits, e.g. "2026-11-30T09:00:05.000000Z".
	Timestamp string
}

// ImageContent is an image part of a message. Each image part is also an
// image record (its ID is the record's id, unique in the store), with the
// message's scope, status and expiry.
type ImageContent struct {
	// ID is the image record's id; "" on a write: generated.
	ID       string
	MimeType ImageMimeType // required on writes: image/png, image/jpeg or image/webp
	// Bytes is the image, required on writes; nil on reads that did not ask
	// for bytes.
	Bytes []byte
	// Description is the image's text, what retrieval indexes for it.
	// Omitted or None: no description.
	Description Optional[string]
	Timestamp   string // as TextContent.Timestamp
}

// PartID returns the part's id.
func (p TextContent) PartID() string { return p.ID }

// PartID returns the part's id.
func (p ImageContent) PartID() string { return p.ID }

func (TextContent) isMessageContent()  {}
func (ImageContent) isMessageContent() {}

// The request form of parts: keys with no value are left out, so the
// package generates ids and stores no timestamp.
type textPartWire struct {
	Type      string `json:"type"`
	Text      string `json:"text"`
	ID        string `json:"id,omitempty"`
	Timestamp string `json:"timestamp,omitempty"`
}

type imagePartWire struct {
	Type        string           `json:"type"`
	MimeType    ImageMimeType    `json:"mime_type"`
	Bytes       []byte           `json:"bytes,omitempty"`
	Description Optional[string] `json:"description,omitzero"`
	ID          string           `json:"id,omitempty"`
	Timestamp   string           `json:"timestamp,omitempty"`
}

// MarshalJSON writes the part as a request part: {"type": "text", ...}.
func (p TextContent) MarshalJSON() ([]byte, error) {
	return json.Marshal(textPartWire{Type: "text", Text: p.Text, ID: p.ID, Timestamp: p.Timestamp})
}

// MarshalJSON writes the part as a request part: {"type": "image", ...}; nil
// Bytes leave the key out, which the package rejects.
func (p ImageContent) MarshalJSON() ([]byte, error) {
	return json.Marshal(imagePartWire{Type: "image", MimeType: p.MimeType, Bytes: p.Bytes,
		Description: p.Description, ID: p.ID, Timestamp: p.Timestamp})
}

// partWire is the union of both part forms, for decoding. Optional fields
// tell absent keys from null ones.
type partWire struct {
	Type        Optional[string]        `json:"type,omitzero"`
	ID          Optional[string]        `json:"id,omitzero"`
	Text        Optional[string]        `json:"text,omitzero"`
	MimeType    Optional[ImageMimeType] `json:"mime_type,omitzero"`
	Description Optional[string]        `json:"description,omitzero"`
	Bytes       Optional[[]byte]        `json:"bytes,omitzero"`
	Timestamp   Optional[string]        `json:"timestamp,omitzero"`
}

// Part key sets: what a read returns (every key, null when empty) and what
// a request may hold.
var (
	textPartKeys  = []string{"type", "id", "text", "timestamp"}
	imagePartKeys = []string{"type", "id", "mime_type", "description", "bytes", "timestamp"}
)

func (w *partWire) present() map[string]bool {
	return map[string]bool{
		"type": !w.Type.IsOmitted(), "id": !w.ID.IsOmitted(), "text": !w.Text.IsOmitted(),
		"mime_type": !w.MimeType.IsOmitted(), "description": !w.Description.IsOmitted(),
		"bytes": !w.Bytes.IsOmitted(), "timestamp": !w.Timestamp.IsOmitted(),
	}
}

// decodeMode says how strictly a JSON object is checked against its kind.
type decodeMode struct {
	refuseUnknown bool // keys the kind does not have are errors
	refuseMissing bool // keys the kind has must all be present
}

var (
	// modeRead decodes responses: keys a newer package adds are ignored.
	modeRead = decodeMode{}
	// modeStrict decodes responses in tests: exactly the documented keys.
	modeStrict = decodeMode{refuseUnknown: true, refuseMissing: true}
	// modeRequest decodes requests written by callers: unknown keys are
	// typos, absent keys are omitted.
	modeRequest = decodeMode{refuseUnknown: true}
)

// decodeParts decodes a JSON array of message parts; type is matched
// case-insensitively, as the package does.
func decodeParts(raw json.RawMessage, mode decodeMode) ([]MessageContent, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, err
	}
	parts := make([]MessageContent, 0, len(items))
	for j, item := range items {
		var w partWire
		if err := unmarshalWire(item, &w, mode.refuseUnknown); err != nil {
			return nil, fmt.Errorf("part %d: %w", j, err)
		}
		typ, _ := w.Type.Get()
		image := strings.EqualFold(typ, "image")
		keys := textPartKeys
		switch {
		case image:
			keys = imagePartKeys
		case !strings.EqualFold(typ, "text"):
			return nil, fmt.Errorf("part %d: type %q must be text or image", j, typ)
		}
		if err := checkKeys(w.present(), keys, mode); err != nil {
			return nil, fmt.Errorf("part %d (%s): %w", j, strings.ToLower(typ), err)
		}
		id, _ := w.ID.Get()
		ts, _ := w.Timestamp.Get()
		if !image {
			text, _ := w.Text.Get()
			parts = append(parts, TextContent{ID: id, Text: text, Timestamp: ts})
			continue
		}
		mime, _ := w.MimeType.Get()
		b, _ := w.Bytes.Get()
		parts = append(parts, ImageContent{ID: id, MimeType: mime, Bytes: b, Description: w.Description, Timestamp: ts})
	}
	return parts, nil
}

// checkKeys compares the keys present in a decoded object with the keys of
// its kind, as mode says.
func checkKeys(present map[string]bool, keys []string, mode decodeMode) error {
	allowed := make(map[string]bool, len(keys))
	for _, k := range keys {
		allowed[k] = true
		if mode.refuseMissing && !present[k] {
			return fmt.Errorf("key %q is missing", k)
		}
	}
	if mode.refuseUnknown {
		for _, k := range slices.Sorted(maps.Keys(present)) {
			if present[k] && !allowed[k] {
				return fmt.Errorf("key %q does not belong here", k)
			}
		}
	}
	return nil
}

// unmarshalWire decodes one JSON value into out; refuseUnknown refuses keys
// the struct does not know.
func unmarshalWire(data []byte, out any, refuseUnknown bool) error {
	if !refuseUnknown {
		return json.Unmarshal(data, out)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(out); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("trailing data after the value")
	}
	return nil
}

// partsText is a multimodal message's text: its text parts joined with
// "\n", as the package stores and indexes it (R15).
func partsText(parts []MessageContent) string {
	var b strings.Builder
	first := true
	for _, p := range parts {
		t, ok := partValue(p).(TextContent)
		if !ok {
			continue
		}
		if !first {
			b.WriteByte('\n')
		}
		b.WriteString(t.Text)
		first = false
	}
	return b.String()
}

// partsReadJSON writes parts in the form reads return: every key present,
// null when empty.
func partsReadJSON(parts []MessageContent) []any {
	out := make([]any, len(parts))
	for j, p := range parts {
		switch p := partValue(p).(type) {
		case TextContent:
			out[j] = struct {
				Type      string  `json:"type"`
				ID        string  `json:"id"`
				Text      string  `json:"text"`
				Timestamp *string `json:"timestamp"`
			}{"text", p.ID, p.Text, nullIfEmpty(p.Timestamp)}
		case ImageContent:
			out[j] = struct {
				Type        string           `json:"type"`
				ID          string           `json:"id"`
				MimeType    ImageMimeType    `json:"mime_type"`
				Description Optional[string] `json:"description"`
				Bytes       []byte           `json:"bytes"`
				Timestamp   *string          `json:"timestamp"`
			}{"image", p.ID, p.MimeType, orNone(p.Description), p.Bytes, nullIfEmpty(p.Timestamp)}
		default:
			out[j] = nil
		}
	}
	return out
}

// nullIfEmpty maps "" to JSON null.
func nullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// orNone turns an omitted Optional into None, for encoders that always
// write the key.
func orNone[T any](o Optional[T]) Optional[T] {
	if o.IsOmitted() {
		return None[T]()
	}
	return o
}

// partValue returns p as a value: *TextContent and *ImageContent satisfy
// MessageContent too.
func partValue(p MessageContent) MessageContent {
	switch v := p.(type) {
	case *TextContent:
		if v != nil {
			return *v
		}
	case *ImageContent:
		if v != nil {
			return *v
		}
	case TextContent, ImageContent:
		return v
	}
	return nil
}
