package transfer

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/store.jsonl")

var (
	created = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	event   = time.Date(2026, 11, 29, 8, 30, 0, 123456000, time.UTC)
)

func common(t agentmemory.RecordType, id string) agentmemory.RecordCommon {
	return agentmemory.RecordCommon{Type: t, ID: id, Status: agentmemory.RecordValid, Timestamp: created,
		CreatedAt: created, UpdatedAt: created, ExpiresAt: agentmemory.None[time.Time]()}
}

// sampleStore is one record of every kind, as the client reads them.
func sampleStore() ([]agentmemory.Record, []agentmemory.Relation) {
	thread := &agentmemory.ThreadRecord{RecordCommon: common("thread", "t1"),
		Scope: agentmemory.Scope{ThreadID: "t1", UserID: "u1"}, Content: agentmemory.Some("Trip planning")}
	msg := &agentmemory.MessageRecord{RecordCommon: common("message", "msg1"),
		Scope: agentmemory.Scope{ThreadID: "t1", UserID: "u1"}, Role: "user", SeqNo: 1,
		Parts: []agentmemory.MessageContent{agentmemory.TextContent{ID: "p1", Text: "Here <is> the menu & more"},
			agentmemory.ImageContent{ID: "img1", MimeType: agentmemory.ImagePNG, Bytes: []byte{0x89, 'P', 'N', 'G'},
				Description: agentmemory.Some("Pizza menu"), Timestamp: "2026-11-29T08:30:00.000000Z"}}}
	msg.ExpiresAt = agentmemory.Some(created.AddDate(0, 0, 30))
	part := &agentmemory.ImageRecord{RecordCommon: common("image", "img1"), Scope: msg.Scope, MessageID: "msg1",
		MimeType: agentmemory.ImagePNG, Bytes: []byte{0x89, 'P', 'N', 'G'}}
	mem := &agentmemory.MemoryRecord{RecordCommon: common("memory", "m1"), Scope: agentmemory.Scope{UserID: "u1"},
		Content: agentmemory.Some("Prefers window seats")}
	mem.Metadata = map[string]any{"n": jsonNumber("12345678901234567890"), "tags": []any{"travel"}}
	mem.EventTimestamp = agentmemory.Some(event)
	mem.ExpiresAt = agentmemory.Some(event.AddDate(0, 0, 7)) // 7 days from the event timestamp
	fact := &agentmemory.FactRecord{MemoryRecord: agentmemory.MemoryRecord{RecordCommon: common("fact", "f1"),
		Content: agentmemory.None[string]()}}
	fact.Status = agentmemory.RecordInvalid
	fact.ExpiresAt = agentmemory.Some(created.Add(36 * time.Hour)) // not whole days: rounded up to 2
	sum := &agentmemory.ThreadSummaryRecord{RecordCommon: common("thread_summary", "s1"),
		Scope: agentmemory.Scope{ThreadID: "t1"}, Content: map[string]any{"text": "A trip to Rome"}}
	img := &agentmemory.ImageRecord{RecordCommon: common("image", "img2"), MimeType: agentmemory.ImageJPEG,
		Bytes: []byte{0xff, 0xd8}, Description: agentmemory.Some("A map")}
	user := &agentmemory.UserProfileRecord{RecordCommon: common("user_profile", "u1"), Content: "Likes trains"}
	user.Metadata = map[string]any{}
	recs := []agentmemory.Record{user, thread, msg, mem, fact, sum, part, img}
	rels := []agentmemory.Relation{{ID: "r1", Source: agentmemory.RecordRef{Type: "fact", ID: "f1"},
		Target: agentmemory.RecordRef{Type: "memory", ID: "m1"}, Type: "supports", OppositeType: "is_supported_by",
		Timestamp: event, Metadata: map[string]any{"why": "same trip"}, CreatedAt: created, UpdatedAt: created}}
	return recs, rels
}

func writeSample(t *testing.T) []byte {
	t.Helper()
	recs, rels := sampleStore()
	var b bytes.Buffer
	w, err := NewWriter(&b)
	require.NoError(t, err)
	for _, r := range recs {
		l, ok, err := FromRecord(r)
		require.NoError(t, err)
		if ok {
			require.NoError(t, w.WriteRecord(l))
		}
	}
	for _, r := range rels {
		l, err := FromRelation(r)
		require.NoError(t, err)
		require.NoError(t, w.WriteRelation(l))
	}
	require.NoError(t, w.Close())
	return b.Bytes()
}

// The file of the sample store is the golden file, byte for byte: any
// change of the format shows here and needs a version decision.
func TestGoldenFile(t *testing.T) {
	got := writeSample(t)
	if *update {
		require.NoError(t, os.WriteFile("testdata/store.jsonl", got, 0o644))
	}
	want, err := os.ReadFile("testdata/store.jsonl")
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}

