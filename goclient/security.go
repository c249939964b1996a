package agentmemory

// The security policy administration of a store (issue 14; docs/security.md
// "Policies", "Deep Data Security", "Go and CLI"): typed Go over the facade's
// add/remove/grant/revoke/list_security_* functions and
// security_capabilities. The package validates every value (policy names,
// modes, principal names) and runs the DDL; the client encodes and decodes.
// The calls that change something commit their own autonomous transaction
// (see DBTX) and are refused under an end-user context
// (ErrEndUserContextForbidden): run them on a plain handle, as the owner.

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// SecurityPolicy names one of a store's end-user isolation policies.
type SecurityPolicy string

const (
	// UserOwnRows: rows whose owner is the end user, readable and writable
	// by that end user (identity and ownership columns fixed after insert).
	UserOwnRows SecurityPolicy = "USER_OWN_ROWS"
	// GlobalMemories: rows with no user (user_id NULL) and agent profiles,
	// readable by every granted end user, never writable by them.
	GlobalMemories SecurityPolicy = "GLOBAL_MEMORIES"
)

// Enforcement is how the database enforces a store's policies.
type Enforcement string

const (
	// VPD: DBMS_RLS policies keyed on the end user the application names
	// (ForEndUser); every release with DBMS_RLS (Enterprise Edition).
	VPD Enforcement = "VPD"
	// DeepDataSecurity: data roles and data grants keyed on the end user of
	// a Deep Data Security context, whose token the database verifies;
	// 26ai 23.26.2+ with COMPATIBLE >= 20.
	DeepDataSecurity Enforcement = "DEEP_DATA_SECURITY"
)

// PrincipalType is the kind of principal a policy is granted to.
type PrincipalType string

const (
	PrincipalEndUser  PrincipalType = "END_USER"  // an end user (both modes)
	PrincipalDataRole PrincipalType = "DATA_ROLE" // a Deep Data Security data role
	PrincipalOCIGroup PrincipalType = "OCI_GROUP" // an OCI IAM group of the end-user token (Deep Data Security)
)

// Principal is whom a store's policies are granted to.
type Principal struct {
	Type PrincipalType `json:"type"`
	Name string        `json:"name"`
}

// EndUserPrincipal is the END_USER principal name, the end-user name exactly
// as the application passes it to ForEndUser (VPD mode).
func EndUserPrincipal(name string) Principal { return Principal{Type: PrincipalEndUser, Name: name} }

// PolicyChange is one policy of an add or remove call: Changed false when
// it was already added (add) or absent (remove).
type PolicyChange struct {
	Policy  SecurityPolicy
	Changed bool
}

// SecurityPoliciesResult is what AddSecurityPolicies and
// RemoveSecurityPolicies report: the store, its enforcement mode, each
// policy named and whether the call changed it, and how many statements
// (DDL, or VPD attach/detach calls) it ran.
type SecurityPoliciesResult struct {
	StoreID     string
	Enforcement Enforcement
	Policies    []PolicyChange
	Statements  int
}

// SecurityPolicyInfo is one policy of a store (ListSecurityPolicies).
type SecurityPolicyInfo struct {
	Policy      SecurityPolicy `json:"policy"`
	Enforcement Enforcement    `json:"enforcement"`
	CreatedAt   time.Time      `json:"created_at"`
}

// SecurityGrant is the policies granted to one principal
// (ListSecurityGrants).
type SecurityGrant struct {
	Principal Principal        `json:"principal"`
	Policies  []SecurityPolicy `json:"policies"`
}

// MissingCapability is one thing the database lacks for a mode, with the fix.
type MissingCapability struct {
	What string `json:"what"`
	Fix  string `json:"fix"`
}

// SecurityCapabilitiesReport is what the database offers for the two modes
// (SecurityCapabilities): the release and COMPATIBLE, whether Deep Data
// Security and VPD are usable by the caller, what is missing and how to fix
// it, and the caller's privileges by name ("CREATE DATA ROLE", ...,
// "EXECUTE ON SYS.DBMS_RLS").
type SecurityCapabilitiesReport struct {
	Release          string              `json:"release"`
	Compatible       string              `json:"compatible"`
	DeepDataSecurity bool                `json:"deep_data_security"`
	VPD              bool                `json:"vpd"`
	Missing          []MissingCapability `json:"missing"`
	Privileges       map[string]bool     `json:"privileges"`
}

