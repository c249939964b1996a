package integration

// Live tests of the record calls (issue 5) over the golden fixtures of
// testdata/contract/<op>/ (docs/protocol-records.md §14):
//
//   - REC01 (KEYWORD, vector_dim 4, retention 30/365) gets the dataset
//     (add_records/d1..d7, add_user/d8_user, add_agent/d9_agent, in order),
//     each checked against its response and retrieval rows;
//   - every other case runs on that dataset inside a transaction that is
//     rolled back (the fresh copy of §14), vec_* cases on an empty REC02
//     (VECTOR, vector_dim 4);
//   - accepted cases go through the Go client and are compared with the
//     response and the .chunks.json rows, volatile values by format (§14);
//   - refused cases are sent to the package as the raw fixture JSON, so the
//     package's own checks answer (the Go client would refuse some first),
//     and must raise the fixture's class with every message fragment.
//
// The stores get fresh ids (livedb.StoreID) and are dropped at the end.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/fixturecall"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

const recContractDir = "testdata/contract"

// recOps are the record operations with fixtures, in the order they run.
var recOps = []string{"add_records", "add_user", "add_agent", "get_record", "list_records", "list_thread_messages",
	"update_record", "delete_record", "delete_thread"}

// recDataset are the cases that build the dataset, in order (§14).
var recDataset = []string{"add_records/d1_threads", "add_records/d2_memories", "add_records/d3_messages",
	"add_records/d4_messages_more", "add_records/d5_image", "add_records/d6_summaries", "add_records/d7_facts",
	"add_user/d8_user", "add_agent/d9_agent"}

