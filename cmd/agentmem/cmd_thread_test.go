package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

func TestThreadFlagsBuildTheCalls(t *testing.T) {
	c, err := parseThreadCmd("create", []string{"--id", "t1", "--user", "u1", "--agent", "a1", "--metadata", `{"topic":"travel"}`})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.ThreadOptions{ID: "t1", UserID: "u1", AgentID: "a1", Metadata: map[string]any{"topic": "travel"}}, c.create)

	c, err = parseThreadCmd("messages", []string{"t1", "--start", "-2", "--end", "all"})
	require.NoError(t, err)
	assert.Equal(t, "t1", c.id)
	assert.Equal(t, agentmemory.MessagesFrom(-2), c.window)

	c, err = parseThreadCmd("messages", []string{"t1", "--end", "3"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.MessageRange(0, 3), c.window)

	c, err = parseThreadCmd("messages", []string{"t1"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.RecentMessages(), c.window, "default: the last 50")

	c, err = parseThreadCmd("add", []string{"t1", "--role", "user", "Book", "8pm."})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.ThreadMessage{Role: "user", Text: "Book 8pm."}, c.message)

	c, err = parseThreadCmd("summary", []string{"t1", "--except-last", "4", "--budget", "-1"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.SummaryOptions{ExceptLast: 4, TokenBudget: -1}, c.summary)
}

func TestThreadCmdErrors(t *testing.T) {
	cases := []struct {
		sub  string
		args []string
		want string
	}{
		{"create", []string{"t1"}, "thread create takes no argument"},
		{"show", nil, "thread show needs the thread ID"},
		{"show", []string{"t1", "t2"}, "takes one thread ID"},
		{"messages", []string{"t1", "--end", "many"}, "neither a whole number nor all"},
		{"add", []string{"t1", "hello"}, "thread add needs --role"},
		{"add", []string{"t1", "--role", "user"}, "needs the message TEXT"},
		{"tile", []string{"t1"}, `unknown subcommand "tile"`},
		{"card", []string{"t1", "t2"}, "takes one thread ID"},
		{"card", []string{"t1", "--min", "fact"}, `"fact" is not TYPE=N`},
		{"search", []string{"t1", "--exact-thread", "maybe"}, "neither true nor false"},
	}
	for _, c := range cases {
		t.Run(c.sub+" "+strings.Join(c.args, " "), func(t *testing.T) {
			_, err := parseThreadCmd(c.sub, c.args)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestThreadCmdRuns(t *testing.T) {
	f, db := openFakeDB(func(c fakeCall) (string, error) {
		switch c.Fn {
		case "open_store":
			return readContract(t, "open_store/reopen_require_existing.response.json"), nil
		case "open_thread":
			return readContract(t, "open_thread/d1_t1.response.json"), nil
		case "get_record":
			var opened map[string]json.RawMessage
			require.NoError(t, json.Unmarshal([]byte(readContract(t, "open_thread/d1_t1.response.json")), &opened))
			return `{"record":` + string(opened["thread"]) + `}`, nil
		case "thread_get_messages":
			return readContract(t, "thread_get_messages/range.response.json"), nil
		case "thread_add_messages":
			return `{"ids":["m9"],"warnings":[]}`, nil
		case "thread_get_summary":
			return readContract(t, "thread_get_summary/except_last.response.json"), nil
		}
		t.Errorf("unexpected call %s", c.Fn)
		return "", nil
	})
	s, err := agentmemory.Open(t.Context(), db, agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	require.NoError(t, err)
	runSub := func(args ...string) (string, error) {
		c, err := parseThreadCmd(args[0], args[1:])
		require.NoError(t, err)
		env, out, _ := testEnv()
		err = c.run(t.Context(), env, s)
		return out.String(), err
	}

	out, err := runSub("create", "--id", "t1", "--user", "u1", "--agent", "a1")
	require.NoError(t, err)
	assert.Contains(t, out, "created thread t1")
	out, err = runSub("create", "--id", "t1", "--json")
	require.NoError(t, err)
	assert.JSONEq(t, readContract(t, "open_thread/d1_t1.response.json"), out, "--json prints the package's answer")

	out, err = runSub("show", "t1")
	require.NoError(t, err)
	assert.Contains(t, out, "u1")

	out, err = runSub("messages", "t1", "--start", "1", "--end", "3")
	require.NoError(t, err)
	assert.Contains(t, out, "msg2  assistant")
	assert.Contains(t, out, "Near the station.")

	out, err = runSub("add", "t1", "--role", "user", "Book", "8pm.")
	require.NoError(t, err)
	assert.Equal(t, "m9\n", out)

	out, err = runSub("summary", "t1", "--except-last", "4")
	require.NoError(t, err)
	assert.Equal(t, "(transcript)\nuser: I want pizza tonight.\nassistant: Which area?\n", out)

	var sent []string
	for _, c := range f.Calls() {
		if c.Fn != "open_store" {
			sent = append(sent, c.Fn+" "+c.Request)
		}
	}
	assert.Equal(t, []string{
		`open_thread {"thread_id":"t1","user_id":"u1","agent_id":"a1"}`,
		`open_thread {"thread_id":"t1"}`,
		`get_record {"record_type":"thread","record_id":"t1"}`,
		`thread_get_messages {"thread":"t1","start":1,"end":3}`,
		`thread_add_messages {"thread":"t1","messages":[{"role":"user","content":"Book 8pm."}]}`,
		`thread_get_summary {"thread":"t1","except_last":4}`,
	}, sent)
}
