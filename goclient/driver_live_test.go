//go:build cgo

package agentmemory

import (
	"context"
	"database/sql"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/internal/dbconn"
)

// liveResponseBytes is the size of the response of the live CLOB test:
// several megabytes, far above smallResponseChars, so every call takes the
// CLOB OUT path.
const liveResponseBytes = 3 << 20

// liveLobCalls is how many times the live CLOB test calls on one session:
// a LOB released twice, or never, shows within a thousand calls as a crash
// (ODPI-C freeing a freed handle) or as temporary LOBs piling up.
const liveLobCalls = 1000

// The large-response path on a real database: a several-MB CLOB OUT bind,
// read through callFunc a thousand times on one session (*sql.Conn), then
// a check that no temporary LOB is left on that session. The response is
// the request echoed by to_clob, so the test needs no store and exercises
// exactly the client's code: wrapBlock, clobIn (a temporary LOB IN), the
// driver's CLOB OUT bind, the read and the statement close, on the driver
// AGENTMEM_DRIVER names. Skipped without ORACLE_DSN (it is not a passed
// test then).
func TestLiveLargeResponseThousandTimesOnOneSession(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Minute)
	defer cancel()
	db := liveDB(t, ctx)
	conn, err := db.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()

	payload := strings.Repeat("0123456789abcdef", liveResponseBytes/16)
	const block = "begin :b_res := to_clob(:b_payload); end;"
	for i := range liveLobCalls {
		got, err := callFunc(ctx, conn, "LiveLargeResponse", block, sql.Named("b_payload", clobIn(payload)))
		require.NoError(t, err, "call %d", i+1)
		require.Equal(t, len(payload), len(got), "call %d", i+1)
		if i == 0 {
			require.Equal(t, payload, got)
		}
	}

	// v$temporary_lobs counts the temporary LOBs each session holds (Database
	// Reference 23ai, 10.131 V$TEMPORARY_LOBS: SID, CACHE_LOBS, NOCACHE_LOBS); it needs
	// SELECT on V_$TEMPORARY_LOBS, which a plain schema may lack.
	var lobs int64
	err = conn.QueryRowContext(ctx, `select nvl(sum(cache_lobs + nocache_lobs), 0) from v$temporary_lobs
		where sid = to_number(sys_context('userenv', 'sid'))`).Scan(&lobs)
	if err != nil {
		t.Logf("not checked: temporary LOBs left on the session (reading v$temporary_lobs: %v)", err)
		return
	}
	require.LessOrEqual(t, lobs, int64(2), "temporary LOBs left on the session after %d calls", liveLobCalls)
}

// liveDB opens ORACLE_DSN through AGENTMEM_DRIVER (godror by default), as
// tests/go/livedb does, or skips: without ORACLE_DSN, and in the pass of
// TestMain whose fake driver is not that driver (the live tests run once,
// with the client's default driver matching the database's).
func liveDB(t *testing.T, ctx context.Context) *sql.DB {
	t.Helper()
	dsn := strings.TrimSpace(os.Getenv("ORACLE_DSN"))
	if dsn == "" {
		t.Skip("SKIPPED: ORACLE_DSN is not set (see README: make db-up)")
	}
	driver, err := dbconn.ParseDriver(os.Getenv("AGENTMEM_DRIVER"))
	require.NoError(t, err)
	want := map[string]Driver{dbconn.DriverGodror: DriverGodror, dbconn.DriverGoOra: DriverGoOra}[driver]
	if fakeMode != want {
		t.Skipf("SKIPPED in the %s pass: the live tests run in the %s pass (AGENTMEM_DRIVER)", fakeMode, want)
	}
	db, err := dbconn.ConnectDriver(ctx, dsn, driver, dbconn.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// The limits docs/drivers.md lists as open until a live run: the largest
// VARCHAR2 response (8191 four-byte characters, 32764 bytes, must fit the
// :b_small buffer), a response just above it (the CLOB path), a 1 MB
// request (CLOB IN) and a 5 MB response, each echoed back intact; and an
// ORA-20xxx raised in PL/SQL mapped to the package's named error.
func TestLiveDriverLimits(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	db := liveDB(t, ctx)
	const block = "begin :b_res := to_clob(:b_payload); end;"
	for name, payload := range map[string]string{
		"8191 four-byte characters": strings.Repeat("\U0001F600", smallResponseChars),
		"8192 characters":           strings.Repeat("x", smallResponseChars+1),
		"1 MB request":              strings.Repeat("0123456789abcdef", 1<<16),
		"5 MB response":             strings.Repeat("é", 5<<19),
	} {
		got, err := callFunc(ctx, db, "LiveLimits", block, sql.Named("b_payload", clobIn(payload)))
		require.NoError(t, err, name)
		require.Equal(t, payload, got, name)
	}
	err := callProc(ctx, db, "LiveError",
		"begin raise_application_error(-20102, 'DUPLICATE_ID: record_ids[0] ''m1'' already exists'); end;")
	var ae *Error
	require.ErrorAs(t, err, &ae)
	require.Equal(t, 20102, ae.Code)
	require.Equal(t, "DUPLICATE_ID: record_ids[0] 'm1' already exists", ae.Message)
	require.ErrorIs(t, err, ErrDuplicateID)
}