// The facade calls of the security administration.
const (
	blockAddSecurityPolicies    = `begin :b_res := dbms_agent_memory_store.add_security_policies(p_store_id => :b_store_id, p_request => :b_request); end;`
	blockRemoveSecurityPolicies = `begin :b_res := dbms_agent_memory_store.remove_security_policies(p_store_id => :b_store_id, p_request => :b_request); end;`
	blockGrantSecurityPolicies  = `begin :b_res := dbms_agent_memory_store.grant_security_policies(p_store_id => :b_store_id, p_request => :b_request); end;`
	blockRevokeSecurityPolicies = `begin :b_res := dbms_agent_memory_store.revoke_security_policies(p_store_id => :b_store_id, p_request => :b_request); end;`
	blockListSecurityPolicies   = `begin :b_res := dbms_agent_memory_store.list_security_policies(p_store_id => :b_store_id, p_schema_owner => :b_schema_owner); end;`
	blockListSecurityGrants     = `begin :b_res := dbms_agent_memory_store.list_security_grants(p_store_id => :b_store_id, p_schema_owner => :b_schema_owner); end;`
	blockSecurityCapabilities   = `begin :b_res := dbms_agent_memory_store.security_capabilities; end;`
)

// policyChangeWire is one element of the add/remove response's "policies".
type policyChangeWire struct {
	Policy  SecurityPolicy `json:"policy"`
	Created *bool          `json:"created"`
	Removed *bool          `json:"removed"`
}

type securityPoliciesWire struct {
	StoreID     string             `json:"store_id"`
	Enforcement Enforcement        `json:"enforcement"`
	Policies    []policyChangeWire `json:"policies"`
	Statements  int                `json:"statements"`
}

// result turns the response into SecurityPoliciesResult; key is "created"
// (add) or "removed" (remove), and a policy without it is malformed.
func (w securityPoliciesWire) result(op, key string) (*SecurityPoliciesResult, error) {
	r := &SecurityPoliciesResult{StoreID: w.StoreID, Enforcement: w.Enforcement, Statements: w.Statements}
	for _, p := range w.Policies {
		flag := p.Created
		if key == "removed" {
			flag = p.Removed
		}
		if flag == nil {
			return nil, fmt.Errorf("agentmemory: %s: malformed response from the package: policy %q without %q", op, p.Policy, key)
		}
		r.Policies = append(r.Policies, PolicyChange{Policy: p.Policy, Changed: *flag})
	}
	return r, nil
}

// AddSecurityPolicies adds policies to the store and puts them in force
// with enforcement (VPD or DeepDataSecurity; required while the store has no
// policy, else it must be the store's mode or ""). Adding a policy again
// changes nothing (Changed false). Errors: ErrInvalidArgument,
// ErrUnsupportedRelease (Deep Data Security unavailable: 23.26.2 and
// COMPATIBLE 20 are needed; checked before any change), ErrPrivilegeMissing,
// ErrSchemaMissing (migration 000003 not applied), ErrEndUserContextForbidden.
func (s *Store) AddSecurityPolicies(ctx context.Context, enforcement Enforcement, policies ...SecurityPolicy) (*SecurityPoliciesResult, error) {
	const op = "Store.AddSecurityPolicies"
	req := struct {
		Policies    []SecurityPolicy `json:"policies"`
		Enforcement Enforcement      `json:"enforcement,omitempty"`
	}{nonNil(policies), enforcement}
	var w securityPoliciesWire
	if err := s.securityCall(ctx, op, blockAddSecurityPolicies, req, &w); err != nil {
		return nil, err
	}
	return w.result(op, "created")
}

// RemoveSecurityPolicies removes policies, and their grants, from the store;
// no policy named removes every one. Removing an absent policy changes
// nothing. Errors as AddSecurityPolicies.
func (s *Store) RemoveSecurityPolicies(ctx context.Context, policies ...SecurityPolicy) (*SecurityPoliciesResult, error) {
	const op = "Store.RemoveSecurityPolicies"
	req := struct {
		Policies []SecurityPolicy `json:"policies,omitempty"`
	}{policies}
	var w securityPoliciesWire
	if err := s.securityCall(ctx, op, blockRemoveSecurityPolicies, req, &w); err != nil {
		return nil, err
	}
	return w.result(op, "removed")
}

