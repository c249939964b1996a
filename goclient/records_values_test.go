package agentmemory

// Encoding of every request key in its three states (omitted, None, a
// value), and decoding back to the same Go value.

import (
	"encoding/json"
	"math"
	"testing"

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

func TestAddRequestKeyStates(t *testing.T) {
	base := `"record_type":"memory","contents":["a","b"]`
	cases := []struct {
		name string
		set  func(*AddRequest)
		want string // the keys after base
	}{
		{"all omitted", func(*AddRequest) {}, ``},
		{"record_ids None", func(r *AddRequest) { r.RecordIDs = BroadcastNone[string]() }, `,"record_ids":null`},
		{"record_ids list", func(r *AddRequest) { r.RecordIDs = EachOptional(Some("m1"), None[string]()) }, `,"record_ids":["m1",null]`},
		{"thread_ids value", func(r *AddRequest) { r.ThreadIDs = Broadcast("t1") }, `,"thread_ids":"t1"`},
		{"thread_ids None", func(r *AddRequest) { r.ThreadIDs = BroadcastNone[string]() }, `,"thread_ids":null`},
		{"user_ids list", func(r *AddRequest) { r.UserIDs = Each("u1", "u2") }, `,"user_ids":["u1","u2"]`},
		{"agent_ids None", func(r *AddRequest) { r.AgentIDs = BroadcastNone[string]() }, `,"agent_ids":null`},
		{"roles value", func(r *AddRequest) { r.Roles = Broadcast("user") }, `,"roles":"user"`},
		{"timestamps list", func(r *AddRequest) { r.Timestamps = EachOptional(None[string](), Some("2026-11-30T09:00:00")) },
			`,"timestamps":[null,"2026-11-30T09:00:00"]`},
		{"metadata value", func(r *AddRequest) { r.Metadata = Broadcast(map[string]any{"k": "v"}) }, `,"metadata":{"k":"v"}`},
		{"metadata empty object", func(r *AddRequest) { r.Metadata = Broadcast(map[string]any{}) }, `,"metadata":{}`},
		{"metadata None", func(r *AddRequest) { r.Metadata = BroadcastNone[map[string]any]() }, `,"metadata":null`},
		{"ttl_days None", func(r *AddRequest) { r.TTLDays = BroadcastNone[int]() }, `,"ttl_days":null`},
		{"ttl_days list", func(r *AddRequest) { r.TTLDays = EachOptional(Some(7), None[int]()) }, `,"ttl_days":[7,null]`},
		{"ttl_anchor value", func(r *AddRequest) { r.TTLAnchor = Broadcast(TTLFromTimestamp) }, `,"ttl_anchor":"TIMESTAMP"`},
		{"statuses list", func(r *AddRequest) { r.Statuses = Each(RecordValid, RecordInvalid) }, `,"statuses":["VALID","INVALID"]`},
		{"index_texts", func(r *AddRequest) { r.IndexTexts = []IndexText{IndexString("s"), IndexChunks("c1", "c2")} },
			`,"index_texts":["s",["c1","c2"]]`},
		{"index_texts None and empty", func(r *AddRequest) { r.IndexTexts = []IndexText{{}, IndexChunks()} }, `,"index_texts":[null,[]]`},
		{"embeddings", func(r *AddRequest) {
			r.Embeddings = []Embedding{SingleVector([]float32{0.5, 1}), ChunkVectors([]float32{1}, []float32{2})}
		}, `,"embeddings":[[0.5,1],[[1],[2]]]`},
		{"embeddings None and empty", func(r *AddRequest) { r.Embeddings = []Embedding{{}, ChunkVectors()} }, `,"embeddings":[null,[]]`},
		{"batch_size", func(r *AddRequest) { r.BatchSize = 100 }, `,"batch_size":100`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := mem("a", "b")
			c.set(&r)
			encodes(t, r, "{"+base+c.want+"}")
		})
	}
}

func TestAddRequestContents(t *testing.T) {
	encodes(t, AddRequest{RecordType: RecordTypeMemory, Contents: []Content{}}, `{"record_type":"memory","contents":[]}`)
	got, err := json.Marshal(AddRequest{RecordType: RecordTypeMemory})
	require.NoError(t, err)
	assert.JSONEq(t, `{"record_type":"memory","contents":[]}`, string(got), "nil Contents are sent as []")
	msg := AddRequest{RecordType: RecordTypeMessage, Contents: []Content{
		ContentText(""), {},
		ContentParts(TextContent{Text: "menu", ID: "p1"},
			ImageContent{MimeType: ImagePNG, Bytes: []byte{1, 2}, Description: Some("a pizza"), Timestamp: "2026-11-30"},
			ImageContent{MimeType: ImageJPEG, Bytes: []byte{3}, Description: None[string]()}),
	}}
	encodes(t, msg, `{"record_type":"message","contents":["",null,[
		{"type":"text","text":"menu","id":"p1"},
		{"type":"image","mime_type":"image/png","bytes":"AQI=","description":"a pizza","timestamp":"2026-11-30"},
		{"type":"image","mime_type":"image/jpeg","bytes":"Aw==","description":null}]]}`)
	summary := AddRequest{RecordType: RecordTypeThreadSummary, Contents: []Content{
		ContentObject(map[string]any{"text": "recap", "n": json.Number("2")}), ContentText("short"), ContentObject(nil)}}
	encodes(t, summary, `{"record_type":"thread_summary","contents":[{"text":"recap","n":2},"short",null]}`)
	img := AddRequest{RecordType: RecordTypeImage, Contents: []Content{ContentBytes(pngBytes)}}
	encodes(t, img, `{"record_type":"image","contents":["iVBORw0KGgowMDAw"]}`)
}

