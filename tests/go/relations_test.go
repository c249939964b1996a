package integration

// Live tests of the relation calls (issue 11) over the golden fixtures of
// testdata/contract/<op>/ (docs/protocol-relations.md §11), twice: through
// plain database/sql calls of the facade (TestRelationFixturesLive, every
// fixture as written), and through the Go client (TestRelationFixturesGoLive:
// fixturecall turns each request into Go values, shared with the unit tests;
// refused requests the Go values cannot carry are left to the raw run):
//
//   - a fresh store (livedb.StoreID, KEYWORD, vector_dim 4) gets memories
//     m1..m5 and fact f1, then the data set add_relations/d1_relations,
//     committed;
//   - every other case runs on it inside a transaction that is rolled back:
//     accepted cases compare the response (created_at/updated_at by format,
//     generated 32-hex ids by pattern), refused cases the class and every
//     message fragment;
//   - the lifecycle transitions of §8 run on the same store, rolled back.
//
// Without ORACLE_DSN the tests skip.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/fixturecall"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// relOps are the relation operations with fixtures, in the order they run.
var relOps = []string{"add_relations", "get_relation", "list_relations", "update_relations", "delete_relations"}

// The facade calls, named literally so the static checker can match them
// with the package spec.
var relBlocks = map[string]string{
	"add_relations":    `begin :b_res := dbms_agent_memory_store.add_relations(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"get_relation":     `begin :b_res := dbms_agent_memory_store.get_relation(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"list_relations":   `begin :b_res := dbms_agent_memory_store.list_relations(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"update_relations": `begin :b_res := dbms_agent_memory_store.update_relations(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"delete_relations": `begin :b_res := dbms_agent_memory_store.delete_relations(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"add_records":      `begin :b_res := dbms_agent_memory_store.add_records(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"get_record":       `begin :b_res := dbms_agent_memory_store.get_record(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"update_record":    `begin :b_res := dbms_agent_memory_store.update_record(p_store_id => :b_store_id, p_request => :b_request); end;`,
	"delete_record":    `begin :b_res := dbms_agent_memory_store.delete_record(p_store_id => :b_store_id, p_request => :b_request); end;`,
}

const (
	relOpenBlock = `begin :b_res := dbms_agent_memory_store.open_store(p_request => :b_request); end;`
	relDropBlock = `begin dbms_agent_memory_store.drop_store(p_store_id => :b_store_id); end;`
	relDataset   = "add_relations/d1_relations"
)

var (
	relUTC       = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$`)
	relGenerated = regexp.MustCompile(`^[0-9a-f]{32}$`)
	// relEntryIndex is the [i] of a list entry in a message path.
	relEntryIndex = regexp.MustCompile(`\[\d+\]`)
)

// relCase is one fixture case: its request and either response or refusal.
type relCase struct {
	op, name string
	request  json.RawMessage
	response json.RawMessage
	refusal  *recRefusal
}

func (c relCase) id() string { return c.op + "/" + c.name }

// loadRelCases reads every relation fixture, ops in relOps order, names sorted.
func loadRelCases(t *testing.T) []relCase {
	t.Helper()
	return loadOpCases(t, relOps)
}

// loadOpCases reads every fixture of ops (request plus response or error),
// ops in the order given, names sorted.
func loadOpCases(t *testing.T, ops []string) []relCase {
	t.Helper()
	var cases []relCase
	for _, op := range ops {
		paths, err := filepath.Glob(filepath.Join(recContractDir, op, "*.request.json"))
		require.NoError(t, err)
		sort.Strings(paths)
		for _, p := range paths {
			c := relCase{op: op, name: strings.TrimSuffix(filepath.Base(p), ".request.json")}
			c.request, err = os.ReadFile(p)
			require.NoError(t, err)
			base := strings.TrimSuffix(p, ".request.json")
			if b, err := os.ReadFile(base + ".response.json"); err == nil {
				c.response = b
			}
			if b, err := os.ReadFile(base + ".error.json"); err == nil {
				require.NoError(t, json.Unmarshal(b, &c.refusal), base)
			}
			require.True(t, (c.response == nil) != (c.refusal == nil), "%s: exactly one of response and error", c.id())
			cases = append(cases, c)
		}
	}
	require.NotEmpty(t, cases)
	return cases
}

// relExec is an ExecContext of a *sql.DB or *sql.Tx.
type relExec interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// relCall runs a facade function of relBlocks and returns its response.
func relCall(ctx context.Context, h relExec, op, store, request string) (string, error) {
	return facadeCall(ctx, h, relBlocks[op], store, request)
}

// facadeCall runs one "begin :b_res := f(:b_store_id, :b_request); end;"
// block of the facade and returns its response.
func facadeCall(ctx context.Context, h relExec, block, store, request string) (string, error) {
	var res string
	_, err := h.ExecContext(ctx, block, sql.Named("b_res", livedb.StringOut(&res)),
		sql.Named("b_store_id", store), sql.Named("b_request", request))
	return res, err
}

// relNormalize replaces created_at/updated_at (checked for the format when
// actual) and generated ids at any depth, as §11 says.
func relNormalize(t *testing.T, v any, actual bool) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			if k == "created_at" || k == "updated_at" {
				if actual {
					s, _ := e.(string)
					assert.Regexp(t, relUTC, s, k)
				}
				out[k] = "timestamp"
				continue
			}
			out[k] = relNormalize(t, e, actual)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = relNormalize(t, e, actual)
		}
		return out
	case string:
		if relGenerated.MatchString(x) {
			return "generated"
		}
	}
	return v
}

