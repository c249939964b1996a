package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

func TestThreadCreateLLMFlags(t *testing.T) {
	c, err := parseThreadCmd("create", []string{"--id", "t1", "--llm-provider", "client", "--llm-model", "gpt-4o-mini", "--llm-vision",
		"--extraction-mode", "background", "--extract", "true", "--extraction-window", "10", "--extraction-frequency", "-1",
		"--extraction-token-limit", "0", "--summary", "false", "--summary-frequency", "5", "--instructions", "Be brief.",
		"--inherit-metadata", "topic,lang", "--max-message-tokens", "2000", "--shortening-input-limit", "30000"})
	require.NoError(t, err)
	assert.Equal(t, &agentmemory.LLMConfig{Provider: agentmemory.LLMProviderClient, Model: "gpt-4o-mini", SupportsVision: true}, c.create.LLM)
	assert.Equal(t, &agentmemory.MemoryExtractionConfig{ExtractMemories: agentmemory.Some(true), ExtractionMode: agentmemory.ExtractionBackground,
		MemoryExtractionWindow: agentmemory.Some(10), MemoryExtractionFrequency: agentmemory.Some(-1),
		MemoryExtractionTokenLimit: agentmemory.Some(0), EnableContextSummary: agentmemory.Some(false),
		ContextSummaryUpdateFrequency: agentmemory.Some(5), MemoryExtractionCustomInstructions: agentmemory.Some("Be brief."),
		MemoryExtractionInheritMessageMetadata: agentmemory.Some(agentmemory.InheritMetadataKeys("topic", "lang"))}, c.create.MemoryExtraction)
	assert.Equal(t, agentmemory.Some(2000), c.create.MaxMessageTokenLength)
	assert.Equal(t, agentmemory.Some(30000), c.create.MessageShorteningInputTokenLimit)

	c, err = parseThreadCmd("create", []string{"--llm-provider", "database", "--llm-credential", "OPENAI_CRED",
		"--llm-params", `{"provider":"openai"}`, "--llm-model", "gpt-4o"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.DatabaseLLM("OPENAI_CRED", map[string]any{"provider": "openai", "model": "gpt-4o"}), c.create.LLM,
		"the database provider's model goes into its params")
	assert.Nil(t, c.create.MemoryExtraction, "no extraction flag: the package's defaults")

	c, err = parseThreadCmd("create", []string{"--llm-provider", "function", "--llm-function", "APP.LLM.GEN", "--llm-model", "v1"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.FunctionLLM("APP.LLM.GEN", "v1"), c.create.LLM)

	c, err = parseThreadCmd("wait", []string{"t1"})
	require.NoError(t, err)
	assert.Equal(t, 300*time.Second, c.timeout)
	c, err = parseThreadCmd("wait", []string{"t1", "--timeout", "none"})
	require.NoError(t, err)
	assert.Equal(t, time.Duration(-1), c.timeout)

	for _, bad := range []struct {
		sub  string
		args []string
		want string
	}{
		{"create", []string{"--llm-model", "m"}, "--llm-model needs --llm-provider"},
		{"create", []string{"--extract", "maybe"}, `"maybe" is neither true nor false`},
		{"create", []string{"--extraction-window", "ten"}, `"ten" is neither a whole number nor none`},
		{"wait", []string{"t1", "--timeout", "0s"}, `"0s" is neither a positive duration`},
	} {
		_, err := parseThreadCmd(bad.sub, bad.args)
		require.Error(t, err, bad.args)
		assert.Contains(t, err.Error(), bad.want)
	}
}

// The chat model the CLI runs for a client-provider thread: an in-process
// chat-completions server; the key comes from the variable --llm-key-env
// names and is never printed.
func TestThreadAddRunsClientTasks(t *testing.T) {
	const key = "sk-cli-secret-0a1b2c"
	var mu sync.Mutex
	var auth []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auth = append(auth, r.Header.Get("Authorization"))
		mu.Unlock()
		_ = json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]any{
			"content": `{"memories":[{"memory_type":"fact","content":"Dinner at 8pm"}],"topics":[]}`}}}})
	}))
	defer srv.Close()
	f, db := openFakeDB(func(c fakeCall) (string, error) {
		switch c.Fn {
		case "open_store":
			return readContract(t, "open_store/reopen_require_existing.response.json"), nil
		case "thread_add_messages":
			return `{"ids":["m9"],"warnings":[],"extraction":{"mode":"INLINE","task_ids":["k1"],"memory_ids":[]},` +
				`"llm_tasks":[{"task_id":"k1","kind":"EXTRACT_MEMORIES","prompt":{"messages":[{"role":"user","content":"Book 8pm."}],` +
				`"response_format":{"type":"json_object"}}}]}`, nil
		case "thread_complete_llm_tasks":
			return `{"memory_ids":["f1"],"relation_ids":[],"summary_updated":false,"captions":[],"shortened":[],"failed":[],"llm_tasks":[]}`, nil
		}
		t.Errorf("unexpected call %s", c.Fn)
		return "", nil
	})
	s, err := agentmemory.Open(t.Context(), db, agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	require.NoError(t, err)

	c, err := parseThreadCmd("add", []string{"t1", "--role", "user", "--llm-base-url", srv.URL + "/v1", "--llm-model", "m1",
		"--llm-key-env", "MY_LLM_KEY", "Book", "8pm."})
	require.NoError(t, err)
	env, out, errOut := testEnv()
	env.Getenv = func(name string) string {
		if name == "MY_LLM_KEY" {
			return key
		}
		return ""
	}
	require.NoError(t, c.run(t.Context(), env, s))
	assert.Equal(t, "m9\nclient LLM: 1 tasks in 1 rounds, memories f1, relations none, failed 0\n", out.String())
	assert.Contains(t, errOut.String(), "running 1 client LLM task(s) with OpenAIChatLLM{endpoint: "+srv.URL+"/v1/chat/completions, model: m1, api key: [REDACTED] (from APIKey)")
	assert.NotContains(t, out.String()+errOut.String(), key)
	assert.Equal(t, []string{"Bearer " + key}, auth)
	calls := f.Calls()
	require.Len(t, calls, 3)
	assert.JSONEq(t, `{"thread":"t1","results":[{"task_id":"k1","output":"{\"memories\":[{\"memory_type\":\"fact\",\"content\":\"Dinner at 8pm\"}],\"topics\":[]}"}]}`,
		calls[2].Request)

	// Without a model the tasks are left to a client, and the error says how.
	c, err = parseThreadCmd("add", []string{"t1", "--role", "user", "x"})
	require.NoError(t, err)
	env, _, _ = testEnv()
	err = c.run(t.Context(), env, s)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "give --llm-model (or set AGENTMEM_LLM_MODEL); the message is stored")
}

