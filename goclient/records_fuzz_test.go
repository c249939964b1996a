package agentmemory

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// roundTrip checks the request encoder and decoder against each other: a
// request decoded from data encodes to JSON that decodes to an equal
// request and encodes to the same bytes again. Inputs that do not decode
// are not requests and are skipped.
func roundTrip[T any](t *testing.T, data []byte) {
	var v1 T
	if json.Unmarshal(data, &v1) != nil {
		return
	}
	e1, err := json.Marshal(v1)
	require.NoError(t, err, "a decoded request encodes")
	var v2 T
	require.NoError(t, json.Unmarshal(e1, &v2), "an encoded request decodes: %s", e1)
	e2, err := json.Marshal(v2)
	require.NoError(t, err)
	require.JSONEq(t, string(e1), string(e2), "encode(decode(encode(x))) == encode(x)")
	var v3 T
	require.NoError(t, json.Unmarshal(e2, &v3))
	require.Equal(t, v2, v3, "decode is stable")
}

func seedFuzz(f *testing.F, ops ...string) {
	for _, op := range ops {
		paths, err := filepath.Glob(filepath.Join(contractRoot, op, "*.request.json"))
		require.NoError(f, err)
		for _, p := range paths {
			f.Add([]byte(readFixture(f, p)))
		}
	}
	f.Add([]byte(`{"record_type":"message","contents":[[{"type":"image","mime_type":"image/png","bytes":null,"description":null}]],"roles":[null]}`))
	f.Add([]byte(`{"record_type":"memory","contents":[null,""],"embeddings":[[[]],[]],"index_texts":[[],null],"metadata":[{},null]}`))
}

func FuzzListRequestRoundTrip(f *testing.F) {
	seedFuzz(f, "list_records", "list_thread_messages")
	f.Fuzz(func(t *testing.T, data []byte) {
		roundTrip[ListRequest](t, data)
		roundTrip[ListThreadMessagesRequest](t, data)
	})
}

// FuzzDecodeRecord: any input either fails to decode or gives a record that
// encodes and decodes again to the same JSON.
func FuzzDecodeRecord(f *testing.F) {
	for _, op := range []string{"get_record", "list_records"} {
		paths, err := filepath.Glob(filepath.Join(contractRoot, op, "*.response.json"))
		require.NoError(f, err)
		for _, p := range paths {
			var res struct {
				Record  json.RawMessage   `json:"record"`
				Records []json.RawMessage `json:"records"`
			}
			require.NoError(f, json.Unmarshal([]byte(readFixture(f, p)), &res))
			for _, r := range append(res.Records, res.Record) {
				if kindOf(r) == '{' {
					f.Add([]byte(r))
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := decodeRecordStrict(data)
		if err != nil {
			return
		}
		e1, err := json.Marshal(rec)
		require.NoError(t, err)
		again, err := decodeRecordStrict(e1)
		require.NoError(t, err, "%s", e1)
		e2, err := json.Marshal(again)
		require.NoError(t, err)
		require.JSONEq(t, string(e1), string(e2))
	})
}
