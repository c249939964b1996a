package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/internal/dbconn"
	"github.com/agentmem/agentmem/internal/oramigrate"
)

func rel(t *testing.T, s string) dbconn.Release {
	t.Helper()
	r, err := dbconn.ParseRelease(s)
	require.NoError(t, err)
	return r
}

// levels maps each finding's check to its level.
func levels(fs []finding) map[string]level {
	m := map[string]level{}
	for _, f := range fs {
		m[f.Check] = f.Level
	}
	return m
}

func TestReleaseFindings(t *testing.T) {
	cases := []struct {
		name, release, compat string
		want                  map[string]level
	}{
		{"26ai RU 23.26.2", "23.26.2.0.0", "23.6.0",
			map[string]level{"vector": levelOK, "hybrid index": levelOK, "deep security": levelOK}},
		{"26ai RU 23.26.0", "23.26.0.0.0", "23.6.0",
			map[string]level{"vector": levelOK, "hybrid index": levelOK, "deep security": levelWarn}},
		{"23.10: numbers, not strings", "23.10.0.25.10", "23.6.0",
			map[string]level{"vector": levelOK, "hybrid index": levelOK, "deep security": levelWarn}},
		{"23.5", "23.5.0.24.07", "23.4.0",
			map[string]level{"vector": levelOK, "hybrid index": levelWarn, "deep security": levelWarn}},
		{"COMPATIBLE too low", "23.6.0.24.10", "23.0.0",
			map[string]level{"vector": levelFail, "hybrid index": levelOK, "deep security": levelWarn}},
		{"19c", "19.24.0.0.0", "19.0.0",
			map[string]level{"vector": levelFail, "hybrid index": levelWarn, "deep security": levelWarn}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := releaseFindings(rel(t, c.release), rel(t, c.compat), "")
			assert.Equal(t, c.want, levels(got))
			for _, f := range got {
				if f.Level != levelOK {
					assert.NotEmpty(t, f.Action, "%s: a WARN or FAIL says what to do", f.Check)
				}
			}
		})
	}

	got := releaseFindings(rel(t, "23.6.0.24.10"), nil, "V$PARAMETER: ORA-00942")
	require.Equal(t, levelWarn, got[0].Level)
	assert.Contains(t, got[0].Detail, "COMPATIBLE could not be read (V$PARAMETER: ORA-00942)")

	got = releaseFindings(rel(t, "23.6.0.24.10"), rel(t, "23.0.0"), "")
	assert.Contains(t, got[0].String(), "FAIL  vector           COMPATIBLE 23.0.0 is below 23.4.0, which the VECTOR type needs. "+
		"Action: a DBA runs alter system set compatible='23.4.0' scope=spfile")
}

func TestPrivilegeFindings(t *testing.T) {
	all := map[string]bool{"CREATE TABLE": true, "CREATE PROCEDURE": true, "CREATE JOB": true}
	assert.Equal(t, map[string]level{"privileges": levelOK, "scheduler jobs": levelOK}, levels(privilegeFindings(all, "APP")))

	got := privilegeFindings(map[string]bool{"CREATE TABLE": true}, "APP")
	assert.Equal(t, map[string]level{"privileges": levelFail, "scheduler jobs": levelWarn}, levels(got))
	assert.Equal(t, "a DBA runs: grant create procedure to APP", got[0].Action)
	assert.Equal(t, "a DBA runs: grant create job to APP", got[1].Action)
}

func TestLockAndTextFindings(t *testing.T) {
	assert.Equal(t, levelOK, lockFinding(true, "APP").Level)
	f := lockFinding(false, "APP")
	assert.Equal(t, levelFail, f.Level)
	assert.Equal(t, "a DBA runs: grant execute on sys.dbms_lock to APP", f.Action)

	assert.Equal(t, levelOK, chunkerFinding(true, "APP").Level)
	f = chunkerFinding(false, "APP")
	assert.Equal(t, levelWarn, f.Level)
	assert.Contains(t, f.Action, "grant execute on sys.dbms_vector to APP")

	assert.Equal(t, levelOK, oracleTextFinding(true, true, "APP").Level)
	assert.Contains(t, oracleTextFinding(false, false, "APP").Detail, "not installed (no CTXSYS)")
	f = oracleTextFinding(true, false, "APP")
	assert.Equal(t, levelWarn, f.Level)
	assert.Contains(t, f.Action, "grant ctxapp to APP")
}

