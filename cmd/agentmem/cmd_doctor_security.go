package main

// doctor's security checks (issue 14; docs/security.md "Identities and
// grants"): what the database offers for the two enforcement modes (the
// package's security_capabilities), the schema owner's own grants for VPD
// and the application context, and whether the runtime account and the
// policy administrator exist and hold the owner's grants they need. doctor
// runs as the schema owner, who sees its own privileges (SESSION_PRIVS,
// USER_TAB_PRIVS), every user (ALL_USERS) and the grants on its own objects
// (ALL_TAB_PRIVS: "grants on objects where the current user is the owner,
// grantor or grantee"); the system privileges of the other two identities
// are a DBA's view (DBA_SYS_PRIVS), so doctor names the script that grants
// them instead of guessing.

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// identityNames are the runtime account and the policy administrator
// doctor looks for (doctor --app-user / --secadmin-user).
type identityNames struct {
	app, secadmin string
}

// defaultIdentities are the names scripts/dbinit/02_agentmem_identities.sh
// creates in the development container.
var defaultIdentities = identityNames{app: "AGENTMEM_APP", secadmin: "AGENTMEM_SECADMIN"}

// ownerSecurity is what the owner's session reports about itself.
type ownerSecurity struct {
	createAnyContext bool // CREATE ANY CONTEXT: the install creates the application context
	exemptPolicy     bool // EXEMPT ACCESS POLICY: VPD does not apply to this account
	directRLS        bool // EXECUTE ON SYS.DBMS_RLS granted directly (attach/detach run in PL/SQL)
}

// identityState is what the owner sees of one other identity.
type identityState struct {
	exists        bool
	facadeExecute bool // EXECUTE on the owner's DBMS_AGENT_MEMORY_STORE (grant_access, or the admin grant)
	// roles lists the roles holding EXECUTE on the facade (grant_access to a
	// role). Which users hold a role is in DBA views the owner cannot read,
	// so a user without a direct grant may still reach the package.
	roles string
}

// securityFindings runs the security checks: a failed query becomes a WARN
// saying the check could not be made, as in diagnose.
func securityFindings(ctx context.Context, db *sql.DB, user string, ids identityNames) []finding {
	var out []finding
	caps, err := agentmemory.SecurityCapabilities(ctx, db)
	if err != nil {
		out = append(out, finding{Level: levelWarn, Check: "security", Detail: "could not read security_capabilities: " + oneLine(err),
			Action: "install the current packages (agentmem install-packages) and run doctor as the schema owner"})
	} else {
		out = append(out, capabilityFindings(caps)...)
	}
	own, err := readOwnerSecurity(ctx, db)
	if err != nil {
		out = append(out, finding{Level: levelWarn, Check: "owner grants", Detail: "could not check: " + oneLine(err),
			Action: "run doctor as the schema owner, or check by hand"})
	} else {
		out = append(out, ownerSecurityFindings(own, user)...)
	}
	for _, id := range []struct{ role, name string }{{"runtime account", ids.app}, {"policy admin", ids.secadmin}} {
		st, err := readIdentity(ctx, db, user, id.name)
		if err != nil {
			out = append(out, finding{Level: levelWarn, Check: id.role, Detail: "could not check " + id.name + ": " + oneLine(err),
				Action: "run doctor as the schema owner, or check by hand"})
			continue
		}
		out = append(out, identityFinding(id.role, id.name, user, st))
	}
	return out
}

// capabilityFindings: one line per enforcement mode, with the package's
// missing items and fixes. Neither mode is required (a store without
// policies needs none), so a missing mode is a WARN.
func capabilityFindings(c *agentmemory.SecurityCapabilitiesReport) []finding {
	var fixes []string
	var what []string
	for _, m := range c.Missing {
		what = append(what, m.What)
		fixes = append(fixes, m.Fix)
	}
	vpd := finding{Level: levelOK, Check: "security vpd", Detail: "VPD enforcement available (DBMS_RLS)"}
	if !c.VPD {
		vpd = finding{Level: levelWarn, Check: "security vpd",
			Detail: "VPD enforcement unavailable: add_security_policies with VPD fails (Enterprise Edition and EXECUTE ON SYS.DBMS_RLS needed)",
			Action: "a DBA runs: grant execute on sys.dbms_rls to <owner> (scripts/dbinit/02_agentmem_identities.sh)"}
	}
	dds := finding{Level: levelOK, Check: "security deep",
		Detail: fmt.Sprintf("Deep Data Security available (release %s, COMPATIBLE %s)", c.Release, c.Compatible)}
	if !c.DeepDataSecurity {
		dds = finding{Level: levelWarn, Check: "security deep",
			Detail: fmt.Sprintf("Deep Data Security unavailable (release %s, COMPATIBLE %s; needs 23.26.2 and COMPATIBLE >= 20)", c.Release, c.Compatible)}
	}
	if len(c.Missing) > 0 {
		if !c.DeepDataSecurity {
			dds.Detail += ": missing " + strings.Join(what, "; ")
			dds.Action = strings.Join(fixes, "; ")
		} else {
			dds.Level = levelWarn
			dds.Detail += "; missing " + strings.Join(what, "; ")
			dds.Action = strings.Join(fixes, "; ")
		}
	}
	return []finding{vpd, dds}
}

