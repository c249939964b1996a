package agentmemory

// Contract tests over the golden JSON fixtures: the shared ones written with
// the PL/SQL side (tests/go/testdata/contract/<op>/) and this package's own
// (testdata/<op>/). Responses are decoded strictly, so a key the package
// sends and the client does not know fails here instead of being dropped.

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var fixtureRoots = []string{"../tests/go/testdata/contract", "testdata"}

// fixtures lists the files of op matching suffix under every root.
func fixtures(t *testing.T, op, suffix string) []string {
	t.Helper()
	var all []string
	for _, root := range fixtureRoots {
		m, err := filepath.Glob(filepath.Join(root, op, "*"+suffix))
		require.NoError(t, err)
		all = append(all, m...)
	}
	require.NotEmpty(t, all, "no %s fixtures for %s", suffix, op)
	return all
}

func decodeStrict(t *testing.T, path string, out any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader([]byte(readFixture(t, path))))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(out), "%s", path)
	require.False(t, dec.More(), "%s: trailing data", path)
}

// normalizeRequest removes what the protocol defines as equal to absence:
// null for the three naming keys (StoreOptions holds them as strings, "" =
// not given), and zero chunking values (the documented defaults: 0 overlap).
func normalizeRequest(m map[string]any) map[string]any {
	for _, k := range []string{"memory_store_id", "table_name_prefix", "schema_owner"} {
		if v, ok := m[k]; ok && v == nil {
			delete(m, k)
		}
	}
	if c, ok := m["chunking"].(map[string]any); ok {
		for k, v := range c {
			if v == float64(0) || v == "" {
				delete(c, k)
			}
		}
	}
	return m
}

func TestContractOpenStore(t *testing.T) {
	for _, reqPath := range fixtures(t, "open_store", ".request.json") {
		name := strings.TrimSuffix(reqPath, ".request.json")
		t.Run(name, func(t *testing.T) {
			var opts StoreOptions
			decodeStrict(t, reqPath, &opts)

			// The client can produce exactly this request.
			encoded, err := json.Marshal(opts)
			require.NoError(t, err)
			var want, got map[string]any
			require.NoError(t, json.Unmarshal([]byte(readFixture(t, reqPath)), &want))
			require.NoError(t, json.Unmarshal(encoded, &got))
			assert.Equal(t, normalizeRequest(want), normalizeRequest(got))

			respPath := name + ".response.json"
			if _, err := os.Stat(respPath); err != nil {
				// An error case: the package refuses this request (tested live
				// in tests/go/store_test.go); the client sends it as is.
				return
			}
			var res StoreResult
			decodeStrict(t, respPath, &res)
			checkStoreInfo(t, res.Store)
			assert.NotNil(t, res.Actions, "actions is always present")
			assert.NotNil(t, res.Warnings, "warnings is always present")
		})
	}
}

func TestContractDescribeStore(t *testing.T) {
	for _, path := range fixtures(t, "describe_store", ".response.json") {
		t.Run(path, func(t *testing.T) {
			var d Description
			decodeStrict(t, path, &d)
			checkStoreInfo(t, d.Store)
			assert.NotEmpty(t, d.Objects)
			assert.NotEmpty(t, d.RowCounts)
			if d.Security != nil {
				assert.Contains(t, []Enforcement{VPD, DeepDataSecurity}, d.Security.Enforcement)
				assert.NotEmpty(t, d.Security.Policies, "security is null when the store has no policy")
			}
		})
	}
}

// describe_store's "security": the mode and policies where the caller can
// read the policy registry, null otherwise (a runtime user without SELECT).
func TestContractDescribeStoreSecurity(t *testing.T) {
	var d Description
	decodeStrict(t, "testdata/describe_store/broken.response.json", &d)
	require.NotNil(t, d.Security)
	assert.Equal(t, StoreSecurity{Enforcement: DeepDataSecurity, Policies: []SecurityPolicy{GlobalMemories, UserOwnRows}},
		*d.Security)
	decodeStrict(t, "testdata/describe_store/other_owner_partial_grants.response.json", &d)
	assert.Nil(t, d.Security, "null: not readable by the runtime user")
}

func TestContractListStores(t *testing.T) {
	for _, path := range fixtures(t, "list_stores", ".response.json") {
		t.Run(path, func(t *testing.T) {
			var res struct {
				Stores []StoreInfo `json:"stores"`
			}
			decodeStrict(t, path, &res)
			for i, s := range res.Stores {
				checkStoreInfo(t, s)
				if i > 0 {
					assert.Less(t, res.Stores[i-1].MemoryStoreID, s.MemoryStoreID, "ordered by id, default store first")
				}
			}
		})
	}
}

// checkStoreInfo checks what every store object must carry.
func checkStoreInfo(t *testing.T, s StoreInfo) {
	t.Helper()
	assert.NotEmpty(t, s.SchemaOwner)
	assert.Positive(t, s.PackageSchemaVersion)
	assert.Contains(t, []StoreStatus{StatusCreating, StatusReady, StatusBroken, StatusDropping}, s.Status)
	assert.Contains(t, []SearchStrategy{Vector, Keyword, Hybrid}, s.Config.SearchStrategy, "returned upper-case")
	assert.Contains(t, []SearchIndexSync{OnCommit, Manual, Auto}, s.Config.SearchIndexSync)
	assert.False(t, s.Config.VectorDim.IsOmitted(), "vector_dim is always reported")
	assert.False(t, s.Config.EmbeddingModel.IsOmitted(), "embedding_model is always reported")
	assert.False(t, s.CreatedAt.IsZero())
	assert.Equal(t, s.MemoryStoreID == "", s.TablePrefix == "", "only the default store has no prefix")
}

func BenchmarkDecodeDescribeResponse(b *testing.B) {
	text := readFixture(b, "testdata/describe_store/broken.response.json")
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		var d Description
		if err := decodeResponse("DescribeStore", text, &d); err != nil {
			b.Fatal(err)
		}
	}
}
