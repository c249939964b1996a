package agentmemory

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// Defaults and limits of HTTPEmbedderConfig (documented on its fields).
const (
	defaultEmbedBatchSize      = 64
	maxEmbedBatchSize          = 2048 // OpenAI's limit on the items of one input array
	defaultEmbedTimeout        = 30 * time.Second
	defaultEmbedMaxRetries     = 4
	maxEmbedRetries            = 10
	defaultEmbedInitialBackoff = 500 * time.Millisecond
	defaultEmbedMaxBackoff     = 30 * time.Second
	defaultAPIKeyEnv           = "OPENAI_API_KEY"
)

const (
	maxErrorBody     = 64 << 10 // bytes of an error response read for its message
	maxServerMessage = 300      // characters of the server's message kept in an error
	redacted         = "[REDACTED]"
)

// HTTPEmbedderConfig configures an HTTPEmbedder. The zero value of each field
// means its default; NewHTTPEmbedder validates the rest. Printing the config
// (String, any fmt verb, slog, encoding/json) never shows the API key.
type HTTPEmbedderConfig struct {
	// BaseURL is the API root of an OpenAI-compatible service, e.g.
	// https://api.openai.com/v1 or http://localhost:11434/v1; the embedder
	// POSTs to BaseURL + "/embeddings" (a query string is kept). Required.
	BaseURL string
	// Model is the embedding model, e.g. "text-embedding-3-small". Required.
	Model string
	// APIKey is sent as "Authorization: Bearer <key>". Empty: read once, by
	// NewHTTPEmbedder, from the environment variable APIKeyEnv; when that is
	// empty too, no Authorization header is sent (local servers).
	APIKey string `json:"-"`
	// APIKeyEnv names the environment variable read when APIKey is empty.
	// Empty: OPENAI_API_KEY.
	APIKeyEnv string
	// Dimension is the expected vector dimension, 1..65535. 0: learned from
	// the first response, then enforced on every later one.
	Dimension int
	// SendDimensions sends Dimension as the request's "dimensions" field, for
	// models that can shorten their vectors (OpenAI text-embedding-3).
	// Needs Dimension. false: the field is left out (many servers reject it).
	SendDimensions bool
	// BatchSize is the most texts sent in one request, 1..2048. 0: 64.
	BatchSize int
	// Timeout bounds one request, response body included. 0: 30s.
	Timeout time.Duration
	// MaxRetries is how often a request is retried after HTTP 429, a 5xx
	// status or a network timeout, 1..10. 0: 4. -1: never retry.
	MaxRetries int
	// InitialBackoff is the wait before the first retry when the server sends
	// no Retry-After; it doubles on each retry, with jitter. 0: 500ms.
	InitialBackoff time.Duration
	// MaxBackoff caps the wait between attempts. A Retry-After longer than
	// MaxBackoff ends the retries with the error. 0: 30s.
	MaxBackoff time.Duration
	// HTTPClient sends the requests; inject one for proxies, TLS settings or
	// extra headers (through its Transport). nil: a client with Go's default
	// transport. Its own Timeout, if set, also applies.
	HTTPClient *http.Client `json:"-"`
}

// HTTPEmbedder is an Embedder that calls an OpenAI-compatible embeddings
// endpoint. It splits texts into batches of BatchSize, sent one after the
// other, and places each vector by the "index" field of the response. It is
// safe for concurrent use. Build it with NewHTTPEmbedder.
type HTTPEmbedder struct {
	endpoint       string
	display        string // endpoint without user info, for messages
	model          string
	auth           *apiKey // nil: no Authorization header
	keyHint        string  // where a key would come from, for 401/403 messages
	sendDims       bool
	fixedDim       bool // Dimension was configured, not learned
	dim            atomic.Int64
	batchSize      int
	timeout        time.Duration
	maxRetries     int
	initialBackoff time.Duration
	maxBackoff     time.Duration
	client         *http.Client

	// Injectable for tests: waiting between attempts and the clock used for
	// Retry-After dates.
	sleep func(ctx context.Context, d time.Duration) error
	now   func() time.Time
}

// apiKey sits behind a pointer so that printing an HTTPEmbedder value with
// fmt shows an address, never the key (fmt cannot call methods on
// unexported fields).
type apiKey struct {
	key    string
	source string // "APIKey" or the environment variable's name
}

var _ Embedder = (*HTTPEmbedder)(nil)

