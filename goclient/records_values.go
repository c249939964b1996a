package agentmemory

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// The value types of record requests: record content (Content), retrieval
// text (IndexText) and explicit vectors (Embedding). Each keeps every state
// the protocol distinguishes, and encodes to the protocol's JSON.

type contentKind uint8

const (
	contentNone contentKind = iota
	contentText
	contentParts
	contentObject
	contentBytes
)

// Content is the payload of one record (the seed's contents entry): text,
// ordered message parts, a summary object or image bytes. The zero value is
// None (JSON null): memory-like records, threads, messages and profiles then
// take metadata["content"] when it is a string.
//
// Which kinds a record type takes: text or None for threads, memory-like
// records and profiles (profiles and messages need text or the fallback);
// text, parts or None for messages; an object, text (stored as
// {"text": s}) or None for thread summaries; bytes for images.
type Content struct {
	kind   contentKind
	text   string
	parts  []MessageContent
	object map[string]any
	bytes  []byte
}

// ContentText is text content; "" is kept as an empty text (no retrieval
// text).
func ContentText(s string) Content { return Content{kind: contentText, text: s} }

// ContentParts is a multimodal message: TextContent and ImageContent parts
// in order. A message needs at least one part.
func ContentParts(parts ...MessageContent) Content {
	if parts == nil {
		parts = []MessageContent{}
	}
	return Content{kind: contentParts, parts: parts}
}

// ContentObject is a thread summary object; nil is None.
func ContentObject(m map[string]any) Content {
	if m == nil {
		return Content{}
	}
	return Content{kind: contentObject, object: m}
}

// ContentBytes is an image (PNG, JPEG or WebP bytes; the mime type goes in
// metadata["image_mime_type"]). It travels as base64.
func ContentBytes(b []byte) Content { return Content{kind: contentBytes, bytes: b} }

// IsNone reports whether c is None.
func (c Content) IsNone() bool { return c.kind == contentNone }

// TextValue returns the text and true for text content.
func (c Content) TextValue() (string, bool) { return c.text, c.kind == contentText }

// Parts returns the message parts of parts content, else nil.
func (c Content) Parts() []MessageContent { return c.parts }

// Object returns the summary object of object content, else nil.
func (c Content) Object() map[string]any { return c.object }

// Bytes returns the image bytes of bytes content, else nil.
func (c Content) Bytes() []byte { return c.bytes }

// MarshalJSON writes null, a string, a list of parts, an object or base64.
func (c Content) MarshalJSON() ([]byte, error) {
	switch c.kind {
	case contentText:
		return json.Marshal(c.text)
	case contentParts:
		return json.Marshal(c.parts)
	case contentObject:
		return json.Marshal(c.object)
	case contentBytes:
		return json.Marshal(c.bytes)
	}
	return []byte("null"), nil
}

// UnmarshalJSON reads null, a string (text: a request for an image holds
// base64, which the caller turns into bytes), a list of parts or an
// object.
func (c *Content) UnmarshalJSON(data []byte) error {
	switch kindOf(data) {
	case 'n':
		*c = Content{}
	case '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*c = ContentText(s)
	case '[':
		parts, err := decodeParts(data, modeRequest)
		if err != nil {
			return err
		}
		*c = ContentParts(parts...)
	case '{':
		m, err := decodeObject(data)
		if err != nil {
			return err
		}
		*c = ContentObject(m)
	default:
		return fmt.Errorf("content %s is not a string, a list of parts, an object or null", abbreviate(data))
	}
	return nil
}

type indexKind uint8

const (
	indexNone indexKind = iota
	indexString
	indexChunks
)

// IndexText is the retrieval text of one record (the seed's index_texts
// entry and update's index_text), apart from its content. The zero value is
// None: on Add, "use the record's content" (R4); on Update, "clear the
// retrieval rows" (U7).
type IndexText struct {
	kind   indexKind
	text   string
	chunks []string
}

// IndexString is retrieval text that the store chunks with its chunking
// configuration (R2). "" gives no retrieval text (R5).
func IndexString(s string) IndexText { return IndexText{kind: indexString, text: s} }

// IndexChunks are caller-owned chunks, one retrieval row each, never split
// again (R3). Chunks must not be empty strings; no chunks gives no retrieval
// text (R5).
func IndexChunks(chunks ...string) IndexText {
	if chunks == nil {
		chunks = []string{}
	}
	return IndexText{kind: indexChunks, chunks: chunks}
}

// IsNone reports whether x is None.
func (x IndexText) IsNone() bool { return x.kind == indexNone }

