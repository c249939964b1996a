package agentmemory

// End-user handles (enduser.go): every call of a ForEndUser store, thread or
// WithEndUser handle goes out inside the one-block wrapper with :b_end_user
// bound; a plain handle sends neither; the end user travels with the call,
// not the session, so two end users share one pool safely.

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// storeCall is one exported call of a Store or Thread, by method name.
type storeCall struct {
	name string
	run  func(ctx context.Context, s *Store) error
}

// everyStoreCall calls every exported method of *Store and *Thread that
// talks to the database, with inputs the client encodes (the fake answers
// NOT_FOUND, so no response is decoded). TestEveryStoreCallIsListed keeps
// it complete.
func everyStoreCall() []storeCall {
	th := func(s *Store) *Thread { return s.Thread("t1") }
	e := func(_ any, err error) error { return err }
	rel := Relation{Source: RecordRef{Type: RecordTypeMemory, ID: "m1"}, Target: RecordRef{Type: RecordTypeMemory, ID: "m2"}, Type: "about"}
	return []storeCall{
		{"Store.Add", func(ctx context.Context, s *Store) error { return e(s.Add(ctx, Memory{Text: "a"})) }},
		{"Store.AddMemory", func(ctx context.Context, s *Store) error { return e(s.AddMemory(ctx, Memory{Text: "a"})) }},
		{"Store.AddMemories", func(ctx context.Context, s *Store) error { return e(s.AddMemories(ctx, []Memory{{Text: "a"}})) }},
		{"Store.AddMessage", func(ctx context.Context, s *Store) error {
			return e(s.AddMessage(ctx, Message{Text: "a", Role: "user", ThreadID: "t1"}))
		}},
		{"Store.AddMessages", func(ctx context.Context, s *Store) error {
			return e(s.AddMessages(ctx, []Message{{Text: "a", Role: "user", ThreadID: "t1"}}))
		}},
		{"Store.AddUser", func(ctx context.Context, s *Store) error { return e(s.AddUser(ctx, Profile{ID: "u1"})) }},
		{"Store.AddAgent", func(ctx context.Context, s *Store) error { return e(s.AddAgent(ctx, Profile{ID: "a1"})) }},
		{"Store.Get", func(ctx context.Context, s *Store) error { return e(s.Get(ctx, RecordTypeMemory, "m1")) }},
		{"Store.List", func(ctx context.Context, s *Store) error { return e(s.List(ctx, ListRequest{})) }},
		{"Store.ListThreadMessages", func(ctx context.Context, s *Store) error {
			return e(s.ListThreadMessages(ctx, ListThreadMessagesRequest{ThreadID: "t1"}))
		}},
		{"Store.Update", func(ctx context.Context, s *Store) error {
			return e(s.Update(ctx, UpdateRequest{RecordType: RecordTypeMemory, RecordID: "m1", Text: Some(ContentText("b"))}))
		}},
		{"Store.Delete", func(ctx context.Context, s *Store) error { return e(s.Delete(ctx, RecordTypeMemory, "m1")) }},
		{"Store.DeleteThread", func(ctx context.Context, s *Store) error { return e(s.DeleteThread(ctx, "t1")) }},
		{"Store.AddRelations", func(ctx context.Context, s *Store) error { return e(s.AddRelations(ctx, rel)) }},
		{"Store.GetRelation", func(ctx context.Context, s *Store) error { return e(s.GetRelation(ctx, "r1")) }},
		{"Store.FindRelation", func(ctx context.Context, s *Store) error {
			return e(s.FindRelation(ctx, RelationKey{Source: rel.Source, Target: rel.Target, Type: rel.Type}))
		}},
		{"Store.ListRelations", func(ctx context.Context, s *Store) error { return e(s.ListRelations(ctx, RelationFilter{})) }},
		{"Store.UpdateRelations", func(ctx context.Context, s *Store) error {
			return e(s.UpdateRelations(ctx, RelationUpdate{ID: "r1", Type: "knows"}))
		}},
		{"Store.DeleteRelations", func(ctx context.Context, s *Store) error { return e(s.DeleteRelations(ctx, "r1")) }},
		{"Store.Search", func(ctx context.Context, s *Store) error { return e(s.Search(ctx, SearchRequest{Query: "q"})) }},
		{"Store.ChunkText", func(ctx context.Context, s *Store) error { return e(s.ChunkText(ctx, []string{"a"})) }},
		{"Store.SyncSearchIndex", func(ctx context.Context, s *Store) error { return s.SyncSearchIndex(ctx) }},
		{"Store.Describe", func(ctx context.Context, s *Store) error { return e(s.Describe(ctx)) }},
		{"Store.AddSecurityPolicies", func(ctx context.Context, s *Store) error { return e(s.AddSecurityPolicies(ctx, VPD, UserOwnRows)) }},
		{"Store.RemoveSecurityPolicies", func(ctx context.Context, s *Store) error { return e(s.RemoveSecurityPolicies(ctx)) }},
		{"Store.GrantSecurityPolicies", func(ctx context.Context, s *Store) error {
			return e(s.GrantSecurityPolicies(ctx, []Principal{EndUserPrincipal("u1")}))
		}},
		{"Store.RevokeSecurityPolicies", func(ctx context.Context, s *Store) error {
			return e(s.RevokeSecurityPolicies(ctx, []Principal{EndUserPrincipal("u1")}))
		}},
		{"Store.ListSecurityPolicies", func(ctx context.Context, s *Store) error { return e(s.ListSecurityPolicies(ctx)) }},
		{"Store.ListSecurityGrants", func(ctx context.Context, s *Store) error { return e(s.ListSecurityGrants(ctx)) }},
		{"Store.CreateThread", func(ctx context.Context, s *Store) error { return e(s.CreateThread(ctx, ThreadOptions{})) }},
		{"Thread.AddMessages", func(ctx context.Context, s *Store) error {
			return e(th(s).AddMessages(ctx, []ThreadMessage{{Role: "user", Text: "a"}}))
		}},
		{"Thread.AddMemory", func(ctx context.Context, s *Store) error { return e(th(s).AddMemory(ctx, ThreadMemory{Text: "a"})) }},
		{"Thread.GetMessage", func(ctx context.Context, s *Store) error { return e(th(s).GetMessage(ctx, "m1")) }},
		{"Thread.GetMessages", func(ctx context.Context, s *Store) error { return e(th(s).GetMessages(ctx, Window{})) }},
		{"Thread.UpdateMessage", func(ctx context.Context, s *Store) error {
			return e(th(s).UpdateMessage(ctx, "m1", MessageUpdate{Content: Some(ContentText("b"))}))
		}},
		{"Thread.UpdateMemory", func(ctx context.Context, s *Store) error {
			return e(th(s).UpdateMemory(ctx, "m1", MemoryUpdate{Content: Some("b")}))
		}},
		{"Thread.DeleteMessage", func(ctx context.Context, s *Store) error { return e(th(s).DeleteMessage(ctx, "m1")) }},
		{"Thread.DeleteMemory", func(ctx context.Context, s *Store) error { return e(th(s).DeleteMemory(ctx, "m1")) }},
		{"Thread.Summary", func(ctx context.Context, s *Store) error { return e(th(s).Summary(ctx, SummaryOptions{})) }},
		{"Thread.Search", func(ctx context.Context, s *Store) error {
			return e(th(s).Search(ctx, ThreadSearchRequest{Query: "q"}))
		}},
		{"Thread.ContextCard", func(ctx context.Context, s *Store) error { return e(th(s).ContextCard(ctx, CardOptions{})) }},
		{"Thread.AddImage", func(ctx context.Context, s *Store) error {
			return e(th(s).AddImage(ctx, ThreadImage{Bytes: []byte{1}, MimeType: "image/png"}))
		}},
		{"Thread.ListImages", func(ctx context.Context, s *Store) error { return e(th(s).ListImages(ctx, ImageListOptions{})) }},
		{"Thread.UpdateImage", func(ctx context.Context, s *Store) error {
			return e(th(s).UpdateImage(ctx, "i1", ImageUpdate{Description: Some("c")}))
		}},
		{"Thread.DeleteImage", func(ctx context.Context, s *Store) error { return e(th(s).DeleteImage(ctx, "i1")) }},
		{"Thread.LinkRecords", func(ctx context.Context, s *Store) error { return e(th(s).LinkRecords(ctx, rel)) }},
		{"Thread.UpdateRecordLink", func(ctx context.Context, s *Store) error {
			return e(th(s).UpdateRecordLink(ctx, RelationUpdate{ID: "r1", Type: "knows"}))
		}},
		{"Thread.DeleteRecordLink", func(ctx context.Context, s *Store) error { return e(th(s).DeleteRecordLink(ctx, "r1")) }},
		{"Thread.CompleteLLMTasks", func(ctx context.Context, s *Store) error {
			return e(th(s).CompleteLLMTasks(ctx, []LLMTaskResult{{TaskID: "x1", Output: "{}"}}))
		}},
		{"Thread.WaitForMemoryExtraction", func(ctx context.Context, s *Store) error {
			return e(th(s).WaitForMemoryExtraction(ctx, time.Second))
		}},
		{"Thread.DeleteRecordLinkByKey", func(ctx context.Context, s *Store) error {
			return e(th(s).DeleteRecordLinkByKey(ctx, RelationKey{Source: rel.Source, Target: rel.Target, Type: rel.Type}))
		}},
	}
}

