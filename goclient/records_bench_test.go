package agentmemory

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchAddRequest is an add of n memories with a user scope, per-record
// metadata and, when dim > 0, one dim-dimension vector each.
func benchAddRequest(n, dim int) AddRequest {
	texts := make([]string, n)
	ids := make([]string, n)
	meta := make([]map[string]any, n)
	var vectors []Embedding
	for i := range n {
		texts[i] = fmt.Sprintf("The user prefers window seats on flights, note %d", i)
		ids[i] = fmt.Sprintf("mem-%06d", i)
		meta[i] = map[string]any{"source": "chat", "turn": i}
		if dim > 0 {
			v := make([]float32, dim)
			for j := range v {
				v[j] = float32((i+j)%97) / 97
			}
			vectors = append(vectors, SingleVector(v))
		}
	}
	return AddRequest{RecordType: RecordTypeMemory, Contents: Texts(texts...), RecordIDs: Each(ids...),
		UserIDs: Broadcast("u1"), Metadata: Each(meta...), Embeddings: vectors}
}

// BenchmarkAddRequestEncode1000 measures checking and encoding a
// 1,000-record add, as Store.Add does before its one package call.
func BenchmarkAddRequestEncode1000(b *testing.B) {
	for _, dim := range []int{0, 384} {
		b.Run(fmt.Sprintf("dim=%d", dim), func(b *testing.B) {
			req := benchAddRequest(1000, dim)
			b.ReportAllocs()
			var size int
			for b.Loop() {
				if err := req.validate("bench", "", &dimensions{store: Some(dim)}); err != nil {
					b.Fatal(err)
				}
				body, err := encodeRequest(req)
				if err != nil {
					b.Fatal(err)
				}
				size = len(body)
			}
			b.SetBytes(int64(size))
		})
	}
}

// benchListResponse is a list_records response of n memory records.
func benchListResponse(n int) string {
	rec := `{"record_type":"memory","id":"m%06d","content":"The user prefers window seats on flights, note %d","thread_id":"t1",` +
		`"user_id":"u1","agent_id":"a1","metadata":{"source":"chat","tags":["travel","prefs"],"turn":%d},"status":"VALID",` +
		`"timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z",` +
		`"updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-07T10:00:00.000000Z"}`
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf(rec, i, i, i)
	}
	return `{"records":[` + strings.Join(parts, ",") + `]}`
}

// BenchmarkListResponseDecode1000 measures decoding a list response of
// 1,000 records into typed records, as Store.List does after its call.
func BenchmarkListResponseDecode1000(b *testing.B) {
	text := benchListResponse(1000)
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		var res recordsResponse
		if err := decodeResponse("bench", text, &res); err != nil {
			b.Fatal(err)
		}
		recs, err := res.decode("bench")
		if err != nil || len(recs) != 1000 {
			b.Fatal(err, len(recs))
		}
	}
}

func TestBenchInputsAreValid(t *testing.T) {
	var res recordsResponse
	if err := json.Unmarshal([]byte(benchListResponse(3)), &res); err != nil {
		t.Fatal(err)
	}
	for _, raw := range res.Records {
		if _, err := decodeRecordStrict(raw); err != nil {
			t.Fatal(err)
		}
	}
	req := benchAddRequest(3, 4)
	if err := req.validate("bench", "", &dimensions{store: Some(4)}); err != nil {
		t.Fatal(err)
	}
}
