package integration

// Live tests of the client LLM provider through the Go client
// (goclient/thread_llm.go, docs/llm.md "Go client"): the package returns
// the prompts of a thread whose provider is "client", an OpenAIChatLLM
// runs them against a chat-completions server in the test process, and
// thread_complete_llm_tasks parses and applies the answers.
//
//   - TestLLMClientInlineGoLive: INLINE extraction writes a preference
//     carrying $agent_memory, before AddMessages returns; handing the same
//     answer back again writes nothing new (idempotence);
//   - TestLLMClientMalformedGoLive: a malformed answer is a failed task and
//     writes nothing;
//   - TestLLMClientBackgroundGoLive: BACKGROUND returns first, then
//     WaitForMemoryExtraction sees the memory written.
//
// The server picks its canned answer by the task kind, which the client
// sends as the json_schema response format's name (JSONSchema: true).
// Without ORACLE_DSN the tests skip.

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// liveAnswers answers each kind as the package's parser expects.
var liveAnswers = map[string]string{
	"extract_memories": `{"memories":[{"memory_type":"preference","content":"The user loves pizza"}],"topics":["food"]}`,
	"update_summary":   `{"summary":"The user said they love pizza."}`,
	"link_memories":    `{"relations":[]}`,
	"caption_image":    `{"caption":"an image"}`,
	"shorten_message":  `{"content":"short"}`,
}

// liveChatServer answers by kind, or with malformed for every prompt when
// it is not "".
func liveChatServer(t *testing.T, malformed string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			ResponseFormat struct {
				JSONSchema struct {
					Name string `json:"name"`
				} `json:"json_schema"`
			} `json:"response_format"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		answer, ok := liveAnswers[body.ResponseFormat.JSONSchema.Name]
		if malformed != "" {
			answer, ok = malformed, true
		}
		if !ok {
			http.Error(w, `{"error":{"message":"unknown kind `+body.ResponseFormat.JSONSchema.Name+`"}}`, http.StatusBadRequest)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"choices": []any{
			map[string]any{"message": map[string]any{"role": "assistant", "content": answer}}}})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// llmLiveThread opens a fresh KEYWORD store (dropped at cleanup) and a
// client-provider thread in mode with an OpenAIChatLLM on srv.
func llmLiveThread(t *testing.T, ctx context.Context, srv *httptest.Server, mode agentmemory.ExtractionMode) (*agentmemory.Store, *agentmemory.Thread) {
	t.Helper()
	db := livedb.Open(t)
	id := livedb.StoreID(t)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: id,
		SchemaPolicy: agentmemory.CreateIfNecessary, SearchStrategy: agentmemory.Keyword})
	require.NoError(t, err)
	t.Cleanup(func() {
		if err := agentmemory.DropStore(context.Background(), db, id); err != nil {
			t.Errorf("cleanup: dropping store %s: %v", id, err)
		}
	})
	l, err := agentmemory.NewOpenAIChatLLM(agentmemory.OpenAIChatLLMConfig{BaseURL: srv.URL + "/v1", Model: "test-model",
		APIKeyEnv: "AGENTMEM_TEST_NO_KEY", JSONSchema: true})
	require.NoError(t, err)
	th, err := s.CreateThread(ctx, agentmemory.ThreadOptions{UserID: "u1", AgentID: "a1",
		LLM:              agentmemory.ClientLLMConfig("test-model"),
		MemoryExtraction: &agentmemory.MemoryExtractionConfig{ExtractionMode: mode},
		ClientLLM:        l})
	require.NoError(t, err)
	t.Cleanup(func() { _ = th.Close(context.Background()) })
	return s, th
}

func TestLLMClientInlineGoLive(t *testing.T) {
	ctx := context.Background()
	srv := liveChatServer(t, "")
	s, th := llmLiveThread(t, ctx, srv, agentmemory.ExtractionInline)

	res, err := th.AddMessages(ctx, []agentmemory.ThreadMessage{{Role: "user", Text: "I love pizza.",
		Metadata: map[string]any{"lang": "en"}}})
	require.NoError(t, err)
	require.NotNil(t, res.ClientRun, "the client tasks ran before AddMessages returned")
	assert.Empty(t, res.ClientRun.Failed)
	require.NotEmpty(t, res.ClientRun.MemoryIDs)
	rec, err := s.Get(ctx, agentmemory.RecordTypePreference, res.ClientRun.MemoryIDs[0])
	require.NoError(t, err)
	js, err := json.Marshal(rec)
	require.NoError(t, err)
	var got struct {
		Content  string         `json:"content"`
		ThreadID string         `json:"thread_id"`
		Metadata map[string]any `json:"metadata"`
	}
	require.NoError(t, json.Unmarshal(js, &got))
	assert.Equal(t, "The user loves pizza", got.Content)
	assert.Equal(t, th.ID(), got.ThreadID)
	assert.Equal(t, "en", got.Metadata["lang"], "inherited message metadata")
	prov, _ := got.Metadata["$agent_memory"].(map[string]any)
	assert.Equal(t, "extraction", prov["source"])
	assert.Equal(t, "test-model", prov["model"])

	// Idempotence: the same answer for a task already done writes nothing.
	again, err := th.CompleteLLMTasks(ctx, []agentmemory.LLMTaskResult{
		agentmemory.TaskOutput(res.ClientRun.TaskIDs[0], liveAnswers["extract_memories"])})
	require.NoError(t, err)
	assert.Empty(t, again.MemoryIDs)
	assert.Empty(t, again.LLMTasks)
}

func TestLLMClientMalformedGoLive(t *testing.T) {
	ctx := context.Background()
	srv := liveChatServer(t, `{"memories": [ not json`)
	_, th := llmLiveThread(t, ctx, srv, agentmemory.ExtractionInline)
	res, err := th.AddMessages(ctx, []agentmemory.ThreadMessage{{Role: "user", Text: "I love pizza."}})
	require.NoError(t, err, "a malformed answer is a failed task, not an error")
	require.NotNil(t, res.ClientRun)
	assert.NotEmpty(t, res.ClientRun.Failed)
	assert.Empty(t, res.ClientRun.MemoryIDs, "nothing written")
}

func TestLLMClientBackgroundGoLive(t *testing.T) {
	ctx := context.Background()
	srv := liveChatServer(t, "")
	_, th := llmLiveThread(t, ctx, srv, agentmemory.ExtractionBackground)
	res, err := th.AddMessages(ctx, []agentmemory.ThreadMessage{{Role: "user", Text: "I love pizza."}})
	require.NoError(t, err)
	require.NotNil(t, res.Extraction)
	assert.Equal(t, agentmemory.ExtractionBackground, res.Extraction.Mode)
	assert.Nil(t, res.ClientRun, "BACKGROUND returns before the model ran")
	w, err := th.WaitForMemoryExtraction(ctx, time.Minute)
	require.NoError(t, err)
	assert.True(t, w.Done)
	require.NotNil(t, w.Client)
	assert.NotEmpty(t, w.Client.MemoryIDs)
}
