package agentmemory

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkDecodeThreadMessages: decoding a thread_get_messages response of
// 50 messages (the default window; the records of default_window repeated
// with distinct ids) into typed MessageRecords, as Thread.GetMessages does
// after its round trip (client), next to the baseline (plain: a plain
// struct decode with encoding/json).
func BenchmarkDecodeThreadMessages(b *testing.B) {
	var resp struct {
		Messages []map[string]json.RawMessage `json:"messages"`
	}
	require.NoError(b, json.Unmarshal([]byte(readFixture(b, "../tests/go/testdata/contract/thread_get_messages/default_window.response.json")), &resp))
	src := resp.Messages
	resp.Messages = nil
	for i := range 50 {
		m := map[string]json.RawMessage{}
		for k, v := range src[i%len(src)] {
			m[k] = v
		}
		m["id"] = json.RawMessage(fmt.Sprintf(`"msg-%04d"`, i))
		resp.Messages = append(resp.Messages, m)
	}
	raw, err := json.Marshal(resp)
	require.NoError(b, err)
	text := string(raw)
	b.Run("client", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			var res threadRecordsResponse
			if err := decodeResponse("Thread.GetMessages", text, &res); err != nil {
				b.Fatal(err)
			}
			msgs, err := typedRecords[*MessageRecord]("Thread.GetMessages", "messages", res.list("messages"))
			if err != nil || len(msgs) != 50 {
				b.Fatal(err, len(msgs))
			}
		}
	})
	b.Run("plain", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			var res struct {
				Messages []plainRecord `json:"messages"`
			}
			if err := json.Unmarshal([]byte(text), &res); err != nil {
				b.Fatal(err)
			}
		}
	})
}
