package agentmemory

// Encoding of records as values into the add_records request, and of every
// other request key in its states (omitted, None, a value).

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// encodes checks that v encodes to want and decodes back to v.
func encodes[T any](t *testing.T, v T, want string) {
	t.Helper()
	got, err := json.Marshal(v)
	require.NoError(t, err)
	assert.JSONEq(t, want, string(got))
	var back T
	require.NoError(t, json.Unmarshal(got, &back))
	assert.Equal(t, v, back, "decoded back")
}

// sentAdd returns the add_records request that records produce.
func sentAdd(t *testing.T, records ...RecordInput) string {
	t.Helper()
	f, s := testStore("rec", answer(`{"ids":[],"warnings":[]}`))
	_, err := s.Add(t.Context(), records...)
	require.NoError(t, err)
	require.Len(t, f.Calls(), 1)
	return f.Calls()[0].Args["b_request"].(string)
}

func TestAddEncodesRecordsAsPerFieldLists(t *testing.T) {
	ts := time.Date(2026, 11, 30, 9, 0, 5, 0, time.FixedZone("CET", 3600))
	cases := []struct {
		name    string
		records []RecordInput
		want    string
	}{
		{"zero fields are left out", []RecordInput{Memory{Text: "a"}, Memory{Text: "b"}},
			`{"record_type":"memory","contents":["a","b"]}`},
		{"a key one record gives is a list with null for the others", []RecordInput{Memory{Text: "a", UserID: "u1"}, Memory{Text: "b"}},
			`{"record_type":"memory","contents":["a","b"],"user_ids":["u1",null]}`},
		{"every per-record key", []RecordInput{Memory{Type: RecordTypeFact, ID: "f1", Text: "a", ThreadID: "t1", UserID: "u1", AgentID: "a1",
			Timestamp: ts, Metadata: map[string]any{"k": 1}, TTLDays: Some(7), TTLAnchor: TTLFromTimestamp, Status: RecordInvalid,
			IndexText: IndexChunks("x"), Embedding: ChunkVectors([]float32{1, 2})}},
			`{"record_type":"fact","contents":["a"],"index_texts":[["x"]],"record_ids":["f1"],"thread_ids":["t1"],"user_ids":["u1"],
			"agent_ids":["a1"],"timestamps":["2026-11-30T08:00:05.000000Z"],"metadata":[{"k":1}],"ttl_days":[7],
			"ttl_anchor":["TIMESTAMP"],"statuses":["INVALID"],"embeddings":[[[1,2]]]}`},
		{"text \"\" is None (the metadata fallback)", []RecordInput{Memory{Metadata: map[string]any{"content": "c"}}},
			`{"record_type":"memory","contents":[null],"metadata":[{"content":"c"}]}`},
		{"ttl None and a value share a batch", []RecordInput{Memory{Text: "a", TTLDays: None[int]()}, Memory{Text: "b", TTLDays: Some(3)}},
			`{"record_type":"memory","contents":["a","b"],"ttl_days":[null,3]}`},
		{"ttl omitted next to a given one starts a batch", []RecordInput{Memory{Text: "a"}, Memory{Text: "b", TTLDays: Some(3)}},
			`{"batches":[{"record_type":"memory","contents":["a"]},{"record_type":"memory","contents":["b"],"ttl_days":[3]}]}`},
		{"types in order, one batch per run", []RecordInput{NewThread{ID: "t1", UserID: "u1"},
			Message{ThreadID: "t1", Role: "user", Text: "hi"}, Message{ThreadID: "t1", Role: "assistant", Text: "hello"}},
			`{"batches":[{"record_type":"thread","contents":[null],"record_ids":["t1"],"user_ids":["u1"]},
			{"record_type":"message","contents":["hi","hello"],"thread_ids":["t1","t1"],"roles":["user","assistant"]}]}`},
		{"message parts", []RecordInput{Message{ThreadID: "t1", Text: "ignored", Parts: []MessageContent{TextContent{Text: "a"},
			ImageContent{MimeType: ImagePNG, Bytes: []byte{1}}}}},
			`{"record_type":"message","contents":[[{"type":"text","text":"a"},{"type":"image","mime_type":"image/png","bytes":"AQ=="}]],"thread_ids":["t1"]}`},
		{"summary object and text", []RecordInput{Summary{ThreadID: "t1", Object: map[string]any{"text": "s"}}, Summary{ThreadID: "t1", Text: "t"}},
			`{"record_type":"thread_summary","contents":[{"text":"s"},"t"],"thread_ids":["t1","t1"]}`},
		{"image: bytes, mime in the metadata, description as index text", []RecordInput{Image{Bytes: []byte{0xff, 0xd8, 0xff},
			MimeType: ImageJPEG, Description: "dawn", Metadata: map[string]any{"album": "trip"}}},
			`{"record_type":"image","contents":["/9j/"],"index_texts":["dawn"],"metadata":[{"album":"trip","image_mime_type":"image/jpeg"}]}`},
		{"profiles with explicit vectors", []RecordInput{UserProfile{ID: "u1", Information: "likes tea", Embedding: SingleVector([]float32{1, 0})},
			AgentProfile{ID: "a1", Information: "helps"}},
			`{"batches":[{"record_type":"user_profile","contents":["likes tea"],"record_ids":["u1"],"embeddings":[[1,0]]},
			{"record_type":"agent_profile","contents":["helps"],"record_ids":["a1"]}]}`},
		{"no records", nil, `{"record_type":"","contents":[]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.JSONEq(t, c.want, sentAdd(t, c.records...))
		})
	}
}

func TestAddDoesNotWriteTheCallersValues(t *testing.T) {
	meta := map[string]any{"album": "trip"}
	_ = sentAdd(t, Image{Bytes: []byte{1}, MimeType: ImagePNG, Metadata: meta})
	assert.Equal(t, map[string]any{"album": "trip"}, meta, "image_mime_type goes into a copy")
}

// Only what Go cannot encode is refused by the client: a NaN or infinite
// vector value, and a nil record.
func TestAddRefusesOnlyWhatCannotBeEncoded(t *testing.T) {
	f, s := testStore("rec", answer(`{"ids":[],"warnings":[]}`))
	_, err := s.AddMemory(t.Context(), Memory{Text: "a", Embedding: SingleVector([]float32{float32(math.NaN())})})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a finite number")
	_, err = s.Add(t.Context(), nil)
	assert.ErrorIs(t, err, ErrInvalidArgument)
	assert.Empty(t, f.Calls(), "nothing was sent")

	// Everything else is the package's to judge: sent as given.
	_, err = s.AddMemory(t.Context(), Memory{Type: "note", ID: strings.Repeat("x", 500), TTLDays: Some(-1)})
	require.NoError(t, err)
	assert.Len(t, f.Calls(), 1)
}

func TestUpdateRequestKeyStates(t *testing.T) {
	base := `"record_type":"fact","record_id":"f1"`
	cases := []struct {
		name string
		set  func(*UpdateRequest)
		want string
	}{
		{"omitted", func(*UpdateRequest) {}, ``},
		{"content value", func(r *UpdateRequest) { r.Content = Some(ContentText("x")) }, `,"content":"x"`},
		{"content empty", func(r *UpdateRequest) { r.Content = Some(ContentText("")) }, `,"content":""`},
		{"content None", func(r *UpdateRequest) { r.Content = None[Content]() }, `,"content":null`},
		{"text value", func(r *UpdateRequest) { r.Text = Some(ContentText("x")) }, `,"text":"x"`},
		{"index_text string", func(r *UpdateRequest) { r.IndexText = Some(IndexString("s")) }, `,"index_text":"s"`},
		{"index_text chunks", func(r *UpdateRequest) { r.IndexText = Some(IndexChunks("a", "b")) }, `,"index_text":["a","b"]`},
		{"index_text None", func(r *UpdateRequest) { r.IndexText = None[IndexText]() }, `,"index_text":null`},
		{"embedding one", func(r *UpdateRequest) { r.Embedding = Some(SingleVector([]float32{1, 2})) }, `,"embedding":[1,2]`},
		{"embedding many", func(r *UpdateRequest) { r.Embedding = Some(ChunkVectors([]float32{1}, []float32{2})) }, `,"embedding":[[1],[2]]`},
		{"embedding empty", func(r *UpdateRequest) { r.Embedding = Some(ChunkVectors()) }, `,"embedding":[]`},
		{"embedding None", func(r *UpdateRequest) { r.Embedding = None[Embedding]() }, `,"embedding":null`},
		{"metadata value", func(r *UpdateRequest) { r.Metadata = Some(map[string]any{"a": true}) }, `,"metadata":{"a":true}`},
		{"metadata None", func(r *UpdateRequest) { r.Metadata = None[map[string]any]() }, `,"metadata":null`},
		{"timestamp value", func(r *UpdateRequest) { r.Timestamp = Some(time.Date(2099, 6, 1, 0, 0, 0, 0, time.UTC)) }, `,"timestamp":"2099-06-01T00:00:00.000000Z"`},
		{"timestamp None", func(r *UpdateRequest) { r.Timestamp = None[time.Time]() }, `,"timestamp":null`},
		{"ttl_days value", func(r *UpdateRequest) { r.TTLDays = Some(500) }, `,"ttl_days":500`},
		{"ttl_days None", func(r *UpdateRequest) { r.TTLDays = None[int]() }, `,"ttl_days":null`},
		{"ttl_anchor value", func(r *UpdateRequest) { r.TTLAnchor = Some(TTLFromCreatedAt) }, `,"ttl_anchor":"CREATED_AT"`},
		{"ttl_anchor None", func(r *UpdateRequest) { r.TTLAnchor = None[TTLAnchor]() }, `,"ttl_anchor":null`},
		{"status value", func(r *UpdateRequest) { r.Status = RecordInvalid }, `,"status":"INVALID"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := UpdateRequest{RecordType: RecordTypeFact, RecordID: "f1"}
			c.set(&r)
			sent, err := json.Marshal(r)
			require.NoError(t, err)
			assert.JSONEq(t, "{"+base+c.want+"}", string(sent))
		})
	}
	img := UpdateRequest{RecordType: RecordTypeImage, RecordID: "i", Content: Some(ContentBytes([]byte{0xff, 0xd8, 0xff}))}
	sent, err := json.Marshal(img)
	require.NoError(t, err)
	assert.JSONEq(t, `{"record_type":"image","record_id":"i","content":"/9j/"}`, string(sent))
}