// StringValue returns the text and true for IndexString.
func (x IndexText) StringValue() (string, bool) { return x.text, x.kind == indexString }

// Chunks returns the chunks and true for IndexChunks.
func (x IndexText) Chunks() ([]string, bool) { return x.chunks, x.kind == indexChunks }

// MarshalJSON writes null, a string or a list of strings.
func (x IndexText) MarshalJSON() ([]byte, error) {
	switch x.kind {
	case indexString:
		return json.Marshal(x.text)
	case indexChunks:
		return json.Marshal(x.chunks)
	}
	return []byte("null"), nil
}

// UnmarshalJSON reads null, a string or a list of strings.
func (x *IndexText) UnmarshalJSON(data []byte) error {
	switch kindOf(data) {
	case 'n':
		*x = IndexText{}
	case '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*x = IndexString(s)
	case '[':
		var chunks []string
		if err := json.Unmarshal(data, &chunks); err != nil {
			return err
		}
		*x = IndexChunks(chunks...)
	default:
		return fmt.Errorf("index text %s is not a string, a list of strings or null", abbreviate(data))
	}
	return nil
}

type embeddingKind uint8

const (
	embeddingNone embeddingKind = iota
	embeddingOne
	embeddingMany
)

// Embedding is the explicit vector payload of one record (the seed's
// embeddings entry and update's embedding). The zero value is None: on Add,
// the store derives vectors (R13); on Update, rows are kept or rewritten
// without vectors (U11).
type Embedding struct {
	kind embeddingKind
	one  []float32
	many [][]float32
}

// SingleVector is one vector for the record's whole retrieval text, which the
// store then does not split (R9). An empty v is the empty payload, as
// ChunkVectors().
func SingleVector(v []float32) Embedding {
	if len(v) == 0 {
		return ChunkVectors()
	}
	return Embedding{kind: embeddingOne, one: v}
}

// ChunkVectors is one vector per caller-owned chunk, in order (R10): the
// record's index text must be IndexChunks with as many chunks. No vectors
// is the empty payload, allowed only for a record without retrieval text
// (R11).
func ChunkVectors(vs ...[]float32) Embedding {
	if vs == nil {
		vs = [][]float32{}
	}
	return Embedding{kind: embeddingMany, many: vs}
}

// IsNone reports whether e is None.
func (e Embedding) IsNone() bool { return e.kind == embeddingNone }

// Vectors returns the vectors: one for SingleVector, one per chunk for
// ChunkVectors, nil for None.
func (e Embedding) Vectors() [][]float32 {
	switch e.kind {
	case embeddingOne:
		return [][]float32{e.one}
	case embeddingMany:
		return e.many
	}
	return nil
}

// MarshalJSON writes null, a list of numbers, or a list of lists. Numbers
// are written as encoding/json writes a float32 (the shortest form that
// reads back as the same float32), without its per-element reflection:
// vectors are most of the bytes of an add.
func (e Embedding) MarshalJSON() ([]byte, error) { return e.appendJSON(nil) }

func (e Embedding) appendJSON(b []byte) ([]byte, error) {
	switch e.kind {
	case embeddingOne:
		return appendVector(b, e.one)
	case embeddingMany:
		b = append(b, '[')
		for i, v := range e.many {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendVector(b, v); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	}
	return append(b, "null"...), nil
}

// appendVector appends v as a JSON array of numbers.
func appendVector(b []byte, v []float32) ([]byte, error) {
	b = append(b, '[')
	for i, x := range v {
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("vector value %v is not a finite number", x)
		}
		if i > 0 {
			b = append(b, ',')
		}
		// encoding/json's float format: exponent form only for very small
		// or very large values, with e-09 written e-9.
		format := byte('f')
		if abs := float32(math.Abs(f)); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
			format = 'e'
		}
		b = strconv.AppendFloat(b, f, format, -1, 32)
		if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads null, [] (no vectors), a list of numbers (one vector)
// or a list of lists (one per chunk).
func (e *Embedding) UnmarshalJSON(data []byte) error {
	switch kindOf(data) {
	case 'n':
		*e = Embedding{}
		return nil
	case '[':
	default:
		return fmt.Errorf("embedding %s is not a list of numbers, a list of lists or null", abbreviate(data))
	}
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil {
		return err
	}
	if len(items) == 0 || kindOf(items[0]) == '[' {
		var many [][]float32
		if err := json.Unmarshal(data, &many); err != nil {
			return err
		}
		*e = ChunkVectors(many...)
		return nil
	}
	var one []float32
	if err := json.Unmarshal(data, &one); err != nil {
		return err
	}
	*e = SingleVector(one)
	return nil
}
