package agentmemory

import (
	"testing"

	"github.com/jmoiron/sqlx"
)

// Applications that use sqlx pass its handles straight to the client; these
// assertions fail to compile if DBTX ever grows a method sqlx lacks.
var (
	_ DBTX = (*sqlx.DB)(nil)
	_ DBTX = (*sqlx.Conn)(nil)
	_ DBTX = (*sqlx.Tx)(nil)
)

// A *sqlx.DB is a pool the client checks sessions out of; a *sqlx.Tx is the
// caller's transaction, used as given.
func TestSqlxHandlesKeepTransactionOwnership(t *testing.T) {
	if _, ok := any((*sqlx.Tx)(nil)).(sessionPool); ok {
		t.Fatal("*sqlx.Tx satisfies sessionPool: calls would leave the caller's transaction")
	}
	if _, ok := any((*sqlx.DB)(nil)).(sessionPool); !ok {
		t.Fatal("*sqlx.DB does not satisfy sessionPool: a large response could be read from another session")
	}
}