func TestThreadWaitRuns(t *testing.T) {
	answer := `{"done":true,"pending":0,"failed":1,"completed":4}`
	f, db := openFakeDB(func(c fakeCall) (string, error) {
		switch c.Fn {
		case "open_store":
			return readContract(t, "open_store/reopen_require_existing.response.json"), nil
		case "thread_wait_for_memory_extraction":
			return answer, nil
		}
		t.Errorf("unexpected call %s", c.Fn)
		return "", nil
	})
	s, err := agentmemory.Open(t.Context(), db, agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	require.NoError(t, err)
	c, err := parseThreadCmd("wait", []string{"t1", "--timeout", "30s"})
	require.NoError(t, err)
	env, out, _ := testEnv()
	require.NoError(t, c.run(t.Context(), env, s))
	assert.Equal(t, "done: 4 completed, 1 failed, 0 pending\n", out.String())
	assert.JSONEq(t, `{"thread":"t1","timeout_seconds":30}`, f.Calls()[1].Request)

	answer = `{"done":false,"pending":2,"failed":0,"completed":1}`
	env, out, _ = testEnv()
	err = c.run(t.Context(), env, s)
	var ae *agentmemory.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "EXTRACTION_TIMEOUT", ae.Name, "the seed's TimeoutError, the package's -20115")
	assert.True(t, strings.HasPrefix(out.String(), "not done: 1 completed, 0 failed, 2 pending"))
}