// notFound is what the fake package answers every call with.
func notFound(fakeCall) (string, error) {
	return "", fakeOraErr{20101, "NOT_FOUND: no such record"}
}

// TestEveryStoreCallIsListed fails when *Store or *Thread gains a method
// taking a context that everyStoreCall does not call.
func TestEveryStoreCallIsListed(t *testing.T) {
	// Methods that reach the database only through listed ones:
	// RunLLMTasks completes its tasks with CompleteLLMTasks; Close waits for
	// the client's own goroutines and calls nothing.
	listed := map[string]bool{"Thread.RunLLMTasks": true, "Thread.Close": true}
	for _, c := range everyStoreCall() {
		listed[c.name] = true
	}
	ctxType := reflect.TypeFor[context.Context]()
	var missing []string
	for _, typ := range []reflect.Type{reflect.TypeFor[*Store](), reflect.TypeFor[*Thread]()} {
		for i := range typ.NumMethod() {
			m := typ.Method(i)
			if m.Type.NumIn() > 1 && m.Type.In(1) == ctxType {
				name := typ.Elem().Name() + "." + m.Name
				if !listed[name] {
					missing = append(missing, name)
				}
			}
		}
	}
	sort.Strings(missing)
	assert.Empty(t, missing, "calls everyStoreCall does not make")
}

func TestForEndUserWrapsEveryCall(t *testing.T) {
	for _, c := range everyStoreCall() {
		t.Run(c.name, func(t *testing.T) {
			f, s := testStore("eu", notFound)
			err := c.run(t.Context(), s.ForEndUser("alice"))
			require.Error(t, err)
			calls := f.Calls()
			require.NotEmpty(t, calls, "%s sent no call: %v", c.name, err)
			for _, call := range calls {
				assert.True(t, strings.HasPrefix(call.SQL, endUserHead), "wrapper head: %s", call.SQL)
				assert.True(t, strings.HasSuffix(call.SQL, endUserTail), "wrapper tail: %s", call.SQL)
				assert.Equal(t, 1, strings.Count(call.SQL, "set_end_user("), "one set")
				assert.Equal(t, 2, strings.Count(call.SQL, "clear_end_user;"), "cleared on success and in the handler")
				assert.Equal(t, "alice", call.Args[endUserBind])
			}
			var ae *Error
			require.ErrorAs(t, err, &ae, "the package error keeps its class through the wrapper")
			assert.Equal(t, "NOT_FOUND", ae.Name)
		})
	}
}

func TestPlainStoreSendsNoEndUser(t *testing.T) {
	for _, c := range everyStoreCall() {
		t.Run(c.name, func(t *testing.T) {
			f, s := testStore("eu", notFound)
			_ = s.ForEndUser("alice") // a derived handle leaves s plain
			_ = c.run(t.Context(), s)
			calls := f.Calls()
			require.NotEmpty(t, calls)
			for _, call := range calls {
				assert.NotContains(t, call.SQL, "end_user")
				assert.NotContains(t, call.Args, endUserBind)
			}
		})
	}
}

// TestEndUserCallIsOneRoundTrip: the wrapper adds no statement, no
// transaction and no commit of its own.
func TestEndUserCallIsOneRoundTrip(t *testing.T) {
	f, s := testStore("eu", answer(`{"ids":["m1"],"warnings":[]}`))
	_, err := s.ForEndUser("alice").AddMemory(t.Context(), Memory{Text: "a"})
	require.NoError(t, err)
	assert.Equal(t, []string{"prepare add_records", "exec add_records", "autocommit"}, f.Events())
}

