package agentmemory

// Contract tests of the record calls over the golden fixtures of
// tests/go/testdata/contract/<op>/ (docs/protocol-records.md §14). For every
// request fixture:
//
//   - it decodes into the Go request type, strictly, or it is one of the
//     requests the Go API cannot express (listed in unrepresentable, with
//     the reason);
//   - the Store method sends exactly that request (compared as JSON);
//   - an accepted request passes client validation, and the method returns
//     the fixture's response, decoded strictly;
//   - a refused request is refused by client validation with the fixture's
//     class and message fragments, or reaches the (fake) package, whose
//     error comes back matching the sentinel of the fixture's class.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const contractRoot = "../tests/go/testdata/contract"

// unrepresentable lists the fixture requests the Go API cannot send, and
// why: for those, the failing decode is the client-side rejection.
var unrepresentable = map[string]string{
	"add_records/batch_size_range":         "BatchSize 0 means the package default: Go cannot send batch_size 0",
	"add_records/batches_mixed":            "AddBatches takes batches only: no top-level batch keys",
	"add_records/image_base64_invalid":     "image contents are []byte, always valid base64",
	"add_records/index_texts_not_list":     "IndexTexts is a list",
	"add_records/ttl_days_not_integer":     "TTLDays holds ints",
	"add_records/unknown_key":              "AddRequest has no such field",
	"add_user/information_missing":         "AddUser always sends information",
	"add_agent/information_null":           "information is a string",
	"get_record/include_bytes_not_boolean": "includeBytes is a bool",
	"list_records/filter_not_object":       "Filter is an object",
	"delete_record/cascade_not_boolean":    "cascade is a bool",
	"delete_thread/thread_id_null":         "threadID is a string",
}

// nullMeansAbsent lists request keys whose null the protocol treats as
// absence and that the Go API sends as absence.
var nullMeansAbsent = map[string][]string{
	"add_user":  {"metadata"},
	"add_agent": {"metadata"},
}

// errorFixture is <case>.error.json.
type errorFixture struct {
	Code            int      `json:"code"`
	Name            string   `json:"name"`
	MessageContains []string `json:"message_contains"`
}

// recordCase is one fixture case and how to run it through the client.
type recordCase struct {
	op, name string
	request  []byte
	response string // "" for a refused request
	refusal  *errorFixture
}

func (c recordCase) id() string { return c.op + "/" + c.name }

func loadRecordCases(t *testing.T, op string) []recordCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(contractRoot, op, "*.request.json"))
	require.NoError(t, err)
	require.NotEmpty(t, paths, "no request fixtures for %s", op)
	var cases []recordCase
	for _, p := range paths {
		base := strings.TrimSuffix(p, ".request.json")
		c := recordCase{op: op, name: filepath.Base(base), request: []byte(readFixture(t, p))}
		if b, err := os.ReadFile(base + ".response.json"); err == nil {
			c.response = string(b)
		} else {
			var e errorFixture
			require.NoError(t, json.Unmarshal([]byte(readFixture(t, base+".error.json")), &e))
			c.refusal = &e
		}
		cases = append(cases, c)
	}
	return cases
}

// testStore returns a Store on the fake database with the configuration of
// the fixtures' stores: REC01 (KEYWORD, vector_dim 4), or REC02 (VECTOR,
// vector_dim 4) for vec_* cases.
func testStore(name string, respond func(fakeCall) (string, error)) (*fakeDB, *Store) {
	f, db := newFakeDB(respond)
	info := StoreInfo{MemoryStoreID: "REC01", SchemaOwner: "APP", Status: StatusReady, Config: StoreConfig{
		SearchStrategy: Keyword, VectorDim: Some(4), EmbeddingModel: None[string](),
		Chunking: ChunkingConfig{Max: 200, By: "words"}}}
	if strings.HasPrefix(name, "vec_") {
		info.MemoryStoreID, info.Config.SearchStrategy = "REC02", Vector
	}
	return f, &Store{db: db, result: StoreResult{Store: info}}
}

// decodeRequest decodes a fixture request into out strictly: unknown keys,
// values of the wrong type, and null for a key the Go type cannot hold null
// (string, number, bool, plain slice) all fail.
func decodeRequest(raw []byte, out any) error {
	if err := unmarshalWire(raw, out, true); err != nil {
		return err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return err
	}
	rt := reflect.TypeOf(out).Elem()
	for i := range rt.NumField() {
		f := rt.Field(i)
		key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if v, ok := top[key]; ok && kindOf(v) == 'n' {
			switch f.Type.Kind() {
			case reflect.String, reflect.Int, reflect.Int64, reflect.Bool, reflect.Slice:
				return fmt.Errorf("key %q is null, which %s cannot hold", key, f.Type)
			}
		}
	}
	return nil
}

// runner decodes a case's request and returns the call of the Store method
// it maps to, which returns the method's result.
type runner func(raw []byte) (func(context.Context, *Store) (any, error), error)

