package agentmemory

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Client-side checks of record requests. They catch, before a round trip,
// the defects a Go caller can make and the package would refuse, worded as
// the package words them (docs/protocol-records.md): the fixtures' message
// fragments hold for both. Rules that need the store's rows (duplicate ids,
// missing threads, TTL clamping, chunking, base64 signatures) stay with the
// package, which checks everything again.

const (
	maxIDChars    = 128
	maxRoleChars  = 64
	maxTTLDays    = 365000
	maxBatchSize  = 10000
	quoteMaxChars = 60
)

// quote shows a string value as the package does: in single quotes, cut at
// 60 characters.
func quote(s string) string {
	if utf8.RuneCountInString(s) > quoteMaxChars {
		s = string([]rune(s)[:quoteMaxChars]) + "..."
	}
	return "'" + s + "'"
}

// show renders a value in a message: strings quoted, numbers in JSON form,
// null, true/false, objects as {...}, lists as [...].
func show(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return quote(v)
	case bool:
		return strconv.FormatBool(v)
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case json.Number:
		return v.String()
	case TTLAnchor:
		return quote(string(v))
	case RecordStatus:
		return quote(string(v))
	case map[string]any, Filter:
		return "{...}"
	}
	return "[...]"
}

// showOptional renders an Optional's value, or null.
func showOptional[T any](o Optional[T]) string {
	if v, ok := o.Get(); ok {
		return show(any(v))
	}
	return "null"
}

// showContent renders a content as the package sees its JSON.
func showContent(c Content) string {
	switch c.kind {
	case contentText:
		return quote(c.text)
	case contentParts:
		return "[...]"
	case contentObject:
		return "{...}"
	case contentBytes:
		b, _ := json.Marshal(c.bytes)
		return quote(strings.Trim(string(b), `"`))
	}
	return "null"
}

// checkID applies the id rule: a non-empty string of at most 128
// characters.
func checkID(op, path, id string, nullable bool) error {
	if id != "" && utf8.RuneCountInString(id) <= maxIDChars {
		return nil
	}
	orNull := ""
	if nullable {
		orNull = ", or null"
	}
	return invalidArgument(op, "%s %s must be a non-empty string of at most %d characters%s", path, quote(id), maxIDChars, orNull)
}

// checkRecordType checks a required record_type of request req.
func checkRecordType(op, path, req string, t RecordType) error {
	if t == "" {
		return invalidArgument(op, "%s is required in the %s request", path, req)
	}
	if !t.known() {
		return invalidArgument(op, "%s %s %s", path, quote(string(t)), ruleRecordType)
	}
	return nil
}

// checkVector refuses values JSON cannot carry; the package refuses values
// outside FLOAT32, which a float32 cannot hold.
func checkVector(op, path string, v []float32) error {
	for k, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return invalidArgument(op, "%s[%d] %v is not a finite number; vectors hold finite FLOAT32 values", path, k, x)
		}
	}
	return nil
}

// dimensions tracks R12 across a call: every explicit vector has the
// dimension of the first one and the store's vector_dim.
type dimensions struct {
	first     int
	firstPath string
	store     Optional[int] // the store's vector_dim as Open reported it; omitted when unknown
}

func (d *dimensions) check(op, path string, v []float32) error {
	if err := checkVector(op, path, v); err != nil {
		return err
	}
	if d.firstPath == "" {
		if d.store.IsNone() {
			return invalidArgument(op, "embeddings given but the store has no local vector storage (vector_dim null); pass index_texts instead, or omit embeddings")
		}
		if n, ok := d.store.Get(); ok && len(v) != n {
			return invalidArgument(op, "%s has %d dimensions but the store has vector_dim %d; pass %d-dimension vectors", path, len(v), n, n)
		}
		d.first, d.firstPath = len(v), path
		return nil
	}
	if len(v) != d.first {
		return invalidArgument(op, "%s has %d dimensions but %s has %d; all vectors of a call must have the same dimension",
			path, len(v), d.firstPath, d.first)
	}
	return nil
}

