package agentmemory

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// The record calls of a Store (docs/protocol-records.md): one package call
// each, atomic and committed on success with its round trip unless the
// Store is bound to a *sql.Tx (see DBTX, WithTx and onSession). The client
// encodes and decodes; the package checks every rule, and its errors come
// back as *Error matching their sentinel (ErrInvalidArgument, ...).

const (
	blockAddRecords         = `begin :b_res := dbms_agent_memory_store.add_records(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockAddUser            = `begin :b_res := dbms_agent_memory_store.add_user(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockAddAgent           = `begin :b_res := dbms_agent_memory_store.add_agent(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockGetRecord          = `begin :b_res := dbms_agent_memory_store.get_record(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockListRecords        = `begin :b_res := dbms_agent_memory_store.list_records(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockUpdateRecord       = `begin :b_res := dbms_agent_memory_store.update_record(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockDeleteRecord       = `begin :b_res := dbms_agent_memory_store.delete_record(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockDeleteThread       = `begin :b_res := dbms_agent_memory_store.delete_thread(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
	blockListThreadMessages = `begin :b_res := dbms_agent_memory_store.list_thread_messages(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner); end;`
)

// Add writes records of any types (the seed's add and add_batches) in one
// atomic package call, in order: a message may name a thread added before it
// in the same call. It returns their ids in input order, generated ones
// included. Nothing is written when any record is refused.
//
// With StoreOptions.Embedder on a VECTOR store, records without an explicit
// Embedding get vectors from the client: a text longer than the store's
// chunking.max characters is first split by the package's chunk_text (one
// more round trip, read-only), then every text is embedded in one Embed
// call. Without an Embedder the store's in-database model embeds, or rows
// are stored without vectors (a warning on VECTOR stores).
//
// Errors: ErrInvalidArgument (a bad record, named by key and rule),
// ErrNotFound (a ThreadID names no thread, or the store is gone),
// ErrDuplicateID, ErrEmbeddingFailed (the in-database model),
// ErrSchemaOutdated, ErrStoreBroken; Embedder failures are returned wrapped.
func (s *Store) Add(ctx context.Context, records ...RecordInput) (*AddResult, error) {
	items := make([]addItem, len(records))
	for i, r := range records {
		if r == nil {
			return nil, invalidArgument("Store.Add", "records[%d] is nil", i)
		}
		items[i] = r.addItem()
	}
	return s.add(ctx, "Store.Add", s.recordEmbedder(), items)
}

// AddMemory adds one memory-like record; see Add.
func (s *Store) AddMemory(ctx context.Context, m Memory) (*AddResult, error) {
	return s.add(ctx, "Store.AddMemory", s.recordEmbedder(), []addItem{m.addItem()})
}

// AddMemories adds memory-like records in one atomic call; see Add.
func (s *Store) AddMemories(ctx context.Context, ms []Memory) (*AddResult, error) {
	items := make([]addItem, len(ms))
	for i := range ms {
		items[i] = ms[i].addItem()
	}
	return s.add(ctx, "Store.AddMemories", s.recordEmbedder(), items)
}

// AddMessage adds one message to its thread; see Add.
func (s *Store) AddMessage(ctx context.Context, m Message) (*AddResult, error) {
	return s.add(ctx, "Store.AddMessage", s.recordEmbedder(), []addItem{m.addItem()})
}

// AddMessages adds messages in one atomic call, in order; see Add.
func (s *Store) AddMessages(ctx context.Context, ms []Message) (*AddResult, error) {
	items := make([]addItem, len(ms))
	for i := range ms {
		items[i] = ms[i].addItem()
	}
	return s.add(ctx, "Store.AddMessages", s.recordEmbedder(), items)
}

// add embeds with emb (nil: none) and makes the add_records call.
func (s *Store) add(ctx context.Context, op string, emb Embedder, items []addItem) (*AddResult, error) {
	if emb != nil {
		items = append([]addItem(nil), items...) // the embedder fills in copies
		if err := s.embedRecords(ctx, op, emb, items); err != nil {
			return nil, err
		}
	}
	body, err := encodeAdd(items)
	if err != nil {
		return nil, fmt.Errorf("agentmemory: %s: encoding the request: %w", op, err)
	}
	var res AddResult
	if err := s.recordCall(ctx, op, blockAddRecords, rawRequest(body), &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// AddUser adds the profile of a user (the seed's add_user): an unscoped
// record whose id is p.ID, with p.Information as its text. p.ID "" leaves it
// to the end-user security context of the session, where one is attached.
// With StoreOptions.Embedder on a VECTOR store, the profile is written
// through add_records with client vectors. Errors: ErrDuplicateID when the
// user has a profile (use Update), ErrInvalidArgument.
func (s *Store) AddUser(ctx context.Context, p Profile) (*ProfileResult, error) {
	return s.addProfile(ctx, "Store.AddUser", RecordTypeUserProfile, p)
}

// AddAgent adds the profile of an agent (the seed's add_agent); as AddUser,
// but p.ID is required.
func (s *Store) AddAgent(ctx context.Context, p Profile) (*ProfileResult, error) {
	return s.addProfile(ctx, "Store.AddAgent", RecordTypeAgentProfile, p)
}

func (s *Store) addProfile(ctx context.Context, op string, t RecordType, p Profile) (*ProfileResult, error) {
	w, block := profileOf(t, p), blockAddUser
	if t == RecordTypeAgentProfile {
		block = blockAddAgent
	}
	if emb := s.recordEmbedder(); emb != nil && p.ID != "" {
		// add_user and add_agent take no vectors (§5): a client that embeds
		// writes the profile through add_records.
		item := addItem{typ: t, content: ContentText(p.Information), id: p.ID, metadata: p.Metadata}
		res, err := s.add(ctx, op, emb, []addItem{item})
		if err != nil {
			return nil, err
		}
		if len(res.IDs) != 1 {
			return nil, malformed(op, fmt.Errorf("%d ids for one profile", len(res.IDs)))
		}
		return &ProfileResult{ID: res.IDs[0], Warnings: res.Warnings}, nil
	}
	var res ProfileResult
	if err := s.recordCall(ctx, op, block, w, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// Get returns the record of type recordType with id recordID (the seed's
// get). A missing or expired record is an error matching ErrNotFound.
// Errors: ErrNotFound, ErrInvalidArgument, and those of an unusable store.
func (s *Store) Get(ctx context.Context, recordType RecordType, recordID string, opts ...GetOptions) (Record, error) {
	const op = "Store.Get"
	var o GetOptions
	if len(opts) > 0 {
		o = opts[len(opts)-1]
	}
	var res struct {
		Record json.RawMessage `json:"record"`
	}
	var rec Record
	w := getWire{RecordType: recordType, RecordID: recordID, IncludeBytes: o.IncludeBytes}
	err := s.recordCall(ctx, op, blockGetRecord, w, &res, func() error {
		if k := kindOf(res.Record); k == 0 || k == 'n' {
			return newAppError(op, 20101, fmt.Sprintf("NOT_FOUND: no %s record %q in %s (or it has expired)",
				recordType, recordID, searchStoreName(s.ID())), nil)
		}
		var err error
		if rec, err = decodeRecord(res.Record); err != nil {
			return malformed(op, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// List returns the records of one type that match req (the seed's list):
// the newest req.Limit matches by insertion order (1000 when omitted),
// oldest first. Expired records are hidden; invalid ones are listed.
// Errors: ErrInvalidArgument, and those of an unusable store.
func (s *Store) List(ctx context.Context, req ListRequest) ([]Record, error) {
	return s.listCall(ctx, "Store.List", blockListRecords, req, "")
}

// ListThreadMessages returns a thread's messages with From <= SeqNo < To,
// the last LastN of them, oldest first (the seed's list_thread_messages).
// An unknown thread gives no messages and no error.
func (s *Store) ListThreadMessages(ctx context.Context, req ListThreadMessagesRequest) ([]*MessageRecord, error) {
	recs, err := s.listCall(ctx, "Store.ListThreadMessages", blockListThreadMessages, req, RecordTypeMessage)
	if err != nil {
		return nil, err
	}
	msgs := make([]*MessageRecord, len(recs))
	for i, r := range recs {
		msgs[i] = r.(*MessageRecord) // listCall checked the type
	}
	return msgs, nil
}

// listCall runs a call answering {"records": [...]} and decodes the records;
// want, when not "", is the only record type the response may hold.
func (s *Store) listCall(ctx context.Context, op, block string, req any, want RecordType) ([]Record, error) {
	var res recordsResponse
	var recs []Record
	err := s.recordCall(ctx, op, block, req, &res, func() error {
		recs = make([]Record, len(res.Records))
		for i := range res.Records {
			w := res.Records[i].wire()
			r, err := buildRecord(&w, modeRead)
			if err != nil {
				return malformed(op, fmt.Errorf("records[%d]: %w", i, err))
			}
			if want != "" && r.RecordType() != want {
				return malformed(op, fmt.Errorf("records[%d] is a %s, not a %s", i, r.RecordType(), want))
			}
			recs[i] = r
		}
		return nil
	})
	return recs, err
}

// Update changes one record (the seed's update) and reports whether it
// existed: Updated 0 when no record has that type and id (a bad request is
// refused even then). Expired but unpurged records are updated. With
// StoreOptions.Embedder on a VECTOR store, new text without an explicit
// Embedding gets client vectors, as in Add. Errors: ErrInvalidArgument, and
// those of an unusable store; Embedder failures wrapped.
func (s *Store) Update(ctx context.Context, req UpdateRequest) (*UpdateResult, error) {
	const op = "Store.Update"
	if emb := s.recordEmbedder(); emb != nil {
		if err := s.embedUpdate(ctx, op, emb, &req); err != nil {
			return nil, err
		}
	}
	var res UpdateResult
	if err := s.recordCall(ctx, op, blockUpdateRecord, req, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// Delete deletes one record and its retrieval rows (the seed's delete) and
// returns 1, or 0 when there was none. A message takes its image parts with
// it; the memories derived from it stay. An image that is part of a message
// cannot be deleted alone (ErrInvalidArgument): update the message. See
// DeleteOptions for profiles.
func (s *Store) Delete(ctx context.Context, recordType RecordType, recordID string, opts ...DeleteOptions) (int, error) {
	var o DeleteOptions
	if len(opts) > 0 {
		o = opts[len(opts)-1]
	}
	return s.deleteCall(ctx, "Store.Delete", blockDeleteRecord, deleteWire{RecordType: recordType, RecordID: recordID, Cascade: o.Cascade})
}

// DeleteThread deletes a thread with its messages, memory-like records,
// summaries, images, the relations touching them and their retrieval rows,
// in one transaction (the seed's delete_thread). It returns 1, or 0 for an
// unknown thread.
func (s *Store) DeleteThread(ctx context.Context, threadID string) (int, error) {
	return s.deleteCall(ctx, "Store.DeleteThread", blockDeleteThread, deleteThreadWire{ThreadID: threadID})
}

func (s *Store) deleteCall(ctx context.Context, op, block string, req any) (int, error) {
	var res struct {
		Deleted *int `json:"deleted"`
	}
	err := s.recordCall(ctx, op, block, req, &res, func() error {
		if res.Deleted == nil {
			return malformed(op, fmt.Errorf(`no "deleted" count`))
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return *res.Deleted, nil
}

// rawRequest is a request already encoded as JSON.
type rawRequest []byte

// recordCall runs one record function of the package for the store on one
// session (see onSession): the request as JSON, the response decoded into
// out, then check, if any. The call commits on success in its own round
// trip, so a response the client cannot read is reported after the call's
// effects were committed: it means the client and the installed package
// disagree on the protocol (`agentmem version` shows both). Calls through a
// handle that pins one session are serialized.
func (s *Store) recordCall(ctx context.Context, op, block string, req, out any, check ...func() error) error {
	body, err := encodeRequest(req)
	if err != nil {
		return fmt.Errorf("agentmemory: %s: encoding the request: %w", op, err)
	}
	defer s.holdSession()()
	return onSession(ctx, s.db, op, func(h DBTX) error {
		text, err := callFunc(ctx, h, op, block,
			sql.Named("b_store_id", s.ID()), sql.Named("b_request", clobIn(body)), sql.Named("b_schema_owner", s.owner))
		if err != nil {
			return err
		}
		if err := decodeResponse(op, text, out); err != nil {
			return err
		}
		for _, c := range check {
			if err := c(); err != nil {
				return err
			}
		}
		return nil
	})
}

// encodeRequest writes a request as compact JSON, without escaping <, >
// and &.
func encodeRequest(req any) (string, error) {
	if raw, ok := req.(rawRequest); ok {
		return string(raw), nil
	}
	b, err := marshalNoEscape(req)
	return string(b), err
}

// malformed reports a response the client cannot read.
func malformed(op string, err error) error {
	return fmt.Errorf("agentmemory: %s: malformed response from the package: %w", op, err)
}
