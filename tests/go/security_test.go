package integration

// Live tests of end-user isolation (docs/security.md, issue 14) through raw
// facade calls in the one-block wrapper of the security contract: the
// pooled-session guarantee (no end user survives a call on the same
// session, also after an error mid-call), VPD isolation of two end users
// UA and UB with a global memory, and, with AGENTMEM_RUNTIME_DSN, what a
// runtime account sees without and with an end user. The utPLSQL suite
// test_agentmem_security covers every API and every table in the owner's
// session.

import (
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/tests/go/livedb"
)

// endUserBlock is the contract's wrapper: the end user is set and cleared in
// the same round trip as the call, and cleared on every exit.
func endUserBlock(call string) string {
	return `begin dbms_agent_memory_store.set_end_user(p_end_user => :b_end_user); ` + call +
		`; dbms_agent_memory_store.clear_end_user; exception when others then` +
		` dbms_agent_memory_store.clear_end_user; raise; end;`
}

// callAs runs call (PL/SQL assigning :b_res, with :b_store and :b_req) in the
// wrapper as endUser on conn; endUser "" runs it without the wrapper.
func callAs(ctx context.Context, conn *sql.Conn, endUser, call, store, req string) (string, error) {
	var res string
	text := `begin ` + call + `; end;`
	if endUser != "" {
		text = endUserBlock(call)
	}
	// Only the binds the text names (a driver rejects the others).
	args := []any{sql.Named("b_res", livedb.StringOut(&res))}
	for name, value := range map[string]string{"b_store": store, "b_req": req, "b_end_user": endUser} {
		if strings.Contains(text, ":"+name) {
			args = append(args, sql.Named(name, value))
		}
	}
	_, err := conn.ExecContext(ctx, text, args...)
	return res, err
}

const (
	callCurrent    = `:b_res := nvl(dbms_agent_memory_store.current_end_user, '-')`
	callGetRecord  = `:b_res := dbms_lob.substr(dbms_agent_memory_store.get_record(:b_store, :b_req), 32767, 1)`
	callList       = `:b_res := dbms_lob.substr(dbms_agent_memory_store.list_records(:b_store, :b_req), 32767, 1)`
	callOpenThread = `:b_res := dbms_lob.substr(dbms_agent_memory_store.open_thread(:b_store, :b_req), 32767, 1)`
	callAddRecords = `:b_res := dbms_lob.substr(dbms_agent_memory_store.add_records(:b_store, :b_req), 32767, 1)`
	callSearch     = `:b_res := dbms_lob.substr(dbms_agent_memory_store.search(:b_store, :b_req), 32767, 1)`
)

// oraCode is the ORA code of err (20107 for END_USER_CONTEXT_REQUIRED), or 0.
func oraCode(err error) int {
	if oe, ok := livedb.AsOraErr(err); ok {
		return oe.Code()
	}
	return 0
}

// requireEndUserContext skips when the application context was not created
// at install time (CREATE ANY CONTEXT missing: SCHEMA_MISSING, -20103).
func requireEndUserContext(t *testing.T, ctx context.Context, conn *sql.Conn) {
	t.Helper()
	_, err := callAs(ctx, conn, "probe", callCurrent, "", "")
	if oraCode(err) == 20103 {
		t.Skip("SKIPPED: the end-user application context does not exist: grant CREATE ANY CONTEXT to the owner" +
			" and run agentmem install-packages")
	}
	require.NoError(t, err)
}

func oneConn(t *testing.T, ctx context.Context, db *sql.DB) *sql.Conn {
	t.Helper()
	conn, err := db.Conn(ctx)
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// The pooled-session test: one session, a call as UA, an error mid-call as
// UA, then a call without an end user and one as UB: no identity survives.
func TestEndUserPooledSessionLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	conn := oneConn(t, ctx, db)
	requireEndUserContext(t, ctx, conn)
	id := createVector(t, ctx, db, 3).ID()

	got, err := callAs(ctx, conn, "UA", callCurrent, "", "")
	require.NoError(t, err)
	assert.Equal(t, "UA", got, "the end user inside the block")
	got, err = callAs(ctx, conn, "UA", callOpenThread, id, `{"thread_id": "pool-a"}`)
	require.NoError(t, err)
	assert.Contains(t, got, `"user_id":"UA"`, "open_thread infers the end user")

	_, err = callAs(ctx, conn, "UA", callGetRecord, id, `{"record_type": "memory"}`)
	require.Error(t, err, "get_record without record_id fails mid-call")
	assert.Equal(t, 20100, oraCode(err), "INVALID_ARGUMENT")

	got, err = callAs(ctx, conn, "", callCurrent, "", "")
	require.NoError(t, err)
	assert.Equal(t, "-", got, "no end user survives the failed call")
	got, err = callAs(ctx, conn, "", callOpenThread, id, `{"thread_id": "pool-none"}`)
	require.NoError(t, err)
	assert.NotContains(t, got, `"user_id":"UA"`, "a call without an end user infers nothing")

	got, err = callAs(ctx, conn, "UB", callCurrent, "", "")
	require.NoError(t, err)
	assert.Equal(t, "UB", got, "the next caller's end user, not the previous one")
	got, err = callAs(ctx, conn, "", callCurrent, "", "")
	require.NoError(t, err)
	assert.Equal(t, "-", got, "cleared after a successful call too")
}

