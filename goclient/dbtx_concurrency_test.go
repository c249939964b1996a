package agentmemory

import (
	"context"
	"database/sql"
	"sync"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// concurrentCalls is how many Describe calls each handle gets at once.
const concurrentCalls = 8

// barrier holds every describe_store call in the fake until n calls are
// inside it at the same time, and records the most calls ever in flight.
// It proves concurrency by arrival, not by timing: on a handle that
// serializes calls the second call never arrives while the first waits.
type barrier struct {
	mu       sync.Mutex
	n        int
	inFlight int
	maxIn    int
	opened   bool // all is closed
	all      chan struct{}
	ctx      context.Context
}

func newBarrier(ctx context.Context, n int) *barrier {
	return &barrier{n: n, all: make(chan struct{}), ctx: ctx}
}

func (b *barrier) enter() (release func(), arrived bool) {
	b.mu.Lock()
	b.inFlight++
	b.maxIn = max(b.maxIn, b.inFlight)
	if b.inFlight >= b.n && !b.opened {
		b.opened = true
		close(b.all)
	}
	b.mu.Unlock()
	release = func() { b.mu.Lock(); b.inFlight--; b.mu.Unlock() }
	select {
	case <-b.all:
		return release, true
	case <-b.ctx.Done(): // the deadlock guard, not a measurement
		return release, false
	}
}

// describeConcurrently opens a store on h and runs concurrentCalls Describe
// calls at once; the fake answers describe_store through respond.
func describeConcurrently(t *testing.T, h DBTX) []error {
	t.Helper()
	s, err := Open(t.Context(), h, StoreOptions{MemoryStoreID: "MEM01"})
	require.NoError(t, err)
	errs := make([]error, concurrentCalls)
	var wg sync.WaitGroup
	for i := range concurrentCalls {
		wg.Go(func() { _, errs[i] = s.Describe(t.Context()) })
	}
	wg.Wait()
	return errs
}

// A pool handle (*sql.DB, *sqlx.DB: anything with Conn and BeginTx) runs
// concurrent calls on separate sessions at once: all 8 are inside the
// driver together. Before the pool was recognised by interface, *sqlx.DB
// took the single-session path and the calls queued one after another.
// A session handle (*sql.Conn, *sql.Tx, *sqlx.Tx) runs them one at a time,
// as one session runs one call at a time.
func TestHandleConcurrency(t *testing.T) {
	describe := readFixture(t, "testdata/describe_store/broken.response.json")
	open := readFixture(t, "testdata/open_store/create_vector.response.json")
	cases := []struct {
		name string
		pool bool
		h    func(t *testing.T, db *sql.DB) DBTX
	}{
		{"*sql.DB", true, func(_ *testing.T, db *sql.DB) DBTX { return db }},
		{"*sqlx.DB", true, func(_ *testing.T, db *sql.DB) DBTX { return sqlx.NewDb(db, "godror") }},
		{"*sql.Conn", false, func(t *testing.T, db *sql.DB) DBTX {
			c, err := db.Conn(t.Context())
			require.NoError(t, err)
			t.Cleanup(func() { _ = c.Close() })
			return c
		}},
		{"*sql.Tx", false, func(t *testing.T, db *sql.DB) DBTX {
			tx, err := db.BeginTx(t.Context(), nil)
			require.NoError(t, err)
			t.Cleanup(func() { _ = tx.Rollback() })
			return tx
		}},
		{"*sqlx.Tx", false, func(t *testing.T, db *sql.DB) DBTX {
			tx, err := sqlx.NewDb(db, "godror").BeginTxx(t.Context(), nil)
			require.NoError(t, err)
			t.Cleanup(func() { _ = tx.Rollback() })
			return tx
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := 1
			if c.pool {
				want = concurrentCalls
			}
			// A serializing pool handle would wait here forever; the guard
			// turns that into a failure after 10 s.
			guard, cancel := context.WithTimeout(t.Context(), 10*time.Second)
			defer cancel()
			b := newBarrier(guard, want)
			_, db := newFakeDB(func(fc fakeCall) (string, error) {
				if fc.Fn == "open_store" {
					return open, nil
				}
				release, arrived := b.enter()
				defer release()
				if !arrived {
					return "", context.DeadlineExceeded
				}
				return describe, nil
			})
			defer db.Close()
			for _, err := range describeConcurrently(t, c.h(t, db)) {
				require.NoError(t, err, "the calls through %s did not all arrive together", c.name)
			}
			assert.Equal(t, want, b.maxIn, "most calls in flight at once through %s", c.name)
		})
	}
}
