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

// A *sqlx.Tx must be recognized as the caller's transaction (no BeginTx), and
// a *sqlx.DB as a handle the client may open transactions on.
func TestSqlxHandlesKeepTransactionOwnership(t *testing.T) {
	if _, ok := any((*sqlx.Tx)(nil)).(txBeginner); ok {
		t.Fatal("*sqlx.Tx satisfies txBeginner: the client would commit the caller's transaction")
	}
	if _, ok := any((*sqlx.DB)(nil)).(txBeginner); !ok {
		t.Fatal("*sqlx.DB does not satisfy txBeginner: calls through it would run without their own transaction")
	}
}
