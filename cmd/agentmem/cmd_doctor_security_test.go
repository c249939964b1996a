package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

func TestCapabilityFindings(t *testing.T) {
	got := capabilityFindings(&agentmemory.SecurityCapabilitiesReport{Release: "23.9.0.0.0", Compatible: "23.6.0", VPD: true,
		Missing: []agentmemory.MissingCapability{{What: "release 23.26.2", Fix: "upgrade the database to 23.26.2 or later"}}})
	assert.Equal(t, levelOK, got[0].Level)
	assert.Equal(t, levelWarn, got[1].Level)
	assert.Contains(t, got[1].Detail, "Deep Data Security unavailable (release 23.9.0.0.0, COMPATIBLE 23.6.0")
	assert.Contains(t, got[1].Detail, "missing release 23.26.2")
	assert.Equal(t, "upgrade the database to 23.26.2 or later", got[1].Action)

	got = capabilityFindings(&agentmemory.SecurityCapabilitiesReport{Release: "23.26.2.0.0", Compatible: "23.6.0", DeepDataSecurity: true})
	assert.Equal(t, levelWarn, got[0].Level, "no VPD")
	assert.Contains(t, got[0].Action, "grant execute on sys.dbms_rls")
	assert.Equal(t, levelOK, got[1].Level)

	got = capabilityFindings(&agentmemory.SecurityCapabilitiesReport{DeepDataSecurity: true, VPD: true,
		Missing: []agentmemory.MissingCapability{{What: "CREATE DATA ROLE", Fix: "grant create data role to APP"}}})
	assert.Equal(t, levelWarn, got[1].Level, "available, but a privilege is missing")
	assert.Equal(t, "grant create data role to APP", got[1].Action)
}

func TestOwnerSecurityFindings(t *testing.T) {
	got := ownerSecurityFindings(ownerSecurity{createAnyContext: true, directRLS: true}, "APP")
	assert.Len(t, got, 2)
	assert.Equal(t, levelOK, got[0].Level)
	assert.Equal(t, levelOK, got[1].Level)

	got = ownerSecurityFindings(ownerSecurity{exemptPolicy: true}, "APP")
	assert.Len(t, got, 3)
	assert.Equal(t, "a DBA runs: grant create any context to APP, then agentmem install-packages", got[0].Action)
	assert.Equal(t, "a DBA runs: grant execute on sys.dbms_rls to APP", got[1].Action)
	assert.Equal(t, levelWarn, got[2].Level)
	assert.Contains(t, got[2].Detail, "EXEMPT ACCESS POLICY")
}

func TestIdentityFinding(t *testing.T) {
	f := identityFinding("runtime account", "AGENTMEM_APP", "APP", identityState{})
	assert.Equal(t, levelWarn, f.Level)
	assert.Contains(t, f.Action, "--app-user")
	f = identityFinding("runtime account", "AGENTMEM_APP", "APP", identityState{exists: true})
	assert.Equal(t, "as APP: agentmem store grant --id <store> --grantee AGENTMEM_APP (grant_access, per store)", f.Action)
	f = identityFinding("runtime account", "AGENTMEM_APP", "APP", identityState{exists: true, roles: "AGENTMEM_RT"})
	assert.Equal(t, levelWarn, f.Level)
	assert.Contains(t, f.Detail, "the roles AGENTMEM_RT hold it")
	assert.Contains(t, f.Action, "dba_role_privs")
	f = identityFinding("policy admin", "AGENTMEM_SECADMIN", "APP", identityState{exists: true})
	assert.Contains(t, f.Action, "grant execute on app.dbms_agent_memory_store to agentmem_secadmin")
	f = identityFinding("policy admin", "AGENTMEM_SECADMIN", "APP", identityState{exists: true, facadeExecute: true})
	assert.Equal(t, levelOK, f.Level)
	assert.Empty(t, f.Action)
}
