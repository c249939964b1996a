package agentmemory

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzSearchRequestRoundTrip: whatever JSON arrives, decoding never panics,
// and a request the client accepts encodes to a fixed point: encode, decode
// strictly, encode again gives the same bytes, with no key the input lacked.
func FuzzSearchRequestRoundTrip(f *testing.F) {
	paths, err := filepath.Glob("../tests/go/testdata/contract/search/*.request.json")
	require.NoError(f, err)
	require.NotEmpty(f, paths)
	for _, path := range paths {
		f.Add([]byte(readFixture(f, path)))
	}
	f.Add([]byte(`{"querY_veCtor":[1]}`))
	f.Add([]byte(`{"query":"x","metadata_filter":{"a":{"$not":{"$array_contains":[1,"b",null,true]}}},"k":1000}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return // one JSON document or nothing, as the package reads it
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		var w searchWire
		if dec.Decode(&w) != nil || w.validate("fuzz") != nil {
			return
		}
		enc, err := json.Marshal(w)
		require.NoError(t, err, "an accepted request encodes")
		var back searchWire
		dec = json.NewDecoder(bytes.NewReader(enc))
		dec.DisallowUnknownFields()
		require.NoError(t, dec.Decode(&back))
		require.NoError(t, back.validate("fuzz"), "the encoding is accepted too")
		again, err := json.Marshal(back)
		require.NoError(t, err)
		require.Equal(t, string(enc), string(again))

		// encoding/json matches keys case-insensitively ("K" fills K), so a
		// key of the input is compared the same way.
		var in, out map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(data, &in))
		require.NoError(t, json.Unmarshal(enc, &out))
		for k := range out {
			require.True(t, slices.ContainsFunc(slices.Collect(maps.Keys(in)), func(s string) bool { return strings.EqualFold(s, k) }),
				"the client adds no key: %s", k)
		}
	})
}

// FuzzFilterCheck: the filter checks never panic, and an accepted filter's
// JSON is accepted again after a round trip.
func FuzzFilterCheck(f *testing.F) {
	for _, c := range searchLoadFilterCases(f).Cases {
		if c.Filter != nil {
			f.Add([]byte(c.Filter))
		}
	}
	for _, c := range searchLoadFilterCases(f).Invalid {
		f.Add([]byte(c.Filter))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var flt Filter
		if json.Unmarshal(data, &flt) != nil || flt == nil {
			return
		}
		raw, err := encodeFilter("fuzz", flt)
		if err != nil {
			return
		}
		var again Filter
		require.NoError(t, json.Unmarshal(raw, &again))
		raw2, err := encodeFilter("fuzz", again)
		require.NoError(t, err)
		require.Equal(t, string(raw), string(raw2))
	})
}

// BenchmarkEncodeSearchRequest: checking and encoding a typical request, a
// 384-dimension query vector with scope, types and a metadata filter, as
// Store.Search does before its round trip.
func BenchmarkEncodeSearchRequest(b *testing.B) {
	info := searchStoreInfo("vector")
	info.Config.VectorDim = Some(384)
	_, s := openSearchStore(b, info, StoreOptions{}, searchNoCall(b))
	vec := make([]float32, 384)
	for i := range vec {
		vec[i] = float32(i%17)/17 - 0.5
	}
	req := SearchRequest{
		QueryVector: vec, K: Some(10), UserID: Some("u1"), ThreadID: None[string](),
		RecordTypes:    []RecordType{RecordTypeMemory, RecordTypeFact, RecordTypeMessage},
		MetadataFilter: Some(Filter{"source": "slack", "tags": ArrayContains("prod"), "review": Filter{"status": Not("closed")}}),
	}
	b.ReportAllocs()
	for b.Loop() {
		w, err := s.searchRequest("Store.Search", req)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(w); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeSearchResponse: decoding a response of k typed records
// (the results of vector_user_exact repeated with distinct ids).
func BenchmarkDecodeSearchResponse(b *testing.B) {
	for _, k := range []int{10, 100} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			text := searchResponseOfK(b, k)
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				var res SearchResult
				if err := decodeResponse("Store.Search", text, &res); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// searchResponseOfK builds a response of k results from a fixture's.
func searchResponseOfK(tb testing.TB, k int) string {
	tb.Helper()
	var resp struct {
		SearchStrategy string                       `json:"search_strategy"`
		QueryChunks    int                          `json:"query_chunks"`
		Results        []map[string]json.RawMessage `json:"results"`
		Warnings       []string                     `json:"warnings"`
	}
	require.NoError(tb, json.Unmarshal([]byte(readFixture(tb, "../tests/go/testdata/contract/search/vector_user_exact.response.json")), &resp))
	src := resp.Results
	resp.Results = nil
	for i := range k {
		r := map[string]json.RawMessage{}
		for key, v := range src[i%len(src)] {
			r[key] = v
		}
		var rec map[string]json.RawMessage
		require.NoError(tb, json.Unmarshal(r["record"], &rec))
		rec["id"] = json.RawMessage(fmt.Sprintf(`"rec-%04d"`, i))
		var err error
		r["record"], err = json.Marshal(rec)
		require.NoError(tb, err)
		r["distance"] = json.RawMessage(fmt.Sprintf("%g", float64(i)/float64(k)))
		resp.Results = append(resp.Results, r)
	}
	text, err := json.Marshal(resp)
	require.NoError(tb, err)
	var check SearchResult
	require.NoError(tb, decodeResponse("bench", string(text), &check))
	require.Len(tb, check.Results, k)
	return string(text)
}