func readOwnerSecurity(ctx context.Context, db *sql.DB) (ownerSecurity, error) {
	var s ownerSecurity
	rows, err := db.QueryContext(ctx, `select privilege from session_privs
 where privilege in ('CREATE ANY CONTEXT', 'EXEMPT ACCESS POLICY')`)
	if err != nil {
		return s, err
	}
	defer rows.Close()
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return s, err
		}
		s.createAnyContext = s.createAnyContext || p == "CREATE ANY CONTEXT"
		s.exemptPolicy = s.exemptPolicy || p == "EXEMPT ACCESS POLICY"
	}
	if err := rows.Err(); err != nil {
		return s, err
	}
	// USER_TAB_PRIVS lists the grants made to the current user itself (not
	// through roles): what invoker's-rights PL/SQL called from definer's
	// code can rely on.
	var n int
	err = db.QueryRowContext(ctx, `select count(*) from user_tab_privs
 where grantee = user and owner = 'SYS' and table_name = 'DBMS_RLS' and privilege = 'EXECUTE'`).Scan(&n)
	s.directRLS = n > 0
	return s, err
}

func ownerSecurityFindings(s ownerSecurity, user string) []finding {
	ctxF := finding{Level: levelOK, Check: "end-user context", Detail: "CREATE ANY CONTEXT held: the install creates the application context"}
	if !s.createAnyContext {
		ctxF = finding{Level: levelWarn, Check: "end-user context",
			Detail: "no CREATE ANY CONTEXT: the install cannot create the application context, so set_end_user (ForEndUser, --end-user) fails",
			Action: "a DBA runs: grant create any context to " + user + ", then agentmem install-packages"}
	}
	rls := finding{Level: levelOK, Check: "owner dbms_rls", Detail: "EXECUTE ON SYS.DBMS_RLS granted directly"}
	if !s.directRLS {
		rls = finding{Level: levelWarn, Check: "owner dbms_rls",
			Detail: "no direct EXECUTE ON SYS.DBMS_RLS: VPD policies cannot be attached",
			Action: "a DBA runs: grant execute on sys.dbms_rls to " + user}
	}
	out := []finding{ctxF, rls}
	if s.exemptPolicy {
		out = append(out, finding{Level: levelWarn, Check: "exempt policy",
			Detail: user + " holds EXEMPT ACCESS POLICY: VPD policies do not apply to its sessions (expected only for an owner used for setup)",
			Action: "never let the runtime account hold it; a DBA runs: revoke exempt access policy from <account>"})
	}
	return out
}

func readIdentity(ctx context.Context, db *sql.DB, owner, name string) (identityState, error) {
	var st identityState
	var n int
	if err := db.QueryRowContext(ctx, `select count(*) from all_users where username = :1`, name).Scan(&n); err != nil {
		return st, err
	}
	st.exists = n > 0
	if !st.exists {
		return st, nil
	}
	err := db.QueryRowContext(ctx, `select count(*) from all_tab_privs
 where grantee = :1 and table_schema = :2 and table_name = 'DBMS_AGENT_MEMORY_STORE' and privilege = 'EXECUTE'`,
		name, owner).Scan(&n)
	st.facadeExecute = n > 0
	if err != nil || st.facadeExecute {
		return st, err
	}
	var roles sql.NullString
	err = db.QueryRowContext(ctx, `select listagg(p.grantee, ', ') within group (order by p.grantee) from all_tab_privs p
 where p.table_schema = :1 and p.table_name = 'DBMS_AGENT_MEMORY_STORE' and p.privilege = 'EXECUTE'
   and not exists (select 1 from all_users u where u.username = p.grantee)`, owner).Scan(&roles)
	st.roles = roles.String
	return st, err
}

// identityFinding judges one identity: absent is a WARN (a deployment may
// use other names: doctor --app-user / --secadmin-user), present without
// EXECUTE on the facade is a WARN with the grant that gives it.
func identityFinding(role, name, owner string, st identityState) finding {
	script := "scripts/dbinit/02_agentmem_identities.sh"
	switch {
	case !st.exists:
		return finding{Level: levelWarn, Check: role, Detail: name + " does not exist",
			Action: "create it with the grants of docs/security.md \"Identities and grants\" (" + script + " in the dev container), or name yours with --" +
				map[string]string{"runtime account": "app-user", "policy admin": "secadmin-user"}[role]}
	case !st.facadeExecute && role == "runtime account" && st.roles != "":
		return finding{Level: levelWarn, Check: role, Detail: name + " has no direct EXECUTE on " + owner + ".DBMS_AGENT_MEMORY_STORE; the roles " +
			st.roles + " hold it, and " + name + " can call the package if it holds one of them (role membership is in DBA views " + owner + " cannot read)",
			Action: "check with a DBA: select granted_role from dba_role_privs where grantee = '" + name + "'"}
	case !st.facadeExecute && role == "runtime account":
		return finding{Level: levelWarn, Check: role, Detail: name + " has no EXECUTE on " + owner + ".DBMS_AGENT_MEMORY_STORE: it cannot call the package",
			Action: "as " + owner + ": agentmem store grant --id <store> --grantee " + name + " (grant_access, per store)"}
	case !st.facadeExecute:
		return finding{Level: levelWarn, Check: role, Detail: name + " has no EXECUTE on " + owner + ".DBMS_AGENT_MEMORY_STORE: it cannot run the security calls",
			Action: "as " + owner + ": grant execute on " + strings.ToLower(owner) + ".dbms_agent_memory_store to " + strings.ToLower(name) +
				" (and the grants of docs/security.md \"Identities and grants\")"}
	}
	return finding{Level: levelOK, Check: role, Detail: name + " exists with EXECUTE on " + owner + ".DBMS_AGENT_MEMORY_STORE"}
}
