package agentmemory

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// httpService is what the clients of OpenAI-compatible services share (the
// HTTPEmbedder and the OpenAIChatLLM): one endpoint, the API key (never
// printed), a timeout per attempt, and retries after HTTP 429, a 5xx status
// or a network timeout, waiting Retry-After when the server sends it and
// else an exponential backoff with jitter.
type httpService struct {
	endpoint       string
	display        string  // endpoint without user info, for messages
	auth           *apiKey // nil: no Authorization header
	keyHint        string  // where a key would come from, for 401/403 messages
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

// apiKey sits behind a pointer so that printing a client value with fmt
// shows an address, never the key (fmt cannot call methods on unexported
// fields).
type apiKey struct {
	key    string
	source string // "APIKey" or the environment variable's name
}

// Retry limits shared by every HTTP client of the package.
const (
	defaultHTTPMaxRetries     = 4
	maxHTTPRetries            = 10
	defaultHTTPInitialBackoff = 500 * time.Millisecond
	defaultHTTPMaxBackoff     = 30 * time.Second
	defaultAPIKeyEnv          = "OPENAI_API_KEY"
)

// httpSettings are the configuration fields every HTTP client has, read
// from its own config type; op and config name the constructor and the
// config type in messages, path is appended to BaseURL.
type httpSettings struct {
	op, config, path string
	baseURL          string
	apiKey           string
	apiKeyEnv        string
	timeout          time.Duration
	defaultTimeout   time.Duration
	maxRetries       int
	initialBackoff   time.Duration
	maxBackoff       time.Duration
	client           *http.Client
}

// newHTTPService validates the shared fields, applies their defaults and
// reads the API key from the environment when none is given. Errors match
// ErrInvalidArgument and name the field and the rule; they never show the
// key.
func newHTTPService(s httpSettings) (*httpService, error) {
	bad := func(format string, args ...any) error { return invalidArgument(s.op, format, args...) }
	u, err := url.Parse(strings.TrimSpace(s.baseURL))
	switch {
	case s.baseURL == "":
		return nil, bad("BaseURL is empty: give the API root, e.g. https://api.openai.com/v1")
	case err != nil:
		return nil, bad("BaseURL %q is not a URL: %v", s.baseURL, err)
	case u.Scheme != "http" && u.Scheme != "https", u.Host == "":
		return nil, bad("BaseURL %q must be an absolute http or https URL, e.g. https://api.openai.com/v1", u.Redacted())
	case u.Fragment != "":
		return nil, bad("BaseURL %q must not have a fragment", u.Redacted())
	case strings.HasSuffix(strings.TrimRight(u.Path, "/"), "/"+s.path):
		return nil, bad("BaseURL %q ends with /%s: give the API root (e.g. .../v1); /%s is appended", u.Redacted(), s.path, s.path)
	}
	u = u.JoinPath(s.path)
	if s.maxRetries < -1 || s.maxRetries > maxHTTPRetries {
		return nil, bad("MaxRetries %d must be between 1 and %d; 0 means %d, -1 no retry", s.maxRetries, maxHTTPRetries, defaultHTTPMaxRetries)
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"Timeout", s.timeout}, {"InitialBackoff", s.initialBackoff}, {"MaxBackoff", s.maxBackoff}} {
		if d.v < 0 {
			return nil, bad("%s %v must not be negative; 0 means the default", d.name, d.v)
		}
	}
	h := &httpService{
		endpoint:       u.String(),
		display:        u.Redacted(),
		timeout:        orDefault(s.timeout, s.defaultTimeout),
		maxRetries:     max(orDefault(s.maxRetries, defaultHTTPMaxRetries), 0),
		initialBackoff: orDefault(s.initialBackoff, defaultHTTPInitialBackoff),
		maxBackoff:     orDefault(s.maxBackoff, defaultHTTPMaxBackoff),
		client:         s.client,
		sleep:          sleepContext,
		now:            time.Now,
	}
	if h.client == nil {
		h.client = &http.Client{}
	}
	env := orDefault(s.apiKeyEnv, defaultAPIKeyEnv)
	h.keyHint = "set " + s.config + ".APIKey or the environment variable " + env
	key := &apiKey{key: s.apiKey, source: "APIKey"}
	if key.key == "" {
		key = &apiKey{key: os.Getenv(env), source: "environment variable " + env}
	}
	if key.key != "" {
		// A space or control character would break the header (or inject
		// another one); the message must not show the key.
		if strings.ContainsFunc(key.key, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
			return nil, bad("the API key from %s contains a space or control character (the key is not shown)", key.source)
		}
		h.auth = key
	}
	return h, nil
}

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// keyDescription says where the key came from, never the key.
func (e *httpService) keyDescription() string {
	if e.auth == nil {
		return "none"
	}
	return redacted + " (from " + e.auth.source + ")"
}