// The raw facade calls, for refused requests: named literally so the static
// checker can match them with the package spec.
var recRawBlocks = map[string]string{
	"add_records":          `begin :b_res := dbms_agent_memory_store.add_records(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"add_user":             `begin :b_res := dbms_agent_memory_store.add_user(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"add_agent":            `begin :b_res := dbms_agent_memory_store.add_agent(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"get_record":           `begin :b_res := dbms_agent_memory_store.get_record(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"list_records":         `begin :b_res := dbms_agent_memory_store.list_records(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"list_thread_messages": `begin :b_res := dbms_agent_memory_store.list_thread_messages(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"update_record":        `begin :b_res := dbms_agent_memory_store.update_record(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"delete_record":        `begin :b_res := dbms_agent_memory_store.delete_record(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"delete_thread":        `begin :b_res := dbms_agent_memory_store.delete_thread(p_store_id => :b_store_id, p_request => :b_request); end;`,
}

// recRawAccepted are the accepted cases the Go values cannot express (the
// unit tests list them too, goclient/records_contract_ext_test.go): they are
// sent raw, so the package is still tested on them.
var recRawAccepted = map[string]string{
	"add_records/content_null_fallback": "a memory with neither content nor metadata content: Memory.Text \"\" sends \"\"",
}

// recCase is one fixture case.
type recCase struct {
	op, name          string
	request, response []byte // response nil for a refused request
	chunks            []byte // nil without a .chunks.json
	refusal           *recRefusal
}

type recRefusal struct {
	Code            int      `json:"code"`
	Name            string   `json:"name"`
	MessageContains []string `json:"message_contains"`
}

func (c recCase) id() string { return c.op + "/" + c.name }

func recLoadCases(t *testing.T, op string) []recCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(recContractDir, op, "*.request.json"))
	require.NoError(t, err)
	require.NotEmpty(t, paths, "no fixtures for %s", op)
	var cases []recCase
	for _, p := range paths {
		base := strings.TrimSuffix(p, ".request.json")
		c := recCase{op: op, name: filepath.Base(base), request: recRead(t, p)}
		if b, err := os.ReadFile(base + ".response.json"); err == nil {
			c.response = b
		} else {
			c.refusal = &recRefusal{}
			require.NoError(t, json.Unmarshal(recRead(t, base+".error.json"), c.refusal))
		}
		if b, err := os.ReadFile(base + ".chunks.json"); err == nil {
			c.chunks = b
		}
		cases = append(cases, c)
	}
	return cases
}

func recRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// recStores are the two stores of §14 and what the dataset left behind.
type recStores struct {
	db           *sql.DB
	rec01, rec02 string
	seqNo        map[int64]int64 // k-th message of the dataset -> its seq_no
}

func recCreateStore(t *testing.T, ctx context.Context, db *sql.DB, opts agentmemory.StoreOptions) string {
	t.Helper()
	opts.MemoryStoreID = livedb.StoreID(t)
	dropAtEnd(t, db, opts.MemoryStoreID)
	_, err := agentmemory.Open(ctx, db, opts)
	require.NoError(t, err, "creating store %s", opts.MemoryStoreID)
	return opts.MemoryStoreID
}

func TestRecordsContractLive(t *testing.T) {
	db := livedb.Open(t)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Minute)
	defer cancel()
	if ok, why := oracleTextUsable(t, ctx, db); !ok {
		t.Skipf("SKIPPED: the record fixtures run on a KEYWORD store (REC01): %s", why)
	}
	st := &recStores{db: db, seqNo: map[int64]int64{}}
	st.rec01 = recCreateStore(t, ctx, db, agentmemory.StoreOptions{SchemaPolicy: agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Keyword, VectorDim: agentmemory.Some(4),
		MemoryRetentionConfig: &agentmemory.RetentionConfig{DefaultTTLDays: agentmemory.Some(30), MaxTTLDays: agentmemory.Some(365)}})
	st.rec02 = recCreateStore(t, ctx, db, agentmemory.StoreOptions{SchemaPolicy: agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Vector, VectorDim: agentmemory.Some(4)})

	all := map[string]recCase{}
	for _, op := range recOps {
		for _, c := range recLoadCases(t, op) {
			all[c.id()] = c
		}
	}
	// The dataset, committed: every later case sees it.
	rec01, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: st.rec01})
	require.NoError(t, err)
	for _, id := range recDataset {
		c, ok := all[id]
		require.True(t, ok, "dataset case %s", id)
		ok = t.Run("dataset/"+id, func(t *testing.T) { st.runAccepted(t, ctx, db, rec01, c) })
		require.True(t, ok, "the dataset must load for the other cases to mean anything")
		delete(all, id)
	}
	msgs, err := rec01.ListThreadMessages(ctx, agentmemory.ListThreadMessagesRequest{ThreadID: "t1"})
	require.NoError(t, err)
	require.Len(t, msgs, 5, "msg1..msg5 in t1")
	for k, m := range msgs {
		require.Equal(t, fmt.Sprintf("msg%d", k+1), m.ID, "messages in insertion order")
		st.seqNo[int64(k+1)] = m.SeqNo
	}

	ids := make([]string, 0, len(all))
	for id := range all {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		c := all[id]
		t.Run(id, func(t *testing.T) {
			store := st.rec01
			if strings.HasPrefix(c.name, "vec_") {
				store = st.rec02
			}
			tx, err := db.BeginTx(ctx, nil)
			require.NoError(t, err)
			defer func() { _ = tx.Rollback() }() // a fresh copy of the dataset for the next case
			if c.refusal != nil {
				st.runRefused(t, ctx, tx, store, c)
				return
			}
			s, err := agentmemory.Open(ctx, tx, agentmemory.StoreOptions{MemoryStoreID: store})
			require.NoError(t, err)
			st.runAccepted(t, ctx, tx, s, c)
		})
	}
}

// runRefused sends the fixture's request as is and checks the package's
// error: its class and every fragment of its message.
func (st *recStores) runRefused(t *testing.T, ctx context.Context, tx *sql.Tx, store string, c recCase) {
	var res string
	_, err := tx.ExecContext(ctx, recRawBlocks[c.op], sql.Named("b_res", livedb.StringOut(&res)),
		sql.Named("b_store_id", store), sql.Named("b_request", string(c.request)))
	assertRawRefusal(t, err, c.refusal, store)
}

// assertRawRefusal checks the package's answer to a raw request the
// contract refuses: an Oracle error with the refusal's code, whose first
// message line starts with its class and holds every fragment, and never
// names the store.
func assertRawRefusal(t *testing.T, err error, r *recRefusal, store string) {
	t.Helper()
	require.Error(t, err, "the package accepts a request the contract refuses")
	oe, ok := livedb.AsOraErr(err)
	require.True(t, ok, "not an Oracle error: %v", err)
	assert.Equal(t, -r.Code, oe.Code(), "class %s; message: %s", r.Name, oe.Message())
	msg := strings.SplitN(oe.Message(), "\n", 2)[0]
	assert.True(t, strings.HasPrefix(msg, r.Name+": "), "the message starts with the class: %s", msg)
	for _, frag := range r.MessageContains {
		assert.Contains(t, msg, frag)
	}
	assert.NotContains(t, msg, strings.ToUpper(store), "messages never name the store")
}

