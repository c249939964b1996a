package agentmemory

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The embedder is tested against a real HTTP server in the process: the
// requests go through net/http, nothing of ours is mocked.

type seenRequest struct {
	Method, Path, Query, Auth, ContentType string
	Body                                   map[string]any
	Input                                  []string
}

// apiServer is an OpenAI-compatible server in the process (the embedder's
// and the chat LLM's tests share it): it records each request and lets a
// reply function answer it.
type apiServer struct {
	*httptest.Server
	mu   sync.Mutex
	seen []seenRequest
}

// newAPIServer starts a server that records each request and lets reply
// (called with the 1-based request number) answer it.
func newAPIServer(t *testing.T, reply func(call int, rec seenRequest, w http.ResponseWriter, r *http.Request)) *apiServer {
	t.Helper()
	s := &apiServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, err := io.ReadAll(r.Body)
		assert.NoError(t, err)
		rec := seenRequest{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type")}
		assert.NoError(t, json.Unmarshal(raw, &rec.Body), "the request body is JSON")
		var req embeddingRequest
		assert.NoError(t, json.Unmarshal(raw, &req))
		rec.Input = req.Input
		s.mu.Lock()
		s.seen = append(s.seen, rec)
		call := len(s.seen)
		s.mu.Unlock()
		reply(call, rec, w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// newEmbedServer is an apiServer whose reply reads the embedding inputs.
func newEmbedServer(t *testing.T, reply func(call int, input []string, w http.ResponseWriter, r *http.Request)) *apiServer {
	t.Helper()
	return newAPIServer(t, func(call int, rec seenRequest, w http.ResponseWriter, r *http.Request) {
		reply(call, rec.Input, w, r)
	})
}

func (s *apiServer) requests() []seenRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]seenRequest(nil), s.seen...)
}

// hangFirst is a reply that holds the first request until the client
// gives up on it (or release is closed) and passes the others to reply.
func hangFirst(release <-chan struct{}, reply func(int, seenRequest, http.ResponseWriter, *http.Request)) func(int, seenRequest, http.ResponseWriter, *http.Request) {
	return func(call int, rec seenRequest, w http.ResponseWriter, r *http.Request) {
		if call > 1 {
			reply(call, rec, w, r)
			return
		}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}
}

// recordWaits makes h record its waits between attempts instead of
// sleeping them.
func recordWaits(h *httpService) *[]time.Duration {
	var mu sync.Mutex
	waits := &[]time.Duration{}
	h.sleep = func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		*waits = append(*waits, d)
		mu.Unlock()
		return ctx.Err()
	}
	return waits
}

// vectorOf is the vector the test servers give text "t<n>": [n, 1, -0.5].
func vectorOf(text string) []float32 {
	n, err := strconv.Atoi(strings.TrimPrefix(text, "t"))
	if err != nil {
		n = -1
	}
	return []float32{float32(n), 1, -0.5}
}

func texts(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "t" + strconv.Itoa(i)
	}
	return out
}

// writeEmbeddings answers like OpenAI, listing the inputs' vectors in
// reverse order, so that only the index fields give the order.
func writeEmbeddings(w http.ResponseWriter, input []string, vec func(string) []float32) {
	type item struct {
		Object    string    `json:"object"`
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	}
	data := make([]item, 0, len(input))
	for i := len(input) - 1; i >= 0; i-- {
		data = append(data, item{"embedding", i, vec(input[i])})
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": "m", "usage": map[string]int{"prompt_tokens": 1, "total_tokens": 1}})
}

func okReply(_ int, input []string, w http.ResponseWriter, _ *http.Request) {
	writeEmbeddings(w, input, vectorOf)
}

func writeError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": message, "type": "invalid_request_error", "param": nil, "code": nil}})
}

// newTestEmbedder builds an embedder for srv whose waits are recorded
// instead of slept. OPENAI_API_KEY is cleared so the caller's environment
// cannot leak in.
func newTestEmbedder(t *testing.T, srv *apiServer, edit func(*HTTPEmbedderConfig)) (*HTTPEmbedder, *[]time.Duration) {
	t.Helper()
	e := buildTestClient(t, HTTPEmbedderConfig{BaseURL: srv.URL + "/v1", Model: "test-embed", APIKey: "sk-test-0123456789abcdef"},
		edit, NewHTTPEmbedder)
	return e, recordWaits(e.httpService)
}

// buildTestClient clears OPENAI_API_KEY, so that the caller's environment
// cannot leak in, applies edit to cfg and builds the client.
func buildTestClient[C, X any](t *testing.T, cfg C, edit func(*C), build func(C) (X, error)) X {
	t.Helper()
	t.Setenv(defaultAPIKeyEnv, "")
	if edit != nil {
		edit(&cfg)
	}
	x, err := build(cfg)
	require.NoError(t, err)
	return x
}