// payload checks the vectors of one record's embedding against its index
// text (R9, R10; skipped when align is false: an embedding-only update
// pairs vectors with stored rows) and the call's dimensions (R12). key is
// "embeddings[i]" or "embedding"; index names the index text, and chunks
// are its chunks (isList false when it is not a chunk list).
func (d *dimensions) payload(op, key string, e Embedding, index string, chunks []string, isList, align bool) error {
	vs := e.Vectors()
	switch {
	case !align:
	case e.kind == embeddingMany && len(vs) >= 2 && !isList:
		return invalidArgument(op, "%s has %d vector(s) but %s is not a chunk list; several vectors need a matching list of chunks in %s",
			key, len(vs), index, index)
	case len(vs) >= 1 && isList && len(chunks) != len(vs):
		return invalidArgument(op, "%s has %d vector(s) but %s has %d chunk(s); give one vector per chunk", key, len(vs), index, len(chunks))
	}
	for j, v := range vs {
		path := key
		if e.kind == embeddingMany {
			path = fmt.Sprintf("%s[%d]", key, j)
		}
		if err := d.check(op, path, v); err != nil {
			return err
		}
	}
	return nil
}

// perRecordShape checks a per-record key's list length and that no list
// entry is omitted.
func perRecordShape[T any](op, key string, p PerRecord[T], m int) error {
	if !p.list {
		return nil
	}
	if len(p.items) != m {
		return invalidArgument(op, "%s has %d entries but contents has %d; pass one value for every record, or a list of %d", key, len(p.items), m, m)
	}
	for i, o := range p.items {
		if o.IsOmitted() {
			return invalidArgument(op, "%s[%d] is omitted (a zero Optional); a list entry is a value or None", key, i)
		}
	}
	return nil
}

// entries calls fn for every given value of p with its path: key for a
// broadcast value, key[i] for a list entry. None entries are skipped.
func entries[T any](p PerRecord[T], key string, fn func(path string, v T) error) error {
	if !p.list {
		if v, ok := p.scalar.Get(); ok {
			return fn(key, v)
		}
		return nil
	}
	for i, o := range p.items {
		if v, ok := o.Get(); ok {
			if err := fn(fmt.Sprintf("%s[%d]", key, i), v); err != nil {
				return err
			}
		}
	}
	return nil
}

// pathAt names record i's entry of p: key for a broadcast value or None,
// key[i] for a list entry or an omitted key.
func pathAt[T any](p PerRecord[T], key string, i int) string {
	if !p.list && !p.IsZero() {
		return key
	}
	return fmt.Sprintf("%s[%d]", key, i)
}

// validate checks one batch of an add. prefix is "" or "batches[b]." and
// prefixes every key path; dims is shared by the batches of a call.
func (r *AddRequest) validate(op, prefix string, dims *dimensions) error {
	k := func(key string) string { return prefix + key }
	if err := checkRecordType(op, k("record_type"), "add_records", r.RecordType); err != nil {
		return err
	}
	t := r.RecordType.canonical()
	m := len(r.Contents)
	shapes := []error{
		perRecordShape(op, k("record_ids"), r.RecordIDs, m),
		perRecordShape(op, k("thread_ids"), r.ThreadIDs, m),
		perRecordShape(op, k("user_ids"), r.UserIDs, m),
		perRecordShape(op, k("agent_ids"), r.AgentIDs, m),
		perRecordShape(op, k("roles"), r.Roles, m),
		perRecordShape(op, k("timestamps"), r.Timestamps, m),
		perRecordShape(op, k("metadata"), r.Metadata, m),
		perRecordShape(op, k("ttl_days"), r.TTLDays, m),
		perRecordShape(op, k("ttl_anchor"), r.TTLAnchor, m),
		perRecordShape(op, k("statuses"), r.Statuses, m),
	}
	for _, err := range shapes {
		if err != nil {
			return err
		}
	}
	if err := r.validateIDs(op, k, t, m); err != nil {
		return err
	}
	if err := r.validateScalars(op, k, t); err != nil {
		return err
	}
	if r.IndexTexts != nil && len(r.IndexTexts) != m {
		return invalidArgument(op, "%s has %d entries but contents has %d; pass a list of %d", k("index_texts"), len(r.IndexTexts), m, m)
	}
	for i, x := range r.IndexTexts {
		for j, c := range x.chunks {
			if c == "" {
				return invalidArgument(op, "%s[%d][%d] '' must be a non-empty string (a chunk list holds non-empty strings; use [] for no retrieval text)",
					k("index_texts"), i, j)
			}
		}
	}
	if r.Embeddings != nil && len(r.Embeddings) != m {
		return invalidArgument(op, "%s has %d entries but contents has %d; pass a list of %d", k("embeddings"), len(r.Embeddings), m, m)
	}
	if r.BatchSize < 0 || r.BatchSize > maxBatchSize {
		return invalidArgument(op, "batch_size %d must be an integer from 1 to %d, or null", r.BatchSize, maxBatchSize)
	}
	for i := range m {
		if err := r.validateRecord(op, k, t, i, dims); err != nil {
			return err
		}
	}
	return nil
}