// NewHTTPEmbedder validates cfg, applies the defaults and reads the API key
// from the environment when cfg.APIKey is empty. Errors match
// ErrInvalidArgument and name the field and the rule; they never show the
// key.
func NewHTTPEmbedder(cfg HTTPEmbedderConfig) (*HTTPEmbedder, error) {
	const op = "NewHTTPEmbedder"
	bad := func(format string, args ...any) error { return invalidArgument(op, format, args...) }

	u, err := url.Parse(strings.TrimSpace(cfg.BaseURL))
	switch {
	case cfg.BaseURL == "":
		return nil, bad("BaseURL is empty: give the API root, e.g. https://api.openai.com/v1")
	case err != nil:
		return nil, bad("BaseURL %q is not a URL: %v", cfg.BaseURL, err)
	case u.Scheme != "http" && u.Scheme != "https", u.Host == "":
		return nil, bad("BaseURL %q must be an absolute http or https URL, e.g. https://api.openai.com/v1", u.Redacted())
	case u.Fragment != "":
		return nil, bad("BaseURL %q must not have a fragment", u.Redacted())
	case strings.HasSuffix(strings.TrimRight(u.Path, "/"), "/embeddings"):
		return nil, bad("BaseURL %q ends with /embeddings: give the API root (e.g. .../v1); the embedder appends /embeddings", u.Redacted())
	}
	u = u.JoinPath("embeddings")

	if strings.TrimSpace(cfg.Model) == "" {
		return nil, bad("Model %q must name an embedding model, e.g. text-embedding-3-small", cfg.Model)
	}
	const maxVectorDim = 65535 // Oracle's largest VECTOR dimension count
	if cfg.Dimension < 0 || cfg.Dimension > maxVectorDim {
		return nil, bad("Dimension %d must be between 1 and %d; 0 learns it from the first response", cfg.Dimension, maxVectorDim)
	}
	if cfg.SendDimensions && cfg.Dimension == 0 {
		return nil, bad("SendDimensions needs Dimension: the request's dimensions field asks for that size")
	}
	if cfg.BatchSize < 0 || cfg.BatchSize > maxEmbedBatchSize {
		return nil, bad("BatchSize %d must be between 1 and %d; 0 means %d", cfg.BatchSize, maxEmbedBatchSize, defaultEmbedBatchSize)
	}
	if cfg.MaxRetries < -1 || cfg.MaxRetries > maxEmbedRetries {
		return nil, bad("MaxRetries %d must be between 1 and %d; 0 means %d, -1 no retry", cfg.MaxRetries, maxEmbedRetries, defaultEmbedMaxRetries)
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"Timeout", cfg.Timeout}, {"InitialBackoff", cfg.InitialBackoff}, {"MaxBackoff", cfg.MaxBackoff}} {
		if d.v < 0 {
			return nil, bad("%s %v must not be negative; 0 means the default", d.name, d.v)
		}
	}

	e := &HTTPEmbedder{
		endpoint:       u.String(),
		display:        u.Redacted(),
		model:          cfg.Model,
		sendDims:       cfg.SendDimensions,
		fixedDim:       cfg.Dimension > 0,
		batchSize:      orDefault(cfg.BatchSize, defaultEmbedBatchSize),
		timeout:        orDefault(cfg.Timeout, defaultEmbedTimeout),
		maxRetries:     max(orDefault(cfg.MaxRetries, defaultEmbedMaxRetries), 0),
		initialBackoff: orDefault(cfg.InitialBackoff, defaultEmbedInitialBackoff),
		maxBackoff:     orDefault(cfg.MaxBackoff, defaultEmbedMaxBackoff),
		client:         cfg.HTTPClient,
		sleep:          sleepContext,
		now:            time.Now,
	}
	e.dim.Store(int64(cfg.Dimension))
	if e.client == nil {
		e.client = &http.Client{}
	}
	env := orDefault(cfg.APIKeyEnv, defaultAPIKeyEnv)
	e.keyHint = "set HTTPEmbedderConfig.APIKey or the environment variable " + env
	key := &apiKey{key: cfg.APIKey, source: "APIKey"}
	if key.key == "" {
		key = &apiKey{key: os.Getenv(env), source: "environment variable " + env}
	}
	if key.key != "" {
		// A space or control character would break the header (or inject
		// another one); the message must not show the key.
		if strings.ContainsFunc(key.key, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
			return nil, bad("the API key from %s contains a space or control character (the key is not shown)", key.source)
		}
		e.auth = key
	}
	return e, nil
}

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// Dimension returns the configured dimension, or the one learned from the
// first response; 0 before that.
func (e *HTTPEmbedder) Dimension() int { return int(e.dim.Load()) }