func TestHTTPEmbedderRequestShape(t *testing.T) {
	srv := newEmbedServer(t, okReply)
	e, _ := newTestEmbedder(t, srv, nil)

	got, err := e.Embed(t.Context(), []string{"t7", "t3"})
	require.NoError(t, err)
	assert.Equal(t, [][]float32{{7, 1, -0.5}, {3, 1, -0.5}}, got)

	reqs := srv.requests()
	require.Len(t, reqs, 1)
	assert.Equal(t, http.MethodPost, reqs[0].Method)
	assert.Equal(t, "/v1/embeddings", reqs[0].Path)
	assert.Equal(t, "application/json", reqs[0].ContentType)
	assert.Equal(t, "Bearer sk-test-0123456789abcdef", reqs[0].Auth)
	assert.Equal(t, map[string]any{"model": "test-embed", "input": []any{"t7", "t3"}, "encoding_format": "float"}, reqs[0].Body,
		"no dimensions field unless SendDimensions")
}

func TestHTTPEmbedderSendDimensions(t *testing.T) {
	srv := newEmbedServer(t, okReply)
	e, _ := newTestEmbedder(t, srv, func(c *HTTPEmbedderConfig) {
		c.BaseURL = srv.URL + "/v1/?api-version=2"
		c.Dimension = 3
		c.SendDimensions = true
	})
	_, err := e.Embed(t.Context(), []string{"t1"})
	require.NoError(t, err)
	reqs := srv.requests()
	require.Len(t, reqs, 1)
	assert.Equal(t, "/v1/embeddings", reqs[0].Path, "trailing slash of BaseURL dropped")
	assert.Equal(t, "api-version=2", reqs[0].Query, "query string kept")
	assert.Equal(t, float64(3), reqs[0].Body["dimensions"])
}

func TestHTTPEmbedderBatchesInOrder(t *testing.T) {
	srv := newEmbedServer(t, okReply)
	e, _ := newTestEmbedder(t, srv, func(c *HTTPEmbedderConfig) { c.BatchSize = 64 })

	in := texts(150)
	got, err := e.Embed(t.Context(), in)
	require.NoError(t, err)
	require.Len(t, got, 150)
	for i, v := range got {
		assert.Equal(t, vectorOf(in[i]), v, "vector %d", i)
	}
	reqs := srv.requests()
	require.Len(t, reqs, 3)
	assert.Equal(t, in[:64], reqs[0].Input)
	assert.Equal(t, in[64:128], reqs[1].Input)
	assert.Equal(t, in[128:], reqs[2].Input)
}

func TestHTTPEmbedderDefaultBatchSize(t *testing.T) {
	srv := newEmbedServer(t, okReply)
	e, _ := newTestEmbedder(t, srv, nil)
	_, err := e.Embed(t.Context(), texts(65))
	require.NoError(t, err)
	reqs := srv.requests()
	require.Len(t, reqs, 2)
	assert.Len(t, reqs[0].Input, 64)
	assert.Len(t, reqs[1].Input, 1)
}

func TestHTTPEmbedderEmptyInput(t *testing.T) {
	srv := newEmbedServer(t, okReply)
	e, _ := newTestEmbedder(t, srv, nil)

	got, err := e.Embed(t.Context(), nil)
	require.NoError(t, err)
	assert.Empty(t, got)

	_, err = e.Embed(t.Context(), []string{"t1", "", "t2"})
	require.ErrorIs(t, err, ErrInvalidArgument)
	assert.Contains(t, err.Error(), "texts[1] is empty")
	assert.Empty(t, srv.requests(), "no request for an empty list or an empty text")
}

func TestHTTPEmbedderRetriesOn429WithRetryAfter(t *testing.T) {
	srv := newEmbedServer(t, func(call int, input []string, w http.ResponseWriter, r *http.Request) {
		if call <= 2 {
			w.Header().Set("Retry-After", "7")
			writeError(w, http.StatusTooManyRequests, "Rate limit reached")
			return
		}
		okReply(call, input, w, r)
	})
	e, waits := newTestEmbedder(t, srv, nil)

	got, err := e.Embed(t.Context(), []string{"t5"})
	require.NoError(t, err)
	assert.Equal(t, [][]float32{vectorOf("t5")}, got)
	assert.Len(t, srv.requests(), 3)
	assert.Equal(t, []time.Duration{7 * time.Second, 7 * time.Second}, *waits, "Retry-After seconds are honoured exactly")
}

