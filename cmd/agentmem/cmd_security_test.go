package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

func TestSplitGlobalFlags(t *testing.T) {
	for _, c := range []struct {
		args       []string
		rest       []string
		user       string
		given      bool
		errMessage string
	}{
		{[]string{"get", "memory", "m1"}, []string{"get", "memory", "m1"}, "", false, ""},
		{[]string{"--end-user", "alice", "get", "memory", "m1"}, []string{"get", "memory", "m1"}, "alice", true, ""},
		{[]string{"-end-user=Bob O'Hara", "search", "q"}, []string{"search", "q"}, "Bob O'Hara", true, ""},
		{[]string{"get", "--end-user", "alice"}, []string{"get", "--end-user", "alice"}, "", false, ""},
		{[]string{"--end-user"}, nil, "", false, "needs a name"},
		{[]string{"--end-user=", "get"}, nil, "", false, "needs a name"},
	} {
		rest, user, given, err := splitGlobalFlags(c.args)
		if c.errMessage != "" {
			require.Error(t, err, c.args)
			assert.Contains(t, err.Error(), c.errMessage)
			continue
		}
		require.NoError(t, err, c.args)
		assert.Equal(t, c.rest, rest, c.args)
		assert.Equal(t, c.user, user, c.args)
		assert.Equal(t, c.given, given, c.args)
	}
}

func TestEndUserFlagOnlyForDataCommands(t *testing.T) {
	code, out, errOut := runCLI(t, "", "", "--end-user", "alice", "store", "list")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, `--end-user applies to the data commands`)
	assert.Contains(t, errOut, `not to "store"`)
	code, _, errOut = runCLI(t, "", "", "--end-user", "alice", "security", "capabilities")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `not to "security"`)
	// A data command takes it (and then needs a database).
	code, _, errOut = runCLI(t, "", "", "--end-user", "alice", "get", "memory", "m1")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "no database given")
	assert.NotContains(t, errOut, "alice", "the end user is not printed")
}

func TestEndUserFromFlagOrEnvironment(t *testing.T) {
	var out bytes.Buffer
	env := &cliEnv{Stdout: &out, Stderr: &out, Getenv: func(k string) string {
		if k == envEndUser {
			return "from-env"
		}
		return ""
	}}
	run(context.Background(), env, []string{"help"})
	assert.Equal(t, "from-env", env.EndUser)
	run(context.Background(), env, []string{"--end-user", "from-flag", "get"}) // fails later: no database

	assert.Equal(t, "from-flag", env.EndUser, "the flag wins over the environment")
}

// TestDataHandleCallsForTheEndUser: a store opened on dataHandle sends
// every call inside the end-user block; without an end user it sends none.
func TestDataHandleCallsForTheEndUser(t *testing.T) {
	f, db := openFakeDB(func(c fakeCall) (string, error) {
		if c.Fn == "open_store" {
			return readContract(t, "open_store/create_hybrid_auto.response.json"), nil
		}
		return `{"records":[]}`, nil
	})
	for _, user := range []string{"alice", ""} {
		env := &cliEnv{EndUser: user}
		s, err := agentmemory.Open(t.Context(), env.dataHandle(db), agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
		require.NoError(t, err)
		_, err = s.List(t.Context(), agentmemory.ListRequest{})
		require.NoError(t, err)
	}
	calls := f.Calls()
	require.Len(t, calls, 4)
	for i, c := range calls {
		want := map[bool]any{true: "alice", false: nil}[i < 2]
		assert.Equal(t, want, c.Args["b_end_user"], c.Fn)
	}
}

func TestSecurityFlags(t *testing.T) {
	f, err := parseSecurityFlags("add", []string{"--store", "MEM01", "--enforcement", "vpd"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.VPD, f.enforcement)
	assert.Equal(t, []agentmemory.SecurityPolicy{agentmemory.UserOwnRows, agentmemory.GlobalMemories}, f.policies, "add: both by default")

	f, err = parseSecurityFlags("grant", []string{"--principal", "alice", "--principal", "data_role:AGENT_ROLE",
		"--principal", "oci-group:agents", "--principal", "tenant:7", "--policies", "user_own_rows"})
	require.NoError(t, err)
	assert.Equal(t, []agentmemory.Principal{agentmemory.EndUserPrincipal("alice"), {Type: agentmemory.PrincipalDataRole, Name: "AGENT_ROLE"},
		{Type: agentmemory.PrincipalOCIGroup, Name: "agents"}, agentmemory.EndUserPrincipal("tenant:7")}, f.principals)
	assert.Equal(t, []agentmemory.SecurityPolicy{agentmemory.UserOwnRows}, f.policies)

	for args, want := range map[string]string{
		"grant":                "needs at least one --principal",
		"revoke --store M":     "needs at least one --principal",
		"frob":                 "unknown subcommand",
		"policies extra":       "takes no argument",
		"capabilities --store": "not defined: -store",
	} {
		a := strings.Fields(args)
		_, err := parseSecurityFlags(a[0], a[1:])
		require.Error(t, err, args)
		assert.Contains(t, err.Error(), want, args)
	}
}

func TestSecurityRemoveAndRevokeAskFirst(t *testing.T) {
	const dsn = "nobody/secret@127.0.0.1:9/none"
	code, out, errOut := runCLI(t, "no\n", dsn, "security", "remove", "--store", "mem01")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "This removes the security policies of store MEM01")
	assert.Contains(t, errOut, "not confirmed: expected MEM01")
	code, _, errOut = runCLI(t, "", dsn, "security", "revoke", "--store", "mem01", "--principal", "alice")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "revokes the security policies of store MEM01 from END_USER alice")
	code, _, errOut = runCLI(t, "MEM01\n", "", "security", "revoke", "--principal", "alice")
	assert.Equal(t, 2, code, "no database: a usage error before the question")
	assert.NotContains(t, errOut, "Type ")
}

