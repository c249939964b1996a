package agentmemory

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
)

// Embedder turns texts into vectors on the client (e.g. an OpenAI-compatible HTTP service).
//
// A store's vectors come from one of two places. With an in-database model
// (StoreOptions.EmbeddingModel) the package embeds record and query text
// itself with VECTOR_EMBEDDING and the client needs no Embedder. With a
// client Embedder (HTTPEmbedder, or your own implementation) Add and Search
// embed on the client and send vectors; the package chunks long text first
// (its chunk_text call), so that chunks and vectors stay aligned. Client
// embedding serves VECTOR stores: KEYWORD ranks text and HYBRID uses its
// in-database model. See docs/embedders.md.
//
// Implementations must be safe for concurrent use, return exactly one vector
// per text in the order of texts, all of one dimension with finite values,
// and stop when ctx is done. A failure of the service should match
// ErrEmbeddingService (return an *EmbeddingServiceError); a bad argument
// should match ErrInvalidArgument.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error) // one vector per text, in order
	Dimension() int                                                 // the vector dimension; 0 when unknown before the first call
}

// ErrEmbeddingService matches every failure of a client-side embedding
// service: an HTTP error status, a network failure or timeout once retries
// are exhausted, or a response that breaks the contract (wrong count,
// dimension or non-finite values). Test with errors.Is; errors.As with
// *EmbeddingServiceError gives the details. It is not ErrEmbeddingFailed,
// which the package raises when its in-database model fails.
var ErrEmbeddingService = errors.New("agentmemory: embedding service failed")

// EmbeddingServiceError is a failure of a client-side embedding service. It
// matches ErrEmbeddingService and unwraps to the network error, if any. No
// field holds the API key: the server's message is cut and the key removed
// from it before it is stored.
type EmbeddingServiceError struct {
	Op         string // the client operation, e.g. "HTTPEmbedder.Embed"
	Endpoint   string // the URL called, without credentials; "" for a non-HTTP embedder
	StatusCode int    // HTTP status of the last attempt; 0 when no response arrived
	Message    string // what failed, e.g. `HTTP 400 Bad Request: "..."` or "returned 3 vectors for 4 texts"
	Attempts   int    // requests made for the failing batch, retries included; 0 when not HTTP
	Err        error  // the network error of the last attempt, if any
}

func (e *EmbeddingServiceError) Error() string {
	return serviceErrorText(e.Op, "embedding service", e.Endpoint, e.Message, e.Attempts)
}

// serviceErrorText is the text of a client-side service error (embedding
// or LLM): "agentmemory: <op>: <service> <endpoint>: <message> (n attempts)".
func serviceErrorText(op, service, endpoint, message string, attempts int) string {
	var b strings.Builder
	b.WriteString("agentmemory")
	if op != "" {
		b.WriteString(": ")
		b.WriteString(op)
	}
	b.WriteString(": ")
	b.WriteString(service)
	if endpoint != "" {
		b.WriteString(" ")
		b.WriteString(endpoint)
	}
	b.WriteString(": ")
	b.WriteString(message)
	switch {
	case attempts == 1:
		b.WriteString(" (1 attempt)")
	case attempts > 1:
		fmt.Fprintf(&b, " (%d attempts)", attempts)
	}
	return b.String()
}

// Unwrap returns the network error of the last attempt, if any.
func (e *EmbeddingServiceError) Unwrap() error { return e.Err }

// Is reports whether target is ErrEmbeddingService.
func (e *EmbeddingServiceError) Is(target error) bool { return target == ErrEmbeddingService }

// checkEmbeddings checks what an Embedder returned for n texts: n vectors,
// none empty, all of dimension dim (of the first vector's when dim is 0),
// every value finite. The FLOAT32 conversion has already happened, so a value
// beyond the FLOAT32 range shows up here as an infinity. base is the index in
// the caller's texts of vecs[0], so that messages name the caller's text.
// Any Embedder's output goes through it before it reaches a request.
func checkEmbeddings(vecs [][]float32, n, base, dim int) error {
	if len(vecs) != n {
		return fmt.Errorf("returned %d vectors for %d texts; one vector per text is required", len(vecs), n)
	}
	for i, v := range vecs {
		if len(v) == 0 {
			return fmt.Errorf("the vector of texts[%d] is empty", base+i)
		}
		if dim == 0 {
			dim = len(v)
		}
		if len(v) != dim {
			return fmt.Errorf("the vector of texts[%d] has %d dimensions, expected %d", base+i, len(v), dim)
		}
		for j, x := range v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return fmt.Errorf("the vector of texts[%d] has %v at [%d]; values must be finite and within the FLOAT32 range", base+i, x, j)
			}
		}
	}
	return nil
}
