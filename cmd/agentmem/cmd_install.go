package main

import (
	"context"
	"fmt"

	"github.com/agentmem/agentmem/internal/oramigrate"
	sqlfiles "github.com/agentmem/agentmem/sql"
)

const installUsage = `
Usage: agentmem install-packages [--dsn DSN]

(Re)installs the PL/SQL packages built into the binary (sql/packages and
sql/scheduler): every spec, then every body, in dependency order, with
CREATE OR REPLACE; then checks that none is INVALID (recompiling an
invalidated one once), creates the shared scheduler programs (a
missing CREATE JOB is a warning) and the end-user application context
AGENTMEM_EU_<owner> (docs/security.md; a missing CREATE ANY CONTEXT is a
warning). Stops at the first compile error and
prints ALL_ERRORS as TYPE NAME:line:col: text.
Repeatable; "agentmem migrate up" runs it after the migrations.

Flags:
  --dsn DSN   database (default $ORACLE_DSN)

Needs CREATE PROCEDURE; run "agentmem migrate up" first on a new schema, since
the packages use the tables the migrations create.`

func init() {
	register(command{
		Name:    "install-packages",
		Summary: "(re)install the PL/SQL packages and check they compile",
		Usage:   installUsage,
		Run:     runInstall,
	})
}

func runInstall(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlagSet("install-packages")
	var dsn dsnFlag
	dsn.register(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, installUsage, err)
	}
	if len(pos) > 0 {
		return usagef("install-packages takes no argument, got %q", pos[0])
	}
	order, err := oramigrate.InstallOrder(sqlfiles.FS)
	if err != nil {
		return err
	}
	db, err := dsn.connectShowingProgress(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := oramigrate.InstallPackages(ctx, db, progress(env)); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "packages: installed %d files\n", len(order))
	return nil
}
