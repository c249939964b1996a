package agentmemory

// The security administration calls (security.go): the request each sends,
// the binds, the typed decoding of the contract's response shapes, and the
// refusal of a response without its count or flags.

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAddSecurityPoliciesRequestAndResult(t *testing.T) {
	f, s := testStore("sec", answer(`{"store_id":"REC01","enforcement":"VPD","policies":[{"policy":"USER_OWN_ROWS","created":true},{"policy":"GLOBAL_MEMORIES","created":false}],"statements":1}`))
	r, err := s.AddSecurityPolicies(t.Context(), VPD, UserOwnRows, GlobalMemories)
	require.NoError(t, err)
	assert.Equal(t, &SecurityPoliciesResult{StoreID: "REC01", Enforcement: VPD, Statements: 1,
		Policies: []PolicyChange{{UserOwnRows, true}, {GlobalMemories, false}}}, r)
	c := f.Calls()[0]
	assert.Equal(t, "add_security_policies", c.Fn)
	assert.Equal(t, "REC01", c.Args["b_store_id"])
	assert.JSONEq(t, `{"policies":["USER_OWN_ROWS","GLOBAL_MEMORIES"],"enforcement":"VPD"}`, c.Args["b_request"].(string))
	assert.NotContains(t, c.SQL, "end_user", "an admin call of a plain store sends no end user")
}

func TestAddSecurityPoliciesOmitsAnEmptyMode(t *testing.T) {
	f, s := testStore("sec", answer(`{"store_id":"REC01","enforcement":"VPD","policies":[],"statements":0}`))
	_, err := s.AddSecurityPolicies(t.Context(), "")
	require.NoError(t, err)
	assert.JSONEq(t, `{"policies":[]}`, f.Calls()[0].Args["b_request"].(string), "the package decides what an empty list means")
}

func TestRemoveSecurityPolicies(t *testing.T) {
	f, s := testStore("sec", answer(`{"store_id":"REC01","enforcement":"DEEP_DATA_SECURITY","policies":[{"policy":"USER_OWN_ROWS","removed":true}],"statements":12}`))
	r, err := s.RemoveSecurityPolicies(t.Context())
	require.NoError(t, err)
	assert.Equal(t, []PolicyChange{{UserOwnRows, true}}, r.Policies)
	assert.Equal(t, 12, r.Statements)
	assert.Equal(t, DeepDataSecurity, r.Enforcement)
	assert.JSONEq(t, `{}`, f.Calls()[0].Args["b_request"].(string), "no policy named: all of them")
	_, err = s.RemoveSecurityPolicies(t.Context(), GlobalMemories)
	require.NoError(t, err)
	assert.JSONEq(t, `{"policies":["GLOBAL_MEMORIES"]}`, f.Calls()[1].Args["b_request"].(string))
}

func TestGrantAndRevokeSecurityPolicies(t *testing.T) {
	f, s := testStore("sec", func(c fakeCall) (string, error) {
		if c.Fn == "grant_security_policies" {
			return `{"granted":2}`, nil
		}
		return `{"revoked":1}`, nil
	})
	ps := []Principal{EndUserPrincipal("Alice O'Hara"), {Type: PrincipalDataRole, Name: "AGENT_ROLE"}}
	n, err := s.GrantSecurityPolicies(t.Context(), ps, UserOwnRows)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	n, err = s.RevokeSecurityPolicies(t.Context(), ps[:1])
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	calls := f.Calls()
	assert.JSONEq(t, `{"principals":[{"type":"END_USER","name":"Alice O'Hara"},{"type":"DATA_ROLE","name":"AGENT_ROLE"}],"policies":["USER_OWN_ROWS"]}`,
		calls[0].Args["b_request"].(string))
	assert.JSONEq(t, `{"principals":[{"type":"END_USER","name":"Alice O'Hara"}]}`, calls[1].Args["b_request"].(string))
	assert.Equal(t, "revoke_security_policies", calls[1].Fn)
}

