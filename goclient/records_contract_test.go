package agentmemory

// Helpers of the record call tests, and the strict decoding of every
// response fixture of the record calls. The requests of the fixtures go
// through the public API in records_contract_ext_test.go.

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const contractRoot = "../tests/go/testdata/contract"

// testStore returns a Store on the fake database with the configuration of
// the fixtures' stores: REC01 (KEYWORD, vector_dim 4), or REC02 (VECTOR,
// vector_dim 4) for vec_* cases.
func testStore(name string, respond func(fakeCall) (string, error)) (*fakeDB, *Store) {
	f, db := newFakeDB(respond)
	info := StoreInfo{MemoryStoreID: "REC01", SchemaOwner: "APP", Status: StatusReady, Config: StoreConfig{
		SearchStrategy: Keyword, VectorDim: Some(4), EmbeddingModel: None[string](),
		Chunking: ChunkingConfig{Max: 200, By: "words"}}}
	if strings.HasPrefix(name, "vec_") {
		info.MemoryStoreID, info.Config.SearchStrategy = "REC02", Vector
	}
	return f, &Store{db: db, result: StoreResult{Store: info}}
}

// Every record in every response fixture decodes strictly: the package sends
// no key the client does not know.
func TestRecordResponseFixturesDecodeStrictly(t *testing.T) {
	for _, op := range []string{"add_records", "add_user", "add_agent", "get_record", "list_records",
		"list_thread_messages", "update_record", "delete_record", "delete_thread"} {
		paths, err := filepath.Glob(filepath.Join(contractRoot, op, "*.response.json"))
		require.NoError(t, err)
		for _, p := range paths {
			var m map[string]json.RawMessage
			require.NoError(t, json.Unmarshal([]byte(readFixture(t, p)), &m), p)
			var recs []json.RawMessage
			if raw, ok := m["records"]; ok {
				require.NoError(t, json.Unmarshal(raw, &recs))
			}
			for _, raw := range append(recs, m["record"]) {
				if kindOf(raw) == '{' {
					_, err := decodeRecordStrict(raw)
					assert.NoError(t, err, p)
				}
			}
		}
	}
}
