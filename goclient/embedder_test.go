package agentmemory

import (
	"errors"
	"fmt"
	"math"
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckEmbeddings(t *testing.T) {
	ok := [][]float32{{1, 0}, {0.5, -2}}
	assert.NoError(t, checkEmbeddings(ok, 2, 0, 0), "dimension 0 takes the first vector's")
	assert.NoError(t, checkEmbeddings(ok, 2, 0, 2))
	assert.NoError(t, checkEmbeddings(nil, 0, 0, 7), "no texts, no vectors")

	inf := float32(math.Inf(1))
	cases := []struct {
		name string
		vecs [][]float32
		n    int
		base int
		dim  int
		want string
	}{
		{"fewer vectors", ok, 3, 0, 0, "returned 2 vectors for 3 texts"},
		{"more vectors", ok, 1, 0, 0, "returned 2 vectors for 1 texts"},
		{"empty vector", [][]float32{{1}, {}}, 2, 10, 0, "the vector of texts[11] is empty"},
		{"mixed dimensions", [][]float32{{1, 2}, {1, 2, 3}}, 2, 0, 0, "the vector of texts[1] has 3 dimensions, expected 2"},
		{"expected dimension", ok, 2, 64, 3, "the vector of texts[64] has 2 dimensions, expected 3"},
		{"NaN", [][]float32{{1, float32(math.NaN())}}, 1, 0, 0, "texts[0] has NaN at [1]"},
		{"infinity", [][]float32{{1}, {inf}}, 2, 5, 0, "texts[6] has +Inf at [0]"},
		{"negative infinity", [][]float32{{-inf}}, 1, 0, 1, "has -Inf at [0]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := checkEmbeddings(c.vecs, c.n, c.base, c.dim)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestEmbeddingServiceErrorMatchesSentinel(t *testing.T) {
	netErr := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	err := fmt.Errorf("adding: %w", &EmbeddingServiceError{
		Op: "HTTPEmbedder.Embed", Endpoint: "https://example.test/v1/embeddings", StatusCode: 0,
		Message: "request failed: connection refused", Attempts: 1, Err: netErr,
	})
	assert.ErrorIs(t, err, ErrEmbeddingService)
	assert.NotErrorIs(t, err, ErrEmbeddingFailed, "the package's EMBEDDING_FAILED is another class")
	assert.NotErrorIs(t, err, ErrInvalidArgument)
	var ne *net.OpError
	assert.ErrorAs(t, err, &ne, "the network error stays reachable")
	assert.Equal(t, "adding: agentmemory: HTTPEmbedder.Embed: embedding service https://example.test/v1/embeddings: "+
		"request failed: connection refused (1 attempt)", err.Error())

	custom := &EmbeddingServiceError{Op: "MyEmbedder.Embed", Message: "model not loaded"}
	assert.Equal(t, "agentmemory: MyEmbedder.Embed: embedding service: model not loaded", custom.Error())
	assert.Equal(t, "agentmemory: X: embedding service: m (3 attempts)", (&EmbeddingServiceError{Op: "X", Message: "m", Attempts: 3}).Error())
}