// relStore creates the fixture store with its records and the data set,
// committed, and drops it when the test ends.
func relStore(t *testing.T, ctx context.Context, db *sql.DB, cases []relCase) string {
	t.Helper()
	store := livedb.StoreID(t)
	var res string
	_, err := db.ExecContext(ctx, relOpenBlock, sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_request",
		`{"memory_store_id": "`+store+`", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "KEYWORD", "vector_dim": 4}`))
	require.NoError(t, err)
	t.Cleanup(func() {
		if _, err := db.ExecContext(context.Background(), relDropBlock, sql.Named("b_store_id", store)); err != nil {
			t.Errorf("cleanup: dropping store %s: %v", store, err)
		}
	})
	for _, req := range []string{
		`{"record_type": "memory", "contents": ["one", "two", "three", "four", "five"], "record_ids": ["m1", "m2", "m3", "m4", "m5"], "user_ids": "u1"}`,
		`{"record_type": "fact", "contents": ["fact one"], "record_ids": ["f1"], "user_ids": "u1"}`,
	} {
		_, err := relCall(ctx, db, "add_records", store, req)
		require.NoError(t, err)
	}
	for _, c := range cases {
		if c.id() == relDataset {
			got, err := relCall(ctx, db, c.op, store, string(c.request))
			require.NoError(t, err)
			assert.JSONEq(t, string(c.response), got, relDataset)
			return store
		}
	}
	t.Fatalf("no fixture %s", relDataset)
	return ""
}

// eachRelFixture runs check as a subtest for every relation fixture but the
// data set's, in a transaction rolled back when the subtest ends.
func eachRelFixture(t *testing.T, ctx context.Context, db *sql.DB, cases []relCase,
	check func(t *testing.T, tx *sql.Tx, c relCase)) {
	t.Helper()
	for _, c := range cases {
		if c.id() == relDataset {
			continue
		}
		t.Run(c.id(), func(t *testing.T) {
			tx, err := db.BeginTx(ctx, nil)
			require.NoError(t, err)
			defer func() { _ = tx.Rollback() }()
			check(t, tx, c)
		})
	}
}

// assertRelResponse compares a result with the fixture's response, both
// normalized (generated ids and times by shape).
func assertRelResponse(t *testing.T, c relCase, got []byte) {
	t.Helper()
	var want, have any
	require.NoError(t, json.Unmarshal(c.response, &want))
	require.NoError(t, json.Unmarshal(got, &have))
	assert.Equal(t, relNormalize(t, want, false), relNormalize(t, have, true), "response")
}

func TestRelationFixturesLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := context.Background()
	cases := loadRelCases(t)
	store := relStore(t, ctx, db, cases)
	eachRelFixture(t, ctx, db, cases, func(t *testing.T, tx *sql.Tx, c relCase) {
		got, err := relCall(ctx, tx, c.op, store, string(c.request))
		if c.refusal != nil {
			assertRawRefusal(t, err, c.refusal, store)
			return
		}
		require.NoError(t, err)
		assertRelResponse(t, c, []byte(got))
	})
}