// Embed returns one vector per text, in the order of texts. An empty list
// makes no request. An empty string is an invalid argument (services reject
// it). Service failures match ErrEmbeddingService; when ctx ends, the error
// wraps ctx.Err() and waiting stops at once.
func (e *HTTPEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	const op = "HTTPEmbedder.Embed"
	for i, t := range texts {
		if t == "" {
			return nil, invalidArgument(op, "texts[%d] is empty: embedding services reject empty input; leave it out or give it text", i)
		}
	}
	out := make([][]float32, len(texts))
	for start := 0; start < len(texts); start += e.batchSize {
		end := min(start+e.batchSize, len(texts))
		vecs, err := e.embedBatch(ctx, op, texts[start:end], start)
		if err != nil {
			return nil, err
		}
		copy(out[start:end], vecs)
	}
	return out, nil
}

// embeddingRequest is the body of POST /embeddings.
type embeddingRequest struct {
	Model          string   `json:"model"`
	Input          []string `json:"input"`
	EncodingFormat string   `json:"encoding_format"`
	Dimensions     int      `json:"dimensions,omitempty"`
}

// failure is one failed attempt; retryable says whether another may help.
type failure struct {
	status        int
	message       string
	err           error
	retryable     bool
	retryAfter    time.Duration
	hasRetryAfter bool
}

// embedBatch sends one batch (texts[base:base+len(batch)] of the caller),
// retrying as configured, and checks the vectors.
func (e *HTTPEmbedder) embedBatch(ctx context.Context, op string, batch []string, base int) ([][]float32, error) {
	req := embeddingRequest{Model: e.model, Input: batch, EncodingFormat: "float"}
	if e.sendDims {
		req.Dimensions = e.Dimension()
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("agentmemory: %s: encoding the request: %w", op, err)
	}
	for attempt := 1; ; attempt++ {
		vecs, f := e.post(ctx, body, len(batch))
		if f == nil {
			if err := e.checkBatch(vecs, base); err != nil {
				return nil, e.serviceError(op, &failure{status: http.StatusOK, message: err.Error()}, attempt)
			}
			return vecs, nil
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("agentmemory: %s: %w (during attempt %d: %s)", op, ctx.Err(), attempt, f.message)
		}
		if !f.retryable || attempt > e.maxRetries {
			return nil, e.serviceError(op, f, attempt)
		}
		wait := e.backoff(attempt)
		if f.hasRetryAfter {
			if f.retryAfter > e.maxBackoff {
				f.message += fmt.Sprintf("; the server asks to retry after %v, more than MaxBackoff %v", f.retryAfter, e.maxBackoff)
				return nil, e.serviceError(op, f, attempt)
			}
			wait = f.retryAfter
		}
		if err := e.sleep(ctx, wait); err != nil {
			return nil, fmt.Errorf("agentmemory: %s: %w (waiting %v to retry after: %s)", op, err, wait, f.message)
		}
	}
}

func (e *HTTPEmbedder) serviceError(op string, f *failure, attempts int) error {
	return &EmbeddingServiceError{Op: op, Endpoint: e.display, StatusCode: f.status, Message: f.message, Attempts: attempts, Err: f.err}
}

// checkBatch checks a batch's vectors and learns the dimension from the
// first good response. Concurrent first calls agree through the
// compare-and-swap: the loser is checked against the winner's dimension.
func (e *HTTPEmbedder) checkBatch(vecs [][]float32, base int) error {
	if err := checkEmbeddings(vecs, len(vecs), base, 0); err != nil || len(vecs) == 0 {
		return err
	}
	got, want := len(vecs[0]), e.Dimension()
	if want == 0 {
		if e.dim.CompareAndSwap(0, int64(got)) {
			return nil
		}
		want = e.Dimension()
	}
	if got == want {
		return nil
	}
	source := "learned from the first response"
	if e.fixedDim {
		source = "HTTPEmbedderConfig.Dimension"
	}
	return fmt.Errorf("the vector of texts[%d] has %d dimensions, expected %d (%s)", base, got, want, source)
}

