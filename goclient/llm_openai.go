package agentmemory

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// defaultLLMTimeout bounds one chat completion: generation is slower than
// embedding.
const defaultLLMTimeout = 120 * time.Second

// OpenAIChatLLMConfig configures an OpenAIChatLLM. The zero value of each
// field means its default; NewOpenAIChatLLM validates the rest. Printing the
// config (String, any fmt verb, slog, encoding/json) never shows the API key.
type OpenAIChatLLMConfig struct {
	// BaseURL is the API root of an OpenAI-compatible service, e.g.
	// https://api.openai.com/v1 or http://localhost:11434/v1; the client
	// POSTs to BaseURL + "/chat/completions". Required.
	BaseURL string
	// Model is the chat model, e.g. "gpt-4o-mini". Required.
	Model string
	// APIKey is sent as "Authorization: Bearer <key>". Empty: read once, by
	// NewOpenAIChatLLM, from the environment variable APIKeyEnv; when that
	// is empty too, no Authorization header is sent (local servers).
	APIKey string `json:"-"`
	// APIKeyEnv names the environment variable read when APIKey is empty.
	// Empty: OPENAI_API_KEY.
	APIKeyEnv string
	// Temperature is sent when not nil (0 to 2).
	Temperature *float64
	// MaxTokens caps the answer's tokens ("max_tokens"); 0: not sent.
	MaxTokens int
	// JSONSchema sends the prompt's JSON schema as a "json_schema" response
	// format (structured outputs) instead of "json_object", for services
	// that support it. The package checks the answer either way.
	JSONSchema bool
	// Timeout bounds one request, response body included. 0: 120s.
	Timeout time.Duration
	// MaxRetries is how often a request is retried after HTTP 429, a 5xx
	// status or a network timeout, 1..10. 0: 4. -1: never retry.
	MaxRetries int
	// InitialBackoff is the wait before the first retry when the server
	// sends no Retry-After; it doubles on each retry, with jitter. 0: 500ms.
	InitialBackoff time.Duration
	// MaxBackoff caps the wait between attempts. A Retry-After longer than
	// MaxBackoff ends the retries with the error. 0: 30s.
	MaxBackoff time.Duration
	// HTTPClient sends the requests; nil: a client with Go's default
	// transport.
	HTTPClient *http.Client `json:"-"`
}

// OpenAIChatLLM is an LLM that calls an OpenAI-compatible chat-completions
// endpoint: the prompt's messages as chat messages, its images as image_url
// data URLs on the user message, and JSON mode through response_format. It
// is safe for concurrent use. Build it with NewOpenAIChatLLM.
type OpenAIChatLLM struct {
	*httpService
	model       string
	temperature *float64
	maxTokens   int
	jsonSchema  bool
}

var _ LLM = (*OpenAIChatLLM)(nil)

// NewOpenAIChatLLM validates cfg, applies the defaults and reads the API key
// from the environment when cfg.APIKey is empty. Errors match
// ErrInvalidArgument and name the field and the rule; they never show the
// key.
func NewOpenAIChatLLM(cfg OpenAIChatLLMConfig) (*OpenAIChatLLM, error) {
	const op = "NewOpenAIChatLLM"
	svc, err := newHTTPService(httpSettings{op: op, config: "OpenAIChatLLMConfig", path: "chat/completions",
		baseURL: cfg.BaseURL, apiKey: cfg.APIKey, apiKeyEnv: cfg.APIKeyEnv, timeout: cfg.Timeout,
		defaultTimeout: defaultLLMTimeout, maxRetries: cfg.MaxRetries, initialBackoff: cfg.InitialBackoff,
		maxBackoff: cfg.MaxBackoff, client: cfg.HTTPClient})
	if err != nil {
		return nil, err
	}
	switch {
	case strings.TrimSpace(cfg.Model) == "":
		return nil, invalidArgument(op, "Model %q must name a chat model, e.g. gpt-4o-mini", cfg.Model)
	case cfg.Temperature != nil && (*cfg.Temperature < 0 || *cfg.Temperature > 2):
		return nil, invalidArgument(op, "Temperature %v must be between 0 and 2; nil leaves it to the service", *cfg.Temperature)
	case cfg.MaxTokens < 0:
		return nil, invalidArgument(op, "MaxTokens %d must not be negative; 0 leaves it to the service", cfg.MaxTokens)
	}
	return &OpenAIChatLLM{httpService: svc, model: cfg.Model, temperature: cfg.Temperature,
		maxTokens: cfg.MaxTokens, jsonSchema: cfg.JSONSchema}, nil
}