func TestHTTPEmbedderRetryAfterHTTPDate(t *testing.T) {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	srv := newEmbedServer(t, func(call int, input []string, w http.ResponseWriter, r *http.Request) {
		if call == 1 {
			w.Header().Set("Retry-After", now.Add(90*time.Second).Format(http.TimeFormat))
			writeError(w, http.StatusServiceUnavailable, "overloaded")
			return
		}
		okReply(call, input, w, r)
	})
	e, waits := newTestEmbedder(t, srv, func(c *HTTPEmbedderConfig) { c.MaxBackoff = 2 * time.Minute })
	e.now = func() time.Time { return now }

	_, err := e.Embed(t.Context(), []string{"t1"})
	require.NoError(t, err)
	assert.Equal(t, []time.Duration{90 * time.Second}, *waits)
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"0", 0, true},
		{" 12 ", 12 * time.Second, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{now.Add(3 * time.Second).Format(http.TimeFormat), 3 * time.Second, true},
		{"", 0, false},
		{"-5", 0, false},
		{"1.5", 0, false},
		{"soon", 0, false},
	}
	for _, c := range cases {
		d, ok := parseRetryAfter(c.in, now)
		assert.Equal(t, c.ok, ok, "%q", c.in)
		assert.Equal(t, c.want, d, "%q", c.in)
	}
}

func TestHTTPEmbedderRetryAfterBeyondMaxBackoffStops(t *testing.T) {
	srv := newEmbedServer(t, func(_ int, _ []string, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "120")
		writeError(w, http.StatusTooManyRequests, "quota")
	})
	e, waits := newTestEmbedder(t, srv, nil)

	_, err := e.Embed(t.Context(), []string{"t1"})
	require.ErrorIs(t, err, ErrEmbeddingService)
	assert.Contains(t, err.Error(), "the server asks to retry after 2m0s, more than MaxBackoff 30s")
	assert.Len(t, srv.requests(), 1)
	assert.Empty(t, *waits)
}

func TestHTTPEmbedderRetries500ThenSucceeds(t *testing.T) {
	srv := newEmbedServer(t, func(call int, input []string, w http.ResponseWriter, r *http.Request) {
		if call == 1 {
			http.Error(w, "upstream exploded", http.StatusInternalServerError)
			return
		}
		okReply(call, input, w, r)
	})
	e, waits := newTestEmbedder(t, srv, nil)

	got, err := e.Embed(t.Context(), []string{"t2"})
	require.NoError(t, err)
	assert.Equal(t, [][]float32{vectorOf("t2")}, got)
	assert.Len(t, srv.requests(), 2)
	require.Len(t, *waits, 1)
	assert.GreaterOrEqual(t, (*waits)[0], 250*time.Millisecond, "upper half of InitialBackoff")
	assert.LessOrEqual(t, (*waits)[0], 500*time.Millisecond)
}

func TestHTTPEmbedderGivesUpAfterMaxRetries(t *testing.T) {
	srv := newEmbedServer(t, func(_ int, _ []string, w http.ResponseWriter, _ *http.Request) {
		writeError(w, http.StatusBadGateway, "bad gateway")
	})
	e, waits := newTestEmbedder(t, srv, func(c *HTTPEmbedderConfig) {
		c.MaxRetries = 3
		c.InitialBackoff = time.Second
		c.MaxBackoff = 3 * time.Second
	})

	_, err := e.Embed(t.Context(), []string{"t1"})
	require.ErrorIs(t, err, ErrEmbeddingService)
	var se *EmbeddingServiceError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, http.StatusBadGateway, se.StatusCode)
	assert.Equal(t, 4, se.Attempts)
	assert.Contains(t, err.Error(), `HTTP 502 Bad Gateway: "bad gateway" (4 attempts)`)
	assert.Len(t, srv.requests(), 4)
	require.Len(t, *waits, 3)
	bounds := [][2]time.Duration{{500 * time.Millisecond, time.Second}, {time.Second, 2 * time.Second}, {1500 * time.Millisecond, 3 * time.Second}}
	for i, b := range bounds {
		assert.GreaterOrEqual(t, (*waits)[i], b[0], "wait %d", i)
		assert.LessOrEqual(t, (*waits)[i], b[1], "wait %d: doubled, capped at MaxBackoff", i)
	}
}

func TestHTTPEmbedderNoRetryWhenDisabled(t *testing.T) {
	srv := newEmbedServer(t, func(_ int, _ []string, w http.ResponseWriter, _ *http.Request) {
		writeError(w, http.StatusServiceUnavailable, "down")
	})
	e, waits := newTestEmbedder(t, srv, func(c *HTTPEmbedderConfig) { c.MaxRetries = -1 })
	_, err := e.Embed(t.Context(), []string{"t1"})
	require.ErrorIs(t, err, ErrEmbeddingService)
	assert.Len(t, srv.requests(), 1)
	assert.Empty(t, *waits)
}

