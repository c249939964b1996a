package agentmemory

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWrapBlockReturnsSmallResponsesInTheExecute(t *testing.T) {
	got, err := wrapBlock(blockOpenStore)
	require.NoError(t, err)
	assert.Equal(t, "declare l_res clob; begin l_res := dbms_agent_memory_store.open_store(p_request => :b_request); "+
		"if dbms_lob.getlength(l_res) > 8191 then :b_small := null; :b_big := l_res; "+
		"else :b_small := dbms_lob.substr(l_res, 8191, 1); :b_big := null; end if; end;", got)
	assert.NotContains(t, got, ":b_res", "the placeholder of the written form must not survive the rewrite")
}

func TestWrapBlockRejectsOtherForms(t *testing.T) {
	for _, block := range []string{
		"begin dbms_agent_memory_store.drop_store(p_store_id => :b_store_id); end;",
		"begin :res := dbms_agent_memory_store.list_stores(p_schema_owner => :b_schema_owner); end;",
		"begin :b_res := dbms_agent_memory_store.list_stores(p_schema_owner => :b_schema_owner); end",
	} {
		_, err := wrapBlock(block)
		assert.Error(t, err, block)
	}
}

// Every facade function block of the client has the written form callFunc
// rewrites.
func TestAllFunctionBlocksWrap(t *testing.T) {
	for _, block := range []string{blockOpenStore, blockDescribeStore, blockListStores, blockUpgradeStore} {
		_, err := wrapBlock(block)
		assert.NoError(t, err, block)
	}
}

// A response longer than smallResponseChars comes back through the CLOB bind.
func TestLargeResponseTakesTheLobPath(t *testing.T) {
	store := strings.TrimSpace(`{"memory_store_id": "S%03d", "schema_owner": "APP_OWNER", "table_prefix": "S%03d_",
 "schema_version": 1, "package_schema_version": 1, "status": "READY", "status_detail": null,
 "config": {"search_strategy": "VECTOR", "search_index_sync": "ON_COMMIT", "vector_dim": 384, "embedding_model": null,
  "memory_retention_config": {"default_ttl_days": null, "max_ttl_days": null},
  "chunking": {"max": 200, "overlap": 0, "by": "words", "split": "recursively", "normalize": "all"}},
 "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}`)
	parts := make([]string, 200)
	for i := range parts {
		parts[i] = fmt.Sprintf(store, i, i)
	}
	resp := `{"stores": [` + strings.Join(parts, ",") + `]}`
	require.Greater(t, len(resp), smallResponseChars)
	_, db := newFakeDB(answer(resp))
	stores, err := ListStores(t.Context(), db, "")
	require.NoError(t, err)
	require.Len(t, stores, 200)
	assert.Equal(t, "S199", stores[199].MemoryStoreID)
}

// The fake refuses what Oracle refuses: a bind without a placeholder.
func TestFakeRefusesUnmatchedBinds(t *testing.T) {
	_, db := newFakeDB(answer(`{}`))
	_, err := db.ExecContext(t.Context(), "begin dbms_agent_memory_store.drop_store(p_store_id => :b_store_id); end;",
		namedArg("b_id", "X"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ORA-01036")
}

func namedArg(name string, v any) any { return sql.Named(name, v) }