// chatRequest is the body of POST /chat/completions.
type chatRequest struct {
	Model          string        `json:"model"`
	Messages       []chatMessage `json:"messages"`
	ResponseFormat any           `json:"response_format,omitempty"`
	Temperature    *float64      `json:"temperature,omitempty"`
	MaxTokens      int           `json:"max_tokens,omitempty"`
}

// chatMessage's Content is a string, or content parts when images ride
// along.
type chatMessage struct {
	Role    string `json:"role"`
	Content any    `json:"content"`
}

type chatPart struct {
	Type     string        `json:"type"`
	Text     string        `json:"text,omitempty"`
	ImageURL *chatImageURL `json:"image_url,omitempty"`
}

type chatImageURL struct {
	URL string `json:"url"`
}

// Generate sends p as one chat completion and returns the text of the first
// choice, as the model wrote it. A prompt without messages, or with an image
// without data or an image MIME type, is an invalid argument. Service
// failures match ErrLLMService; when ctx ends, the error wraps ctx.Err().
func (l *OpenAIChatLLM) Generate(ctx context.Context, p Prompt) (string, error) {
	const op = "OpenAIChatLLM.Generate"
	req, err := l.request(p)
	if err != nil {
		return "", invalidArgument(op, "%v", err)
	}
	body, err := json.Marshal(req)
	if err != nil {
		return "", fmt.Errorf("agentmemory: %s: encoding the request: %w", op, err)
	}
	var text string
	attempts, f, err := l.send(ctx, op, body, func(r io.Reader) (err error) {
		text, err = decodeChatResponse(r)
		return err
	})
	if err != nil {
		return "", err
	}
	if f != nil {
		return "", &LLMServiceError{Op: op, Endpoint: l.display, StatusCode: f.status, Message: f.message,
			Attempts: attempts, Err: f.err}
	}
	return text, nil
}

// request builds the chat request of p: the images go with the last user
// message (a user message is added when there is none).
func (l *OpenAIChatLLM) request(p Prompt) (*chatRequest, error) {
	if len(p.Messages) == 0 {
		return nil, errors.New("the prompt has no messages")
	}
	req := &chatRequest{Model: l.model, Messages: make([]chatMessage, len(p.Messages)),
		Temperature: l.temperature, MaxTokens: l.maxTokens}
	last := -1
	for i, m := range p.Messages {
		req.Messages[i] = chatMessage{Role: m.Role, Content: m.Content}
		if m.Role == "user" {
			last = i
		}
	}
	if len(p.Images) > 0 {
		var parts []chatPart
		if last >= 0 {
			parts = append(parts, chatPart{Type: "text", Text: p.Messages[last].Content})
		} else {
			req.Messages = append(req.Messages, chatMessage{Role: "user"})
			last = len(req.Messages) - 1
		}
		for i, im := range p.Images {
			if im.MimeType == "" {
				im.MimeType = sniffImageType(im.DataBase64)
			}
			if !strings.HasPrefix(im.MimeType, "image/") || im.DataBase64 == "" {
				return nil, fmt.Errorf("images[%d] needs an image MIME type and base64 data (mime_type %q, %d characters of data)",
					i, im.MimeType, len(im.DataBase64))
			}
			parts = append(parts, chatPart{Type: "image_url",
				ImageURL: &chatImageURL{URL: "data:" + im.MimeType + ";base64," + im.DataBase64}})
		}
		req.Messages[last].Content = parts
	}
	switch {
	case l.jsonSchema && len(p.JSONSchema) > 0:
		name := strings.ToLower(string(p.Kind))
		if name == "" {
			name = "answer"
		}
		req.ResponseFormat = map[string]any{"type": "json_schema",
			"json_schema": map[string]any{"name": name, "schema": p.JSONSchema}}
	case p.ResponseFormat != nil && p.ResponseFormat.Type != "":
		req.ResponseFormat = p.ResponseFormat
	}
	return req, nil
}

