package integration

// Live test of issue 9, item 10: roles on a non-message record are ignored
// (seed: "used only if record_type is message"), not rejected. The request
// goes to the package raw: the Go client may check roles on its own.

import (
	"database/sql"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/tests/go/livedb"
)

func TestRolesIgnoredOffMessagesLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 3)
	for _, req := range []string{
		`{"record_type": "memory", "contents": ["roles ignored"], "record_ids": "ro1", "roles": "user"}`,
		`{"record_type": "fact", "contents": ["roles ignored"], "record_ids": "ro2", "roles": ["user", "x", ""]}`,
	} {
		var res string
		_, err := db.ExecContext(ctx, `begin :b_res := dbms_agent_memory_store.add_records(p_store_id => :b_store_id, p_request => :b_request); end;`,
			sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_store_id", s.ID()), sql.Named("b_request", req))
		require.NoError(t, err, "%s", req)
	}
	var got string
	_, err := db.ExecContext(ctx, `begin :b_res := dbms_agent_memory_store.get_record(p_store_id => :b_store_id, p_request => :b_request); end;`,
		sql.Named("b_res", livedb.StringOut(&got)), sql.Named("b_store_id", s.ID()),
		sql.Named("b_request", `{"record_type": "memory", "record_id": "ro1"}`))
	require.NoError(t, err)
	var resp struct {
		Record map[string]any `json:"record"`
	}
	require.NoError(t, json.Unmarshal([]byte(got), &resp), "%s", got)
	require.NotNil(t, resp.Record, "ro1 stored")
	assert.NotContains(t, resp.Record, "role", "a memory has no role")
}