func TestAddRequestDecodeRefuses(t *testing.T) {
	for name, raw := range map[string]string{
		"unknown key":       `{"record_type":"memory","contnets":[]}`,
		"bad base64 image":  `{"record_type":"image","contents":["not base64!"]}`,
		"part type":         `{"record_type":"message","contents":[[{"type":"video"}]]}`,
		"part key":          `{"record_type":"message","contents":[[{"type":"text","text":"x","bytes":"AA=="}]]}`,
		"ttl_days string":   `{"record_type":"memory","contents":[],"ttl_days":"7"}`,
		"index text number": `{"record_type":"memory","contents":["a"],"index_texts":[3]}`,
		"embedding string":  `{"record_type":"memory","contents":["a"],"embeddings":["x"]}`,
		"vector too large":  `{"record_type":"memory","contents":["a"],"embeddings":[[1e40]]}`,
	} {
		t.Run(name, func(t *testing.T) {
			var r AddRequest
			assert.Error(t, json.Unmarshal([]byte(raw), &r))
		})
	}
}

func TestPerRecordOmittedCannotBeEncoded(t *testing.T) {
	_, err := json.Marshal(struct {
		P PerRecord[int] `json:"p"`
	}{})
	assert.Error(t, err, "an omitted PerRecord without omitzero would turn into null")
	p := EachOptional(Some(1), Optional[int]{})
	_, err = json.Marshal(p)
	assert.Error(t, err, "an omitted list entry cannot be sent")
}

func TestPerRecordAccessors(t *testing.T) {
	b := Broadcast("u1")
	assert.Equal(t, Some("u1"), b.At(5))
	assert.False(t, b.IsList())
	l := EachOptional(Some("a"), None[string]())
	assert.True(t, l.IsList())
	assert.Equal(t, None[string](), l.At(1))
	assert.True(t, l.At(2).IsOmitted(), "past the end")
	assert.Len(t, l.Items(), 2)
	assert.True(t, PerRecord[string]{}.IsZero())
	assert.False(t, EachOptional[string]().IsZero(), "an empty list is given")
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
		{"timestamp value", func(r *UpdateRequest) { r.Timestamp = Some("2099-06-01T00:00:00Z") }, `,"timestamp":"2099-06-01T00:00:00Z"`},
		{"timestamp None", func(r *UpdateRequest) { r.Timestamp = None[string]() }, `,"timestamp":null`},
		{"ttl_days value", func(r *UpdateRequest) { r.TTLDays = Some(500) }, `,"ttl_days":500`},
		{"ttl_days None", func(r *UpdateRequest) { r.TTLDays = None[int]() }, `,"ttl_days":null`},
		{"ttl_anchor value", func(r *UpdateRequest) { r.TTLAnchor = Some(TTLFromCreatedAt) }, `,"ttl_anchor":"CREATED_AT"`},
		{"ttl_anchor None", func(r *UpdateRequest) { r.TTLAnchor = None[TTLAnchor]() }, `,"ttl_anchor":null`},
		{"status value", func(r *UpdateRequest) { r.Status = Some(RecordInvalid) }, `,"status":"INVALID"`},
		{"status None", func(r *UpdateRequest) { r.Status = None[RecordStatus]() }, `,"status":null`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := UpdateRequest{RecordType: RecordTypeFact, RecordID: "f1"}
			c.set(&r)
			encodes(t, r, "{"+base+c.want+"}")
		})
	}
	img := UpdateRequest{RecordType: RecordTypeImage, RecordID: "i", Content: Some(ContentBytes([]byte{0xff, 0xd8, 0xff}))}
	encodes(t, img, `{"record_type":"image","record_id":"i","content":"/9j/"}`)
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
	encodes(t, ListThreadMessagesRequest{ThreadID: "t1", LastN: None[int](), RangeStartSeqNo: None[int64]()},
		`{"thread_id":"t1","last_n":null,"range_start_seq_no":null}`)
	encodes(t, ListThreadMessagesRequest{ThreadID: "t1", LastN: Some(2), RangeStartSeqNo: Some[int64](0), RangeEndSeqNo: Some[int64](4), IncludeBytes: true},
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
			_, err := s.AddUser(t.Context(), "u1", "Likes tea", map[string]any{})
			return err
		}, "add_user", `{"user_id":"u1","information":"Likes tea","metadata":{}}`},
		{"user from the security context", func(s *Store) error { _, err := s.AddUser(t.Context(), "", "", nil); return err },
			"add_user", `{"information":""}`},
		{"agent", func(s *Store) error { _, err := s.AddAgent(t.Context(), "a1", "Helpful", nil); return err },
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