// relStatus is the status of memory id in store, read with get_record.
func relStatus(t *testing.T, ctx context.Context, h relExec, store, id string) string {
	t.Helper()
	got, err := relCall(ctx, h, "get_record", store, `{"record_type": "memory", "record_id": "`+id+`"}`)
	require.NoError(t, err)
	var res struct {
		Record struct {
			Status string `json:"status"`
		} `json:"record"`
	}
	require.NoError(t, json.Unmarshal([]byte(got), &res))
	return res.Record.Status
}

// TestRelationLifecycleLive follows §8 on the data set: r2 (m3 supersedes
// m2) makes m2 INVALID; the transitions of L23-L27 inside one transaction.
func TestRelationLifecycleLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := context.Background()
	store := relStore(t, ctx, db, loadRelCases(t))
	tx, err := db.BeginTx(ctx, nil)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback() }()
	call := func(op, req string) {
		t.Helper()
		_, err := relCall(ctx, tx, op, store, req)
		require.NoError(t, err, "%s %s", op, req)
	}

	assert.Equal(t, "INVALID", relStatus(t, ctx, tx, store, "m2"), "L24: the target of r2 (supersedes)")
	assert.Equal(t, "VALID", relStatus(t, ctx, tx, store, "m4"), "r3 is a custom type")
	call("update_relations", `{"relation_ids": "r2", "relation_types": "supports"}`)
	assert.Equal(t, "VALID", relStatus(t, ctx, tx, store, "m2"), "L27: the last lifecycle link changed type")
	call("update_relations", `{"relation_ids": "r3", "relation_types": "duplicates"}`)
	assert.Equal(t, "INVALID", relStatus(t, ctx, tx, store, "m4"), "L28: update to a lifecycle type")
	call("update_record", `{"record_type": "memory", "record_id": "m4", "status": "INVALID"}`)
	call("delete_relations", `{"relation_ids": "r3"}`)
	assert.Equal(t, "INVALID", relStatus(t, ctx, tx, store, "m4"), "L25: an explicit INVALID stays")
	call("add_relations", `{"source_record_ids": "m5", "source_record_types": "memory", "target_record_ids": "m1", "target_record_types": "memory", "relation_types": "refines"}`)
	assert.Equal(t, "INVALID", relStatus(t, ctx, tx, store, "m1"))
	call("update_record", `{"record_type": "memory", "record_id": "m1", "status": "VALID"}`)
	assert.Equal(t, "INVALID", relStatus(t, ctx, tx, store, "m1"), "L26: the link wins while it exists")
	call("delete_record", `{"record_type": "memory", "record_id": "m5"}`)
	assert.Equal(t, "VALID", relStatus(t, ctx, tx, store, "m1"), "L27: the source was deleted")
}

// TestRelationFixturesGoLive runs every relation fixture through the Go
// client's Store methods (fixturecall), each in a transaction rolled back
// (Store.WithTx): accepted cases compare the result encoded as the
// package's response, refused cases the sentinel, class and fragments.
func TestRelationFixturesGoLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := context.Background()
	cases := loadRelCases(t)
	store := relStore(t, ctx, db, cases)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: store})
	require.NoError(t, err)
	viaGo := 0
	eachRelFixture(t, ctx, db, cases, func(t *testing.T, tx *sql.Tx, c relCase) {
		got, err := fixturecall.Call(ctx, s.WithTx(tx), c.op, c.request, nil)
		if errors.Is(err, fixturecall.ErrUnexpressible) {
			require.NotNil(t, c.refusal, "every accepted relation fixture is expressible in Go: %v", err)
			t.Logf("raw run only: %v", err)
			return
		}
		viaGo++
		if c.refusal != nil {
			var ae *agentmemory.Error
			require.True(t, errors.As(err, &ae), "want %s, got %v", c.refusal.Name, err)
			assert.Equal(t, -c.refusal.Code, ae.Code, "class %s; message: %s", c.refusal.Name, ae.Message)
			assert.Equal(t, c.refusal.Name, ae.Name)
			// The client sends lists where a fixture has single values,
			// and the package names a list entry key[i] (AGENTMEM_RELATION
			// path): fragments compare with entry indexes aside; the raw
			// run checks them as written.
			msg := relEntryIndex.ReplaceAllString(ae.Message, "")
			for _, frag := range c.refusal.MessageContains {
				assert.Contains(t, msg, relEntryIndex.ReplaceAllString(frag, ""))
			}
			return
		}
		require.NoError(t, err)
		assertRelResponse(t, c, got)
	})
	assert.Greater(t, viaGo, 35, "most fixtures went through the Go API")
}