// runAccepted runs the case through the Go client and compares the result
// and the retrieval rows with the fixtures.
func (st *recStores) runAccepted(t *testing.T, ctx context.Context, h agentmemory.DBTX, s *agentmemory.Store, c recCase) {
	got, err := st.call(ctx, s, c)
	if _, raw := recRawAccepted[c.id()]; raw {
		// The Go values cannot express it: the package answers the raw request.
		var res string
		_, err = h.ExecContext(ctx, recRawBlocks[c.op], sql.Named("b_res", livedb.StringOut(&res)),
			sql.Named("b_store_id", s.ID()), sql.Named("b_request", string(c.request)))
		got = []byte(res)
	}
	require.NoError(t, err)
	var want, have any
	require.NoError(t, json.Unmarshal(c.response, &want))
	require.NoError(t, json.Unmarshal(got, &have))
	st.normalize(t, c, want, have)
	assert.Equal(t, want, have, "response")
	if c.chunks != nil {
		st.checkChunks(t, ctx, h, s, c)
	}
}

// call runs the client method the case's op maps to, with the Go values
// a caller writes (fixturecall, shared with the unit tests), and returns its
// result as the response JSON.
func (st *recStores) call(ctx context.Context, s *agentmemory.Store, c recCase) ([]byte, error) {
	// Bounds name the k-th message of the dataset (§14).
	return fixturecall.Call(ctx, s, c.op, c.request, func(k int64) int64 { return st.seqNo[k] })
}

