package agentmemory

// Contract tests of search over the shared fixtures
// (tests/go/testdata/contract/search/): every accepted request is sent
// unchanged and its response decoded strictly; every refused request is
// refused by the client with the package's class and wording when the
// client can know, and otherwise reaches the package unchanged.

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Error fixtures holding a value SearchRequest cannot represent: strict
// decoding fails on the key named here, which is the client's refusal
// (docs/protocol-search.md §11).
var searchDecodeRejections = map[string]string{
	"any_unknown_key":                   "exact_user_match",
	"any_query_not_string":              "query",
	"any_k_fraction":                    "k",
	"any_user_id_number":                "user_id",
	"any_include_invalid_not_boolean":   "include_invalid_results",
	"any_query_vector_float32_overflow": "query_vector",
	"any_query_vector_nested":           "query_vector",
	"any_query_vector_string_element":   "query_vector",
	"any_metadata_filter_not_object":    "metadata_filter",
}

// Error fixtures the client cannot detect: they must reach the package
// unchanged.
var searchPassThrough = map[string]string{
	"any_num_hops_not_supported_yet": "whether graph expansion exists is the installed package's to say",
	"hybrid_query_vector_dimension":  "the in-database model's output dimension is not in the store's configuration",
	"keyword_only_punctuation":       "keyword escaping belongs to the package (docs/protocol-search.md §7)",
}

func searchCaseName(path string) string {
	base := filepath.Base(path)
	return base[:strings.Index(base, ".")]
}

// decodeSearchFixture decodes a request fixture strictly into what the
// client sends.
func decodeSearchFixture(t *testing.T, path string) (searchWire, error) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader([]byte(readFixture(t, path))))
	dec.DisallowUnknownFields()
	var w searchWire
	err := dec.Decode(&w)
	return w, err
}

func TestSearchErrorFixtures(t *testing.T) {
	for _, errPath := range fixtures(t, "search", ".error.json") {
		name := searchCaseName(errPath)
		t.Run(name, func(t *testing.T) {
			var want searchErrorFixture
			decodeStrict(t, errPath, &want)
			class, ok := classOf(-want.Code)
			require.True(t, ok, "fixture code %d is in the error table", want.Code)
			require.Equal(t, class.Name, want.Name)
			reqPath := strings.TrimSuffix(errPath, ".error.json") + ".request.json"

			w, err := decodeSearchFixture(t, reqPath)
			if key := searchDecodeRejections[name]; key != "" {
				require.Error(t, err, "SearchRequest cannot hold this request")
				assert.Contains(t, err.Error(), key, "the decoding error names the key")
				return
			}
			require.NoError(t, err)
			info := searchStoreInfo(searchFixturePrefix(name))

			if why, ok := searchPassThrough[name]; ok {
				t.Log("passes through:", why)
				require.Empty(t, w.SearchStrategy)
				f, s := openSearchStore(t, info, StoreOptions{}, func(fakeCall) (string, error) {
					return "", fakeOraErr{-want.Code, want.Name + ": " + strings.Join(want.MessageContains, " ")}
				})
				_, err := s.Search(t.Context(), w.SearchRequest)
				require.Error(t, err)
				assert.True(t, errors.Is(err, class.Sentinel), "got %v", err)
				assert.Equal(t, []string{"prepare search", "exec search"}, f.Events(), "a failed call commits nothing")
				assert.JSONEq(t, readFixture(t, reqPath), searchSentRequest(t, f, "search"), "sent unchanged")
				return
			}

			_, s := openSearchStore(t, info, StoreOptions{}, searchNoCall(t))
			err = s.checkSearch("Store.Search", w)
			require.Error(t, err, "refused by the client")
			var e *Error
			require.True(t, errors.As(err, &e), "an *Error: %v", err)
			assert.Equal(t, -want.Code, e.Code)
			assert.Equal(t, want.Name, e.Name)
			assert.True(t, errors.Is(err, class.Sentinel))
			assert.True(t, strings.HasPrefix(e.Message, want.Name+": "), "the message starts with the class: %s", e.Message)
			for _, frag := range want.MessageContains {
				assert.Contains(t, e.Message, frag)
			}
			assert.Nil(t, e.Err, "never reached the database")
			if w.SearchStrategy == "" {
				// Through the public API too, with no round trip.
				_, err := s.Search(t.Context(), w.SearchRequest)
				assert.True(t, errors.Is(err, class.Sentinel), "Search: %v", err)
			}
		})
	}
}

