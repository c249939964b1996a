package agentmemory

// The hostile-input suite on the fake driver (issue 14): every entry point
// of the client, given arbitrary ids, metadata keys, filter operators,
// search text, store ids and end-user ids, sends exactly the statements it
// sends for harmless values — no value ever changes a statement's shape —
// and every value reaches the database only as a bind (directly, or inside
// the JSON request bound as :b_request). The package's own refusal of those
// values is the live suite's (tests/go/hostile_test.go).

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// hostileValues are the fuzzed inputs of one run.
type hostileValues struct {
	id, key, op, text, store, user string
}

// hostileCall is one entry point, fed every value where it takes one.
type hostileCall struct {
	name string
	run  func(ctx context.Context, db DBTX, s *Store, v hostileValues) error
}

func hostileCalls() []hostileCall {
	e := func(_ any, err error) error { return err }
	filter := func(v hostileValues) Optional[Filter] {
		return Some(Filter{v.key: Filter{v.op: v.text}, "$and": []any{Filter{v.key: v.id}}})
	}
	rel := func(v hostileValues) Relation {
		return Relation{ID: v.id, Source: RecordRef{Type: RecordTypeMemory, ID: v.id}, Target: RecordRef{Type: RecordType(v.op), ID: v.text},
			Type: RelationType(v.key), Metadata: map[string]any{v.key: v.text}}
	}
	th := func(s *Store, v hostileValues) *Thread { return s.Thread(v.id) }
	return []hostileCall{
		{"Open", func(ctx context.Context, db DBTX, _ *Store, v hostileValues) error {
			return e(Open(ctx, WithEndUser(db, v.user), StoreOptions{MemoryStoreID: v.store, SchemaOwner: v.id, TableNamePrefix: v.key}))
		}},
		{"DescribeStore", func(ctx context.Context, db DBTX, _ *Store, v hostileValues) error {
			return e(DescribeStore(ctx, db, v.store, v.id))
		}},
		{"ListStores", func(ctx context.Context, db DBTX, _ *Store, v hostileValues) error {
			return e(ListStores(ctx, db, v.id))
		}},
		{"UpgradeStore", func(ctx context.Context, db DBTX, _ *Store, v hostileValues) error {
			return e(UpgradeStore(ctx, db, v.store))
		}},
		{"DropStore", func(ctx context.Context, db DBTX, _ *Store, v hostileValues) error {
			return DropStore(ctx, db, v.store)
		}},
		{"GrantAccess", func(ctx context.Context, db DBTX, _ *Store, v hostileValues) error {
			return GrantAccess(ctx, db, v.store, v.id, GrantOptions{Access: Access(v.op)})
		}},
		{"RevokeAccess", func(ctx context.Context, db DBTX, _ *Store, v hostileValues) error {
			return RevokeAccess(ctx, db, v.store, v.id)
		}},
		{"ListJobs", func(ctx context.Context, db DBTX, _ *Store, v hostileValues) error {
			return e(ListJobs(ctx, db, v.store, v.id))
		}},
		{"RunJob", func(ctx context.Context, db DBTX, _ *Store, v hostileValues) error {
			return e(RunJob(ctx, db, v.store, JobKind(v.op), RunJobOptions{}))
		}},
		{"EnableJob", func(ctx context.Context, db DBTX, _ *Store, v hostileValues) error {
			return EnableJob(ctx, db, v.store, JobKind(v.key))
		}},
		{"PreviewPurge", func(ctx context.Context, db DBTX, _ *Store, v hostileValues) error {
			return e(PreviewPurge(ctx, db, v.store))
		}},
		{"SecurityCapabilities", func(ctx context.Context, db DBTX, _ *Store, _ hostileValues) error {
			return e(SecurityCapabilities(ctx, db))
		}},
		{"Store.Add", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.Add(ctx, Memory{ID: v.id, Text: v.text, UserID: v.user, Metadata: map[string]any{v.key: v.op}},
				Message{ThreadID: v.id, Role: v.op, Text: v.text}))
		}},
		{"Store.AddUser", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.AddUser(ctx, Profile{ID: v.user, Information: v.text, Metadata: map[string]any{v.key: v.id}}))
		}},
		{"Store.Get", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.Get(ctx, RecordType(v.op), v.id))
		}},
		{"Store.List", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.List(ctx, ListRequest{RecordType: RecordType(v.op), UserID: Some(v.user), ThreadID: Some(v.id), MetadataFilter: filter(v)}))
		}},
		{"Store.Update", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.Update(ctx, UpdateRequest{RecordType: RecordType(v.op), RecordID: v.id, Text: Some(ContentText(v.text)),
				Metadata: Some(map[string]any{v.key: v.text})}))
		}},
		{"Store.Delete", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.Delete(ctx, RecordType(v.op), v.id, DeleteOptions{Cascade: true}))
		}},
		{"Store.DeleteThread", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.DeleteThread(ctx, v.id))
		}},
		{"Store.Search", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.Search(ctx, SearchRequest{Query: v.text, UserID: Some(v.user), MetadataFilter: filter(v)}))
		}},
		{"Store.ChunkText", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.ChunkText(ctx, []string{v.text}))
		}},
		{"Store.AddRelations", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.AddRelations(ctx, rel(v)))
		}},
		{"Store.FindRelation", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.FindRelation(ctx, rel(v).Key()))
		}},
		{"Store.ListRelations", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.ListRelations(ctx, RelationFilter{SourceType: RecordType(v.op), SourceID: v.id, Type: RelationType(v.key), MetadataFilter: filter(v)}))
		}},
		{"Store.DeleteRelations", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.DeleteRelations(ctx, v.id, v.text))
		}},
		{"Store.CreateThread", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.CreateThread(ctx, ThreadOptions{ID: v.id, UserID: v.user, AgentID: v.key, Metadata: map[string]any{v.key: v.text}}))
		}},
		{"Thread.AddMessages", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(th(s, v).AddMessages(ctx, []ThreadMessage{{ID: v.key, Role: v.op, Text: v.text, Metadata: map[string]any{v.key: v.id}}}))
		}},
		{"Thread.Search", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(th(s, v).Search(ctx, ThreadSearchRequest{Query: v.text, MetadataFilter: filter(v)}))
		}},
		{"Thread.ContextCard", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(th(s, v).ContextCard(ctx, CardOptions{MinRelevantResultsByType: map[RecordType]int{RecordType(v.op): 1}}))
		}},
		{"Store.GrantSecurityPolicies", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.GrantSecurityPolicies(ctx, []Principal{{Type: PrincipalType(v.op), Name: v.user}}, SecurityPolicy(v.key)))
		}},
		{"Store.AddSecurityPolicies", func(ctx context.Context, _ DBTX, s *Store, v hostileValues) error {
			return e(s.AddSecurityPolicies(ctx, Enforcement(v.op), SecurityPolicy(v.key)))
		}},
	}
}

