package agentmemory

import (
	"context"
	"database/sql"
)

// DBTX is the database handle the client calls through. *sql.DB, *sql.Conn
// and *sql.Tx all satisfy it (so do sqlx's wrappers of them).
//
// Transactions: given a handle that can begin transactions (*sql.DB,
// *sql.Conn), each client call runs in its own transaction, committed on
// success and rolled back on error. Given a *sql.Tx, the call runs inside it
// and never commits or rolls back: the caller owns the transaction.
//
// Store lifecycle calls (Open with a creating policy, UpgradeStore,
// DropStore, GrantAccess, RevokeAccess) run DDL, which commits in Oracle:
// the package runs it in an autonomous transaction, so their own changes are
// committed when they return, even on error and even inside a *sql.Tx,
// while the caller's pending work is neither committed nor rolled back.
// They are restartable: after fixing the cause of an error, run them again.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

// txBeginner is the part of *sql.DB and *sql.Conn that lets a call own its
// transaction. *sql.Tx lacks it, which is how a caller's transaction is told
// apart.
type txBeginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// inTx runs fn in a transaction of its own when h can begin one (commit on
// success, rollback on error), else directly on h, leaving the commit to
// whoever owns h.
func inTx(ctx context.Context, h DBTX, op string, fn func(DBTX) error) error {
	b, ok := h.(txBeginner)
	if !ok {
		return fn(h)
	}
	tx, err := b.BeginTx(ctx, nil)
	if err != nil {
		return driverError(op, err)
	}
	if err := fn(tx); err != nil {
		// The call failed; its own error matters more than a failed rollback,
		// and the package has already rolled back to its savepoint.
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return driverError(op+": commit", err)
	}
	return nil
}

// pinsSession reports whether h is bound to one database session (anything
// but a *sql.DB pool). Calls through such a handle are serialized, as the
// seed does for a raw connection, because one session runs one call at a
// time and a LOB result is read after its statement ran.
func pinsSession(h DBTX) bool {
	_, pool := h.(*sql.DB)
	return !pool
}
