package agentmemory

import (
	"context"
	"encoding/json"
	"fmt"
)

// The thread calls of a Store (docs/protocol-threads.md): a *Thread is a
// handle on one thread of one Store, and each of its methods is one package
// call (one round trip), atomic and committed on success unless the Store
// is bound to a *sql.Tx (see DBTX and Store.WithTx): a Thread made from a
// Store inherits its handle, so a Thread of store.WithTx(tx) runs in tx.
// The package owns every rule (scope inheritance, ownership, windows,
// links, the summary); the client encodes Go values and decodes the answer.
//
// The thread's context card and thread search (the seed's
// get_context_card and search) are in thread_card.go, on the same pattern.

const (
	blockOpenThread             = `begin :b_res := dbms_agent_memory_store.open_thread(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadAddMessages      = `begin :b_res := dbms_agent_memory_store.thread_add_messages(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadAddMemory        = `begin :b_res := dbms_agent_memory_store.thread_add_memory(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadGetMessage       = `begin :b_res := dbms_agent_memory_store.thread_get_message(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadGetMessages      = `begin :b_res := dbms_agent_memory_store.thread_get_messages(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadUpdateMessage    = `begin :b_res := dbms_agent_memory_store.thread_update_message(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadUpdateMemory     = `begin :b_res := dbms_agent_memory_store.thread_update_memory(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadDeleteMessage    = `begin :b_res := dbms_agent_memory_store.thread_delete_message(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadDeleteMemory     = `begin :b_res := dbms_agent_memory_store.thread_delete_memory(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadAddImage         = `begin :b_res := dbms_agent_memory_store.thread_add_image(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadUpdateImage      = `begin :b_res := dbms_agent_memory_store.thread_update_image(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadListImages       = `begin :b_res := dbms_agent_memory_store.thread_list_images(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadDeleteImage      = `begin :b_res := dbms_agent_memory_store.thread_delete_image(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadLinkRecords      = `begin :b_res := dbms_agent_memory_store.thread_link_records(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadUpdateRecordLink = `begin :b_res := dbms_agent_memory_store.thread_update_record_link(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadDeleteRecordLink = `begin :b_res := dbms_agent_memory_store.thread_delete_record_link(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockThreadGetSummary       = `begin :b_res := dbms_agent_memory_store.thread_get_summary(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
)

// Thread is a handle on one thread of a Store. It is a value of the
// client: it holds the Store, the thread id and, when it was opened, the
// stored thread record. It is safe for concurrent use as its Store is.
type Thread struct {
	store   *Store
	id      string
	record  *ThreadRecord // nil for a handle made by Store.Thread
	created bool
	llm     *llmRunner // nil: no client LLM (Thread.WithLLM)
}

// CreateThread opens the thread of opts (the seed's create_thread and
// thread constructor) with one package call (open_thread): a new thread is
// created with the given or generated ids; an existing one is opened with
// its stored scope and metadata, and Created reports false (T7). Given
// UserID or AgentID must equal an existing thread's (ErrDuplicateID, T6).
//
// There is no separate "open": Store.Thread makes a handle on a known id
// without a round trip (and never creates one).
func (s *Store) CreateThread(ctx context.Context, opts ThreadOptions) (*Thread, error) {
	const op = "Store.CreateThread"
	w := openThreadWire{ThreadID: opts.ID, UserID: opts.UserID, AgentID: opts.AgentID, Metadata: opts.Metadata,
		LLM: opts.LLM, MemoryExtractionConfig: opts.MemoryExtraction, ImageInputLimitConfig: opts.ImageInputLimits,
		MaxMessageTokenLength:            opts.MaxMessageTokenLength,
		MessageShorteningInputTokenLimit: opts.MessageShorteningInputTokenLimit}
	var res struct {
		Thread  json.RawMessage `json:"thread"`
		Created *bool           `json:"created"`
	}
	var rec *ThreadRecord
	err := s.recordCall(ctx, op, blockOpenThread, w, &res, func() error {
		r, err := decodeRecord(res.Thread)
		if err != nil {
			return malformed(op, err)
		}
		tr, ok := r.(*ThreadRecord)
		if !ok || res.Created == nil {
			return malformed(op, fmt.Errorf("expected a thread record and created"))
		}
		rec = tr
		return nil
	})
	if err != nil {
		return nil, err
	}
	th := &Thread{store: s, id: rec.ID, record: rec, created: *res.Created}
	if opts.ClientLLM != nil {
		th.llm = newLLMRunner(opts.ClientLLM, opts.LLMWorkers)
	}
	return th, nil
}

// Thread returns a handle on the thread with id threadID without a round
// trip: nothing is read, and a thread that does not exist makes each call
// fail with ErrNotFound (T3). Record is nil on such a handle.
func (s *Store) Thread(threadID string) *Thread { return &Thread{store: s, id: threadID} }

// ID returns the thread id.
func (t *Thread) ID() string { return t.id }

// Record returns the thread record CreateThread read (its scope and
// metadata), nil for a handle made by Store.Thread.
func (t *Thread) Record() *ThreadRecord { return t.record }

// Created reports whether CreateThread created the thread.
func (t *Thread) Created() bool { return t.created }

// Store returns the Store the thread's calls go through.
func (t *Thread) Store() *Store { return t.store }

// WithTx returns the same thread on t.Store().WithTx(tx): its calls run
// inside tx, which the caller commits or rolls back. No round trip.
func (t *Thread) WithTx(tx DBTX) *Thread {
	c := *t
	c.store = t.store.WithTx(tx)
	return &c
}

// AddMessages stores messages in the thread, in order, with the thread's
// scope (the seed's add_messages), in one atomic call, and returns their
// ids (generated ones included) and the package's warnings. With an LLM,
// the package extracts memories (INLINE in the same call, or queued:
// Extraction); a client-provider thread's tasks are run by the Thread's
// LLM (see LLMOutcome). When running them fails after the messages were
// stored, the result is returned with the error.
func (t *Thread) AddMessages(ctx context.Context, msgs []ThreadMessage, opts ...AddMessagesOptions) (*AddResult, error) {
	var o AddMessagesOptions
	if len(opts) > 0 {
		o = opts[len(opts)-1]
	}
	w := addThreadMessagesWire{Thread: t.id, Messages: make([]threadMessageWire, len(msgs)), TTLDays: o.TTLDays,
		TTLAnchor: o.TTLAnchor}
	for i, m := range msgs {
		c := ContentText(m.Text)
		if m.Parts != nil {
			c = ContentParts(m.Parts...)
		}
		w.Messages[i] = threadMessageWire{Role: m.Role, Content: c, ID: m.ID, Timestamp: timePtr(m.Timestamp),
			Metadata: m.Metadata}
	}
	var res AddResult
	if err := t.store.recordCall(ctx, "Thread.AddMessages", blockThreadAddMessages, w, &res,
		func() error { return checkTasks("Thread.AddMessages", res.LLMTasks) }); err != nil {
		return nil, err
	}
	return &res, t.afterWrite(ctx, &res.LLMOutcome)
}

// AddMemory stores a memory-like record in the thread (the seed's
// add_memory): its scope is the thread's unless m overrides it, and with
// m.Link the new memory is linked to a memory of this thread in the same
// call (nothing is stored when the link is refused).
func (t *Thread) AddMemory(ctx context.Context, m ThreadMemory) (*AddMemoryResult, error) {
	const op = "Thread.AddMemory"
	w := addThreadMemoryWire{Thread: t.id, Content: m.Text, MemoryType: m.Type, MemoryID: m.ID,
		threadScopeWire: threadScopeWire{UserID: m.UserID, AgentID: m.AgentID, ThreadID: m.ThreadID,
			Metadata: m.Metadata, Timestamp: timePtr(m.Timestamp), TTLDays: m.TTLDays, TTLAnchor: m.TTLAnchor},
		Status: m.Status, AutonomousLinking: m.AutonomousLinking}
	if l := m.Link; l != nil {
		w.LinkTarget, w.LinkType, w.LinkID = &l.TargetID, &l.Type, l.ID
		w.LinkTimestamp, w.LinkMetadata = timePtr(l.Timestamp), l.Metadata
	}
	var res struct {
		ID         *string  `json:"id"`
		RelationID *string  `json:"relation_id"`
		Warnings   []string `json:"warnings"`
		LLMOutcome
	}
	err := t.store.recordCall(ctx, op, blockThreadAddMemory, w, &res, func() error {
		if res.ID == nil {
			return malformed(op, fmt.Errorf(`no "id"`))
		}
		return checkTasks(op, res.LLMTasks)
	})
	if err != nil {
		return nil, err
	}
	out := &AddMemoryResult{ID: *res.ID, Warnings: res.Warnings, LLMOutcome: res.LLMOutcome}
	if res.RelationID != nil {
		out.RelationID = *res.RelationID
	}
	return out, t.afterWrite(ctx, &out.LLMOutcome)
}

// GetMessage returns one message of the thread (the seed's get_message).
// A message that is missing, expired or another thread's is an error
// matching ErrNotFound (the seed's KeyError, T18).
func (t *Thread) GetMessage(ctx context.Context, messageID string, opts ...GetMessageOptions) (*MessageRecord, error) {
	const op = "Thread.GetMessage"
	var o GetMessageOptions
	if len(opts) > 0 {
		o = opts[len(opts)-1]
	}
	var res struct {
		Message json.RawMessage `json:"message"`
	}
	var msg *MessageRecord
	w := getThreadMessageWire{Thread: t.id, MessageID: messageID, IncludedImageIDs: o.IncludedImageIDs}
	err := t.store.recordCall(ctx, op, blockThreadGetMessage, w, &res, func() error {
		if k := kindOf(res.Message); k == 0 || k == 'n' {
			return newAppError(op, 20101, fmt.Sprintf("NOT_FOUND: no message %q in thread %q of %s",
				messageID, t.id, searchStoreName(t.store.ID())), nil)
		}
		var err error
		msg, err = decodeAs[*MessageRecord](res.Message)
		if err != nil {
			return malformed(op, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return msg, nil
}

// GetMessages returns the thread's messages in the window w, oldest first
// (the seed's get_messages; T17).
func (t *Thread) GetMessages(ctx context.Context, w Window) ([]*MessageRecord, error) {
	req := getThreadMessagesWire{Thread: t.id, Start: w.Start, End: w.End, IncludeImageBytes: w.IncludeImageBytes}
	return recordList[*MessageRecord](ctx, t, "Thread.GetMessages", blockThreadGetMessages, req, "messages")
}

// UpdateMessage changes a message of the thread (the seed's
// update_message) and returns Updated 1, or 0 when the message is not the
// thread's (T18).
func (t *Thread) UpdateMessage(ctx context.Context, messageID string, u MessageUpdate) (*UpdateResult, error) {
	w := updateThreadMessageWire{Thread: t.id, MessageID: messageID, Content: u.Content, Metadata: u.Metadata,
		TTLDays: u.TTLDays, TTLAnchor: u.TTLAnchor}
	return t.updateWithLLM(ctx, "Thread.UpdateMessage", blockThreadUpdateMessage, w)
}

// UpdateMemory changes a memory-like record of the thread (the seed's
// update_memory); Updated 0 when it is not the thread's.
func (t *Thread) UpdateMemory(ctx context.Context, memoryID string, u MemoryUpdate) (*UpdateResult, error) {
	w := updateThreadMemoryWire{Thread: t.id, MemoryID: memoryID, Content: u.Content, Metadata: u.Metadata,
		Timestamp: sentTime(u.Timestamp), TTLDays: u.TTLDays, TTLAnchor: u.TTLAnchor, Status: u.Status}
	return t.update(ctx, "Thread.UpdateMemory", blockThreadUpdateMemory, w)
}

func (t *Thread) update(ctx context.Context, op, block string, w any) (*UpdateResult, error) {
	var res struct {
		Updated  *int     `json:"updated"`
		Warnings []string `json:"warnings"`
		LLMOutcome
	}
	err := t.store.recordCall(ctx, op, block, w, &res, func() error {
		if res.Updated == nil {
			return malformed(op, fmt.Errorf(`no "updated" count`))
		}
		return checkTasks(op, res.LLMTasks)
	})
	if err != nil {
		return nil, err
	}
	return &UpdateResult{Updated: *res.Updated, Warnings: res.Warnings, LLMOutcome: res.LLMOutcome}, nil
}

// updateWithLLM is update for the calls that may return client tasks
// (re-extraction, a caption): they are run as AddMessages runs them.
func (t *Thread) updateWithLLM(ctx context.Context, op, block string, w any) (*UpdateResult, error) {
	res, err := t.update(ctx, op, block, w)
	if err != nil {
		return nil, err
	}
	return res, t.afterWrite(ctx, &res.LLMOutcome)
}

// DeleteMessage deletes a message of the thread with its image parts (the
// seed's delete_message) and returns 1, or 0 when it is not the thread's.
// Memories derived from it stay.
func (t *Thread) DeleteMessage(ctx context.Context, messageID string) (int, error) {
	return t.store.deleteCall(ctx, "Thread.DeleteMessage", blockThreadDeleteMessage,
		threadItemWire{Thread: t.id, MessageID: messageID})
}

// DeleteMemory deletes a memory-like record of the thread (the seed's
// delete_memory) and returns 1, or 0 when it is not the thread's.
func (t *Thread) DeleteMemory(ctx context.Context, memoryID string) (int, error) {
	return t.store.deleteCall(ctx, "Thread.DeleteMemory", blockThreadDeleteMemory,
		threadItemWire{Thread: t.id, MemoryID: memoryID})
}

// Summary returns the thread's summary without an LLM (the seed's
// get_summary): its durable thread_summary record, or a transcript of its
// messages, within o.TokenBudget (T29-T32). Read-only.
func (t *Thread) Summary(ctx context.Context, o SummaryOptions) (*ThreadSummary, error) {
	const op = "Thread.Summary"
	var res ThreadSummary
	w := threadSummaryWire{Thread: t.id, ExceptLast: o.ExceptLast, TokenBudget: o.TokenBudget}
	err := t.store.recordCall(ctx, op, blockThreadGetSummary, w, &res, func() error {
		if res.Source == "" {
			return malformed(op, fmt.Errorf(`no "source"`))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// recordList runs a thread call answering {key: [record, ...]} (key
// "messages" or "images") and returns the records as R (each must be one).
func recordList[R Record](ctx context.Context, t *Thread, op, block string, req any, key string) ([]R, error) {
	var res threadRecordsResponse
	var out []R
	err := t.store.recordCall(ctx, op, block, req, &res, func() error {
		var err error
		out, err = typedRecords[R](op, key, res.list(key))
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// threadRecordsResponse is the response of thread_get_messages or
// thread_list_images, decoded in one pass (metadata numbers as
// json.Number).
type threadRecordsResponse struct {
	Messages *[]readRecord `json:"messages"`
	Images   *[]readRecord `json:"images"`
}

// UnmarshalJSON keeps metadata numbers as json.Number.
func (r *threadRecordsResponse) UnmarshalJSON(data []byte) error {
	type plain threadRecordsResponse
	return decodeNumbers(data, (*plain)(r))
}

// list returns the list under key, nil when the response has none.
func (r *threadRecordsResponse) list(key string) *[]readRecord {
	if key == "images" {
		return r.Images
	}
	return r.Messages
}

// typedRecords builds the records of list as R.
func typedRecords[R Record](op, key string, list *[]readRecord) ([]R, error) {
	if list == nil {
		return nil, malformed(op, fmt.Errorf("no %q list", key))
	}
	out := make([]R, len(*list))
	for i := range *list {
		w := (*list)[i].wire()
		r, err := buildRecord(&w, modeRead)
		if err != nil {
			return nil, malformed(op, fmt.Errorf("%s[%d]: %w", key, i, err))
		}
		var ok bool
		if out[i], ok = r.(R); !ok {
			return nil, malformed(op, fmt.Errorf("%s[%d] is a %s", key, i, r.RecordType()))
		}
	}
	return out, nil
}

// decodeAs decodes one record object as R.
func decodeAs[R Record](raw json.RawMessage) (R, error) {
	var zero R
	r, err := decodeRecord(raw)
	if err != nil {
		return zero, err
	}
	v, ok := r.(R)
	if !ok {
		return zero, fmt.Errorf("a %s record where another type was expected", r.RecordType())
	}
	return v, nil
}
