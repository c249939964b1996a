package integration

// grant_access / revoke_access to a role (issue 14): the same object grants
// as for a user, a missing grantee and synonyms for a role refused with
// INVALID_ARGUMENT before anything is granted. Live only (ORACLE_DSN).

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// envGranteeRole names an existing role that TestStoreGrantAndRevokeRole
// may grant to (scripts/dbinit/02_agentmem_identities.sh creates
// AGENTMEM_TEST_ROLE); without it the role part skips.
const envGranteeRole = "AGENTMEM_TEST_ROLE"

func TestStoreGrantRefusesMissingGranteeAndRoleSynonyms(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 8)
	const missing = "AGENTMEM_NO_SUCH_GRANTEE"
	grants := func(grantee string) int {
		return livedb.Get[int](t, ctx, db, `select count(*) from user_tab_privs_made where grantee = :1`, grantee)
	}

	err := agentmemory.GrantAccess(ctx, db, s.ID(), missing)
	var e *agentmemory.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "INVALID_ARGUMENT", e.Name)
	assert.Contains(t, e.Message, "neither an existing user nor an existing role")
	assert.Zero(t, grants(missing), "nothing granted")

	err = agentmemory.GrantAccess(ctx, db, s.ID(), missing, agentmemory.GrantOptions{CreateSynonyms: true})
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "INVALID_ARGUMENT", e.Name)
	assert.Contains(t, e.Message, "p_create_synonyms => true needs a user")

	require.NoError(t, agentmemory.RevokeAccess(ctx, db, s.ID(), missing), "revoking from a grantee holding nothing is a no-op")
}

func TestStoreGrantAndRevokeRole(t *testing.T) {
	db := livedb.Open(t)
	role := strings.ToUpper(strings.TrimSpace(os.Getenv(envGranteeRole)))
	if role == "" {
		t.Skipf("SKIPPED: grant/revoke to a role: set %s to an existing role (scripts/dbinit/02_agentmem_identities.sh creates AGENTMEM_TEST_ROLE)", envGranteeRole)
	}
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 8)
	privileges := func(table string) []string {
		return livedb.Select[string](t, ctx, db, `select privilege from user_tab_privs_made
 where grantee = :1 and table_name = :2 order by privilege`, role, table)
	}
	require.NoError(t, agentmemory.GrantAccess(ctx, db, s.ID(), strings.ToLower(role)))
	assert.Equal(t, []string{"DELETE", "INSERT", "SELECT", "UPDATE"}, privileges(s.ID()+"_MEMORY"))
	assert.Equal(t, []string{"EXECUTE"}, privileges("DBMS_AGENT_MEMORY_STORE"))
	require.NoError(t, agentmemory.GrantAccess(ctx, db, s.ID(), role, agentmemory.GrantOptions{Access: agentmemory.ReadOnly}))
	assert.Equal(t, []string{"SELECT"}, privileges(s.ID()+"_MEMORY"))
	require.NoError(t, agentmemory.RevokeAccess(ctx, db, s.ID(), role))
	assert.Empty(t, privileges(s.ID()+"_MEMORY"))
	assert.Empty(t, privileges("DBMS_AGENT_MEMORY_STORE"))
}
