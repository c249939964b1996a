package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/oramigrate"
	sqlfiles "github.com/agentmem/agentmem/sql"
)

// helpRequest is the -h / --help of one flag set: parseArgs returns it (it
// wraps flag.ErrHelp) so that flagError can print the flags of exactly the
// flag set that was asked, e.g. "store create", not the whole command.
type helpRequest struct{ fs *flag.FlagSet }

func (h helpRequest) Error() string { return flag.ErrHelp.Error() }
func (h helpRequest) Unwrap() error { return flag.ErrHelp }

// subcommandUsage is the help of a subcommand's flag set, named "<command>
// <subcommand>" by convention: its usage line and the flags registered on
// it, generated from the flag set, so every subcommand gets its own help
// without a hand-written text per subcommand.
func subcommandUsage(fs *flag.FlagSet) string {
	command := strings.Fields(fs.Name())[0]
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: agentmem %s [flags]\n", fs.Name())
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		b.WriteString("\nFlags:\n")
	}
	fs.VisitAll(func(fl *flag.Flag) {
		arg, usage := flag.UnquoteUsage(fl)
		head := "  --" + fl.Name
		if arg != "" {
			head += " " + arg
		}
		if def := fl.DefValue; def != "" && def != "false" && def != "0" {
			usage += fmt.Sprintf(" (default %s)", def)
		}
		fmt.Fprintf(&b, "%-26s %s\n", head, usage)
	})
	fmt.Fprintf(&b, "\nRun \"agentmem help %s\" for the description of every subcommand.", command)
	return b.String()
}

// isSubcommand reports whether fs belongs to a subcommand ("store create").
func isSubcommand(fs *flag.FlagSet) bool { return strings.Contains(fs.Name(), " ") }

// printRelease answers "agentmem --version": this binary's release, which is
// the release of the PL/SQL packages it installs. It needs no database;
// "agentmem version" also reports the installed package's and the
// database's release.
func printRelease(_ context.Context, env *cliEnv) int {
	v, err := oramigrate.PackageVersion(sqlfiles.FS)
	if err != nil {
		fmt.Fprintf(env.Stderr, "agentmem: %v\n", err)
		return 1
	}
	fmt.Fprintf(env.Stdout, "agentmem %s\n", v)
	return 0
}

// asHelpRequest wraps flag.ErrHelp from parsing fs in a helpRequest.
func asHelpRequest(fs *flag.FlagSet, err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return helpRequest{fs}
	}
	return err
}
