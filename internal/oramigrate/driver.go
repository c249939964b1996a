// Package oramigrate runs agentmem's install-level migrations and installs
// its PL/SQL packages in an Oracle database through godror (or go-ora: execUnit).
//
// It has three parts:
//   - Driver, a golang-migrate database.Driver for Oracle: a version table
//     (AGENTMEM_SCHEMA_MIGRATIONS), a DBMS_LOCK user lock around every
//     operation, and Run, which splits a SQL*Plus-style file with
//     internal/plsql and executes it statement by statement;
//   - Migrator, the API the CLI and the tests use: Up, Down, Force, Status
//     over the migrations embedded in package sqlfiles, with progress lines;
//   - InstallDir / InstallPackages, the repeatable step that (re)creates
//     every package spec then body in dependency order and fails on any
//     compile error.
//
// The user needs CREATE TABLE, CREATE PROCEDURE and EXECUTE on SYS.DBMS_LOCK
// (docs/migrations.md).
package oramigrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/golang-migrate/migrate/v4/database"
	"github.com/sijms/go-ora/v2/network"
)

// Defaults of Config.
const (
	DefaultMigrationsTable = "AGENTMEM_SCHEMA_MIGRATIONS"
	DefaultLockTimeout     = 15 * time.Second
)

// Config configures a Driver. The zero value means the defaults.
type Config struct {
	// MigrationsTable holds the version row. Default
	// AGENTMEM_SCHEMA_MIGRATIONS. It must be a simple SQL name; it is
	// created in the session's current schema when missing.
	MigrationsTable string
	// LockTimeout is how long Lock waits for the migration lock held by
	// another session before it fails with database.ErrLocked. Default 15s.
	LockTimeout time.Duration
	// StatementTimeout bounds each statement of a migration; 0 means none
	// (large index builds can take long, so none is the default).
	StatementTimeout time.Duration
}

func (c Config) withDefaults() (Config, error) {
	if c.MigrationsTable == "" {
		c.MigrationsTable = DefaultMigrationsTable
	}
	name, err := simpleSQLName("MigrationsTable", c.MigrationsTable)
	if err != nil {
		return c, err
	}
	c.MigrationsTable = name
	if c.LockTimeout <= 0 {
		c.LockTimeout = DefaultLockTimeout
	}
	if c.StatementTimeout < 0 {
		return c, fmt.Errorf("oramigrate: StatementTimeout %v must be >= 0 (0 means no limit)", c.StatementTimeout)
	}
	return c, nil
}

var simpleName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_$#]{0,127}$`)

// simpleSQLName is the Go side of the naming rule (DBMS_ASSERT.SIMPLE_SQL_NAME
// restricted to unquoted names): it is the only way an identifier enters SQL
// text built here, and it returns the name in upper case, as Oracle stores it.
func simpleSQLName(arg, name string) (string, error) {
	if !simpleName.MatchString(name) {
		return "", fmt.Errorf("oramigrate: %s %q is not a simple SQL name: it must start with a letter, "+
			"hold only letters, digits, _ $ #, and be at most 128 characters", arg, name)
	}
	return strings.ToUpper(name), nil
}

// Driver implements database.Driver for Oracle on godror or go-ora. All its
// statements run on one pinned session, because DBMS_LOCK user locks
// belong to the session that requested them.
type Driver struct {
	db     *sql.DB
	ownsDB bool // opened by Open(url): Close closes it too
	conn   *sql.Conn
	cfg    Config
	schema string // current schema: where the version table and objects live
	lockID int64

	isLocked atomic.Bool

	mu           sync.Mutex
	ctx          context.Context         // context of the operation in progress
	onSetVersion func(v int, dirty bool) // progress hook of a Migrator
}

var _ database.Driver = (*Driver)(nil)

// Error carries golang-migrate's database.Error (the failing statement's
// excerpt and its line in the file) and, unlike it, unwraps to the Oracle
// error, so callers can use errors.Is / errors.As (for example to get a
// *CompileFailure).
type Error struct{ Stmt database.Error }

func (e *Error) Error() string { return e.Stmt.Error() }
func (e *Error) Unwrap() error { return e.Stmt.OrigErr }

// WithInstance returns a Driver on db (which it does not close) and creates
// the version table if it is missing. cfg may be nil for the defaults.
func WithInstance(db *sql.DB, cfg *Config) (database.Driver, error) {
	return withInstance(context.Background(), db, cfg)
}

