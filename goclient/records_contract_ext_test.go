package agentmemory_test

// Contract tests of the record calls over the golden fixtures of
// tests/go/testdata/contract/<op>/ (docs/protocol-records.md §14), through
// the public API: every accepted request is turned into the Go values a
// caller writes (tests/go/fixturecall, shared with the live tests), the
// Store method sends the fixture's request (compared in canonical form), and
// returns the fixture's response. Refused requests are the package's to
// refuse: the live suites run them (tests/go/records_test.go and the
// utPLSQL suites); here each one's class maps to its sentinel.

import (
	"encoding/json"
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

const contractRoot = "../tests/go/testdata/contract"

// recordOps are the record operations with fixtures.
var recordOps = []string{"add_records", "add_user", "add_agent", "get_record", "list_records",
	"list_thread_messages", "update_record", "delete_record", "delete_thread"}

// fixtureStore is a Store on the fake driver with the configuration of the
// fixtures' stores: REC01 (KEYWORD, vector_dim 4), REC02 (VECTOR) for vec_*.
func fixtureStore(name string, respond func(agentmemory.FakeCall) (string, error)) (*agentmemory.Store, func() []agentmemory.FakeCall) {
	db, calls := agentmemory.NewFakeDB(respond)
	info := agentmemory.StoreInfo{MemoryStoreID: "REC01", SchemaOwner: "APP", Status: agentmemory.StatusReady,
		Config: agentmemory.StoreConfig{SearchStrategy: agentmemory.Keyword, VectorDim: agentmemory.Some(4),
			EmbeddingModel: agentmemory.None[string](), Chunking: agentmemory.ChunkingConfig{Max: 200, By: "words"}}}
	if strings.HasPrefix(name, "vec_") {
		info.MemoryStoreID, info.Config.SearchStrategy = "REC02", agentmemory.Vector
	}
	return agentmemory.NewTestStore(db, info), calls
}

// unrepresentable are the accepted fixtures the Go values cannot send, and
// why; the live suite sends them raw.
var unrepresentable = map[string]string{
	"add_records/content_null_fallback": "its second memory has neither content nor metadata[\"content\"]: " +
		"Memory.Text \"\" then sends \"\", not null",
}

func TestContractRecordsAccepted(t *testing.T) {
	n := 0
	for _, op := range recordOps {
		paths, err := filepath.Glob(filepath.Join(contractRoot, op, "*.response.json"))
		require.NoError(t, err)
		for _, respPath := range paths {
			base := strings.TrimSuffix(respPath, ".response.json")
			name := filepath.Base(base)
			t.Run(op+"/"+name, func(t *testing.T) {
				request, err := os.ReadFile(base + ".request.json")
				require.NoError(t, err)
				response, err := os.ReadFile(respPath)
				require.NoError(t, err)
				s, calls := fixtureStore(name, func(agentmemory.FakeCall) (string, error) { return string(response), nil })

				got, err := fixturecall.Call(t.Context(), s, op, request, nil)
				if why, ok := unrepresentable[op+"/"+name]; ok {
					require.Error(t, err, "listed as unrepresentable: %s", why)
					return
				}
				require.NoError(t, err, "the Go API expresses every accepted fixture but those listed")
				assertSentFixture(t, calls(), op, request)
				assert.JSONEq(t, string(response), string(got), "the result encodes back to the response")
			})
			n++
		}
	}
	assert.Greater(t, n, 30, "the fixtures were found")
}

// Every refused fixture's class maps to its sentinel when the package
// raises it, with the first line of the message and the operation.
func TestContractRecordsRefusedMapToSentinels(t *testing.T) {
	for _, op := range recordOps {
		paths, err := filepath.Glob(filepath.Join(contractRoot, op, "*.error.json"))
		require.NoError(t, err)
		for _, p := range paths {
			var e contractRefusal
			raw, err := os.ReadFile(p)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(raw, &e))
			msg := e.Name + ": " + strings.Join(e.MessageContains, " ... ")
			s, _ := fixtureStore("x", func(agentmemory.FakeCall) (string, error) {
				return "", agentmemory.FakeOraErr(-e.Code, msg+"\nORA-06512: at \"APP.AGENTMEM_RECORDS\", line 10")
			})
			_, err = s.DeleteThread(t.Context(), "t1")
			var ae *agentmemory.Error
			require.True(t, errors.As(err, &ae), p)
			assert.Equal(t, e.Name, ae.Name, p)
			assert.Equal(t, msg, ae.Message, p)
			assert.Equal(t, "Store.DeleteThread", ae.Op)
		}
	}
}

// FuzzAddRecordsRoundTrip: any add_records request that the Go values can
// express (fixturecall.Records accepts it) is sent back equal to itself in
// canonical form: the encoder loses and invents nothing. Seeds: every
// add_records request fixture.
func FuzzAddRecordsRoundTrip(f *testing.F) {
	addRequestSeeds(f, "add_records")
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := fixturecall.Records(data)
		if err != nil {
			return
		}
		want, err := fixturecall.Canonical("add_records", data)
		if err != nil {
			return
		}
		db, calls := agentmemory.NewFakeDB(func(agentmemory.FakeCall) (string, error) { return `{"ids":[],"warnings":[]}`, nil })
		defer db.Close()
		s := agentmemory.NewTestStore(db, agentmemory.StoreInfo{MemoryStoreID: "REC01"})
		if _, err := s.Add(t.Context(), recs...); err != nil {
			return // not encodable (a NaN cannot come from JSON; a nil record cannot either)
		}
		sent, err := fixturecall.Canonical("add_records", []byte(calls()[0].Request))
		require.NoError(t, err)
		require.Equal(t, want, sent)
	})
}