// Reading the golden file gives the inputs an import sends: ids, scope,
// content, metadata digits, status, event timestamp and expiry as days.
func TestGoldenFileInputs(t *testing.T) {
	f, err := os.Open("testdata/store.jsonl")
	require.NoError(t, err)
	defer f.Close()
	r, err := NewReader(f)
	require.NoError(t, err)
	var ins []any
	var nos []int64
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		nos = append(nos, l.No)
		if l.Relation != nil {
			in, err := l.Relation.Input()
			require.NoError(t, err)
			ins = append(ins, in)
			continue
		}
		in, err := l.Record.Input()
		require.NoError(t, err)
		ins = append(ins, in)
	}
	assert.Equal(t, []int64{2, 3, 4, 5, 6, 7, 8, 9}, nos, "data lines follow the header")
	require.Len(t, ins, 8)
	assert.Equal(t, agentmemory.UserProfile{ID: "u1", Information: "Likes trains", Metadata: map[string]any{}}, ins[0])
	assert.Equal(t, agentmemory.NewThread{ID: "t1", UserID: "u1", Text: "Trip planning", Status: "VALID"}, ins[1])
	msg := ins[2].(agentmemory.Message)
	assert.Equal(t, agentmemory.Some(30), msg.TTLDays)
	assert.Equal(t, agentmemory.TTLFromCreatedAt, msg.TTLAnchor)
	assert.Equal(t, []agentmemory.MessageContent{agentmemory.TextContent{ID: "p1", Text: "Here <is> the menu & more"},
		agentmemory.ImageContent{ID: "img1", MimeType: "image/png", Bytes: []byte{0x89, 'P', 'N', 'G'},
			Description: agentmemory.Some("Pizza menu"), Timestamp: "2026-11-29T08:30:00.000000Z"}}, msg.Parts)
	mem := ins[3].(agentmemory.Memory)
	assert.Equal(t, "memory", string(mem.Type))
	assert.Equal(t, event, mem.Timestamp)
	assert.Equal(t, agentmemory.Some(7), mem.TTLDays)
	assert.Equal(t, agentmemory.TTLFromTimestamp, mem.TTLAnchor, "an expiry a whole number of days after the event keeps its instant")
	assert.Equal(t, jsonNumber("12345678901234567890"), mem.Metadata["n"])
	fact := ins[4].(agentmemory.Memory)
	assert.Equal(t, agentmemory.Some(2), fact.TTLDays, "36 hours from creation rounds up to 2 days")
	assert.Equal(t, agentmemory.RecordInvalid, fact.Status)
	assert.Equal(t, "", fact.Text)
	assert.Equal(t, map[string]any{"text": "A trip to Rome"}, ins[5].(agentmemory.Summary).Object)
	img := ins[6].(agentmemory.Image)
	assert.Equal(t, []byte{0xff, 0xd8}, img.Bytes)
	assert.Equal(t, "A map", img.Description)
	assert.Equal(t, agentmemory.None[int](), img.TTLDays, "no expiry is sent as None")
	rel := ins[7].(agentmemory.Relation)
	assert.Equal(t, "r1", rel.ID)
	assert.Equal(t, agentmemory.RelationType("is_supported_by"), rel.OppositeType)
	assert.True(t, rel.CreatedAt.IsZero(), "creation times are not carried")
}

func TestTTLOf(t *testing.T) {
	c := common("memory", "m")
	assert.Equal(t, &TTL{}, ttlOf(&c), "never expires: days null")
	c.ExpiresAt = agentmemory.Some(created.AddDate(0, 0, 3))
	assert.Equal(t, 3, *ttlOf(&c).Days)
	assert.Equal(t, "CREATED_AT", ttlOf(&c).Anchor)
	c.ExpiresAt = agentmemory.Some(created.Add(-time.Hour))
	assert.Equal(t, 1, *ttlOf(&c).Days, "at least one day")
}

