package agentmemory

import (
	"encoding/json"
	"fmt"
	"slices"
)

// The add_records encoder: records as values in, the protocol's per-field
// lists out (docs/protocol-records.md §3.1). A run of records of one type
// becomes one batch; a key is sent when some record of the batch gives it, as
// a list with null for the records that do not (null and omitted mean the
// same for every key but ttl_days, whose omitted is the store default and
// whose null is "the maximum, or never": a record with TTLDays omitted
// therefore starts a new batch when its neighbours give one). Several
// batches use the batches form, still one atomic call.

// encodeAdd writes the add_records request for items.
func encodeAdd(items []addItem) ([]byte, error) {
	batches := splitBatches(items)
	if len(batches) == 1 {
		return appendBatch(nil, batches[0])
	}
	b := append(make([]byte, 0, 256), `{"batches":[`...)
	for i, batch := range batches {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendBatch(b, batch); err != nil {
			return nil, fmt.Errorf("batches[%d]: %w", i, err)
		}
	}
	return append(b, "]}"...), nil
}

// splitBatches cuts items into runs of one record type and one ttl_days
// state (omitted or not). No items give one empty batch: contents [].
func splitBatches(items []addItem) [][]addItem {
	if len(items) == 0 {
		return [][]addItem{nil}
	}
	var out [][]addItem
	start := 0
	for i := 1; i <= len(items); i++ {
		if i == len(items) || items[i].typ != items[start].typ ||
			items[i].ttlDays.IsOmitted() != items[start].ttlDays.IsOmitted() {
			out = append(out, items[start:i])
			start = i
		}
	}
	return out
}

// batchWire is one batch as JSON; nil columns are left out.
type batchWire struct {
	RecordType RecordType       `json:"record_type"`
	Contents   []Content        `json:"contents"`
	IndexTexts []IndexText      `json:"index_texts,omitempty"`
	RecordIDs  []any            `json:"record_ids,omitempty"`
	ThreadIDs  []any            `json:"thread_ids,omitempty"`
	UserIDs    []any            `json:"user_ids,omitempty"`
	AgentIDs   []any            `json:"agent_ids,omitempty"`
	Roles      []any            `json:"roles,omitempty"`
	Timestamps []any            `json:"timestamps,omitempty"`
	Metadata   []map[string]any `json:"metadata,omitempty"`
	TTLDays    []Optional[int]  `json:"ttl_days,omitempty"`
	TTLAnchor  []any            `json:"ttl_anchor,omitempty"`
	Statuses   []any            `json:"statuses,omitempty"`
}

// column returns one entry per item, nil (left out) when no item gives one.
func column[T comparable](items []addItem, get func(*addItem) T) []any {
	var zero T
	var out []any
	for i := range items {
		if v := get(&items[i]); v != zero {
			if out == nil {
				out = make([]any, len(items))
			}
			out[i] = v
		}
	}
	return out
}

// appendBatch appends one batch. The embeddings, most of the bytes of an add
// with vectors, are appended directly: through encoding/json a Marshaler's
// output is scanned again.
func appendBatch(b []byte, items []addItem) ([]byte, error) {
	w := batchWire{Contents: make([]Content, len(items))}
	if len(items) > 0 {
		w.RecordType = items[0].typ
	}
	hasIndex, hasMeta, hasEmbedding := false, false, false
	for i := range items {
		it := &items[i]
		w.Contents[i] = it.content
		hasIndex = hasIndex || !it.index.IsNone()
		hasMeta = hasMeta || it.metadata != nil
		hasEmbedding = hasEmbedding || !it.embedding.IsNone()
	}
	w.RecordIDs = column(items, func(it *addItem) string { return it.id })
	w.ThreadIDs = column(items, func(it *addItem) string { return it.thread })
	w.UserIDs = column(items, func(it *addItem) string { return it.user })
	w.AgentIDs = column(items, func(it *addItem) string { return it.agent })
	w.Roles = column(items, func(it *addItem) string { return it.role })
	w.TTLAnchor = column(items, func(it *addItem) TTLAnchor { return it.ttlAnchor })
	w.Statuses = column(items, func(it *addItem) RecordStatus { return it.status })
	w.Timestamps = column(items, func(it *addItem) utcTime {
		if it.timestamp.IsZero() {
			return utcTime{}
		}
		return utcTime(it.timestamp)
	})
	if hasIndex {
		w.IndexTexts = make([]IndexText, len(items))
		for i := range items {
			w.IndexTexts[i] = items[i].index
		}
	}
	if hasMeta {
		w.Metadata = make([]map[string]any, len(items))
		for i := range items {
			w.Metadata[i] = items[i].metadata
		}
	}
	if len(items) > 0 && !items[0].ttlDays.IsOmitted() {
		w.TTLDays = make([]Optional[int], len(items))
		for i := range items {
			w.TTLDays[i] = items[i].ttlDays
		}
	}
	head, err := marshalNoEscape(w)
	if err != nil || !hasEmbedding {
		return append(b, head...), err
	}
	need := len(head) + 16 // a float32 takes at most 15 bytes, usually about 10
	for i := range items {
		for _, v := range items[i].embedding.Vectors() {
			need += 11*len(v) + 3
		}
	}
	b = slices.Grow(b, need)
	b = append(b, head[:len(head)-1]...) // without the closing brace
	b = append(b, `,"embeddings":[`...)
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = items[i].embedding.appendJSON(b); err != nil {
			return nil, fmt.Errorf("embeddings[%d]: %w", i, err)
		}
	}
	return append(b, "]}"...), nil
}

// marshalNoEscape is json.Marshal without escaping <, > and & (the package
// reads them either way; escaped they take six bytes).
func marshalNoEscape(v any) ([]byte, error) {
	var buf jsonBuffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.b[:len(buf.b)-1], nil // without Encode's newline
}

// jsonBuffer is a minimal io.Writer over a byte slice.
type jsonBuffer struct{ b []byte }

func (w *jsonBuffer) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }
