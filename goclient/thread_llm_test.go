package agentmemory

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The client-task loop over the fake driver: the package's side is a fake
// answering facade calls with llm_tasks as the contract shapes them, the
// model's side the in-process chat-completions server of
// llm_openai_test.go. Nothing of the client is mocked.

// taskJSON is a client task of kind with id as the package returns one.
func taskJSON(id string, kind LLMTaskKind) string {
	b, _ := json.Marshal(LLMTask{TaskID: id, Kind: kind, Prompt: testPrompt(kind)})
	return string(b)
}

// fakeLLMPackage answers the thread calls of the loop: add_messages returns
// firstTasks with the extraction in mode; each complete call records its
// results and answers with complete(round, results).
type fakeLLMPackage struct {
	mu       sync.Mutex
	mode     ExtractionMode
	first    []string // task JSON of add_messages
	complete func(round int, results []map[string]any) string
	wait     string // answer of thread_wait_for_memory_extraction
	sent     [][]map[string]any
	requests []FakeCall
}

func (p *fakeLLMPackage) respond(c FakeCall) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.requests = append(p.requests, c)
	switch c.Fn {
	case "thread_add_messages", "thread_add_image", "thread_update_message", "thread_update_image", "thread_add_memory":
		ids := make([]string, 0, len(p.first))
		for _, task := range p.first {
			var tk LLMTask
			_ = json.Unmarshal([]byte(task), &tk)
			ids = append(ids, tk.TaskID)
		}
		idsJSON, _ := json.Marshal(ids)
		return fmt.Sprintf(`{"ids":["m1"],"id":"x1","updated":1,"warnings":[],"extraction":{"mode":%q,"task_ids":%s,"memory_ids":[]},"llm_tasks":[%s]}`,
			p.mode, idsJSON, strings.Join(p.first, ",")), nil
	case "thread_complete_llm_tasks":
		var req struct {
			Thread  string           `json:"thread"`
			Results []map[string]any `json:"results"`
		}
		if err := json.Unmarshal([]byte(c.Request), &req); err != nil || req.Thread != "t1" {
			return "", FakeOraErr(-20100, "INVALID_ARGUMENT: bad request "+c.Request)
		}
		p.sent = append(p.sent, req.Results)
		return p.complete(len(p.sent), req.Results), nil
	case "thread_wait_for_memory_extraction":
		return p.wait, nil
	}
	return "", fmt.Errorf("fake: unexpected call %s", c.Fn)
}

func (p *fakeLLMPackage) fns() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, c := range p.requests {
		out = append(out, c.Fn)
	}
	return out
}

func (p *fakeLLMPackage) results() [][]map[string]any {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([][]map[string]any(nil), p.sent...)
}

// extractThenLink is the package of the usual run: the extraction writes
// mem1 and asks to link it; the link writes r1 and nothing follows.
func extractThenLink(round int, _ []map[string]any) string {
	if round == 1 {
		return `{"memory_ids":["mem1"],"relation_ids":[],"summary_updated":true,"captions":[],"shortened":[],"failed":[],"llm_tasks":[` +
			taskJSON("t2", TaskLinkMemories) + `]}`
	}
	return `{"memory_ids":[],"relation_ids":["r1"],"summary_updated":false,"captions":[],"shortened":[],"failed":[],"llm_tasks":[]}`
}

// llmThread is thread t1 on a fake store answering with p, with l attached.
func llmThread(t *testing.T, p *fakeLLMPackage, l LLM) *Thread {
	t.Helper()
	db, _ := NewFakeDB(p.respond)
	s := NewTestStore(db, StoreInfo{MemoryStoreID: "LLM01", SchemaOwner: "APP", Status: StatusReady})
	th := s.Thread("t1")
	if l != nil {
		th = th.WithLLM(l, 2)
	}
	return th
}