func TestHTTPEmbedderNoRetryOn400(t *testing.T) {
	long := strings.Repeat("input is too long; ", 40)
	srv := newEmbedServer(t, func(_ int, _ []string, w http.ResponseWriter, _ *http.Request) {
		writeError(w, http.StatusBadRequest, long)
	})
	e, waits := newTestEmbedder(t, srv, nil)

	_, err := e.Embed(t.Context(), []string{"t1"})
	require.ErrorIs(t, err, ErrEmbeddingService)
	assert.NotErrorIs(t, err, ErrInvalidArgument)
	var se *EmbeddingServiceError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, http.StatusBadRequest, se.StatusCode)
	assert.Equal(t, 1, se.Attempts)
	assert.Equal(t, "HTTPEmbedder.Embed", se.Op)
	assert.Contains(t, err.Error(), `HTTP 400 Bad Request: "input is too long; input is too long;`)
	assert.Contains(t, err.Error(), "…")
	assert.Less(t, len(se.Message), 400, "the server's message is cut to 300 characters")
	assert.Len(t, srv.requests(), 1)
	assert.Empty(t, *waits)
}

func TestServerMessageShapes(t *testing.T) {
	assert.Equal(t, "bad model", serverMessage([]byte(`{"error":{"message":"bad model","type":"x"}}`)))
	assert.Equal(t, "model not found", serverMessage([]byte(`{"error":"model not found"}`)))
	assert.Equal(t, "vllm says no", serverMessage([]byte(`{"object":"error","message":"vllm says no"}`)))
	assert.Equal(t, "plain text\n", serverMessage([]byte("plain text\n")))
	assert.Equal(t, "a b c", cutMessage(" a \n b\tc ", 10))
	assert.Equal(t, "éé…", cutMessage("ééé", 2), "cut by characters, not bytes")
}

func TestHTTPEmbedderRetriesTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := newAPIServer(t, hangFirst(release, func(call int, rec seenRequest, w http.ResponseWriter, r *http.Request) {
		okReply(call, rec.Input, w, r)
	}))
	t.Cleanup(func() { close(release) }) // runs before the server closes
	e, waits := newTestEmbedder(t, srv, func(c *HTTPEmbedderConfig) { c.Timeout = 200 * time.Millisecond })

	got, err := e.Embed(t.Context(), []string{"t4"})
	require.NoError(t, err)
	assert.Equal(t, [][]float32{vectorOf("t4")}, got)
	// Normally 2 requests; a very slow machine may time out a fast answer too.
	n := len(srv.requests())
	assert.GreaterOrEqual(t, n, 2, "the hung request was retried")
	assert.Len(t, *waits, n-1, "one backoff wait before each retry")
}

func TestHTTPEmbedderTimeoutsExhausted(t *testing.T) {
	release := make(chan struct{})
	srv := newEmbedServer(t, func(_ int, _ []string, _ http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	t.Cleanup(func() { close(release) })
	e, _ := newTestEmbedder(t, srv, func(c *HTTPEmbedderConfig) {
		c.Timeout = 20 * time.Millisecond
		c.MaxRetries = 1
	})

	_, err := e.Embed(t.Context(), []string{"t1"})
	require.ErrorIs(t, err, ErrEmbeddingService)
	assert.ErrorIs(t, err, context.DeadlineExceeded, "the request's own deadline, not the caller's")
	assert.Contains(t, err.Error(), "request timed out (Timeout 20ms)")
	assert.Contains(t, err.Error(), "(2 attempts)")
	assert.NoError(t, t.Context().Err())
}

func TestHTTPEmbedderNetworkErrorNotRetried(t *testing.T) {
	srv := newEmbedServer(t, okReply)
	e, waits := newTestEmbedder(t, srv, nil)
	srv.Close() // connection refused

	_, err := e.Embed(t.Context(), []string{"t1"})
	require.ErrorIs(t, err, ErrEmbeddingService)
	var se *EmbeddingServiceError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 0, se.StatusCode)
	assert.Contains(t, err.Error(), "request failed")
	assert.Empty(t, *waits, "only timeouts, 429 and 5xx are retried")
}

// waitDone fails the test if Embed has not returned within a minute: a
// guard against a hang, not a timing assertion.
func waitDone(t *testing.T, done <-chan error) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
		t.Fatal("Embed did not return after the context was canceled")
		return nil
	}
}

