package agentmemory_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// The windows of GetMessages as sent: the constructors say what T17 says.
func TestThreadWindowsAsSent(t *testing.T) {
	s, calls := threadStore(func(agentmemory.FakeCall) (string, error) { return `{"messages":[]}`, nil })
	th := s.Thread("t1")
	for _, w := range []agentmemory.Window{agentmemory.RecentMessages(), agentmemory.MessagesFrom(2),
		agentmemory.MessageRange(-4, -1), {Start: 1, End: agentmemory.Some(3), IncludeImageBytes: true}} {
		msgs, err := th.GetMessages(t.Context(), w)
		require.NoError(t, err)
		assert.Empty(t, msgs)
	}
	var sent []string
	for _, c := range calls() {
		sent = append(sent, c.Request)
	}
	assert.Equal(t, []string{`{"thread":"t1"}`, `{"thread":"t1","start":2,"end":null}`,
		`{"thread":"t1","start":-4,"end":-1}`, `{"thread":"t1","start":1,"end":3,"include_image_bytes":true}`}, sent)
}

// A null message is the client's ErrNotFound, named by the thread call and
// never sent to the database a second time.
func TestThreadGetMessageNullIsNotFound(t *testing.T) {
	s, calls := threadStore(func(agentmemory.FakeCall) (string, error) { return `{"message":null}`, nil })
	_, err := s.Thread("t1").GetMessage(t.Context(), "m9")
	require.ErrorIs(t, err, agentmemory.ErrNotFound)
	var ae *agentmemory.Error
	require.True(t, errors.As(err, &ae))
	assert.Equal(t, "Thread.GetMessage", ae.Op)
	assert.Contains(t, ae.Message, `no message "m9" in thread "t1"`)
	assert.Len(t, calls(), 1)
}

// Answers the client cannot read are reported, not guessed at.
func TestThreadMalformedAnswers(t *testing.T) {
	cases := []struct {
		name, answer string
		call         func(*agentmemory.Store) error
	}{
		{"open without created", `{"thread":{"record_type":"thread","id":"t1"}}`, func(s *agentmemory.Store) error {
			_, err := s.CreateThread(t.Context(), agentmemory.ThreadOptions{ID: "t1"})
			return err
		}},
		{"message of another type", `{"message":{"record_type":"memory","id":"m1"}}`, func(s *agentmemory.Store) error {
			_, err := s.Thread("t1").GetMessage(t.Context(), "m1")
			return err
		}},
		{"no messages list", `{"records":[]}`, func(s *agentmemory.Store) error {
			_, err := s.Thread("t1").GetMessages(t.Context(), agentmemory.RecentMessages())
			return err
		}},
		{"an image list holding a message", `{"images":[{"record_type":"message","id":"m1","role":"user","content":"x","seq_no":1}]}`,
			func(s *agentmemory.Store) error {
				_, err := s.Thread("t1").ListImages(t.Context(), agentmemory.ImageListOptions{})
				return err
			}},
		{"no updated count", `{"warnings":[]}`, func(s *agentmemory.Store) error {
			_, err := s.Thread("t1").UpdateMemory(t.Context(), "m1", agentmemory.MemoryUpdate{Status: agentmemory.RecordInvalid})
			return err
		}},
		{"no summary source", `{"content":"x"}`, func(s *agentmemory.Store) error {
			_, err := s.Thread("t1").Summary(t.Context(), agentmemory.SummaryOptions{})
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := threadStore(func(agentmemory.FakeCall) (string, error) { return c.answer, nil })
			err := c.call(s)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "malformed response from the package")
		})
	}
}

// A Thread runs through the Store it was made from: WithTx rebinds it
// without a round trip, and the original keeps its handle.
func TestThreadWithTxKeepsTheThread(t *testing.T) {
	s, calls := threadStore(func(agentmemory.FakeCall) (string, error) { return `{"deleted":1}`, nil })
	th := s.Thread("t1")
	db, txCalls := agentmemory.NewFakeDB(func(agentmemory.FakeCall) (string, error) { return `{"deleted":0}`, nil })
	conn, err := db.Conn(t.Context())
	require.NoError(t, err)
	defer conn.Close()
	bound := th.WithTx(conn)
	assert.Equal(t, "t1", bound.ID())
	n, err := bound.DeleteMessage(t.Context(), "m1")
	require.NoError(t, err)
	assert.Equal(t, 0, n, "answered by the bound handle")
	n, err = th.DeleteMessage(t.Context(), "m1")
	require.NoError(t, err)
	assert.Equal(t, 1, n, "the original is unchanged")
	assert.Len(t, txCalls(), 1)
	assert.Len(t, calls(), 1)
	assert.Equal(t, `{"thread":"t1","message_id":"m1"}`, txCalls()[0].Request)
}

// A multimodal message is sent as the record API's parts; its timestamp in
// UTC with six digits.
func TestThreadAddMessagesParts(t *testing.T) {
	s, calls := threadStore(func(agentmemory.FakeCall) (string, error) { return `{"ids":["m1"],"warnings":[]}`, nil })
	png := []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}
	_, err := s.Thread("t1").AddMessages(t.Context(), []agentmemory.ThreadMessage{{ID: "m1", Role: "user",
		Parts: []agentmemory.MessageContent{agentmemory.TextContent{Text: "the menu:"},
			agentmemory.ImageContent{MimeType: agentmemory.ImagePNG, Bytes: png, Description: agentmemory.Some("menu")}},
		Timestamp: time.Date(2026, 11, 30, 10, 0, 0, 0, time.FixedZone("", 3600))}},
		agentmemory.AddMessagesOptions{TTLDays: agentmemory.None[int]()})
	require.NoError(t, err)
	assert.JSONEq(t, `{"thread":"t1","messages":[{"role":"user","id":"m1","timestamp":"2026-11-30T09:00:00.000000Z",
		"content":[{"type":"text","text":"the menu:"},{"type":"image","mime_type":"image/png","bytes":"iVBORw0KGgo=","description":"menu"}]}],
		"ttl_days":null}`, calls()[0].Request)
}
