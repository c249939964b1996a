package agentmemory

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkEncodeSearchRequest: encoding a typical request, a 384-dimension
// query vector with scope, types and a metadata filter, as Store.Search does
// before its round trip.
func BenchmarkEncodeSearchRequest(b *testing.B) {
	vec := make([]float32, 384)
	for i := range vec {
		vec[i] = float32(i%17)/17 - 0.5
	}
	req := SearchRequest{
		QueryVector: vec, K: 10, UserID: Some("u1"), ThreadID: None[string](),
		RecordTypes:    []RecordType{RecordTypeMemory, RecordTypeFact, RecordTypeMessage},
		MetadataFilter: Some(Filter{"source": "slack", "tags": ArrayContains("prod"), "review": Filter{"status": Not("closed")}}),
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := marshalNoEscape(req.wire("")); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeSearchResponse: decoding a response of k typed records
// (the results of vector_user_exact repeated with distinct ids), by the
// client and by the baseline (a plain struct decode).
func BenchmarkDecodeSearchResponse(b *testing.B) {
	for _, k := range []int{10, 100} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			text := searchResponseOfK(b, k)
			b.Run("client", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					var res SearchResult
					if err := decodeResponse("Store.Search", text, &res); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("plain", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					var res struct {
						SearchStrategy string `json:"search_strategy"`
						QueryChunks    int    `json:"query_chunks"`
						Results        []struct {
							Record        plainRecord       `json:"record"`
							Distance      float64           `json:"distance"`
							LinkedResults []json.RawMessage `json:"linked_results"`
						} `json:"results"`
						Warnings []string `json:"warnings"`
					}
					if err := json.Unmarshal([]byte(text), &res); err != nil {
						b.Fatal(err)
					}
				}
			})
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
