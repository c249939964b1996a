package agentmemory

// The client-side rules of the record calls, one case per rule, named by the
// rule of docs/protocol-records.md (§ for the key table, R/U for the write
// rules) or "go" for a defect only a Go value can have. A refused request
// never reaches the database; an accepted one does.

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type ruleCase struct {
	rule string
	call func(context.Context, *Store) error
	want string // "" for an accepted request; else a fragment of the message
	vec  bool   // run on the VECTOR store (REC02) instead of REC01
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			name := "rec01"
			if c.vec {
				name = "vec_"
			}
			f, s := testStore(name, func(fakeCall) (string, error) {
				return `{"ids":[],"warnings":[],"id":"x","updated":1,"deleted":1,"record":null,"records":[]}`, nil
			})
			err := c.call(t.Context(), s)
			if c.want == "" {
				require.NoError(t, err)
				assert.Len(t, f.Calls(), 1, "an accepted request reaches the package")
				return
			}
			require.Error(t, err)
			var e *Error
			require.True(t, errors.As(err, &e), "%v", err)
			assert.True(t, errors.Is(err, ErrInvalidArgument))
			assert.True(t, strings.HasPrefix(e.Message, "INVALID_ARGUMENT: "), e.Message)
			assert.Contains(t, e.Message, c.want)
			assert.Empty(t, f.Calls(), "a refused request never reaches the package")
			assert.Empty(t, f.Events(), "not even a transaction")
		})
	}
}

func add(r AddRequest) func(context.Context, *Store) error {
	return func(ctx context.Context, s *Store) error { _, err := s.Add(ctx, r); return err }
}

func update(r UpdateRequest) func(context.Context, *Store) error {
	return func(ctx context.Context, s *Store) error { _, err := s.Update(ctx, r); return err }
}

func mem(texts ...string) AddRequest {
	return AddRequest{RecordType: RecordTypeMemory, Contents: Texts(texts...)}
}

// with applies f to a copy of r.
func with(r AddRequest, f func(*AddRequest)) AddRequest { f(&r); return r }

var pngBytes = []byte("\x89PNG\r\n\x1a\n0000")