func TestPackageFindings(t *testing.T) {
	valid := []oramigrate.PackageState{{Type: "PACKAGE", Name: "P", Status: "VALID"}, {Type: "PACKAGE BODY", Name: "P", Status: "VALID"}}
	f := packageFindings(valid, "0.1.0", "", "0.1.0")
	require.Len(t, f, 1)
	assert.Equal(t, levelOK, f[0].Level)
	assert.Equal(t, "2 objects valid, release 0.1.0", f[0].Detail)

	assert.Equal(t, levelWarn, packageFindings(valid, "0.0.9", "", "0.1.0")[0].Level, "another release installed")

	none := []oramigrate.PackageState{{Type: "PACKAGE", Name: "P", Status: "MISSING"}, {Type: "PACKAGE BODY", Name: "P", Status: "MISSING"}}
	f = packageFindings(none, "", "not installed", "0.1.0")
	assert.Equal(t, levelWarn, f[0].Level)
	assert.Equal(t, "run agentmem migrate up", f[0].Action)

	half := []oramigrate.PackageState{valid[0], none[1]}
	assert.Equal(t, "missing: PACKAGE BODY P", packageFindings(half, "", "x", "0.1.0")[0].Detail)

	bad := []oramigrate.PackageState{valid[0], {Type: "PACKAGE BODY", Name: "P", Status: "INVALID",
		Errors: []oramigrate.CompileError{{Type: "PACKAGE BODY", Name: "P", Line: 4, Col: 7, Text: "PLS-00201: identifier 'Q' must be declared"}}}}
	f = packageFindings(bad, "", "installed but unusable (ORA-04063): run agentmem doctor", "0.1.0")
	assert.Equal(t, levelFail, f[0].Level)
	assert.Equal(t, "FAIL  packages         INVALID: PACKAGE BODY P. Action: fix the compile errors below, then run agentmem install-packages\n"+
		"      PACKAGE BODY P:4:7: PLS-00201: identifier 'Q' must be declared", f[0].String())
}

func TestMigrationFinding(t *testing.T) {
	st := oramigrate.Status{Table: "AGENTMEM_SCHEMA_MIGRATIONS", Version: -1}
	f := migrationFinding(st, false)
	assert.Equal(t, levelWarn, f.Level)
	assert.Contains(t, f.Detail, "no table AGENTMEM_SCHEMA_MIGRATIONS")

	st = oramigrate.Status{Version: 1, Migrations: []oramigrate.MigrationState{{Version: 1, State: "applied"}, {Version: 2, State: "pending"}}}
	f = migrationFinding(st, true)
	assert.Equal(t, levelWarn, f.Level)
	assert.Equal(t, "version 1, 1 migration(s) pending", f.Detail)

	st.Migrations = st.Migrations[:1]
	assert.Equal(t, finding{Check: "migrations", Level: levelOK, Detail: "version 1, up to date"}, migrationFinding(st, true))
}

func TestOneLine(t *testing.T) {
	assert.Equal(t, "ORA-00942: table or view does not exist at line 3", oneLine(errors.New("ORA-00942: table or view\n does not exist\tat line 3")))
}

func TestDoctorUsage(t *testing.T) {
	code, _, errOut := execAgentmem(noDB, "doctor", "now")
	assert.Equal(t, 2, code)
	assert.True(t, strings.HasPrefix(errOut, `agentmem doctor: doctor takes no argument, got "now"`))
	code, out, _ := execAgentmem(noDB, "doctor", "-h")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "Usage: agentmem doctor [--dsn DSN] [--table NAME]"))
}
