package livedb

import (
	"context"
	"database/sql"
	"testing"

	"github.com/agentmem/agentmem/internal/dbconn"
)

// Select reads the rows of query into a []T with sqlx (fields matched by
// lower-case `db` tags, see dbconn.Sqlx), for live tests that check table
// state directly. A failing query fails the test.
func Select[T any](t testing.TB, ctx context.Context, db *sql.DB, query string, args ...any) []T {
	t.Helper()
	var out []T
	if err := dbconn.Sqlx(db).SelectContext(ctx, &out, query, args...); err != nil {
		t.Fatalf("%s: %v", query, dbconn.Classify(err))
	}
	return out
}

// Get reads the single row of query into a T, like Select.
func Get[T any](t testing.TB, ctx context.Context, db *sql.DB, query string, args ...any) T {
	t.Helper()
	var out T
	if err := dbconn.Sqlx(db).GetContext(ctx, &out, query, args...); err != nil {
		t.Fatalf("%s: %v", query, dbconn.Classify(err))
	}
	return out
}
