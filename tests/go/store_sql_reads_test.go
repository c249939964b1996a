package integration

// Live test: the store reads whose spec promises "callable from SQL" run
// inside a query. A savepoint (or any DML) in them raises ORA-14552
// (ORA-14551) there, which the checker's SQL-CALLABLE-TXN rule predicts but
// only Oracle can confirm.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/tests/go/livedb"
)

func TestStoreReadsCallableFromSQL(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 8)

	var listed string
	require.NoError(t, db.QueryRowContext(ctx,
		`select dbms_agent_memory_store.list_stores from dual`).Scan(&listed),
		"list_stores called from a query")
	assert.Contains(t, listed, s.ID())

	var described string
	require.NoError(t, db.QueryRowContext(ctx,
		`select dbms_agent_memory_store.describe_store(:1) from dual`, s.ID()).Scan(&described),
		"describe_store called from a query")
	assert.Contains(t, described, s.ID())
	assert.Contains(t, described, `"row_counts"`)
}
