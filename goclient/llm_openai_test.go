package agentmemory

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// OpenAIChatLLM is tested against a real HTTP server in the process that
// speaks the chat-completions protocol: nothing of ours is mocked.

const testLLMKey = "sk-llm-secret-5e4d3c2b1a"

// newChatServer is an apiServer (embedder_http_test.go) whose reply reads
// the decoded request body.
func newChatServer(t *testing.T, reply func(call int, body map[string]any, w http.ResponseWriter, r *http.Request)) *apiServer {
	t.Helper()
	return newAPIServer(t, func(call int, rec seenRequest, w http.ResponseWriter, r *http.Request) {
		reply(call, rec.Body, w, r)
	})
}

// writeChat answers with one choice whose content is text.
func writeChat(w http.ResponseWriter, text string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"id": "chatcmpl-1", "object": "chat.completion",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": text}}}})
}

// cannedAnswers answers each task kind with the JSON object the package's
// parser expects; the kind is read from the system message (the test
// prompts name it there).
var cannedAnswers = map[LLMTaskKind]string{
	TaskExtractMemories: `{"memories":[{"memory_type":"preference","content":"User likes pizza"}],"topics":["food"]}`,
	TaskUpdateSummary:   `{"summary":"The user talked about pizza."}`,
	TaskLinkMemories:    `{"relations":[{"target_id":"mem0","relation_type":"supports"}]}`,
	TaskCaptionImage:    `{"caption":"A pizza on a table"}`,
	TaskShortenMessage:  `{"content":"short"}`,
}

// kindReply answers with the canned answer of the kind named in the
// request's first message.
func kindReply(_ int, body map[string]any, w http.ResponseWriter, _ *http.Request) {
	msgs, _ := body["messages"].([]any)
	first, _ := msgs[0].(map[string]any)
	sys, _ := first["content"].(string)
	for k, a := range cannedAnswers {
		if strings.Contains(sys, string(k)) {
			writeChat(w, a)
			return
		}
	}
	writeError(w, http.StatusBadRequest, "no kind in the system message")
}

// testPrompt is a prompt of kind as the package builds one.
func testPrompt(kind LLMTaskKind) Prompt {
	return Prompt{PromptVersion: "agentmem-test-v1", Kind: kind,
		Messages: []PromptMessage{{Role: "system", Content: "You answer " + string(kind) + " tasks in JSON."},
			{Role: "user", Content: "I love pizza."}},
		ResponseFormat: &ResponseFormat{Type: "json_object"},
		JSONSchema:     json.RawMessage(`{"type":"object"}`)}
}

// newTestLLM builds a client for srv whose waits are recorded instead of
// slept. OPENAI_API_KEY is cleared so the caller's environment cannot leak
// in.
func newTestLLM(t *testing.T, srv *apiServer, edit func(*OpenAIChatLLMConfig)) (*OpenAIChatLLM, *[]time.Duration) {
	t.Helper()
	l := buildTestClient(t, OpenAIChatLLMConfig{BaseURL: srv.URL + "/v1", Model: "test-chat", APIKey: testLLMKey}, edit, NewOpenAIChatLLM)
	return l, recordWaits(l.httpService)
}

func TestOpenAIChatLLMRequestShape(t *testing.T) {
	srv := newChatServer(t, kindReply)
	temp := 0.2
	l, _ := newTestLLM(t, srv, func(c *OpenAIChatLLMConfig) { c.Temperature = &temp; c.MaxTokens = 500 })

	got, err := l.Generate(t.Context(), testPrompt(TaskExtractMemories))
	require.NoError(t, err)
	assert.Equal(t, cannedAnswers[TaskExtractMemories], got)
	reqs := srv.requests()
	require.Len(t, reqs, 1)
	assert.Equal(t, "/v1/chat/completions", reqs[0].Path)
	assert.Equal(t, "Bearer "+testLLMKey, reqs[0].Auth)
	want := `{"model":"test-chat","messages":[{"role":"system","content":"You answer EXTRACT_MEMORIES tasks in JSON."},` +
		`{"role":"user","content":"I love pizza."}],"response_format":{"type":"json_object"},"temperature":0.2,"max_tokens":500}`
	sent, _ := json.Marshal(reqs[0].Body)
	assert.JSONEq(t, want, string(sent))
}

