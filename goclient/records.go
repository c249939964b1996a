package agentmemory

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// The record calls of a Store (docs/protocol-records.md): one package call
// each, atomic and committed on success with its round trip unless the
// Store was opened on a *sql.Tx (see DBTX and onSession). Requests are checked first, worded as the package words its
// errors; the package checks everything again.

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

// Add writes one batch of records of one type (the seed's add) and returns
// their ids in input order. The whole add is one atomic package call:
// nothing is written when any record is refused.
//
// With StoreOptions.Embedder on a VECTOR store, records without explicit
// Embeddings get vectors from the client (see embedRecords): a text longer
// than the store's chunking.max characters is first split by the package's
// chunk_text (one more round trip, read-only), then every text is embedded in
// one Embed call, then add_records runs with one vector per chunk. Without
// an Embedder, the store's in-database model embeds, or rows are stored
// without vectors (a warning on VECTOR stores).
//
// Errors: ErrInvalidArgument (a bad request, named by key and rule),
// ErrNotFound (a thread_ids entry names no thread, or the store is gone),
// ErrDuplicateID, ErrEmbeddingFailed (the in-database model),
// ErrSchemaOutdated, ErrStoreBroken; Embedder failures are returned wrapped.
func (s *Store) Add(ctx context.Context, req AddRequest) (*AddResult, error) {
	return s.add(ctx, "Store.Add", s.recordEmbedder(), req)
}

// add is Add with the embedder to use (nil: none).
func (s *Store) add(ctx context.Context, op string, emb Embedder, req AddRequest) (*AddResult, error) {
	if err := req.validate(op, "", s.dimensions()); err != nil {
		return nil, err
	}
	if emb != nil {
		if err := s.embedRecords(ctx, op, emb, []*AddRequest{&req}); err != nil {
			return nil, err
		}
	}
	var res AddResult
	if err := s.recordCall(ctx, op, blockAddRecords, req, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// AddBatches writes several batches, each of one record type, in order and
// in one atomic package call (the seed's add_batches): a later batch may use
// a thread added by an earlier one. The ids of all batches come back in one
// list, in order. batchSize is the rows the package writes per bulk
// statement (1..10000; 0: 256); each batch's BatchSize must be 0. Client
// embedding and errors as Add.
func (s *Store) AddBatches(ctx context.Context, batches []AddRequest, batchSize int) (*AddResult, error) {
	return s.addBatches(ctx, "Store.AddBatches", s.recordEmbedder(), batches, batchSize)
}

// addBatches is AddBatches with the embedder to use (nil: none).
func (s *Store) addBatches(ctx context.Context, op string, emb Embedder, batches []AddRequest, batchSize int) (*AddResult, error) {
	if err := validateAddBatches(op, batches, batchSize, s.dimensions()); err != nil {
		return nil, err
	}
	w := addBatchesWire{Batches: batches, BatchSize: batchSize}
	if w.Batches == nil {
		w.Batches = []AddRequest{}
	}
	if emb != nil {
		w.Batches = append([]AddRequest(nil), batches...)
		ptrs := make([]*AddRequest, len(w.Batches))
		for b := range w.Batches {
			ptrs[b] = &w.Batches[b]
		}
		if err := s.embedRecords(ctx, op, emb, ptrs); err != nil {
			return nil, err
		}
	}
	var res AddResult
	if err := s.recordCall(ctx, op, blockAddRecords, w, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// AddUser adds the profile of a user (the seed's add_user): an unscoped
// record whose id is userID, with information as its text and metadata (nil:
// none). userID "" leaves it to the end-user security context of the
// session, where one is attached. With StoreOptions.Embedder on a VECTOR
// store, the profile is written through add_records with client vectors
// (then userID is required). Errors: ErrDuplicateID when the user has a
// profile (use Update), ErrInvalidArgument.
func (s *Store) AddUser(ctx context.Context, userID, information string, metadata map[string]any) (*ProfileResult, error) {
	return s.addProfile(ctx, "Store.AddUser", s.recordEmbedder(), RecordTypeUserProfile, userID, information, metadata)
}

// AddAgent adds the profile of an agent (the seed's add_agent); as AddUser,
// but agentID is required.
func (s *Store) AddAgent(ctx context.Context, agentID, information string, metadata map[string]any) (*ProfileResult, error) {
	return s.addProfile(ctx, "Store.AddAgent", s.recordEmbedder(), RecordTypeAgentProfile, agentID, information, metadata)
}

// addProfile is AddUser or AddAgent with the embedder to use (nil: none).
func (s *Store) addProfile(ctx context.Context, op string, emb Embedder, t RecordType, id, information string, metadata map[string]any) (*ProfileResult, error) {
	key, block := "user_id", blockAddUser
	w := profileWire{UserID: id, Information: information}
	if t == RecordTypeAgentProfile {
		key, block = "agent_id", blockAddAgent
		w = profileWire{AgentID: id, Information: information}
		if id == "" {
			return nil, invalidArgument(op, "agent_id is required in the add_agent request")
		}
	}
	if id != "" {
		if err := checkID(op, key, id, false); err != nil {
			return nil, err
		}
	}
	if metadata != nil {
		w.Metadata = Some(metadata)
	}
	if emb != nil && id != "" {
		// add_user and add_agent take no vectors (§5): a client that embeds
		// writes the profile through add_records.
		req := AddRequest{RecordType: t, Contents: Texts(information), RecordIDs: Broadcast(id)}
		if metadata != nil {
			req.Metadata = Broadcast(metadata)
		}
		res, err := s.add(ctx, op, emb, req)
		if err != nil {
			return nil, err
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
// get), or nil and no error when there is none (or it has expired).
// includeBytes loads the bytes of an image record or of a message's image
// parts. Errors: ErrInvalidArgument, and those of an unusable store.
func (s *Store) Get(ctx context.Context, recordType RecordType, recordID string, includeBytes bool) (Record, error) {
	const op = "Store.Get"
	if err := checkRecordType(op, "record_type", "get_record", recordType); err != nil {
		return nil, err
	}
	if err := checkRequiredID(op, "record_id", "get_record", recordID); err != nil {
		return nil, err
	}
	var res struct {
		Record json.RawMessage `json:"record"`
	}
	var rec Record
	w := getWire{RecordType: recordType, RecordID: recordID, IncludeBytes: includeBytes}
	err := s.recordCall(ctx, op, blockGetRecord, w, &res, func() error {
		if k := kindOf(res.Record); k == 0 || k == 'n' {
			return nil
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
	const op = "Store.List"
	filter, err := req.validate(op)
	if err != nil {
		return nil, err
	}
	w := listWire{RecordType: req.RecordType, Limit: req.Limit, ThreadID: req.ThreadID, UserID: req.UserID,
		AgentID: req.AgentID, MetadataFilter: filter, IncludeBytes: req.IncludeBytes, RecordID: req.RecordID}
	return s.listCall(ctx, op, blockListRecords, w, "")
}

// ListThreadMessages returns a thread's messages with
// RangeStartSeqNo <= SeqNo < RangeEndSeqNo, the last LastN of them, oldest
// first (the seed's list_thread_messages). An unknown thread gives no
// messages and no error.
func (s *Store) ListThreadMessages(ctx context.Context, req ListThreadMessagesRequest) ([]*MessageRecord, error) {
	const op = "Store.ListThreadMessages"
	if err := req.validate(op); err != nil {
		return nil, err
	}
	recs, err := s.listCall(ctx, op, blockListThreadMessages, req, RecordTypeMessage)
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
		var err error
		if recs, err = res.decode(op); err != nil {
			return err
		}
		for i, r := range recs {
			if want != "" && r.RecordType() != want {
				return malformed(op, fmt.Errorf("records[%d] is a %s, not a %s", i, r.RecordType(), want))
			}
		}
		return nil
	})
	return recs, err
}

// recordsResponse is the response of list_records and list_thread_messages.
type recordsResponse struct {
	Records []json.RawMessage `json:"records"`
}

// decode decodes every record, by its record_type.
func (res *recordsResponse) decode(op string) ([]Record, error) {
	recs := make([]Record, len(res.Records))
	for i, raw := range res.Records {
		r, err := decodeRecord(raw)
		if err != nil {
			return nil, malformed(op, fmt.Errorf("records[%d]: %w", i, err))
		}
		recs[i] = r
	}
	return recs, nil
}

// Update changes one record (the seed's update) and reports whether it
// existed: Updated 0 when no record has that type and id (a bad request is
// refused even then). Expired but unpurged records are updated. With
// StoreOptions.Embedder on a VECTOR store, new text without an explicit
// Embedding gets client vectors, as in Add. Errors: ErrInvalidArgument, and
// those of an unusable store; Embedder failures wrapped.
func (s *Store) Update(ctx context.Context, req UpdateRequest) (*UpdateResult, error) {
	return s.update(ctx, "Store.Update", s.recordEmbedder(), req)
}

// update is Update with the embedder to use (nil: none).
func (s *Store) update(ctx context.Context, op string, emb Embedder, req UpdateRequest) (*UpdateResult, error) {
	if err := req.validate(op, s.dimensions()); err != nil {
		return nil, err
	}
	if emb != nil {
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
// it; the memories derived from it stay. cascade, for a user or agent
// profile, first deletes the actor's threads (with everything in them) and
// then its remaining messages and memory-like records, even when the
// profile itself is absent (the count is then 0); for other types it
// changes nothing. An image that is part of a message cannot be deleted
// alone (ErrInvalidArgument): update the message.
func (s *Store) Delete(ctx context.Context, recordType RecordType, recordID string, cascade bool) (int, error) {
	const op = "Store.Delete"
	if err := checkRecordType(op, "record_type", "delete_record", recordType); err != nil {
		return 0, err
	}
	if err := checkRequiredID(op, "record_id", "delete_record", recordID); err != nil {
		return 0, err
	}
	return s.deleteCall(ctx, op, blockDeleteRecord, deleteWire{RecordType: recordType, RecordID: recordID, Cascade: cascade})
}

// DeleteThread deletes a thread with its messages, memory-like records,
// summaries, images, the relations touching them and their retrieval rows,
// in one transaction (the seed's delete_thread). It returns 1, or 0 for an
// unknown thread.
func (s *Store) DeleteThread(ctx context.Context, threadID string) (int, error) {
	const op = "Store.DeleteThread"
	if err := checkRequiredID(op, "thread_id", "delete_thread", threadID); err != nil {
		return 0, err
	}
	return s.deleteCall(ctx, op, blockDeleteThread, deleteThreadWire{ThreadID: threadID})
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
	if s.session != nil {
		s.session.Lock()
		defer s.session.Unlock()
	}
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

// jsonAppender is a request that writes its own JSON (AddRequest and the
// batches form), skipping encoding/json's second pass over it.
type jsonAppender interface {
	appendJSON(b []byte) ([]byte, error)
}

// encodeRequest writes a request as compact JSON, without escaping <, >
// and & (the package reads them either way; escaped they take six bytes).
func encodeRequest(req any) (string, error) {
	if a, ok := req.(jsonAppender); ok {
		b, err := a.appendJSON(nil)
		return string(b), err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(req); err != nil {
		return "", err
	}
	return string(bytes.TrimRight(buf.Bytes(), "\n")), nil
}

// malformed reports a response the client cannot read.
func malformed(op string, err error) error {
	return fmt.Errorf("agentmemory: %s: malformed response from the package: %w", op, err)
}

// dimensions starts the R12 check of one call with the store's vector_dim.
func (s *Store) dimensions() *dimensions {
	return &dimensions{store: s.Info().Config.VectorDim}
}
