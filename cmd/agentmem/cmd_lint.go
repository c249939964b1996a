package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/agentmem/agentmem/internal/plsqlcheck"
)

const lintUsage = `
Usage: agentmem lint [--root DIR] [--rules] [paths...]

Static checker for the project's PL/SQL (docs/checker.md): block structure,
spec/body agreement, declaration order, overloads, exception handlers,
transaction control, reserved words, naming, the Go<->package contract, the
error table, dynamic SQL and Oracle API calls. No database is needed.

  paths       files or directories, relative to --root, whose .sql, .pks and
              .pkb files are checked (default: sql tests/sql, each only if it
              exists). Go files and docs/ are always read from --root.

Flags:
  --root DIR  project root (default: the current directory)
  --rules     list the rule IDs with their summaries and exit

Prints one finding per line ("file:line:col: RULE: message"), then
"lint: N files, M findings". Exit status: 0 clean, 1 findings, 2 bad usage.`

func init() {
	register(command{
		Name:    "lint",
		Summary: "check the PL/SQL sources statically (no database needed)",
		Usage:   lintUsage,
		Run:     runLint,
	})
}

// describeRoot names --root for a message: the absolute path when it
// resolves.
func describeRoot(root string) string {
	if abs, err := filepath.Abs(root); err == nil {
		root = abs
	}
	if root == "." {
		return "the current directory"
	}
	return root
}

// defaultLintPaths are checked when no path is given; a missing one is skipped.
var defaultLintPaths = []string{"sql", filepath.Join("tests", "sql")}

func runLint(_ context.Context, env *cliEnv, args []string) error {
	fs := newFlagSet("lint")
	root := fs.String("root", ".", "project root")
	listRules := fs.Bool("rules", false, "list rules")
	paths, err := parseArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return flagError(env, lintUsage, err)
	}
	if err != nil {
		return usagef("%v", err)
	}
	if *listRules {
		for _, r := range plsqlcheck.Rules() {
			fmt.Fprintf(env.Stdout, "%-12s %s\n", r.ID, r.Summary)
		}
		return nil
	}
	if st, err := os.Stat(*root); err != nil || !st.IsDir() {
		return usagef("--root %q must be an existing directory", *root)
	}
	if len(paths) == 0 {
		for _, d := range defaultLintPaths {
			if _, err := os.Stat(filepath.Join(*root, d)); err == nil {
				paths = append(paths, d)
			}
		}
		// Without paths lint checks the repository it is run in; anywhere
		// else it would read whatever Go files and docs it finds there.
		if len(paths) == 0 {
			return fmt.Errorf("%s is not an agentmem repository (it has neither sql/ nor tests/sql/): "+
				"run agentmem lint in the repository's root directory, or pass --root DIR", describeRoot(*root))
		}
	} else {
		for _, p := range paths {
			full := p
			if !filepath.IsAbs(p) {
				full = filepath.Join(*root, p)
			}
			if _, err := os.Stat(full); err != nil {
				return usagef("path %q does not exist under --root %q", p, *root)
			}
		}
	}
	proj, err := plsqlcheck.Load(*root, paths...)
	if err != nil {
		return err
	}
	findings := plsqlcheck.Run(proj)
	for _, f := range findings {
		fmt.Fprintln(env.Stdout, f.String())
	}
	fmt.Fprintf(env.Stdout, "lint: %d files, %d findings\n", len(proj.SQL), len(findings))
	if len(findings) > 0 {
		return fmt.Errorf("%d finding(s): see docs/checker.md for each rule", len(findings))
	}
	return nil
}
