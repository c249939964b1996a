package agentmemory_test

// The pieces the contract tests of records and relations share: the error
// fixture's shape, the check that a call sent the fixture's request, and the
// fuzz seeds drawn from an operation's request fixtures.

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/fixturecall"
)

// contractRefusal is an <op>/<name>.error.json fixture: the class the
// package raises and fragments of its message.
type contractRefusal struct {
	Code            int      `json:"code"`
	Name            string   `json:"name"`
	MessageContains []string `json:"message_contains"`
}

// assertSentFixture checks that exactly one package call went out, to op,
// with the fixture's request (compared in canonical form).
func assertSentFixture(t *testing.T, calls []agentmemory.FakeCall, op string, request []byte) {
	t.Helper()
	require.Len(t, calls, 1, "one package call")
	assert.Equal(t, op, calls[0].Fn)
	want, err := fixturecall.Canonical(op, request)
	require.NoError(t, err)
	sent, err := fixturecall.Canonical(op, []byte(calls[0].Request))
	require.NoError(t, err)
	assert.Equal(t, want, sent, "the request sent is the fixture's")
}

// addRequestSeeds adds every request fixture of op to the fuzz corpus.
func addRequestSeeds(f *testing.F, op string) {
	f.Helper()
	paths, err := filepath.Glob(filepath.Join(contractRoot, op, "*.request.json"))
	require.NoError(f, err)
	require.NotEmpty(f, paths, "request fixtures of %s", op)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		require.NoError(f, err)
		f.Add(b)
	}
}
