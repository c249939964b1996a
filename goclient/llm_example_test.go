package agentmemory_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// chatExampleServer is an OpenAI-compatible chat-completions server in the
// process that answers every prompt with answer.
func chatExampleServer(answer string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]any{"choices": []any{
			map[string]any{"message": map[string]any{"role": "assistant", "content": answer}}}})
	}))
}

// llmExampleDB answers as the package does for a thread whose provider is
// "client": add_messages returns the extraction task's prompt, and
// complete_llm_tasks applies the answer.
func llmExampleDB(mode string) *agentmemory.Store {
	db, _ := agentmemory.NewFakeDB(func(c agentmemory.FakeCall) (string, error) {
		switch c.Fn {
		case "open_thread":
			return `{"thread":{"record_type":"thread","id":"t1","user_id":"u1","agent_id":"a1"},"created":true}`, nil
		case "thread_add_messages":
			return `{"ids":["msg1"],"warnings":[],"extraction":{"mode":"` + mode + `","task_ids":["7f3a"],"memory_ids":[]},` +
				`"llm_tasks":[{"task_id":"7f3a","kind":"EXTRACT_MEMORIES","prompt":{"prompt_version":"agentmem-extract-v1",` +
				`"kind":"EXTRACT_MEMORIES","messages":[{"role":"system","content":"Extract memories as JSON."},` +
				`{"role":"user","content":"user: I love pizza."}],"response_format":{"type":"json_object"}}}]}`, nil
		case "thread_complete_llm_tasks":
			return `{"memory_ids":["mem1"],"relation_ids":[],"summary_updated":false,"captions":[],"shortened":[],"failed":[],"llm_tasks":[]}`, nil
		case "thread_wait_for_memory_extraction":
			return `{"done":true,"pending":0,"failed":0,"completed":1}`, nil
		}
		return "", agentmemory.FakeOraErr(20100, "INVALID_ARGUMENT: the example database has no "+c.Fn)
	})
	return agentmemory.NewTestStore(db, agentmemory.StoreInfo{MemoryStoreID: "MEM01", SchemaOwner: "APP",
		Status: agentmemory.StatusReady})
}

// A thread whose model runs in the Go process: the package hands back the
// prompt, the OpenAIChatLLM runs it, and the answer goes back to the
// package, which parses it and writes the memories, before AddMessages
// returns (INLINE).
func ExampleOpenAIChatLLM() {
	srv := chatExampleServer(`{"memories":[{"memory_type":"preference","content":"Likes pizza"}],"topics":["food"]}`)
	defer srv.Close()
	ctx := context.Background()

	// The key comes from OPENAI_API_KEY (APIKeyEnv names another variable).
	llm, err := agentmemory.NewOpenAIChatLLM(agentmemory.OpenAIChatLLMConfig{BaseURL: srv.URL + "/v1", Model: "gpt-4o-mini"})
	if err != nil {
		log.Fatal(err)
	}
	th, err := llmExampleDB("INLINE").CreateThread(ctx, agentmemory.ThreadOptions{ID: "t1", UserID: "u1", AgentID: "a1",
		LLM: agentmemory.ClientLLMConfig("gpt-4o-mini"), ClientLLM: llm})
	if err != nil {
		log.Fatal(err)
	}
	res, err := th.AddMessages(ctx, []agentmemory.ThreadMessage{{Role: "user", Text: "I love pizza."}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.IDs, res.Extraction.Mode, res.ClientRun.TaskIDs, res.ClientRun.MemoryIDs)
	// Output: [msg1] INLINE [7f3a] [mem1]
}

// In BACKGROUND mode AddMessages returns once the messages are stored; the
// Thread's workers run the prompts, and WaitForMemoryExtraction waits for
// them and for the package's own queue.
func ExampleThread_WaitForMemoryExtraction() {
	srv := chatExampleServer(`{"memories":[],"topics":[]}`)
	defer srv.Close()
	ctx := context.Background()
	llm, err := agentmemory.NewOpenAIChatLLM(agentmemory.OpenAIChatLLMConfig{BaseURL: srv.URL + "/v1", Model: "gpt-4o-mini"})
	if err != nil {
		log.Fatal(err)
	}
	th := llmExampleDB("BACKGROUND").Thread("t1").WithLLM(llm, 4)
	defer func() { _ = th.Close(ctx) }()
	if _, err := th.AddMessages(ctx, []agentmemory.ThreadMessage{{Role: "user", Text: "I love pizza."}}); err != nil {
		log.Fatal(err)
	}
	w, err := th.WaitForMemoryExtraction(ctx, 10*time.Second)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(w.Done, w.Completed, w.Client.MemoryIDs)
	// Output: true 1 [mem1]
}