func TestHTTPEmbedderCancelDuringBackoff(t *testing.T) {
	srv := newEmbedServer(t, func(_ int, _ []string, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "3600")
		writeError(w, http.StatusTooManyRequests, "slow down")
	})
	e, _ := newTestEmbedder(t, srv, func(c *HTTPEmbedderConfig) { c.MaxBackoff = 2 * time.Hour })
	waiting := make(chan time.Duration, 1)
	e.sleep = func(ctx context.Context, d time.Duration) error {
		waiting <- d
		return sleepContext(ctx, d) // the real wait
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		_, err := e.Embed(ctx, []string{"t1"})
		done <- err
	}()
	assert.Equal(t, time.Hour, <-waiting)
	cancel()

	err := waitDone(t, done)
	require.ErrorIs(t, err, context.Canceled)
	assert.NotErrorIs(t, err, ErrEmbeddingService, "the caller stopped; the service did not fail")
	assert.Contains(t, err.Error(), "HTTPEmbedder.Embed")
	assert.Contains(t, err.Error(), "HTTP 429")
	assert.Len(t, srv.requests(), 1)
}

func TestHTTPEmbedderCancelDuringRequest(t *testing.T) {
	entered := make(chan struct{}, 1)
	release := make(chan struct{})
	srv := newEmbedServer(t, func(_ int, _ []string, _ http.ResponseWriter, r *http.Request) {
		entered <- struct{}{}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	t.Cleanup(func() { close(release) })
	e, waits := newTestEmbedder(t, srv, nil)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		_, err := e.Embed(ctx, []string{"t1"})
		done <- err
	}()
	<-entered
	cancel()

	err := waitDone(t, done)
	require.ErrorIs(t, err, context.Canceled)
	assert.NotErrorIs(t, err, ErrEmbeddingService)
	assert.Empty(t, *waits, "no retry once the caller canceled")
	assert.Len(t, srv.requests(), 1)
}

func TestHTTPEmbedderLearnsThenEnforcesDimension(t *testing.T) {
	dim := 3
	srv := newEmbedServer(t, func(_ int, input []string, w http.ResponseWriter, _ *http.Request) {
		writeEmbeddings(w, input, func(string) []float32 { return make([]float32, dim) })
	})
	e, _ := newTestEmbedder(t, srv, nil)
	require.Equal(t, 0, e.Dimension(), "unknown before the first call")

	_, err := e.Embed(t.Context(), []string{"t1", "t2"})
	require.NoError(t, err)
	assert.Equal(t, 3, e.Dimension())

	dim = 4
	_, err = e.Embed(t.Context(), []string{"t1", "t2"})
	require.ErrorIs(t, err, ErrEmbeddingService)
	assert.Contains(t, err.Error(), "the vector of texts[0] has 4 dimensions, expected 3 (learned from the first response)")
	assert.Equal(t, 3, e.Dimension(), "a bad response does not change the learned dimension")
}

func TestHTTPEmbedderConfiguredDimension(t *testing.T) {
	srv := newEmbedServer(t, okReply) // 3 dimensions
	e, _ := newTestEmbedder(t, srv, func(c *HTTPEmbedderConfig) { c.Dimension = 4 })
	assert.Equal(t, 4, e.Dimension())
	_, err := e.Embed(t.Context(), texts(70))
	require.ErrorIs(t, err, ErrEmbeddingService)
	assert.Contains(t, err.Error(), "the vector of texts[0] has 3 dimensions, expected 4 (HTTPEmbedderConfig.Dimension)")
	assert.Len(t, srv.requests(), 1, "the first bad batch stops the call")
}

func TestHTTPEmbedderMixedDimensionsInOneResponse(t *testing.T) {
	srv := newEmbedServer(t, func(_ int, input []string, w http.ResponseWriter, _ *http.Request) {
		writeEmbeddings(w, input, func(s string) []float32 { return make([]float32, len(s)) })
	})
	e, _ := newTestEmbedder(t, srv, nil)
	_, err := e.Embed(t.Context(), []string{"ab", "abc"})
	require.ErrorIs(t, err, ErrEmbeddingService)
	assert.Contains(t, err.Error(), "the vector of texts[1] has 3 dimensions, expected 2")
	assert.Equal(t, 0, e.Dimension(), "nothing learned from a bad response")
}

func TestHTTPEmbedderConcurrentFirstCalls(t *testing.T) {
	srv := newEmbedServer(t, okReply)
	e, _ := newTestEmbedder(t, srv, nil)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() { _, errs[i] = e.Embed(t.Context(), texts(10)) })
	}
	wg.Wait()
	for _, err := range errs {
		assert.NoError(t, err)
	}
	assert.Equal(t, 3, e.Dimension())
}

