package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/agentmem/agentmem/internal/dbconn"
)

// envDSN is the environment variable read when --dsn is not given.
const envDSN = "ORACLE_DSN"

// envDriver is the environment variable read when --driver is not given.
// The driver is chosen by name, not by the DSN's form: every DSN form
// (oracle:// included) is valid for both drivers.
const envDriver = "AGENTMEM_DRIVER"

// connectTimeout bounds opening the first session, so an unreachable host
// fails in seconds instead of hanging on TCP.
const connectTimeout = 30 * time.Second

// dsnFlag is the --dsn flag, with --driver, shared by every command that
// talks to the database.
type dsnFlag struct{ value, driver string }

func (d *dsnFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&d.value, "dsn", "", "database to connect to (default $"+envDSN+"): "+dbconn.Forms)
	fs.StringVar(&d.driver, "driver", "", "Oracle driver (default $"+envDriver+", else godror): "+dbconn.Drivers)
}

// driverName returns --driver, else $AGENTMEM_DRIVER, else "" (godror).
func (d *dsnFlag) driverName(env *cliEnv) string {
	if s := strings.TrimSpace(d.driver); s != "" {
		return s
	}
	return strings.TrimSpace(env.Getenv(envDriver))
}

// given reports whether a DSN comes from --dsn or the environment.
func (d *dsnFlag) given(env *cliEnv) bool { return d.resolve(env) != "" }

// resolve returns --dsn, else $ORACLE_DSN, else "".
func (d *dsnFlag) resolve(env *cliEnv) string {
	if s := strings.TrimSpace(d.value); s != "" {
		return s
	}
	return strings.TrimSpace(env.Getenv(envDSN))
}

// connect opens the session pool and checks that the database answers.
// A missing DSN is a usage error; a failed connection is one classified line
// (missing Instant Client, unreachable host, bad credentials, ...).
func (d *dsnFlag) connect(ctx context.Context, env *cliEnv) (*sql.DB, error) {
	dsn := d.resolve(env)
	if dsn == "" {
		return nil, usagef("no database given: pass --dsn or set %s (%s)", envDSN, dbconn.Forms)
	}
	driver := d.driverName(env)
	if _, err := dbconn.ParseDriver(driver); err != nil {
		return nil, usagef("--driver / %s: %v", envDriver, err)
	}
	cctx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	return dbconn.ConnectDriver(cctx, dsn, driver, dbconn.Options{})
}

// connectShowingProgress is connect for the commands that take long
// (migrate, install-packages, doctor): it first says on stderr which
// database it connects to (the address only, never the DSN), since opening
// the first session can take up to connectTimeout.
func (d *dsnFlag) connectShowingProgress(ctx context.Context, env *cliEnv) (*sql.DB, error) {
	if where := dbconn.Endpoint(d.resolve(env)); where != "" {
		progress(env)("connecting to " + where + " ...")
	}
	return d.connect(ctx, env)
}

// newFlagSet returns a flag set that reports errors instead of printing or
// exiting: run() prints one line and the usage, and exits 2.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

var negativeInt = regexp.MustCompile(`^-[0-9]+$`)

// parseArgs parses flags placed before, between or after positional
// arguments (the standard flag package stops at the first positional one),
// and returns the positional arguments. A negative integer such as -1 is a
// positional argument, not a flag; everything after "--" is positional.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for len(args) > 0 {
		if negativeInt.MatchString(args[0]) {
			pos = append(pos, args[0])
			args = args[1:]
			continue
		}
		if err := fs.Parse(args); err != nil {
			return nil, asHelpRequest(fs, err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	return pos, nil
}

// flagError turns a parse error into a usage error, or, for -h / --help,
// prints the usage to stdout and returns nil (exit 0): a subcommand's own
// flags for a subcommand (agentmem store create --help), else usage.
func flagError(env *cliEnv, usage string, err error) error {
	var h helpRequest
	if errors.As(err, &h) && isSubcommand(h.fs) {
		fmt.Fprintln(env.Stdout, subcommandUsage(h.fs))
		return nil
	}
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(env.Stdout, strings.TrimSpace(usage))
		return nil
	}
	return usagef("%v", err)
}

// progress writes progress lines to stderr (results go to stdout).
func progress(env *cliEnv) func(string) {
	return func(line string) { fmt.Fprintln(env.Stderr, line) }
}