// backoff is the wait after the attempt-th failure: InitialBackoff doubled
// per earlier failure, capped at MaxBackoff, then a random point in its upper
// half, so that clients failing together do not retry together.
func (e *HTTPEmbedder) backoff(attempt int) time.Duration {
	d := e.initialBackoff
	for i := 1; i < attempt && d < e.maxBackoff; i++ {
		d *= 2
	}
	d = min(d, e.maxBackoff)
	return d/2 + rand.N(d/2+1)
}

func sleepContext(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// post makes one attempt. The per-request timeout covers reading the body.
func (e *HTTPEmbedder) post(ctx context.Context, body []byte, n int) ([][]float32, *failure) {
	rctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, e.endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, &failure{message: "building the request: " + e.redact(err.Error()), err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if e.auth != nil {
		req.Header.Set("Authorization", "Bearer "+e.auth.key)
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return nil, e.networkFailure(ctx, rctx, err)
	}
	defer func() {
		// Drain a little so the connection can be reused.
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxErrorBody))
		_ = resp.Body.Close()
	}()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, e.statusFailure(resp)
	}
	vecs, err := decodeEmbeddings(resp.Body, n)
	if err != nil {
		if rctx.Err() != nil {
			return nil, e.networkFailure(ctx, rctx, err)
		}
		return nil, &failure{status: resp.StatusCode, message: e.redact(err.Error())}
	}
	return vecs, nil
}

// networkFailure classifies a transport error: only timeouts (the request's
// own Timeout, or the client's) are retried, and never once ctx is done.
func (e *HTTPEmbedder) networkFailure(ctx, rctx context.Context, err error) *failure {
	var ne net.Error
	timeout := ctx.Err() == nil && (errors.Is(rctx.Err(), context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()))
	msg := "request failed: " + e.redact(err.Error())
	if timeout {
		msg = fmt.Sprintf("request timed out (Timeout %v): %s", e.timeout, e.redact(err.Error()))
	}
	return &failure{message: msg, err: err, retryable: timeout}
}

// statusFailure reads an error response: 429 and 5xx are retried, other
// statuses are final.
func (e *HTTPEmbedder) statusFailure(resp *http.Response) *failure {
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	msg := fmt.Sprintf("HTTP %d %s: %q", resp.StatusCode, http.StatusText(resp.StatusCode),
		cutMessage(e.redact(serverMessage(raw)), maxServerMessage))
	if e.auth == nil && (resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden) {
		msg += "; no API key was sent: " + e.keyHint
	}
	f := &failure{status: resp.StatusCode, message: msg,
		retryable: resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500}
	if f.retryable {
		f.retryAfter, f.hasRetryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), e.now())
	}
	return f
}

// parseRetryAfter reads a Retry-After value: delay seconds or an HTTP-date
// (RFC 9110 section 10.2.3). A date in the past means no wait; a value that
// is neither is ignored and the backoff applies.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		return time.Duration(min(secs, 1<<32)) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// serverMessage extracts the message of an error body: OpenAI's
// {"error": {"message": ...}}, {"error": "..."} or {"message": "..."};
// otherwise the body itself.
func serverMessage(body []byte) string {
	var env struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	if json.Unmarshal(body, &env) == nil {
		var obj struct {
			Message string `json:"message"`
		}
		var s string
		switch {
		case json.Unmarshal(env.Error, &obj) == nil && obj.Message != "":
			return obj.Message
		case json.Unmarshal(env.Error, &s) == nil && s != "":
			return s
		case env.Message != "":
			return env.Message
		}
	}
	return string(body)
}