// protectStore writes the store's data set as the owner, then its policy
// rows and grants, and attaches the VPD policies; it skips with the reason
// when the database cannot (migration 000003_security, DBMS_RLS, EE).
func protectStore(t *testing.T, ctx context.Context, conn *sql.Conn, id string) {
	t.Helper()
	for _, req := range []string{
		`{"record_type": "thread", "contents": [null, null], "record_ids": ["tA", "tB"], "user_ids": ["UA", "UB"]}`,
		`{"record_type": "memory", "contents": ["alpha pizza", "beta pizza", "global pizza"],` +
			` "record_ids": ["memA", "memB", "memG"], "user_ids": ["UA", "UB", null],` +
			` "embeddings": [[1, 0, 0], [0.95, 0.05, 0], [0.8, 0.2, 0]]}`,
	} {
		_, err := callAs(ctx, conn, "", callAddRecords, id, req)
		require.NoError(t, err)
	}
	_, err := conn.ExecContext(ctx, `insert into agentmem_security_policy (store_id, policy, enforcement)
 select :b_store, p.policy, 'VPD' from (select 'USER_OWN_ROWS' policy from dual union all select 'GLOBAL_MEMORIES' from dual) p`,
		sql.Named("b_store", id))
	if oraCode(err) == 942 {
		t.Skip("SKIPPED: migration 000003_security is not applied (no AGENTMEM_SECURITY_POLICY)")
	}
	require.NoError(t, err)
	_, err = conn.ExecContext(ctx, `insert into agentmem_security_grant (store_id, principal_type, principal, policy)
 select :b_store, 'END_USER', u.principal, p.policy
   from (select 'UA' principal from dual union all select 'UB' from dual) u
  cross join (select 'USER_OWN_ROWS' policy from dual union all select 'GLOBAL_MEMORIES' from dual) p`,
		sql.Named("b_store", id))
	require.NoError(t, err)
	_, err = conn.ExecContext(ctx, `begin commit; end;`)
	require.NoError(t, err)
	_, err = conn.ExecContext(ctx, `begin agentmem_vpd.attach_policies(p_owner => user, p_store_id => :b_store); end;`,
		sql.Named("b_store", id))
	switch oraCode(err) {
	case 439:
		t.Skip("SKIPPED: VPD is not enabled (ORA-00439: Fine-grained access control needs Enterprise Edition)")
	case 20110:
		t.Skip("SKIPPED: the owner has no EXECUTE on SYS.DBMS_RLS")
	}
	require.NoError(t, err)
	// Idempotent: a second attach changes nothing and does not fail.
	_, err = conn.ExecContext(ctx, `begin agentmem_vpd.attach_policies(p_owner => user, p_store_id => :b_store); end;`,
		sql.Named("b_store", id))
	require.NoError(t, err)
}

// recordIDs lists the ids of a list_records or search response, sorted.
func recordIDs(t *testing.T, doc string) []string {
	t.Helper()
	var resp struct {
		Records []struct {
			ID string `json:"id"`
		} `json:"records"`
		Results []struct {
			Record struct {
				ID string `json:"id"`
			} `json:"record"`
		} `json:"results"`
	}
	require.NoError(t, json.Unmarshal([]byte(doc), &resp), doc)
	var ids []string
	for _, r := range resp.Records {
		ids = append(ids, r.ID)
	}
	for _, r := range resp.Results {
		ids = append(ids, r.Record.ID)
	}
	sort.Strings(ids)
	return ids
}