// principalsRequest is the grant/revoke request.
type principalsRequest struct {
	Principals []Principal      `json:"principals"`
	Policies   []SecurityPolicy `json:"policies,omitempty"`
}

// GrantSecurityPolicies grants policies of the store (none named: every
// policy of the store) to principals and returns how many grants are new.
// VPD stores take END_USER principals only. Errors as AddSecurityPolicies.
func (s *Store) GrantSecurityPolicies(ctx context.Context, principals []Principal, policies ...SecurityPolicy) (int, error) {
	return s.principalsCall(ctx, "Store.GrantSecurityPolicies", blockGrantSecurityPolicies, "granted", principals, policies)
}

// RevokeSecurityPolicies revokes policies of the store (none named: every
// one) from principals and returns how many grants it removed.
func (s *Store) RevokeSecurityPolicies(ctx context.Context, principals []Principal, policies ...SecurityPolicy) (int, error) {
	return s.principalsCall(ctx, "Store.RevokeSecurityPolicies", blockRevokeSecurityPolicies, "revoked", principals, policies)
}

// principalsCall runs grant or revoke and returns the count the response
// gives under key; a response without it is malformed.
func (s *Store) principalsCall(ctx context.Context, op, block, key string, principals []Principal, policies []SecurityPolicy) (int, error) {
	var res map[string]json.RawMessage
	if err := s.securityCall(ctx, op, block, principalsRequest{nonNil(principals), policies}, &res); err != nil {
		return 0, err
	}
	var n *int
	if raw, ok := res[key]; ok {
		if err := json.Unmarshal(raw, &n); err != nil {
			return 0, fmt.Errorf("agentmemory: %s: malformed response from the package: %q: %w", op, key, err)
		}
	}
	if n == nil {
		return 0, fmt.Errorf("agentmemory: %s: malformed response from the package: no %q", op, key)
	}
	return *n, nil
}

// ListSecurityPolicies lists the store's policies, by name.
func (s *Store) ListSecurityPolicies(ctx context.Context) ([]SecurityPolicyInfo, error) {
	return securityList[SecurityPolicyInfo](ctx, s, "Store.ListSecurityPolicies", blockListSecurityPolicies, "policies")
}

// ListSecurityGrants lists the grants of the store's policies, by principal
// type, then name.
func (s *Store) ListSecurityGrants(ctx context.Context) ([]SecurityGrant, error) {
	return securityList[SecurityGrant](ctx, s, "Store.ListSecurityGrants", blockListSecurityGrants, "grants")
}

// securityList runs a read-only list function for the store and decodes
// the list under key (absent: empty).
func securityList[T any](ctx context.Context, s *Store, op, block, key string) ([]T, error) {
	var res map[string]json.RawMessage
	defer s.holdSession()()
	if err := callJSON(ctx, s.db, op, block, &res,
		sql.Named("b_store_id", s.ID()), sql.Named("b_schema_owner", s.owner)); err != nil {
		return nil, err
	}
	var out []T
	if raw, ok := res[key]; ok {
		if err := json.Unmarshal(raw, &out); err != nil {
			return nil, fmt.Errorf("agentmemory: %s: malformed response from the package: %q: %w", op, key, err)
		}
	}
	return nonNil(out), nil
}

// SecurityCapabilities reports what the database offers the caller for the
// two enforcement modes: no store needed (`agentmem security capabilities`,
// doctor). Errors: ErrEndUserContextForbidden.
func SecurityCapabilities(ctx context.Context, db DBTX) (*SecurityCapabilitiesReport, error) {
	const op = "SecurityCapabilities"
	var r SecurityCapabilitiesReport
	if err := callJSON(ctx, db, op, blockSecurityCapabilities, &r); err != nil {
		return nil, err
	}
	r.Missing = nonNil(r.Missing)
	return &r, nil
}

// securityCall runs one changing security function for the store: the
// request as JSON, the response decoded into out.
func (s *Store) securityCall(ctx context.Context, op, block string, req, out any) error {
	body, err := encodeRequest(req)
	if err != nil {
		return fmt.Errorf("agentmemory: %s: encoding the request: %w", op, err)
	}
	defer s.holdSession()()
	return callJSON(ctx, s.db, op, block, out, sql.Named("b_store_id", s.ID()), sql.Named("b_request", clobIn(body)))
}