// TestWithEndUserOnPackageFunctions: a WithEndUser handle wraps the calls
// that take a handle (Open for a NoCheck store, DescribeStore, the jobs), and
// a Store opened on it keeps the end user.
func TestWithEndUserOnPackageFunctions(t *testing.T) {
	opened := readFixture(t, "testdata/open_store/require_existing_default.response.json")
	f, db := newFakeDB(func(c fakeCall) (string, error) {
		if c.Fn == "open_store" {
			return opened, nil
		}
		return "", fakeOraErr{20108, "END_USER_CONTEXT_FORBIDDEN: job admin refuses an end-user context"}
	})
	h := WithEndUser(db, "bob")
	s, err := Open(t.Context(), h, StoreOptions{MemoryStoreID: "MEM01", SchemaPolicy: NoCheck})
	require.NoError(t, err)
	id, ok := s.EndUser()
	assert.True(t, ok)
	assert.Equal(t, "bob", id)
	_, err = ListJobs(t.Context(), h, "MEM01", "")
	assert.ErrorIs(t, err, ErrEndUserContextForbidden)
	err = EnableJob(t.Context(), h, "MEM01", JobPurge)
	assert.ErrorIs(t, err, ErrEndUserContextForbidden)
	_, err = s.Describe(t.Context())
	assert.ErrorIs(t, err, ErrEndUserContextForbidden)
	for _, c := range f.Calls() {
		assert.Equal(t, "bob", c.Args[endUserBind], c.Fn)
		assert.True(t, strings.HasPrefix(c.SQL, endUserHead), c.Fn)
	}
	assert.Len(t, f.Calls(), 4)
	_, ok = NewTestStore(db, StoreInfo{}).EndUser()
	assert.False(t, ok, "the pool itself has no end user")
}

// TestEndUserSurvivesWithTxAndWithDriver: WithTx and WithDriver keep the end
// user; ForEndUser again replaces it; a transaction's calls stay in it.
func TestEndUserSurvivesWithTxAndWithDriver(t *testing.T) {
	f, db := newFakeDB(answer(`{"deleted":1}`))
	base := &Store{db: db, result: StoreResult{Store: StoreInfo{MemoryStoreID: "REC01"}}}
	tx, err := db.BeginTx(t.Context(), nil)
	require.NoError(t, err)
	defer tx.Rollback()
	txs := base.ForEndUser("alice").WithTx(tx)
	_, err = txs.DeleteThread(t.Context(), "t1")
	require.NoError(t, err)
	_, err = txs.ForEndUser("carol").DeleteThread(t.Context(), "t2")
	require.NoError(t, err)
	bound, err := WithDriver(WithEndUser(tx, "dave"), fakeMode)
	require.NoError(t, err)
	_, err = base.WithTx(bound).DeleteThread(t.Context(), "t3")
	require.NoError(t, err)
	_, err = base.WithTx(tx).DeleteThread(t.Context(), "t4")
	require.NoError(t, err)
	var got []any
	for _, c := range f.Calls() {
		got = append(got, c.Args[endUserBind])
	}
	assert.Equal(t, []any{"alice", "carol", "dave", nil}, got)
	assert.NotContains(t, f.Events(), "autocommit", "all four ran inside the caller's transaction")
}

// TestTwoEndUsersShareOnePool: concurrent calls for two end users on one
// pool each carry their own end user, whatever session they get.
func TestTwoEndUsersShareOnePool(t *testing.T) {
	f, db := newFakeDB(func(c fakeCall) (string, error) {
		return fmt.Sprintf(`{"records":[],"for":%q}`, c.Args[endUserBind]), nil
	})
	db.SetMaxOpenConns(2)
	base := &Store{db: db, result: StoreResult{Store: StoreInfo{MemoryStoreID: "REC01"}}}
	users := map[string]*Store{"alice": base.ForEndUser("alice"), "bob": base.ForEndUser("bob")}
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	for i := range 100 {
		for name, s := range users {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := s.List(t.Context(), ListRequest{ThreadID: Some(fmt.Sprintf("%s-%d", name, i))}); err != nil {
					errs <- err
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	calls := f.Calls()
	require.Len(t, calls, 200)
	for _, c := range calls {
		u, _ := c.Args[endUserBind].(string)
		require.Contains(t, []string{"alice", "bob"}, u)
		assert.Contains(t, c.Args["b_request"], `"`+u+"-", "the request and the end user belong to the same goroutine")
	}
}

// TestEndUserIsOnlyABind: the id is never spliced into the SQL text, whatever
// it holds, and the client adds it to no error message (the client logs
// nothing; what the package's own message says is the package's).
func TestEndUserIsOnlyABind(t *testing.T) {
	hostile := `alice'); drop table x; --` + "\x00\n" + strings.Repeat("é", 200)
	f, s := testStore("eu", func(fakeCall) (string, error) {
		return "", errors.New("ORA-03113: end-of-file on communication channel")
	})
	_, err := s.ForEndUser(hostile).Get(t.Context(), RecordTypeMemory, "m1")
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "alice")
	c := f.Calls()[0]
	assert.Equal(t, hostile, c.Args[endUserBind])
	assert.NotContains(t, c.SQL, "alice")
}
