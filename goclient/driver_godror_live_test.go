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
// godror.Lob OUT bind, the read and the statement close. Skipped without
// ORACLE_DSN (it is not a passed test then).
func TestLiveLargeResponseThousandTimesOnOneSession(t *testing.T) {
	dsn := strings.TrimSpace(os.Getenv("ORACLE_DSN"))
	if dsn == "" {
		t.Skip("SKIPPED: ORACLE_DSN is not set (see README: make db-up)")
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Minute)
	defer cancel()
	db, err := dbconn.Connect(ctx, dsn, dbconn.Options{})
	require.NoError(t, err)
	defer db.Close()
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
