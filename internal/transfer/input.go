package transfer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// Input returns what Store.Add writes for the line: the record with its id,
// scope, content, metadata, status, event timestamp and expiry. A content
// of the wrong JSON shape for the kind is an error naming the line's key;
// values are left to the package.
func (l *Record) Input() (agentmemory.RecordInput, error) {
	meta, err := l.metadata()
	if err != nil {
		return nil, err
	}
	var ts time.Time
	if l.Timestamp != nil {
		ts = *l.Timestamp
	}
	status := agentmemory.RecordStatus(l.Status)
	days, anchor := l.ttl()
	switch l.Kind {
	case "memory", "fact", "guideline", "preference":
		text, _, err := l.text()
		if err != nil {
			return nil, err
		}
		return agentmemory.Memory{Type: agentmemory.RecordType(l.Kind), ID: l.ID, Text: text, ThreadID: l.ThreadID,
			UserID: l.UserID, AgentID: l.AgentID, Timestamp: ts, Metadata: meta, TTLDays: days, TTLAnchor: anchor,
			Status: status}, nil
	case "thread":
		text, _, err := l.text()
		if err != nil {
			return nil, err
		}
		return agentmemory.NewThread{ID: l.ID, UserID: l.UserID, AgentID: l.AgentID, Text: text, Timestamp: ts,
			Metadata: meta, Status: status}, nil
	case "message":
		m := agentmemory.Message{ID: l.ID, ThreadID: l.ThreadID, UserID: l.UserID, AgentID: l.AgentID, Role: l.Role,
			Timestamp: ts, Metadata: meta, TTLDays: days, TTLAnchor: anchor, Status: status}
		if bytes.HasPrefix(bytes.TrimSpace(l.Content), []byte("[")) {
			m.Parts, err = l.parts()
		} else {
			m.Text, _, err = l.text()
		}
		return m, err
	case "thread_summary":
		s := agentmemory.Summary{ID: l.ID, ThreadID: l.ThreadID, UserID: l.UserID, AgentID: l.AgentID, Timestamp: ts,
			Metadata: meta, Status: status}
		if !isNull(l.Content) {
			if err := decodeNumbers(l.Content, &s.Object); err != nil || s.Object == nil {
				return nil, fmt.Errorf("content of a thread_summary must be a JSON object or null")
			}
		}
		return s, nil
	case "image":
		desc, _, err := l.text()
		if err != nil {
			return nil, err
		}
		return agentmemory.Image{ID: l.ID, ThreadID: l.ThreadID, UserID: l.UserID, AgentID: l.AgentID, Bytes: l.Bytes,
			MimeType: agentmemory.ImageMimeType(l.MimeType), Description: desc, Timestamp: ts, Metadata: meta,
			TTLDays: days, TTLAnchor: anchor, Status: status}, nil
	case "user_profile", "agent_profile":
		text, _, err := l.text()
		if err != nil {
			return nil, err
		}
		if l.Kind == "agent_profile" {
			return agentmemory.AgentProfile{ID: l.ID, Information: text, Metadata: meta}, nil
		}
		return agentmemory.UserProfile{ID: l.ID, Information: text, Metadata: meta}, nil
	}
	return nil, fmt.Errorf("kind %q is not a record type", l.Kind)
}

// ttl returns the expiry as the add's ttl_days and ttl_anchor: no "ttl"
// key omits both (the store's default), days null is None (never, or the
// store's maximum).
func (l *Record) ttl() (agentmemory.Optional[int], agentmemory.TTLAnchor) {
	if l.TTL == nil {
		return agentmemory.Omit[int](), ""
	}
	if l.TTL.Days == nil {
		return agentmemory.None[int](), ""
	}
	return agentmemory.Some(*l.TTL.Days), agentmemory.TTLAnchor(l.TTL.Anchor)
}

