package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestInstallUsage(t *testing.T) {
	code, _, errOut := execAgentmem(noDB, "install-packages", "now")
	assert.Equal(t, 2, code)
	assert.True(t, strings.HasPrefix(errOut, `agentmem install-packages: install-packages takes no argument, got "now"`))
	code, _, errOut = execAgentmem(noDB, "install-packages", "--force")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "flag provided but not defined: -force")
	code, out, _ := execAgentmem(noDB, "install-packages", "--help")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "Usage: agentmem install-packages [--dsn DSN]"))
}
