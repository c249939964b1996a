package main

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/internal/transfer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// transferPackage answers the calls of export and import as the package
// would: open_store from its contract fixture, list_records from records,
// add_records and add_relations with the ids they were given. failAt makes
// the n-th add call (1-based) fail.
type transferPackage struct {
	t       *testing.T
	records map[string][]agentmemory.Record
	rels    []agentmemory.Relation
	adds    []map[string]any // add_records and add_relations requests, in order
	addFns  []string
	failAt  int
}

func (p *transferPackage) respond(c fakeCall) (string, error) {
	var req map[string]any
	if c.Request != "" {
		require.NoError(p.t, json.Unmarshal([]byte(c.Request), &req), "%s request", c.Fn)
	}
	switch c.Fn {
	case "open_store":
		return patchContract(p.t, "open_store/create_keyword_manual.response.json", map[string]any{
			"store.memory_store_id": "SRC", "store.table_prefix": "SRC_"}), nil
	case "list_records":
		recs := p.records[req["record_type"].(string)]
		if recs == nil {
			recs = []agentmemory.Record{}
		}
		return marshalJSON(p.t, map[string]any{"records": recs}), nil
	case "list_relations":
		rels := p.rels
		if rels == nil {
			rels = []agentmemory.Relation{}
		}
		return marshalJSON(p.t, map[string]any{"relations": rels}), nil
	case "add_records", "add_relations":
		p.adds, p.addFns = append(p.adds, req), append(p.addFns, c.Fn)
		if len(p.adds) == p.failAt {
			return "", fakeOraErr{20100, "INVALID_ARGUMENT: metadata 'x' is not a JSON object"}
		}
		ids := idsOf(req)
		if c.Fn == "add_relations" {
			return marshalJSON(p.t, map[string]any{"relation_ids": ids}), nil
		}
		return marshalJSON(p.t, map[string]any{"ids": ids, "warnings": []string{}}), nil
	case "update_record":
		p.adds, p.addFns = append(p.adds, req), append(p.addFns, c.Fn)
		return `{"updated": 1, "warnings": []}`, nil
	}
	return "", fmt.Errorf("fake: unexpected call %s", c.Fn)
}

// idsOf returns the ids a request gives (record_ids or relation_ids, in
// one batch or in batches).
func idsOf(req map[string]any) []any {
	var ids []any
	collect := func(m map[string]any) {
		for _, k := range []string{"record_ids", "relation_ids"} {
			switch v := m[k].(type) {
			case []any:
				ids = append(ids, v...)
			case string:
				ids = append(ids, v)
			}
		}
	}
	if bs, ok := req["batches"].([]any); ok {
		for _, b := range bs {
			collect(b.(map[string]any))
		}
		return ids
	}
	collect(req)
	return ids
}

func marshalJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func openTransferFake(t *testing.T, p *transferPackage) (*fakeDB, *sql.DB, *agentmemory.Store) {
	f, db := openFakeDB(p.respond)
	t.Cleanup(func() { db.Close() })
	s, err := agentmemory.Open(context.Background(), db, agentmemory.StoreOptions{MemoryStoreID: "src"})
	require.NoError(t, err)
	return f, db, s
}

func sampleRecords() map[string][]agentmemory.Record {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	common := func(typ, id string) agentmemory.RecordCommon {
		return agentmemory.RecordCommon{Type: agentmemory.RecordType(typ), ID: id, Status: agentmemory.RecordValid,
			Timestamp: at, CreatedAt: at, UpdatedAt: at, ExpiresAt: agentmemory.None[time.Time]()}
	}
	msg := &agentmemory.MessageRecord{RecordCommon: common("message", "msg1"), Scope: agentmemory.Scope{ThreadID: "t1"},
		Role: "user", SeqNo: 1, Content: "Hello"}
	msg.ExpiresAt = agentmemory.Some(at.AddDate(0, 0, 30))
	return map[string][]agentmemory.Record{
		"thread":  {&agentmemory.ThreadRecord{RecordCommon: common("thread", "t1"), Scope: agentmemory.Scope{ThreadID: "t1"}, Content: agentmemory.None[string]()}},
		"message": {msg},
		"memory": {&agentmemory.MemoryRecord{RecordCommon: common("memory", "m1"), Content: agentmemory.Some("Window seats")},
			&agentmemory.MemoryRecord{RecordCommon: common("memory", "m2"), Content: agentmemory.Some("Aisle seats")}},
		"fact": {&agentmemory.FactRecord{MemoryRecord: agentmemory.MemoryRecord{RecordCommon: common("fact", "f1"), Content: agentmemory.Some("Lives in Rome")}}},
		"image": {&agentmemory.ImageRecord{RecordCommon: common("image", "img-part"), Scope: agentmemory.Scope{ThreadID: "t1"},
			MessageID: "msg1", MimeType: agentmemory.ImagePNG, Bytes: []byte{1}}},
	}
}