var recordRunners = map[string]runner{
	"add_records": func(raw []byte) (func(context.Context, *Store) (any, error), error) {
		var probe map[string]json.RawMessage
		if err := json.Unmarshal(raw, &probe); err != nil {
			return nil, err
		}
		if _, ok := probe["batches"]; ok {
			var w addBatchesWire
			if err := decodeRequest(raw, &w); err != nil {
				return nil, err
			}
			return func(ctx context.Context, s *Store) (any, error) { return s.AddBatches(ctx, w.Batches, w.BatchSize) }, nil
		}
		var req AddRequest
		if err := decodeRequest(raw, &req); err != nil {
			return nil, err
		}
		return func(ctx context.Context, s *Store) (any, error) { return s.Add(ctx, req) }, nil
	},
	"add_user":  profileRunner(RecordTypeUserProfile),
	"add_agent": profileRunner(RecordTypeAgentProfile),
	"get_record": func(raw []byte) (func(context.Context, *Store) (any, error), error) {
		var w getWire
		if err := decodeRequest(raw, &w); err != nil {
			return nil, err
		}
		return func(ctx context.Context, s *Store) (any, error) {
			return s.Get(ctx, w.RecordType, w.RecordID, w.IncludeBytes)
		}, nil
	},
	"list_records": func(raw []byte) (func(context.Context, *Store) (any, error), error) {
		var req ListRequest
		if err := decodeRequest(raw, &req); err != nil {
			return nil, err
		}
		return func(ctx context.Context, s *Store) (any, error) { return s.List(ctx, req) }, nil
	},
	"list_thread_messages": func(raw []byte) (func(context.Context, *Store) (any, error), error) {
		var req ListThreadMessagesRequest
		if err := decodeRequest(raw, &req); err != nil {
			return nil, err
		}
		return func(ctx context.Context, s *Store) (any, error) { return s.ListThreadMessages(ctx, req) }, nil
	},
	"update_record": func(raw []byte) (func(context.Context, *Store) (any, error), error) {
		var req UpdateRequest
		if err := decodeRequest(raw, &req); err != nil {
			return nil, err
		}
		return func(ctx context.Context, s *Store) (any, error) { return s.Update(ctx, req) }, nil
	},
	"delete_record": func(raw []byte) (func(context.Context, *Store) (any, error), error) {
		var w deleteWire
		if err := decodeRequest(raw, &w); err != nil {
			return nil, err
		}
		return func(ctx context.Context, s *Store) (any, error) {
			return s.Delete(ctx, w.RecordType, w.RecordID, w.Cascade)
		}, nil
	},
	"delete_thread": func(raw []byte) (func(context.Context, *Store) (any, error), error) {
		var w deleteThreadWire
		if err := decodeRequest(raw, &w); err != nil {
			return nil, err
		}
		return func(ctx context.Context, s *Store) (any, error) { return s.DeleteThread(ctx, w.ThreadID) }, nil
	},
}

func profileRunner(t RecordType) runner {
	return func(raw []byte) (func(context.Context, *Store) (any, error), error) {
		var w profileWire
		if err := decodeRequest(raw, &w); err != nil {
			return nil, err
		}
		id := w.UserID
		if t == RecordTypeAgentProfile {
			id = w.AgentID
		}
		meta, _ := w.Metadata.Get()
		return func(ctx context.Context, s *Store) (any, error) {
			if t == RecordTypeAgentProfile {
				return s.AddAgent(ctx, id, w.Information, meta)
			}
			return s.AddUser(ctx, id, w.Information, meta)
		}, nil
	}
}

// canonicalRequest normalizes what the protocol defines as equal: part
// types are case-insensitive, and some nulls mean absence.
func canonicalRequest(t *testing.T, op string, raw []byte) map[string]any {
	t.Helper()
	var m map[string]any // numbers compare by value: 0.0 is 0
	require.NoError(t, json.Unmarshal(raw, &m))
	for _, k := range nullMeansAbsent[op] {
		if v, ok := m[k]; ok && v == nil {
			delete(m, k)
		}
	}
	lowerPartTypes(m["contents"])
	if bs, ok := m["batches"].([]any); ok {
		for _, b := range bs {
			lowerPartTypes(b.(map[string]any)["contents"])
		}
	}
	return m
}

func lowerPartTypes(contents any) {
	list, _ := contents.([]any)
	for _, c := range list {
		parts, _ := c.([]any)
		for _, p := range parts {
			if obj, ok := p.(map[string]any); ok {
				if s, ok := obj["type"].(string); ok {
					obj["type"] = strings.ToLower(s)
				}
			}
		}
	}
}

func TestContractRecords(t *testing.T) {
	seen := map[string]bool{}
	for _, op := range []string{"add_records", "add_user", "add_agent", "get_record", "list_records",
		"list_thread_messages", "update_record", "delete_record", "delete_thread"} {
		for _, c := range loadRecordCases(t, op) {
			t.Run(c.id(), func(t *testing.T) {
				seen[c.id()] = true
				runRecordCase(t, c)
			})
		}
	}
	for id := range unrepresentable {
		assert.True(t, seen[id], "unrepresentable lists %s, which is not a fixture", id)
	}
}