// validateIDs checks record_ids, thread_ids, user_ids and agent_ids.
func (r *AddRequest) validateIDs(op string, k func(string) string, t RecordType, m int) error {
	ids := r.RecordIDs
	if v, ok := ids.scalar.Get(); ok {
		if m != 1 {
			return invalidArgument(op, "%s %s is a single id but contents has %d records; pass a list of %d ids (null entries are generated)",
				k("record_ids"), quote(v), m, m)
		}
		if err := checkID(op, k("record_ids"), v, true); err != nil {
			return err
		}
	}
	seen := map[string]int{}
	for i, o := range ids.items {
		id, ok := o.Get()
		if !ok {
			continue
		}
		path := fmt.Sprintf("%s[%d]", k("record_ids"), i)
		if err := checkID(op, path, id, true); err != nil {
			return err
		}
		if j, dup := seen[id]; dup {
			return invalidArgument(op, "%s %s repeats %s[%d]; ids must be unique within the request", path, quote(id), k("record_ids"), j)
		}
		seen[id] = i
	}
	if t.profile() {
		for i := range m {
			if _, ok := ids.At(i).Get(); ok {
				continue
			}
			if ids.IsZero() {
				return invalidArgument(op, "%s is required for record_type '%s' (a profile's record id is the actor id)", k("record_ids"), t)
			}
			return invalidArgument(op, "%s null is not allowed for record_type '%s' (a profile's record id is the actor id)",
				pathAt(ids, k("record_ids"), i), t)
		}
	}
	scopes := []struct {
		key string
		p   PerRecord[string]
	}{{"thread_ids", r.ThreadIDs}, {"user_ids", r.UserIDs}, {"agent_ids", r.AgentIDs}}
	for _, s := range scopes {
		err := entries(s.p, k(s.key), func(path, id string) error {
			switch {
			case s.key == "thread_ids" && t == RecordTypeThread:
				return invalidArgument(op, "%s %s does not apply to record_type 'thread' (a thread's id is its record id); omit thread_ids", path, quote(id))
			case s.key != "thread_ids" && t.profile():
				return invalidArgument(op, "%s %s does not apply to record_type '%s' (profiles are unscoped; the actor id is the record id); omit %s",
					path, quote(id), t, s.key)
			}
			return checkID(op, path, id, true)
		})
		if err != nil {
			return err
		}
	}
	if t == RecordTypeThreadSummary {
		if r.ThreadIDs.IsZero() {
			return invalidArgument(op, "%s is required for record_type 'thread_summary': a thread_summary needs a thread id for every record", k("thread_ids"))
		}
		for i := range m {
			if _, ok := r.ThreadIDs.At(i).Get(); !ok {
				return invalidArgument(op, "%s null: a thread_summary needs a thread id for every record", pathAt(r.ThreadIDs, k("thread_ids"), i))
			}
		}
	}
	return nil
}