func withInstance(ctx context.Context, db *sql.DB, cfg *Config) (*Driver, error) {
	if db == nil {
		return nil, errors.New("oramigrate: WithInstance: db is nil")
	}
	var c Config
	if cfg != nil {
		c = *cfg
	}
	c, err := c.withDefaults()
	if err != nil {
		return nil, err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("oramigrate: opening a session: %w", err)
	}
	d := &Driver{db: db, conn: conn, cfg: c, ctx: ctx}
	var dbName string
	const who = `select sys_context('userenv', 'current_schema'), sys_context('userenv', 'db_name') from dual`
	if err := conn.QueryRowContext(ctx, who).Scan(&d.schema, &dbName); err != nil {
		_ = conn.Close()
		return nil, fmt.Errorf("oramigrate: reading the current schema: %w", err)
	}
	if d.lockID, err = lockID(dbName, d.schema, c.MigrationsTable); err != nil {
		_ = conn.Close()
		return nil, err
	}
	if err := d.ensureVersionTable(); err != nil {
		_ = conn.Close()
		return nil, err
	}
	d.setContext(context.Background())
	return d, nil
}

// Schema is the schema the driver migrates (the session's current schema).
func (d *Driver) Schema() string { return d.schema }

// Table is the validated, upper-case name of the version table.
func (d *Driver) Table() string { return d.cfg.MigrationsTable }

func (d *Driver) setContext(ctx context.Context) {
	d.mu.Lock()
	d.ctx = ctx
	d.mu.Unlock()
}

func (d *Driver) context() context.Context {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ctx == nil {
		return context.Background()
	}
	return d.ctx
}

func (d *Driver) setHook(f func(v int, dirty bool)) {
	d.mu.Lock()
	d.onSetVersion = f
	d.mu.Unlock()
}

func (d *Driver) hook() func(v int, dirty bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.onSetVersion
}

// Close releases the migration lock if held, ends the pinned session, and
// closes the *sql.DB only if Open created it.
func (d *Driver) Close() error {
	var errs []error
	if d.isLocked.Load() {
		if err := d.Unlock(); err != nil && !errors.Is(err, database.ErrNotLocked) {
			errs = append(errs, err)
		}
	}
	if d.conn != nil {
		errs = append(errs, d.conn.Close())
	}
	if d.ownsDB && d.db != nil {
		errs = append(errs, d.db.Close())
	}
	return errors.Join(errs...)
}

// ErrDropRefused is returned by Drop.
var ErrDropRefused = errors.New("oramigrate: Drop is refused: agentmem never drops a whole schema, " +
	"which may also hold the application's own tables and every memory store's data; " +
	"undo migrations one at a time with `agentmem migrate down N --yes`, or have a DBA drop the schema")

// Drop is required by database.Driver to delete everything in the
// database. agentmem refuses: the schema is shared with memory stores and
// possibly the application, and `migrate down` undoes exactly what the
// migrations did.
func (d *Driver) Drop() error { return ErrDropRefused }

// oraCode returns the Oracle error code in err's chain, or 0. It matches the
// Code() method of godror's *OraErr rather than the type.
func oraCode(err error) int {
	var c interface{ Code() int }
	if errors.As(err, &c) {
		return c.Code()
	}
	var oe *network.OracleError // go-ora's: fields, no Code method
	if errors.As(err, &oe) {
		return oe.ErrCode
	}
	return 0
}

// explainPrivilege adds the missing privilege and the grant to run when err
// (an Oracle error, not yet wrapped in text) is an insufficient-privilege or
// DBMS_LOCK-not-visible error.
func explainPrivilege(err error) error {
	text := err.Error()
	switch {
	case strings.Contains(text, "PLS-00201") && strings.Contains(strings.ToUpper(text), "DBMS_LOCK"):
		return fmt.Errorf("the migration lock needs EXECUTE on SYS.DBMS_LOCK; as a DBA run: "+
			"grant execute on sys.dbms_lock to <this user> (%w)", err)
	case oraCode(err) == 1031:
		return fmt.Errorf("insufficient privileges: migrations need CREATE TABLE, CREATE PROCEDURE (and for some "+
			"migrations CREATE SEQUENCE, CREATE VIEW); see docs/migrations.md (%w)", err)
	}
	return err
}