func runRecordCase(t *testing.T, c recordCase) {
	call, err := recordRunners[c.op](c.request)
	if reason, listed := unrepresentable[c.id()]; listed {
		require.NotNil(t, c.refusal, "only refused requests may be unrepresentable")
		if err == nil {
			// It decodes, but the Go request says something else (a zero that
			// means "default"): check it does not send the fixture's request.
			sent := sentRequest(t, c, call)
			assert.NotEqual(t, canonicalRequest(t, c.op, c.request), sent, "listed as unrepresentable (%s) but sent as is", reason)
		}
		checkSentinel(t, c.refusal)
		return
	}
	require.NoError(t, err, "the Go request type cannot express this fixture; list it in unrepresentable with the reason")

	respond := func(fakeCall) (string, error) {
		if c.refusal != nil {
			return "", fakeOraErr{-c.refusal.Code, c.refusal.Name + ": " + strings.Join(c.refusal.MessageContains, " ... ")}
		}
		return c.response, nil
	}
	f, s := testStore(c.name, respond)
	result, err := call(t.Context(), s)
	calls := f.Calls()

	if c.refusal != nil {
		require.Error(t, err)
		var e *Error
		require.True(t, errors.As(err, &e), "%v", err)
		assert.Equal(t, c.refusal.Name, e.Name)
		assert.Equal(t, -c.refusal.Code, e.Code)
		assert.True(t, errors.Is(err, sentinelNamed(t, c.refusal.Name)))
		if len(calls) == 0 {
			// Refused by the client: the fixture's fragments are in its message.
			for _, frag := range c.refusal.MessageContains {
				assert.Contains(t, e.Message, frag, "client-side message")
			}
			assert.Nil(t, e.Err, "a client-side error has no driver error")
			return
		}
	} else {
		require.NoError(t, err)
	}
	require.Len(t, calls, 1, "one package call")
	assert.Equal(t, c.op, calls[0].Fn)
	assert.Equal(t, canonicalRequest(t, c.op, c.request), canonicalRequest(t, c.op, []byte(calls[0].Args["b_request"].(string))),
		"the request sent is the fixture's")
	assert.Equal(t, s.ID(), calls[0].Args["b_store_id"])
	if c.refusal == nil {
		checkResult(t, c, result)
	}
}

// sentRequest runs call against a fake that accepts anything and returns
// the request it sent, canonical; nil when the client refused it.
func sentRequest(t *testing.T, c recordCase, call func(context.Context, *Store) (any, error)) map[string]any {
	f, s := testStore(c.name, func(fakeCall) (string, error) { return "", fakeOraErr{20100, "INVALID_ARGUMENT: refused"} })
	_, _ = call(t.Context(), s)
	calls := f.Calls()
	if len(calls) == 0 {
		return nil
	}
	return canonicalRequest(t, c.op, []byte(calls[0].Args["b_request"].(string)))
}

// checkSentinel checks that the fixture's code maps to its class.
func checkSentinel(t *testing.T, e *errorFixture) {
	err := mapDriverError("Store.X", fakeOraErr{-e.Code, e.Name + ": x"})
	assert.True(t, errors.Is(err, sentinelNamed(t, e.Name)), "ORA%d maps to %s", e.Code, e.Name)
}

func sentinelNamed(t *testing.T, name string) error {
	for _, c := range errorClasses {
		if c.Name == name {
			return c.Sentinel
		}
	}
	t.Fatalf("no error class %s", name)
	return nil
}

// checkResult compares what the method returned with the fixture response.
func checkResult(t *testing.T, c recordCase, result any) {
	var want map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(c.response), &want))
	switch r := result.(type) {
	case *AddResult:
		assert.JSONEq(t, c.response, mustJSON(t, r))
		assert.NotNil(t, r.Warnings)
	case *ProfileResult:
		assert.JSONEq(t, c.response, mustJSON(t, r))
	case *UpdateResult:
		assert.JSONEq(t, c.response, mustJSON(t, r))
	case int:
		assert.JSONEq(t, string(want["deleted"]), fmt.Sprint(r))
	case Record:
		assert.JSONEq(t, string(want["record"]), mustJSON(t, r))
	case nil:
		assert.Equal(t, "null", string(want["record"]), "Get returns nil for a record that is not there")
	case []Record:
		assert.JSONEq(t, string(want["records"]), mustJSON(t, r))
	case []*MessageRecord:
		assert.JSONEq(t, string(want["records"]), mustJSON(t, r))
	default:
		t.Fatalf("unexpected result %T", result)
	}
	// The same response decodes strictly: the package sends no key the
	// client does not know.
	for _, raw := range append(rawRecords(want), want["record"]) {
		if kindOf(raw) == '{' {
			_, err := decodeRecordStrict(raw)
			assert.NoError(t, err)
		}
	}
}

func rawRecords(m map[string]json.RawMessage) []json.RawMessage {
	var recs []json.RawMessage
	if raw, ok := m["records"]; ok {
		_ = json.Unmarshal(raw, &recs)
	}
	return recs
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}
