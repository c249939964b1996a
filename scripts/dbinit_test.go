package scripts

// The init scripts of the development container (scripts/dbinit), run with
// a fake sqlplus that keeps the SQL it is given: the names they accept, and
// the exact grants of docs/security.md "Identities and grants", each with
// its comment. Whether Oracle accepts the SQL is for a live container.

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeSQLPlus saves its stdin (the script's SQL) and its arguments.
const fakeSQLPlus = `#!/usr/bin/env bash
echo "$*" >"$FAKE_DIR/sqlplus.args"
cat >"$FAKE_DIR/sqlplus.sql"
`

// runInit runs scripts/dbinit/<name> with e and returns the result and the
// SQL it sent to sqlplus ("" when it never called it).
func runInit(t *testing.T, name string, e env) (run, string) {
	t.Helper()
	bin, dir := t.TempDir(), t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(bin, "sqlplus"), []byte(fakeSQLPlus), 0o755))
	e["PATH"] = bin + ":" + toolDir(t)
	e["FAKE_DIR"] = dir
	r := runScript(t, e, filepath.Join("dbinit", name))
	sql, _ := os.ReadFile(filepath.Join(dir, "sqlplus.sql"))
	return r, string(sql)
}

func TestIdentitiesScriptGrants(t *testing.T) {
	r, sql := runInit(t, "02_agentmem_identities.sh", env{"APP_USER": "agentmem", "APP_USER_PASSWORD": "agentmem_dev"})
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "set up AGENTMEM_APP, AGENTMEM_SECADMIN")
	assert.Contains(t, sql, "whenever sqlerror exit sql.sqlcode", "a failed statement stops the script")
	assert.Contains(t, sql, "alter session set container = FREEPDB1;")

	// Every grant the script makes, in order; docs/security.md lists the same.
	grant := regexp.MustCompile(`(?m)^\s*(?:grant [^;']+;|grant_if_known\('grant [^']+')`)
	var got []string
	for _, m := range grant.FindAllString(sql, -1) {
		m = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(m), "grant_if_known('"))
		got = append(got, strings.TrimRight(m, "';"))
	}
	assert.Equal(t, []string{
		"grant create any context, drop any context to agentmem",
		"grant execute on sys.dbms_rls to agentmem",
		"grant create session to agentmem_app",
		"grant create session to agentmem_secadmin",
		"grant execute on sys.dbms_rls to agentmem_secadmin",
		"grant create end user security context to agentmem_app",
		"grant create data role to agentmem_secadmin",
		"grant drop data role to agentmem_secadmin",
		"grant grant any data role to agentmem_secadmin",
		"grant create any data grant to agentmem_secadmin",
		"grant administer any data grant to agentmem_secadmin",
		"grant drop any data grant to agentmem_secadmin",
		"grant set use data grants only to agentmem_secadmin",
	}, got)

	// Least privilege: the runtime account gets no table, ANY or exemption
	// privilege, and nobody gets EXEMPT ACCESS POLICY.
	for _, line := range strings.Split(sql, "\n") {
		l := strings.ToLower(strings.TrimSpace(line))
		if strings.HasPrefix(l, "--") {
			continue
		}
		assert.NotContains(t, l, "exempt access policy", line)
		if strings.Contains(l, "to agentmem_app") {
			assert.NotRegexp(t, `\bany\b|select|insert|update|delete|dba|resource`, l, line)
		}
	}
	// Each plain grant has a comment block right above it saying why.
	lines := strings.Split(sql, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, "grant ") {
			require.Greater(t, i, 0)
			assert.True(t, strings.HasPrefix(lines[i-1], "--"), "no comment above %q", line)
		}
	}
	assert.Contains(t, sql, `create user if not exists agentmem_app identified by "agentmem_dev";`)
	assert.Contains(t, sql, "when e_unknown_privilege then", "Deep Data Security privileges are skipped on older releases")
	assert.Contains(t, sql, "grant agentmem_test_role to agentmem")
}

func TestIdentitiesScriptRefusesBadNames(t *testing.T) {
	for _, c := range []struct {
		e    env
		want string
	}{
		{env{"APP_USER": "agentmem; drop user sys", "APP_USER_PASSWORD": "agentmem_dev"}, "not a plain identifier"},
		{env{"APP_USER_PASSWORD": "agentmem_dev"}, "APP_USER '' is missing"},
		{env{"APP_USER": "agentmem", "APP_USER_PASSWORD": `pw"; grant dba to x; --`}, "APP_USER_PASSWORD is missing or not"},
		{env{"APP_USER": "agentmem", "APP_USER_PASSWORD": "short"}, "APP_USER_PASSWORD is missing or not"},
	} {
		r, sql := runInit(t, "02_agentmem_identities.sh", c.e)
		assert.NotEqual(t, 0, r.code)
		assert.Contains(t, r.stderr, c.want)
		assert.Empty(t, sql, "nothing reaches sqlplus")
	}
}

func TestGrantsScriptRefusesBadNames(t *testing.T) {
	r, sql := runInit(t, "01_agentmem_grants.sh", env{"APP_USER": "x y"})
	assert.NotEqual(t, 0, r.code)
	assert.Contains(t, r.stderr, "not a plain identifier")
	assert.Empty(t, sql)
}
