package transfer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// This file maps the Go client's records and relations to lines and lines
// back to what the client adds. It encodes only: every record rule is the
// package's, checked when the line is imported.

const day = 24 * time.Hour

// FromRecord returns the line of a record read with image bytes. ok is
// false for an image that is a part of a message: its message's line
// carries it.
func FromRecord(rec agentmemory.Record) (l *Record, ok bool, err error) {
	c := rec.Common()
	l = &Record{Kind: Kind(c.Type), ID: c.ID, Status: string(c.Status)}
	if c.Metadata != nil {
		if l.Metadata, err = marshal(c.Metadata); err != nil {
			return nil, false, err
		}
	}
	if ts, set := c.EventTimestamp.Get(); set {
		ts = ts.UTC()
		l.Timestamp = &ts
	}
	if s, scoped := rec.(agentmemory.ScopedRecord); scoped {
		sc := s.RecordScope()
		l.ThreadID, l.UserID, l.AgentID = sc.ThreadID, sc.UserID, sc.AgentID
	}
	var content any
	switch r := rec.(type) {
	case *agentmemory.MemoryRecord:
		content, l.TTL = optional(r.Content), ttlOf(c)
	case *agentmemory.FactRecord:
		content, l.TTL = optional(r.Content), ttlOf(c)
	case *agentmemory.GuidelineRecord:
		content, l.TTL = optional(r.Content), ttlOf(c)
	case *agentmemory.PreferenceRecord:
		content, l.TTL = optional(r.Content), ttlOf(c)
	case *agentmemory.ThreadRecord:
		l.ThreadID = "" // a thread's scope thread is its own id
		content = optional(r.Content)
	case *agentmemory.MessageRecord:
		l.Role, l.TTL = r.Role, ttlOf(c)
		content = r.Content
		if r.Parts != nil {
			if content, err = partsOf(r.Parts); err != nil {
				return nil, false, fmt.Errorf("message %s: %w", c.ID, err)
			}
		}
	case *agentmemory.ThreadSummaryRecord:
		if r.Content != nil {
			content = r.Content
		}
	case *agentmemory.ImageRecord:
		if r.MessageID != "" {
			return nil, false, nil
		}
		if r.Bytes == nil {
			return nil, false, fmt.Errorf("image %s: read without its bytes", c.ID)
		}
		content, l.MimeType, l.Bytes, l.TTL = optional(r.Description), string(r.MimeType), r.Bytes, ttlOf(c)
	case *agentmemory.UserProfileRecord:
		content = r.Content
	case *agentmemory.AgentProfileRecord:
		content = r.Content
	default:
		return nil, false, fmt.Errorf("record %s: unknown record type %T", c.ID, rec)
	}
	if l.Content, err = marshal(content); err != nil {
		return nil, false, err
	}
	return l, true, nil
}

// optional is o's value, or nil (null) for None.
func optional(o agentmemory.Optional[string]) any {
	if v, ok := o.Get(); ok {
		return v
	}
	return nil
}

// ttlOf carries a record's expiry as days from an anchor, the only way an
// add can set it (docs/import-export.md, "Expiry"): whole days from
// CREATED_AT when the expiry is that (what ttl_days with the default anchor
// stores); else whole days from the event timestamp when it is that (the
// import then restores the same instant); else the remaining lifetime from
// creation, rounded up to whole days, counted again from the import.
func ttlOf(c *agentmemory.RecordCommon) *TTL {
	exp, expires := c.ExpiresAt.Get()
	if !expires {
		return &TTL{}
	}
	if d, whole := wholeDays(exp.Sub(c.CreatedAt)); whole {
		return &TTL{Days: &d, Anchor: string(agentmemory.TTLFromCreatedAt)}
	}
	if ts, ok := c.EventTimestamp.Get(); ok {
		if d, whole := wholeDays(exp.Sub(ts)); whole {
			return &TTL{Days: &d, Anchor: string(agentmemory.TTLFromTimestamp)}
		}
	}
	d := max(1, int(math.Ceil(float64(exp.Sub(c.CreatedAt))/float64(day))))
	return &TTL{Days: &d, Anchor: string(agentmemory.TTLFromCreatedAt)}
}

// wholeDays returns d in days when it is a positive whole number of days.
func wholeDays(d time.Duration) (int, bool) {
	if d <= 0 || d%day != 0 {
		return 0, false
	}
	return int(d / day), true
}

func partsOf(parts []agentmemory.MessageContent) ([]Part, error) {
	out := make([]Part, len(parts))
	for i, p := range parts {
		switch p := p.(type) {
		case agentmemory.TextContent:
			text := p.Text
			out[i] = Part{Type: "text", ID: p.ID, Text: &text, Timestamp: p.Timestamp}
		case agentmemory.ImageContent:
			if p.Bytes == nil {
				return nil, fmt.Errorf("image part %s: read without its bytes", p.ID)
			}
			desc, err := marshal(optional(p.Description))
			if err != nil {
				return nil, err
			}
			out[i] = Part{Type: "image", ID: p.ID, MimeType: string(p.MimeType), Description: desc, Bytes: p.Bytes, Timestamp: p.Timestamp}
		default:
			return nil, fmt.Errorf("part %d: unknown part type %T", i, p)
		}
	}
	return out, nil
}

// FromRelation returns the line of a relation.
func FromRelation(r agentmemory.Relation) (*Relation, error) {
	l := &Relation{Kind: KindRelation, ID: r.ID, SourceType: string(r.Source.Type), SourceID: r.Source.ID,
		TargetType: string(r.Target.Type), TargetID: r.Target.ID, RelationType: string(r.Type),
		OppositeType: string(r.OppositeType)}
	if !r.Timestamp.IsZero() {
		ts := r.Timestamp.UTC()
		l.Timestamp = &ts
	}
	if r.Metadata != nil {
		var err error
		if l.Metadata, err = marshal(r.Metadata); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// marshal encodes v compactly without escaping <, > and &, so text stays
// readable in the file.
func marshal(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.TrimRight(b.Bytes(), "\n")), nil
}
