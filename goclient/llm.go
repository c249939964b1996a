package agentmemory

import (
	"context"
	"encoding/json"
	"errors"
)

// LLM runs one prompt of the package and returns the model's raw text
// (docs/llm.md, "Go client"). The package builds every prompt (one
// versioned prompt per task kind) and parses every answer: an LLM neither
// builds prompts nor checks the answer, it forwards the text as the model
// wrote it, malformed or not. A thread whose LLM provider is "client" hands
// its prompts to the LLM attached to the Go Thread (ThreadOptions.ClientLLM,
// Thread.WithLLM).
//
// Generate must be safe for concurrent use: a thread runs the tasks of one
// round at the same time, up to its worker limit. An error is sent to the
// package as the task's failure; when ctx ends, return an error wrapping
// ctx.Err().
type LLM interface {
	Generate(ctx context.Context, p Prompt) (string, error)
}

// Prompt is the prompt object of a client task, as the package builds it:
// chat messages, the answer's format and its JSON schema, and the images
// of a CAPTION_IMAGE task when the thread's model supports vision.
type Prompt struct {
	// PromptVersion names the package's prompt, e.g. "agentmem-extract-v1".
	PromptVersion string `json:"prompt_version,omitempty"`
	// Kind is the task kind the prompt is for.
	Kind LLMTaskKind `json:"kind,omitempty"`
	// Messages are the chat messages, system first.
	Messages []PromptMessage `json:"messages"`
	// ResponseFormat asks for a JSON object answer ({"type":"json_object"}).
	ResponseFormat *ResponseFormat `json:"response_format,omitempty"`
	// JSONSchema is the schema the answer must follow.
	JSONSchema json.RawMessage `json:"json_schema,omitempty"`
	// Images go to a vision model with the user message.
	Images []PromptImage `json:"images,omitempty"`
}

// PromptMessage is one chat message of a Prompt.
type PromptMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// ResponseFormat is the answer format a Prompt asks for.
type ResponseFormat struct {
	Type string `json:"type"`
}

// PromptImage is an image of a Prompt, base64-encoded.
type PromptImage struct {
	MimeType   string `json:"mime_type"`
	DataBase64 string `json:"data_base64"`
}

// LLMTaskKind is the kind of an LLM task of the package.
type LLMTaskKind string

// The task kinds (docs/llm.md).
const (
	TaskExtractMemories LLMTaskKind = "EXTRACT_MEMORIES"
	TaskUpdateSummary   LLMTaskKind = "UPDATE_SUMMARY"
	TaskLinkMemories    LLMTaskKind = "LINK_MEMORIES"
	TaskCaptionImage    LLMTaskKind = "CAPTION_IMAGE"
	TaskShortenMessage  LLMTaskKind = "SHORTEN_MESSAGE"
)

// ErrLLMService matches every failure of a client-side LLM service
// (*LLMServiceError gives the details). It is not the package's
// ErrLLMFailed, which a database-side provider raises.
var ErrLLMService = errors.New("agentmemory: LLM service failed")

// LLMServiceError is a failure of a client-side LLM service. It matches
// ErrLLMService and unwraps to the network error, if any. No field holds
// the API key.
type LLMServiceError struct {
	Op         string // the client operation, e.g. "OpenAIChatLLM.Generate"
	Endpoint   string // the URL called, without credentials
	StatusCode int    // HTTP status of the last attempt; 0 when no response arrived
	Message    string // what failed, e.g. `HTTP 400 Bad Request: "..."` or "the response has no choices"
	Attempts   int    // requests made, retries included
	Err        error  // the network error of the last attempt, if any
}

func (e *LLMServiceError) Error() string {
	return serviceErrorText(e.Op, "LLM service", e.Endpoint, e.Message, e.Attempts)
}

// Unwrap returns the network error of the last attempt, if any.
func (e *LLMServiceError) Unwrap() error { return e.Err }

// Is reports whether target is ErrLLMService.
func (e *LLMServiceError) Is(target error) bool { return target == ErrLLMService }