func TestHTTPEmbedderRejectsBadResponses(t *testing.T) {
	cases := []struct {
		name string
		body string
		want string
	}{
		{"wrong count", `{"data":[{"index":0,"embedding":[1,2]}]}`, "returned 1 embeddings for 2 texts"},
		{"no data", `{"object":"list"}`, "returned 0 embeddings for 2 texts"},
		{"missing index", `{"data":[{"embedding":[1,2]},{"index":1,"embedding":[1,2]}]}`, "data[0] has no index"},
		{"index out of range", `{"data":[{"index":0,"embedding":[1,2]},{"index":2,"embedding":[1,2]}]}`, "data[1].index 2 is outside 0..1"},
		{"duplicate index", `{"data":[{"index":1,"embedding":[1,2]},{"index":1,"embedding":[1,2]}]}`, "index 1 appears twice"},
		{"NaN token", `{"data":[{"index":0,"embedding":[NaN,2]},{"index":1,"embedding":[1,2]}]}`, "is not a JSON embeddings list (NaN and Infinity are not JSON)"},
		{"beyond FLOAT32", `{"data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[1e39,2]}]}`, "the vector of texts[1] has +Inf at [0]"},
		{"empty vector", `{"data":[{"index":0,"embedding":[]},{"index":1,"embedding":[1,2]}]}`, "data[0].embedding is empty"},
		{"base64", `{"data":[{"index":0,"embedding":"AACAPw=="},{"index":1,"embedding":[1,2]}]}`, "the service ignored encoding_format float"},
		{"string element", `{"data":[{"index":0,"embedding":[1,"2"]},{"index":1,"embedding":[1,2]}]}`, `data[0].embedding [1] "\"2\"" is not a number`},
		{"nested array", `{"data":[{"index":0,"embedding":[[1,2]]},{"index":1,"embedding":[1,2]}]}`, "is not a number"},
		{"null", `{"data":[{"index":0,"embedding":null},{"index":1,"embedding":[1,2]}]}`, "data[0].embedding is not an array of numbers"},
		{"not JSON", `<html>proxy</html>`, "is not a JSON embeddings list"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := newEmbedServer(t, func(_ int, _ []string, w http.ResponseWriter, _ *http.Request) {
				_, _ = io.WriteString(w, c.body)
			})
			e, waits := newTestEmbedder(t, srv, nil)
			_, err := e.Embed(t.Context(), []string{"t0", "t1"})
			require.ErrorIs(t, err, ErrEmbeddingService)
			assert.Contains(t, err.Error(), c.want)
			var se *EmbeddingServiceError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, http.StatusOK, se.StatusCode)
			assert.Empty(t, *waits, "a malformed response is not retried")
		})
	}
}