// validateScalars checks roles, ttl_days, ttl_anchor and statuses.
func (r *AddRequest) validateScalars(op string, k func(string) string, t RecordType) error {
	err := entries(r.Roles, k("roles"), func(path, role string) error {
		if t != RecordTypeMessage {
			return invalidArgument(op, "%s %s applies to record_type 'message' only; omit roles for record_type '%s'", path, quote(role), t)
		}
		if strings.TrimSpace(role) == "" || utf8.RuneCountInString(role) > maxRoleChars {
			return invalidArgument(op, "%s %s must be a non-blank string of at most %d characters, or null", path, quote(role), maxRoleChars)
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = entries(r.TTLDays, k("ttl_days"), func(path string, days int) error {
		if !t.expiring() {
			return invalidArgument(op, "%s %d does not apply to record_type '%s' (%s records do not expire); omit ttl_days", path, days, t, t)
		}
		if days < 1 || days > maxTTLDays {
			return invalidArgument(op, "%s %d must be an integer from 1 to %d, or null", path, days, maxTTLDays)
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = entries(r.TTLAnchor, k("ttl_anchor"), func(path string, a TTLAnchor) error {
		if !t.expiring() {
			return invalidArgument(op, "%s %s does not apply to record_type '%s' (%s records do not expire); omit ttl_anchor", path, quote(string(a)), t, t)
		}
		if !oneOf(a, TTLFromCreatedAt, TTLFromTimestamp) {
			return invalidArgument(op, "%s %s must be CREATED_AT or TIMESTAMP", path, quote(string(a)))
		}
		return nil
	})
	if err != nil {
		return err
	}
	return entries(r.Statuses, k("statuses"), func(path string, s RecordStatus) error {
		if !oneOf(s, RecordValid, RecordInvalid) {
			return invalidArgument(op, "%s %s must be VALID or INVALID", path, quote(string(s)))
		}
		return nil
	})
}

// validateRecord checks the rules of record i: its content for the type
// (§3.2), the image mime, the TTL anchor's timestamp and its vectors.
func (r *AddRequest) validateRecord(op string, k func(string) string, t RecordType, i int, dims *dimensions) error {
	path := fmt.Sprintf("%s[%d]", k("contents"), i)
	meta, _ := r.Metadata.At(i).Get()
	metaPath := pathAt(r.Metadata, k("metadata"), i)
	c := r.Contents[i]
	if c.IsNone() && (t == RecordTypeMessage || t.profile()) {
		if _, ok := meta["content"].(string); !ok {
			return invalidArgument(op, "%s null has no fallback: record_type '%s' needs content (a string or a list of content parts) and %s.content is absent or not a string",
				path, t, metaPath)
		}
	}
	if err := checkContent(op, path, t, c); err != nil {
		return err
	}
	if t == RecordTypeImage {
		if err := checkImageMime(op, metaPath, meta, true); err != nil {
			return err
		}
	}
	if a, ok := r.TTLAnchor.At(i).Get(); ok && oneOf(a, TTLFromTimestamp) {
		if _, ok := r.Timestamps.At(i).Get(); !ok {
			return invalidArgument(op, "%s 'TIMESTAMP' needs a timestamp for record %d (%s is null or omitted)",
				pathAt(r.TTLAnchor, k("ttl_anchor"), i), i, pathAt(r.Timestamps, k("timestamps"), i))
		}
	}
	if r.Embeddings == nil {
		return nil
	}
	var x IndexText
	if r.IndexTexts != nil {
		x = r.IndexTexts[i]
	}
	chunks, isList := x.Chunks()
	return dims.payload(op, fmt.Sprintf("%s[%d]", k("embeddings"), i), r.Embeddings[i],
		fmt.Sprintf("%s[%d]", k("index_texts"), i), chunks, isList, true)
}

// contentKinds says which content kinds record type t takes, and how the
// package names them.
func contentKinds(t RecordType) ([]contentKind, string) {
	switch {
	case t == RecordTypeMessage:
		return []contentKind{contentText, contentParts, contentNone}, "a string, a list of content parts or null"
	case t == RecordTypeThreadSummary:
		return []contentKind{contentObject, contentText, contentNone}, "an object, a string or null"
	case t == RecordTypeImage:
		return []contentKind{contentBytes}, "base64 image bytes"
	}
	return []contentKind{contentText, contentNone}, "a string or null"
}

// checkContent checks that c is a kind record type t takes, and the parts of
// a message.
func checkContent(op, path string, t RecordType, c Content) error {
	kinds, expected := contentKinds(t)
	ok := false
	for _, kind := range kinds {
		ok = ok || c.kind == kind
	}
	if !ok {
		return invalidArgument(op, "%s %s is not valid content for record_type '%s'; expected %s", path, showContent(c), t, expected)
	}
	if c.kind != contentParts {
		return nil
	}
	if len(c.parts) == 0 {
		return invalidArgument(op, "%s is an empty list; a message needs at least one content part", path)
	}
	for j, p := range c.parts {
		pp := fmt.Sprintf("%s[%d]", path, j)
		switch p := partValue(p).(type) {
		case TextContent:
			if p.ID != "" {
				if err := checkID(op, pp+".id", p.ID, false); err != nil {
					return err
				}
			}
		case ImageContent:
			if p.ID != "" {
				if err := checkID(op, pp+".id", p.ID, false); err != nil {
					return err
				}
			}
			if p.Bytes == nil {
				return invalidArgument(op, "%s.bytes is required for an image part", pp)
			}
			if !p.MimeType.known() {
				return invalidArgument(op, "%s.mime_type %s must be one of %s", pp, quote(string(p.MimeType)), ruleImageMime)
			}
		default:
			return invalidArgument(op, "%s is nil; a part is a TextContent or an ImageContent", pp)
		}
	}
	return nil
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

// checkImageMime checks metadata's image_mime_type; required says whether it
// must be there.
func checkImageMime(op, metaPath string, meta map[string]any, required bool) error {
	v, present := meta["image_mime_type"]
	if !present {
		if required {
			return invalidArgument(op, "%s.image_mime_type is required for record_type 'image': one of %s", metaPath, ruleImageMime)
		}
		return nil
	}
	if s, ok := v.(string); !ok || !ImageMimeType(s).known() {
		return invalidArgument(op, "%s.image_mime_type %s must be one of %s", metaPath, show(v), ruleImageMime)
	}
	return nil
}

// validateAddBatches checks the batches of one add_batches call.
func validateAddBatches(op string, batches []AddRequest, batchSize int, dims *dimensions) error {
	if batchSize < 0 || batchSize > maxBatchSize {
		return invalidArgument(op, "batch_size %d must be an integer from 1 to %d, or null", batchSize, maxBatchSize)
	}
	for b := range batches {
		if batches[b].BatchSize != 0 {
			return invalidArgument(op, "batches[%d].BatchSize %d: batch_size is a setting of the whole call; pass it to AddBatches", b, batches[b].BatchSize)
		}
		if err := batches[b].validate(op, fmt.Sprintf("batches[%d].", b), dims); err != nil {
			return err
		}
	}
	return nil
}

// updateFields lists the fields of U1, in the package's order.
const updateFields = "content, text, index_text, embedding, metadata, timestamp, ttl_days, ttl_anchor, status"

// validate checks an update (rules U1, U2, U7, U10, U12, U13, U17 and the
// value rules of §10).
func (r *UpdateRequest) validate(op string, dims *dimensions) error {
	if err := checkRecordType(op, "record_type", "update_record", r.RecordType); err != nil {
		return err
	}
	if err := checkRequiredID(op, "record_id", "update_record", r.RecordID); err != nil {
		return err
	}
	t := r.RecordType.canonical()
	if r.Content.IsOmitted() && r.Text.IsOmitted() && r.IndexText.IsOmitted() && r.Embedding.IsOmitted() &&
		r.Metadata.IsOmitted() && r.Timestamp.IsOmitted() && r.TTLDays.IsOmitted() && r.TTLAnchor.IsOmitted() && r.Status.IsOmitted() {
		return invalidArgument(op, "update_record needs at least one of %s", updateFields)
	}
	if !r.Content.IsOmitted() && !r.Text.IsOmitted() {
		return invalidArgument(op, "content and text cannot both be given; text is the deprecated alias of content: pass content only")
	}
	key, content := "content", r.Content
	if !r.Text.IsOmitted() {
		key, content = "text", r.Text
	}
	if err := r.validateContent(op, key, t, content); err != nil {
		return err
	}
	return r.validateRest(op, t, content, dims)
}

func (r *UpdateRequest) validateContent(op, key string, t RecordType, content Optional[Content]) error {
	c, given := content.Get()
	if content.IsOmitted() {
		return nil
	}
	if given && !c.IsNone() {
		if err := checkContent(op, key, t, c); err != nil {
			return err
		}
		if t == RecordTypeImage {
			meta, ok := r.Metadata.Get()
			if _, has := meta["image_mime_type"]; !ok || !has {
				return invalidArgument(op, "%s of an image record needs metadata with image_mime_type (image/png, image/jpeg or image/webp)", key)
			}
			return checkImageMime(op, "metadata", meta, true)
		}
		return nil
	}
	switch {
	case t == RecordTypeMessage:
		return invalidArgument(op, `%s null is not allowed for record_type 'message'; pass "" to replace the message with empty text`, key)
	case t.profile():
		return invalidArgument(op, "%s null is not allowed for record_type '%s' (profiles need information text)", key, t)
	case t == RecordTypeImage:
		return invalidArgument(op, "%s of an image record needs metadata with image_mime_type (image/png, image/jpeg or image/webp); %s null is not image bytes", key, key)
	}
	if x, ok := r.IndexText.Get(); ok && !x.IsNone() {
		return invalidArgument(op, "%s null clears the stored text and its retrieval rows, so index_text must be omitted or null", key)
	}
	if e, ok := r.Embedding.Get(); ok && !e.IsNone() {
		return invalidArgument(op, "%s null clears the stored text and its retrieval rows, so embedding must be omitted or null", key)
	}
	return nil
}

func (r *UpdateRequest) validateRest(op string, t RecordType, content Optional[Content], dims *dimensions) error {
	x, indexGiven := r.IndexText.Get()
	indexNone := r.IndexText.IsNone() || (indexGiven && x.IsNone())
	for j, c := range x.chunks {
		if c == "" {
			return invalidArgument(op, "index_text[%d] '' must be a non-empty string (a chunk list holds non-empty strings; use [] for no retrieval text)", j)
		}
	}
	if e, ok := r.Embedding.Get(); ok {
		if indexNone && len(e.Vectors()) > 0 {
			return invalidArgument(op, "index_text null clears the retrieval rows, so embedding must be omitted, null or []")
		}
		c, _ := content.Get()
		newText := (indexGiven && !x.IsNone()) || !c.IsNone()
		chunks, isList := x.Chunks()
		if newText && e.kind == embeddingMany && len(e.many) >= 2 && !isList {
			return invalidArgument(op, "embedding has %d vector(s) but index_text is not a chunk list; several vectors need index_text as a list of %d chunks (or an embedding-only update)",
				len(e.many), len(e.many))
		}
		if err := dims.payload(op, "embedding", e, "index_text", chunks, isList, newText); err != nil {
			return err
		}
	}
	if d, ok := r.TTLDays.Get(); ok && (d < 1 || d > maxTTLDays) && t.expiring() {
		return invalidArgument(op, "ttl_days %d must be an integer from 1 to %d, or null", d, maxTTLDays)
	}
	if !t.expiring() {
		if !r.TTLDays.IsOmitted() {
			return invalidArgument(op, "ttl_days %s does not apply to record_type '%s' (%s records do not expire); omit ttl_days", showOptional(r.TTLDays), t, t)
		}
		if !r.TTLAnchor.IsOmitted() {
			return invalidArgument(op, "ttl_anchor %s does not apply to record_type '%s' (%s records do not expire); omit ttl_anchor", showOptional(r.TTLAnchor), t, t)
		}
	}
	if a, ok := r.TTLAnchor.Get(); ok && !oneOf(a, TTLFromCreatedAt, TTLFromTimestamp) {
		return invalidArgument(op, "ttl_anchor %s must be CREATED_AT or TIMESTAMP", quote(string(a)))
	}
	if s, ok := r.Status.Get(); ok && !oneOf(s, RecordValid, RecordInvalid) {
		return invalidArgument(op, "status %s must be VALID or INVALID", quote(string(s)))
	}
	return nil
}

// checkRequiredID checks an id key that a request needs.
func checkRequiredID(op, key, req, id string) error {
	if id == "" {
		return invalidArgument(op, "%s is required in the %s request", key, req)
	}
	return checkID(op, key, id, false)
}

// validate checks a list request; it returns the checked filter JSON.
func (r *ListRequest) validate(op string) (json.RawMessage, error) {
	if err := checkRecordType(op, "record_type", "list_records", r.RecordType); err != nil {
		return nil, err
	}
	t := r.RecordType.canonical()
	if n, ok := r.Limit.Get(); ok && n < 1 {
		return nil, invalidArgument(op, "limit %d must be an integer of at least 1, or null for no limit", n)
	}
	if t == RecordTypeThread && !r.ThreadID.IsOmitted() {
		return nil, invalidArgument(op, "thread_id must not be given when record_type is 'thread' (a thread's id is its record id); use record_id to select a thread")
	}
	for _, s := range []struct {
		key string
		id  Optional[string]
	}{{"thread_id", r.ThreadID}, {"user_id", r.UserID}, {"agent_id", r.AgentID}} {
		if id, ok := s.id.Get(); ok {
			if err := checkID(op, s.key, id, true); err != nil {
				return nil, err
			}
		}
	}
	if r.RecordID != "" {
		if err := checkID(op, "record_id", r.RecordID, false); err != nil {
			return nil, err
		}
	}
	if r.IncludeBytes && t == RecordTypeImage {
		_, th := r.ThreadID.Get()
		_, u := r.UserID.Get()
		_, a := r.AgentID.Get()
		if r.RecordID == "" || !(th || u || a) {
			return nil, invalidArgument(op, "include_bytes true on a list of image records needs record_id and at least one of user_id, agent_id, thread_id given as an id")
		}
	}
	f, ok := r.MetadataFilter.Get()
	switch {
	case ok:
		return encodeFilter(op, f)
	case r.MetadataFilter.IsNone():
		return json.RawMessage("null"), nil
	}
	return nil, nil
}

// validate checks a list_thread_messages request.
func (r *ListThreadMessagesRequest) validate(op string) error {
	if err := checkRequiredID(op, "thread_id", "list_thread_messages", r.ThreadID); err != nil {
		return err
	}
	if n, ok := r.LastN.Get(); ok && n < 1 {
		return invalidArgument(op, "last_n %d must be an integer of at least 1, or null", n)
	}
	start, hasStart := r.RangeStartSeqNo.Get()
	end, hasEnd := r.RangeEndSeqNo.Get()
	if hasStart && start < 0 {
		return invalidArgument(op, "range_start_seq_no %d must be an integer of at least 0, or null", start)
	}
	if hasEnd && end < 0 {
		return invalidArgument(op, "range_end_seq_no %d must be an integer of at least 0, or null", end)
	}
	if hasStart && hasEnd && end < start {
		return invalidArgument(op, "range_end_seq_no %d must not be less than range_start_seq_no %d", end, start)
	}
	return nil
}