func TestThreadInlineLoop(t *testing.T) {
	srv := newChatServer(t, kindReply)
	l, _ := newTestLLM(t, srv, nil)
	p := &fakeLLMPackage{mode: ExtractionInline, first: []string{taskJSON("t1x", TaskExtractMemories),
		taskJSON("t1s", TaskUpdateSummary)}, complete: extractThenLink}
	th := llmThread(t, p, l)

	res, err := th.AddMessages(t.Context(), []ThreadMessage{{Role: "user", Text: "I love pizza."}})
	require.NoError(t, err)
	assert.Equal(t, []string{"m1"}, res.IDs)
	assert.Equal(t, &Extraction{Mode: ExtractionInline, TaskIDs: []string{"t1x", "t1s"}, MemoryIDs: []string{}}, res.Extraction)
	assert.Equal(t, []string{"thread_add_messages", "thread_complete_llm_tasks", "thread_complete_llm_tasks"}, p.fns(),
		"one package call per round, all before AddMessages returns")
	sent := p.results()
	assert.Equal(t, []map[string]any{{"task_id": "t1x", "output": cannedAnswers[TaskExtractMemories]},
		{"task_id": "t1s", "output": cannedAnswers[TaskUpdateSummary]}}, sent[0], "the raw answers, in task order")
	assert.Equal(t, []map[string]any{{"task_id": "t2", "output": cannedAnswers[TaskLinkMemories]}}, sent[1], "the follow-up")
	require.NotNil(t, res.ClientRun)
	assert.Equal(t, &LLMRun{TaskIDs: []string{"t1x", "t1s", "t2"}, LLMWrites: LLMWrites{MemoryIDs: []string{"mem1"},
		RelationIDs: []string{"r1"}, SummaryUpdated: true}, Rounds: 2}, res.ClientRun)
	assert.Len(t, srv.requests(), 3, "one completion per task")
}

// Every write that may return client tasks runs them.
func TestThreadWritesRunTheLoop(t *testing.T) {
	srv := newChatServer(t, kindReply)
	l, _ := newTestLLM(t, srv, nil)
	calls := map[string]func(*Thread) (*LLMOutcome, error){
		"thread_add_image": func(th *Thread) (*LLMOutcome, error) {
			r, err := th.AddImage(t.Context(), ThreadImage{Bytes: []byte("png")})
			return &r.LLMOutcome, err
		},
		"thread_update_image": func(th *Thread) (*LLMOutcome, error) {
			r, err := th.UpdateImage(t.Context(), "i1", ImageUpdate{Description: None[string]()})
			return &r.LLMOutcome, err
		},
		"thread_update_message": func(th *Thread) (*LLMOutcome, error) {
			r, err := th.UpdateMessage(t.Context(), "m1", MessageUpdate{Content: Some(ContentText("x"))})
			return &r.LLMOutcome, err
		},
		"thread_add_memory": func(th *Thread) (*LLMOutcome, error) {
			r, err := th.AddMemory(t.Context(), ThreadMemory{Text: "x", AutonomousLinking: Some(true)})
			return &r.LLMOutcome, err
		},
	}
	for fn, call := range calls {
		t.Run(fn, func(t *testing.T) {
			p := &fakeLLMPackage{mode: ExtractionInline, first: []string{taskJSON("c1", TaskCaptionImage)},
				complete: func(int, []map[string]any) string {
					return `{"memory_ids":[],"relation_ids":[],"summary_updated":false,"captions":["i1"],"shortened":[],"failed":[],"llm_tasks":[]}`
				}}
			o, err := call(llmThread(t, p, l))
			require.NoError(t, err)
			assert.Equal(t, []string{fn, "thread_complete_llm_tasks"}, p.fns())
			require.NotNil(t, o.ClientRun)
			assert.Equal(t, []string{"i1"}, o.ClientRun.Captions)
		})
	}
}