func sampleRelations() []agentmemory.Relation {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	rel := func(id, src string) agentmemory.Relation {
		return agentmemory.Relation{ID: id, Source: agentmemory.RecordRef{Type: "memory", ID: src},
			Target: agentmemory.RecordRef{Type: "fact", ID: "f1"}, Type: "supports", OppositeType: "is_supported_by",
			CreatedAt: at, UpdatedAt: at}
	}
	return []agentmemory.Relation{rel("r2", "m2"), rel("r1", "m1")}
}

// export lists every record type (all of them, with bytes where a type has
// any), leaves image parts to their message, and sorts relations by id.
func TestExportWritesEveryKindInOrder(t *testing.T) {
	p := &transferPackage{t: t, records: sampleRecords(), rels: sampleRelations()}
	f, _, s := openTransferFake(t, p)
	var out bytes.Buffer
	var said []string
	require.NoError(t, exportStore(context.Background(), s, &out, func(l string) { said = append(said, l) }))

	var listed []string
	for _, c := range f.Calls() {
		if c.Fn == "list_records" {
			var req map[string]any
			require.NoError(t, json.Unmarshal([]byte(c.Request), &req))
			assert.Nil(t, req["limit"], "limit null: every record")
			assert.Contains(t, c.Request, `"limit":null`)
			_, bytesAsked := req["include_bytes"]
			listed = append(listed, fmt.Sprintf("%s/%v", req["record_type"], bytesAsked))
		}
	}
	assert.Equal(t, []string{"user_profile/false", "agent_profile/false", "thread/false", "message/true", "memory/false",
		"fact/false", "guideline/false", "preference/false", "thread_summary/false", "image/true"}, listed)
	assert.Equal(t, "list_relations", f.Fns()[len(f.Fns())-1])
	assert.Contains(t, said, "export: 0 image records", "the image part travels with its message")
	assert.Contains(t, said, "export: 2 relations")

	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 9)
	assert.Equal(t, `{"kind":"header","format":"agentmem-export","version":1,"vectors":false}`, lines[0])
	assert.Equal(t, `{"kind":"thread","id":"t1","content":null,"status":"VALID"}`, lines[1])
	assert.Equal(t, `{"kind":"message","id":"msg1","thread_id":"t1","role":"user","content":"Hello","status":"VALID","ttl":{"days":30,"anchor":"CREATED_AT"}}`, lines[2])
	assert.Contains(t, lines[6], `"id":"r1"`)
	assert.Contains(t, lines[7], `"id":"r2"`)
	assert.Equal(t, `{"kind":"end","counts":{"fact":1,"memory":2,"message":1,"relation":2,"thread":1}}`, lines[8])
}

// writeExport writes the sample store's export to a file.
func writeExport(t *testing.T) string {
	p := &transferPackage{t: t, records: sampleRecords(), rels: sampleRelations()}
	_, _, s := openTransferFake(t, p)
	path := filepath.Join(t.TempDir(), "store.jsonl")
	require.NoError(t, writeAtomically(path, func(w io.Writer) error { return exportStore(context.Background(), s, w, func(string) {}) }))
	_, err := os.Stat(path + ".partial")
	assert.True(t, os.IsNotExist(err), "the partial file is renamed")
	return path
}

func runImportFake(t *testing.T, p *transferPackage, db *sql.DB, s *agentmemory.Store, cfg importConfig) (string, string, error) {
	t.Helper()
	total, err := checkFile(cfg.file, cfg.fromLine)
	require.NoError(t, err)
	var out, errOut bytes.Buffer
	env := &cliEnv{Stdout: &out, Stderr: &errOut, Getenv: func(string) string { return "" }}
	err = importInto(context.Background(), env, db, s, cfg, total)
	return out.String(), errOut.String(), err
}

