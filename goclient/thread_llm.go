package agentmemory

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"
)

// The client-provider loop of a Thread (docs/llm.md, "Go client"): a
// thread write whose response carries llm_tasks has its prompts run by the
// Thread's LLM and the raw answers handed back with
// thread_complete_llm_tasks (one round trip per round), until no
// follow-up task is due. INLINE work finishes before the write returns;
// BACKGROUND work runs in goroutines that WaitForMemoryExtraction and
// Close wait for.

const (
	blockThreadCompleteLLMTasks  = `begin :b_res := dbms_agent_memory_store.thread_complete_llm_tasks(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadWaitForExtraction = `begin :b_res := dbms_agent_memory_store.thread_wait_for_memory_extraction(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
)

const (
	// defaultLLMWorkers is how many Generate calls a Thread runs at once.
	defaultLLMWorkers = 4
	// maxLLMRounds bounds the rounds of one run: extraction, then linking
	// its memories, is two; more than this is a loop (ErrLLMRounds).
	maxLLMRounds = 16
	// defaultExtractionWait is the seed's default timeout of
	// wait_for_memory_extraction.
	defaultExtractionWait = 300 * time.Second
	// maxTaskError is the most characters of a model error sent back.
	maxTaskError = 1000
)

// llmRunner is the client LLM of a Thread and its background work; the
// copies of a Thread (WithTx) share it.
type llmRunner struct {
	llm   LLM
	slots chan struct{} // one per Generate running

	mu       sync.Mutex
	closed   bool
	inflight map[chan struct{}]struct{} // one per background run
	finished *LLMRun                    // background results since the last wait
	errs     []error                    // background failures since the last wait
	stop     context.Context            // canceled by Close when its ctx ends
	cancel   context.CancelFunc
}

func newLLMRunner(l LLM, workers int) *llmRunner {
	if workers <= 0 {
		workers = defaultLLMWorkers
	}
	stop, cancel := context.WithCancel(context.Background())
	return &llmRunner{llm: l, slots: make(chan struct{}, workers), inflight: map[chan struct{}]struct{}{},
		stop: stop, cancel: cancel}
}

// WithLLM returns the same thread with l running its client tasks, at most
// workers Generate calls at a time (0: 4). No round trip. The returned
// Thread has its own background work: wait for it and Close it on that
// Thread.
func (t *Thread) WithLLM(l LLM, workers int) *Thread {
	c := *t
	c.llm = nil
	if l != nil {
		c.llm = newLLMRunner(l, workers)
	}
	return &c
}

// afterWrite runs the client tasks a thread write returned: in the
// background when the package queued them (BACKGROUND) and the Store can
// run calls after this one returns (a pool, not a *sql.Tx or *sql.Conn),
// else inline.
func (t *Thread) afterWrite(ctx context.Context, o *LLMOutcome) error {
	if len(o.LLMTasks) == 0 || t.llm == nil {
		return nil
	}
	if o.Extraction != nil && o.Extraction.Mode == ExtractionBackground && !pinsSession(t.store.db) &&
		t.llm.startBackground(ctx, t, o.LLMTasks) {
		return nil
	}
	run, err := t.RunLLMTasks(ctx, o.LLMTasks)
	o.ClientRun = run
	return err
}

// RunLLMTasks runs tasks with the Thread's LLM and completes them with the
// package, round after round, until no follow-up task is due. A model
// error is sent as the task's failure (the package marks it failed); an
// answer is sent unchecked. It returns what the rounds produced, so far
// when an error stops it: ctx ending, a package call failing, or more than
// 16 rounds (ErrLLMRounds).
func (t *Thread) RunLLMTasks(ctx context.Context, tasks []LLMTask) (*LLMRun, error) {
	const op = "Thread.RunLLMTasks"
	if t.llm == nil {
		return nil, invalidArgument(op, "thread %q has no client LLM: attach one with Thread.WithLLM or ThreadOptions.ClientLLM", t.id)
	}
	run := &LLMRun{}
	for round := 0; len(tasks) > 0; round++ {
		if round == maxLLMRounds {
			return run, fmt.Errorf("agentmemory: %s: %w: %d tasks still due after %d rounds", op, ErrLLMRounds, len(tasks), round)
		}
		results, err := t.llm.generateAll(ctx, tasks)
		if err != nil {
			return run, fmt.Errorf("agentmemory: %s: %w", op, err)
		}
		c, err := t.CompleteLLMTasks(ctx, results)
		if err != nil {
			return run, err
		}
		run.add(tasks, c)
		tasks = c.LLMTasks
	}
	return run, nil
}

// generateAll asks the LLM for every task, at most len(slots) at a time,
// and returns one result per task in order. Only ctx ending is an error:
// the tasks are then left to the package (nothing is sent for them).
func (r *llmRunner) generateAll(ctx context.Context, tasks []LLMTask) ([]LLMTaskResult, error) {
	results := make([]LLMTaskResult, len(tasks))
	var wg sync.WaitGroup
	for i, task := range tasks {
		select {
		case r.slots <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return nil, ctx.Err()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-r.slots }()
			out, err := r.llm.Generate(ctx, task.Prompt)
			if err != nil {
				results[i] = TaskError(task.TaskID, cutMessage(err.Error(), maxTaskError))
				return
			}
			results[i] = TaskOutput(task.TaskID, out)
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return results, nil
}

// completeLLMTasksWire is the request of thread_complete_llm_tasks.
type completeLLMTasksWire struct {
	Thread  string          `json:"thread"`
	Results []LLMTaskResult `json:"results"`
}

// CompleteLLMTasks hands the answers of client tasks to the package in one
// call (thread_complete_llm_tasks): it parses and applies each answer,
// marks malformed ones failed (reported in Failed, not raised), and returns
// the follow-up tasks now due. A task already done is a no-op; an unknown
// task id is ErrNotFound.
func (t *Thread) CompleteLLMTasks(ctx context.Context, results []LLMTaskResult) (*LLMCompletion, error) {
	const op = "Thread.CompleteLLMTasks"
	var res LLMCompletion
	err := t.store.recordCall(ctx, op, blockThreadCompleteLLMTasks,
		completeLLMTasksWire{Thread: t.id, Results: results}, &res, func() error { return checkTasks(op, res.LLMTasks) })
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// checkTasks refuses tasks the loop could not answer: without an id or
// without a prompt.
func checkTasks(op string, tasks []LLMTask) error {
	for i, task := range tasks {
		if task.TaskID == "" || len(task.Prompt.Messages) == 0 {
			return malformed(op, fmt.Errorf("llm_tasks[%d] has no task_id or no prompt messages", i))
		}
	}
	return nil
}

// startBackground runs tasks in a goroutine that outlives ctx's
// cancellation (not its values) and ends when the work is done or Close
// gives up. It reports false once the Thread is closed: the caller then
// runs the tasks inline.
func (r *llmRunner) startBackground(ctx context.Context, t *Thread, tasks []LLMTask) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return false
	}
	done := make(chan struct{})
	r.inflight[done] = struct{}{}
	bctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stopAfter := context.AfterFunc(r.stop, cancel)
	go func() {
		defer close(done)
		defer cancel()
		defer stopAfter()
		run, err := t.RunLLMTasks(bctx, tasks)
		r.mu.Lock()
		defer r.mu.Unlock()
		delete(r.inflight, done)
		if run != nil {
			if r.finished == nil {
				r.finished = &LLMRun{}
			}
			r.finished.merge(run)
		}
		if err != nil {
			r.errs = append(r.errs, err)
		}
	}()
	return true
}

// waitClient waits for the background runs started before the call, until
// ctx ends.
func (r *llmRunner) waitClient(ctx context.Context) error {
	r.mu.Lock()
	pending := make([]chan struct{}, 0, len(r.inflight))
	for d := range r.inflight {
		pending = append(pending, d)
	}
	r.mu.Unlock()
	for _, d := range pending {
		select {
		case <-d:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// collect takes the background results and failures gathered so far.
func (r *llmRunner) collect() (*LLMRun, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	run, err := r.finished, errors.Join(r.errs...)
	r.finished, r.errs = nil, nil
	return run, err
}

// waitForExtractionWire is the request of thread_wait_for_memory_extraction;
// a nil TimeoutSeconds is sent as null: no bound.
type waitForExtractionWire struct {
	Thread         string   `json:"thread"`
	TimeoutSeconds *float64 `json:"timeout_seconds"`
}

// WaitForMemoryExtraction waits for the extraction accepted for this thread
// before the call (the seed's wait_for_memory_extraction): first for the
// Thread's background client runs, then, with thread_wait_for_memory_
// extraction, for the package's own tasks (BACKGROUND with a database
// provider). timeout 0 is the seed's default of 300 seconds; a negative
// timeout waits without a bound (ctx still bounds it). Failed extraction
// counts as finished. When the timeout expires first, the error is the
// package's EXTRACTION_TIMEOUT class (-20115, ErrExtractionTimeout) and the
// counts say what is still pending. Failures
// of background client runs are returned joined, with the result.
func (t *Thread) WaitForMemoryExtraction(ctx context.Context, timeout time.Duration) (*ExtractionWait, error) {
	const op = "Thread.WaitForMemoryExtraction"
	if timeout == 0 {
		timeout = defaultExtractionWait
	}
	w := waitForExtractionWire{Thread: t.id}
	left := timeout
	if t.llm != nil {
		start := time.Now()
		wctx, cancel := ctx, context.CancelFunc(func() {})
		if timeout > 0 {
			wctx, cancel = context.WithTimeout(ctx, timeout)
		}
		err := t.llm.waitClient(wctx)
		cancel()
		if err != nil && ctx.Err() != nil {
			return nil, fmt.Errorf("agentmemory: %s: %w", op, ctx.Err())
		}
		if err != nil {
			return &ExtractionWait{}, extractionTimeout(op, "client tasks of thread %q still running after %v", t.id, timeout)
		}
		left = max(timeout-time.Since(start), 0)
	}
	if timeout > 0 {
		// What the client's wait left of the timeout, in whole milliseconds.
		secs := math.Ceil(left.Seconds()*1000) / 1000
		w.TimeoutSeconds = &secs
	}
	var res ExtractionWait
	if err := t.store.recordCall(ctx, op, blockThreadWaitForExtraction, w, &res); err != nil {
		return nil, err
	}
	var bgErr error
	if t.llm != nil {
		res.Client, bgErr = t.llm.collect()
	}
	if !res.Done {
		return &res, errors.Join(extractionTimeout(op, "%d tasks of thread %q pending after %v", res.Pending, t.id, timeout), bgErr)
	}
	return &res, bgErr
}

// codeExtractionTimeout is the package's EXTRACTION_TIMEOUT (-20115), the
// seed's TimeoutError, which delete_message raises when the thread's tasks
// do not finish in time.
const codeExtractionTimeout = 20115

// extractionTimeout is a wait's timeout as an error of the package's
// EXTRACTION_TIMEOUT class (it matches ErrExtractionTimeout, the class's
// sentinel), so that one sentinel covers the client's wait and the
// package's.
func extractionTimeout(op, format string, args ...any) *Error {
	return &Error{Code: codeExtractionTimeout, Name: "EXTRACTION_TIMEOUT", Op: op,
		Message: "EXTRACTION_TIMEOUT: " + fmt.Sprintf(format, args...)}
}

// Close waits for the Thread's background client runs and refuses new
// ones (later client tasks run inline). When ctx ends first, the runs are
// canceled (their tasks stay with the package, awaiting a client) and the
// error wraps ctx.Err(). Closing again waits again; a Thread without a
// client LLM has nothing to close. Failures of background runs not yet
// collected by a wait are returned joined.
func (t *Thread) Close(ctx context.Context) error {
	if t.llm == nil {
		return nil
	}
	t.llm.mu.Lock()
	t.llm.closed = true
	t.llm.mu.Unlock()
	if err := t.llm.waitClient(ctx); err != nil {
		t.llm.cancel()
		return fmt.Errorf("agentmemory: Thread.Close: %w", err)
	}
	_, err := t.llm.collect()
	return err
}