// TestSecurityRun: each subcommand makes its one call on a plain handle and
// prints the result.
func TestSecurityRun(t *testing.T) {
	answers := map[string]string{
		"open_store":               readContract(t, "open_store/create_hybrid_auto.response.json"),
		"add_security_policies":    `{"store_id":"MEM01","enforcement":"VPD","policies":[{"policy":"USER_OWN_ROWS","created":true},{"policy":"GLOBAL_MEMORIES","created":false}],"statements":1}`,
		"remove_security_policies": `{"store_id":"MEM01","enforcement":"VPD","policies":[{"policy":"USER_OWN_ROWS","removed":true}],"statements":1}`,
		"grant_security_policies":  `{"granted":2}`,
		"revoke_security_policies": `{"revoked":1}`,
		"list_security_policies":   `{"policies":[{"policy":"USER_OWN_ROWS","enforcement":"VPD","created_at":"2026-12-02T01:00:00Z"}]}`,
		"list_security_grants":     `{"grants":[{"principal":{"type":"END_USER","name":"alice"},"policies":["USER_OWN_ROWS"]}]}`,
	}
	fdb, db := openFakeDB(func(c fakeCall) (string, error) { return answers[c.Fn], nil })
	s, err := agentmemory.Open(t.Context(), db, agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	require.NoError(t, err)
	for args, want := range map[string]string{
		"add --enforcement vpd":                   "USER_OWN_ROWS: added (VPD)",
		"remove --policies user_own_rows --yes":   "USER_OWN_ROWS: removed (VPD)",
		"grant --principal alice --principal bob": "granted 2 grant(s) of store HY01 to END_USER alice, END_USER bob",
		"revoke --principal alice --yes":          "revoked 1 grant(s)",
		"policies":                                "USER_OWN_ROWS  VPD",
		"grants":                                  "END_USER  alice      USER_OWN_ROWS",
	} {
		a := strings.Fields(args)
		f, err := parseSecurityFlags(a[0], a[1:])
		require.NoError(t, err, args)
		var out bytes.Buffer
		require.NoError(t, f.run(t.Context(), &cliEnv{Stdout: &out, Stderr: &out}, s), args)
		assert.Contains(t, out.String(), want, args)
	}
	for _, c := range fdb.Calls() {
		assert.NotContains(t, c.Args, "b_end_user", c.Fn)
	}
	for _, c := range fdb.Calls() {
		if c.Fn == "add_security_policies" {
			assert.JSONEq(t, `{"policies":["USER_OWN_ROWS","GLOBAL_MEMORIES"],"enforcement":"VPD"}`, c.Request)
		}
	}
}

func TestPrintCapabilities(t *testing.T) {
	var out bytes.Buffer
	printCapabilities(&out, &agentmemory.SecurityCapabilitiesReport{Release: "23.9.0.0.0", Compatible: "23.6.0", VPD: true,
		Missing:    []agentmemory.MissingCapability{{What: "Deep Data Security (23.26.2)", Fix: "upgrade to 23.26.2"}},
		Privileges: map[string]bool{"EXECUTE ON SYS.DBMS_RLS": true, "CREATE DATA ROLE": false}})
	assert.Equal(t, "release 23.9.0.0.0, COMPATIBLE 23.6.0\nVPD: available\nDeep Data Security: not available\n"+
		"privilege CREATE DATA ROLE: false\nprivilege EXECUTE ON SYS.DBMS_RLS: true\n"+
		"missing: Deep Data Security (23.26.2). Fix: upgrade to 23.26.2\n", out.String())
}
