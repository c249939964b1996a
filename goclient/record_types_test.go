package agentmemory

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixtureRecords returns every record object of the read fixtures (get,
// list, list_thread_messages), by file.
func fixtureRecords(t *testing.T) map[string][]json.RawMessage {
	t.Helper()
	out := map[string][]json.RawMessage{}
	for _, op := range []string{"get_record", "list_records", "list_thread_messages"} {
		for _, path := range fixtures(t, op, ".response.json") {
			var res struct {
				Record  json.RawMessage   `json:"record"`
				Records []json.RawMessage `json:"records"`
			}
			require.NoError(t, json.Unmarshal([]byte(readFixture(t, path)), &res), path)
			if kindOf(res.Record) == '{' {
				out[path] = append(out[path], res.Record)
			}
			out[path] = append(out[path], res.Records...)
		}
	}
	return out
}

// responseTime is the one format of timestamps in responses.
var responseTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$`)

// Every record of the fixtures decodes strictly into its typed record, and
// encodes back to the same JSON: nothing is dropped, renamed or added.
func TestDecodeRecordFixturesRoundTrip(t *testing.T) {
	types := map[RecordType]bool{}
	for path, records := range fixtureRecords(t) {
		for i, raw := range records {
			rec, err := decodeRecordStrict(raw)
			require.NoError(t, err, "%s record %d", path, i)
			types[rec.RecordType()] = true
			assert.Equal(t, string(rec.RecordType()), strings.ToLower(string(rec.RecordType())))
			assert.NotEmpty(t, rec.RecordID())
			assert.Contains(t, []RecordStatus{RecordValid, RecordInvalid}, rec.Common().Status)
			c := rec.Common()
			assert.False(t, c.UpdatedAt.Before(c.CreatedAt), "%s: updated_at >= created_at", path)
			assert.Equal(t, time.UTC, c.CreatedAt.Location(), "times are UTC")
			if _, ok := c.EventTimestamp.Get(); !ok {
				assert.Equal(t, c.CreatedAt, c.Timestamp, "%s: without an event timestamp the effective one is created_at", path)
			}
			again, err := json.Marshal(rec)
			require.NoError(t, err)
			assert.JSONEq(t, string(raw), string(again), "%s record %d re-encoded", path, i)
			var m map[string]any
			require.NoError(t, json.Unmarshal(raw, &m))
			for _, k := range []string{"timestamp", "created_at", "updated_at", "event_timestamp", "expires_at"} {
				if s, ok := m[k].(string); ok {
					assert.Regexp(t, responseTime, s, "%s: %s", path, k)
				}
			}
		}
	}
	for _, want := range []RecordType{RecordTypeThread, RecordTypeMessage, RecordTypeMemory, RecordTypeFact,
		RecordTypeThreadSummary, RecordTypeImage, RecordTypeUserProfile} {
		assert.True(t, types[want], "the fixtures hold a %s record", want)
	}
}

func TestDecodeRecordTypedFields(t *testing.T) {
	get := func(path string) Record {
		var res struct {
			Record json.RawMessage `json:"record"`
		}
		require.NoError(t, json.Unmarshal([]byte(readFixture(t, "../tests/go/testdata/contract/get_record/"+path)), &res))
		rec, err := decodeRecordStrict(res.Record)
		require.NoError(t, err)
		return rec
	}

	msg, ok := get("message_parts_bytes.response.json").(*MessageRecord)
	require.True(t, ok)
	assert.Equal(t, "assistant", msg.Role)
	assert.Equal(t, int64(2), msg.SeqNo)
	assert.Equal(t, Scope{ThreadID: "t1", UserID: "u1", AgentID: "a1"}, *msg.RecordScope())
	require.Len(t, msg.Parts, 2)
	assert.Equal(t, TextContent{ID: "part-1", Text: "Here is the menu:"}, msg.Parts[0])
	img, ok := msg.Parts[1].(ImageContent)
	require.True(t, ok)
	assert.Equal(t, ImagePNG, img.MimeType)
	assert.Equal(t, Some("Pizza menu"), img.Description)
	assert.Equal(t, []byte("\x89PNG\r\n\x1a\n"), img.Bytes[:8], "bytes are base64-decoded")
	text, ok := msg.Text()
	assert.True(t, ok)
	assert.Equal(t, "Here is the menu:", text, "the text parts are the message text")
	ev, ok := msg.EventTimestamp.Get()
	require.True(t, ok)
	assert.Equal(t, time.Date(2026, 11, 30, 9, 0, 5, 0, time.UTC), ev)

	mem, ok := get("memory_timestamp_anchor.response.json").(*MemoryRecord)
	require.True(t, ok)
	assert.Equal(t, Some("Conference in Lisbon"), mem.Content)
	assert.Nil(t, mem.Metadata)
	exp, ok := mem.ExpiresAt.Get()
	require.True(t, ok)
	assert.Equal(t, time.Date(2099, 1, 8, 10, 0, 0, 0, time.UTC), exp)

	fact, ok := get("fact_fallback_invalid.response.json").(*FactRecord)
	require.True(t, ok, "facts decode to FactRecord")
	assert.Equal(t, RecordInvalid, fact.Status)
	assert.Equal(t, map[string]any{"content": "From metadata"}, fact.Metadata)

	th, ok := get("thread.response.json").(*ThreadRecord)
	require.True(t, ok)
	assert.True(t, th.Content.IsNone())
	assert.Equal(t, "t1", th.ThreadID, "a thread's thread_id is its id")
	assert.Nil(t, th.RuntimeConfig)
	assert.True(t, th.ExpiresAt.IsNone())

	sum, ok := get("thread_summary.response.json").(*ThreadSummaryRecord)
	require.True(t, ok)
	text, ok = sum.Text()
	assert.True(t, ok)
	assert.Equal(t, "User plans a Rome trip", text)

	image, ok := get("message_image_part.response.json").(*ImageRecord)
	require.True(t, ok)
	assert.Equal(t, "msg2", image.MessageID)
	assert.Nil(t, image.Bytes, "bytes are null without include_bytes")

	up, ok := get("user_profile.response.json").(*UserProfileRecord)
	require.True(t, ok)
	assert.Equal(t, "Prefers concise answers.", up.Content)
	_, scoped := Record(up).(ScopedRecord)
	assert.False(t, scoped, "profiles are unscoped")
}

func TestDecodeRecordNumbersKeepDigits(t *testing.T) {
	raw := `{"record_type":"memory","id":"m","content":"x","thread_id":null,"user_id":null,"agent_id":null,
"metadata":{"big":12345678901234567890123,"f":0.1},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z",
"event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null}`
	rec, err := decodeRecordStrict(json.RawMessage(raw))
	require.NoError(t, err)
	assert.Equal(t, json.Number("12345678901234567890123"), rec.Common().Metadata["big"])
	again, err := json.Marshal(rec)
	require.NoError(t, err)
	assert.Contains(t, string(again), `"big":12345678901234567890123`)
}

func TestDecodeRecordRejects(t *testing.T) {
	base := `"id":"m","content":"x","thread_id":null,"user_id":null,"agent_id":null,"metadata":null,"status":"VALID",
"timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z",
"updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null`
	cases := []struct {
		name, raw, strictErr string
		lenientOK            bool
	}{
		{"unknown type", `{"record_type":"note",` + base + `}`, `record_type "note"`, false},
		{"unknown key", `{"record_type":"memory",` + base + `,"score":1}`, `unknown field "score"`, true},
		{"key of another type", `{"record_type":"memory",` + base + `,"role":"user"}`, `key "role" does not belong here`, true},
		{"missing key", `{"record_type":"memory","id":"m","content":"x"}`, `key "metadata" is missing`, true},
		{"content of the wrong kind", `{"record_type":"fact",` + strings.Replace(base, `"content":"x"`, `"content":{"a":1}`, 1) + `}`,
			"must be a string or null", false},
		{"summary content not an object", `{"record_type":"thread_summary",` + strings.Replace(base, `"content":"x"`, `"content":[1]`, 1) + `}`,
			"is not a JSON object", false},
		{"part type", `{"record_type":"message",` + strings.Replace(base, `"content":"x"`, `"content":[{"type":"audio","id":"p"}]`, 1) +
			`,"role":null,"seq_no":1}`, `type "audio" must be text or image`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := decodeRecordStrict(json.RawMessage(c.raw))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.strictErr)
			_, err = decodeRecord(json.RawMessage(c.raw))
			if c.lenientOK {
				assert.NoError(t, err, "production decoding tolerates keys a newer package adds")
			} else {
				assert.Error(t, err)
			}
		})
	}
}

// The record types of the search fixtures decode too: search shares
// decodeRecord.
func TestDecodeRecordSearchFixtures(t *testing.T) {
	paths, err := filepath.Glob("../tests/go/testdata/contract/search/*.response.json")
	require.NoError(t, err)
	for _, path := range paths {
		var res struct {
			Results []struct {
				Record json.RawMessage `json:"record"`
			} `json:"results"`
		}
		require.NoError(t, json.Unmarshal([]byte(readFixture(t, path)), &res), path)
		for i, r := range res.Results {
			_, err := decodeRecordStrict(r.Record)
			assert.NoError(t, err, "%s result %d", path, i)
		}
	}
}