// send POSTs body, retrying as configured, and hands the body of a 2xx
// response to decode. A decode error is final unless the attempt's timeout
// cut the body short. It returns the attempts made and the last failure
// (nil on success), or an error wrapping ctx.Err() when ctx ended: waiting
// stops at once.
func (e *httpService) send(ctx context.Context, op string, body []byte, decode func(io.Reader) error) (int, *failure, error) {
	for attempt := 1; ; attempt++ {
		f := e.post(ctx, body, decode)
		if f == nil {
			return attempt, nil, nil
		}
		if ctx.Err() != nil {
			return attempt, nil, fmt.Errorf("agentmemory: %s: %w (during attempt %d: %s)", op, ctx.Err(), attempt, f.message)
		}
		if !f.retryable || attempt > e.maxRetries {
			return attempt, f, nil
		}
		wait := e.backoff(attempt)
		if f.hasRetryAfter {
			if f.retryAfter > e.maxBackoff {
				f.message += fmt.Sprintf("; the server asks to retry after %v, more than MaxBackoff %v", f.retryAfter, e.maxBackoff)
				return attempt, f, nil
			}
			wait = f.retryAfter
		}
		if err := e.sleep(ctx, wait); err != nil {
			return attempt, nil, fmt.Errorf("agentmemory: %s: %w (waiting %v to retry after: %s)", op, err, wait, f.message)
		}
	}
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

// backoff is the wait after the attempt-th failure: InitialBackoff doubled
// per earlier failure, capped at MaxBackoff, then a random point in its upper
// half, so that clients failing together do not retry together.
func (e *httpService) backoff(attempt int) time.Duration {
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

// post makes one attempt and hands a 2xx body to decode. The per-request
// timeout covers reading the body.
func (e *httpService) post(ctx context.Context, body []byte, decode func(io.Reader) error) *failure {
	rctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, e.endpoint, bytes.NewReader(body))
	if err != nil {
		return &failure{message: "building the request: " + e.redact(err.Error()), err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if e.auth != nil {
		req.Header.Set("Authorization", "Bearer "+e.auth.key)
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return e.networkFailure(ctx, rctx, err)
	}
	defer func() {
		// Drain a little so the connection can be reused.
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxErrorBody))
		_ = resp.Body.Close()
	}()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return e.statusFailure(resp)
	}
	if err := decode(resp.Body); err != nil {
		if rctx.Err() != nil {
			return e.networkFailure(ctx, rctx, err)
		}
		return &failure{status: resp.StatusCode, message: e.redact(err.Error())}
	}
	return nil
}

// networkFailure classifies a transport error: only timeouts (the request's
// own Timeout, or the client's) are retried, and never once ctx is done.
func (e *httpService) networkFailure(ctx, rctx context.Context, err error) *failure {
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
func (e *httpService) statusFailure(resp *http.Response) *failure {
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
func (e *httpService) redact(s string) string {
	if e.auth == nil {
		return s
	}
	return strings.ReplaceAll(s, e.auth.key, redacted)
}

// configDisplay renders the shared fields of an HTTP client's config for
// String: the base URL without its password, the key as [REDACTED] (or ""
// when none is set), and whether an HTTP client was injected.
func configDisplay(baseURL, key string, c *http.Client) (base, shownKey, client string) {
	base = baseURL
	if u, err := url.Parse(baseURL); err == nil {
		base = u.Redacted()
	}
	if key != "" {
		shownKey = redacted
	}
	client = "default"
	if c != nil {
		client = "injected"
	}
	return base, shownKey, client
}