func TestListRequestKeyStates(t *testing.T) {
	cases := []struct {
		name string
		req  ListRequest
		want string
	}{
		{"omitted", ListRequest{RecordType: RecordTypeMemory}, `{"record_type":"memory"}`},
		{"limit value and None", ListRequest{RecordType: RecordTypeMemory, Limit: Some(2), ThreadID: None[string]()},
			`{"record_type":"memory","limit":2,"thread_id":null}`},
		{"no limit", ListRequest{RecordType: RecordTypeMemory, Limit: None[int]()}, `{"record_type":"memory","limit":null}`},
		{"scope values", ListRequest{RecordType: RecordTypeMemory, UserID: Some("u1"), AgentID: None[string]()},
			`{"record_type":"memory","user_id":"u1","agent_id":null}`},
		{"filter value", ListRequest{RecordType: RecordTypeMemory, MetadataFilter: Some(Filter{"source": "slack"})},
			`{"record_type":"memory","metadata_filter":{"source":"slack"}}`},
		{"filter None", ListRequest{RecordType: RecordTypeMemory, MetadataFilter: None[Filter]()}, `{"record_type":"memory","metadata_filter":null}`},
		{"bytes and id", ListRequest{RecordType: RecordTypeImage, RecordID: "img1", UserID: Some("u1"), IncludeBytes: true},
			`{"record_type":"image","record_id":"img1","user_id":"u1","include_bytes":true}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, s := testStore("rec", answer(`{"records":[]}`))
			_, err := s.List(t.Context(), c.req)
			require.NoError(t, err)
			require.Len(t, f.Calls(), 1)
			assert.JSONEq(t, c.want, f.Calls()[0].Args["b_request"].(string))
		})
	}
}

func TestListThreadMessagesRequestKeyStates(t *testing.T) {
	encodes(t, ListThreadMessagesRequest{ThreadID: "t1"}, `{"thread_id":"t1"}`)
	from, to := int64(0), int64(4)
	encodes(t, ListThreadMessagesRequest{ThreadID: "t1", LastN: 2, From: &from, To: &to, IncludeBytes: true},
		`{"thread_id":"t1","last_n":2,"range_start_seq_no":0,"range_end_seq_no":4,"include_bytes":true}`)
}

func TestProfileRequestStates(t *testing.T) {
	cases := []struct {
		name string
		call func(*Store) error
		fn   string
		want string
	}{
		{"user with metadata", func(s *Store) error {
			_, err := s.AddUser(t.Context(), Profile{ID: "u1", Information: "Likes tea", Metadata: map[string]any{}})
			return err
		}, "add_user", `{"user_id":"u1","information":"Likes tea","metadata":{}}`},
		{"user from the security context", func(s *Store) error { _, err := s.AddUser(t.Context(), Profile{}); return err },
			"add_user", `{"information":""}`},
		{"agent", func(s *Store) error {
			_, err := s.AddAgent(t.Context(), Profile{ID: "a1", Information: "Helpful"})
			return err
		},
			"add_agent", `{"agent_id":"a1","information":"Helpful"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, s := testStore("rec", answer(`{"id":"u1","warnings":[]}`))
			require.NoError(t, c.call(s))
			require.Len(t, f.Calls(), 1)
			assert.Equal(t, c.fn, f.Calls()[0].Fn)
			assert.JSONEq(t, c.want, f.Calls()[0].Args["b_request"].(string))
		})
	}
}