func TestListSecurityPoliciesAndGrants(t *testing.T) {
	f, s := testStore("sec", func(c fakeCall) (string, error) {
		if c.Fn == "list_security_policies" {
			return `{"policies":[{"policy":"GLOBAL_MEMORIES","enforcement":"VPD","created_at":"2026-12-02T01:00:00Z"}]}`, nil
		}
		return `{"grants":[{"principal":{"type":"END_USER","name":"alice"},"policies":["GLOBAL_MEMORIES","USER_OWN_ROWS"]}]}`, nil
	})
	s.owner = "APP"
	ps, err := s.ListSecurityPolicies(t.Context())
	require.NoError(t, err)
	assert.Equal(t, []SecurityPolicyInfo{{GlobalMemories, VPD, time.Date(2026, 12, 2, 1, 0, 0, 0, time.UTC)}}, ps)
	gs, err := s.ListSecurityGrants(t.Context())
	require.NoError(t, err)
	assert.Equal(t, []SecurityGrant{{EndUserPrincipal("alice"), []SecurityPolicy{GlobalMemories, UserOwnRows}}}, gs)
	for _, c := range f.Calls() {
		assert.Equal(t, "APP", c.Args["b_schema_owner"])
		assert.Equal(t, "REC01", c.Args["b_store_id"])
	}
}

func TestSecurityCapabilities(t *testing.T) {
	resp := `{"release":"23.26.2.0.0","compatible":"23.6.0","deep_data_security":false,"vpd":true,` +
		`"missing":[{"what":"CREATE DATA ROLE","fix":"grant create data role to APP"}],"privileges":{"CREATE DATA ROLE":false,"EXECUTE ON SYS.DBMS_RLS":true}}`
	f, db := newFakeDB(answer(resp))
	r, err := SecurityCapabilities(t.Context(), db)
	require.NoError(t, err)
	assert.Equal(t, &SecurityCapabilitiesReport{Release: "23.26.2.0.0", Compatible: "23.6.0", VPD: true,
		Missing:    []MissingCapability{{"CREATE DATA ROLE", "grant create data role to APP"}},
		Privileges: map[string]bool{"CREATE DATA ROLE": false, "EXECUTE ON SYS.DBMS_RLS": true}}, r)
	assert.Equal(t, "security_capabilities", f.Calls()[0].Fn)
	var back map[string]any
	require.NoError(t, json.Unmarshal([]byte(resp), &back))
	assert.Len(t, back, 6, "every key of the response has a field")
}

func TestSecurityResponsesTheClientCannotRead(t *testing.T) {
	for name, c := range map[string]struct {
		resp string
		call func(*Store) error
	}{
		"add without created": {`{"store_id":"REC01","enforcement":"VPD","policies":[{"policy":"USER_OWN_ROWS"}],"statements":1}`,
			func(s *Store) error { _, err := s.AddSecurityPolicies(t.Context(), VPD, UserOwnRows); return err }},
		"remove with created": {`{"store_id":"REC01","enforcement":"VPD","policies":[{"policy":"USER_OWN_ROWS","created":true}],"statements":1}`,
			func(s *Store) error { _, err := s.RemoveSecurityPolicies(t.Context()); return err }},
		"grant without granted": {`{}`,
			func(s *Store) error { _, err := s.GrantSecurityPolicies(t.Context(), nil); return err }},
		"revoke without revoked": {`{"granted":1}`,
			func(s *Store) error { _, err := s.RevokeSecurityPolicies(t.Context(), nil); return err }},
		"list not JSON": {`[`,
			func(s *Store) error { _, err := s.ListSecurityPolicies(t.Context()); return err }},
	} {
		t.Run(name, func(t *testing.T) {
			_, s := testStore("sec", answer(c.resp))
			err := c.call(s)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "malformed response from the package")
		})
	}
}

func TestSecurityErrorsMapToTheirClass(t *testing.T) {
	_, s := testStore("sec", func(fakeCall) (string, error) {
		return "", fakeOraErr{20106, "UNSUPPORTED_RELEASE: Deep Data Security needs 23.26.2 and COMPATIBLE >= 20"}
	})
	_, err := s.AddSecurityPolicies(t.Context(), DeepDataSecurity, UserOwnRows)
	assert.ErrorIs(t, err, ErrUnsupportedRelease)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "Store.AddSecurityPolicies", e.Op)
}