func TestSearchResponseFixtures(t *testing.T) {
	for _, respPath := range fixtures(t, "search", ".response.json") {
		name := searchCaseName(respPath)
		t.Run(name, func(t *testing.T) {
			reqPath := strings.TrimSuffix(respPath, ".response.json") + ".request.json"
			w, err := decodeSearchFixture(t, reqPath)
			require.NoError(t, err)
			require.Empty(t, w.SearchStrategy, "accepted fixtures use the store's strategy")
			require.NoError(t, w.SearchRequest.Validate())
			respText := readFixture(t, respPath)
			info := searchStoreInfo(searchFixturePrefix(name))

			f, s := openSearchStore(t, info, StoreOptions{}, answer(respText))
			res, err := s.Search(t.Context(), w.SearchRequest)
			require.NoError(t, err)

			// One round trip, the request sent as the fixture has it.
			assert.Equal(t, []string{"prepare search", "exec search", "autocommit"}, f.Events())
			calls := f.Calls()
			require.Len(t, calls, 1)
			assert.JSONEq(t, readFixture(t, reqPath), searchSentRequest(t, f, "search"))
			assert.Equal(t, info.MemoryStoreID, calls[0].Args["b_store_id"])
			assert.Equal(t, "", calls[0].Args["b_schema_owner"])

			checkSearchResponseStrict(t, respText)
			assert.Equal(t, info.Config.SearchStrategy, res.SearchStrategy)
			k := 10
			if v, ok := w.K.Get(); ok {
				k = v
			}
			assert.LessOrEqual(t, len(res.Results), k)
			for i, h := range res.Results {
				assert.NotNil(t, h.LinkedResults, "linked_results is always present")
				if i > 0 {
					p := res.Results[i-1]
					assert.True(t, p.Distance < h.Distance || (p.Distance == h.Distance &&
						(p.Record.RecordID() < h.Record.RecordID() ||
							(p.Record.RecordID() == h.Record.RecordID() && p.Record.RecordType() < h.Record.RecordType()))),
						"ordered by distance, id, type at %d", i)
				}
			}
			// Decoding loses nothing: the typed result encodes back to the
			// package's response.
			back, err := json.Marshal(res)
			require.NoError(t, err)
			assert.JSONEq(t, respText, string(back))
		})
	}
}

// checkSearchResponseStrict decodes a response with every key known: the
// envelope, each result, each record of its type's keys exactly.
func checkSearchResponseStrict(t *testing.T, text string) {
	t.Helper()
	var env struct {
		SearchStrategy SearchStrategy `json:"search_strategy"`
		QueryChunks    int            `json:"query_chunks"`
		Results        []struct {
			Record        json.RawMessage   `json:"record"`
			Distance      float64           `json:"distance"`
			LinkedResults []json.RawMessage `json:"linked_results"`
		} `json:"results"`
		Warnings []string `json:"warnings"`
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&env))
	assert.Positive(t, env.QueryChunks)
	assert.NotNil(t, env.Results, "results is always present")
	assert.NotNil(t, env.Warnings, "warnings is always present")
	for i, r := range env.Results {
		_, err := decodeRecordStrict(r.Record)
		assert.NoError(t, err, "results[%d].record", i)
		assert.NotNil(t, r.LinkedResults, "results[%d].linked_results is always present", i)
	}
}

// The fixtures the tables above name exist, so a renamed fixture cannot
// turn a check off silently.
func TestSearchFixtureTablesNameFixtures(t *testing.T) {
	for name := range searchDecodeRejections {
		_, err := os.Stat(filepath.Join(fixtureRoots[0], "search", name+".error.json"))
		assert.NoError(t, err, name)
	}
	for name := range searchPassThrough {
		_, err := os.Stat(filepath.Join(fixtureRoots[0], "search", name+".error.json"))
		assert.NoError(t, err, name)
	}
}
