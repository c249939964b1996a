package main

import (
	"bytes"
	"context"
	"flag"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// execAgentmem runs the CLI in-process with the given environment and
// returns the exit status, stdout and stderr.
func execAgentmem(env map[string]string, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	e := &cliEnv{Stdout: &out, Stderr: &errOut, Getenv: func(k string) string { return env[k] }}
	code := run(context.Background(), e, args)
	return code, out.String(), errOut.String()
}

// noDB is an environment without ORACLE_DSN.
var noDB = map[string]string{}

func TestParseArgsInterspersed(t *testing.T) {
	cases := []struct {
		args []string
		pos  []string
		dsn  string
		yes  bool
	}{
		{[]string{"down", "2", "--yes"}, []string{"down", "2"}, "", true},
		{[]string{"--yes", "down", "2"}, []string{"down", "2"}, "", true},
		{[]string{"force", "-1", "--dsn", "x/y@h:1/s"}, []string{"force", "-1"}, "x/y@h:1/s", false},
		{[]string{"--dsn=x/y@h:1/s", "status"}, []string{"status"}, "x/y@h:1/s", false},
		{[]string{"force", "--", "-x"}, []string{"force", "-x"}, "", false},
		{nil, nil, "", false},
	}
	for _, c := range cases {
		fs := newFlagSet("t")
		dsn := fs.String("dsn", "", "")
		yes := fs.Bool("yes", false, "")
		pos, err := parseArgs(fs, c.args)
		require.NoError(t, err, "%q", c.args)
		assert.Equal(t, c.pos, pos, "%q", c.args)
		assert.Equal(t, c.dsn, *dsn, "%q", c.args)
		assert.Equal(t, c.yes, *yes, "%q", c.args)
	}
	fs := newFlagSet("t")
	_, err := parseArgs(fs, []string{"up", "--nope"})
	assert.ErrorContains(t, err, "flag provided but not defined: -nope")
	_, err = parseArgs(newFlagSet("t"), []string{"-h"})
	assert.ErrorIs(t, err, flag.ErrHelp)
}

func TestDSNResolution(t *testing.T) {
	env := &cliEnv{Getenv: func(k string) string { return map[string]string{envDSN: " env/pw@h:1/s "}[k] }}
	var d dsnFlag
	assert.Equal(t, "env/pw@h:1/s", d.resolve(env))
	d.value = "flag/pw@h:1/s"
	assert.Equal(t, "flag/pw@h:1/s", d.resolve(env), "--dsn wins over ORACLE_DSN")
	empty := &cliEnv{Getenv: func(string) string { return "" }}
	assert.False(t, (&dsnFlag{}).given(empty))
	_, err := (&dsnFlag{}).connect(context.Background(), empty)
	var ue usageError
	require.ErrorAs(t, err, &ue)
	assert.Contains(t, err.Error(), "no database given: pass --dsn or set ORACLE_DSN")
}

// Every database command fails the same way without a DSN: exit 2, one
// line naming --dsn and ORACLE_DSN, then the command's usage.
func TestMissingDSN(t *testing.T) {
	for _, args := range [][]string{
		{"migrate", "up"}, {"migrate", "status"}, {"migrate", "down", "--yes"}, {"migrate", "force", "-1"},
		{"install-packages"}, {"doctor"},
	} {
		code, out, errOut := execAgentmem(noDB, args...)
		assert.Equal(t, 2, code, "%q", args)
		assert.Empty(t, out, "%q", args)
		first := strings.SplitN(errOut, "\n", 2)[0]
		assert.Equal(t, "agentmem "+args[0]+": no database given: pass --dsn or set ORACLE_DSN "+
			"(user/password@host:port/service, oracle://user:password@host:port/service, "+
			"or godror logfmt: user=... password=... connectString=host:port/service)", first, "%q", args)
		assert.Contains(t, errOut, "Usage: agentmem "+args[0])
	}
}

// A DSN that parses but reaches nothing fails with exit 1 and one classified
// line: without Instant Client (as here) DPI-1047, with it no listener.
func TestUnreachableDatabase(t *testing.T) {
	code, out, errOut := execAgentmem(map[string]string{envDSN: "app/s3cret@127.0.0.1:1/NONE"}, "doctor")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	assert.Equal(t, []string{"connecting to 127.0.0.1:1/NONE ..."}, lines[:1], "progress first, on stderr")
	assert.Len(t, lines, 2, "then one line: %q", errOut)
	assert.Regexp(t, `^agentmem doctor: (Oracle Instant Client not found \(DPI-1047\)|cannot reach the database at 127\.0\.0\.1:1/NONE)`, lines[len(lines)-1])
	assert.NotContains(t, errOut, "s3cret")
}

// A malformed DSN is reported by its problem alone: the DSN is never
// echoed, so neither is its password (issue 10: a lower-case connectstring
// key made the message print the password twice).
func TestMalformedDSNNeverShowsThePassword(t *testing.T) {
	cases := []struct{ dsn, want string }{
		{"oracle://app:s3cret@host:port/S", "malformed DSN: not a valid URL (invalid port after the host)"},
		{`user="app" password="s3cret"`, "malformed DSN: no connectString"},
		{`user="app" password="s3cret connectString="h:1521/X"`, "malformed DSN: logfmt syntax error"},
		{"app/s3cret", "malformed DSN: no database address"},
	}
	for _, c := range cases {
		code, _, errOut := execAgentmem(noDB, "install-packages", "--dsn", c.dsn)
		assert.Equal(t, 1, code, c.dsn)
		assert.Contains(t, errOut, c.want, c.dsn)
		assert.NotContains(t, errOut, "s3cret", c.dsn)
	}
}

// godror's logfmt with key names in another case is accepted: the command
// gets past the DSN to the connection (which fails here: no database).
func TestDSNKeysInAnyCase(t *testing.T) {
	code, _, errOut := execAgentmem(noDB, "doctor", "--dsn", `user="app" password="s3cret" connectstring="127.0.0.1:1/NONE"`)
	assert.Equal(t, 1, code)
	assert.NotContains(t, errOut, "malformed DSN")
	assert.NotContains(t, errOut, "s3cret")
}

// --driver go-ora (or AGENTMEM_DRIVER) connects through go-ora: no Instant
// Client is needed, so the failure here is the unreachable address, and
// neither the DSN nor the URL built for go-ora shows the password.
func TestGoOraDriverUnreachable(t *testing.T) {
	for _, env := range []map[string]string{
		{envDSN: "oracle://app:s3cret@127.0.0.1:1/NONE", envDriver: "go-ora"},
		{envDSN: "app/s3cret@127.0.0.1:1/NONE", envDriver: "godror"},
	} {
		args := []string{"doctor"}
		if env[envDriver] == "godror" {
			args = append(args, "--driver", "go-ora") // the flag wins over the environment
		}
		code, out, errOut := execAgentmem(env, args...)
		assert.Equal(t, 1, code, errOut)
		assert.Empty(t, out)
		assert.Regexp(t, `agentmem doctor: (cannot reach the database at 127\.0\.0\.1:1/NONE|cannot connect: .*127\.0\.0\.1:1)`, errOut)
		assert.NotContains(t, errOut, "DPI-1047", "go-ora does not load Instant Client")
		assert.NotContains(t, errOut, "s3cret")
	}
}

func TestGoOraDriverRefusesWhatItCannotHonour(t *testing.T) {
	code, _, errOut := execAgentmem(noDB, "doctor", "--driver", "go-ora",
		"--dsn", `user="app" password="s3cret" connectString="MYALIAS" configDir="/tns"`)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "malformed DSN: the parameter configDir configures godror's Oracle client")
	assert.NotContains(t, errOut, "s3cret")

	code, _, errOut = execAgentmem(map[string]string{envDSN: "app/s3cret@h:1/S", envDriver: "odbc"}, "doctor")
	assert.Equal(t, 2, code, errOut)
	assert.Contains(t, errOut, `unknown driver "odbc": use godror`)
}
