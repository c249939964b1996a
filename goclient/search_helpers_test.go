package agentmemory

// Helpers of the search tests: stores of the three strategies opened
// against the fake driver, and the search fixtures.

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// The stores of the search fixtures (docs/protocol-search.md §11), as
// open_store reports them: the name prefix of a case says which one.
func searchStoreInfo(prefix string) StoreInfo {
	info := StoreInfo{
		MemoryStoreID: "UTS_SRCH_V", SchemaOwner: "APP", TablePrefix: "UTS_SRCH_V_",
		SchemaVersion: 1, PackageSchemaVersion: 1, Status: StatusReady,
		Config: StoreConfig{
			SearchStrategy: Vector, SearchIndexSync: OnCommit,
			VectorDim: Some(3), EmbeddingModel: None[string](),
			MemoryRetentionConfig: RetentionConfig{DefaultTTLDays: None[int](), MaxTTLDays: None[int]()},
			Chunking:              ChunkingConfig{Max: 200, By: "words", Split: "recursively", Normalize: "all"},
		},
	}
	switch prefix {
	case "keyword":
		info.MemoryStoreID, info.TablePrefix = "UTS_SRCH_K", "UTS_SRCH_K_"
		info.Config.SearchStrategy, info.Config.VectorDim = Keyword, None[int]()
	case "hybrid":
		info.MemoryStoreID, info.TablePrefix = "UTS_SRCH_H", "UTS_SRCH_H_"
		info.Config.SearchStrategy, info.Config.VectorDim = Hybrid, None[int]()
		info.Config.EmbeddingModel = Some("ALL_MINILM_L12_V2")
	}
	return info
}

// searchFixturePrefix returns the store prefix of a case name: vector, keyword,
// hybrid; any_ cases run on the VECTOR store.
func searchFixturePrefix(name string) string {
	p, _, _ := strings.Cut(filepath.Base(name), "_")
	if p == "any" {
		return "vector"
	}
	return p
}

// openSearchStore opens a store of info through the fake driver with opts
// (whose id is set from info), then answers every later call with respond.
// The events of Open are cleared, so f.Events() shows the search calls only.
func openSearchStore(t testing.TB, info StoreInfo, opts StoreOptions, respond func(fakeCall) (string, error)) (*fakeDB, *Store) {
	t.Helper()
	opened, err := json.Marshal(StoreResult{Store: info, Actions: []string{}, Warnings: []string{}})
	require.NoError(t, err)
	var mu sync.Mutex
	f, db := newFakeDB(func(c fakeCall) (string, error) {
		if c.Fn == "open_store" {
			return string(opened), nil
		}
		mu.Lock()
		defer mu.Unlock()
		return respond(c)
	})
	t.Cleanup(func() { _ = db.Close() })
	opts.MemoryStoreID = info.MemoryStoreID
	s, err := Open(context.Background(), db, opts)
	require.NoError(t, err)
	f.mu.Lock()
	f.events, f.calls = nil, nil
	f.mu.Unlock()
	return f, s
}

// searchNoCall fails the test when the client calls the package: the request was
// to be refused before any round trip.
func searchNoCall(t testing.TB) func(fakeCall) (string, error) {
	return func(c fakeCall) (string, error) {
		t.Errorf("unexpected call of %s", c.Fn)
		return "", nil
	}
}

// searchErrorFixture is a <case>.error.json file.
type searchErrorFixture struct {
	Code            int      `json:"code"`
	Name            string   `json:"name"`
	MessageContains []string `json:"message_contains"`
}

// searchSentRequest returns the request JSON of the last call of fn.
func searchSentRequest(t testing.TB, f *fakeDB, fn string) string {
	t.Helper()
	calls := f.Calls()
	for i := len(calls) - 1; i >= 0; i-- {
		if calls[i].Fn == fn {
			s, ok := calls[i].Args["b_request"].(string)
			require.True(t, ok, "the request is bound as a string")
			return s
		}
	}
	t.Fatalf("no call of %s", fn)
	return ""
}