// cutMessage folds white space and keeps at most n characters.
func cutMessage(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// redact removes the API key from text that may come from the server (some
// services echo the key they rejected) before it goes into an error.
func (e *HTTPEmbedder) redact(s string) string {
	if e.auth == nil {
		return s
	}
	return strings.ReplaceAll(s, e.auth.key, redacted)
}

// embeddingResponse is the part of the response the embedder reads.
// Embedding stays raw: parseVector reads it straight into float32.
type embeddingResponse struct {
	Data []struct {
		Index     *int            `json:"index"`
		Embedding json.RawMessage `json:"embedding"`
	} `json:"data"`
}

// decodeEmbeddings reads a response for n inputs and orders the vectors by
// their "index" field, which must name each input exactly once.
func decodeEmbeddings(r io.Reader, n int) ([][]float32, error) {
	var resp embeddingResponse
	if err := json.NewDecoder(r).Decode(&resp); err != nil {
		return nil, fmt.Errorf("the response is not a JSON embeddings list (NaN and Infinity are not JSON): %v", err)
	}
	if len(resp.Data) != n {
		return nil, fmt.Errorf("returned %d embeddings for %d texts; one per text is required", len(resp.Data), n)
	}
	out := make([][]float32, n)
	for i, d := range resp.Data {
		if d.Index == nil {
			return nil, fmt.Errorf("data[%d] has no index", i)
		}
		k := *d.Index
		if k < 0 || k >= n {
			return nil, fmt.Errorf("data[%d].index %d is outside 0..%d", i, k, n-1)
		}
		if out[k] != nil {
			return nil, fmt.Errorf("index %d appears twice in data", k)
		}
		v, err := parseVector(d.Embedding)
		if err != nil {
			return nil, fmt.Errorf("data[%d].embedding %v", i, err)
		}
		out[k] = v
	}
	return out, nil
}

// parseVector reads a JSON array of numbers into float32, without
// reflection. The decoder has already checked that raw is valid JSON, so
// the array holds JSON values separated by commas: a non-number element
// (string, array, object, literal) fails strconv. A number beyond the
// FLOAT32 range becomes an infinity, which checkEmbeddings rejects.
func parseVector(raw json.RawMessage) ([]float32, error) {
	s := bytes.TrimSpace(raw)
	if len(s) > 0 && s[0] == '"' {
		return nil, errors.New("is a string, not an array of numbers: the service ignored encoding_format float")
	}
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, errors.New("is not an array of numbers")
	}
	s = bytes.TrimSpace(s[1 : len(s)-1])
	if len(s) == 0 {
		return nil, errors.New("is empty")
	}
	out := make([]float32, 0, bytes.Count(s, []byte{','})+1)
	for len(s) > 0 {
		tok := s
		if i := bytes.IndexByte(s, ','); i >= 0 {
			tok, s = s[:i], s[i+1:]
		} else {
			s = nil
		}
		tok = bytes.TrimSpace(tok)
		f, err := strconv.ParseFloat(string(tok), 32)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil, fmt.Errorf("[%d] %.40q is not a number", len(out), tok)
		}
		out = append(out, float32(f))
	}
	return out, nil
}

// String describes the embedder without its API key.
func (e *HTTPEmbedder) String() string {
	key := "none"
	if e.auth != nil {
		key = redacted + " (from " + e.auth.source + ")"
	}
	return fmt.Sprintf("HTTPEmbedder{endpoint: %s, model: %s, dimension: %d, api key: %s, batch size: %d, timeout: %v, max retries: %d}",
		e.display, e.model, e.Dimension(), key, e.batchSize, e.timeout, e.maxRetries)
}

// Format prints String for every verb, so that no verb shows the key.
func (e *HTTPEmbedder) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, e.String()) }

// LogValue makes slog log String.
func (e *HTTPEmbedder) LogValue() slog.Value { return slog.StringValue(e.String()) }

// String describes the configuration with the API key replaced by
// [REDACTED].
func (c HTTPEmbedderConfig) String() string {
	key := ""
	if c.APIKey != "" {
		key = redacted
	}
	client := "default"
	if c.HTTPClient != nil {
		client = "injected"
	}
	base := c.BaseURL
	if u, err := url.Parse(c.BaseURL); err == nil {
		base = u.Redacted()
	}
	return fmt.Sprintf("HTTPEmbedderConfig{BaseURL: %s, Model: %s, APIKey: %s, APIKeyEnv: %s, Dimension: %d, SendDimensions: %t, "+
		"BatchSize: %d, Timeout: %v, MaxRetries: %d, InitialBackoff: %v, MaxBackoff: %v, HTTPClient: %s}",
		base, c.Model, key, c.APIKeyEnv, c.Dimension, c.SendDimensions,
		c.BatchSize, c.Timeout, c.MaxRetries, c.InitialBackoff, c.MaxBackoff, client)
}

// Format prints String for every verb (%v, %+v, %#v, %s, %d, ...): the
// default struct printing would show APIKey.
func (c HTTPEmbedderConfig) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, c.String()) }

// LogValue makes slog log String.
func (c HTTPEmbedderConfig) LogValue() slog.Value { return slog.StringValue(c.String()) }