func TestAddValidation(t *testing.T) {
	long := strings.Repeat("x", 129)
	runRuleCases(t, []ruleCase{
		{"accepted memory", add(mem("a", "b")), "", false},
		{"accepted zero records", add(AddRequest{RecordType: "MEMORY"}), "", false},
		{"§2 record_type required", add(AddRequest{Contents: Texts("a")}), "record_type is required in the add_records request", false},
		{"§2 record_type unknown", add(AddRequest{RecordType: "note", Contents: Texts("a")}), "record_type 'note' must be one of thread, message", false},
		{"§3.1 list length", add(with(mem("a", "b"), func(r *AddRequest) { r.UserIDs = Each("u1", "u2", "u3") })),
			"user_ids has 3 entries but contents has 2; pass one value for every record, or a list of 2", false},
		{"§3.1 list length metadata", add(with(mem("a"), func(r *AddRequest) { r.Metadata = Each[map[string]any]() })),
			"metadata has 0 entries but contents has 1", false},
		{"§3.1 index_texts length", add(with(mem("a"), func(r *AddRequest) { r.IndexTexts = []IndexText{} })),
			"index_texts has 0 entries but contents has 1", false},
		{"§3.1 embeddings length", add(with(mem("a"), func(r *AddRequest) { r.Embeddings = []Embedding{{}, {}} })),
			"embeddings has 2 entries but contents has 1", false},
		{"go omitted list entry", add(with(mem("a", "b"), func(r *AddRequest) { r.TTLDays = EachOptional(Some(7), Optional[int]{}) })),
			"ttl_days[1] is omitted", false},
		{"§3.1 record_ids scalar with several records", add(with(mem("a", "b"), func(r *AddRequest) { r.RecordIDs = Broadcast("x") })),
			"record_ids 'x' is a single id but contents has 2 records", false},
		{"§3.1 record_ids scalar None with several records", add(with(mem("a", "b"), func(r *AddRequest) { r.RecordIDs = BroadcastNone[string]() })), "", false},
		{"§3.1 record_ids unique", add(with(mem("a", "b", "c"), func(r *AddRequest) {
			r.RecordIDs = EachOptional(Some("x"), None[string](), Some("x"))
		})), "record_ids[2] 'x' repeats record_ids[0]; ids must be unique within the request", false},
		{"§2 id empty", add(with(mem("a"), func(r *AddRequest) { r.UserIDs = Broadcast("") })),
			"user_ids '' must be a non-empty string of at most 128 characters, or null", false},
		{"§2 id too long", add(with(mem("a"), func(r *AddRequest) { r.RecordIDs = Each(long) })),
			"record_ids[0] '" + long[:60] + "...' must be a non-empty string of at most 128", false},
		{"§2 id of 128 characters", add(with(mem("a"), func(r *AddRequest) { r.RecordIDs = Each(long[:128]) })), "", false},
		{"§3.1 profile needs record_ids", add(AddRequest{RecordType: RecordTypeUserProfile, Contents: Texts("Likes tea")}),
			"record_ids is required for record_type 'user_profile'", false},
		{"§3.1 profile record_ids entry null", add(AddRequest{RecordType: RecordTypeAgentProfile, Contents: Texts("a", "b"),
			RecordIDs: EachOptional(Some("a1"), None[string]())}), "record_ids[1] null is not allowed for record_type 'agent_profile'", false},
		{"§3.1 thread_ids on thread", add(AddRequest{RecordType: RecordTypeThread, Contents: []Content{{}}, ThreadIDs: Broadcast("t1")}),
			"thread_ids 't1' does not apply to record_type 'thread'", false},
		{"§3.1 thread_ids None on thread", add(AddRequest{RecordType: RecordTypeThread, Contents: []Content{{}}, ThreadIDs: BroadcastNone[string]()}), "", false},
		{"§3.1 thread_summary needs thread_ids", add(AddRequest{RecordType: RecordTypeThreadSummary, Contents: Texts("recap")}),
			"a thread_summary needs a thread id for every record", false},
		{"§3.1 thread_summary null thread id", add(AddRequest{RecordType: RecordTypeThreadSummary, Contents: Texts("a", "b"),
			ThreadIDs: EachOptional(Some("t1"), None[string]())}), "thread_ids[1] null: a thread_summary needs a thread id", false},
		{"§3.1 user_ids on profile", add(AddRequest{RecordType: RecordTypeUserProfile, Contents: Texts("x"), RecordIDs: Broadcast("u9"),
			UserIDs: Broadcast("u9")}), "user_ids 'u9' does not apply to record_type 'user_profile' (profiles are unscoped", false},
		{"§3.1 agent_ids None on profile", add(AddRequest{RecordType: RecordTypeUserProfile, Contents: Texts("x"), RecordIDs: Broadcast("u9"),
			AgentIDs: BroadcastNone[string]()}), "", false},
		{"§3.1 roles on memory", add(with(mem("a"), func(r *AddRequest) { r.Roles = Broadcast("user") })),
			"roles 'user' applies to record_type 'message' only; omit roles for record_type 'memory'", false},
		{"§3.1 role blank", add(AddRequest{RecordType: RecordTypeMessage, Contents: Texts("hi"), ThreadIDs: Broadcast("t1"), Roles: Each("  ")}),
			"roles[0] '  ' must be a non-blank string of at most 64 characters, or null", false},
		{"§3.1 role too long", add(AddRequest{RecordType: RecordTypeMessage, Contents: Texts("hi"), Roles: Broadcast(strings.Repeat("r", 65))}),
			"must be a non-blank string of at most 64 characters", false},
		{"§3.1 ttl_days 0", add(with(mem("a", "b"), func(r *AddRequest) { r.TTLDays = Each(7, 0) })),
			"ttl_days[1] 0 must be an integer from 1 to 365000, or null", false},
		{"§3.1 ttl_days above 365000", add(with(mem("a"), func(r *AddRequest) { r.TTLDays = Broadcast(365001) })),
			"ttl_days 365001 must be an integer from 1 to 365000", false},
		{"§3.1 ttl_days on a profile", add(AddRequest{RecordType: RecordTypeUserProfile, Contents: Texts("x"), RecordIDs: Broadcast("u9"),
			TTLDays: Broadcast(7)}), "ttl_days 7 does not apply to record_type 'user_profile' (user_profile records do not expire); omit ttl_days", false},
		{"§3.1 ttl_days None on a thread", add(AddRequest{RecordType: RecordTypeThread, Contents: []Content{{}}, TTLDays: BroadcastNone[int]()}), "", false},
		{"§3.1 ttl_anchor on a summary", add(AddRequest{RecordType: RecordTypeThreadSummary, Contents: Texts("x"), ThreadIDs: Broadcast("t1"),
			TTLAnchor: Broadcast(TTLFromCreatedAt)}), "ttl_anchor 'CREATED_AT' does not apply to record_type 'thread_summary'", false},
		{"§3.1 ttl_anchor value", add(with(mem("a"), func(r *AddRequest) { r.TTLAnchor = Broadcast[TTLAnchor]("UPDATED_AT") })),
			"ttl_anchor 'UPDATED_AT' must be CREATED_AT or TIMESTAMP", false},
		{"§3.1 ttl_anchor case-insensitive", add(with(mem("a"), func(r *AddRequest) { r.TTLAnchor = Broadcast[TTLAnchor]("created_at") })), "", false},
		{"§3.1 ttl_anchor TIMESTAMP needs a timestamp", add(with(mem("a", "b"), func(r *AddRequest) {
			r.TTLAnchor = Each(TTLFromCreatedAt, TTLFromTimestamp)
		})), "ttl_anchor[1] 'TIMESTAMP' needs a timestamp for record 1 (timestamps[1] is null or omitted)", false},
		{"§3.1 ttl_anchor TIMESTAMP with a timestamp", add(with(mem("a"), func(r *AddRequest) {
			r.TTLAnchor, r.Timestamps = Broadcast(TTLFromTimestamp), Broadcast("2026-01-01")
		})), "", false},
		{"§3.1 statuses", add(with(mem("a"), func(r *AddRequest) { r.Statuses = Broadcast[RecordStatus]("ACTIVE") })),
			"statuses 'ACTIVE' must be VALID or INVALID", false},
		{"§3.1 index_texts chunk empty", add(with(mem("a"), func(r *AddRequest) { r.IndexTexts = []IndexText{IndexChunks("ok", "")} })),
			"index_texts[0][1] '' must be a non-empty string", false},
		{"R5 empty index text and empty payload", add(with(mem("a"), func(r *AddRequest) {
			r.IndexTexts, r.Embeddings = []IndexText{IndexChunks()}, []Embedding{ChunkVectors()}
		})), "", false},
		{"R9 one vector for a chunk list of two", add(with(mem("a"), func(r *AddRequest) {
			r.IndexTexts, r.Embeddings = []IndexText{IndexChunks("c1", "c2")}, []Embedding{SingleVector([]float32{1, 0, 0, 0})}
		})), "embeddings[0] has 1 vector(s) but index_texts[0] has 2 chunk(s); give one vector per chunk", false},
		{"R10 several vectors without chunks", add(with(mem("a"), func(r *AddRequest) {
			r.Embeddings = []Embedding{ChunkVectors([]float32{1, 0, 0, 0}, []float32{0, 1, 0, 0})}
		})), "embeddings[0] has 2 vector(s) but index_texts[0] is not a chunk list", false},
		{"R10 vectors and chunks differ in count", add(with(mem("a"), func(r *AddRequest) {
			r.IndexTexts = []IndexText{IndexChunks("c1", "c2")}
			r.Embeddings = []Embedding{ChunkVectors([]float32{1, 0, 0, 0}, []float32{0, 1, 0, 0}, []float32{0, 0, 1, 0})}
		})), "embeddings[0] has 3 vector(s) but index_texts[0] has 2 chunk(s)", false},
		{"R10 one vector per chunk", add(with(mem("a"), func(r *AddRequest) {
			r.IndexTexts = []IndexText{IndexChunks("c1", "c2")}
			r.Embeddings = []Embedding{ChunkVectors([]float32{1, 0, 0, 0}, []float32{0, 1, 0, 0})}
		})), "", false},
		{"R12 one dimension per call", add(with(mem("a", "b"), func(r *AddRequest) {
			r.Embeddings = []Embedding{SingleVector([]float32{1, 0, 0, 0}), SingleVector([]float32{1, 0, 0})}
		})), "embeddings[1] has 3 dimensions but embeddings[0] has 4; all vectors of a call must have the same dimension", false},
		{"R12 the store's dimension", add(with(mem("a"), func(r *AddRequest) { r.Embeddings = []Embedding{SingleVector([]float32{1, 0, 0})} })),
			"embeddings[0] has 3 dimensions but the store has vector_dim 4; pass 4-dimension vectors", false},
		{"R12 chunk vector path", add(with(mem("a"), func(r *AddRequest) {
			r.IndexTexts = []IndexText{IndexChunks("c1", "c2")}
			r.Embeddings = []Embedding{ChunkVectors([]float32{1, 0, 0, 0}, []float32{0, 1})}
		})), "embeddings[0][1] has 2 dimensions but embeddings[0][0] has 4", false},
		{"go NaN in a vector", add(with(mem("a"), func(r *AddRequest) {
			r.Embeddings = []Embedding{SingleVector([]float32{1, float32(math.NaN()), 0, 0})}
		})), "embeddings[0][1] NaN is not a finite number", false},
		{"go infinity in a vector", add(with(mem("a"), func(r *AddRequest) {
			r.Embeddings = []Embedding{SingleVector([]float32{float32(math.Inf(1)), 0, 0, 0})}
		})), "embeddings[0][0] +Inf is not a finite number", false},
		{"§3.1 batch_size negative", add(with(mem("a"), func(r *AddRequest) { r.BatchSize = -1 })),
			"batch_size -1 must be an integer from 1 to 10000, or null", false},
		{"§3.1 batch_size above 10000", add(with(mem("a"), func(r *AddRequest) { r.BatchSize = 10001 })), "batch_size 10001 must be", false},
		{"§3.2 parts for a memory", add(AddRequest{RecordType: RecordTypeFact, Contents: []Content{ContentParts(TextContent{Text: "x"})}}),
			"contents[0] [...] is not valid content for record_type 'fact'; expected a string or null", false},
		{"§3.2 object for a memory", add(AddRequest{RecordType: RecordTypeMemory, Contents: []Content{ContentObject(map[string]any{"text": "x"})}}),
			"contents[0] {...} is not valid content for record_type 'memory'", false},
		{"§3.2 bytes for a thread", add(AddRequest{RecordType: RecordTypeThread, Contents: []Content{ContentBytes([]byte{1})}}),
			"contents[0] 'AQ==' is not valid content for record_type 'thread'", false},
		{"§3.2 object for a message", add(AddRequest{RecordType: RecordTypeMessage, Contents: []Content{ContentObject(map[string]any{})}}),
			"expected a string, a list of content parts or null", false},
		{"§3.2 parts for a summary", add(AddRequest{RecordType: RecordTypeThreadSummary, ThreadIDs: Broadcast("t1"),
			Contents: []Content{ContentParts(TextContent{Text: "x"})}}), "expected an object, a string or null", false},
		{"§3.2 text for an image", add(AddRequest{RecordType: RecordTypeImage, Contents: Texts("abc"),
			Metadata: Broadcast(map[string]any{"image_mime_type": "image/png"})}), "contents[0] 'abc' is not valid content for record_type 'image'; expected base64 image bytes", false},
		{"§3.2 message None without fallback", add(AddRequest{RecordType: RecordTypeMessage, Contents: []Content{{}}, ThreadIDs: Broadcast("t1")}),
			"contents[0] null has no fallback: record_type 'message' needs content (a string or a list of content parts) and metadata[0].content is absent or not a string", false},
		{"§3.2 message None with fallback", add(AddRequest{RecordType: RecordTypeMessage, Contents: []Content{{}},
			Metadata: Each(map[string]any{"content": "from metadata"})}), "", false},
		{"§3.2 profile None with a non-string fallback", add(AddRequest{RecordType: RecordTypeUserProfile, Contents: []Content{{}},
			RecordIDs: Broadcast("u9"), Metadata: Broadcast(map[string]any{"content": 1})}), "metadata.content is absent or not a string", false},
		{"§3.2 memory None without fallback", add(AddRequest{RecordType: RecordTypeMemory, Contents: []Content{{}}}), "", false},
		{"§3.2 message parts empty", add(AddRequest{RecordType: RecordTypeMessage, Contents: []Content{ContentParts()}}),
			"contents[0] is an empty list; a message needs at least one content part", false},
		{"go nil part", add(AddRequest{RecordType: RecordTypeMessage, Contents: []Content{ContentParts(TextContent{Text: "a"}, nil)}}),
			"contents[0][1] is nil; a part is a TextContent or an ImageContent", false},
		{"§3.2 image part without bytes", add(AddRequest{RecordType: RecordTypeMessage, Contents: []Content{
			ContentParts(ImageContent{MimeType: ImagePNG, Description: Some("x")})}}), "contents[0][0].bytes is required for an image part", false},
		{"§3.2 image part mime", add(AddRequest{RecordType: RecordTypeMessage, Contents: []Content{
			ContentParts(&ImageContent{MimeType: "image/gif", Bytes: pngBytes})}}), "contents[0][0].mime_type 'image/gif' must be one of image/png, image/jpeg, image/webp", false},
		{"§3.2 part id too long", add(AddRequest{RecordType: RecordTypeMessage, Contents: []Content{
			ContentParts(&TextContent{ID: long, Text: "x"})}}), "contents[0][0].id '", false},
		{"§3.2 message parts accepted", add(AddRequest{RecordType: RecordTypeMessage, Contents: []Content{
			ContentParts(TextContent{Text: "menu"}, ImageContent{MimeType: "IMAGE/PNG", Bytes: pngBytes})}}), "", false},
		{"§3.2 image mime required", add(AddRequest{RecordType: RecordTypeImage, Contents: []Content{ContentBytes(pngBytes)},
			Metadata: Each(map[string]any{"album": "trip"})}), "metadata[0].image_mime_type is required for record_type 'image': one of image/png, image/jpeg, image/webp", false},
		{"§3.2 image mime required without metadata", add(AddRequest{RecordType: RecordTypeImage, Contents: []Content{ContentBytes(pngBytes)}}),
			"metadata[0].image_mime_type is required", false},
		{"§3.2 image mime value", add(AddRequest{RecordType: RecordTypeImage, Contents: []Content{ContentBytes(pngBytes)},
			Metadata: Broadcast(map[string]any{"image_mime_type": "image/gif"})}), "metadata.image_mime_type 'image/gif' must be one of", false},
		{"§3.2 image mime not a string", add(AddRequest{RecordType: RecordTypeImage, Contents: []Content{ContentBytes(pngBytes)},
			Metadata: Broadcast(map[string]any{"image_mime_type": 3})}), "metadata.image_mime_type 3 must be one of", false},
		{"§3.2 image accepted", add(AddRequest{RecordType: RecordTypeImage, Contents: []Content{ContentBytes(pngBytes)},
			Metadata: Broadcast(map[string]any{"image_mime_type": "Image/PNG"})}), "", false},
	})
}

func TestAddValidationStoreWithoutVectors(t *testing.T) {
	_, s := testStore("rec", nil)
	s.result.Store.Config.VectorDim = None[int]()
	_, err := s.Add(t.Context(), with(mem("a"), func(r *AddRequest) { r.Embeddings = []Embedding{SingleVector([]float32{1})} }))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "embeddings given but the store has no local vector storage (vector_dim null)")
}

func TestAddBatchesValidation(t *testing.T) {
	batches := func(bs ...AddRequest) []AddRequest { return bs }
	runRuleCases(t, []ruleCase{
		{"accepted", func(ctx context.Context, s *Store) error {
			_, err := s.AddBatches(ctx, batches(mem("a"), AddRequest{RecordType: RecordTypeThread, Contents: []Content{{}}}), 100)
			return err
		}, "", false},
		{"§3.1 batch paths", func(ctx context.Context, s *Store) error {
			_, err := s.AddBatches(ctx, batches(mem("a"), with(mem("a"), func(r *AddRequest) { r.UserIDs = Each("u1", "u2") })), 0)
			return err
		}, "batches[1].user_ids has 2 entries but contents has 1", false},
		{"§3.1 batch_size at the top only", func(ctx context.Context, s *Store) error {
			_, err := s.AddBatches(ctx, batches(with(mem("a"), func(r *AddRequest) { r.BatchSize = 5 })), 0)
			return err
		}, "batches[0].BatchSize 5: batch_size is a setting of the whole call", false},
		{"§3.1 batch_size", func(ctx context.Context, s *Store) error {
			_, err := s.AddBatches(ctx, nil, -3)
			return err
		}, "batch_size -3 must be an integer from 1 to 10000", false},
		{"R12 across batches", func(ctx context.Context, s *Store) error {
			_, err := s.AddBatches(ctx, batches(
				with(mem("a"), func(r *AddRequest) { r.Embeddings = []Embedding{SingleVector([]float32{1, 0, 0, 0})} }),
				with(mem("b"), func(r *AddRequest) { r.Embeddings = []Embedding{SingleVector([]float32{1, 0})} })), 0)
			return err
		}, "batches[1].embeddings[0] has 2 dimensions but batches[0].embeddings[0] has 4", false},
	})
}

func TestUpdateValidation(t *testing.T) {
	u := func(f func(*UpdateRequest)) UpdateRequest {
		r := UpdateRequest{RecordType: RecordTypeMemory, RecordID: "m1"}
		f(&r)
		return r
	}
	v4 := []float32{1, 0, 0, 0}
	runRuleCases(t, []ruleCase{
		{"accepted", update(u(func(r *UpdateRequest) { r.Content = Some(ContentText("x")) })), "", false},
		{"§10 record_type", update(UpdateRequest{RecordID: "m1", Status: Some(RecordValid)}), "record_type is required in the update_record request", false},
		{"§10 record_id", update(UpdateRequest{RecordType: RecordTypeMemory, Status: Some(RecordValid)}), "record_id is required in the update_record request", false},
		{"U1 at least one field", update(u(func(*UpdateRequest) {})),
			"update_record needs at least one of content, text, index_text, embedding, metadata, timestamp, ttl_days, ttl_anchor, status", false},
		{"U1 None is a field", update(u(func(r *UpdateRequest) { r.Metadata = None[map[string]any]() })), "", false},
		{"U2 content and text", update(u(func(r *UpdateRequest) { r.Content, r.Text = Some(ContentText("a")), Some(ContentText("b")) })),
			"content and text cannot both be given; text is the deprecated alias of content", false},
		{"U2 text follows the content rules", update(UpdateRequest{RecordType: RecordTypeMessage, RecordID: "msg1", Text: None[Content]()}),
			"text null is not allowed for record_type 'message'", false},
		{"U4 content kind", update(u(func(r *UpdateRequest) { r.Content = Some(ContentParts(TextContent{Text: "x"})) })),
			"content [...] is not valid content for record_type 'memory'", false},
		{"U7 index_text None with vectors", update(u(func(r *UpdateRequest) {
			r.IndexText, r.Embedding = None[IndexText](), Some(SingleVector(v4))
		})), "index_text null clears the retrieval rows, so embedding must be omitted, null or []", false},
		{"U7 index_text None with an empty payload", update(u(func(r *UpdateRequest) {
			r.IndexText, r.Embedding = None[IndexText](), Some(ChunkVectors())
		})), "", false},
		{"U6 chunk empty", update(u(func(r *UpdateRequest) { r.IndexText = Some(IndexChunks("a", "")) })),
			"index_text[1] '' must be a non-empty string", false},
		{"U10 several vectors need a chunk list", update(u(func(r *UpdateRequest) {
			r.Content, r.Embedding = Some(ContentText("new text")), Some(ChunkVectors(v4, v4))
		})), "embedding has 2 vector(s) but index_text is not a chunk list; several vectors need index_text as a list of 2 chunks", false},
		{"U10 vectors and chunks differ in count", update(u(func(r *UpdateRequest) {
			r.IndexText, r.Embedding = Some(IndexChunks("a", "b", "c")), Some(ChunkVectors(v4, v4))
		})), "embedding has 2 vector(s) but index_text has 3 chunk(s)", false},
		{"U10 embedding-only with several vectors", update(u(func(r *UpdateRequest) { r.Embedding = Some(ChunkVectors(v4, v4)) })), "", false},
		{"U11 embedding None", update(u(func(r *UpdateRequest) { r.Embedding = None[Embedding]() })), "", false},
		{"R12 the store's dimension", update(u(func(r *UpdateRequest) { r.Embedding = Some(SingleVector([]float32{1, 2})) })),
			"embedding has 2 dimensions but the store has vector_dim 4", false},
		{"U12 message content None", update(UpdateRequest{RecordType: RecordTypeMessage, RecordID: "msg1", Content: None[Content]()}),
			`content null is not allowed for record_type 'message'; pass "" to replace the message with empty text`, false},
		{"U12 profile content None", update(UpdateRequest{RecordType: RecordTypeAgentProfile, RecordID: "a1", Content: None[Content]()}),
			"content null is not allowed for record_type 'agent_profile' (profiles need information text)", false},
		{"U12 memory content None with index_text", update(u(func(r *UpdateRequest) {
			r.Content, r.IndexText = None[Content](), Some(IndexString("x"))
		})), "content null clears the stored text and its retrieval rows, so index_text must be omitted or null", false},
		{"U12 memory content None with embedding", update(u(func(r *UpdateRequest) {
			r.Content, r.Embedding = None[Content](), Some(SingleVector(v4))
		})), "content null clears the stored text and its retrieval rows, so embedding must be omitted or null", false},
		{"U12 memory content None alone", update(u(func(r *UpdateRequest) { r.Content, r.Embedding = None[Content](), None[Embedding]() })), "", false},
		{"U13 image content without metadata", update(UpdateRequest{RecordType: RecordTypeImage, RecordID: "img1", Content: Some(ContentBytes(pngBytes))}),
			"content of an image record needs metadata with image_mime_type", false},
		{"U13 image content with a bad mime", update(UpdateRequest{RecordType: RecordTypeImage, RecordID: "img1", Content: Some(ContentBytes(pngBytes)),
			Metadata: Some(map[string]any{"image_mime_type": "image/bmp"})}), "metadata.image_mime_type 'image/bmp' must be one of", false},
		{"U13 image content None", update(UpdateRequest{RecordType: RecordTypeImage, RecordID: "img1", Content: None[Content]()}),
			"content of an image record needs metadata with image_mime_type", false},
		{"U13 image content accepted", update(UpdateRequest{RecordType: RecordTypeImage, RecordID: "img1", Content: Some(ContentBytes(pngBytes)),
			Metadata: Some(map[string]any{"image_mime_type": "image/png"})}), "", false},
		{"U17 ttl_days on a summary", update(UpdateRequest{RecordType: RecordTypeThreadSummary, RecordID: "s1", TTLDays: Some(7)}),
			"ttl_days 7 does not apply to record_type 'thread_summary' (thread_summary records do not expire); omit ttl_days", false},
		{"U17 ttl_days None on a profile", update(UpdateRequest{RecordType: RecordTypeUserProfile, RecordID: "u1", TTLDays: None[int]()}),
			"ttl_days null does not apply to record_type 'user_profile'", false},
		{"U17 ttl_anchor on a thread", update(UpdateRequest{RecordType: RecordTypeThread, RecordID: "t1", TTLAnchor: Some(TTLFromTimestamp)}),
			"ttl_anchor 'TIMESTAMP' does not apply to record_type 'thread'", false},
		{"U17 ttl_days range", update(u(func(r *UpdateRequest) { r.TTLDays = Some(0) })), "ttl_days 0 must be an integer from 1 to 365000, or null", false},
		{"U17 ttl_anchor value", update(u(func(r *UpdateRequest) { r.TTLAnchor = Some[TTLAnchor]("NOW") })), "ttl_anchor 'NOW' must be CREATED_AT or TIMESTAMP", false},
		{"U18 status value", update(u(func(r *UpdateRequest) { r.Status = Some[RecordStatus]("DONE") })), "status 'DONE' must be VALID or INVALID", false},
	})
}

func TestReadAndDeleteValidation(t *testing.T) {
	list := func(r ListRequest) func(context.Context, *Store) error {
		return func(ctx context.Context, s *Store) error { _, err := s.List(ctx, r); return err }
	}
	thread := func(r ListThreadMessagesRequest) func(context.Context, *Store) error {
		return func(ctx context.Context, s *Store) error { _, err := s.ListThreadMessages(ctx, r); return err }
	}
	runRuleCases(t, []ruleCase{
		{"§7 get record_type", func(ctx context.Context, s *Store) error { _, err := s.Get(ctx, "", "m1", false); return err },
			"record_type is required in the get_record request", false},
		{"§7 get record_id", func(ctx context.Context, s *Store) error {
			_, err := s.Get(ctx, RecordTypeMemory, "", false)
			return err
		},
			"record_id is required in the get_record request", false},
		{"§7 get accepted", func(ctx context.Context, s *Store) error { _, err := s.Get(ctx, "Memory", "m1", true); return err }, "", false},
		{"§8 list record_type", list(ListRequest{RecordType: "memories"}), "record_type 'memories' must be one of", false},
		{"§8 limit", list(ListRequest{RecordType: RecordTypeMemory, Limit: Some(0)}), "limit 0 must be an integer of at least 1, or null for no limit", false},
		{"§8 limit None", list(ListRequest{RecordType: RecordTypeMemory, Limit: None[int]()}), "", false},
		{"§8 thread_id on threads", list(ListRequest{RecordType: RecordTypeThread, ThreadID: None[string]()}),
			"thread_id must not be given when record_type is 'thread'", false},
		{"§8 scope id empty", list(ListRequest{RecordType: RecordTypeMemory, UserID: Some("")}), "user_id '' must be a non-empty string", false},
		{"§8 include_bytes on images", list(ListRequest{RecordType: RecordTypeImage, IncludeBytes: true, RecordID: "img1", UserID: None[string]()}),
			"include_bytes true on a list of image records needs record_id and at least one of user_id, agent_id, thread_id given as an id", false},
		{"§8 include_bytes on images accepted", list(ListRequest{RecordType: RecordTypeImage, IncludeBytes: true, RecordID: "img1", AgentID: Some("a1")}), "", false},
		{"§8 metadata_filter", list(ListRequest{RecordType: RecordTypeMemory, MetadataFilter: Some(Filter{"tags": Filter{"$in": 1}})}),
			"metadata_filter.tags.$in", false},
		{"§8 metadata_filter None", list(ListRequest{RecordType: RecordTypeMemory, MetadataFilter: None[Filter]()}), "", false},
		{"§9 thread_id", thread(ListThreadMessagesRequest{}), "thread_id is required in the list_thread_messages request", false},
		{"§9 last_n", thread(ListThreadMessagesRequest{ThreadID: "t1", LastN: Some(0)}), "last_n 0 must be an integer of at least 1, or null", false},
		{"§9 range start", thread(ListThreadMessagesRequest{ThreadID: "t1", RangeStartSeqNo: Some[int64](-1)}), "range_start_seq_no -1 must be an integer of at least 0", false},
		{"§9 range reversed", thread(ListThreadMessagesRequest{ThreadID: "t1", RangeStartSeqNo: Some[int64](5), RangeEndSeqNo: Some[int64](3)}),
			"range_end_seq_no 3 must not be less than range_start_seq_no 5", false},
		{"§9 equal bounds", thread(ListThreadMessagesRequest{ThreadID: "t1", RangeStartSeqNo: Some[int64](3), RangeEndSeqNo: Some[int64](3)}), "", false},
		{"§11 delete record_id", func(ctx context.Context, s *Store) error {
			_, err := s.Delete(ctx, RecordTypeMemory, "", false)
			return err
		},
			"record_id is required in the delete_record request", false},
		{"§11 delete record_type", func(ctx context.Context, s *Store) error { _, err := s.Delete(ctx, "x", "m1", true); return err },
			"record_type 'x' must be one of", false},
		{"§11 delete_thread thread_id", func(ctx context.Context, s *Store) error { _, err := s.DeleteThread(ctx, ""); return err },
			"thread_id is required in the delete_thread request", false},
		{"§5 add_agent agent_id", func(ctx context.Context, s *Store) error { _, err := s.AddAgent(ctx, "", "x", nil); return err },
			"agent_id is required in the add_agent request", false},
		{"§5 add_user user_id may be omitted", func(ctx context.Context, s *Store) error { _, err := s.AddUser(ctx, "", "x", nil); return err }, "", false},
		{"§5 add_user user_id too long", func(ctx context.Context, s *Store) error {
			_, err := s.AddUser(ctx, strings.Repeat("u", 129), "x", nil)
			return err
		}, "user_id '", false},
	})
}
