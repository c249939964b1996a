package integration

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	sqlfiles "github.com/agentmem/agentmem/sql"
)

// This file needs no database. Migration 000003 creates the security policy
// registry whose shape the security contract fixes (issue 14), and
// AGENTMEM_SECURITY writes it with the values of its constants: the test
// keeps the CHECK constraints, the package constants and the down migration
// in step, so a policy, mode or principal type added on one side only fails
// here instead of at the first INSERT on a live database (ORA-02290).

func secAdminEmbedded(t *testing.T, name string) string {
	t.Helper()
	data, err := fs.ReadFile(sqlfiles.FS, name)
	require.NoError(t, err)
	return strings.ToLower(string(data))
}

// secAdminCheckValues returns the quoted values of the CHECK constraint on column in
// the migration: check (column in ('A', 'B')).
func secAdminCheckValues(t *testing.T, sql, column string) []string {
	t.Helper()
	m := regexp.MustCompile(`check \(` + column + ` in \(([^)]*)\)\)`).FindStringSubmatch(sql)
	require.NotNil(t, m, "no CHECK (%s IN (...)) in migration 000003", column)
	var values []string
	for _, v := range regexp.MustCompile(`'([^']*)'`).FindAllStringSubmatch(m[1], -1) {
		values = append(values, strings.ToUpper(v[1]))
	}
	return values
}

// secAdminConstant returns the value of co_<name> in the AGENTMEM_SECURITY spec.
func secAdminConstant(t *testing.T, spec, name string) string {
	t.Helper()
	m := regexp.MustCompile(name + `\s+constant\s+varchar2\(\d+ char\)\s*:=\s*'([^']*)'`).FindStringSubmatch(spec)
	require.NotNil(t, m, "no constant %s in AGENTMEM_SECURITY.pks", name)
	return strings.ToUpper(m[1])
}

func TestSecurityMigrationMatchesThePackage(t *testing.T) {
	up := secAdminEmbedded(t, "migrations/000003_security.up.sql")
	spec := secAdminEmbedded(t, "packages/AGENTMEM_SECURITY.pks")

	for _, table := range []string{"agentmem_security_policy", "agentmem_security_grant"} {
		assert.Contains(t, up, "create table "+table+" (", "migration 000003 creates %s", table)
		assert.Contains(t, up, "comment on table "+table+" is", "%s has a table comment", table)
	}
	// The contract's keys: one row per (store, policy); one per (store,
	// principal, policy), removed with its policy.
	assert.Contains(t, up, "primary key (store_id, policy)")
	assert.Contains(t, up, "primary key (store_id, principal_type, principal, policy)")
	assert.Regexp(t, `foreign key \(store_id, policy\)\s+references agentmem_security_policy \(store_id, policy\) on delete cascade`, up)
	for _, column := range []string{"store_id     varchar2(16 char)", "principal       varchar2(128 char)",
		"policy          varchar2(30 char)", "enforcement  varchar2(30 char)", "principal_type  varchar2(30 char)"} {
		assert.Contains(t, up, column, "contract column %q", column)
	}

	assert.ElementsMatch(t, secAdminCheckValues(t, up, "policy"), []string{
		secAdminConstant(t, spec, "co_user_own_rows"), secAdminConstant(t, spec, "co_global_memories")})
	assert.ElementsMatch(t, secAdminCheckValues(t, up, "enforcement"), []string{
		secAdminConstant(t, spec, "co_vpd"), secAdminConstant(t, spec, "co_deep_sec")})
	assert.ElementsMatch(t, secAdminCheckValues(t, up, "principal_type"), []string{
		secAdminConstant(t, spec, "co_end_user"), secAdminConstant(t, spec, "co_data_role"),
		secAdminConstant(t, spec, "co_oci_group")})

	// The child table goes first: the foreign key would refuse the parent's drop.
	down := secAdminEmbedded(t, "migrations/000003_security.down.sql")
	grantAt := strings.Index(down, "drop table agentmem_security_grant purge")
	policyAt := strings.Index(down, "drop table agentmem_security_policy purge")
	require.True(t, grantAt >= 0 && policyAt >= 0, "the down migration drops both tables")
	assert.Less(t, grantAt, policyAt, "AGENTMEM_SECURITY_GRANT is dropped before AGENTMEM_SECURITY_POLICY")
}

// Every owner-column rule of AGENTMEM_VPD (the one mapping of table kinds to
// rules, docs/security.md "Policies"; TestEveryTableHasAVPDRule checks that
// every base of table_bases has one) has its Deep Data Security predicate in
// AGENTMEM_SECURITY_DDS.row_predicate: a new rule fails here, at make test,
// and not only at add_security_policies on a live database.
func TestEveryRuleHasADeepDataSecurityPredicate(t *testing.T) {
	read := func(file string) string {
		b, err := fs.ReadFile(sqlfiles.FS, "packages/"+file)
		require.NoError(t, err)
		return string(b)
	}
	rules := regexp.MustCompile(`(?m)^\s*(co_rule_[a-z]+)\s+constant`).FindAllStringSubmatch(read("AGENTMEM_VPD.pks"), -1)
	require.Len(t, rules, 4, "AGENTMEM_VPD.pks declares the owner-column rules")
	body := regexp.MustCompile(`(?s)function row_predicate\(.*?end row_predicate;`).FindString(read("AGENTMEM_SECURITY_DDS.pkb"))
	require.NotEmpty(t, body)
	assert.Contains(t, body, "case agentmem_vpd.rule_of(p_base)", "the kinds come from AGENTMEM_VPD.rule_of")
	for _, r := range rules {
		assert.Contains(t, body, "when agentmem_vpd."+r[1]+" then", "rule %s has no Deep Data Security predicate", r[1])
	}
}
