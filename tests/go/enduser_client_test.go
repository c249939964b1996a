package integration

// The Go API of issue 14 against a live database (ORACLE_DSN): the typed
// security admin calls put VPD policies on a store, and ForEndUser handles
// of two end users on one pool see only their own rows and the global ones;
// a failed call on a pinned session leaves no end user behind. CTX's
// tests/go/security_test.go covers the same rules through raw blocks; this
// file proves the client sends what they assume.

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

func TestForEndUserClientLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	caps, err := agentmemory.SecurityCapabilities(ctx, db)
	require.NoError(t, err)
	if !caps.VPD {
		t.Skipf("SKIPPED: VPD unavailable here: %v", caps.Missing)
	}
	s := createVector(t, ctx, db, 8)
	_, err = s.AddSecurityPolicies(ctx, agentmemory.VPD, agentmemory.UserOwnRows, agentmemory.GlobalMemories)
	if errors.Is(err, agentmemory.ErrPrivilegeMissing) || errors.Is(err, agentmemory.ErrSchemaMissing) {
		t.Skipf("SKIPPED: this schema cannot attach VPD policies: %v", err)
	}
	require.NoError(t, err)
	n, err := s.GrantSecurityPolicies(ctx, []agentmemory.Principal{agentmemory.EndUserPrincipal("alice"), agentmemory.EndUserPrincipal("bob")})
	require.NoError(t, err)
	assert.Equal(t, 4, n, "two policies to two end users")
	grants, err := s.ListSecurityGrants(ctx)
	require.NoError(t, err)
	assert.Len(t, grants, 2)

	alice, bob := s.ForEndUser("alice"), s.ForEndUser("bob")
	a, err := alice.AddMemory(ctx, agentmemory.Memory{Text: "alice's secret", Embedding: vec8()})
	require.NoError(t, err)
	g, err := s.AddMemory(ctx, agentmemory.Memory{Text: "for everyone", Embedding: vec8()}) // the owner, no end user: global
	require.NoError(t, err)

	rec, err := alice.Get(ctx, agentmemory.RecordTypeMemory, a.IDs[0])
	require.NoError(t, err, "alice reads her own memory")
	mem, ok := rec.(*agentmemory.MemoryRecord)
	require.True(t, ok, "a memory record: %T", rec)
	assert.Equal(t, "alice", mem.UserID, "user_id inferred from the end user")
	_, err = bob.Get(ctx, agentmemory.RecordTypeMemory, a.IDs[0])
	assert.ErrorIs(t, err, agentmemory.ErrNotFound, "bob never sees alice's row")
	_, err = bob.Get(ctx, agentmemory.RecordTypeMemory, g.IDs[0])
	assert.NoError(t, err, "a global memory is readable by a granted end user")
	_, err = bob.Update(ctx, agentmemory.UpdateRequest{RecordType: agentmemory.RecordTypeMemory, RecordID: g.IDs[0],
		Text: agentmemory.Some(agentmemory.ContentText("changed by bob"))})
	assert.Error(t, err, "GLOBAL_MEMORIES is read-only")

	// A pinned session: a failing call for alice, then a plain call on the
	// same session carries no end user.
	conn, err := db.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()
	pinned := s.WithTx(conn)
	_, err = pinned.ForEndUser("alice").Get(ctx, agentmemory.RecordType("no such type"), "x")
	var ae *agentmemory.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "INVALID_ARGUMENT", ae.Name)
	var current *string
	require.NoError(t, conn.QueryRowContext(ctx, `select dbms_agent_memory_store.current_end_user from sys.dual`).Scan(&current))
	assert.Nil(t, current, "no end user survives the failed call on the session")

	removed, err := s.RemoveSecurityPolicies(ctx)
	require.NoError(t, err)
	assert.Len(t, removed.Policies, 2)
}