func TestOpenAIChatLLMOptionsLeftOut(t *testing.T) {
	srv := newChatServer(t, kindReply)
	l, _ := newTestLLM(t, srv, nil)
	p := testPrompt(TaskUpdateSummary)
	p.ResponseFormat = nil
	_, err := l.Generate(t.Context(), p)
	require.NoError(t, err)
	body := srv.requests()[0].Body
	for _, k := range []string{"response_format", "temperature", "max_tokens"} {
		assert.NotContains(t, body, k)
	}
}

func TestOpenAIChatLLMImagesAsDataURLs(t *testing.T) {
	srv := newChatServer(t, kindReply)
	l, _ := newTestLLM(t, srv, nil)
	p := testPrompt(TaskCaptionImage)
	p.Images = []PromptImage{{MimeType: "image/png", DataBase64: "iVBORw0KGgo="}}
	_, err := l.Generate(t.Context(), p)
	require.NoError(t, err)
	sent, _ := json.Marshal(srv.requests()[0].Body["messages"])
	assert.JSONEq(t, `[{"role":"system","content":"You answer CAPTION_IMAGE tasks in JSON."},`+
		`{"role":"user","content":[{"type":"text","text":"I love pizza."},`+
		`{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}}]}]`, string(sent))

	// Without a MIME type, it is read from the data.
	p.Images = []PromptImage{{DataBase64: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB"}}
	_, err = l.Generate(t.Context(), p)
	require.NoError(t, err)
	sent, _ = json.Marshal(srv.requests()[1].Body["messages"])
	assert.Contains(t, string(sent), `"url":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB"`)
	p.Images = []PromptImage{{MimeType: "image/png", DataBase64: "iVBORw0KGgo="}}

	// Without a user message, one is added for the images.
	p.Messages = p.Messages[:1]
	_, err = l.Generate(t.Context(), p)
	require.NoError(t, err)
	sent, _ = json.Marshal(srv.requests()[2].Body["messages"])
	assert.JSONEq(t, `[{"role":"system","content":"You answer CAPTION_IMAGE tasks in JSON."},`+
		`{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}}]}]`, string(sent))
}

func TestOpenAIChatLLMJSONSchemaMode(t *testing.T) {
	srv := newChatServer(t, kindReply)
	l, _ := newTestLLM(t, srv, func(c *OpenAIChatLLMConfig) { c.JSONSchema = true })
	_, err := l.Generate(t.Context(), testPrompt(TaskLinkMemories))
	require.NoError(t, err)
	sent, _ := json.Marshal(srv.requests()[0].Body["response_format"])
	assert.JSONEq(t, `{"type":"json_schema","json_schema":{"name":"link_memories","schema":{"type":"object"}}}`, string(sent))
}

func TestOpenAIChatLLMRefusesBadPrompts(t *testing.T) {
	srv := newChatServer(t, kindReply)
	l, _ := newTestLLM(t, srv, nil)
	_, err := l.Generate(t.Context(), Prompt{})
	require.ErrorIs(t, err, ErrInvalidArgument)
	assert.Contains(t, err.Error(), "the prompt has no messages")
	p := testPrompt(TaskCaptionImage)
	p.Images = []PromptImage{{MimeType: "text/plain", DataBase64: "eA=="}}
	_, err = l.Generate(t.Context(), p)
	require.ErrorIs(t, err, ErrInvalidArgument)
	assert.Contains(t, err.Error(), `images[0] needs an image MIME type and base64 data (mime_type "text/plain"`)
	assert.Empty(t, srv.requests(), "nothing is sent")
}

// The model's text comes back as it is: malformed JSON is the package's to
// judge (it records the failure), not the client's.
func TestOpenAIChatLLMForwardsMalformedOutput(t *testing.T) {
	for _, text := range []string{`{"memories": [`, "Sure! Here are the memories: none", ""} {
		srv := newChatServer(t, func(_ int, _ map[string]any, w http.ResponseWriter, _ *http.Request) { writeChat(w, text) })
		l, _ := newTestLLM(t, srv, nil)
		got, err := l.Generate(t.Context(), testPrompt(TaskExtractMemories))
		require.NoError(t, err)
		assert.Equal(t, text, got)
	}
}

func TestOpenAIChatLLMRetriesOn429WithRetryAfter(t *testing.T) {
	now := time.Date(2026, 12, 2, 1, 0, 0, 0, time.UTC)
	srv := newChatServer(t, func(call int, body map[string]any, w http.ResponseWriter, r *http.Request) {
		switch call {
		case 1:
			w.Header().Set("Retry-After", "3")
			writeError(w, http.StatusTooManyRequests, "Rate limit reached")
		case 2:
			w.Header().Set("Retry-After", now.Add(45*time.Second).Format(http.TimeFormat))
			writeError(w, http.StatusTooManyRequests, "Rate limit reached")
		default:
			kindReply(call, body, w, r)
		}
	})
	l, waits := newTestLLM(t, srv, func(c *OpenAIChatLLMConfig) { c.MaxBackoff = time.Minute })
	l.now = func() time.Time { return now }
	got, err := l.Generate(t.Context(), testPrompt(TaskUpdateSummary))
	require.NoError(t, err)
	assert.Equal(t, cannedAnswers[TaskUpdateSummary], got)
	assert.Len(t, srv.requests(), 3)
	assert.Equal(t, []time.Duration{3 * time.Second, 45 * time.Second}, *waits, "Retry-After seconds and dates are honoured exactly")
}

func TestOpenAIChatLLMBackoffOn500ThenSuccess(t *testing.T) {
	srv := newChatServer(t, func(call int, body map[string]any, w http.ResponseWriter, r *http.Request) {
		if call <= 3 {
			writeError(w, http.StatusInternalServerError, "boom")
			return
		}
		kindReply(call, body, w, r)
	})
	l, waits := newTestLLM(t, srv, func(c *OpenAIChatLLMConfig) {
		c.InitialBackoff = 100 * time.Millisecond
		c.MaxBackoff = 250 * time.Millisecond
	})
	_, err := l.Generate(t.Context(), testPrompt(TaskShortenMessage))
	require.NoError(t, err)
	assert.Len(t, srv.requests(), 4)
	require.Len(t, *waits, 3)
	// Exponential with jitter in the upper half, capped at MaxBackoff.
	for i, bounds := range [][2]time.Duration{{50, 100}, {100, 200}, {125, 250}} {
		assert.GreaterOrEqual(t, (*waits)[i], bounds[0]*time.Millisecond, "wait %d", i)
		assert.LessOrEqual(t, (*waits)[i], bounds[1]*time.Millisecond, "wait %d", i)
	}
}

func TestOpenAIChatLLMGivesUp(t *testing.T) {
	srv := newChatServer(t, func(_ int, _ map[string]any, w http.ResponseWriter, _ *http.Request) {
		writeError(w, http.StatusServiceUnavailable, "overloaded")
	})
	l, waits := newTestLLM(t, srv, func(c *OpenAIChatLLMConfig) { c.MaxRetries = 2 })
	_, err := l.Generate(t.Context(), testPrompt(TaskExtractMemories))
	require.ErrorIs(t, err, ErrLLMService)
	var se *LLMServiceError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, http.StatusServiceUnavailable, se.StatusCode)
	assert.Equal(t, 3, se.Attempts)
	assert.Len(t, *waits, 2)
	assert.Contains(t, err.Error(), `agentmemory: OpenAIChatLLM.Generate: LLM service `+srv.URL+`/v1/chat/completions: HTTP 503 Service Unavailable: "overloaded" (3 attempts)`)

	// 400 is final.
	srv400 := newChatServer(t, func(_ int, _ map[string]any, w http.ResponseWriter, _ *http.Request) {
		writeError(w, http.StatusBadRequest, "bad model")
	})
	l, waits = newTestLLM(t, srv400, nil)
	_, err = l.Generate(t.Context(), testPrompt(TaskExtractMemories))
	require.ErrorIs(t, err, ErrLLMService)
	assert.Len(t, srv400.requests(), 1)
	assert.Empty(t, *waits)
}

func TestOpenAIChatLLMSlowResponseTimesOut(t *testing.T) {
	release := make(chan struct{})
	srv := newAPIServer(t, hangFirst(release, func(call int, rec seenRequest, w http.ResponseWriter, r *http.Request) {
		kindReply(call, rec.Body, w, r)
	}))
	t.Cleanup(func() { close(release) })
	l, waits := newTestLLM(t, srv, func(c *OpenAIChatLLMConfig) { c.Timeout = 200 * time.Millisecond })
	got, err := l.Generate(t.Context(), testPrompt(TaskUpdateSummary))
	require.NoError(t, err)
	assert.Equal(t, cannedAnswers[TaskUpdateSummary], got)
	n := len(srv.requests())
	assert.GreaterOrEqual(t, n, 2, "the hung request was retried")
	assert.Len(t, *waits, n-1)
}

func TestOpenAIChatLLMCallerDeadlineStops(t *testing.T) {
	srv := newChatServer(t, func(_ int, _ map[string]any, _ http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	l, waits := newTestLLM(t, srv, nil)
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	_, err := l.Generate(ctx, testPrompt(TaskUpdateSummary))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.NotErrorIs(t, err, ErrLLMService, "the caller's deadline is not a service failure")
	assert.Empty(t, *waits, "no retry once the caller's context ended")
}

func TestOpenAIChatLLMBadResponses(t *testing.T) {
	cases := map[string]string{
		"not JSON":      `<html>`,
		"no choices":    `{"choices":[]}`,
		"no message":    `{"choices":[{"index":0}]}`,
		"null content":  `{"choices":[{"message":{"role":"assistant","content":null}}]}`,
		"refusal":       `{"choices":[{"message":{"role":"assistant","content":null,"refusal":"I can't help with that."}}]}`,
		"number answer": `{"choices":[{"message":{"content":42}}]}`,
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			srv := newChatServer(t, func(_ int, _ map[string]any, w http.ResponseWriter, _ *http.Request) {
				_, _ = io.WriteString(w, body)
			})
			l, waits := newTestLLM(t, srv, nil)
			_, err := l.Generate(t.Context(), testPrompt(TaskExtractMemories))
			require.ErrorIs(t, err, ErrLLMService)
			assert.Empty(t, *waits, "a bad answer is not retried")
			if name == "refusal" {
				assert.Contains(t, err.Error(), `the model refused: "I can't help with that."`)
			}
		})
	}
}

func TestDecodeChatResponseContentParts(t *testing.T) {
	got, err := decodeChatResponse(strings.NewReader(`{"choices":[{"message":{"content":[{"type":"text","text":"{\"summary\":"},{"type":"other"},{"type":"text","text":"\"x\"}"}]}}]}`))
	require.NoError(t, err)
	assert.Equal(t, `{"summary":"x"}`, got)
}

// FuzzDecodeChatResponse: any body either fails or yields the text that
// encoding/json reads from the first choice's string content.
func FuzzDecodeChatResponse(f *testing.F) {
	for _, s := range []string{`{"choices":[{"message":{"content":"{\"a\":1}"}}]}`, `{"choices":[]}`,
		`{"choices":[{"message":{"content":[{"type":"text","text":"x"}]}}]}`, `{"choices":[{"message":{"content":null,"refusal":"no"}}]}`,
		`null`, `[]`, `{"choices":[{"message":null}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		got, err := decodeChatResponse(strings.NewReader(string(body)))
		if err != nil {
			return
		}
		var ref struct {
			Choices []struct {
				Message struct {
					Content any `json:"content"`
				} `json:"message"`
			} `json:"choices"`
		}
		require.NoError(t, json.NewDecoder(strings.NewReader(string(body))).Decode(&ref), "accepted bodies are JSON")
		require.NotEmpty(t, ref.Choices)
		if s, ok := ref.Choices[0].Message.Content.(string); ok {
			assert.Equal(t, s, got)
		}
	})
}

func TestOpenAIChatLLMNeverShowsAPIKey(t *testing.T) {
	srv := newChatServer(t, func(_ int, _ map[string]any, w http.ResponseWriter, r *http.Request) {
		// Some services echo the rejected key.
		writeError(w, http.StatusUnauthorized, "Incorrect API key provided: "+strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")+".")
	})
	cfg := OpenAIChatLLMConfig{BaseURL: srv.URL + "/v1", Model: "m", APIKey: testLLMKey}
	l, err := NewOpenAIChatLLM(cfg)
	require.NoError(t, err)
	_, genErr := l.Generate(t.Context(), testPrompt(TaskExtractMemories))
	require.ErrorIs(t, genErr, ErrLLMService)
	assert.Contains(t, genErr.Error(), "Incorrect API key provided: [REDACTED].")

	t.Setenv("AGENTMEM_TEST_LLM_KEY", testLLMKey)
	envCfg := OpenAIChatLLMConfig{BaseURL: srv.URL, Model: "m", APIKeyEnv: "AGENTMEM_TEST_LLM_KEY"}
	envLLM, err := NewOpenAIChatLLM(envCfg)
	require.NoError(t, err)
	_, envErr := envLLM.Generate(t.Context(), testPrompt(TaskExtractMemories))
	require.Error(t, envErr)
	assert.Equal(t, "Bearer "+testLLMKey, srv.requests()[1].Auth, "the key from the environment is sent")

	srv.Close()
	_, netErr := l.Generate(t.Context(), testPrompt(TaskExtractMemories))
	require.Error(t, netErr)

	logged := assertNeverShown(t, []string{testLLMKey, "5e4d3c2b1a"}, []any{cfg, &cfg, l, envLLM, []any{cfg}, genErr},
		cfg.String(), l.String(), genErr.Error(), envErr.Error(), netErr.Error(), fmt.Sprintf("%+v", genErr))
	assert.Contains(t, logged, "APIKey: [REDACTED]", "slog logs String")
	assert.Contains(t, l.String(), "api key: [REDACTED] (from APIKey)")
	assert.Contains(t, envLLM.String(), "api key: [REDACTED] (from environment variable AGENTMEM_TEST_LLM_KEY)")
}

func TestNewOpenAIChatLLMDefaultsAndRejects(t *testing.T) {
	t.Setenv(defaultAPIKeyEnv, "")
	l, err := NewOpenAIChatLLM(OpenAIChatLLMConfig{BaseURL: "https://api.example.test/v1/", Model: "gpt-4o-mini"})
	require.NoError(t, err)
	assert.Equal(t, "https://api.example.test/v1/chat/completions", l.endpoint)
	assert.Equal(t, 120*time.Second, l.timeout)
	assert.Equal(t, 4, l.maxRetries)
	assert.Nil(t, l.auth)
	assert.Equal(t, "OpenAIChatLLM{endpoint: https://api.example.test/v1/chat/completions, model: gpt-4o-mini, "+
		"api key: none, timeout: 2m0s, max retries: 4}", l.String())

	hot, neg := 2.5, -1
	cases := []struct {
		name string
		edit func(*OpenAIChatLLMConfig)
		want string
	}{
		{"no BaseURL", func(c *OpenAIChatLLMConfig) { c.BaseURL = "" }, "BaseURL is empty"},
		{"endpoint given", func(c *OpenAIChatLLMConfig) { c.BaseURL = "https://api.example.test/v1/chat/completions" }, `BaseURL "https://api.example.test/v1/chat/completions" ends with /chat/completions`},
		{"no model", func(c *OpenAIChatLLMConfig) { c.Model = "" }, `Model "" must name a chat model`},
		{"temperature", func(c *OpenAIChatLLMConfig) { c.Temperature = &hot }, "Temperature 2.5 must be between 0 and 2"},
		{"max tokens", func(c *OpenAIChatLLMConfig) { c.MaxTokens = neg }, "MaxTokens -1 must not be negative"},
		{"retries", func(c *OpenAIChatLLMConfig) { c.MaxRetries = 11 }, "MaxRetries 11 must be between 1 and 10"},
		{"key with newline", func(c *OpenAIChatLLMConfig) { c.APIKey = "sk-abc\nX: 1" }, "the API key from APIKey contains a space or control character"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := OpenAIChatLLMConfig{BaseURL: "https://api.example.test/v1", Model: "m"}
			c.edit(&cfg)
			_, err := NewOpenAIChatLLM(cfg)
			require.ErrorIs(t, err, ErrInvalidArgument)
			assert.Contains(t, err.Error(), "agentmemory: NewOpenAIChatLLM: INVALID_ARGUMENT: "+c.want)
			assert.NotContains(t, err.Error(), "sk-abc")
		})
	}
}