// import sends consecutive records in batches of --batch-size through
// add_records and relations through add_relations, with their ids.
func TestImportBatches(t *testing.T) {
	path := writeExport(t)
	p := &transferPackage{t: t}
	_, db, s := openTransferFake(t, p)
	out, errOut, err := runImportFake(t, p, db, s, importConfig{batch: 2, file: path, store: "dst"})
	require.NoError(t, err)
	assert.Equal(t, "imported 5 records and 2 relations\n", out)
	assert.Equal(t, []string{"add_records", "add_records", "add_records", "add_relations"}, p.addFns,
		"records 2+2+1, relations apart from records")
	var ids [][]any
	for _, r := range p.adds {
		ids = append(ids, idsOf(r))
	}
	assert.Equal(t, [][]any{{"t1", "msg1"}, {"m1", "m2"}, {"f1"}, {"r1", "r2"}}, ids)
	assert.Contains(t, errOut, "import: 7/7 lines (100%)", "plain progress lines when stderr is no terminal")
	assert.Equal(t, `{"batches":[{"contents":[null],"record_ids":["t1"],"record_type":"thread","statuses":["VALID"]},`+
		`{"contents":["Hello"],"record_ids":["msg1"],"record_type":"message","roles":["user"],"statuses":["VALID"],`+
		`"thread_ids":["t1"],"ttl_anchor":["CREATED_AT"],"ttl_days":[30]}]}`, marshalJSON(t, p.adds[0]),
		"ids, status and expiry as days from the anchor reach add_records")
}

// A refused batch stops the import and names the line to resume from;
// --from-line continues there.
func TestImportResumes(t *testing.T) {
	path := writeExport(t)
	p := &transferPackage{t: t, failAt: 2}
	_, db, s := openTransferFake(t, p)
	_, _, err := runImportFake(t, p, db, s, importConfig{batch: 2, file: path, store: "dst"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "stopped at line 4: lines 4-5 are refused: ")
	assert.Contains(t, err.Error(), "INVALID_ARGUMENT")
	assert.Contains(t, err.Error(), "agentmem import --store DST --from-line 4 ")

	p2 := &transferPackage{t: t}
	_, db2, s2 := openTransferFake(t, p2)
	out, _, err := runImportFake(t, p2, db2, s2, importConfig{batch: 2, file: path, store: "dst", fromLine: 4})
	require.NoError(t, err)
	assert.Equal(t, "imported 3 records and 2 relations\n", out)
	assert.Equal(t, []any{"m1", "m2"}, idsOf(p2.adds[0]), "the lines before 4 are skipped")
}

// A malformed file is refused before the database is touched.
func TestImportChecksTheFileFirst(t *testing.T) {
	path := writeExport(t)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(b), "\n")
	truncated := filepath.Join(t.TempDir(), "cut.jsonl")
	require.NoError(t, os.WriteFile(truncated, []byte(strings.Join(lines[:5], "\n")), 0o644))
	code, _, errOut := runCLI(t, "", "nobody/secret@127.0.0.1:9/none", "import", "--store", "dst", truncated)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "line 6: the file ends without its end line")

	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	lines[3] = `{"kind":"message","id":"x","content":[{"type":"video"}],"status":"VALID"}`
	require.NoError(t, os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644))
	code, _, errOut = runCLI(t, "", "nobody/secret@127.0.0.1:9/none", "import", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, `line 4: content[0]: part type "video" is neither text nor image`)

	code, _, errOut = runCLI(t, "", "", "import", "--batch-size", "0", path)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--batch-size 0 must be at least 1")
	code, _, _ = runCLI(t, "", "", "export", "extra")
	assert.Equal(t, 2, code)
}

// txFake is the fake package on sessions that can begin a transaction, to
// see --dry-run roll back.
type txFake struct {
	*fakeDB
	begun, rolledBack, committed int
}

func (f *txFake) Connect(context.Context) (driver.Conn, error) {
	return txConn{fakeConn{f.fakeDB}, f}, nil
}

type txConn struct {
	fakeConn
	f *txFake
}

func (c txConn) Begin() (driver.Tx, error) { c.f.begun++; return fakeTx{c.f}, nil }

