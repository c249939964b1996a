package agentmemory

// Contract tests of search over the shared fixtures
// (tests/go/testdata/contract/search/): every accepted request is sent
// unchanged and its response decoded strictly; every refused request the Go
// types can express reaches the package unchanged and its error maps to the
// class's sentinel. Whether the package refuses them is tested live
// (tests/go/search_test.go).

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
// decoding fails on the key named here. Like every error fixture, they test
// the package in the live suite (tests/go/search_test.go).
var searchDecodeRejections = map[string]string{
	"any_unknown_key":                   "exact_user_match",
	"any_query_not_string":              "query",
	"any_k_fraction":                    "k",
	"any_k_null":                        "k",
	"any_user_id_number":                "user_id",
	"any_include_invalid_not_boolean":   "include_invalid_results",
	"any_query_vector_float32_overflow": "query_vector",
	"any_query_vector_nested":           "query_vector",
	"any_query_vector_string_element":   "query_vector",
	"any_metadata_filter_not_object":    "metadata_filter",
	"any_k_zero":                        "k",
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
	if err == nil {
		// Keys whose null or explicit default SearchRequest does not hold.
		var raw map[string]json.RawMessage
		_ = json.Unmarshal([]byte(readFixture(t, path)), &raw)
		for _, k := range []string{"k", "include_invalid_results", "num_hops", "max_linked_results"} {
			if v, ok := raw[k]; ok && string(v) == "null" {
				err = errors.New("key " + k + " is null")
			}
		}
		if v, ok := raw["k"]; ok && string(v) == "0" {
			err = errors.New("key k 0: K 0 means the package default")
		}
	}
	return w, err
}

// searchRequestOf is the SearchRequest that sends w.
func searchRequestOf(w searchWire) SearchRequest {
	return SearchRequest{Query: w.Query, QueryVector: w.QueryVector, QueryVectors: w.QueryVectors, K: w.K,
		UserID: w.UserID, AgentID: w.AgentID, ThreadID: w.ThreadID, RecordTypes: w.RecordTypes,
		ExcludeInvalid: w.IncludeInvalidResults != nil && !*w.IncludeInvalidResults, MetadataFilter: w.MetadataFilter,
		NumHops: w.NumHops, MaxLinkedResults: w.MaxLinkedResults}
}

// canonicalSearch drops what a zero value of SearchRequest means anyway:
// include_invalid_results true (the default), num_hops 0.
func canonicalSearch(t *testing.T, text string) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(text), &m))
	if m["include_invalid_results"] == true {
		delete(m, "include_invalid_results")
	}
	if m["num_hops"] == float64(0) {
		delete(m, "num_hops")
	}
	if _, hops := m["num_hops"]; !hops && m["max_linked_results"] == float64(0) {
		delete(m, "max_linked_results") // no effect without hops
	}
	return m
}

// Every refused request the Go types can express reaches the package (the
// client judges nothing), and the package's error comes back as the
// sentinel of the fixture's class, with the operation named.
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
			opts := StoreOptions{SearchStrategy: w.SearchStrategy}
			f, s := openSearchStore(t, searchStoreInfo(searchFixturePrefix(name)), opts, func(c fakeCall) (string, error) {
				return "", fakeOraErr{-want.Code, want.Name + ": " + strings.Join(want.MessageContains, " ") + "\nORA-06512: at line 1"}
			})
			_, err = s.Search(t.Context(), searchRequestOf(w))
			require.Error(t, err)
			assert.True(t, errors.Is(err, class.Sentinel), "got %v", err)
			var e *Error
			require.True(t, errors.As(err, &e))
			assert.Equal(t, "Store.Search", e.Op)
			for _, frag := range want.MessageContains {
				assert.Contains(t, e.Message, frag)
			}
			assert.NotContains(t, e.Message, "ORA-06512", "the PL/SQL stack is cut")
			if f.Calls()[len(f.Calls())-1].Fn == "search" {
				assert.Equal(t, canonicalSearch(t, readFixture(t, reqPath)), canonicalSearch(t, searchSentRequest(t, f, "search")), "sent unchanged")
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
			respText := readFixture(t, respPath)
			info := searchStoreInfo(searchFixturePrefix(name))

			f, s := openSearchStore(t, info, StoreOptions{}, answer(respText))
			res, err := s.Search(t.Context(), searchRequestOf(w))
			require.NoError(t, err)

			// One round trip, the request sent as the fixture has it.
			assert.Equal(t, []string{"prepare search", "exec search", "autocommit"}, f.Events())
			calls := f.Calls()
			require.Len(t, calls, 1)
			assert.Equal(t, canonicalSearch(t, readFixture(t, reqPath)), canonicalSearch(t, searchSentRequest(t, f, "search")))
			assert.Equal(t, info.MemoryStoreID, calls[0].Args["b_store_id"])
			assert.Equal(t, "", calls[0].Args["b_schema_owner"])

			checkSearchResponseStrict(t, respText)
			assert.Equal(t, info.Config.SearchStrategy, res.SearchStrategy)
			k := 10
			if w.K != 0 {
				k = w.K
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
}
