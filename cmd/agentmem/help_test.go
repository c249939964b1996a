package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// "agentmem store create --help" shows the flags of store create only, and
// any subcommand gets the same from its flag set.
func TestSubcommandHelpShowsItsOwnFlags(t *testing.T) {
	code, out, errOut := execAgentmem(noDB, "store", "create", "--help")
	assert.Equal(t, 0, code)
	assert.Empty(t, errOut)
	assert.True(t, strings.HasPrefix(out, "Usage: agentmem store create [flags]\n"), out)
	for _, f := range []string{"--policy", "--strategy", "--dim", "--chunk-max", "--id", "--dsn", "--yes"} {
		assert.Contains(t, out, "  "+f+" ", f)
	}
	for _, other := range []string{"--grantee", "--access", "--synonyms", "Subcommands:"} {
		assert.NotContains(t, out, other, "store create --help shows another subcommand's flag")
	}

	code, out, _ = execAgentmem(noDB, "store", "grant", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "  --grantee ")
	assert.NotContains(t, out, "--policy")

	// A command without subcommands keeps its hand-written usage.
	code, out, _ = execAgentmem(noDB, "doctor", "--help")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "Usage: agentmem doctor"), out)
}

func TestVersionFlag(t *testing.T) {
	code, out, errOut := execAgentmem(map[string]string{envDSN: "app/s3cret@127.0.0.1:1/NONE"}, "--version")
	assert.Equal(t, 0, code)
	assert.Empty(t, errOut, "--version needs no database, even with ORACLE_DSN set")
	assert.Regexp(t, `^agentmem [0-9]+\.[0-9]+\.[0-9]+\n$`, out)
}
