package oramigrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/golang-migrate/migrate/v4"
	"github.com/golang-migrate/migrate/v4/database"
	"github.com/golang-migrate/migrate/v4/source/iofs"

	sqlfiles "github.com/agentmem/agentmem/sql"
)

// lockMargin is added to golang-migrate's own lock timeout so that
// DBMS_LOCK.REQUEST, which waits Config.LockTimeout, always answers first:
// golang-migrate stops waiting but does not cancel a pending Lock(), and a
// lock granted after it gave up would be held with nobody to release it.
const lockMargin = 10 * time.Second

// Options configure a Migrator.
type Options struct {
	Config
	// FS and Dir locate the migrations; default sqlfiles.FS and
	// sqlfiles.MigrationsDir (the migrations built into the binary).
	FS  fs.FS
	Dir string
	// Log receives one progress line per migration applied or reverted,
	// e.g. "applying 000001_store_registry.up.sql ... ok (0.4s)". nil is silent.
	Log func(string)
}

// Migrator applies and reverts migrations with golang-migrate over Driver.
// It holds one database session until Close.
type Migrator struct {
	drv   *Driver
	mig   *migrate.Migrate
	files []migrationFile
	log   func(string)
	opMu  sync.Mutex // one operation at a time: the driver's context and hook are per operation
}

// New opens a Migrator on db (which it does not close). It creates the
// version table if missing, which takes the migration lock.
func New(db *sql.DB, opts Options) (*Migrator, error) {
	if opts.FS == nil {
		opts.FS = sqlfiles.FS
	}
	if opts.Dir == "" {
		opts.Dir = sqlfiles.MigrationsDir
	}
	if opts.Log == nil {
		opts.Log = func(string) {}
	}
	files, err := listMigrations(opts.FS, opts.Dir)
	if err != nil {
		return nil, err
	}
	src, err := iofs.New(opts.FS, opts.Dir)
	if err != nil {
		return nil, fmt.Errorf("oramigrate: migrations in %q: %w", opts.Dir, err)
	}
	drv, err := withInstance(context.Background(), db, &opts.Config)
	if err != nil {
		_ = src.Close()
		return nil, err
	}
	mig, err := migrate.NewWithInstance("iofs", src, "oracle", drv)
	if err != nil {
		_ = src.Close()
		_ = drv.Close()
		return nil, err
	}
	mig.LockTimeout = drv.cfg.LockTimeout + lockMargin
	return &Migrator{drv: drv, mig: mig, files: files, log: opts.Log}, nil
}

// Close ends the Migrator's session; the *sql.DB stays open.
func (m *Migrator) Close() error {
	srcErr, dbErr := m.mig.Close()
	return errors.Join(srcErr, dbErr)
}

// Table is the version table's name; Schema the schema migrated.
func (m *Migrator) Table() string  { return m.drv.Table() }
func (m *Migrator) Schema() string { return m.drv.Schema() }

// Up applies every pending migration.
func (m *Migrator) Up(ctx context.Context) error {
	return m.run(ctx, false, func() error { return m.mig.Up() })
}

// Down reverts the last n applied migrations (n >= 1).
func (m *Migrator) Down(ctx context.Context, n int) error {
	if n < 1 {
		return fmt.Errorf("oramigrate: Down: n = %d: the number of migrations to revert must be at least 1", n)
	}
	st, err := m.Status(ctx)
	if err != nil {
		return err
	}
	if st.Dirty {
		return st.DirtyError()
	}
	applied := 0
	for _, ms := range st.Migrations {
		if ms.State == "applied" {
			applied++
		}
	}
	if n > applied {
		return fmt.Errorf("oramigrate: cannot revert %d migration(s): only %d are applied (version %d)", n, applied, st.Version)
	}
	return m.run(ctx, true, func() error { return m.mig.Steps(-n) })
}

// Force records version v as applied and clean without running anything:
// the last step of recovering from a dirty state. v is -1 (nothing
// applied) or an available version.
func (m *Migrator) Force(ctx context.Context, v int) error {
	if v != database.NilVersion && m.file(v) == nil {
		return fmt.Errorf("oramigrate: cannot force version %d: it is not an available migration (available: %s; "+
			"-1 means none applied)", v, m.versionList())
	}
	m.opMu.Lock()
	defer m.opMu.Unlock()
	m.drv.setContext(ctx)
	defer m.drv.setContext(context.Background())
	if err := m.mig.Force(v); err != nil {
		return err
	}
	m.log(fmt.Sprintf("forced version %d (clean); nothing was run", v))
	return nil
}

