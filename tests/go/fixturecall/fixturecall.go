// Package fixturecall runs a golden fixture request of the record and
// relation calls (tests/go/testdata/contract/<op>/) through the Go client: it
// turns the protocol's JSON (per-field lists, docs/protocol-records.md,
// docs/protocol-relations.md) into the Go values a caller writes
// (agentmemory.Memory, Message, Relation, ...) and calls the Store method
// (relations.go for the relation calls, threads.go for the thread calls). The unit tests (goclient, against a fake driver) and the
// live tests (tests/go, against the package) share it, so both test the
// same path from Go values to the request.
package fixturecall

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// Call runs the Store method op maps to with the fixture request and returns
// its result as the package's response JSON. seqNo, when not nil, maps the
// k-th message of the dataset to its seq_no (list_thread_messages bounds).
func Call(ctx context.Context, s *agentmemory.Store, op string, request []byte, seqNo func(int64) int64) ([]byte, error) {
	var res any
	var err error
	switch op {
	case "add_records":
		recs, derr := Records(request)
		if derr != nil {
			return nil, derr
		}
		res, err = s.Add(ctx, recs...)
	case "add_user", "add_agent":
		var w struct {
			UserID      string         `json:"user_id"`
			AgentID     string         `json:"agent_id"`
			Information string         `json:"information"`
			Metadata    map[string]any `json:"metadata"`
		}
		if err := strict(request, &w); err != nil {
			return nil, err
		}
		if op == "add_user" {
			res, err = s.AddUser(ctx, agentmemory.Profile{ID: w.UserID, Information: w.Information, Metadata: w.Metadata})
		} else {
			res, err = s.AddAgent(ctx, agentmemory.Profile{ID: w.AgentID, Information: w.Information, Metadata: w.Metadata})
		}
	case "get_record":
		var w struct {
			RecordType   agentmemory.RecordType `json:"record_type"`
			RecordID     string                 `json:"record_id"`
			IncludeBytes bool                   `json:"include_bytes"`
		}
		if err := strict(request, &w); err != nil {
			return nil, err
		}
		rec, gerr := s.Get(ctx, w.RecordType, w.RecordID, agentmemory.GetOptions{IncludeBytes: w.IncludeBytes})
		if gerr != nil && isNotFound(gerr) {
			// The package's {"record": null}: the client's ErrNotFound.
			return []byte(`{"record":null}`), nil
		}
		res, err = map[string]any{"record": rec}, gerr
	case "list_records":
		var r agentmemory.ListRequest
		if err := strict(request, &r); err != nil {
			return nil, err
		}
		recs, lerr := s.List(ctx, r)
		res, err = map[string]any{"records": recs}, lerr
	case "list_thread_messages":
		var r agentmemory.ListThreadMessagesRequest
		if err := strict(request, &r); err != nil {
			return nil, err
		}
		if seqNo != nil {
			for _, p := range []**int64{&r.From, &r.To} {
				if *p != nil {
					v := seqNo(**p)
					*p = &v
				}
			}
		}
		msgs, lerr := s.ListThreadMessages(ctx, r)
		res, err = map[string]any{"records": msgs}, lerr
	case "update_record":
		r, derr := Update(request)
		if derr != nil {
			return nil, derr
		}
		res, err = s.Update(ctx, r)
	case "delete_record":
		var w struct {
			RecordType agentmemory.RecordType `json:"record_type"`
			RecordID   string                 `json:"record_id"`
			Cascade    bool                   `json:"cascade"`
		}
		if err := strict(request, &w); err != nil {
			return nil, err
		}
		n, derr := s.Delete(ctx, w.RecordType, w.RecordID, agentmemory.DeleteOptions{Cascade: w.Cascade})
		res, err = map[string]any{"deleted": n}, derr
	case "delete_thread":
		var w struct {
			ThreadID string `json:"thread_id"`
		}
		if err := strict(request, &w); err != nil {
			return nil, err
		}
		n, derr := s.DeleteThread(ctx, w.ThreadID)
		res, err = map[string]any{"deleted": n}, derr
	default:
		if IsRelationOp(op) {
			return callRelation(ctx, s, op, request)
		}
		if IsThreadOp(op) {
			return callThread(ctx, s, op, request)
		}
		return nil, fmt.Errorf("no client call for %s", op)
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

func isNotFound(err error) bool {
	var e *agentmemory.Error
	return errors.As(err, &e) && e.Name == "NOT_FOUND"
}

// strict decodes data into out; an unknown key or a null for a Go value
// that cannot hold one is an error.
func strict(data []byte, out any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(out)
}

// Records decodes an add_records request (single batch or batches form) into
// the records a Go caller passes to Store.Add. batch_size has no Go
// counterpart and is ignored.
func Records(request []byte) ([]agentmemory.RecordInput, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(request, &top); err != nil {
		return nil, err
	}
	var batches []json.RawMessage // decoded into a fresh slice: RawMessage elements are overwritten in place
	if raw, ok := top["batches"]; ok {
		if err := json.Unmarshal(raw, &batches); err != nil {
			return nil, err
		}
	} else {
		batches = []json.RawMessage{request}
	}
	var out []agentmemory.RecordInput
	for b, raw := range batches {
		recs, err := batchRecords(raw)
		if err != nil {
			return nil, fmt.Errorf("batches[%d]: %w", b, err)
		}
		out = append(out, recs...)
	}
	return out, nil
}

// batchRecords decodes one batch: record i takes entry i of every list, or
// the scalar.
func batchRecords(raw []byte) ([]agentmemory.RecordInput, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keys); err != nil {
		return nil, err
	}
	var t agentmemory.RecordType
	if err := json.Unmarshal(keys["record_type"], &t); err != nil {
		return nil, fmt.Errorf("record_type: %w", err)
	}
	var contents []json.RawMessage
	if err := json.Unmarshal(keys["contents"], &contents); err != nil {
		return nil, fmt.Errorf("contents: %w", err)
	}
	at := func(key string, i int) (json.RawMessage, bool) {
		v, ok := keys[key]
		if !ok {
			return nil, false
		}
		if len(v) > 0 && v[0] == '[' && key != "contents" {
			var items []json.RawMessage
			if json.Unmarshal(v, &items) == nil && i < len(items) {
				return items[i], true
			}
			return nil, false
		}
		return v, true
	}
	str := func(key string, i int) (string, error) {
		v, ok := at(key, i)
		if !ok || string(v) == "null" {
			return "", nil
		}
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return "", err
		}
		if s == "" {
			return "", fmt.Errorf("\"\" has no Go counterpart (a zero field is left out)")
		}
		return s, nil
	}
	known := map[string]bool{"record_type": true, "contents": true, "record_ids": true, "thread_ids": true,
		"user_ids": true, "agent_ids": true, "roles": true, "timestamps": true, "metadata": true, "ttl_days": true,
		"ttl_anchor": true, "statuses": true, "index_texts": true, "embeddings": true, "batch_size": true}
	for k := range keys {
		if !known[k] {
			return nil, fmt.Errorf("key %q has no Go counterpart", k)
		}
	}
	out := make([]agentmemory.RecordInput, len(contents))
	for i := range contents {
		var f fields
		var err error
		for key, dst := range map[string]*string{"record_ids": &f.id, "thread_ids": &f.thread, "user_ids": &f.user,
			"agent_ids": &f.agent, "roles": &f.role, "ttl_anchor": &f.anchor, "statuses": &f.status} {
			if *dst, err = str(key, i); err != nil {
				return nil, fmt.Errorf("%s[%d]: %w", key, i, err)
			}
		}
		ts, err := str("timestamps", i)
		if err != nil {
			return nil, err
		}
		if f.timestamp, err = ParseTimestamp(ts); err != nil {
			return nil, fmt.Errorf("timestamps[%d]: %w", i, err)
		}
		if v, ok := at("metadata", i); ok && string(v) != "null" {
			if err := json.Unmarshal(v, &f.metadata); err != nil {
				return nil, fmt.Errorf("metadata[%d]: %w", i, err)
			}
		}
		if v, ok := at("ttl_days", i); ok {
			if err := json.Unmarshal(v, &f.ttl); err != nil {
				return nil, fmt.Errorf("ttl_days[%d]: %w", i, err)
			}
		}
		if v, ok := at("index_texts", i); ok {
			if err := json.Unmarshal(v, &f.index); err != nil {
				return nil, fmt.Errorf("index_texts[%d]: %w", i, err)
			}
		}
		if v, ok := at("embeddings", i); ok {
			if err := json.Unmarshal(v, &f.embedding); err != nil {
				return nil, fmt.Errorf("embeddings[%d]: %w", i, err)
			}
		}
		var c agentmemory.Content
		if err := json.Unmarshal(contents[i], &c); err != nil {
			return nil, fmt.Errorf("contents[%d]: %w", i, err)
		}
		if out[i], err = f.record(t, c); err != nil {
			return nil, fmt.Errorf("contents[%d]: %w", i, err)
		}
	}
	return out, nil
}