// TestRelationLifecycleGoLive follows TestRelationLifecycleLive through the
// Go client: the same transitions, the statuses read with Store.Get.
func TestRelationLifecycleGoLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := context.Background()
	store := relStore(t, ctx, db, loadRelCases(t))
	tx, err := db.BeginTx(ctx, nil)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback() }()
	opened, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: store})
	require.NoError(t, err)
	s := opened.WithTx(tx)
	status := func(id string) agentmemory.RecordStatus {
		t.Helper()
		rec, err := s.Get(ctx, agentmemory.RecordTypeMemory, id)
		require.NoError(t, err)
		return rec.Common().Status
	}
	mem := func(id string) agentmemory.RecordRef {
		return agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: id}
	}

	rel, err := s.GetRelation(ctx, "r2")
	require.NoError(t, err)
	assert.Equal(t, agentmemory.RelationKey{Source: mem("m3"), Target: mem("m2"), Type: agentmemory.RelationSupersedes}, rel.Key())
	assert.Equal(t, agentmemory.RecordInvalid, status("m2"), "L24: the target of r2 (supersedes)")
	_, err = s.FindRelation(ctx, agentmemory.RelationKey{Source: mem("m2"), Target: mem("m3"), Type: agentmemory.RelationSupersedes})
	assert.ErrorIs(t, err, agentmemory.ErrNotFound, "L16: the other orientation is not found")

	res, err := s.UpdateRelations(ctx, agentmemory.RelationUpdate{ID: "r2", Type: agentmemory.RelationSupports})
	require.NoError(t, err)
	assert.Equal(t, 1, res.Updated)
	assert.Equal(t, agentmemory.RecordValid, status("m2"), "L27: the last lifecycle link changed type")
	_, err = s.UpdateRelations(ctx, agentmemory.RelationUpdate{ID: "r3", Type: agentmemory.RelationDuplicates})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.RecordInvalid, status("m4"), "L28: update to a lifecycle type")
	_, err = s.Update(ctx, agentmemory.UpdateRequest{RecordType: agentmemory.RecordTypeMemory, RecordID: "m4", Status: agentmemory.RecordInvalid})
	require.NoError(t, err)
	n, err := s.DeleteRelations(ctx, "r3")
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Equal(t, agentmemory.RecordInvalid, status("m4"), "L25: an explicit INVALID stays")

	ids, err := s.AddRelations(ctx, agentmemory.Relation{Source: mem("m5"), Target: mem("m1"), Type: agentmemory.RelationRefines})
	require.NoError(t, err)
	require.Len(t, ids, 1)
	assert.Regexp(t, relGenerated, ids[0])
	assert.Equal(t, agentmemory.RecordInvalid, status("m1"))
	_, err = s.AddRelations(ctx, agentmemory.Relation{Source: mem("m1"), Target: mem("m5"), Type: "follows"})
	assert.ErrorIs(t, err, agentmemory.ErrDuplicateID, "L8: one orientation per pair")
	_, err = s.Update(ctx, agentmemory.UpdateRequest{RecordType: agentmemory.RecordTypeMemory, RecordID: "m1", Status: agentmemory.RecordValid})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.RecordInvalid, status("m1"), "L26: the link wins while it exists")
	_, err = s.Delete(ctx, agentmemory.RecordTypeMemory, "m5")
	require.NoError(t, err)
	assert.Equal(t, agentmemory.RecordValid, status("m1"), "L27: the source was deleted")
	rels, err := s.ListRelations(ctx, agentmemory.RelationFilter{TargetID: "m1", Limit: agentmemory.None[int]()})
	require.NoError(t, err)
	assert.Empty(t, rels, "the deleted record's relations went with it")
}
