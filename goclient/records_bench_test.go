package agentmemory

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// benchMemories are n memories with a user scope, per-record metadata and,
// when dim > 0, one dim-dimension vector each.
func benchMemories(n, dim int) []Memory {
	ms := make([]Memory, n)
	for i := range ms {
		ms[i] = Memory{ID: fmt.Sprintf("mem-%06d", i), Text: fmt.Sprintf("The user prefers window seats on flights, note %d", i),
			UserID: "u1", Metadata: map[string]any{"source": "chat", "turn": i}}
		if dim > 0 {
			v := make([]float32, dim)
			for j := range v {
				v[j] = float32((i+j)%97) / 97
			}
			ms[i].Embedding = SingleVector(v)
		}
	}
	return ms
}

// plainAdd is the baseline of the add encode: the add_records request as a
// plain struct of per-field lists, encoded by encoding/json alone (the least
// code that sends the same request).
type plainAdd struct {
	RecordType string           `json:"record_type"`
	Contents   []string         `json:"contents"`
	RecordIDs  []string         `json:"record_ids"`
	UserIDs    []string         `json:"user_ids"`
	Metadata   []map[string]any `json:"metadata"`
	Embeddings [][]float32      `json:"embeddings,omitempty"`
}

func plainAddOf(ms []Memory) plainAdd {
	p := plainAdd{RecordType: "memory"}
	for _, m := range ms {
		p.Contents = append(p.Contents, m.Text)
		p.RecordIDs = append(p.RecordIDs, m.ID)
		p.UserIDs = append(p.UserIDs, m.UserID)
		p.Metadata = append(p.Metadata, m.Metadata)
		if v := m.Embedding.Vectors(); v != nil {
			p.Embeddings = append(p.Embeddings, v[0])
		}
	}
	return p
}

// BenchmarkAddRequestEncode measures encoding an add as Store.Add does
// before its one package call (client=...), next to the baseline
// (plain=...): encoding/json over a struct of per-field lists.
func BenchmarkAddRequestEncode(b *testing.B) {
	for _, n := range []int{1, 1000} {
		for _, dim := range []int{0, 384} {
			ms := benchMemories(n, dim)
			b.Run(fmt.Sprintf("client/n=%d/dim=%d", n, dim), func(b *testing.B) {
				b.ReportAllocs()
				var size int
				for b.Loop() {
					items := make([]addItem, len(ms))
					for i := range ms {
						items[i] = ms[i].addItem()
					}
					body, err := encodeAdd(items)
					if err != nil {
						b.Fatal(err)
					}
					size = len(body)
				}
				b.SetBytes(int64(size))
			})
			b.Run(fmt.Sprintf("plain/n=%d/dim=%d", n, dim), func(b *testing.B) {
				b.ReportAllocs()
				var size int
				for b.Loop() {
					body, err := json.Marshal(plainAddOf(ms))
					if err != nil {
						b.Fatal(err)
					}
					size = len(body)
				}
				b.SetBytes(int64(size))
			})
		}
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

// plainRecord is the baseline of record decoding: every key of the
// response as a plain struct field, decoded by encoding/json alone.
type plainRecord struct {
	RecordType     string         `json:"record_type"`
	ID             string         `json:"id"`
	Content        any            `json:"content"`
	ThreadID       *string        `json:"thread_id"`
	UserID         *string        `json:"user_id"`
	AgentID        *string        `json:"agent_id"`
	Metadata       map[string]any `json:"metadata"`
	Status         string         `json:"status"`
	Timestamp      time.Time      `json:"timestamp"`
	EventTimestamp *time.Time     `json:"event_timestamp"`
	CreatedAt      time.Time      `json:"created_at"`
	UpdatedAt      time.Time      `json:"updated_at"`
	ExpiresAt      *time.Time     `json:"expires_at"`
}

// BenchmarkListResponseDecode1000 measures decoding a list response of
// 1,000 records into typed records, as Store.List does after its call
// (client), next to the baseline (plain).
func BenchmarkListResponseDecode1000(b *testing.B) {
	text := benchListResponse(1000)
	b.Run("client", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			var res recordsResponse
			if err := decodeResponse("bench", text, &res); err != nil {
				b.Fatal(err)
			}
			recs := make([]Record, len(res.Records))
			for i := range res.Records {
				w := res.Records[i].wire()
				r, err := buildRecord(&w, modeRead)
				if err != nil {
					b.Fatal(err)
				}
				recs[i] = r
			}
		}
	})
	b.Run("plain", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			var res struct {
				Records []plainRecord `json:"records"`
			}
			if err := json.Unmarshal([]byte(text), &res); err != nil || len(res.Records) != 1000 {
				b.Fatal(err)
			}
		}
	})
}

func TestBenchInputsAreValid(t *testing.T) {
	var res struct {
		Records []json.RawMessage `json:"records"`
	}
	if err := json.Unmarshal([]byte(benchListResponse(3)), &res); err != nil {
		t.Fatal(err)
	}
	for _, raw := range res.Records {
		if _, err := decodeRecordStrict(raw); err != nil {
			t.Fatal(err)
		}
	}
	items := []addItem{benchMemories(1, 4)[0].addItem()}
	body, err := encodeAdd(items)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := json.Marshal(plainAddOf(benchMemories(1, 4)))
	if err != nil {
		t.Fatal(err)
	}
	var a, p map[string]any
	if json.Unmarshal(body, &a) != nil || json.Unmarshal(plain, &p) != nil || fmt.Sprint(a) != fmt.Sprint(p) {
		t.Fatalf("the baseline sends another request:\n%s\n%s", body, plain)
	}
}
