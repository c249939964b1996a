package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAddFlagsBuildTheRecords(t *testing.T) {
	c, err := parseRecordCmd("add", []string{"--type", "Message", "--thread", "t1", "--user", "u1", "--role", "user",
		"--timestamp", "2026-11-30T09:00:00Z", "--metadata", `{"source":"cli"}`, "--ttl-days", "none", "--ttl-anchor", "created-at",
		"--status", "invalid", "--store", "mem01", "Hello", "How are you?"})
	require.NoError(t, err)
	assert.Equal(t, "mem01", c.store)
	msg := func(text string) agentmemory.RecordInput {
		return agentmemory.Message{ThreadID: "t1", UserID: "u1", Role: "user", Text: text,
			Timestamp: time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC), Metadata: map[string]any{"source": "cli"},
			TTLDays: agentmemory.None[int](), TTLAnchor: agentmemory.TTLFromCreatedAt, Status: agentmemory.RecordInvalid}
	}
	assert.Equal(t, []agentmemory.RecordInput{msg("Hello"), msg("How are you?")}, c.add)
}

func TestAddFlagsDefaults(t *testing.T) {
	c, err := parseRecordCmd("add", []string{"Prefers window seats", "--id", "m1", "--ttl-days", "7"})
	require.NoError(t, err)
	assert.Equal(t, []agentmemory.RecordInput{agentmemory.Memory{Type: agentmemory.RecordTypeMemory, ID: "m1",
		Text: "Prefers window seats", TTLDays: agentmemory.Some(7)}}, c.add, "omitted flags stay zero: the package defaults apply")
}

func TestListAndUpdateFlags(t *testing.T) {
	c, err := parseRecordCmd("list", []string{"MEMORY", "--limit", "none", "--thread", "none", "--user", "u1",
		"--filter", `{"tags":{"$array_contains":"travel"}}`, "--json"})
	require.NoError(t, err)
	assert.True(t, c.asJSON)
	assert.Equal(t, agentmemory.ListRequest{
		RecordType: agentmemory.RecordTypeMemory, Limit: agentmemory.None[int](), ThreadID: agentmemory.None[string](),
		UserID: agentmemory.Some("u1"), MetadataFilter: agentmemory.Some(agentmemory.Filter{"tags": map[string]any{"$array_contains": "travel"}}),
	}, c.list)

	c, err = parseRecordCmd("update", []string{"memory", "m1", "--content", "new", "--index-text", "none", "--metadata", "none",
		"--timestamp", "2099-06-01", "--ttl-days", "30", "--ttl-anchor", "timestamp", "--status", "valid"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.UpdateRequest{
		RecordType: agentmemory.RecordTypeMemory, RecordID: "m1",
		Content: agentmemory.Some(agentmemory.ContentText("new")), IndexText: agentmemory.None[agentmemory.IndexText](),
		Metadata: agentmemory.None[map[string]any](), Timestamp: agentmemory.Some(time.Date(2099, 6, 1, 0, 0, 0, 0, time.UTC)),
		TTLDays: agentmemory.Some(30), TTLAnchor: agentmemory.Some(agentmemory.TTLFromTimestamp), Status: agentmemory.RecordValid,
	}, c.update)

	c, err = parseRecordCmd("update", []string{"memory", "m3", "--content", "none"})
	require.NoError(t, err)
	assert.True(t, c.update.Content.IsNone())
}

func TestRecordCmdErrors(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"add", nil, "add needs at least one TEXT"},
		{"add", []string{"--timestamp", "yesterday", "x"}, `--timestamp "yesterday" is not a time`},
		{"add", []string{"--role", "user", "x"}, "--role applies to --type message only"},
		{"add", []string{"--metadata", "[1]", "x"}, `"[1]" is not a JSON object`},
		{"add", []string{"--ttl-days", "week", "x"}, "neither a whole number nor none"},
		{"get", []string{"memory"}, "get needs TYPE and ID"},
		{"list", nil, "list needs TYPE"},
		{"list", []string{"memory", "--filter", "tags"}, "is not a JSON object (a metadata filter)"},
		{"update", []string{"memory", "m1", "extra"}, "update needs TYPE and ID"},
		{"delete", []string{"memory"}, "delete needs TYPE and ID"},
		{"delete-thread", nil, "delete-thread needs THREAD_ID"},
		{"delete-thread", []string{"t1", "--json"}, "not defined: -json"},
	}
	for _, c := range cases {
		t.Run(c.name+" "+strings.Join(c.args, " "), func(t *testing.T) {
			_, err := parseRecordCmd(c.name, c.args)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func runCLI(t *testing.T, input, dsn string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &cliEnv{Stdin: strings.NewReader(input), Stdout: &out, Stderr: &errOut, Getenv: func(k string) string {
		if k == envDSN {
			return dsn
		}
		return ""
	}}
	return run(context.Background(), env, args), out.String(), errOut.String()
}

func TestRecordDeletesAskFirst(t *testing.T) {
	// A refused confirmation returns before connecting: the DSN points
	// nowhere, so reaching for the database would be another error.
	const dsn = "nobody/secret@127.0.0.1:9/none"
	code, out, errOut := runCLI(t, "m2\n", dsn, "delete", "memory", "m1")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "This deletes memory record m1.")
	assert.Contains(t, errOut, "not confirmed: expected m1")

	code, _, errOut = runCLI(t, "", dsn, "delete", "user_profile", "u1", "--cascade")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "every thread, message and memory of that actor")

	code, _, errOut = runCLI(t, "no\n", dsn, "delete-thread", "t1")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "This deletes thread t1 with its messages")

	code, _, errOut = runCLI(t, "m1\n", "", "delete", "memory", "m1")
	assert.Equal(t, 2, code, "no database: a usage error before the question")
	assert.NotContains(t, errOut, "Type m1")
}