var (
	recTimeFormat = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$`)
	recGenerated  = regexp.MustCompile(`^[0-9a-f]{32}$`)
)

// normalize replaces in have the values §14 compares by format, once
// checked: written times, generated ids and seq_no.
func (st *recStores) normalize(t *testing.T, c recCase, want, have any) {
	t.Helper()
	if c.id() == "add_records/generated_ids" {
		w, h := want.(map[string]any), have.(map[string]any)
		ids, _ := h["ids"].([]any)
		require.Len(t, ids, 2)
		for _, id := range ids {
			assert.Regexp(t, recGenerated, id, "generated ids are 32 lower-case hex characters")
		}
		h["ids"] = w["ids"]
		return
	}
	w, ok1 := want.(map[string]any)
	h, ok2 := have.(map[string]any)
	if !ok1 || !ok2 {
		return
	}
	var wrecs, hrecs []any
	if r, ok := w["record"].(map[string]any); ok {
		wrecs, hrecs = []any{r}, []any{h["record"]}
	}
	if rs, ok := w["records"].([]any); ok {
		wrecs = rs
		hrecs, _ = h["records"].([]any)
	}
	for i := range min(len(wrecs), len(hrecs)) {
		wr, _ := wrecs[i].(map[string]any)
		hr, _ := hrecs[i].(map[string]any)
		if wr != nil && hr != nil {
			st.normalizeRecord(t, wr, hr)
		}
	}
}

// normalizeRecord checks and replaces the volatile values of one record.
func (st *recStores) normalizeRecord(t *testing.T, want, have map[string]any) {
	t.Helper()
	created, _ := have["created_at"].(string)
	updated, _ := have["updated_at"].(string)
	assert.Regexp(t, recTimeFormat, created)
	assert.Regexp(t, recTimeFormat, updated)
	assert.LessOrEqual(t, created, updated, "updated_at >= created_at")
	if want["event_timestamp"] == nil {
		assert.Equal(t, created, have["timestamp"], "without an event timestamp the effective one is created_at")
		have["timestamp"] = want["timestamp"]
	}
	if we, ok := want["expires_at"].(string); ok && have["expires_at"] != we {
		he, _ := have["expires_at"].(string)
		wc, _ := want["created_at"].(string)
		if recSpan(he, created) == recSpan(we, wc) {
			have["expires_at"] = we // created_at + days, as in the fixture
		}
	}
	have["created_at"], have["updated_at"] = want["created_at"], want["updated_at"]
	if k, ok := want["seq_no"].(float64); ok {
		assert.Equal(t, float64(st.seqNo[int64(k)]), have["seq_no"], "seq_no of the %v-th message", k)
		have["seq_no"] = k
	}
}

// recSpan is to - from for two response timestamps.
func recSpan(to, from string) time.Duration {
	a, err1 := time.Parse(time.RFC3339Nano, to)
	b, err2 := time.Parse(time.RFC3339Nano, from)
	if err1 != nil || err2 != nil {
		return -1
	}
	return a.Sub(b)
}

// recChunkRow is one RECORD_CHUNKS row as the fixtures write it.
type recChunkRow struct {
	SourceType string    `json:"source_type"`
	SourceID   string    `json:"source_id"`
	ChunkSeq   int       `json:"chunk_seq"`
	ChunkText  *string   `json:"chunk_text"`
	Embedding  []float64 `json:"embedding"`
	ThreadID   *string   `json:"thread_id"`
	UserID     *string   `json:"user_id"`
	AgentID    *string   `json:"agent_id"`
	Status     string    `json:"status"`
	ExpiresAt  *string   `json:"expires_at"`
}

var recStoreID = regexp.MustCompile(`^[A-Z][A-Z0-9_]{0,15}$`)

// checkChunks compares the retrieval rows of the fixture's sources with
// .chunks.json: exactly those rows, in order, vectors within 1e-6 (FLOAT32),
// expiry exact or as the record's created_at + the fixture's days.
func (st *recStores) checkChunks(t *testing.T, ctx context.Context, h agentmemory.DBTX, s *agentmemory.Store, c recCase) {
	t.Helper()
	var want struct {
		Sources []struct {
			SourceType string `json:"source_type"`
			SourceID   string `json:"source_id"`
		} `json:"sources"`
		Rows []recChunkRow `json:"rows"`
	}
	require.NoError(t, json.Unmarshal(c.chunks, &want))
	require.Regexp(t, recStoreID, s.ID())
	// The table name comes from a checked store id: no user input.
	rows, err := h.QueryContext(ctx, `select source_type, source_id, chunk_seq, chunk_text, from_vector(embedding), thread_id, user_id, agent_id, status,
 to_char(sys_extract_utc(expires_at), 'YYYY-MM-DD"T"HH24:MI:SS.FF6"Z"')
 from `+s.ID()+`_RECORD_CHUNKS order by source_type, source_id, chunk_seq`)
	require.NoError(t, err)
	defer rows.Close()
	sources := map[string]bool{}
	for _, src := range want.Sources {
		sources[src.SourceType+"/"+src.SourceID] = true
	}
	var have []recChunkRow
	for rows.Next() {
		var r recChunkRow
		var text, vec, thread, user, agent, expires sql.NullString
		require.NoError(t, rows.Scan(&r.SourceType, &r.SourceID, &r.ChunkSeq, &text, &vec, &thread, &user, &agent, &r.Status, &expires))
		if !sources[r.SourceType+"/"+r.SourceID] {
			continue
		}
		r.ChunkText, r.ThreadID, r.UserID, r.AgentID, r.ExpiresAt = recNull(text), recNull(thread), recNull(user), recNull(agent), recNull(expires)
		if vec.Valid {
			require.NoError(t, json.Unmarshal([]byte(vec.String), &r.Embedding), "FROM_VECTOR text %q", vec.String)
		}
		have = append(have, r)
	}
	require.NoError(t, rows.Err())
	require.Len(t, have, len(want.Rows), "retrieval rows of %v", want.Sources)
	for i := range have {
		w, g := want.Rows[i], have[i]
		if len(w.Embedding) == len(g.Embedding) {
			for j := range w.Embedding {
				if math.Abs(w.Embedding[j]-g.Embedding[j]) < 1e-6 {
					g.Embedding[j] = w.Embedding[j]
				}
			}
		}
		if w.ExpiresAt != nil && g.ExpiresAt != nil && *w.ExpiresAt != *g.ExpiresAt {
			rec, err := s.Get(ctx, agentmemory.RecordType(g.SourceType), g.SourceID)
			if !errors.Is(err, agentmemory.ErrNotFound) {
				require.NoError(t, err)
				created := rec.Common().CreatedAt.UTC().Format("2006-01-02T15:04:05.000000Z")
				if recSpan(*g.ExpiresAt, created) == recSpan(*w.ExpiresAt, "2026-11-30T10:00:00.000000Z") {
					g.ExpiresAt = w.ExpiresAt
				}
			}
		}
		assert.Equal(t, w, g, "row %d", i)
	}
}

func recNull(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

// TestRecordsClientRefusalsLive checks that the errors the client raises
// before calling the package are those the package raises: for every
// refused fixture the client refuses, the package refuses it too, with the
// same class.
func TestRecordsClientRefusalsLive(t *testing.T) {
	db := livedb.Open(t)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	store := recCreateStore(t, ctx, db, agentmemory.StoreOptions{SchemaPolicy: agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Vector, VectorDim: agentmemory.Some(4)})
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: store})
	require.NoError(t, err)
	st := &recStores{db: db, seqNo: map[int64]int64{}}
	for _, op := range recOps {
		for _, c := range recLoadCases(t, op) {
			if c.refusal == nil {
				continue
			}
			t.Run(c.id(), func(t *testing.T) {
				_, err := st.call(ctx, s, c)
				var e *agentmemory.Error
				if !errors.As(err, &e) || e.Err != nil {
					t.Skip("not refused by the client first (or not expressible in Go): covered by TestRecordsContractLive")
				}
				tx, err := db.BeginTx(ctx, nil)
				require.NoError(t, err)
				defer func() { _ = tx.Rollback() }()
				var res string
				_, err = tx.ExecContext(ctx, recRawBlocks[c.op], sql.Named("b_res", livedb.StringOut(&res)),
					sql.Named("b_store_id", store), sql.Named("b_request", string(c.request)))
				require.Error(t, err)
				oe, ok := livedb.AsOraErr(err)
				require.True(t, ok, "%v", err)
				assert.Equal(t, e.Code, oe.Code(), "client %q, package %q", e.Message, oe.Message())
			})
		}
	}
}

// BenchmarkRecordsLive measures, on a VECTOR store of dimension 384: adding
// memories with one vector each in batches of 1000 (records/s; 10,000 per
// iteration), List of the newest 1000, and Get of one record. Without
// ORACLE_DSN it skips.
func BenchmarkRecordsLive(b *testing.B) {
	db := livedb.Open(b)
	ctx := context.Background()
	id := livedb.StoreID(b)
	b.Cleanup(func() {
		if err := agentmemory.DropStore(context.Background(), db, id); err != nil && !errors.Is(err, agentmemory.ErrNotFound) {
			b.Errorf("cleanup: dropping store %s: %v", id, err)
		}
	})
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: id, SchemaPolicy: agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Vector, VectorDim: agentmemory.Some(384)})
	if err != nil {
		b.Fatal(err)
	}
	const perIteration, batch = 10000, 1000
	next := 0
	addAll := func(b *testing.B) {
		for start := 0; start < perIteration; start += batch {
			texts := make([]string, batch)
			vecs := make([]agentmemory.Embedding, batch)
			for i := range batch {
				texts[i] = fmt.Sprintf("memory %d: the user prefers window seats and vegetarian meals", next)
				v := make([]float32, 384)
				for j := range v {
					v[j] = float32((next*31+j*7)%101)/101 + 0.001
				}
				vecs[i] = agentmemory.SingleVector(v)
				next++
			}
			mems := make([]agentmemory.Memory, len(texts))
			for i := range texts {
				mems[i] = agentmemory.Memory{Text: texts[i], UserID: "u1", Embedding: vecs[i]}
			}
			if _, err := s.AddMemories(ctx, mems); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("add_10000_dim384", func(b *testing.B) {
		start := time.Now()
		n := 0
		for b.Loop() {
			addAll(b)
			n += perIteration
		}
		b.ReportMetric(float64(n)/time.Since(start).Seconds(), "records/s")
	})
	if next == 0 {
		addAll(b)
	}
	b.Run("list_1000", func(b *testing.B) {
		for b.Loop() {
			recs, err := s.List(ctx, agentmemory.ListRequest{RecordType: agentmemory.RecordTypeMemory, UserID: agentmemory.Some("u1")})
			if err != nil || len(recs) != 1000 {
				b.Fatal(err, len(recs))
			}
		}
	})
	recs, err := s.List(ctx, agentmemory.ListRequest{RecordType: agentmemory.RecordTypeMemory, Limit: agentmemory.Some(1)})
	if err != nil || len(recs) != 1 {
		b.Fatal(err)
	}
	target := recs[0].RecordID()
	b.Run("get", func(b *testing.B) {
		for b.Loop() {
			rec, err := s.Get(ctx, agentmemory.RecordTypeMemory, target)
			if err != nil || rec == nil {
				b.Fatal(err)
			}
		}
	})
}