// fields are one record's per-record keys.
type fields struct {
	id, thread, user, agent, role, anchor, status string
	timestamp                                     time.Time
	metadata                                      map[string]any
	ttl                                           agentmemory.Optional[int]
	index                                         agentmemory.IndexText
	embedding                                     agentmemory.Embedding
}

// record builds the Go value of one record of type t with content c.
func (f fields) record(t agentmemory.RecordType, c agentmemory.Content) (agentmemory.RecordInput, error) {
	text, isText := c.TextValue()
	_, fallback := f.metadata["content"]
	lower := strings.ToLower(string(t))
	switch {
	case (lower == "thread" || lower == "thread_summary") && isText && text == "":
		return nil, fmt.Errorf("content \"\" has no Go counterpart for a %s (Text \"\" sends null)", t)
	case (lower != "thread" && lower != "thread_summary") && c.IsNone() && !fallback:
		return nil, fmt.Errorf("content null without metadata[\"content\"] has no Go counterpart for a %s (Text \"\" sends \"\")", t)
	case isText && text == "" && fallback:
		return nil, fmt.Errorf("content \"\" with metadata[\"content\"] has no Go counterpart (Text \"\" then sends null)")
	}
	anchor, status := agentmemory.TTLAnchor(f.anchor), agentmemory.RecordStatus(f.status)
	kindOK := map[string]bool{"thread": isText || c.IsNone(), "message": isText || c.IsNone() || c.Parts() != nil,
		"thread_summary": isText || c.IsNone() || c.Object() != nil, "image": isText}
	ok, listed := kindOK[lower]
	if !listed {
		ok = isText || c.IsNone() // memory-like (and profiles, refused below)
	}
	if !ok {
		return nil, fmt.Errorf("this content of a %s has no Go counterpart", t)
	}
	if f.role != "" && lower != "message" {
		return nil, fmt.Errorf("roles on a %s have no Go counterpart (only Message has a Role)", t)
	}
	if f.thread != "" && lower == "thread" {
		return nil, fmt.Errorf("thread_ids on a thread have no Go counterpart")
	}
	if !f.ttl.IsOmitted() && (lower == "thread" || lower == "thread_summary") {
		return nil, fmt.Errorf("ttl_days on a %s has no Go counterpart", t)
	}
	if f.anchor != "" && (lower == "thread" || lower == "thread_summary") {
		return nil, fmt.Errorf("ttl_anchor on a %s has no Go counterpart", t)
	}
	switch lower {
	case "memory", "fact", "guideline", "preference":
		if !c.IsNone() && !isText {
			return nil, fmt.Errorf("a %s takes text", t)
		}
		return agentmemory.Memory{Type: t, ID: f.id, Text: text, ThreadID: f.thread, UserID: f.user, AgentID: f.agent,
			Timestamp: f.timestamp, Metadata: f.metadata, TTLDays: f.ttl, TTLAnchor: anchor, Status: status,
			IndexText: f.index, Embedding: f.embedding}, nil
	case "message":
		return agentmemory.Message{ID: f.id, ThreadID: f.thread, UserID: f.user, AgentID: f.agent, Role: f.role,
			Text: text, Parts: c.Parts(), Timestamp: f.timestamp, Metadata: f.metadata, TTLDays: f.ttl,
			TTLAnchor: anchor, Status: status, IndexText: f.index, Embedding: f.embedding}, nil
	case "thread":
		return agentmemory.NewThread{ID: f.id, UserID: f.user, AgentID: f.agent, Text: text, Timestamp: f.timestamp,
			Metadata: f.metadata, Status: status, IndexText: f.index, Embedding: f.embedding}, nil
	case "thread_summary":
		return agentmemory.Summary{ID: f.id, ThreadID: f.thread, UserID: f.user, AgentID: f.agent, Object: c.Object(),
			Text: text, Timestamp: f.timestamp, Metadata: f.metadata, Status: status, IndexText: f.index,
			Embedding: f.embedding}, nil
	case "image":
		b, err := base64.StdEncoding.Strict().DecodeString(text)
		if err != nil {
			return nil, fmt.Errorf("image bytes: %w", err)
		}
		meta := f.metadata
		mime, _ := meta["image_mime_type"].(string)
		if mime != "" {
			meta = map[string]any{}
			for k, v := range f.metadata {
				if k != "image_mime_type" {
					meta[k] = v
				}
			}
			if len(meta) == 0 && len(f.metadata) == 1 {
				meta = nil
			}
		}
		desc, ok := f.index.StringValue()
		if (!ok && !f.index.IsNone()) || (ok && desc == "") {
			return nil, fmt.Errorf("an image's description is a non-empty string in Go (\"\" = none)")
		}
		return agentmemory.Image{ID: f.id, ThreadID: f.thread, UserID: f.user, AgentID: f.agent, Bytes: b,
			MimeType: agentmemory.ImageMimeType(mime), Description: desc, Timestamp: f.timestamp, Metadata: meta,
			TTLDays: f.ttl, TTLAnchor: anchor, Status: status, Embedding: f.embedding}, nil
	case "user_profile", "agent_profile":
		if f.thread != "" || f.user != "" || f.agent != "" || !f.ttl.IsOmitted() || f.anchor != "" || f.status != "" ||
			!f.timestamp.IsZero() {
			return nil, fmt.Errorf("scope, expiry, status or timestamp keys on a %s have no Go counterpart", t)
		}
		p := agentmemory.UserProfile{ID: f.id, Information: text, Metadata: f.metadata, IndexText: f.index, Embedding: f.embedding}
		if lower == "agent_profile" {
			return agentmemory.AgentProfile(p), nil
		}
		return p, nil
	}
	return nil, fmt.Errorf("record_type %q has no Go record value", t)
}

