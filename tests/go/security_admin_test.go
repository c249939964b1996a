package integration

// Live tests of the security policy administration (issue 14,
// docs/security.md "Policies"), through raw facade calls as the policy
// administrator (here the schema owner): the capabilities report, the VPD
// lifecycle add → grant → list → revoke → remove, Deep Data Security where
// the database has it, and rejections by their error codes. The Go client
// and CLI wrappers are tested with them (GOSEC's tests).

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/tests/go/livedb"
)

// The facade calls of these tests, whole, so the static checker's
// GO-CONTRACT rule checks them against the spec.
const (
	sqlSecurityCaps   = `begin :b_res := dbms_agent_memory_store.security_capabilities; end;`
	sqlAddSecurity    = `begin :b_res := dbms_agent_memory_store.add_security_policies(p_store_id => :b_store, p_request => :b_request); end;`
	sqlRemoveSecurity = `begin :b_res := dbms_agent_memory_store.remove_security_policies(p_store_id => :b_store, p_request => :b_request); end;`
	sqlGrantSecurity  = `begin :b_res := dbms_agent_memory_store.grant_security_policies(p_store_id => :b_store, p_request => :b_request); end;`
	sqlRevokeSecurity = `begin :b_res := dbms_agent_memory_store.revoke_security_policies(p_store_id => :b_store, p_request => :b_request); end;`
	sqlListPolicies   = `begin :b_res := dbms_agent_memory_store.list_security_policies(p_store_id => :b_store); end;`
	sqlListGrants     = `begin :b_res := dbms_agent_memory_store.list_security_grants(p_store_id => :b_store); end;`
)

// secAdminCall runs one of the statements above and returns the JSON
// response bound to :b_res.
func secAdminCall(ctx context.Context, t *testing.T, db *sql.DB, stmt string, args ...any) (string, error) {
	t.Helper()
	var res string
	binds := append([]any{sql.Named("b_res", livedb.StringOut(&res))}, args...)
	_, err := db.ExecContext(ctx, stmt, binds...)
	return res, err
}

// secAdminDecode decodes a response into v, failing on keys v does not have.
func secAdminDecode(t *testing.T, res string, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader([]byte(res)))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(v), "response %s", res)
}

type secAdminCaps struct {
	Release          *string `json:"release"`
	Compatible       *string `json:"compatible"`
	DeepDataSecurity bool    `json:"deep_data_security"`
	VPD              bool    `json:"vpd"`
	Missing          []struct {
		What string `json:"what"`
		Fix  string `json:"fix"`
	} `json:"missing"`
	Privileges map[string]bool `json:"privileges"`
}

func secAdminReadCaps(ctx context.Context, t *testing.T, db *sql.DB) secAdminCaps {
	t.Helper()
	res, err := secAdminCall(ctx, t, db, sqlSecurityCaps)
	require.NoError(t, err)
	var caps secAdminCaps
	secAdminDecode(t, res, &caps)
	return caps
}

func TestSecurityCapabilitiesLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	caps := secAdminReadCaps(ctx, t, db)
	require.NotNil(t, caps.Release, "release")
	assert.NotEmpty(t, *caps.Release)
	if !caps.DeepDataSecurity || !caps.VPD {
		assert.NotEmpty(t, caps.Missing, "a missing mode says what is missing")
	}
	for _, m := range caps.Missing {
		assert.NotEmpty(t, m.What)
		assert.NotEmpty(t, m.Fix, "missing %q has a fix", m.What)
	}
	for _, p := range []string{"CREATE DATA ROLE", "GRANT ANY DATA ROLE", "CREATE DATA GRANT", "SET USE DATA GRANTS ONLY",
		"EXECUTE ON SYS.DBMS_RLS"} {
		assert.Contains(t, caps.Privileges, p)
	}
	assert.Equal(t, caps.VPD, caps.Privileges["EXECUTE ON SYS.DBMS_RLS"])
}

type secAdminPolicyResult struct {
	StoreID     *string `json:"store_id"`
	Enforcement *string `json:"enforcement"`
	Policies    []struct {
		Policy  string `json:"policy"`
		Created *bool  `json:"created"`
		Removed *bool  `json:"removed"`
	} `json:"policies"`
	Statements int `json:"statements"`
}

type secAdminGrantList struct {
	Grants []struct {
		Principal struct {
			Type string `json:"type"`
			Name string `json:"name"`
		} `json:"principal"`
		Policies []string `json:"policies"`
	} `json:"grants"`
}

// secAdminStore creates a VECTOR store for one test, dropped at its end.
func secAdminStore(ctx context.Context, t *testing.T, db *sql.DB) string {
	t.Helper()
	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	conn, err := db.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()
	_, err = openStoreRaw(ctx, conn, `{"memory_store_id": "`+id+`", "schema_policy": "CREATE_IF_NECESSARY",
 "search_strategy": "VECTOR", "vector_dim": 3}`)
	require.NoError(t, err)
	return id
}

func TestSecurityPoliciesVPDLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	if caps := secAdminReadCaps(ctx, t, db); !caps.VPD {
		t.Skipf("SKIPPED: security policies in VPD mode: security_capabilities reports no VPD: %+v", caps.Missing)
	}
	id := secAdminStore(ctx, t, db)
	store := sql.Named("b_store", id)
	call := func(stmt, request string) (string, error) {
		return secAdminCall(ctx, t, db, stmt, store, sql.Named("b_request", request))
	}

	res, err := call(sqlAddSecurity, `{"policies": ["USER_OWN_ROWS", "GLOBAL_MEMORIES"], "enforcement": "VPD"}`)
	require.NoError(t, err)
	var added secAdminPolicyResult
	secAdminDecode(t, res, &added)
	require.Len(t, added.Policies, 2)
	assert.True(t, *added.Policies[0].Created && *added.Policies[1].Created, "first add creates: %s", res)
	res, err = call(sqlAddSecurity, `{"policies": ["USER_OWN_ROWS", "GLOBAL_MEMORIES"], "enforcement": "VPD"}`)
	require.NoError(t, err)
	secAdminDecode(t, res, &added)
	assert.False(t, *added.Policies[0].Created || *added.Policies[1].Created, "second add creates nothing: %s", res)

	res, err = call(sqlGrantSecurity, `{"principals": [{"type": "END_USER", "name": "Alice@example.com"}]}`)
	require.NoError(t, err)
	assert.JSONEq(t, `{"granted": 2}`, res)
	res, err = secAdminCall(ctx, t, db, sqlListGrants, store)
	require.NoError(t, err)
	var grants secAdminGrantList
	secAdminDecode(t, res, &grants)
	require.Len(t, grants.Grants, 1)
	assert.Equal(t, "Alice@example.com", grants.Grants[0].Principal.Name, "VPD keeps the name exactly")
	assert.Equal(t, []string{"GLOBAL_MEMORIES", "USER_OWN_ROWS"}, grants.Grants[0].Policies)

	res, err = call(sqlRevokeSecurity, `{"principals": [{"type": "END_USER", "name": "Alice@example.com"}],
 "policies": ["GLOBAL_MEMORIES"]}`)
	require.NoError(t, err)
	assert.JSONEq(t, `{"revoked": 1}`, res)

	res, err = call(sqlRemoveSecurity, `{}`)
	require.NoError(t, err)
	var removed secAdminPolicyResult
	secAdminDecode(t, res, &removed)
	require.Len(t, removed.Policies, 2)
	res, err = secAdminCall(ctx, t, db, sqlListPolicies, store)
	require.NoError(t, err)
	assert.JSONEq(t, `{"policies": []}`, res)
	res, err = secAdminCall(ctx, t, db, sqlListGrants, store)
	require.NoError(t, err)
	assert.JSONEq(t, `{"grants": []}`, res, "the grants went with their policies")
}

func TestSecurityPoliciesRejectedLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	id := secAdminStore(ctx, t, db)
	for _, c := range []struct {
		name, store, request string
		code                 int
	}{
		{"unknown policy", id, `{"policies": ["EVERYTHING"], "enforcement": "VPD"}`, 20100},
		{"unknown key", id, `{"policies": ["USER_OWN_ROWS"], "enforcement": "VPD", "x": 1}`, 20100},
		{"unknown mode", id, `{"policies": ["USER_OWN_ROWS"], "enforcement": "RLS"}`, 20100},
		{"no mode on a store without policies", id, `{"policies": ["USER_OWN_ROWS"]}`, 20100},
		{"unknown store", "UTS_NO_SUCH_SEC", `{"policies": ["USER_OWN_ROWS"], "enforcement": "VPD"}`, 20101},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := secAdminCall(ctx, t, db, sqlAddSecurity,
				sql.Named("b_store", c.store), sql.Named("b_request", c.request))
			require.Error(t, err)
			oe, ok := livedb.AsOraErr(err)
			require.True(t, ok, "an Oracle error: %v", err)
			assert.Equal(t, c.code, oe.Code(), oe.Message())
		})
	}
	res, err := secAdminCall(ctx, t, db, sqlListPolicies, sql.Named("b_store", id))
	require.NoError(t, err)
	assert.JSONEq(t, `{"policies": []}`, res, "nothing was registered")

	if caps := secAdminReadCaps(ctx, t, db); !caps.DeepDataSecurity {
		_, err := secAdminCall(ctx, t, db, sqlAddSecurity,
			sql.Named("b_store", id), sql.Named("b_request", `{"policies": ["USER_OWN_ROWS"], "enforcement": "DEEP_DATA_SECURITY"}`))
		require.Error(t, err)
		oe, ok := livedb.AsOraErr(err)
		require.True(t, ok, "an Oracle error: %v", err)
		assert.Equal(t, 20106, oe.Code(), "UNSUPPORTED_RELEASE: %s", oe.Message())
		assert.Contains(t, oe.Message(), "23.26.2")
	}
}