func TestPrintRecord(t *testing.T) {
	created := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	msg := &agentmemory.MessageRecord{
		RecordCommon: agentmemory.RecordCommon{Type: agentmemory.RecordTypeMessage, ID: "msg2", Status: agentmemory.RecordValid,
			Timestamp: created, CreatedAt: created, UpdatedAt: created, ExpiresAt: agentmemory.Some(created.AddDate(0, 0, 30))},
		Scope: agentmemory.Scope{ThreadID: "t1", UserID: "u1"},
		Role:  "assistant", SeqNo: 2,
		Parts: []agentmemory.MessageContent{agentmemory.TextContent{ID: "p1", Text: "Here is the menu:"},
			agentmemory.ImageContent{ID: "img-p1", MimeType: agentmemory.ImagePNG, Description: agentmemory.Some("Pizza menu")}},
	}
	var b bytes.Buffer
	printRecord(&b, msg)
	out := b.String()
	for _, want := range []string{"type       message", "text       Here is the menu:", "agent      none", "seq no     2",
		"part 1     image img-p1 (image/png, not loaded (--bytes)): Pizza menu", "metadata   none", "expires    2026-12-30T10:00:00Z"} {
		assert.Contains(t, out, want)
	}

	b.Reset()
	mem := &agentmemory.MemoryRecord{RecordCommon: agentmemory.RecordCommon{Type: agentmemory.RecordTypeMemory, ID: "m1",
		Status: agentmemory.RecordInvalid, CreatedAt: created, ExpiresAt: agentmemory.None[time.Time]()},
		Content: agentmemory.Some("a long text\nover two lines that goes on and on well past the sixty characters of a row")}
	printRecords(&b, agentmemory.RecordTypeMemory, []agentmemory.Record{mem})
	assert.Contains(t, b.String(), "m1  -       -     -      INVALID  2026-11-30T10:00:00Z  a long text over two lines that goes on and on well past ...")

	b.Reset()
	printRecords(&b, agentmemory.RecordTypeFact, nil)
	assert.Equal(t, "no fact records\n", b.String())
}
