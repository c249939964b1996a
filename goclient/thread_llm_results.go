package agentmemory

import (
	"encoding/json"
	"errors"
)

// The LLM work the package reports with a thread write, and what running
// client tasks produced (docs/llm.md, "Go client").

// LLMTask is a client task: a prompt the package wants answered by the
// thread's client-side model.
type LLMTask struct {
	TaskID string      `json:"task_id"`
	Kind   LLMTaskKind `json:"kind"`
	Prompt Prompt      `json:"prompt"`
}

// Extraction is the extraction a thread write ran or queued.
type Extraction struct {
	Mode      ExtractionMode `json:"mode"`
	TaskIDs   []string       `json:"task_ids"`
	MemoryIDs []string       `json:"memory_ids"`
	// Failed are the INLINE tasks of a database-side provider that failed
	// in the call (the messages stay stored).
	Failed []LLMTaskFailure `json:"failed,omitempty"`
}

// LLMOutcome is the LLM part of a thread write's result (AddResult,
// AddMemoryResult, AddImageResult, UpdateResult of the thread calls).
type LLMOutcome struct {
	// Extraction is the package's report, nil when no extraction ran or
	// was queued.
	Extraction *Extraction `json:"extraction,omitempty"`
	// LLMTasks are the client tasks the package returned. With an LLM
	// attached to the Thread they have been run (INLINE: before the call
	// returned, see ClientRun) or handed to its background workers; without
	// one they wait for the caller (Thread.RunLLMTasks, or
	// Thread.CompleteLLMTasks with answers obtained elsewhere).
	LLMTasks []LLMTask `json:"llm_tasks,omitempty"`
	// CaptionTaskID is the caption task of AddImage / UpdateImage,
	// LinkTaskID the autonomous-linking task of AddMemory, RelationIDs the
	// relations that linking wrote in the call.
	CaptionTaskID string   `json:"caption_task_id,omitempty"`
	LinkTaskID    string   `json:"link_task_id,omitempty"`
	RelationIDs   []string `json:"relation_ids,omitempty"`
	// ClientRun is what running LLMTasks inline produced; nil when they
	// were not run inline.
	ClientRun *LLMRun `json:"-"`
}

// LLMTaskResult is the answer to one client task, sent by
// Thread.CompleteLLMTasks: the model's raw text, or the reason there is
// none. Build it with TaskOutput or TaskError.
type LLMTaskResult struct {
	TaskID string
	Output string
	// Err is the failure; "" with Failed false means Output is the answer.
	Err    string
	Failed bool
}

// TaskOutput is the model's raw text for a task, forwarded unchecked: the
// package parses it and reports malformed output as a failed task.
func TaskOutput(taskID, output string) LLMTaskResult {
	return LLMTaskResult{TaskID: taskID, Output: output}
}

// TaskError reports that no answer was obtained for a task.
func TaskError(taskID, reason string) LLMTaskResult {
	return LLMTaskResult{TaskID: taskID, Err: reason, Failed: true}
}

// MarshalJSON writes {"task_id","output"} or {"task_id","error"}.
func (r LLMTaskResult) MarshalJSON() ([]byte, error) {
	if r.Failed {
		return json.Marshal(struct {
			TaskID string `json:"task_id"`
			Error  string `json:"error"`
		}{r.TaskID, r.Err})
	}
	return json.Marshal(struct {
		TaskID string `json:"task_id"`
		Output string `json:"output"`
	}{r.TaskID, r.Output})
}

// ShortenedMessage is the prompt-time copy of a message a SHORTEN_MESSAGE
// task produced (the stored message is unchanged).
type ShortenedMessage struct {
	MessageID string `json:"message_id"`
	Content   string `json:"content"`
}

// LLMTaskFailure is a task the package marked failed: a model error the
// client reported, or output the package could not parse (nothing was
// written for it).
type LLMTaskFailure struct {
	TaskID string `json:"task_id"`
	Error  string `json:"error"`
}

// LLMWrites is what answers to client tasks wrote, and which tasks the
// package marked failed (malformed output: reported, not raised).
type LLMWrites struct {
	MemoryIDs      []string `json:"memory_ids"`
	RelationIDs    []string `json:"relation_ids"`
	SummaryUpdated bool     `json:"summary_updated"`
	// Captions are the ids of the images that got a caption.
	Captions  []string           `json:"captions"`
	Shortened []ShortenedMessage `json:"shortened"`
	Failed    []LLMTaskFailure   `json:"failed"`
}

// merge appends o's writes to w's.
func (w *LLMWrites) merge(o LLMWrites) {
	w.MemoryIDs = append(w.MemoryIDs, o.MemoryIDs...)
	w.RelationIDs = append(w.RelationIDs, o.RelationIDs...)
	w.SummaryUpdated = w.SummaryUpdated || o.SummaryUpdated
	w.Captions = append(w.Captions, o.Captions...)
	w.Shortened = append(w.Shortened, o.Shortened...)
	w.Failed = append(w.Failed, o.Failed...)
}

// LLMCompletion is the response of thread_complete_llm_tasks: what the
// answers wrote, which tasks failed, and the follow-up tasks now due.
type LLMCompletion struct {
	LLMWrites
	LLMTasks []LLMTask `json:"llm_tasks"`
}

// LLMRun is what running client tasks produced over every round (the
// tasks, then their follow-ups): the completions merged.
type LLMRun struct {
	// TaskIDs are the tasks run, follow-ups included, in order.
	TaskIDs []string `json:"task_ids"`
	LLMWrites
	// Rounds is the number of thread_complete_llm_tasks calls.
	Rounds int `json:"rounds"`
}

// add merges one round: the tasks run and the package's completion.
func (r *LLMRun) add(tasks []LLMTask, c *LLMCompletion) {
	for _, t := range tasks {
		r.TaskIDs = append(r.TaskIDs, t.TaskID)
	}
	r.LLMWrites.merge(c.LLMWrites)
	r.Rounds++
}

// merge adds another run's results (background runs collected by a wait).
func (r *LLMRun) merge(o *LLMRun) {
	r.TaskIDs = append(r.TaskIDs, o.TaskIDs...)
	r.LLMWrites.merge(o.LLMWrites)
	r.Rounds += o.Rounds
}

// ExtractionWait is what Thread.WaitForMemoryExtraction returns: the
// package's count of the thread's tasks accepted before the wait, and
// what the Thread's background client runs produced since the last wait.
type ExtractionWait struct {
	Done      bool `json:"done"`
	Pending   int  `json:"pending"`
	Failed    int  `json:"failed"`
	Completed int  `json:"completed"`
	// AwaitingClient counts client tasks not completed yet (none of this
	// Thread's once its background runs finished).
	AwaitingClient int `json:"awaiting_client"`
	// Client merges the background client runs that finished since the
	// last wait; nil when there were none.
	Client *LLMRun `json:"-"`
}

// ErrLLMRounds is returned when client tasks keep producing follow-up
// tasks beyond maxLLMRounds rounds: a loop the package should not make.
var ErrLLMRounds = errors.New("agentmemory: client LLM tasks did not settle")