// ParseTimestamp reads the ISO-8601 forms the fixtures use; "" is the zero
// time.
func ParseTimestamp(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a timestamp Go can hold", s)
}

// Update decodes an update_record request into an UpdateRequest.
func Update(request []byte) (agentmemory.UpdateRequest, error) {
	var w struct {
		RecordType agentmemory.RecordType                `json:"record_type"`
		RecordID   string                                `json:"record_id"`
		Content    agentmemory.Optional[json.RawMessage] `json:"content"`
		Text       agentmemory.Optional[json.RawMessage] `json:"text"`
		IndexText  agentmemory.Optional[agentmemory.IndexText]
		Embedding  agentmemory.Optional[agentmemory.Embedding]
		Metadata   agentmemory.Optional[map[string]any]        `json:"metadata"`
		Timestamp  agentmemory.Optional[string]                `json:"timestamp"`
		TTLDays    agentmemory.Optional[int]                   `json:"ttl_days"`
		TTLAnchor  agentmemory.Optional[agentmemory.TTLAnchor] `json:"ttl_anchor"`
		Status     agentmemory.RecordStatus                    `json:"status"`
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(request, &keys); err != nil {
		return agentmemory.UpdateRequest{}, err
	}
	if v, ok := keys["status"]; ok && string(v) == "null" {
		return agentmemory.UpdateRequest{}, fmt.Errorf("status null has no Go counterpart")
	}
	// index_text and embedding under their protocol names.
	for from, to := range map[string]string{"index_text": "IndexText", "embedding": "Embedding"} {
		if v, ok := keys[from]; ok {
			keys[to] = v
			delete(keys, from)
		}
	}
	renamed, _ := json.Marshal(keys)
	if err := strict(renamed, &w); err != nil {
		return agentmemory.UpdateRequest{}, err
	}
	image := strings.EqualFold(string(w.RecordType), "image")
	content := func(o agentmemory.Optional[json.RawMessage]) (agentmemory.Optional[agentmemory.Content], error) {
		raw, ok := o.Get()
		if !ok {
			if o.IsNone() {
				return agentmemory.None[agentmemory.Content](), nil
			}
			return agentmemory.Optional[agentmemory.Content]{}, nil
		}
		var c agentmemory.Content
		if err := json.Unmarshal(raw, &c); err != nil {
			return agentmemory.Optional[agentmemory.Content]{}, err
		}
		if s, isText := c.TextValue(); isText && image {
			b, err := base64.StdEncoding.Strict().DecodeString(s)
			if err != nil {
				return agentmemory.Optional[agentmemory.Content]{}, err
			}
			c = agentmemory.ContentBytes(b)
		}
		return agentmemory.Some(c), nil
	}
	r := agentmemory.UpdateRequest{RecordType: w.RecordType, RecordID: w.RecordID, IndexText: w.IndexText,
		Embedding: w.Embedding, Metadata: w.Metadata, TTLDays: w.TTLDays, TTLAnchor: w.TTLAnchor, Status: w.Status}
	var err error
	if r.Content, err = content(w.Content); err != nil {
		return r, fmt.Errorf("content: %w", err)
	}
	if r.Text, err = content(w.Text); err != nil {
		return r, fmt.Errorf("text: %w", err)
	}
	if ts, ok := w.Timestamp.Get(); ok {
		t, err := ParseTimestamp(ts)
		if err != nil {
			return r, fmt.Errorf("timestamp: %w", err)
		}
		r.Timestamp = agentmemory.Some(t)
	} else if w.Timestamp.IsNone() {
		r.Timestamp = agentmemory.None[time.Time]()
	}
	return r, nil
}

// Canonical returns a request in the form two equal requests share: an
// add_records request as one flat list of records, each with the keys it
// gives (null entries are absence, but for ttl_days, whose null and absence
// differ), batches and batch_size dropped; timestamps in UTC; part types
// lower case. Relation requests as canonicalRelation says. Other requests as
// decoded, timestamps in UTC.
func Canonical(op string, request []byte) (any, error) {
	if IsRelationOp(op) {
		return canonicalRelation(op, request)
	}
	if IsThreadOp(op) {
		return canonicalThread(op, request)
	}
	var top map[string]any
	if err := json.Unmarshal(request, &top); err != nil {
		return nil, err
	}
	if op != "add_records" {
		if v, ok := top["metadata"]; ok && v == nil && (op == "add_user" || op == "add_agent") {
			delete(top, "metadata") // null is absence here
		}
		if ts, ok := top["timestamp"].(string); ok {
			t, err := ParseTimestamp(ts)
			if err != nil {
				return nil, err
			}
			top["timestamp"] = t.UTC().Format(time.RFC3339Nano)
		}
		return top, nil
	}
	batches := []any{top}
	if b, ok := top["batches"].([]any); ok {
		batches = b
	}
	var records []map[string]any
	for _, b := range batches {
		batch := b.(map[string]any)
		contents, _ := batch["contents"].([]any)
		for i, c := range contents {
			rec := map[string]any{"record_type": strings.ToLower(batch["record_type"].(string))}
			if parts, ok := c.([]any); ok {
				// Parts as the client's part types read and write them (keys
				// matched case-insensitively, absent text as "").
				raw, _ := json.Marshal(parts)
				var pc agentmemory.Content
				if json.Unmarshal(raw, &pc) == nil {
					again, _ := json.Marshal(pc)
					_ = json.Unmarshal(again, &c)
				}
			}
			if c != nil {
				rec["contents"] = lowerPartTypes(c)
			}
			for key, v := range batch {
				if key == "record_type" || key == "contents" || key == "batch_size" {
					continue
				}
				if list, ok := v.([]any); ok { // an aligned list; else a scalar for every record
					if i >= len(list) {
						continue // a short list: no entry for this record
					}
					v = list[i]
				}
				if key == "timestamps" && v != nil {
					t, err := ParseTimestamp(v.(string))
					if err != nil {
						return nil, err
					}
					v = t.UTC().Format(time.RFC3339Nano)
				}
				if v != nil || key == "ttl_days" {
					rec[key] = v
				}
			}
			records = append(records, rec)
		}
	}
	return records, nil
}

// lowerPartTypes lower-cases the type of message parts (matched
// case-insensitively by the package).
func lowerPartTypes(c any) any {
	parts, ok := c.([]any)
	if !ok {
		return c
	}
	for _, p := range parts {
		if m, ok := p.(map[string]any); ok {
			if t, ok := m["type"].(string); ok {
				m["type"] = strings.ToLower(t)
			}
		}
	}
	return parts
}
