package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMigrateUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"migrate"}, "missing subcommand: up, down, status or force"},
		{[]string{"migrate", "sideways"}, `unknown subcommand "sideways": want up, down, status or force`},
		{[]string{"migrate", "up", "3"}, `up takes no argument, got "3"`},
		{[]string{"migrate", "status", "x"}, `status takes no argument, got "x"`},
		{[]string{"migrate", "down"}, "down reverts 1 migration(s) and drops what they created, data included: add --yes to confirm"},
		{[]string{"migrate", "down", "3"}, "down reverts 3 migration(s)"},
		{[]string{"migrate", "down", "0", "--yes"}, `down N: N must be a whole number of migrations >= 1, got "0"`},
		{[]string{"migrate", "down", "two", "--yes"}, `got "two"`},
		{[]string{"migrate", "down", "1", "2", "--yes"}, "down takes at most one argument N, got 2"},
		{[]string{"migrate", "force"}, "force takes exactly one argument, the version V (-1 for none)"},
		{[]string{"migrate", "force", "-2"}, `force V: V must be a migration version or -1, got "-2"`},
		{[]string{"migrate", "force", "v1"}, `got "v1"`},
		{[]string{"migrate", "status", "--no-packages"}, "--no-packages applies to up only"},
		{[]string{"migrate", "up", "--lock-timeout", "0s"}, "--lock-timeout must be positive"},
		{[]string{"migrate", "up", "--statement-timeout", "-1s"}, "--statement-timeout must be >= 0"},
		{[]string{"migrate", "up", "--lock-timeout", "soon"}, `invalid value "soon" for flag -lock-timeout`},
		{[]string{"migrate", "--verbose", "up"}, "flag provided but not defined: -verbose"},
	}
	for _, c := range cases {
		code, out, errOut := execAgentmem(noDB, c.args...)
		assert.Equal(t, 2, code, "%q", c.args)
		assert.Empty(t, out, "%q", c.args)
		first := strings.SplitN(errOut, "\n", 2)[0]
		assert.True(t, strings.HasPrefix(first, "agentmem migrate: "), "%q: %q", c.args, first)
		assert.Contains(t, first, c.want, "%q", c.args)
		assert.Contains(t, errOut, "Usage: agentmem migrate [flags] up | down [N] | status | force V", "%q", c.args)
	}
}

// Well-formed command lines get past argument checks and stop only at the
// missing database, which proves they parsed.
func TestMigrateArgumentsAccepted(t *testing.T) {
	for _, args := range [][]string{
		{"migrate", "up", "--no-packages"},
		{"migrate", "--table", "other_migrations", "status"},
		{"migrate", "down", "--yes"},
		{"migrate", "down", "2", "--yes"},
		{"migrate", "--yes", "down", "2"},
		{"migrate", "force", "-1"},
		{"migrate", "force", "1", "--lock-timeout", "1m", "--statement-timeout", "30s"},
	} {
		code, _, errOut := execAgentmem(noDB, args...)
		assert.Equal(t, 2, code, "%q", args)
		assert.Contains(t, errOut, "no database given", "%q", args)
	}
}

func TestMigrateHelp(t *testing.T) {
	for _, args := range [][]string{{"migrate", "-h"}, {"migrate", "up", "--help"}, {"help", "migrate"}} {
		code, out, errOut := execAgentmem(noDB, args...)
		require.Equal(t, 0, code, "%q", args)
		assert.Empty(t, errOut)
		assert.True(t, strings.HasPrefix(out, "Usage: agentmem migrate [flags] up | down [N] | status | force V"), "%q", args)
		for _, s := range []string{"--yes", "--no-packages", "EXECUTE on SYS.DBMS_LOCK", "force V"} {
			assert.Contains(t, out, s)
		}
	}
}