// UA and UB on one session: each sees its own rows and the global one, by
// package calls and by direct SQL in the same wrapper.
func TestEndUserVPDIsolationLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	conn := oneConn(t, ctx, db)
	requireEndUserContext(t, ctx, conn)
	id := createVector(t, ctx, db, 3).ID()
	protectStore(t, ctx, conn, id)

	for user, want := range map[string][]string{"UA": {"memA", "memG"}, "UB": {"memB", "memG"}} {
		got, err := callAs(ctx, conn, user, callList, id, `{"record_type": "memory"}`)
		require.NoError(t, err)
		assert.Equal(t, want, recordIDs(t, got), "%s: list_records", user)
		got, err = callAs(ctx, conn, user, callSearch, id, `{"query_vector": [1, 0, 0], "k": 10}`)
		require.NoError(t, err)
		assert.Equal(t, want, recordIDs(t, got), "%s: search", user)
	}
	// Direct SQL under the wrapper: the table name comes from the store id
	// (livedb.StoreID: letters, digits and _ only).
	table := id + "_MEMORY"
	var n int
	_, err := conn.ExecContext(ctx, endUserBlock(`select count(*) into :b_n from `+table+` where user_id = 'UB'`),
		sql.Named("b_n", sql.Out{Dest: &n}), sql.Named("b_end_user", "UA"))
	require.NoError(t, err)
	assert.Zero(t, n, "UA selects no UB row directly")
	_, err = conn.ExecContext(ctx, endUserBlock(`update `+table+` set content = 'x' where user_id = 'UB'; :b_n := sql%rowcount`),
		sql.Named("b_n", sql.Out{Dest: &n}), sql.Named("b_end_user", "UA"))
	require.NoError(t, err)
	assert.Zero(t, n, "UA updates no UB row directly")
	// The owner without an end user sees everything (setup only).
	got, err := callAs(ctx, conn, "", callList, id, `{"record_type": "memory"}`)
	require.NoError(t, err)
	assert.Equal(t, []string{"memA", "memB", "memG"}, recordIDs(t, got), "the owner without an end user")
}

// A runtime account (AGENTMEM_RUNTIME_DSN) granted a protected store: a
// package call without an end user is END_USER_CONTEXT_REQUIRED, direct SQL
// without one sees no row, and as UA it sees UA's and the global rows.
func TestEndUserRuntimeAccountLive(t *testing.T) {
	db := livedb.Open(t)
	runtimeDSN := strings.TrimSpace(os.Getenv(envRuntimeDSN))
	if runtimeDSN == "" {
		t.Skipf("SKIPPED: the runtime account's view of a protected store: set %s to the DSN of an existing user"+
			" other than the test schema", envRuntimeDSN)
	}
	ctx := storeContext(t)
	conn := oneConn(t, ctx, db)
	requireEndUserContext(t, ctx, conn)
	id := createVector(t, ctx, db, 3).ID()
	protectStore(t, ctx, conn, id)
	owner := livedb.Schema(t, db)
	rt, grantee := runtimeUser(t, ctx, runtimeDSN, owner)
	_, err := conn.ExecContext(ctx, `begin dbms_agent_memory_store.grant_access(:b_store, :b_grantee); end;`,
		sql.Named("b_store", id), sql.Named("b_grantee", grantee))
	require.NoError(t, err)
	rconn := oneConn(t, ctx, rt)
	qualified := func(call string) string {
		return strings.ReplaceAll(call, "dbms_agent_memory_store.", owner+".dbms_agent_memory_store.")
	}
	list := qualified(`:b_res := dbms_lob.substr(dbms_agent_memory_store.list_records(:b_store, :b_req, p_schema_owner => '` +
		owner + `'), 32767, 1)`)

	_, err = callAs(ctx, rconn, "", list, id, `{"record_type": "memory"}`)
	require.Error(t, err)
	assert.Equal(t, 20107, oraCode(err), "END_USER_CONTEXT_REQUIRED without an end user")

	var n int
	err = rconn.QueryRowContext(ctx, `select count(*) from `+owner+`.`+id+`_MEMORY`).Scan(&n)
	require.NoError(t, err)
	assert.Zero(t, n, "direct SQL without an end user sees nothing")

	var res string
	_, err = rconn.ExecContext(ctx, qualified(endUserBlock(list)), sql.Named("b_res", livedb.StringOut(&res)),
		sql.Named("b_store", id), sql.Named("b_req", `{"record_type": "memory"}`), sql.Named("b_end_user", "UA"))
	require.NoError(t, err)
	assert.Equal(t, []string{"memA", "memG"}, recordIDs(t, res), "the runtime account as UA")
}