func TestWriterRefusesOutOfOrder(t *testing.T) {
	w, err := NewWriter(io.Discard)
	require.NoError(t, err)
	require.NoError(t, w.WriteRecord(&Record{Kind: "message", ID: "m"}))
	err = w.WriteRecord(&Record{Kind: "thread", ID: "t"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "a thread line after message lines breaks the kind order")
	assert.Error(t, w.WriteRecord(&Record{Kind: "document", ID: "d"}))
}

const header = `{"kind":"header","format":"agentmem-export","version":1,"vectors":false}`

// Malformed files are refused with the number of the offending line.
func TestReaderNamesTheLine(t *testing.T) {
	thread := `{"kind":"thread","id":"t1","content":null,"status":"VALID"}`
	msg := `{"kind":"message","id":"m1","thread_id":"t1","content":"hi","status":"VALID"}`
	end := func(counts string) string { return `{"kind":"end","counts":{` + counts + `}}` }
	cases := []struct {
		name, file string
		line       int64
		msg        string
	}{
		{"empty", "", 1, "the file is empty"},
		{"not a header", thread, 1, "expected the header line"},
		{"other format", `{"kind":"header","format":"csv","version":1,"vectors":false}`, 1, `format "csv" is not "agentmem-export"`},
		{"newer version", `{"kind":"header","format":"agentmem-export","version":2,"vectors":false}`, 1, "format version 2 is not supported"},
		{"vectors", `{"kind":"header","format":"agentmem-export","version":1,"vectors":true}`, 1, "carries vectors"},
		{"truncated", header + "\n" + thread, 3, "the file ends without its end line"},
		{"bad json", header + "\n" + thread + "\n{\"kind\":", 3, "not a JSON object"},
		{"blank line", header + "\n\n" + end(""), 2, "not a JSON object"},
		{"unknown kind", header + "\n" + `{"kind":"document","id":"d"}`, 2, `unknown kind "document"`},
		{"unknown key", header + "\n" + `{"kind":"thread","id":"t1","colour":"red","content":null,"status":"VALID"}`, 2, `unknown field "colour"`},
		{"trailing data", header + "\n" + thread + ` {}`, 2, "not a JSON object"},
		{"order", header + "\n" + msg + "\n" + thread, 3, "a thread line after message lines"},
		{"second header", header + "\n" + header, 2, "a second header line"},
		{"counts", header + "\n" + thread + "\n" + end(`"thread":2`), 3, "the end line counts 2 thread lines, the file has 1"},
		{"counts kind", header + "\n" + end(`"thread":0,"document":1`), 2, `unknown kind "document"`},
		{"after end", header + "\n" + end("") + "\n" + thread, 3, "a line after the end line"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := readAll(c.file)
			var le *LineError
			require.True(t, errors.As(err, &le), "want a LineError, got %v", err)
			assert.Equal(t, c.line, le.Line)
			assert.Contains(t, le.Msg, c.msg)
			assert.True(t, strings.HasPrefix(err.Error(), "line "))
		})
	}
	assert.NoError(t, readAll(header+"\n"+thread+"\n"+msg+"\n"+end(`"thread":1,"message":1`)+"\n"))
}

// Content of the wrong shape for its kind is refused when converted.
func TestInputShapes(t *testing.T) {
	for _, c := range []struct {
		rec  Record
		want string
	}{
		{Record{Kind: "memory", Content: []byte(`{"a":1}`)}, "content of a memory must be a string or null"},
		{Record{Kind: "thread_summary", Content: []byte(`"x"`)}, "content of a thread_summary must be a JSON object or null"},
		{Record{Kind: "message", Content: []byte(`[{"type":"video"}]`)}, `content[0]: part type "video"`},
		{Record{Kind: "message", Content: []byte(`[{"type":"text"}]`)}, `content[0]: a text part needs "text"`},
		{Record{Kind: "memory", Content: []byte(`"x"`), Metadata: []byte(`[1]`)}, "metadata must be a JSON object"},
	} {
		_, err := c.rec.Input()
		require.Error(t, err)
		assert.Contains(t, err.Error(), c.want)
	}
}

// Line numbers are the resumption offsets an import reports: they count
// every line of the file, the header included, whatever the line lengths.
func TestLineNumbersAreResumptionOffsets(t *testing.T) {
	var b bytes.Buffer
	w, err := NewWriter(&b)
	require.NoError(t, err)
	long := strings.Repeat("x", 200_000) // more than bufio's default token size
	for i, text := range []string{"a", long, "b"} {
		content, _ := marshal(text)
		require.NoError(t, w.WriteRecord(&Record{Kind: "memory", ID: string(rune('a' + i)), Content: content, Status: "VALID"}))
	}
	require.NoError(t, w.Close())
	r, err := NewReader(&b)
	require.NoError(t, err)
	var ids []string
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		ids = append(ids, l.Record.ID+"@"+string(rune('0'+l.No)))
	}
	assert.Equal(t, []string{"a@2", "b@3", "c@4"}, ids)
	assert.Equal(t, int64(5), r.Line(), "the end line is line 5")
}

func readAll(file string) error {
	r, err := NewReader(strings.NewReader(file))
	if err != nil {
		return err
	}
	for {
		if _, err := r.Next(); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

func TestFollowupOfProfiles(t *testing.T) {
	assert.Nil(t, (&Record{Kind: "user_profile", ID: "u1", Status: "VALID"}).Followup(), "nothing an add cannot set")
	assert.Nil(t, (&Record{Kind: "memory", ID: "m1", Status: "INVALID"}).Followup(), "memories carry status in the add")
	u := (&Record{Kind: "agent_profile", ID: "a1", Status: "INVALID", Timestamp: &event}).Followup()
	require.NotNil(t, u)
	assert.Equal(t, agentmemory.UpdateRequest{RecordType: "agent_profile", RecordID: "a1", Status: agentmemory.RecordInvalid,
		Timestamp: agentmemory.Some(event)}, *u)
}