func TestParseVectorMatchesEncodingJSON(t *testing.T) {
	for _, in := range []string{`[1]`, `[ -0.25 , 3e-2,1E+3 ]`, "[\n0,\t-0, 1.5e-50]", `[3.4028234e38, -1e-45]`, `[123456789012, 0.1]`} {
		var want []float32
		require.NoError(t, json.Unmarshal([]byte(in), &want), in)
		got, err := parseVector(json.RawMessage(in))
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
}

func TestHTTPEmbedderAPIKeyFromEnvironment(t *testing.T) {
	srv := newEmbedServer(t, okReply)

	t.Setenv(defaultAPIKeyEnv, "sk-from-default-env")
	e, err := NewHTTPEmbedder(HTTPEmbedderConfig{BaseURL: srv.URL, Model: "m"})
	require.NoError(t, err)
	_, err = e.Embed(t.Context(), []string{"t1"})
	require.NoError(t, err)

	t.Setenv("AGENTMEM_TEST_EMBED_KEY", "sk-from-named-env")
	e, err = NewHTTPEmbedder(HTTPEmbedderConfig{BaseURL: srv.URL, Model: "m", APIKeyEnv: "AGENTMEM_TEST_EMBED_KEY"})
	require.NoError(t, err)
	_, err = e.Embed(t.Context(), []string{"t1"})
	require.NoError(t, err)

	e, err = NewHTTPEmbedder(HTTPEmbedderConfig{BaseURL: srv.URL, Model: "m", APIKey: "sk-explicit", APIKeyEnv: "AGENTMEM_TEST_EMBED_KEY"})
	require.NoError(t, err)
	_, err = e.Embed(t.Context(), []string{"t1"})
	require.NoError(t, err)

	reqs := srv.requests()
	require.Len(t, reqs, 3)
	assert.Equal(t, "Bearer sk-from-default-env", reqs[0].Auth)
	assert.Equal(t, "Bearer sk-from-named-env", reqs[1].Auth)
	assert.Equal(t, "Bearer sk-explicit", reqs[2].Auth, "APIKey wins over the environment")
}

func TestHTTPEmbedderWithoutAPIKey(t *testing.T) {
	srv := newEmbedServer(t, func(call int, input []string, w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "" && call > 1 {
			writeError(w, http.StatusUnauthorized, "You didn't provide an API key.")
			return
		}
		okReply(call, input, w, r)
	})
	e, _ := newTestEmbedder(t, srv, func(c *HTTPEmbedderConfig) { c.APIKey = "" })
	_, err := e.Embed(t.Context(), []string{"t1"})
	require.NoError(t, err, "local servers need no key")
	assert.Empty(t, srv.requests()[0].Auth, "no Authorization header without a key")

	_, err = e.Embed(t.Context(), []string{"t1"})
	require.ErrorIs(t, err, ErrEmbeddingService)
	assert.Contains(t, err.Error(), "HTTP 401 Unauthorized")
	assert.Contains(t, err.Error(), "no API key was sent: set HTTPEmbedderConfig.APIKey or the environment variable OPENAI_API_KEY")
}

func TestHTTPEmbedderNeverShowsAPIKey(t *testing.T) {
	const key = "sk-secret-9f8e7d6c5b4a"
	srv := newEmbedServer(t, func(_ int, _ []string, w http.ResponseWriter, r *http.Request) {
		// Some services echo the rejected key.
		writeError(w, http.StatusUnauthorized, "Incorrect API key provided: "+strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")+".")
	})
	cfg := HTTPEmbedderConfig{BaseURL: srv.URL + "/v1", Model: "m", APIKey: key}
	e, err := NewHTTPEmbedder(cfg)
	require.NoError(t, err)

	_, embedErr := e.Embed(t.Context(), []string{"t1"})
	require.ErrorIs(t, embedErr, ErrEmbeddingService)
	assert.Contains(t, embedErr.Error(), "Incorrect API key provided: [REDACTED].")
	assert.Equal(t, "Bearer "+key, srv.requests()[0].Auth, "the key is sent")

	envCfg := HTTPEmbedderConfig{BaseURL: srv.URL, Model: "m", APIKeyEnv: "AGENTMEM_TEST_EMBED_KEY"}
	t.Setenv("AGENTMEM_TEST_EMBED_KEY", key)
	envEmbedder, err := NewHTTPEmbedder(envCfg)
	require.NoError(t, err)
	_, envErr := envEmbedder.Embed(t.Context(), []string{"t1"})
	require.Error(t, envErr)

	srv.Close()
	_, netErr := e.Embed(t.Context(), []string{"t1"})
	require.Error(t, netErr)

	logged := assertNeverShown(t, []string{key, "9f8e7d6c5b4a"},
		[]any{cfg, &cfg, e, envEmbedder, []any{cfg}, map[string]HTTPEmbedderConfig{"c": cfg}, embedErr},
		cfg.String(), e.String(), embedErr.Error(), envErr.Error(), netErr.Error(), fmt.Sprintf("%+v", embedErr))
	assert.Contains(t, logged, "APIKey: [REDACTED]", "slog logs String")
	assert.Contains(t, cfg.String(), "APIKey: [REDACTED]")
	assert.Contains(t, e.String(), "api key: [REDACTED] (from APIKey)")
	assert.Contains(t, envEmbedder.String(), "api key: [REDACTED] (from environment variable AGENTMEM_TEST_EMBED_KEY)")
}

// assertNeverShown prints every value with every fmt verb, through slog
// (text and JSON) and encoding/json, and checks that neither that nor any
// of texts shows a secret. It returns what slog logged.
func assertNeverShown(t *testing.T, secrets []string, values []any, texts ...string) string {
	t.Helper()
	printed := append([]string(nil), texts...)
	var logged strings.Builder
	for _, v := range values {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%d", "%x"} {
			printed = append(printed, fmt.Sprintf(verb, v))
		}
		if js, err := json.Marshal(v); err == nil {
			printed = append(printed, string(js))
		}
		slog.New(slog.NewTextHandler(&logged, nil)).Info("value", "v", v)
		slog.New(slog.NewJSONHandler(&logged, nil)).Info("value", "v", v)
	}
	printed = append(printed, logged.String())
	for _, p := range printed {
		for _, secret := range secrets {
			assert.NotContains(t, p, secret)
		}
	}
	return logged.String()
}

func TestNewHTTPEmbedderDefaults(t *testing.T) {
	t.Setenv(defaultAPIKeyEnv, "")
	e, err := NewHTTPEmbedder(HTTPEmbedderConfig{BaseURL: "https://api.example.test/v1/", Model: "text-embedding-3-small"})
	require.NoError(t, err)
	assert.Equal(t, "https://api.example.test/v1/embeddings", e.endpoint)
	assert.Equal(t, 64, e.batchSize)
	assert.Equal(t, 30*time.Second, e.timeout)
	assert.Equal(t, 4, e.maxRetries)
	assert.Equal(t, 500*time.Millisecond, e.initialBackoff)
	assert.Equal(t, 30*time.Second, e.maxBackoff)
	assert.Nil(t, e.auth)
	assert.NotNil(t, e.client)
	assert.Equal(t, 0, e.Dimension())
	assert.Equal(t, "HTTPEmbedder{endpoint: https://api.example.test/v1/embeddings, model: text-embedding-3-small, dimension: 0, "+
		"api key: none, batch size: 64, timeout: 30s, max retries: 4}", e.String())
}

func TestNewHTTPEmbedderRejects(t *testing.T) {
	t.Setenv(defaultAPIKeyEnv, "")
	base := HTTPEmbedderConfig{BaseURL: "https://api.example.test/v1", Model: "m"}
	cases := []struct {
		name string
		edit func(*HTTPEmbedderConfig)
		want string
	}{
		{"no BaseURL", func(c *HTTPEmbedderConfig) { c.BaseURL = "" }, "BaseURL is empty"},
		{"relative BaseURL", func(c *HTTPEmbedderConfig) { c.BaseURL = "api.example.test/v1" }, "must be an absolute http or https URL"},
		{"other scheme", func(c *HTTPEmbedderConfig) { c.BaseURL = "ftp://api.example.test/v1" }, "must be an absolute http or https URL"},
		{"unparsable", func(c *HTTPEmbedderConfig) { c.BaseURL = "http://[::1" }, "is not a URL"},
		{"fragment", func(c *HTTPEmbedderConfig) { c.BaseURL = "https://api.example.test/v1#x" }, "must not have a fragment"},
		{"endpoint given", func(c *HTTPEmbedderConfig) { c.BaseURL = "https://api.example.test/v1/embeddings/" }, "ends with /embeddings"},
		{"password hidden", func(c *HTTPEmbedderConfig) { c.BaseURL = "ftp://u:hunter2@api.example.test" }, "ftp://u:xxxxx@api.example.test"},
		{"blank model", func(c *HTTPEmbedderConfig) { c.Model = "  " }, "Model \"  \" must name an embedding model"},
		{"negative dimension", func(c *HTTPEmbedderConfig) { c.Dimension = -1 }, "Dimension -1 must be between 1 and 65535"},
		{"huge dimension", func(c *HTTPEmbedderConfig) { c.Dimension = 65536 }, "Dimension 65536 must be between 1 and 65535"},
		{"dimensions without dimension", func(c *HTTPEmbedderConfig) { c.SendDimensions = true }, "SendDimensions needs Dimension"},
		{"batch too large", func(c *HTTPEmbedderConfig) { c.BatchSize = 2049 }, "BatchSize 2049 must be between 1 and 2048"},
		{"negative batch", func(c *HTTPEmbedderConfig) { c.BatchSize = -1 }, "BatchSize -1 must be between 1 and 2048"},
		{"retries too many", func(c *HTTPEmbedderConfig) { c.MaxRetries = 11 }, "MaxRetries 11 must be between 1 and 10; 0 means 4, -1 no retry"},
		{"retries negative", func(c *HTTPEmbedderConfig) { c.MaxRetries = -2 }, "MaxRetries -2 must be between 1 and 10"},
		{"negative timeout", func(c *HTTPEmbedderConfig) { c.Timeout = -time.Second }, "Timeout -1s must not be negative"},
		{"negative backoff", func(c *HTTPEmbedderConfig) { c.MaxBackoff = -time.Second }, "MaxBackoff -1s must not be negative"},
		{"key with newline", func(c *HTTPEmbedderConfig) { c.APIKey = "sk-abc\r\nX-Evil: 1" }, "the API key from APIKey contains a space or control character (the key is not shown)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := base
			c.edit(&cfg)
			e, err := NewHTTPEmbedder(cfg)
			assert.Nil(t, e)
			require.ErrorIs(t, err, ErrInvalidArgument)
			assert.Contains(t, err.Error(), "agentmemory: NewHTTPEmbedder: INVALID_ARGUMENT: ")
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "hunter2")
			assert.NotContains(t, err.Error(), "sk-abc")
		})
	}

	t.Setenv("AGENTMEM_TEST_EMBED_KEY", "sk-env key")
	_, err := NewHTTPEmbedder(HTTPEmbedderConfig{BaseURL: base.BaseURL, Model: "m", APIKeyEnv: "AGENTMEM_TEST_EMBED_KEY"})
	require.ErrorIs(t, err, ErrInvalidArgument)
	assert.Contains(t, err.Error(), "from environment variable AGENTMEM_TEST_EMBED_KEY contains a space")
	assert.NotContains(t, err.Error(), "sk-env")
}
