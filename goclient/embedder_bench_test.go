package agentmemory

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
)

// cannedEmbeddings is an OpenAI-style response body for n inputs of dim
// dimensions, with realistic number text (about 10 characters a value).
func cannedEmbeddings(n, dim int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"object":"list","data":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"object":"embedding","index":%d,"embedding":[`, i)
		for j := range dim {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.FormatFloat(float64(j%97)/97-0.5013, 'g', 8, 32))
		}
		b.WriteString("]}")
	}
	b.WriteString(`],"model":"m","usage":{"prompt_tokens":1,"total_tokens":1}}`)
	return b.Bytes()
}

// BenchmarkHTTPEmbedder embeds 1,000 texts in batches of 64 (16 requests)
// against a local server. The server counts the inputs without decoding the
// request and writes a prepared body, so that it adds little; ns/op and
// allocs/op still include its side of the HTTP exchange (one process).
func BenchmarkHTTPEmbedder(b *testing.B) {
	for _, dim := range []int{384, 1536} {
		b.Run(fmt.Sprintf("1000texts/batch64/dim%d", dim), func(b *testing.B) {
			bodies := map[int][]byte{64: cannedEmbeddings(64, dim), 1000 % 64: cannedEmbeddings(1000%64, dim)}
			marker := []byte(`"text number `)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var buf bytes.Buffer
				_, _ = buf.ReadFrom(r.Body)
				body, ok := bodies[bytes.Count(buf.Bytes(), marker)]
				if !ok {
					http.Error(w, "unexpected batch size", http.StatusBadRequest)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write(body)
			}))
			defer srv.Close()
			e, err := NewHTTPEmbedder(HTTPEmbedderConfig{BaseURL: srv.URL, Model: "m", APIKey: "k", BatchSize: 64})
			if err != nil {
				b.Fatal(err)
			}
			in := make([]string, 1000)
			for i := range in {
				in[i] = "text number " + strconv.Itoa(i) + " about pizza preferences and other things"
			}
			b.ReportAllocs()
			for b.Loop() {
				out, err := e.Embed(b.Context(), in)
				if err != nil {
					b.Fatal(err)
				}
				if len(out) != 1000 || len(out[999]) != dim {
					b.Fatalf("got %d vectors of %d dimensions", len(out), len(out[999]))
				}
			}
		})
	}
}

// BenchmarkDecodeEmbeddings measures the client's decoding alone: one
// response of 64 vectors of 1536 dimensions.
func BenchmarkDecodeEmbeddings(b *testing.B) {
	body := cannedEmbeddings(64, 1536)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		out, err := decodeEmbeddings(bytes.NewReader(body), 64)
		if err != nil {
			b.Fatal(err)
		}
		if err := checkEmbeddings(out, 64, 0, 1536); err != nil {
			b.Fatal(err)
		}
	}
}
