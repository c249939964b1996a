// Command genfixtures rewrites the generated regions of the utPLSQL suites
// (tests/sql/test_agentmem_*.pkb, between "-- genfixtures:begin <id>" and
// "-- genfixtures:end <id>") from the golden fixtures of
// tests/go/testdata/contract. Run it from anywhere in the repository after
// changing a fixture:
//
//	go run ./tests/go/cmd/genfixtures
//
// then run TestFixtureSuites (go test ./tests/go -run TestFixtureSuites),
// which also checks what the generator cannot write: the case counts the
// suites assert and the requests the store suite writes itself.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/agentmem/agentmem/tests/go/fixturesync"
)

func main() {
	root := flag.String("root", "", "repository root (default: the directory of go.mod above the working directory)")
	flag.Parse()
	if err := run(*root); err != nil {
		fmt.Fprintln(os.Stderr, "genfixtures:", err)
		os.Exit(1)
	}
}

func run(root string) error {
	if root == "" {
		var err error
		if root, err = moduleRoot(); err != nil {
			return err
		}
	}
	changed, err := fixturesync.Generate(root)
	if err != nil {
		return err
	}
	if len(changed) == 0 {
		fmt.Println("genfixtures: the suites are up to date with the fixtures")
	}
	for _, f := range changed {
		fmt.Println("genfixtures: rewrote", f)
	}
	fmt.Println("genfixtures: now run go test ./tests/go -run TestFixtureSuites")
	return nil
}

// moduleRoot is the nearest directory holding go.mod, from the working
// directory up.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod in the working directory or above it: run inside the repository or pass -root")
		}
		dir = parent
	}
}
