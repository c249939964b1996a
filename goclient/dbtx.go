package agentmemory

import (
	"context"
	"database/sql"
)

// DBTX is the database handle the client calls through. *sql.DB, *sql.Conn
// and *sql.Tx all satisfy it (so do sqlx's wrappers of them).
//
// Transactions: given a *sql.DB or *sql.Conn, each client call commits on
// success in the same round trip and commits nothing on error (the package
// rolls back to its savepoint). Given a *sql.Tx, the call runs inside it and
// never commits or rolls back: the caller owns the transaction. See
// onSession.
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

// sessionPool is what makes a handle a pool of sessions: it can check out
// one session (Conn) and begin a transaction on a session of its choosing
// (BeginTx). *sql.DB has both, and so has every wrapper that embeds it
// (*sqlx.DB); a one-session handle lacks Conn (*sql.Conn, *sqlx.Conn) or
// both (*sql.Tx, *sqlx.Tx). The pool is recognised by these methods, not by
// its concrete type, so a wrapper is not mistaken for one session and its
// calls are not serialized.
type sessionPool interface {
	Conn(ctx context.Context) (*sql.Conn, error)
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// onSession runs fn on one database session: given a pool it checks one out
// for the call (no round trip: the pool is local) and binds it to the pool's
// driver (seamOf) and end user (WithEndUser), otherwise it uses h as given.
//
// Transactions: every package call is atomic by itself (it rolls back to a
// savepoint taken at its start), so the client opens no transaction of its
// own. Outside a *sql.Tx the driver executes with commit-on-success, which
// commits in the same round trip as the call (godror: DPI_MODE_EXEC_COMMIT_
// ON_SUCCESS, stmt.go; go-ora: auto-commit sets the commit flag on the
// execute of PL/SQL, command.go); a failed call commits nothing. An explicit BeginTx +
// Commit would add a round trip per call (godror's Commit is an
// OCITransCommit). Inside a caller's *sql.Tx nothing is committed: the
// caller owns the transaction.
//
// The session is pinned for the whole of fn because a large response is a
// CLOB read after the execute, from the session that ran it.
func onSession(ctx context.Context, h DBTX, op string, fn func(DBTX) error) error {
	p, ok := h.(sessionPool)
	if !ok {
		return fn(h)
	}
	conn, err := p.Conn(ctx)
	if err != nil {
		return driverError(op, err)
	}
	defer conn.Close()
	return fn(bindAs(conn, seamOf(h), endUserOf(h)))
}

// pinsSession reports whether h is bound to one database session (anything
// but a sessionPool). Calls through such a handle are serialized, as the
// seed does for a raw connection, because one session runs one call at a
// time and a LOB result is read after its statement ran.
func pinsSession(h DBTX) bool {
	_, pool := h.(sessionPool)
	return !pool
}
