// Package integration holds agentmem's live tests: Go tests that run against
// a real Oracle AI Database (23.4 or later) named by ORACLE_DSN, plus the
// runner of the utPLSQL suites in tests/sql and a few checks of repository
// files that need no database (such as install_script_test.go).
//
// Without ORACLE_DSN every live test skips with "SKIPPED: ORACLE_DSN is not
// set", and "make test" prints one SKIPPED line per live suite. With it set,
// "make test" first installs agentmem into that schema (agentmem migrate up)
// and then runs
//
//	go test -count=1 -v ./tests/go/...
//
// A database that is named but cannot be reached fails the tests. Use a
// schema of its own: the tests create and drop memory stores there. The
// development container of "make db-up" is one. The helpers to open the
// database and name test stores are in tests/go/livedb.
package integration