// Status reads the version row and lists every available migration.
func (m *Migrator) Status(ctx context.Context) (Status, error) {
	v, dirty, err := readVersion(ctx, m.drv.conn, m.drv.Table())
	if err != nil {
		return Status{}, err
	}
	return buildStatus(m.files, m.drv.Schema(), m.drv.Table(), v, dirty), nil
}

// run executes one golang-migrate operation with ctx as the context of every
// statement, progress lines from the driver's SetVersion calls, and a
// graceful stop between migrations when ctx ends.
func (m *Migrator) run(ctx context.Context, down bool, op func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.opMu.Lock()
	defer m.opMu.Unlock()
	tr := &tracker{m: m, down: down}
	m.drv.setContext(ctx)
	m.drv.setHook(tr.onSetVersion)
	defer func() {
		m.drv.setHook(nil)
		m.drv.setContext(context.Background())
	}()
	stop := context.AfterFunc(ctx, func() {
		select {
		case m.mig.GracefulStop <- true:
		default:
		}
	})
	defer stop()

	err := op()
	var dirty migrate.ErrDirty
	switch {
	case errors.Is(err, migrate.ErrNoChange):
		m.log("no migration to apply: the database is up to date")
		return nil
	case errors.As(err, &dirty):
		return newDirtyError(m.files, dirty.Version, "", false)
	case err != nil:
		file := tr.failed()
		v, isDirty, verr := m.drv.Version()
		if verr == nil && isDirty {
			return fmt.Errorf("%s: %w\n%w", file, err, newDirtyError(m.files, v, file, down))
		}
		if file != "" {
			return fmt.Errorf("%s: %w", file, err)
		}
		return err
	}
	if ctx.Err() != nil {
		return fmt.Errorf("stopped after %d migration(s): %w", tr.done, ctx.Err())
	}
	return nil
}

func (m *Migrator) file(v int) *migrationFile {
	for i := range m.files {
		if int(m.files[i].Version) == v {
			return &m.files[i]
		}
	}
	return nil
}

func (m *Migrator) versionList() string {
	vs := make([]string, len(m.files))
	for i, f := range m.files {
		vs[i] = fmt.Sprint(f.Version)
	}
	if len(vs) == 0 {
		return "none"
	}
	return strings.Join(vs, ", ")
}

// tracker turns golang-migrate's SetVersion(target, dirty=true), Run,
// SetVersion(target, dirty=false) sequence into progress lines.
type tracker struct {
	m       *Migrator
	down    bool
	started time.Time
	target  int
	active  bool
	done    int
}

func (t *tracker) onSetVersion(v int, dirty bool) {
	if dirty {
		t.started, t.target, t.active = time.Now(), v, true
		return
	}
	if t.active && v == t.target {
		t.m.log(fmt.Sprintf("%s %s ... ok (%s)", t.verb(), t.fileFor(v), elapsed(t.started)))
		t.active = false
		t.done++
	}
}

// failed logs the migration in progress as failed and returns its file.
func (t *tracker) failed() string {
	if !t.active {
		return ""
	}
	file := t.fileFor(t.target)
	t.m.log(fmt.Sprintf("%s %s ... FAILED (%s)", t.verb(), file, elapsed(t.started)))
	t.active = false
	return file
}

func (t *tracker) verb() string {
	if t.down {
		return "reverting"
	}
	return "applying"
}

// fileFor names the file that moves the database to target: the up file of
// target, or, going down, the down file of the first version above target.
func (t *tracker) fileFor(target int) string {
	files := t.m.files
	if !t.down {
		if f := t.m.file(target); f != nil {
			return f.Up
		}
		return fmt.Sprintf("version %d", target)
	}
	i := sort.Search(len(files), func(i int) bool { return int(files[i].Version) > target })
	if i < len(files) && files[i].Down != "" {
		return files[i].Down
	}
	return fmt.Sprintf("the down migration above version %d", target)
}

// elapsed renders a duration as seconds with one decimal, e.g. "0.4s".
func elapsed(since time.Time) string {
	return fmt.Sprintf("%.1fs", time.Since(since).Seconds())
}
