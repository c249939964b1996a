package agentmemory

// How the record calls talk to the database: one transaction per call (none
// inside a caller's *sql.Tx), binds, large requests, serialization on one
// session, operation names in errors, and responses the client cannot read.

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRecordCallTransactionAndBinds(t *testing.T) {
	f, s := testStore("rec", answer(`{"ids":["m1"],"warnings":[]}`))
	s.owner = "OTHER"
	_, err := s.AddMemory(t.Context(), Memory{Text: "a"})
	require.NoError(t, err)
	assert.Equal(t, []string{"prepare add_records", "exec add_records", "autocommit"}, f.Events())
	c := f.Calls()[0]
	assert.Equal(t, "REC01", c.Args["b_store_id"])
	assert.Equal(t, "OTHER", c.Args["b_schema_owner"])
	assert.Contains(t, c.SQL, "dbms_agent_memory_store.add_records(p_store_id => :b_store_id, p_request => :b_request, p_schema_owner => :b_schema_owner)")
}

func TestRecordCallRollsBackOnError(t *testing.T) {
	f, s := testStore("rec", func(fakeCall) (string, error) {
		return "", fakeOraErr{20102, "DUPLICATE_ID: record_ids[0] 'm1' already exists as a memory record; use another id, or update_record\n" +
			`ORA-06512: at "APP.AGENTMEM_RECORDS", line 10`}
	})
	_, err := s.AddMemory(t.Context(), Memory{ID: "m1", Text: "a"})
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrDuplicateID))
	var e *Error
	require.True(t, errors.As(err, &e))
	assert.Equal(t, "Store.AddMemory", e.Op)
	assert.Equal(t, "DUPLICATE_ID: record_ids[0] 'm1' already exists as a memory record; use another id, or update_record", e.Message)
	assert.Equal(t, []string{"prepare add_records", "exec add_records"}, f.Events())
}

func TestRecordCallInsideCallerTransaction(t *testing.T) {
	f, db := newFakeDB(answer(`{"deleted":1}`))
	tx, err := db.BeginTx(t.Context(), nil)
	require.NoError(t, err)
	s := &Store{db: tx, session: new(sync.Mutex), result: StoreResult{Store: StoreInfo{MemoryStoreID: "REC01"}}}
	n, err := s.DeleteThread(t.Context(), "t1")
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Equal(t, []string{"begin", "prepare delete_thread", "exec delete_thread"}, f.Events(), "the caller's transaction is not committed")
	require.NoError(t, tx.Rollback())
}

func TestRecordCallsSerializedOnOneSession(t *testing.T) {
	_, db := newFakeDB(answer(`{"records":[]}`))
	conn, err := db.Conn(t.Context())
	require.NoError(t, err)
	defer conn.Close()
	s := &Store{db: conn, session: new(sync.Mutex), result: StoreResult{Store: StoreInfo{MemoryStoreID: "REC01"}}}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			_, err := s.List(t.Context(), ListRequest{RecordType: RecordTypeMemory})
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		assert.NoError(t, err, "the fake refuses a second transaction on a session: calls must not overlap")
	}
}

func TestLargeAddIsBoundAsLOB(t *testing.T) {
	f, s := testStore("rec", answer(`{"ids":[],"warnings":[]}`))
	_, err := s.AddMemory(t.Context(), Memory{Text: strings.Repeat("x", 40000)})
	require.NoError(t, err)
	_, isString := f.Calls()[0].Args["b_request"].(string)
	assert.False(t, isString, "a request above 32767 bytes travels as a temporary CLOB")
}

func TestLargeListResponseIsReadFromLOB(t *testing.T) {
	text := benchListResponse(100)
	require.Greater(t, len(text), smallResponseChars)
	_, s := testStore("rec", answer(text))
	recs, err := s.List(t.Context(), ListRequest{RecordType: RecordTypeMemory, Limit: None[int]()})
	require.NoError(t, err)
	assert.Len(t, recs, 100)
	assert.Equal(t, "m000099", recs[99].RecordID())
}

func TestRecordResponsesTheClientCannotRead(t *testing.T) {
	cases := []struct {
		name, response string
		call           func(*Store) error
	}{
		{"get: unknown record type", `{"record":{"record_type":"note","id":"n1"}}`, func(s *Store) error {
			_, err := s.Get(t.Context(), RecordTypeMemory, "n1")
			return err
		}},
		{"list: bad record", `{"records":[{"record_type":"memory","id":"m","content":{"x":1}}]}`, func(s *Store) error {
			_, err := s.List(t.Context(), ListRequest{RecordType: RecordTypeMemory})
			return err
		}},
		{"thread messages: not a message", `{"records":[{"record_type":"memory","id":"m","content":"x"}]}`, func(s *Store) error {
			_, err := s.ListThreadMessages(t.Context(), ListThreadMessagesRequest{ThreadID: "t1"})
			return err
		}},
		{"delete: no count", `{}`, func(s *Store) error { _, err := s.Delete(t.Context(), RecordTypeMemory, "m1"); return err }},
		{"add: not JSON", `ids: m1`, func(s *Store) error { _, err := s.AddMemory(t.Context(), Memory{Text: "a"}); return err }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, s := testStore("rec", answer(c.response))
			err := c.call(s)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "malformed response from the package")
			assert.Equal(t, "autocommit", f.Events()[len(f.Events())-1], "the call committed with its round trip; the error reports what the client could not read")
		})
	}
}

func TestGetAndDeleteResults(t *testing.T) {
	_, s := testStore("rec", answer(`{"record":null}`))
	rec, err := s.Get(t.Context(), RecordTypeFact, "m1")
	require.Error(t, err)
	assert.Nil(t, rec)
	assert.ErrorIs(t, err, ErrNotFound, "a missing record is ErrNotFound, never nil, nil")
	assert.NotErrorIs(t, err, ErrInvalidArgument)
	assert.Contains(t, err.Error(), `fact record "m1"`)

	_, s = testStore("rec", answer(`{"deleted":0}`))
	n, err := s.Delete(t.Context(), RecordTypeUserProfile, "u9", DeleteOptions{Cascade: true})
	require.NoError(t, err)
	assert.Zero(t, n)
}

func TestGetOptionsAndDeleteOptionsAreSent(t *testing.T) {
	f, s := testStore("rec", answer(`{"record":{"record_type":"image","id":"i1","content":null}}`))
	_, _ = s.Get(t.Context(), RecordTypeImage, "i1", GetOptions{IncludeBytes: true})
	assert.JSONEq(t, `{"record_type":"image","record_id":"i1","include_bytes":true}`, f.Calls()[0].Args["b_request"].(string))

	f, s = testStore("rec", answer(`{"deleted":1}`))
	_, err := s.Delete(t.Context(), RecordTypeUserProfile, "u1", DeleteOptions{Cascade: true})
	require.NoError(t, err)
	assert.JSONEq(t, `{"record_type":"user_profile","record_id":"u1","cascade":true}`, f.Calls()[0].Args["b_request"].(string))
}

func TestWithTxRunsInTheCallersTransaction(t *testing.T) {
	f, db := newFakeDB(answer(`{"ids":["m1"],"warnings":[]}`))
	s := &Store{db: db, result: StoreResult{Store: StoreInfo{MemoryStoreID: "REC01"}}}
	tx, err := db.BeginTx(t.Context(), nil)
	require.NoError(t, err)
	txs := s.WithTx(tx)
	_, err = txs.AddMemory(t.Context(), Memory{Text: "a"})
	require.NoError(t, err)
	require.NoError(t, tx.Commit())
	assert.Equal(t, []string{"begin", "prepare add_records", "exec add_records", "commit"}, f.Events(),
		"no open_store round trip, no commit of the client's: the caller's Commit decides")
	assert.Same(t, db, s.db, "the original Store is unchanged")
	assert.Equal(t, "REC01", txs.ID())
}
