// Package transfer is the file format of `agentmem export` and `agentmem
// import` (docs/import-export.md): JSON Lines, one object per line with a
// "kind", a versioned header first and an end line with the counts last,
// kinds in an order that lets an import add every line after what it names.
//
// This package reads and writes lines and checks the file's structure
// (header, kinds, order, end line). It checks no record rule: the store's
// package does that when the lines are imported.
package transfer

import (
	"encoding/json"
	"fmt"
	"time"
)

// FormatName and Version identify the file format in its header line. A
// reader refuses another name and a newer version.
const (
	FormatName = "agentmem-export"
	Version    = 1
)

// Kind is the "kind" of a line: header, end, relation, or a record type.
type Kind string

const (
	KindHeader   Kind = "header"
	KindEnd      Kind = "end"
	KindRelation Kind = "relation"
)

// DataKinds lists the kinds of data lines in file order: a line may name
// only what lines of its own or an earlier kind hold (messages name
// threads, summaries name threads, relations name memory-like records).
var DataKinds = []Kind{
	"user_profile", "agent_profile", "thread", "message", "memory", "fact", "guideline", "preference",
	"thread_summary", "image", KindRelation,
}

// rank returns the position of k in DataKinds, or -1.
func rank(k Kind) int {
	for i, d := range DataKinds {
		if d == k {
			return i
		}
	}
	return -1
}

// Header is the first line of a file.
type Header struct {
	Kind    Kind   `json:"kind"`
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Vectors is always false in version 1: the Go client cannot read
	// stored vectors, so a file carries none (docs/import-export.md).
	Vectors bool `json:"vectors"`
}

// NewHeader returns the header of a version-1 file.
func NewHeader() Header { return Header{Kind: KindHeader, Format: FormatName, Version: Version} }

// End is the last line of a file: the number of data lines of each kind,
// so that a truncated file is refused before anything is imported.
type End struct {
	Kind   Kind           `json:"kind"`
	Counts map[Kind]int64 `json:"counts"`
}

// TTL is how a record's expiry is carried: Days nil means the record never
// expires; otherwise Days counted from Anchor ("CREATED_AT": the time of
// the import; "TIMESTAMP": the record's event timestamp).
type TTL struct {
	Days   *int   `json:"days"`
	Anchor string `json:"anchor,omitempty"`
}

// Part is one content part of a message.
type Part struct {
	Type        string          `json:"type"`
	ID          string          `json:"id,omitempty"`
	Text        *string         `json:"text,omitempty"`
	MimeType    string          `json:"mime_type,omitempty"`
	Description json.RawMessage `json:"description,omitempty"` // a string or null; absent: none given
	Bytes       []byte          `json:"bytes,omitempty"`
	Timestamp   string          `json:"timestamp,omitempty"`
}

// Record is a record line. Content is the record's content as JSON: a
// string or null (text records), an object or null (summaries), a list of
// parts (multimodal messages). Metadata is a JSON object, absent when the
// record has none (an empty object is metadata).
type Record struct {
	Kind      Kind            `json:"kind"`
	ID        string          `json:"id"`
	ThreadID  string          `json:"thread_id,omitempty"`
	UserID    string          `json:"user_id,omitempty"`
	AgentID   string          `json:"agent_id,omitempty"`
	Role      string          `json:"role,omitempty"`
	Content   json.RawMessage `json:"content"`
	MimeType  string          `json:"mime_type,omitempty"`
	Bytes     []byte          `json:"bytes,omitempty"`
	Metadata  json.RawMessage `json:"metadata,omitempty"`
	Status    string          `json:"status"`
	Timestamp *time.Time      `json:"timestamp,omitempty"` // the event timestamp, UTC
	TTL       *TTL            `json:"ttl,omitempty"`       // absent for types that never expire
}

// Relation is a relation line.
type Relation struct {
	Kind         Kind            `json:"kind"`
	ID           string          `json:"id"`
	SourceType   string          `json:"source_type"`
	SourceID     string          `json:"source_id"`
	TargetType   string          `json:"target_type"`
	TargetID     string          `json:"target_id"`
	RelationType string          `json:"relation_type"`
	OppositeType string          `json:"opposite_type,omitempty"`
	Timestamp    *time.Time      `json:"timestamp,omitempty"`
	Metadata     json.RawMessage `json:"metadata,omitempty"`
}

// Line is one decoded data line: Record or Relation is set.
type Line struct {
	No       int64 // 1-based line number in the file
	Kind     Kind
	Record   *Record
	Relation *Relation
}

// LineError is a line the reader refuses, named by its number.
type LineError struct {
	Line int64
	Msg  string
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }
