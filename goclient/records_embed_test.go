package agentmemory

// Client-side embedding of writes: chunk_text first for long texts, one
// Embed call, then add_records or update_record with the vectors.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeEmbedder gives text t the vector [len(t), 1, 0, 0], or what vectors
// says; it records every call.
type fakeEmbedder struct {
	mu      sync.Mutex
	calls   [][]string
	err     error
	vectors func([]string) [][]float32
}

func (e *fakeEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	e.calls = append(e.calls, append([]string(nil), texts...))
	e.mu.Unlock()
	if e.err != nil {
		return nil, e.err
	}
	if e.vectors != nil {
		return e.vectors(texts), nil
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = vec(t)
	}
	return out, nil
}

func (e *fakeEmbedder) Dimension() int { return 4 }

func vec(text string) []float32 { return []float32{float32(len(text)), 1, 0, 0} }

// chunker answers chunk_text by splitting each text at "|" (a text without
// one is one chunk, a blank text none) and add/update calls with ok.
func chunker(ok string) func(fakeCall) (string, error) {
	return func(c fakeCall) (string, error) {
		if c.Fn != "chunk_text" {
			return ok, nil
		}
		var req struct{ Texts []string }
		if err := json.Unmarshal([]byte(c.Args["b_request"].(string)), &req); err != nil {
			return "", err
		}
		chunks := make([][]string, len(req.Texts))
		for i, t := range req.Texts {
			chunks[i] = []string{}
			for _, p := range strings.Split(t, "|") {
				if p = strings.TrimSpace(p); p != "" {
					chunks[i] = append(chunks[i], p)
				}
			}
		}
		b, err := json.Marshal(map[string]any{"chunks": chunks})
		return string(b), err
	}
}

// vectorStore is a VECTOR store of dimension 4 whose chunks hold at most
// 10 characters.
func vectorStore(respond func(fakeCall) (string, error)) (*fakeDB, *Store) {
	f, s := testStore("vec_", respond)
	s.result.Store.Config.Chunking = ChunkingConfig{Max: 10, By: "characters"}
	return f, s
}

func sentJSON(t *testing.T, c fakeCall) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(c.Args["b_request"].(string)), &m))
	return m
}

func vectorsJSON(vs ...[]float32) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		row := make([]any, len(v))
		for j, x := range v {
			row[j] = float64(x)
		}
		out[i] = row
	}
	return out
}

// withEmbedder gives s the client-side embedder emb, as Open does with
// StoreOptions.Embedder.
func withEmbedder(s *Store, emb Embedder) *Store {
	s.opts.Embedder = emb
	return s
}

// mems returns one memory per text.
func mems(texts ...string) []Memory {
	out := make([]Memory, len(texts))
	for i, t := range texts {
		out[i] = Memory{Text: t}
	}
	return out
}

func TestAddEmbedsOnTheClient(t *testing.T) {
	f, s := vectorStore(chunker(`{"ids":["a","b","c","d","e","f","g","h"],"warnings":[]}`))
	emb := &fakeEmbedder{}
	explicit := SingleVector([]float32{9, 9, 9, 9})
	records := []Memory{
		{Text: "short"},                    // 0: one vector for the whole text (R9)
		{Text: "first half | second half"}, // 1: longer than 10: split by chunk_text (R10)
		{Text: "stored", IndexText: IndexChunks("c one", "c two")}, // 2: caller chunks (R3)
		{Text: "explicit", Embedding: explicit},                    // 3: the caller's vector
		{},                                                         // 4: no text, no rows (R6)
		{Text: "   "},                                              // 5: blank: no chunk (R7)
		{Metadata: map[string]any{"content": "fallback"}}, // 6: metadata["content"] fallback
		{Text: "x", IndexText: IndexString("")},           // 7: index text "" (R5)
	}
	callerRecords := append([]Memory(nil), records...)

	res, err := withEmbedder(s, emb).AddMemories(t.Context(), records)
	require.NoError(t, err)
	assert.Len(t, res.IDs, 8)

	calls := f.Calls()
	require.Len(t, calls, 2, "chunk_text, then add_records")
	assert.Equal(t, "chunk_text", calls[0].Fn)
	assert.JSONEq(t, `{"texts":["first half | second half"]}`, calls[0].Args["b_request"].(string), "only texts longer than chunking.max go to chunk_text")
	assert.Equal(t, "add_records", calls[1].Fn)
	assert.Equal(t, []string{"prepare chunk_text", "exec chunk_text", "autocommit",
		"prepare add_records", "exec add_records", "autocommit"}, f.Events(), "two round trips: chunk_text, then add_records, each committing on success")

	require.Len(t, emb.calls, 1, "one Embed call for the whole add")
	assert.Equal(t, []string{"short", "first half", "second half", "c one", "c two", "fallback"}, emb.calls[0])

	sent := sentJSON(t, calls[1])
	assert.Equal(t, []any{nil, []any{"first half", "second half"}, []any{"c one", "c two"}, nil, nil, nil, nil, ""}, sent["index_texts"])
	assert.Equal(t, []any{
		vectorsJSON(vec("short"))[0],
		vectorsJSON(vec("first half"), vec("second half")),
		vectorsJSON(vec("c one"), vec("c two")),
		vectorsJSON([]float32{9, 9, 9, 9})[0],
		nil, nil,
		vectorsJSON(vec("fallback"))[0],
		nil,
	}, sent["embeddings"])
	assert.Equal(t, callerRecords, records, "the caller's records are not written")
}

func TestAddEmbedsMessagesImagesAndSummaries(t *testing.T) {
	f, s := vectorStore(chunker(`{"ids":["m","i","s"],"warnings":[]}`))
	emb := &fakeEmbedder{}
	_, err := withEmbedder(s, emb).Add(t.Context(),
		Message{ThreadID: "t1", Parts: []MessageContent{TextContent{Text: "Here"},
			ImageContent{MimeType: ImagePNG, Bytes: pngBytes, Description: Some("pizza")}, TextContent{Text: "menu"}}},
		Image{Bytes: pngBytes, MimeType: ImagePNG, Description: "a very long | description"},
		Summary{ThreadID: "t1", Object: map[string]any{"text": "recap", "n": 1}})
	require.NoError(t, err)
	require.Len(t, f.Calls(), 1, "no text longer than chunking.max but the image's, which is never split")
	require.Len(t, emb.calls, 1)
	assert.Equal(t, []string{"Here\nmenu", "a very long | description", "recap"}, emb.calls[0],
		"a message's text parts joined with a newline; an image's whole description; a summary's text")
	sent := sentJSON(t, f.Calls()[0])
	for b, want := range []string{"Here\nmenu", "a very long | description", "recap"} {
		batch := sent["batches"].([]any)[b].(map[string]any)
		assert.Equal(t, []any{vectorsJSON(vec(want))[0]}, batch["embeddings"], "batch %d", b)
	}
}

func TestAddEmbedChunkTextOutcomes(t *testing.T) {
	f, s := vectorStore(chunker(`{"ids":["a","b"],"warnings":[]}`))
	emb := &fakeEmbedder{}
	_, err := withEmbedder(s, emb).AddMemories(t.Context(), mems("one long chunk only", "|    |    |"))
	require.NoError(t, err)
	assert.Equal(t, [][]string{{"one long chunk only"}}, emb.calls, "one chunk: the whole text, one vector; no chunk: nothing to embed")
	sent := sentJSON(t, f.Calls()[1])
	assert.Nil(t, sent["index_texts"], "no index text changes")
	assert.Equal(t, []any{vectorsJSON(vec("one long chunk only"))[0], nil}, sent["embeddings"])
}

func TestAddEmbedChunkTextCallsPer1000Texts(t *testing.T) {
	f, s := vectorStore(chunker(`{"ids":[],"warnings":[]}`))
	texts := make([]string, 1001)
	for i := range texts {
		texts[i] = fmt.Sprintf("text number %d", i)
	}
	_, err := withEmbedder(s, &fakeEmbedder{}).AddMemories(t.Context(), mems(texts...))
	require.NoError(t, err)
	var fns []string
	for _, c := range f.Calls() {
		fns = append(fns, c.Fn)
	}
	assert.Equal(t, []string{"chunk_text", "chunk_text", "add_records"}, fns)
	assert.Len(t, sentJSON(t, f.Calls()[1])["texts"], 1)
}

func TestAddEmbedFailures(t *testing.T) {
	service := errors.New("upstream 503")
	cases := []struct {
		name    string
		emb     *fakeEmbedder
		is      error
		message string
	}{
		{"embedder error", &fakeEmbedder{err: service}, service, "embedding 1 texts: upstream 503"},
		{"wrong count", &fakeEmbedder{vectors: func([]string) [][]float32 { return nil }}, ErrEmbeddingService, "returned 0 vectors for 1 texts"},
		{"wrong dimension", &fakeEmbedder{vectors: func(t []string) [][]float32 { return [][]float32{{1, 2, 3}} }}, ErrIncompatibleStore,
			"the Embedder produces 3-dimension vectors; the store has vector_dim 4"},
		{"not finite", &fakeEmbedder{vectors: func(t []string) [][]float32 { return [][]float32{{1, float32(math.NaN()), 0, 0}} }},
			ErrEmbeddingService, "vectors must be finite"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, s := vectorStore(chunker(`{"ids":["a"],"warnings":[]}`))
			_, err := withEmbedder(s, c.emb).AddMemory(t.Context(), Memory{Text: "short"})
			require.Error(t, err)
			assert.True(t, errors.Is(err, c.is), "%v", err)
			assert.Contains(t, err.Error(), c.message)
			assert.Empty(t, f.Calls(), "nothing is written")
		})
	}
}

func TestAddEmbedChunkTextError(t *testing.T) {
	f, s := vectorStore(func(fakeCall) (string, error) { return "", fakeOraErr{20111, "STORE_BROKEN: broken"} })
	emb := &fakeEmbedder{}
	_, err := withEmbedder(s, emb).AddMemory(t.Context(), Memory{Text: "a text longer than ten"})
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrStoreBroken))
	assert.Empty(t, emb.calls)
	assert.Len(t, f.Calls(), 1)
}

func TestEmbedsRecordsOnlyOnVectorStores(t *testing.T) {
	_, s := testStore("vec_", nil)
	assert.True(t, s.embedsRecords())
	_, s = testStore("rec01", nil)
	assert.False(t, s.embedsRecords(), "KEYWORD stores search text")
	_, s = testStore("vec_", nil)
	s.result.Store.Config.VectorDim = None[int]()
	assert.False(t, s.embedsRecords(), "no local vectors")
}

func TestAddProfileWithEmbedderUsesAddRecords(t *testing.T) {
	f, s := vectorStore(chunker(`{"ids":["u1"],"warnings":["w"]}`))
	res, err := withEmbedder(s, &fakeEmbedder{}).AddUser(t.Context(), Profile{ID: "u1", Information: "Likes tea", Metadata: map[string]any{"a": 1}})
	require.NoError(t, err)
	assert.Equal(t, &ProfileResult{ID: "u1", Warnings: []string{"w"}}, res)
	require.Len(t, f.Calls(), 1)
	assert.Equal(t, "add_records", f.Calls()[0].Fn)
	assert.JSONEq(t, `{"record_type":"user_profile","contents":["Likes tea"],"record_ids":["u1"],"metadata":[{"a":1}],
		"embeddings":[[9,1,0,0]]}`, f.Calls()[0].Args["b_request"].(string))

	f, s = vectorStore(chunker(`{"id":"u1","warnings":[]}`))
	_, err = withEmbedder(s, &fakeEmbedder{}).AddUser(t.Context(), Profile{Information: "Likes tea"})
	require.NoError(t, err)
	assert.Equal(t, "add_user", f.Calls()[0].Fn, "without a user id, add_user (the security context's user), without vectors")
}

func TestUpdateEmbedsOnTheClient(t *testing.T) {
	cases := []struct {
		name   string
		req    UpdateRequest
		embeds []string
		sent   string
	}{
		{"new content", UpdateRequest{RecordType: RecordTypeMemory, RecordID: "m1", Content: Some(ContentText("aisle"))},
			[]string{"aisle"}, `{"record_type":"memory","record_id":"m1","content":"aisle","embedding":[5,1,0,0]}`},
		{"long content is chunked", UpdateRequest{RecordType: RecordTypeMemory, RecordID: "m1", Content: Some(ContentText("first part | second part"))},
			[]string{"first part", "second part"}, `{"record_type":"memory","record_id":"m1","content":"first part | second part",
			"index_text":["first part","second part"],"embedding":[[10,1,0,0],[11,1,0,0]]}`},
		{"index text string", UpdateRequest{RecordType: RecordTypeImage, RecordID: "i1", IndexText: Some(IndexString("dawn"))},
			[]string{"dawn"}, `{"record_type":"image","record_id":"i1","index_text":"dawn","embedding":[4,1,0,0]}`},
		{"index text chunks", UpdateRequest{RecordType: RecordTypeFact, RecordID: "f1", IndexText: Some(IndexChunks("a", "bb"))},
			[]string{"a", "bb"}, `{"record_type":"fact","record_id":"f1","index_text":["a","bb"],"embedding":[[1,1,0,0],[2,1,0,0]]}`},
		{"text alias", UpdateRequest{RecordType: RecordTypeMemory, RecordID: "m1", Text: Some(ContentText("tea"))},
			[]string{"tea"}, `{"record_type":"memory","record_id":"m1","text":"tea","embedding":[3,1,0,0]}`},
		{"explicit embedding", UpdateRequest{RecordType: RecordTypeMemory, RecordID: "m1", Content: Some(ContentText("x")), Embedding: None[Embedding]()},
			nil, `{"record_type":"memory","record_id":"m1","content":"x","embedding":null}`},
		{"rows cleared", UpdateRequest{RecordType: RecordTypeMemory, RecordID: "m1", Content: Some(ContentText("x")), IndexText: None[IndexText]()},
			nil, `{"record_type":"memory","record_id":"m1","content":"x","index_text":null}`},
		{"content None", UpdateRequest{RecordType: RecordTypeMemory, RecordID: "m1", Content: None[Content]()},
			nil, `{"record_type":"memory","record_id":"m1","content":null}`},
		{"metadata only", UpdateRequest{RecordType: RecordTypeMemory, RecordID: "m1", Metadata: Some(map[string]any{})},
			nil, `{"record_type":"memory","record_id":"m1","metadata":{}}`},
		{"empty text", UpdateRequest{RecordType: RecordTypeMessage, RecordID: "msg2", Content: Some(ContentText(""))},
			nil, `{"record_type":"message","record_id":"msg2","content":""}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, s := vectorStore(chunker(`{"updated":1,"warnings":[]}`))
			emb := &fakeEmbedder{}
			_, err := withEmbedder(s, emb).Update(t.Context(), c.req)
			require.NoError(t, err)
			calls := f.Calls()
			last := calls[len(calls)-1]
			assert.Equal(t, "update_record", last.Fn)
			assert.JSONEq(t, c.sent, last.Args["b_request"].(string))
			if c.embeds == nil {
				assert.Empty(t, emb.calls)
			} else {
				assert.Equal(t, [][]string{c.embeds}, emb.calls)
			}
		})
	}
}

// Through the public API: Open keeps StoreOptions.Embedder, and Add, Update
// and AddUser use it on a VECTOR store.
func TestOpenedEmbedderIsUsedByWrites(t *testing.T) {
	info, err := json.Marshal(StoreResult{Store: StoreInfo{MemoryStoreID: "MEM01", SchemaOwner: "APP", Status: StatusReady,
		Config: StoreConfig{SearchStrategy: Vector, VectorDim: Some(4), EmbeddingModel: None[string](), Chunking: ChunkingConfig{Max: 200}}},
		Actions: []string{}, Warnings: []string{}})
	require.NoError(t, err)
	write := chunker(`{"ids":["m1"],"id":"u1","updated":1,"warnings":[]}`)
	f, db := newFakeDB(func(c fakeCall) (string, error) {
		if c.Fn == "open_store" {
			return string(info), nil
		}
		return write(c)
	})
	emb := &fakeEmbedder{}
	s, err := Open(t.Context(), db, StoreOptions{MemoryStoreID: "MEM01", Embedder: emb})
	require.NoError(t, err)

	_, err = s.AddMemory(t.Context(), Memory{Text: "Prefers aisle seats"})
	require.NoError(t, err)
	_, err = s.Update(t.Context(), UpdateRequest{RecordType: RecordTypeMemory, RecordID: "m1", Content: Some(ContentText("tea"))})
	require.NoError(t, err)
	_, err = s.AddUser(t.Context(), Profile{ID: "u1", Information: "Likes jazz"})
	require.NoError(t, err)

	assert.Equal(t, [][]string{{"Prefers aisle seats"}, {"tea"}, {"Likes jazz"}}, emb.calls)
	var fns []string
	for _, c := range f.Calls() {
		fns = append(fns, c.Fn)
		if c.Fn != "open_store" {
			assert.Contains(t, c.Args["b_request"], `"embedding`, "%s carries the client's vectors", c.Fn)
		}
	}
	assert.Equal(t, []string{"open_store", "add_records", "update_record", "add_records"}, fns)
}

var pngBytes = []byte("\x89PNG\r\n\x1a\n0000")
