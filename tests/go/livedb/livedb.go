// Package livedb connects the live integration tests to the Oracle database
// named by ORACLE_DSN, through the driver named by AGENTMEM_DRIVER (godror
// by default, or go-ora), so the same live suites run on both drivers. Without ORACLE_DSN a live test is skipped with a reason
// that names the variable; with ORACLE_DSN set, a database that cannot be
// reached is a test failure, never a skip, so a broken setup cannot pass
// silently.
package livedb

import (
	"context"
	"crypto/rand"
	"database/sql"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/agentmem/agentmem/internal/dbconn"
)

// EnvDSN is the environment variable holding the test database's DSN, in any
// form internal/dbconn accepts (godror logfmt, easy connect, oracle:// URL).
const EnvDSN = "ORACLE_DSN"

// EnvDriver names the driver of the live suites: godror (default) or go-ora,
// as the CLI's --driver (internal/dbconn.ParseDriver).
const EnvDriver = "AGENTMEM_DRIVER"

// Driver returns the driver of the live suites (AGENTMEM_DRIVER, default
// godror), failing the test on an unknown name: a typo must not silently
// run the suites on the other driver.
func Driver(t testing.TB) string {
	t.Helper()
	d, err := dbconn.ParseDriver(os.Getenv(EnvDriver))
	if err != nil {
		t.Fatalf("%s: %v", EnvDriver, err)
	}
	return d
}

// SkipReason is the t.Skip message of every live test when EnvDSN is unset.
const SkipReason = "SKIPPED: ORACLE_DSN is not set (see README: make db-up)"

// PingTimeout bounds the connection check of Open. A database that does not
// answer within it fails the test: a session to a healthy local database
// takes well under a second, a remote one a few.
const PingTimeout = 30 * time.Second

// DSN returns ORACLE_DSN, or skips the test when it is unset or blank.
func DSN(t testing.TB) string {
	t.Helper()
	dsn := strings.TrimSpace(os.Getenv(EnvDSN))
	if dsn == "" {
		t.Skip(SkipReason)
	}
	return dsn
}

// Open returns a pool on ORACLE_DSN, through Driver's driver, that answered
// a ping, closed when the test ends. It skips without ORACLE_DSN and fails the test, with the
// classified reason (missing Instant Client, unreachable host, bad
// credentials, ...), when the database cannot be reached.
func Open(t testing.TB) *sql.DB {
	t.Helper()
	dsn := DSN(t)
	if dsn == "" { // only when t.Skip did not stop the goroutine (fakes in tests)
		return nil
	}
	driver := Driver(t)
	if driver == "" { // only when t.Fatalf did not stop the goroutine (fakes in tests)
		return nil
	}
	return OpenDSN(t, dsn, driver)
}

// OpenDSN is Open for another DSN (a second user, say) on the given driver.
func OpenDSN(t testing.TB, dsn, driver string) *sql.DB {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), PingTimeout)
	defer cancel()
	db, err := dbconn.ConnectDriver(ctx, dsn, driver, dbconn.Options{})
	if err != nil {
		t.Fatalf("ORACLE_DSN is set but the database cannot be used (driver %s): %v", driver, err)
		return nil
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// Schema returns the current schema of db's sessions: the owner that
// migrations and stores are created in.
func Schema(t testing.TB, db *sql.DB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), PingTimeout)
	defer cancel()
	var schema string
	err := db.QueryRowContext(ctx, "select sys_context('userenv', 'current_schema') from dual").Scan(&schema)
	if err != nil {
		t.Fatalf("reading the current schema: %v", dbconn.Classify(err))
	}
	return schema
}

// storeIDPrefix marks stores made by integration tests, so leftovers of a
// crashed run are easy to find in AGENTMEM_STORE.
const storeIDPrefix = "IT_"

// StoreID returns a fresh memory_store_id for one test: "IT_" and 10
// characters from crypto/rand's base32 alphabet (A-Z, 2-7). It satisfies the
// store id rule (a letter first, then letters, digits and _, at most 16), and
// 50 random bits keep concurrent runs against one schema apart.
func StoreID(t testing.TB) string {
	t.Helper()
	return storeIDPrefix + rand.Text()[:10]
}
