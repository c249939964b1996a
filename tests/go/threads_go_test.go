package integration

// Live tests of the thread calls through the Go client's Thread API
// (goclient/thread.go), beside the raw suite of threads_test.go:
//
//   - TestThreadFixturesGoLive runs every thread fixture the Go values can
//     express (tests/go/fixturecall, the same path as the unit contract
//     test on the fake driver) on the fixture data set, each in a
//     transaction rolled back (Store.WithTx);
//   - TestThreadAPIGoLive follows the handle's own behaviour: generated
//     ids, reopening with the stored scope, the scope conflict, the
//     default window on 61 messages, ErrNotFound, the summary, the bytes
//     of chosen image parts only (T19), and a Thread bound to a transaction;
//   - BenchmarkThreadGetMessagesGoLive times GetMessages against the raw
//     facade call (the baseline).
//
// Without ORACLE_DSN the tests skip.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/fixturecall"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

func TestThreadFixturesGoLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := context.Background()
	list, byID := loadThreadCases(t)
	store := threadStore(t, ctx, db, byID)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: store})
	require.NoError(t, err)
	viaGo := 0
	for _, c := range list {
		if isThreadDataset(c.id()) {
			continue
		}
		t.Run(c.id(), func(t *testing.T) {
			tx, err := db.BeginTx(ctx, nil)
			require.NoError(t, err)
			defer func() { _ = tx.Rollback() }()
			got, err := fixturecall.Call(ctx, s.WithTx(tx), c.op, c.request, nil)
			if errors.Is(err, fixturecall.ErrUnexpressible) {
				t.Logf("raw run only (threads_test.go): %v", err)
				return
			}
			viaGo++
			if c.refusal != nil {
				var ae *agentmemory.Error
				require.True(t, errors.As(err, &ae), "want %s, got %v", c.refusal.Name, err)
				assert.Equal(t, -c.refusal.Code, ae.Code, "class %s; message: %s", c.refusal.Name, ae.Message)
				assert.Equal(t, c.refusal.Name, ae.Name)
				for _, frag := range c.refusal.MessageContains {
					assert.Contains(t, ae.Message, frag)
				}
				return
			}
			require.NoError(t, err)
			var want, have any
			require.NoError(t, json.Unmarshal(c.response, &want))
			require.NoError(t, json.Unmarshal(got, &have))
			assert.Equal(t, threadNormalize(t, want, false), threadNormalize(t, have, true), "response")
		})
	}
	assert.Greater(t, viaGo, 90, "most fixtures went through the Go API")
}

var hex32 = regexp.MustCompile(`^[0-9a-f]{32}$`)

func TestThreadAPIGoLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := context.Background()
	_, byID := loadThreadCases(t)
	store := threadStore(t, ctx, db, byID)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: store})
	require.NoError(t, err)
	tx, err := db.BeginTx(ctx, nil)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback() }()
	txs := s.WithTx(tx)

	// T4: generated ids; T7: reopening returns the stored scope.
	th, err := txs.CreateThread(ctx, agentmemory.ThreadOptions{Metadata: map[string]any{"topic": "go"}})
	require.NoError(t, err)
	assert.True(t, th.Created())
	for _, id := range []string{th.ID(), th.Record().UserID, th.Record().AgentID} {
		assert.Regexp(t, hex32, id, "T4")
	}
	again, err := txs.CreateThread(ctx, agentmemory.ThreadOptions{ID: th.ID()})
	require.NoError(t, err)
	assert.False(t, again.Created(), "T7")
	assert.Equal(t, th.Record().Scope, again.Record().Scope, "T7: the stored scope")

	// T6: another user for an existing thread.
	_, err = txs.CreateThread(ctx, agentmemory.ThreadOptions{ID: th.ID(), UserID: "someone-else"})
	assert.ErrorIs(t, err, agentmemory.ErrDuplicateID, "T6")

	// T17: 61 messages; the default window is the last 50.
	msgs := make([]agentmemory.ThreadMessage, 61)
	for i := range msgs {
		msgs[i] = agentmemory.ThreadMessage{ID: fmt.Sprintf("g%02d", i), Role: []string{"user", "assistant"}[i%2],
			Text: fmt.Sprintf("message %d", i)}
	}
	res, err := th.AddMessages(ctx, msgs)
	require.NoError(t, err)
	assert.Len(t, res.IDs, 61)
	recent, err := th.GetMessages(ctx, agentmemory.RecentMessages())
	require.NoError(t, err)
	require.Len(t, recent, 50, "T17: the default window")
	assert.Equal(t, "g11", recent[0].ID)
	all, err := th.GetMessages(ctx, agentmemory.MessagesFrom(0))
	require.NoError(t, err)
	assert.Len(t, all, 61, "T17: None is every message")
	last2, err := th.GetMessages(ctx, agentmemory.MessagesFrom(-2))
	require.NoError(t, err)
	require.Len(t, last2, 2)
	assert.Equal(t, "g60", last2[1].ID)
	assert.Equal(t, th.Record().UserID, last2[1].UserID, "T11: the thread's scope")

	// T18: another thread's message is ErrNotFound; an unknown thread too (T3).
	_, err = th.GetMessage(ctx, "msg1")
	assert.ErrorIs(t, err, agentmemory.ErrNotFound, "T18")
	_, err = txs.Thread("no-such-thread").GetMessages(ctx, agentmemory.RecentMessages())
	assert.ErrorIs(t, err, agentmemory.ErrNotFound, "T3")

	// T31: the transcript's last line.
	sum, err := th.Summary(ctx, agentmemory.SummaryOptions{})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.SourceTranscript, sum.Source)
	assert.True(t, strings.HasSuffix(sum.Content, "user: message 60"), sum.Content)

	// A memory through the thread takes its scope (T12).
	mem, err := th.AddMemory(ctx, agentmemory.ThreadMemory{Type: agentmemory.RecordTypeFact, Text: "likes Go"})
	require.NoError(t, err)
	rec, err := txs.Get(ctx, agentmemory.RecordTypeFact, mem.ID)
	require.NoError(t, err)
	assert.Equal(t, th.Record().Scope, rec.(*agentmemory.FactRecord).Scope, "T12")
	assert.Empty(t, mem.RelationID)

	// T19: only the chosen image part's bytes come back (the package reads
	// no other part's BLOB); an id that is no part of the message (img1) is
	// ignored. Store.Get with IncludeBytes still returns every part's bytes.
	_, err = th.AddMessages(ctx, []agentmemory.ThreadMessage{{ID: "gm", Role: "user", Parts: []agentmemory.MessageContent{
		agentmemory.TextContent{Text: "two pictures"},
		agentmemory.ImageContent{ID: "gp1", MimeType: agentmemory.ImagePNG, Bytes: tinyPNG},
		agentmemory.ImageContent{ID: "gp2", MimeType: agentmemory.ImagePNG, Bytes: tinyPNG},
	}}})
	require.NoError(t, err)
	picked, err := th.GetMessage(ctx, "gm", agentmemory.GetMessageOptions{IncludedImageIDs: []string{"gp2", "img1"}})
	require.NoError(t, err)
	require.Len(t, picked.Parts, 3)
	assert.Nil(t, picked.Parts[1].(agentmemory.ImageContent).Bytes, "T19: gp1 not chosen, no bytes")
	assert.Equal(t, tinyPNG, picked.Parts[2].(agentmemory.ImageContent).Bytes, "T19: gp2 chosen")
	whole, err := txs.Get(ctx, agentmemory.RecordTypeMessage, "gm", agentmemory.GetOptions{IncludeBytes: true})
	require.NoError(t, err)
	wholeParts := whole.(*agentmemory.MessageRecord).Parts
	require.Len(t, wholeParts, 3)
	assert.Equal(t, tinyPNG, wholeParts[1].(agentmemory.ImageContent).Bytes, "include_bytes: gp1 too")
	assert.Equal(t, tinyPNG, wholeParts[2].(agentmemory.ImageContent).Bytes, "include_bytes: gp2")

	// The thread made in tx is invisible outside it until tx commits.
	_, err = s.Get(ctx, agentmemory.RecordTypeThread, th.ID())
	assert.ErrorIs(t, err, agentmemory.ErrNotFound, "uncommitted in tx")
}

// BenchmarkThreadGetMessagesGoLive reads a window of 50 of 200 messages
// through Thread.GetMessages (request encoding, one call, typed decoding)
// and, as the baseline, through the raw facade call with no decoding.
func BenchmarkThreadGetMessagesGoLive(b *testing.B) {
	db := livedb.Open(b)
	ctx := context.Background()
	store := livedb.StoreID(b)
	var res string
	_, err := db.ExecContext(ctx, relOpenBlock, sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_request",
		`{"memory_store_id": "`+store+`", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "KEYWORD"}`))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		if _, err := db.ExecContext(context.Background(), relDropBlock, sql.Named("b_store_id", store)); err != nil {
			b.Errorf("cleanup: dropping store %s: %v", store, err)
		}
	})
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: store})
	if err != nil {
		b.Fatal(err)
	}
	th, err := s.CreateThread(ctx, agentmemory.ThreadOptions{ID: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	msgs := make([]agentmemory.ThreadMessage, 200)
	for i := range msgs {
		msgs[i] = agentmemory.ThreadMessage{Role: "user", Text: fmt.Sprintf("benchmark message %d", i)}
	}
	if _, err := th.AddMessages(ctx, msgs); err != nil {
		b.Fatal(err)
	}
	b.Run("go", func(b *testing.B) {
		for b.Loop() {
			if _, err := th.GetMessages(ctx, agentmemory.RecentMessages()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("raw", func(b *testing.B) {
		for b.Loop() {
			if _, err := threadCall(ctx, db, "thread_get_messages", store, `{"thread": "bench"}`); err != nil {
				b.Fatal(err)
			}
		}
	})
}
