package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/internal/oramigrate"
	sqlfiles "github.com/agentmem/agentmem/sql"
)

func TestVersionWithoutDatabase(t *testing.T) {
	want, err := oramigrate.PackageVersion(sqlfiles.FS)
	require.NoError(t, err)
	code, out, errOut := execAgentmem(noDB, "version")
	assert.Equal(t, 0, code)
	assert.Empty(t, errOut)
	assert.Equal(t, "agentmem "+want+"\n", out, "no DSN: no connection attempt, client release only")
}

func TestVersionUsage(t *testing.T) {
	code, _, errOut := execAgentmem(noDB, "version", "extra")
	assert.Equal(t, 2, code)
	assert.True(t, strings.HasPrefix(errOut, `agentmem version: version takes no argument, got "extra"`))
	code, _, errOut = execAgentmem(noDB, "version", "--short")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "flag provided but not defined: -short")
	code, out, _ := execAgentmem(noDB, "version", "-h")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "Usage: agentmem version [--dsn DSN]"))
}

// With a DSN, version prints the client line, then fails on the connection
// with one classified line.
func TestVersionWithUnreachableDatabase(t *testing.T) {
	code, out, errOut := execAgentmem(map[string]string{envDSN: "app/pw@127.0.0.1:1/NONE"}, "version")
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasPrefix(out, "agentmem "))
	assert.Equal(t, 1, strings.Count(errOut, "\n"), "%q", errOut)
}
