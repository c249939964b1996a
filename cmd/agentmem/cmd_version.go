package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/dbconn"
	"github.com/agentmem/agentmem/internal/oramigrate"
	sqlfiles "github.com/agentmem/agentmem/sql"
)

const versionUsage = `
Usage: agentmem version [--dsn DSN]

Prints the release of this binary, which is the release of the PL/SQL
packages it installs (co_version in DBMS_AGENT_MEMORY_STORE's spec). With a
database (--dsn or $ORACLE_DSN) it also prints the release of the package
installed there and the database release, and says when the two packages
differ.

Flags:
  --dsn DSN   database (default $ORACLE_DSN)`

func init() {
	register(command{
		Name:    "version",
		Summary: "print the agentmem release, and the installed package's and database's",
		Usage:   versionUsage,
		Run:     runVersion,
	})
}

func runVersion(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlagSet("version")
	var dsn dsnFlag
	dsn.register(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, versionUsage, err)
	}
	if len(pos) > 0 {
		return usagef("version takes no argument, got %q", pos[0])
	}
	mine, err := oramigrate.PackageVersion(sqlfiles.FS)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "agentmem %s\n", mine)
	if !dsn.given(env) {
		return nil
	}
	db, err := dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()

	installed, state, err := installedPackageVersion(ctx, db)
	if err != nil {
		return err
	}
	switch {
	case state != "":
		fmt.Fprintf(env.Stdout, "package:  %s\n", state)
	case installed != mine:
		fmt.Fprintf(env.Stdout, "package:  %s (differs from this binary's %s: run agentmem migrate up)\n", installed, mine)
	default:
		fmt.Fprintf(env.Stdout, "package:  %s\n", installed)
	}
	product, release, err := databaseRelease(ctx, db)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "database: %s %s\n", product, release)
	return nil
}

// installedPackageVersion calls dbms_agent_memory_store.version. When the
// package is missing or unusable, state says so and what to do, and err
// is nil: that is an answer, not a failure.
func installedPackageVersion(ctx context.Context, db *sql.DB) (version, state string, err error) {
	const q = `select dbms_agent_memory_store.version from dual`
	err = db.QueryRowContext(ctx, q).Scan(&version)
	switch code := oraCodeOf(err); {
	case err == nil:
		return version, "", nil
	case code == 904 || code == 6550 || code == 942:
		// ORA-00904 invalid identifier: no such package or function here.
		return "", "not installed in this schema: run agentmem migrate up", nil
	case code == 4063 || code == 4067 || code == 6508:
		// ORA-04063 has errors, ORA-04067 not executed, ORA-06508 unit not found.
		return "", fmt.Sprintf("installed but unusable (ORA-%05d): run agentmem doctor", code), nil
	}
	return "", "", fmt.Errorf("reading the installed package version: %w", err)
}

// databaseRelease reads the product and full release (e.g. "23.26.0.0.0")
// from PRODUCT_COMPONENT_VERSION, which every user can read (unlike
// V$INSTANCE); VERSION_FULL exists since 18c and is NULL for components
// other than the database.
func databaseRelease(ctx context.Context, db *sql.DB) (product, release string, err error) {
	const q = `select product, version_full from product_component_version where version_full is not null`
	var rows []struct {
		Product     string `db:"product"`
		VersionFull string `db:"version_full"`
	}
	if err := dbconn.Sqlx(db).SelectContext(ctx, &rows, q); err != nil {
		return "", "", fmt.Errorf("reading PRODUCT_COMPONENT_VERSION: %w", err)
	}
	for _, r := range rows {
		if product == "" || strings.Contains(r.Product, "Database") {
			product, release = strings.TrimSpace(r.Product), strings.TrimSpace(r.VersionFull)
		}
	}
	if release == "" {
		return "", "", errors.New("PRODUCT_COMPONENT_VERSION has no row with VERSION_FULL")
	}
	return product, release, nil
}

// oraCodeOf returns the Oracle error code in err's chain (godror's *OraErr
// has Code()), or 0.
func oraCodeOf(err error) int {
	var c interface{ Code() int }
	if errors.As(err, &c) {
		return c.Code()
	}
	return 0
}
