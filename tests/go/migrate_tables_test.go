package integration

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/internal/oramigrate"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// After migrate up (make live runs it before the suites), the tables read
// directly, into structs with sqlx (livedb.Select): the version table holds
// one clean row at the latest migration, and the registry tables exist
// (the store registry, 000001; the security policy registry, 000003).
func TestMigratedSchemaTableState(t *testing.T) {
	db := livedb.Open(t)
	ctx := migrateCtx(t)
	m, err := oramigrate.New(db, oramigrate.Options{})
	require.NoError(t, err)
	defer m.Close()
	st, err := m.Status(ctx)
	require.NoError(t, err)
	require.NotEmpty(t, st.Migrations)
	latest := st.Migrations[len(st.Migrations)-1].Version

	type versionRow struct {
		Version int64 `db:"version"`
		Dirty   int   `db:"dirty"`
	}
	rows := livedb.Select[versionRow](t, ctx, db, `select version, dirty from `+oramigrate.DefaultMigrationsTable)
	require.Len(t, rows, 1, "golang-migrate keeps one row in its version table")
	assert.EqualValues(t, latest, rows[0].Version)
	assert.Zero(t, rows[0].Dirty)

	type tableRow struct {
		TableName string `db:"table_name"`
	}
	tables := livedb.Select[tableRow](t, ctx, db, `select table_name from user_tables
 where table_name in (:1, :2, :3, :4) order by table_name`, oramigrate.DefaultMigrationsTable, "AGENTMEM_STORE_REGISTRY",
		"AGENTMEM_SECURITY_POLICY", "AGENTMEM_SECURITY_GRANT")
	assert.Equal(t, []tableRow{{"AGENTMEM_SCHEMA_MIGRATIONS"}, {"AGENTMEM_SECURITY_GRANT"}, {"AGENTMEM_SECURITY_POLICY"},
		{"AGENTMEM_STORE_REGISTRY"}}, tables)
}