// Malformed model output goes to the package as it is; the package's
// verdict (a failed task, nothing written) comes back in Failed. A model
// error goes as the task's error, without the key.
func TestThreadLoopForwardsMalformedOutputAndModelErrors(t *testing.T) {
	srv := newChatServer(t, func(_ int, body map[string]any, w http.ResponseWriter, r *http.Request) {
		msgs := body["messages"].([]any)
		if strings.Contains(msgs[0].(map[string]any)["content"].(string), string(TaskUpdateSummary)) {
			writeError(w, http.StatusUnauthorized, "Incorrect API key provided: "+strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
			return
		}
		writeChat(w, `{"memories": [ oops`)
	})
	l, _ := newTestLLM(t, srv, nil)
	p := &fakeLLMPackage{mode: ExtractionInline, first: []string{taskJSON("t1x", TaskExtractMemories), taskJSON("t1s", TaskUpdateSummary)},
		complete: func(int, []map[string]any) string {
			return `{"memory_ids":[],"relation_ids":[],"summary_updated":false,"captions":[],"shortened":[],` +
				`"failed":[{"task_id":"t1x","error":"LLM_OUTPUT_INVALID: not a JSON object"},{"task_id":"t1s","error":"LLM_FAILED: client error"}],"llm_tasks":[]}`
		}}
	res, err := llmThread(t, p, l).AddMessages(t.Context(), []ThreadMessage{{Role: "user", Text: "x"}})
	require.NoError(t, err, "failed tasks are reported, not raised")
	sent := p.results()[0]
	assert.Equal(t, map[string]any{"task_id": "t1x", "output": `{"memories": [ oops`}, sent[0], "forwarded raw")
	require.Contains(t, sent[1], "error")
	assert.NotContains(t, sent[1], "output")
	errText := sent[1]["error"].(string)
	assert.Contains(t, errText, "HTTP 401 Unauthorized")
	assert.Contains(t, errText, "[REDACTED]")
	assert.NotContains(t, errText, testLLMKey, "the key never reaches the package")
	assert.Equal(t, []LLMTaskFailure{{"t1x", "LLM_OUTPUT_INVALID: not a JSON object"}, {"t1s", "LLM_FAILED: client error"}},
		res.ClientRun.Failed)
}

// Without a client LLM the tasks are returned to the caller; nothing runs.
func TestThreadWithoutLLMReturnsTasks(t *testing.T) {
	p := &fakeLLMPackage{mode: ExtractionInline, first: []string{taskJSON("t1x", TaskExtractMemories)}, complete: extractThenLink}
	th := llmThread(t, p, nil)
	res, err := th.AddMessages(t.Context(), []ThreadMessage{{Role: "user", Text: "x"}})
	require.NoError(t, err)
	require.Len(t, res.LLMTasks, 1)
	assert.Equal(t, "t1x", res.LLMTasks[0].TaskID)
	assert.Equal(t, testPrompt(TaskExtractMemories), res.LLMTasks[0].Prompt)
	assert.Nil(t, res.ClientRun)
	assert.Equal(t, []string{"thread_add_messages"}, p.fns())
	_, err = th.RunLLMTasks(t.Context(), res.LLMTasks)
	require.ErrorIs(t, err, ErrInvalidArgument)
	assert.Contains(t, err.Error(), `thread "t1" has no client LLM`)

	// Answers obtained elsewhere go back through CompleteLLMTasks.
	c, err := th.CompleteLLMTasks(t.Context(), []LLMTaskResult{TaskOutput("t1x", "{}"), TaskError("t9", "no model")})
	require.NoError(t, err)
	assert.Equal(t, []string{"mem1"}, c.MemoryIDs)
	assert.Equal(t, []map[string]any{{"task_id": "t1x", "output": "{}"}, {"task_id": "t9", "error": "no model"}}, p.results()[0])
}

// A package answer whose task the loop cannot run is malformed.
func TestThreadLoopRefusesMalformedTasks(t *testing.T) {
	p := &fakeLLMPackage{mode: ExtractionInline, first: []string{`{"task_id":"","kind":"EXTRACT_MEMORIES","prompt":{"messages":[]}}`}}
	_, err := llmThread(t, p, nil).AddMessages(t.Context(), []ThreadMessage{{Role: "user", Text: "x"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "malformed response from the package: llm_tasks[0] has no task_id or no prompt messages")
}

// A package that keeps asking is stopped.
func TestThreadLoopStopsAfterMaxRounds(t *testing.T) {
	srv := newChatServer(t, kindReply)
	l, _ := newTestLLM(t, srv, nil)
	p := &fakeLLMPackage{mode: ExtractionInline, first: []string{taskJSON("t0", TaskLinkMemories)},
		complete: func(round int, _ []map[string]any) string {
			return `{"memory_ids":[],"relation_ids":[],"summary_updated":false,"captions":[],"shortened":[],"failed":[],"llm_tasks":[` +
				taskJSON(fmt.Sprintf("t%d", round), TaskLinkMemories) + `]}`
		}}
	res, err := llmThread(t, p, l).AddMessages(t.Context(), []ThreadMessage{{Role: "user", Text: "x"}})
	require.ErrorIs(t, err, ErrLLMRounds)
	require.NotNil(t, res, "the messages were stored: the result comes with the error")
	assert.Equal(t, maxLLMRounds, res.ClientRun.Rounds)
	assert.Len(t, p.results(), maxLLMRounds)
}

// blockingLLM is an LLM of the test that holds each Generate until
// released, counting how many run at once.
type blockingLLM struct {
	release       chan struct{}
	running, peak atomic.Int32
	started       chan struct{}
}

func newBlockingLLM() *blockingLLM {
	return &blockingLLM{release: make(chan struct{}), started: make(chan struct{}, 100)}
}

func (b *blockingLLM) Generate(ctx context.Context, p Prompt) (string, error) {
	n := b.running.Add(1)
	defer b.running.Add(-1)
	for {
		old := b.peak.Load()
		if n <= old || b.peak.CompareAndSwap(old, n) {
			break
		}
	}
	b.started <- struct{}{}
	select {
	case <-b.release:
		return cannedAnswers[p.Kind], nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func TestThreadWorkerLimit(t *testing.T) {
	b := newBlockingLLM()
	var tasks []string
	for i := range 5 {
		tasks = append(tasks, taskJSON(fmt.Sprintf("t%d", i), TaskExtractMemories))
	}
	p := &fakeLLMPackage{mode: ExtractionInline, first: tasks, complete: func(int, []map[string]any) string {
		return `{"memory_ids":[],"relation_ids":[],"summary_updated":false,"captions":[],"shortened":[],"failed":[],"llm_tasks":[]}`
	}}
	th := llmThread(t, p, b) // 2 workers
	done := make(chan error, 1)
	go func() {
		_, err := th.AddMessages(context.Background(), []ThreadMessage{{Role: "user", Text: "x"}})
		done <- err
	}()
	<-b.started
	<-b.started
	close(b.release)
	require.NoError(t, waitErr(t, done))
	assert.Equal(t, int32(2), b.peak.Load(), "at most the worker limit at once")
	assert.Len(t, p.results()[0], 5)
}

// waitErr fails the test when nothing arrives within a minute: a guard
// against a hang, not a timing assertion.
func waitErr(t *testing.T, ch <-chan error) error {
	t.Helper()
	select {
	case err := <-ch:
		return err
	case <-time.After(time.Minute):
		t.Fatal("no result within a minute")
		return nil
	}
}

func TestThreadBackgroundThenWait(t *testing.T) {
	b := newBlockingLLM()
	p := &fakeLLMPackage{mode: ExtractionBackground, first: []string{taskJSON("t1x", TaskExtractMemories)}, complete: extractThenLink,
		wait: `{"done":true,"pending":0,"failed":0,"completed":2}`}
	th := llmThread(t, p, b)
	ctx, cancel := context.WithCancel(t.Context())
	res, err := th.AddMessages(ctx, []ThreadMessage{{Role: "user", Text: "x"}})
	cancel() // the caller's context ending does not stop background work
	require.NoError(t, err, "AddMessages returns while the model is still busy")
	assert.Nil(t, res.ClientRun)
	<-b.started
	assert.Equal(t, []string{"thread_add_messages"}, p.fns(), "nothing completed yet")
	close(b.release)

	w, err := th.WaitForMemoryExtraction(t.Context(), 0)
	require.NoError(t, err)
	assert.Equal(t, []string{"thread_add_messages", "thread_complete_llm_tasks", "thread_complete_llm_tasks",
		"thread_wait_for_memory_extraction"}, p.fns(), "the client's runs first, then the package's queue")
	assert.True(t, w.Done)
	assert.Equal(t, 2, w.Completed)
	require.NotNil(t, w.Client)
	assert.Equal(t, []string{"mem1"}, w.Client.MemoryIDs)
	assert.Equal(t, []string{"r1"}, w.Client.RelationIDs)
	var req map[string]any
	require.NoError(t, json.Unmarshal([]byte(p.requests[3].Request), &req))
	assert.Equal(t, "t1", req["thread"])
	assert.InDelta(t, 300, req["timeout_seconds"], 5, "the seed's default, less the time spent waiting")

	w, err = th.WaitForMemoryExtraction(t.Context(), -1)
	require.NoError(t, err)
	assert.Nil(t, w.Client, "collected once")
	assert.JSONEq(t, `{"thread":"t1","timeout_seconds":null}`, p.requests[4].Request, "a negative timeout is no bound")
}

// startBackground adds a message to a BACKGROUND thread whose model holds
// its answer (b) and returns once the model has the prompt.
func startBackground(t *testing.T) (*blockingLLM, *fakeLLMPackage, *Thread) {
	t.Helper()
	b := newBlockingLLM()
	p := &fakeLLMPackage{mode: ExtractionBackground, first: []string{taskJSON("t1x", TaskExtractMemories)}, complete: extractThenLink}
	th := llmThread(t, p, b)
	_, err := th.AddMessages(t.Context(), []ThreadMessage{{Role: "user", Text: "x"}})
	require.NoError(t, err)
	<-b.started
	return b, p, th
}

func TestThreadWaitTimesOut(t *testing.T) {
	b, p, th := startBackground(t)
	var err error
	_, err = th.WaitForMemoryExtraction(t.Context(), 10*time.Millisecond)
	assertExtractionTimeout(t, err)
	assert.Contains(t, err.Error(), `client tasks of thread "t1" still running`)
	assert.Equal(t, []string{"thread_add_messages"}, p.fns(), "the package is not asked while the client is still busy")
	close(b.release)
	require.NoError(t, th.Close(t.Context()))

	// The package's queue not done in time.
	p2 := &fakeLLMPackage{wait: `{"done":false,"pending":2,"failed":1,"completed":3}`}
	w, err := llmThread(t, p2, nil).WaitForMemoryExtraction(t.Context(), 2*time.Second)
	assertExtractionTimeout(t, err)
	assert.Equal(t, "agentmemory: Thread.WaitForMemoryExtraction: EXTRACTION_TIMEOUT: 2 tasks of thread \"t1\" pending after 2s", err.Error())
	assert.Equal(t, &ExtractionWait{Done: false, Pending: 2, Failed: 1, Completed: 3}, w)
	assert.JSONEq(t, `{"thread":"t1","timeout_seconds":2}`, p2.requests[0].Request)
}

// assertExtractionTimeout checks that err is of the package's
// EXTRACTION_TIMEOUT class (-20115; ErrExtractionTimeout, its sentinel,
// comes with the package side's error table).
func assertExtractionTimeout(t *testing.T, err error) {
	t.Helper()
	var ae *Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, codeExtractionTimeout, ae.Code)
	assert.Equal(t, "EXTRACTION_TIMEOUT", ae.Name)
}

func TestThreadCloseDrainsThenRunsInline(t *testing.T) {
	b, p, th := startBackground(t)
	var err error
	closed := make(chan error, 1)
	go func() { closed <- th.Close(t.Context()) }()
	close(b.release)
	require.NoError(t, waitErr(t, closed))
	assert.Equal(t, []string{"thread_add_messages", "thread_complete_llm_tasks", "thread_complete_llm_tasks"}, p.fns(),
		"Close waited for the background run")
	require.NoError(t, th.Close(t.Context()), "closing again is harmless")

	res, err := th.AddMessages(t.Context(), []ThreadMessage{{Role: "user", Text: "y"}})
	require.NoError(t, err)
	require.NotNil(t, res.ClientRun, "after Close, client tasks run inline")
}

func TestThreadCloseGivesUpWhenCtxEnds(t *testing.T) {
	b, p, th := startBackground(t)
	var err error
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	err = th.Close(ctx)
	require.ErrorIs(t, err, context.Canceled)
	// The background run is canceled: its Generate returns, nothing is
	// completed for a task the client did not answer.
	require.Eventually(t, func() bool { return b.running.Load() == 0 }, time.Minute, time.Millisecond)
	require.NoError(t, th.llm.waitClient(t.Context()))
	assert.Equal(t, []string{"thread_add_messages"}, p.fns())
	_, err = th.llm.collect()
	assert.ErrorIs(t, err, context.Canceled, "the canceled run is reported")
}

// A Store bound to one session (a *sql.Tx or *sql.Conn) cannot run calls
// after the write returns: its client tasks run inline.
func TestThreadBackgroundOnSessionRunsInline(t *testing.T) {
	srv := newChatServer(t, kindReply)
	l, _ := newTestLLM(t, srv, nil)
	p := &fakeLLMPackage{mode: ExtractionBackground, first: []string{taskJSON("t1x", TaskExtractMemories)}, complete: extractThenLink}
	db, _ := NewFakeDB(p.respond)
	tx, err := db.BeginTx(t.Context(), nil)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback() }()
	s := NewTestStore(db, StoreInfo{MemoryStoreID: "LLM01", SchemaOwner: "APP", Status: StatusReady}).WithTx(tx)
	res, err := s.Thread("t1").WithLLM(l, 0).AddMessages(t.Context(), []ThreadMessage{{Role: "user", Text: "x"}})
	require.NoError(t, err)
	require.NotNil(t, res.ClientRun)
	assert.Equal(t, []string{"mem1"}, res.ClientRun.MemoryIDs)
}

// A cancelled caller stops the inline loop without reporting its tasks as
// failed: the package keeps them for a client.
func TestThreadInlineLoopCanceled(t *testing.T) {
	b := newBlockingLLM()
	p := &fakeLLMPackage{mode: ExtractionInline, first: []string{taskJSON("t1x", TaskExtractMemories)}, complete: extractThenLink}
	th := llmThread(t, p, b)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		_, err := th.AddMessages(ctx, []ThreadMessage{{Role: "user", Text: "x"}})
		done <- err
	}()
	<-b.started
	cancel()
	err := waitErr(t, done)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, []string{"thread_add_messages"}, p.fns())
}

// The package's LLM errors keep their class (ENGINE adds the sentinels
// ErrLLMFailed and ErrLLMOutputInvalid for -20113 and -20114).
func TestThreadLLMErrorCodesKeepTheirCode(t *testing.T) {
	for _, code := range []int{20113, 20114} {
		db, _ := NewFakeDB(func(FakeCall) (string, error) {
			return "", FakeOraErr(code, "LLM_FAILED: provider said no\nORA-06512: at line 1")
		})
		s := NewTestStore(db, StoreInfo{MemoryStoreID: "LLM01", SchemaOwner: "APP", Status: StatusReady})
		_, err := s.Thread("t1").AddMessages(t.Context(), []ThreadMessage{{Role: "user", Text: "x"}})
		var ae *Error
		require.True(t, errors.As(err, &ae))
		assert.Equal(t, code, ae.Code)
		assert.Equal(t, "LLM_FAILED: provider said no", ae.Message)
	}
}

// The thread's LLM settings are sent with open_thread under the seed's
// names; omitted fields stay out, and the client LLM is not sent.
func TestCreateThreadLLMOptionsAsSent(t *testing.T) {
	db, calls := NewFakeDB(func(FakeCall) (string, error) {
		return `{"thread":{"record_type":"thread","id":"t1","user_id":"u1","agent_id":"a1"},"created":true}`, nil
	})
	s := NewTestStore(db, StoreInfo{MemoryStoreID: "LLM01", SchemaOwner: "APP", Status: StatusReady})
	cases := []struct {
		opts ThreadOptions
		want string
	}{
		{ThreadOptions{ID: "t1", LLM: ClientLLMConfig("gpt-4o-mini"), ClientLLM: newBlockingLLM(), LLMWorkers: 3},
			`{"thread_id":"t1","llm":{"provider":"client","model":"gpt-4o-mini"}}`},
		{ThreadOptions{ID: "t1", LLM: DatabaseLLM("OPENAI_CRED", map[string]any{"provider": "openai", "model": "gpt-4o-mini"})},
			`{"thread_id":"t1","llm":{"provider":"database","credential_name":"OPENAI_CRED","params":{"provider":"openai","model":"gpt-4o-mini"}}}`},
		{ThreadOptions{ID: "t1", LLM: &LLMConfig{Provider: LLMProviderFunction, FunctionName: "APP.LLM_PKG.GENERATE", Model: "m1", SupportsVision: true},
			MemoryExtraction: &MemoryExtractionConfig{}},
			`{"thread_id":"t1","llm":{"provider":"function","function_name":"APP.LLM_PKG.GENERATE","model":"m1","supports_vision":true},"memory_extraction_config":{}}`},
		{ThreadOptions{ID: "t1", MemoryExtraction: &MemoryExtractionConfig{
			ExtractMemories: Some(true), ExtractionMode: ExtractionBackground,
			BackgroundExtractionQueueFullBehavior: QueueFullWaitThenRaise, BackgroundExtractionQueuePutTimeoutSeconds: Some(2.5),
			MemoryExtractionFrequency: Some(-1), MemoryExtractionWindow: Some(10), MemoryExtractionTokenLimit: Some(0),
			EnableContextSummary: Some(false), ContextSummaryUpdateFrequency: Some(5),
			MemoryExtractionCustomInstructions:     None[string](),
			MemoryExtractionInheritMessageMetadata: Some(InheritMetadataKeys("topic", "lang")),
			LinkExtractionMode:                     "POST_EXTRACTION", ImageContext: "DISABLED"},
			ImageInputLimits: &ImageInputLimitConfig{MaxRawImageBytes: Some(int64(10 << 20)), MaxImagesPerLLMRequest: Some(20),
				MaxTotalRawImageBytesPerLLMRequest: Some(int64(50 << 20))},
			MaxMessageTokenLength: Some(2000), MessageShorteningInputTokenLimit: Some(30000)},
			`{"thread_id":"t1","memory_extraction_config":{"extract_memories":true,"extraction_mode":"BACKGROUND",` +
				`"background_extraction_queue_full_behavior":"WAIT_THEN_RAISE","background_extraction_queue_put_timeout_seconds":2.5,` +
				`"memory_extraction_frequency":-1,"memory_extraction_window":10,"memory_extraction_token_limit":0,` +
				`"enable_context_summary":false,"context_summary_update_frequency":5,"memory_extraction_custom_instructions":null,` +
				`"memory_extraction_inherit_message_metadata":["topic","lang"],"link_extraction_mode":"POST_EXTRACTION","image_context":"DISABLED"},` +
				`"image_input_limit_config":{"max_raw_image_bytes":10485760,"max_images_per_llm_request":20,"max_total_raw_image_bytes_per_llm_request":52428800},` +
				`"max_message_token_length":2000,"message_shortening_input_token_limit":30000}`},
		{ThreadOptions{ID: "t1", MemoryExtraction: &MemoryExtractionConfig{MemoryExtractionInheritMessageMetadata: Some(InheritNoMetadata())}},
			`{"thread_id":"t1","memory_extraction_config":{"memory_extraction_inherit_message_metadata":false}}`},
		{ThreadOptions{ID: "t1", MemoryExtraction: &MemoryExtractionConfig{MemoryExtractionInheritMessageMetadata: Some(InheritAllMetadata())}},
			`{"thread_id":"t1","memory_extraction_config":{"memory_extraction_inherit_message_metadata":true}}`},
	}
	for i, c := range cases {
		th, err := s.CreateThread(t.Context(), c.opts)
		require.NoError(t, err)
		assert.JSONEq(t, c.want, calls()[i].Request, "case %d", i)
		assert.Equal(t, c.opts.ClientLLM != nil, th.llm != nil, "case %d: the client LLM is attached", i)
	}
}

func TestMetadataInheritanceRoundTrip(t *testing.T) {
	for _, in := range []string{`true`, `false`, `["a","b"]`, `[]`} {
		var m MetadataInheritance
		require.NoError(t, json.Unmarshal([]byte(in), &m))
		out, err := json.Marshal(m)
		require.NoError(t, err)
		assert.JSONEq(t, in, string(out))
	}
	var m MetadataInheritance
	assert.Error(t, json.Unmarshal([]byte(`"a"`), &m))
}
