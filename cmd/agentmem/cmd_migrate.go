package main

import (
	"context"
	"fmt"
	"strconv"

	"github.com/agentmem/agentmem/internal/oramigrate"
)

const migrateUsage = `
Usage: agentmem migrate [flags] up | down [N] | status | force V

Install-level migrations (sql/migrations, built into the binary), run with
golang-migrate under a DBMS_LOCK lock; progress goes to stderr.

  up          apply every pending migration, then (re)install the PL/SQL
              packages (unless --no-packages)
  down [N]    revert the last N migrations (default 1). Destructive: it drops
              what the migrations created, data included; requires --yes
  status      list the migrations and the current version; exits 1 when the
              version is dirty (a migration failed part-way)
  force V     record version V as applied and clean without running anything,
              after fixing a failed migration by hand (-1: none applied)

Flags (before or after the subcommand):
  --dsn DSN               database (default $ORACLE_DSN)
  --table NAME            version table (default AGENTMEM_SCHEMA_MIGRATIONS)
  --lock-timeout D        wait at most D for another migration's lock (default 15s)
  --statement-timeout D   limit each statement to D; 0 means none (default 0)
  --no-packages           up: do not reinstall the packages afterwards
  --yes                   down: confirm that objects and data will be dropped

The user needs CREATE TABLE, CREATE PROCEDURE and EXECUTE on SYS.DBMS_LOCK
(docs/migrations.md).`

func init() {
	register(command{
		Name:    "migrate",
		Summary: "apply, revert, inspect or force install-level migrations",
		Usage:   migrateUsage,
		Run:     runMigrate,
	})
}

// migrateArgs is a parsed, validated migrate command line.
type migrateArgs struct {
	sub        string // up, down, status, force
	n          int    // down: steps; force: version
	noPackages bool
	cfg        oramigrate.Config
}

func parseMigrate(env *cliEnv, args []string, dsn *dsnFlag) (*migrateArgs, error) {
	fs := newFlagSet("migrate")
	dsn.register(fs)
	var a migrateArgs
	var yes bool
	fs.StringVar(&a.cfg.MigrationsTable, "table", oramigrate.DefaultMigrationsTable, "version table")
	fs.DurationVar(&a.cfg.LockTimeout, "lock-timeout", oramigrate.DefaultLockTimeout, "lock wait")
	fs.DurationVar(&a.cfg.StatementTimeout, "statement-timeout", 0, "statement limit")
	fs.BoolVar(&a.noPackages, "no-packages", false, "up without package install")
	fs.BoolVar(&yes, "yes", false, "confirm down")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, flagError(env, migrateUsage, err)
	}
	if len(pos) == 0 {
		return nil, usagef("missing subcommand: up, down, status or force")
	}
	a.sub = pos[0]
	rest := pos[1:]
	switch a.sub {
	case "up", "status":
		if len(rest) > 0 {
			return nil, usagef("%s takes no argument, got %q", a.sub, rest[0])
		}
	case "down":
		a.n = 1
		if len(rest) > 1 {
			return nil, usagef("down takes at most one argument N, got %d", len(rest))
		}
		if len(rest) == 1 {
			if a.n, err = strconv.Atoi(rest[0]); err != nil || a.n < 1 {
				return nil, usagef("down N: N must be a whole number of migrations >= 1, got %q", rest[0])
			}
		}
		if !yes {
			return nil, usagef("down reverts %d migration(s) and drops what they created, data included: "+
				"add --yes to confirm", a.n)
		}
	case "force":
		if len(rest) != 1 {
			return nil, usagef("force takes exactly one argument, the version V (-1 for none)")
		}
		if a.n, err = strconv.Atoi(rest[0]); err != nil || a.n < -1 {
			return nil, usagef("force V: V must be a migration version or -1, got %q", rest[0])
		}
	default:
		return nil, usagef("unknown subcommand %q: want up, down, status or force", a.sub)
	}
	if a.noPackages && a.sub != "up" {
		return nil, usagef("--no-packages applies to up only")
	}
	if a.cfg.LockTimeout <= 0 {
		return nil, usagef("--lock-timeout must be positive, got %v", a.cfg.LockTimeout)
	}
	if a.cfg.StatementTimeout < 0 {
		return nil, usagef("--statement-timeout must be >= 0 (0 means none), got %v", a.cfg.StatementTimeout)
	}
	return &a, nil
}

func runMigrate(ctx context.Context, env *cliEnv, args []string) error {
	var dsn dsnFlag
	a, err := parseMigrate(env, args, &dsn)
	if a == nil {
		return err // a usage error, or nil after printing --help
	}
	db, err := dsn.connectShowingProgress(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	m, err := oramigrate.New(db, oramigrate.Options{Config: a.cfg, Log: progress(env)})
	if err != nil {
		return err
	}
	defer m.Close()

	switch a.sub {
	case "up":
		if err := m.Up(ctx); err != nil {
			return err
		}
		if err := printVersion(ctx, env, m); err != nil {
			return err
		}
		if a.noPackages {
			return nil
		}
		if err := oramigrate.InstallPackages(ctx, db, progress(env)); err != nil {
			return fmt.Errorf("migrations are applied, but the packages did not install: %w", err)
		}
		fmt.Fprintln(env.Stdout, "packages: installed")
		return nil
	case "down":
		if err := m.Down(ctx, a.n); err != nil {
			return err
		}
		return printVersion(ctx, env, m)
	case "force":
		if err := m.Force(ctx, a.n); err != nil {
			return err
		}
		return printVersion(ctx, env, m)
	}
	return printStatus(ctx, env, m)
}

// printVersion writes the schema's migration version to stdout.
func printVersion(ctx context.Context, env *cliEnv, m *oramigrate.Migrator) error {
	st, err := m.Status(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "migrations: schema %s at version %s\n", st.Schema, versionText(st))
	return nil
}

func versionText(st oramigrate.Status) string {
	v := "none"
	if st.Version >= 0 {
		v = strconv.Itoa(st.Version)
	}
	if st.Dirty {
		v += " (dirty)"
	}
	return v
}

// printStatus lists every migration; a dirty version is returned as the
// error, so the exit status is 1.
func printStatus(ctx context.Context, env *cliEnv, m *oramigrate.Migrator) error {
	st, err := m.Status(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "schema:  %s\ntable:   %s\nversion: %s\n", st.Schema, st.Table, versionText(st))
	for _, ms := range st.Migrations {
		fmt.Fprintf(env.Stdout, "  %06d  %-8s %s\n", ms.Version, ms.State, ms.File)
	}
	return st.DirtyError()
}
