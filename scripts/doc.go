// Package scripts holds no Go code: this directory holds the shell scripts
// behind make demo, make db-up, make instantclient and make utplsql-install.
// Its tests (scripts_test.go) run those scripts with a PATH that lacks a
// container engine or holds a fake one, and assert that each failure names
// its cause and the next action.
package scripts