// sniffImageType reads the MIME type of base64 image data from its first
// bytes (the package leaves mime_type out when the image record has none);
// "" when they are not an image's.
func sniffImageType(data string) string {
	head, _ := base64.StdEncoding.DecodeString(data[:min(len(data), 64)])
	if t := http.DetectContentType(head); strings.HasPrefix(t, "image/") {
		return t
	}
	return ""
}

// chatResponse is the part of a chat completion the client reads.
type chatResponse struct {
	Choices []struct {
		Message *struct {
			Content json.RawMessage `json:"content"`
			Refusal *string         `json:"refusal"`
		} `json:"message"`
	} `json:"choices"`
}

// decodeChatResponse returns the text of the first choice: a string, or
// the text parts of a content list joined. A refusal, or a choice without
// content, is an error; any text, even malformed JSON, is returned as it
// is (the package parses it).
func decodeChatResponse(r io.Reader) (string, error) {
	var resp chatResponse
	if err := json.NewDecoder(r).Decode(&resp); err != nil {
		return "", fmt.Errorf("the response is not a JSON chat completion: %v", err)
	}
	if len(resp.Choices) == 0 || resp.Choices[0].Message == nil {
		return "", errors.New("the response has no choices[0].message")
	}
	m := resp.Choices[0].Message
	content := bytes.TrimSpace(m.Content)
	if len(content) == 0 || string(content) == "null" {
		if m.Refusal != nil && *m.Refusal != "" {
			return "", fmt.Errorf("the model refused: %q", cutMessage(*m.Refusal, maxServerMessage))
		}
		return "", errors.New("choices[0].message has no content")
	}
	var s string
	if json.Unmarshal(content, &s) == nil {
		return s, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(content, &parts); err != nil {
		return "", errors.New("choices[0].message.content is neither a string nor a list of content parts")
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type == "text" {
			b.WriteString(p.Text)
		}
	}
	return b.String(), nil
}

// String describes the client without its API key.
func (l *OpenAIChatLLM) String() string {
	return fmt.Sprintf("OpenAIChatLLM{endpoint: %s, model: %s, api key: %s, timeout: %v, max retries: %d}",
		l.display, l.model, l.keyDescription(), l.timeout, l.maxRetries)
}

// Format prints String for every verb, so that no verb shows the key.
func (l *OpenAIChatLLM) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, l.String()) }

// LogValue makes slog log String.
func (l *OpenAIChatLLM) LogValue() slog.Value { return slog.StringValue(l.String()) }

// String describes the configuration with the API key replaced by
// [REDACTED].
func (c OpenAIChatLLMConfig) String() string {
	base, key, client := configDisplay(c.BaseURL, c.APIKey, c.HTTPClient)
	temp := "default"
	if c.Temperature != nil {
		temp = fmt.Sprint(*c.Temperature)
	}
	return fmt.Sprintf("OpenAIChatLLMConfig{BaseURL: %s, Model: %s, APIKey: %s, APIKeyEnv: %s, Temperature: %s, "+
		"MaxTokens: %d, JSONSchema: %t, Timeout: %v, MaxRetries: %d, InitialBackoff: %v, MaxBackoff: %v, HTTPClient: %s}",
		base, c.Model, key, c.APIKeyEnv, temp, c.MaxTokens, c.JSONSchema, c.Timeout, c.MaxRetries,
		c.InitialBackoff, c.MaxBackoff, client)
}

// Format prints String for every verb: the default struct printing would
// show APIKey.
func (c OpenAIChatLLMConfig) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, c.String()) }

// LogValue makes slog log String.
func (c OpenAIChatLLMConfig) LogValue() slog.Value { return slog.StringValue(c.String()) }
