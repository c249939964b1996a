package integration

// Live test: the store reads whose spec promises "callable from SQL" run
// inside a query. A savepoint (or any DML) in them raises ORA-14552
// (ORA-14551) there, which the checker's SQL-CALLABLE-TXN rule predicts but
// only Oracle can confirm.

import (
	"strings"
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

// TestStoreNamePatternsIgnoreNLSSort: store ids and schema names are checked
// with the letters spelled out and match_param 'c', so a linguistic NLS_SORT
// neither lets a non-ASCII letter through (GERMAN, where [A-Z] would match
// it; _AI sorts, where an unqualified match ignores accents) nor rejects T to
// Y (ESTONIAN, where [A-Z] would miss them). Only Oracle can show what the
// old patterns would have done; this pins the documented accepted set.
func TestStoreNamePatternsIgnoreNLSSort(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 8)
	conn, err := db.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()

	describe := func(id, owner string) error {
		var out string
		return conn.QueryRowContext(ctx,
			`select dbms_agent_memory_store.describe_store(:1, :2) from dual`, id, owner).Scan(&out)
	}
	for _, sort := range []string{"GERMAN", "ESTONIAN", "GERMAN_CI", "GERMAN_AI", "BINARY_AI"} {
		_, err := conn.ExecContext(ctx, "alter session set nls_sort = "+sort)
		require.NoError(t, err)

		err = describe("M\u00c4H", "")
		require.Error(t, err, "%s: a store id with a non-ASCII letter", sort)
		assert.Contains(t, err.Error(), "INVALID_ARGUMENT", sort)
		assert.Contains(t, err.Error(), "must start with a letter", sort)

		err = describe("X", "\u00c4BC")
		require.Error(t, err, "%s: a schema name with a non-ASCII letter", sort)
		assert.Contains(t, err.Error(), "must be an unquoted schema name", sort)

		err = describe("TUVWXY", "")
		if err != nil {
			assert.False(t, strings.Contains(err.Error(), "INVALID_ARGUMENT"),
				"%s: T to Y are letters of a store id: %v", sort, err)
		}
		require.NoError(t, describe(s.ID(), ""), "%s: an existing store", sort)
	}
	_, err = conn.ExecContext(ctx, "alter session set nls_sort = binary")
	require.NoError(t, err)
}
