// Command agentmem installs, upgrades and operates agentmem memory stores in
// an Oracle AI Database: migrations, package install, store administration,
// the static PL/SQL checker, and a demo.
//
// Usage:
//
//	agentmem [--end-user NAME] <command> [command flags] [args]
//
// Run "agentmem help" for the list of commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

// command is one subcommand. Each lives in its own cmd_<name>.go file and
// registers itself from init, so independent commands never share a file.
type command struct {
	Name    string // first word on the command line, e.g. "migrate"
	Summary string // one line for "agentmem help"
	Usage   string // full usage text for "agentmem help <name>"
	// Run executes the command with the arguments after its name. It writes
	// results to stdout, progress and diagnostics to stderr, and returns an
	// error to exit non-zero; a usageError prints the command's usage too.
	Run func(ctx context.Context, env *cliEnv, args []string) error
}

// cliEnv is what every command receives: input and output streams, and the
// process environment lookup (tests replace them).
type cliEnv struct {
	Stdin  io.Reader // confirmations of destructive commands; nil reads as empty
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
	// EndUser is the end user of the data commands: the global --end-user
	// flag, else $AGENTMEM_END_USER, else "" (none). Set by run.
	EndUser string
}

// usageError marks bad command-line input: the command's usage is printed
// after the message, and the exit status is 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.Name]; dup {
		panic("agentmem: command registered twice: " + c.Name)
	}
	commands[c.Name] = c
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	env := &cliEnv{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
	code := run(ctx, env, os.Args[1:])
	stop()
	os.Exit(code)
}

// run dispatches args to a command and returns the process exit status:
// 0 success, 1 failure, 2 bad usage.
func run(ctx context.Context, env *cliEnv, args []string) int {
	args, endUser, given, err := splitGlobalFlags(args)
	if err != nil {
		fmt.Fprintf(env.Stderr, "agentmem: %v\n", err)
		return 2
	}
	if given && len(args) > 0 && !dataCommands[args[0]] {
		fmt.Fprintf(env.Stderr, "agentmem: --end-user applies to the data commands (%s), not to %q, "+
			"which runs as the database account and refuses an end-user context\n", dataCommandList(), args[0])
		return 2
	}
	if !given && env.Getenv != nil {
		endUser = env.Getenv(envEndUser)
	}
	env.EndUser = endUser
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				fmt.Fprintln(env.Stdout, strings.TrimSpace(c.Usage))
				return 0
			}
			fmt.Fprintf(env.Stderr, "agentmem: unknown command %q; run \"agentmem help\" for the list\n", args[1])
			return 2
		}
		printHelp(env.Stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		return printRelease(ctx, env)
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(env.Stderr, "agentmem: unknown command %q; run \"agentmem help\" for the list\n", args[0])
		return 2
	}
	err = c.Run(ctx, env, args[1:])
	if err == nil {
		return 0
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(env.Stderr, "agentmem %s: %v\n\n%s\n", c.Name, err, strings.TrimSpace(c.Usage))
		return 2
	}
	fmt.Fprintf(env.Stderr, "agentmem %s: %v\n", c.Name, err)
	return 1
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "agentmem: agent memory store for Oracle AI Database")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: agentmem [--end-user NAME] <command> [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-18s %s\n", n, commands[n].Summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "agentmem help <command>" for a command's flags, "agentmem <command> <subcommand> --help"`)
	fmt.Fprintln(w, `for a subcommand's, "agentmem --version" for this binary's release.`)
	fmt.Fprintln(w, "The database comes from --dsn or ORACLE_DSN (godror logfmt, easy-connect or oracle:// URL form),")
	fmt.Fprintln(w, "the driver from --driver or AGENTMEM_DRIVER: godror (default, needs Instant Client) or go-ora (pure Go).")
	fmt.Fprintln(w, "--end-user NAME (or AGENTMEM_END_USER) runs the data commands for that end user: the database")
	fmt.Fprintln(w, "enforces the store's security policies for it (docs/security.md).")
}