func TestEmbeddingDecodeForms(t *testing.T) {
	for raw, want := range map[string]Embedding{
		`null`:         {},
		`[]`:           ChunkVectors(),
		`[1, 2.5]`:     SingleVector([]float32{1, 2.5}),
		`[[1], [2]]`:   ChunkVectors([]float32{1}, []float32{2}),
		`[[0.9, 0.1]]`: ChunkVectors([]float32{0.9, 0.1}),
	} {
		var e Embedding
		require.NoError(t, json.Unmarshal([]byte(raw), &e), raw)
		assert.Equal(t, want, e, raw)
	}
	assert.Equal(t, ChunkVectors(), SingleVector(nil), "an empty vector is the empty payload")
}

func TestContentAccessors(t *testing.T) {
	s, ok := ContentText("x").TextValue()
	assert.True(t, ok)
	assert.Equal(t, "x", s)
	assert.True(t, Content{}.IsNone())
	assert.True(t, ContentObject(nil).IsNone(), "a nil object is None")
	assert.Len(t, ContentParts(TextContent{Text: "a"}).Parts(), 1)
	assert.Equal(t, []byte{1}, ContentBytes([]byte{1}).Bytes())
	assert.Equal(t, map[string]any{"a": 1}, ContentObject(map[string]any{"a": 1}).Object())
	x, ok := IndexString("q").StringValue()
	assert.True(t, ok)
	assert.Equal(t, "q", x)
	c, ok := IndexChunks().Chunks()
	assert.True(t, ok)
	assert.Empty(t, c)
	assert.True(t, IndexText{}.IsNone())
}

// The hand-written vector encoder writes what encoding/json writes for a
// []float32.
func TestEmbeddingEncodingMatchesEncodingJSON(t *testing.T) {
	values := []float32{0, 1, -1, 0.1, 0.9, 1e-7, -3.4e38, 1e21, 1e20, 123456.78, 1.17549435e-38, 5e-7, 0.000001}
	want, err := json.Marshal(values)
	require.NoError(t, err)
	got, err := json.Marshal(SingleVector(values))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	many, err := json.Marshal(ChunkVectors(values, values[:2]))
	require.NoError(t, err)
	assert.Equal(t, "["+string(want)+",[0,1]]", string(many))
	_, err = json.Marshal(SingleVector([]float32{float32(math.Inf(-1))}))
	assert.Error(t, err)
}
