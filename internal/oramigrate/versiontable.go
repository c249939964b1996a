package oramigrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/golang-migrate/migrate/v4/database"
)

// ensureVersionTable creates the version table under the migration lock.
// CREATE TABLE ... ORA-00955 is used rather than 23ai's IF NOT EXISTS so the
// behaviour is the long-documented one; on ORA-00955 the name must belong to
// a table, or the error says what holds it.
func (d *Driver) ensureVersionTable() (err error) {
	if err := d.Lock(); err != nil {
		return err
	}
	defer func() {
		if uerr := d.Unlock(); uerr != nil {
			err = errors.Join(err, uerr)
		}
	}()
	ctx := d.context()
	create := `create table ` + d.cfg.MigrationsTable + ` (
  version number(19) not null,
  dirty   number(1)  not null,
  constraint ` + d.constraintName() + ` primary key (version))`
	if _, err := d.conn.ExecContext(ctx, create); err != nil {
		if oraCode(err) != 955 {
			return fmt.Errorf("oramigrate: creating the migrations table %s: %w", d.cfg.MigrationsTable, explainPrivilege(err))
		}
		const isTable = `select count(*) from all_tables where owner = :1 and table_name = :2`
		var n int
		if qerr := d.conn.QueryRowContext(ctx, isTable, d.schema, d.cfg.MigrationsTable).Scan(&n); qerr != nil {
			return fmt.Errorf("oramigrate: looking for table %s: %w", d.cfg.MigrationsTable, qerr)
		}
		if n == 0 {
			return fmt.Errorf("oramigrate: migrations table %s: the name is already used by an object that is not a table "+
				"in schema %s; choose another name (--table / Config.MigrationsTable)", d.cfg.MigrationsTable, d.schema)
		}
	}
	return nil
}

// constraintName derives the primary key name from the table name, cut to
// Oracle's 128-byte limit; table names are simple SQL names, so is this.
func (d *Driver) constraintName() string {
	n := d.cfg.MigrationsTable
	if len(n) > 125 {
		n = n[:125]
	}
	return n + "_PK"
}

// Version returns the current version and dirty flag, or
// (database.NilVersion, false) when no row exists.
func (d *Driver) Version() (int, bool, error) {
	return readVersion(d.context(), d.conn, d.cfg.MigrationsTable)
}

type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func readVersion(ctx context.Context, q rowQuerier, table string) (int, bool, error) {
	query := `select version, dirty from ` + table + ` fetch first 1 rows only`
	var v, dirty int64
	err := q.QueryRowContext(ctx, query).Scan(&v, &dirty)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return database.NilVersion, false, nil
	case err != nil:
		return 0, false, fmt.Errorf("oramigrate: reading the migration version from %s: %w", table, err)
	}
	return int(v), dirty != 0, nil
}

// ReadVersion reads the version row of table without creating or locking
// anything, for read-only callers such as doctor. found is false when the
// table does not exist (no migration ever ran in this schema).
func ReadVersion(ctx context.Context, q rowQuerier, table string) (version int, dirty, found bool, err error) {
	if table == "" {
		table = DefaultMigrationsTable
	}
	name, err := simpleSQLName("table", table)
	if err != nil {
		return 0, false, false, err
	}
	v, dirty, err := readVersion(ctx, q, name)
	if err != nil {
		if oraCode(err) == 942 {
			return database.NilVersion, false, false, nil
		}
		return 0, false, false, err
	}
	return v, dirty, true, nil
}

// SetVersion replaces the version row in one transaction: DELETE, not
// TRUNCATE, because TRUNCATE is DDL and commits on its own. As in
// golang-migrate's sqlserver driver, NilVersion is stored only when dirty
// (a failed down of the first migration must stay visible).
func (d *Driver) SetVersion(version int, dirty bool) error {
	if version < database.NilVersion {
		return fmt.Errorf("oramigrate: SetVersion: version %d must be >= -1", version)
	}
	ctx := d.context()
	tx, err := d.conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("oramigrate: setting the migration version: %w", err)
	}
	del := `delete from ` + d.cfg.MigrationsTable
	if _, err := tx.ExecContext(ctx, del); err != nil {
		return fmt.Errorf("oramigrate: setting the migration version: %w", errors.Join(err, tx.Rollback()))
	}
	if version >= 0 || (version == database.NilVersion && dirty) {
		ins := `insert into ` + d.cfg.MigrationsTable + ` (version, dirty) values (:1, :2)`
		dirtyBit := 0
		if dirty {
			dirtyBit = 1
		}
		if _, err := tx.ExecContext(ctx, ins, int64(version), dirtyBit); err != nil {
			return fmt.Errorf("oramigrate: setting the migration version: %w", errors.Join(err, tx.Rollback()))
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("oramigrate: committing the migration version: %w", err)
	}
	if f := d.hook(); f != nil {
		f(version, dirty)
	}
	return nil
}
