package agentmemory

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Defaults and limits of HTTPEmbedderConfig (documented on its fields).
const (
	defaultEmbedBatchSize = 64
	maxEmbedBatchSize     = 2048 // OpenAI's limit on the items of one input array
	defaultEmbedTimeout   = 30 * time.Second
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
	*httpService
	model     string
	sendDims  bool
	fixedDim  bool // Dimension was configured, not learned
	dim       atomic.Int64
	batchSize int
}

var _ Embedder = (*HTTPEmbedder)(nil)

// NewHTTPEmbedder validates cfg, applies the defaults and reads the API key
// from the environment when cfg.APIKey is empty. Errors match
// ErrInvalidArgument and name the field and the rule; they never show the
// key.
func NewHTTPEmbedder(cfg HTTPEmbedderConfig) (*HTTPEmbedder, error) {
	const op = "NewHTTPEmbedder"
	bad := func(format string, args ...any) error { return invalidArgument(op, format, args...) }

	svc, err := newHTTPService(httpSettings{op: op, config: "HTTPEmbedderConfig", path: "embeddings",
		baseURL: cfg.BaseURL, apiKey: cfg.APIKey, apiKeyEnv: cfg.APIKeyEnv, timeout: cfg.Timeout,
		defaultTimeout: defaultEmbedTimeout, maxRetries: cfg.MaxRetries, initialBackoff: cfg.InitialBackoff,
		maxBackoff: cfg.MaxBackoff, client: cfg.HTTPClient})
	if err != nil {
		return nil, err
	}
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
	e := &HTTPEmbedder{
		httpService: svc,
		model:       cfg.Model,
		sendDims:    cfg.SendDimensions,
		fixedDim:    cfg.Dimension > 0,
		batchSize:   orDefault(cfg.BatchSize, defaultEmbedBatchSize),
	}
	e.dim.Store(int64(cfg.Dimension))
	return e, nil
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
	var vecs [][]float32
	attempts, f, err := e.send(ctx, op, body, func(r io.Reader) (err error) {
		vecs, err = decodeEmbeddings(r, len(batch))
		return err
	})
	if err != nil {
		return nil, err
	}
	if f == nil {
		if err := e.checkBatch(vecs, base); err != nil {
			f = &failure{status: http.StatusOK, message: err.Error()}
		}
	}
	if f != nil {
		return nil, e.serviceError(op, f, attempts)
	}
	return vecs, nil
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
	key := e.keyDescription()
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
	base, key, client := configDisplay(c.BaseURL, c.APIKey, c.HTTPClient)
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
