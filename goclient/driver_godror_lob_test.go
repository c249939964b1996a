package agentmemory

import (
	"database/sql"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeLob models the reader godror puts into a godror.Lob OUT bind: it
// borrows the bind variable's reference to the LOB (stmt.go dataGetLOBC
// takes dpiData_getLOB without dpiLob_addRef), so it is readable only until
// the statement is closed, and the statement's Close releases the LOB. A
// Close on the reader releases that same reference first, and the
// statement's release is then a second one: the double release this fake
// reports as an event.
type fakeLob struct {
	io.Reader
	db       *fakeDB
	mu       sync.Mutex
	released bool
}

func (l *fakeLob) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.released {
		return 0, errors.New("DPI-1002: invalid dpiLob handle")
	}
	return l.Reader.Read(p)
}

// Close is dpiLobReader.Close: it releases the LOB reference.
func (l *fakeLob) Close() error {
	l.release("lob released by its reader")
	return nil
}

func (l *fakeLob) releaseByStmt() { l.release("lob released by the statement") }

func (l *fakeLob) release(ev string) {
	l.mu.Lock()
	twice := l.released
	l.released = true
	l.mu.Unlock()
	if twice {
		ev = "LOB RELEASED TWICE: " + ev
	}
	l.db.record(ev)
}

// A large response is read from the CLOB OUT bind before the statement is
// closed, and its LOB is released exactly once, by the statement (godror's
// documented pattern: README "CLOB, BLOB", TestReadLargeLOB).
func TestLargeResponseLobReleasedOnceByTheStatement(t *testing.T) {
	resp := `{"stores": [], "pad": "` + strings.Repeat("x", 3<<20) + `"}`
	f, db := newFakeDB(answer(resp))
	block := "begin :b_res := dbms_agent_memory_store.list_stores(p_schema_owner => :b_schema_owner); end;"
	for range 3 {
		got, err := callFunc(t.Context(), db, "ListStores", block, sql.Named("b_schema_owner", ""))
		require.NoError(t, err)
		require.Equal(t, len(resp), len(got))
	}
	var lobEvents []string
	for _, ev := range f.Events() {
		if strings.Contains(ev, "lob") || strings.Contains(ev, "LOB") {
			lobEvents = append(lobEvents, ev)
		}
	}
	assert.Equal(t, []string{
		"lob released by the statement", "lob released by the statement", "lob released by the statement",
	}, lobEvents)
}
