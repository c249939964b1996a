package agentmemory_test

// The pieces the contract tests of records and relations share: the error
// fixture's shape, the check that a call sent the fixture's request, and the
// fuzz seeds drawn from an operation's request fixtures.

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
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

// runContractFixtures sends every fixture through the public API on a fake
// package (storeFor) that answers with the fixture's response or raises its
// error from unit: an expressible fixture's request is sent unchanged, its
// response encodes back, its refusal maps to the class and message with an
// Op that opOK accepts; a fixture listed in unexpressible sends nothing.
// It returns how many fixtures went through the Go API.
func runContractFixtures(t *testing.T, fixtures []relationFixture,
	storeFor func(func(agentmemory.FakeCall) (string, error)) (*agentmemory.Store, func() []agentmemory.FakeCall),
	unit string, unexpressible map[string]string, opOK func(string) bool) int {
	t.Helper()
	seen := map[string]bool{}
	expressed := 0
	for _, f := range fixtures {
		id := f.op + "/" + f.name
		seen[id] = true
		t.Run(id, func(t *testing.T) {
			msg := f.className + ": " + strings.Join(f.messageContains, " ... ")
			s, calls := storeFor(func(agentmemory.FakeCall) (string, error) {
				if f.response != nil {
					return string(f.response), nil
				}
				return "", agentmemory.FakeOraErr(-f.code, msg+"\nORA-06512: at \"APP."+unit+"\", line 10")
			})
			got, err := fixturecall.Call(t.Context(), s, f.op, f.request, nil)
			if why, ok := unexpressible[id]; ok {
				require.ErrorIs(t, err, fixturecall.ErrUnexpressible, "listed as unexpressible: %s", why)
				assert.Empty(t, calls(), "nothing is sent")
				return
			}
			require.NotErrorIs(t, err, fixturecall.ErrUnexpressible)
			assertSentFixture(t, calls(), f.op, f.request)
			if f.response != nil {
				require.NoError(t, err)
				assert.JSONEq(t, string(f.response), string(got), "the result encodes back to the response")
				return
			}
			var ae *agentmemory.Error
			require.True(t, errors.As(err, &ae), "%v", err)
			assert.Equal(t, f.className, ae.Name)
			assert.Equal(t, msg, ae.Message, "the first line of the package's message")
			assert.True(t, opOK(ae.Op), ae.Op)
		})
		if _, ok := unexpressible[id]; !ok {
			expressed++
		}
	}
	for id := range unexpressible {
		assert.True(t, seen[id], "listed fixture %s exists", id)
	}
	return expressed
}
