package oramigrate

import (
	"context"
	"fmt"
	"io/fs"
	"sort"

	"github.com/golang-migrate/migrate/v4/database"
	"github.com/golang-migrate/migrate/v4/source"

	sqlfiles "github.com/agentmem/agentmem/sql"
)

// migrationFile is one version of the source: its up and down files.
type migrationFile struct {
	Version  uint
	Name     string // identifier, e.g. "store_registry"
	Up, Down string // file names; Down may be ""
}

// listMigrations reads dir of fsys with golang-migrate's file name rule
// (NNN_title.up.sql / .down.sql), sorted by version. Files that do not
// match are ignored, as golang-migrate's iofs source ignores them.
func listMigrations(fsys fs.FS, dir string) ([]migrationFile, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("oramigrate: reading migrations directory %q: %w", dir, err)
	}
	byVersion := map[uint]*migrationFile{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		m, err := source.Parse(e.Name())
		if err != nil {
			continue
		}
		f := byVersion[m.Version]
		if f == nil {
			f = &migrationFile{Version: m.Version, Name: m.Identifier}
			byVersion[m.Version] = f
		}
		switch m.Direction {
		case source.Up:
			f.Up = e.Name()
		case source.Down:
			f.Down = e.Name()
		}
	}
	out := make([]migrationFile, 0, len(byVersion))
	for _, f := range byVersion {
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// MigrationState is one available migration and where the database is
// with it.
type MigrationState struct {
	Version uint
	Name    string // e.g. "store_registry"
	File    string // the up file, e.g. "000001_store_registry.up.sql"
	State   string // "applied", "pending" or "dirty"
}

// Status is the migration state of a schema.
type Status struct {
	Schema     string
	Table      string
	Version    int // database.NilVersion (-1) when no migration is applied
	Dirty      bool
	Migrations []MigrationState
	dirtyErr   *DirtyError
}

// DirtyError returns the recovery instructions when the version is dirty,
// else nil.
func (s Status) DirtyError() error {
	if s.dirtyErr == nil {
		return nil
	}
	return s.dirtyErr
}

func buildStatus(files []migrationFile, schema, table string, version int, dirty bool) Status {
	s := Status{Schema: schema, Table: table, Version: version, Dirty: dirty}
	for _, f := range files {
		st := MigrationState{Version: f.Version, Name: f.Name, File: f.Up, State: "pending"}
		switch {
		case dirty && int(f.Version) == version:
			st.State = "dirty"
		case version != database.NilVersion && int(f.Version) <= version:
			st.State = "applied"
		}
		s.Migrations = append(s.Migrations, st)
	}
	if dirty {
		s.dirtyErr = newDirtyError(files, version, "", false)
	}
	return s
}

// DirtyError says that a migration failed part-way and how to recover.
type DirtyError struct {
	Version int    // the dirty version
	File    string // the file that failed, when known
	Undo    int    // the version to force after undoing the partial change
}

// newDirtyError builds the recovery message for a dirty version. For a
// failed up migration (and when the direction is unknown) undoing means
// going back to the previous version; for a failed down migration, which
// leaves the version it was going to dirty, it means the version it left.
func newDirtyError(files []migrationFile, version int, failedFile string, down bool) *DirtyError {
	e := &DirtyError{Version: version, File: failedFile, Undo: database.NilVersion}
	for _, f := range files {
		v := int(f.Version)
		switch {
		case !down && v < version:
			e.Undo = v
		case down && v > version && (e.Undo == database.NilVersion || v < e.Undo):
			e.Undo = v
		}
		if e.File == "" && !down && v == version {
			e.File = f.Up
		}
	}
	return e
}

func (e *DirtyError) Error() string {
	what := "a migration"
	if e.File != "" {
		what = "migration " + e.File
	}
	return fmt.Sprintf("the database is dirty at version %d: %s failed part-way, and Oracle commits each DDL "+
		"statement, so what ran before the failure stayed applied. Fix it by hand: finish what the migration "+
		"does, then run `agentmem migrate force %d`; or undo what it did, then run `agentmem migrate force %d`",
		e.Version, what, e.Version, e.Undo)
}

// ReadStatus is Migrator.Status for read-only callers such as doctor: it
// takes no lock and creates nothing. fsys nil means the embedded
// migrations; table "" the default table. found is false when the version
// table does not exist (no migration ever ran in this schema).
func ReadStatus(ctx context.Context, q rowQuerier, fsys fs.FS, dir, table string) (st Status, found bool, err error) {
	if fsys == nil {
		fsys, dir = sqlfiles.FS, sqlfiles.MigrationsDir
	}
	if table == "" {
		table = DefaultMigrationsTable
	}
	files, err := listMigrations(fsys, dir)
	if err != nil {
		return Status{}, false, err
	}
	v, dirty, found, err := ReadVersion(ctx, q, table)
	if err != nil {
		return Status{}, false, err
	}
	name, _ := simpleSQLName("table", table) // ReadVersion validated it
	return buildStatus(files, "", name, v, dirty), found, nil
}