// sentCall is what the fake saw of one statement: its text and its binds.
type sentCall struct {
	sql  string
	args map[string]any
}

// sendAll runs every hostile call with v on a ForEndUser store (and, for the
// package functions, the plain pool) and returns per call what was sent and
// the client's error when nothing was sent.
func sendAll(t *testing.T, v hostileValues) map[string][]sentCall {
	out := map[string][]sentCall{}
	for _, c := range hostileCalls() {
		f, db := newFakeDB(notFound)
		s := (&Store{db: db, result: StoreResult{Store: StoreInfo{MemoryStoreID: v.store}}}).ForEndUser(v.user)
		_ = c.run(t.Context(), db, s, v)
		for _, call := range f.Calls() {
			out[c.name] = append(out[c.name], sentCall{call.SQL, call.Args})
		}
	}
	return out
}

// boundText is every bind value as text, JSON requests included, for the
// check that each fuzzed value travelled as (part of) a bind.
func boundText(calls []sentCall) string {
	var b strings.Builder
	for _, c := range calls {
		for _, a := range c.args {
			if s, ok := a.(string); ok {
				b.WriteString(s)
				// The JSON request escapes what it carries: compare decoded.
				var anyJSON any
				if json.Unmarshal([]byte(s), &anyJSON) == nil {
					raw, _ := marshalNoEscape(anyJSON)
					b.Write(raw)
					collectStrings(anyJSON, &b)
				}
				b.WriteByte(0)
			}
		}
	}
	return b.String()
}

func collectStrings(v any, b *strings.Builder) {
	switch x := v.(type) {
	case string:
		b.WriteString(x)
		b.WriteByte(0)
	case []any:
		for _, e := range x {
			collectStrings(e, b)
		}
	case map[string]any:
		for k, e := range x {
			b.WriteString(k)
			b.WriteByte(0)
			collectStrings(e, b)
		}
	}
}

func FuzzHostileInputKeepsStatementsConstant(f *testing.F) {
	f.Add("m1", "tags", "$eq", "window seat", "MEM01", "alice")
	f.Add("x' or '1'='1", "a.b[*]?(@ == 1)", "$regex", "near((a,b),5) or {x} & y%", "MEM01; drop table t --", "bob'); clear_end_user; --")
	f.Add("\x00\n\r\t", "$..*", "$nin", strings.Repeat("é", 10000), "", "")
	f.Add("--", "\"key\"", "$exists", "fuzzy(x) accum about(y) $z", "A\"B", ":b_end_user")
	f.Add("🙂", "$.a", "$not", "end; begin null; end;", "MEM_01", "ALICE")
	benign := hostileValues{"m1", "k", "$eq", "q", "S1", "u"}
	f.Fuzz(func(t *testing.T, id, key, op, text, store, user string) {
		for _, s := range []string{id, key, op, text, store, user} {
			if !utf8.ValidString(s) {
				return // not text: encoding/json replaces it, so it could not be compared
			}
		}
		// An empty value means "omitted", which may choose another constant
		// statement (GrantAccess without Access): compare with harmless values
		// empty in the same places.
		b := benign
		for _, p := range []struct {
			got  string
			keep *string
		}{{id, &b.id}, {key, &b.key}, {op, &b.op}, {text, &b.text}, {store, &b.store}, {user, &b.user}} {
			if p.got == "" {
				*p.keep = ""
			}
		}
		want := sendAll(t, b)
		v := hostileValues{id, key, op, text, store, user}
		got := sendAll(t, v)
		var bound strings.Builder
		for name, calls := range got {
			base := want[name]
			require.Len(t, calls, len(base), "%s: as many statements as for harmless values", name)
			for i := range calls {
				require.Equal(t, base[i].sql, calls[i].sql, "%s: the statement's text does not depend on the values", name)
				for bind := range calls[i].args {
					require.Contains(t, base[i].args, bind, "%s: the same binds", name)
				}
			}
			bound.WriteString(boundText(calls))
		}
		// Each value is taken by some entry point; wherever it went, it went
		// as (part of) a bind, since the statements are those of harmless
		// values.
		for _, value := range []string{id, key, op, text, store, user} {
			if value != "" {
				require.Contains(t, bound.String(), value, "%q travels as a bind", value)
			}
		}
		for name := range want {
			if _, ok := got[name]; !ok {
				// The client refused before calling: only for what it cannot
				// encode, which strings never are.
				t.Fatalf("%s sent nothing for %+v", name, v)
			}
		}
	})
}