type fakeTx struct{ f *txFake }

func (t fakeTx) Commit() error   { t.f.committed++; return nil }
func (t fakeTx) Rollback() error { t.f.rolledBack++; return nil }

// --dry-run sends every batch, inside one transaction, and rolls it back.
func TestImportDryRunRollsBack(t *testing.T) {
	path := writeExport(t)
	p := &transferPackage{t: t}
	f, _ := openFakeDB(p.respond)
	tf := &txFake{fakeDB: f}
	db := sql.OpenDB(tf)
	defer db.Close()
	s, err := agentmemory.Open(context.Background(), db, agentmemory.StoreOptions{MemoryStoreID: "dst"})
	require.NoError(t, err)
	out, _, err := runImportFake(t, p, db, s, importConfig{batch: 500, file: path, dryRun: true})
	require.NoError(t, err)
	assert.Equal(t, "dry run: 5 records and 2 relations are valid; nothing was written\n", out)
	assert.Equal(t, []string{"add_records", "add_relations"}, p.addFns)
	assert.Equal(t, []int{1, 1, 0}, []int{tf.begun, tf.rolledBack, tf.committed})

	p.failAt, p.adds, p.addFns = 1, nil, nil
	_, _, err = runImportFake(t, p, db, s, importConfig{batch: 500, file: path, dryRun: true})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "dry run: lines 2-6 are refused")
	assert.Equal(t, 2, tf.rolledBack)
	assert.Zero(t, tf.committed)
}

func TestLineProgress(t *testing.T) {
	var b bytes.Buffer
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	now := start
	p := &lineProgress{w: &b, total: 1000, start: start, now: func() time.Time { return now }}
	now = start.Add(2 * time.Second)
	p.add(250)
	assert.Equal(t, "import: 250/1000 lines (25%), 125 lines/s, eta 6s\n", b.String())
	assert.IsType(t, &lineProgress{}, newImportProgress(&b, 10), "a buffer is no terminal")
}

// The transfer package's kinds are the client's record types, so export
// lists every type the client knows.
func TestTransferKindsAreRecordTypes(t *testing.T) {
	for _, k := range transfer.DataKinds {
		if k == transfer.KindRelation {
			continue
		}
		_, err := (&transfer.Record{Kind: k, Content: []byte("null")}).Input()
		if k != "message" {
			assert.NoError(t, err, "%s", k)
		}
	}
}

// A profile's status and event timestamp, which UserProfile cannot carry to
// add_records, are set by update_record in the add's transaction.
func TestImportSetsProfileStatusInTheAddsTransaction(t *testing.T) {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	user := &agentmemory.UserProfileRecord{RecordCommon: agentmemory.RecordCommon{Type: "user_profile", ID: "u1",
		Status: agentmemory.RecordInvalid, Timestamp: at, EventTimestamp: agentmemory.Some(at), CreatedAt: at, UpdatedAt: at,
		ExpiresAt: agentmemory.None[time.Time]()}, Content: "Likes trains"}
	src := &transferPackage{t: t, records: map[string][]agentmemory.Record{"user_profile": {user}}}
	_, _, s := openTransferFake(t, src)
	path := filepath.Join(t.TempDir(), "p.jsonl")
	require.NoError(t, writeAtomically(path, func(w io.Writer) error { return exportStore(context.Background(), s, w, func(string) {}) }))

	p := &transferPackage{t: t}
	f, _ := openFakeDB(p.respond)
	tf := &txFake{fakeDB: f}
	db := sql.OpenDB(tf)
	defer db.Close()
	d, err := agentmemory.Open(context.Background(), db, agentmemory.StoreOptions{MemoryStoreID: "dst"})
	require.NoError(t, err)
	out, _, err := runImportFake(t, p, db, d, importConfig{batch: 500, file: path})
	require.NoError(t, err)
	assert.Equal(t, "imported 1 records and 0 relations\n", out)
	assert.Equal(t, []string{"add_records", "update_record"}, p.addFns)
	assert.Equal(t, map[string]any{"record_type": "user_profile", "record_id": "u1", "status": "INVALID",
		"timestamp": "2026-11-30T10:00:00.000000Z"}, p.adds[1])
	assert.Equal(t, []int{1, 1}, []int{tf.begun, tf.committed}, "one transaction, committed")
}