// text returns a string or null content; null is "" with ok false.
func (l *Record) text() (s string, ok bool, err error) {
	if isNull(l.Content) {
		return "", false, nil
	}
	if err := json.Unmarshal(l.Content, &s); err != nil {
		return "", false, fmt.Errorf("content of a %s must be a string or null", l.Kind)
	}
	return s, true, nil
}

func (l *Record) metadata() (map[string]any, error) {
	if len(l.Metadata) == 0 {
		return nil, nil
	}
	var m map[string]any
	if err := decodeNumbers(l.Metadata, &m); err != nil || m == nil {
		return nil, fmt.Errorf("metadata must be a JSON object")
	}
	return m, nil
}

func (l *Record) parts() ([]agentmemory.MessageContent, error) {
	var ps []Part
	if err := json.Unmarshal(l.Content, &ps); err != nil {
		return nil, fmt.Errorf("content of a message must be a string or a list of parts: %v", err)
	}
	out := make([]agentmemory.MessageContent, len(ps))
	for i, p := range ps {
		switch p.Type {
		case "text":
			if p.Text == nil {
				return nil, fmt.Errorf("content[%d]: a text part needs \"text\"", i)
			}
			out[i] = agentmemory.TextContent{ID: p.ID, Text: *p.Text, Timestamp: p.Timestamp}
		case "image":
			ic := agentmemory.ImageContent{ID: p.ID, MimeType: agentmemory.ImageMimeType(p.MimeType), Bytes: p.Bytes,
				Timestamp: p.Timestamp}
			if len(p.Description) > 0 {
				if err := json.Unmarshal(p.Description, &ic.Description); err != nil {
					return nil, fmt.Errorf("content[%d]: description must be a string or null", i)
				}
			}
			out[i] = ic
		default:
			return nil, fmt.Errorf("content[%d]: part type %q is neither text nor image", i, p.Type)
		}
	}
	return out, nil
}

// Input returns what Store.AddRelations writes for the line.
func (l *Relation) Input() (agentmemory.Relation, error) {
	r := agentmemory.Relation{ID: l.ID, Source: agentmemory.RecordRef{Type: agentmemory.RecordType(l.SourceType), ID: l.SourceID},
		Target: agentmemory.RecordRef{Type: agentmemory.RecordType(l.TargetType), ID: l.TargetID},
		Type:   agentmemory.RelationType(l.RelationType), OppositeType: agentmemory.RelationType(l.OppositeType)}
	if l.Timestamp != nil {
		r.Timestamp = *l.Timestamp
	}
	if len(l.Metadata) > 0 {
		if err := decodeNumbers(l.Metadata, &r.Metadata); err != nil || r.Metadata == nil {
			return r, fmt.Errorf("metadata must be a JSON object")
		}
	}
	return r, nil
}

func isNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || bytes.Equal(t, []byte("null"))
}

// decodeNumbers decodes JSON with numbers as json.Number, so integers of
// any size keep their digits through a round trip.
func decodeNumbers(raw []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	return d.Decode(v)
}

// Followup returns the update that sets what the client's profile inputs
// cannot carry to add_records (UserProfile and AgentProfile have no status
// and no event timestamp): nil when the profile is VALID (the default of
// every write) and has no event timestamp. The importer runs it in the same
// transaction as the add.
func (l *Record) Followup() *agentmemory.UpdateRequest {
	if l.Kind != "user_profile" && l.Kind != "agent_profile" {
		return nil
	}
	u := agentmemory.UpdateRequest{RecordType: agentmemory.RecordType(l.Kind), RecordID: l.ID}
	need := false
	if l.Status != "" && !strings.EqualFold(l.Status, string(agentmemory.RecordValid)) {
		u.Status, need = agentmemory.RecordStatus(l.Status), true
	}
	if l.Timestamp != nil {
		u.Timestamp, need = agentmemory.Some(*l.Timestamp), true
	}
	if !need {
		return nil
	}
	return &u
}
