#!/bin/bash
# Runs once, as SYS, after 01_agentmem_grants.sh on the first start of the
# development container (and again from "scripts/db.sh grant"; every step is
# repeatable). It sets up the three identities of docs/security.md
# "Identities and grants" with the least privilege each needs:
#
#   schema owner          ${APP_USER}: 01_agentmem_grants.sh's grants, plus
#                         what the end-user context and VPD need (below)
#   runtime pool account  AGENTMEM_APP: CREATE SESSION only; its access to a
#                         store comes from the owner's grant_access (per
#                         store, after the store exists)
#   policy administrator  AGENTMEM_SECADMIN: the DBMS_RLS and Deep Data
#                         Security privileges of the security admin calls
#
# plus two test identities the live suites look for (AGENTMEM_TEST_RUNTIME,
# AGENTMEM_TEST_ROLE). The two accounts get APP_USER_PASSWORD, the
# container's development password: outside the development container,
# create them with your own passwords.
#
# Object grants on the owner's objects (the package, the registry, the
# security registry tables) cannot be made here: those objects exist only
# after "agentmem migrate up" and "agentmem install-packages". The owner
# makes them; docs/security.md lists the statements, and "agentmem doctor"
# reports what is missing.
#
# Privileges of Deep Data Security exist only from release 23.26.2: on an
# older release their GRANT fails with ORA-00990 (missing or invalid
# privilege), which this script reports and skips, so the container starts.
set -Eeuo pipefail

if [[ ! "${APP_USER:-}" =~ ^[A-Za-z][A-Za-z0-9_]{0,29}$ ]]; then
  echo "02_agentmem_identities.sh: APP_USER '${APP_USER:-}' is missing or not a plain identifier" >&2
  false
fi
if [[ ! "${APP_USER_PASSWORD:-}" =~ ^[A-Za-z0-9_#+.-]{8,30}$ ]]; then
  echo "02_agentmem_identities.sh: APP_USER_PASSWORD is missing or not 8 to 30 characters from A-Z a-z 0-9 _ # + . -" >&2
  false
fi

sqlplus -s / as sysdba <<SQL
whenever sqlerror exit sql.sqlcode
set serveroutput on
alter session set container = FREEPDB1;

-- == Schema owner ${APP_USER} (in addition to 01_agentmem_grants.sh) ==========
-- CREATE ANY CONTEXT: the install creates the application context
--   AGENTMEM_EU_<owner> USING <owner>.AGENTMEM_END_USER (contexts live in SYS,
--   so creating one is an ANY privilege); without it set_end_user fails.
-- DROP ANY CONTEXT: uninstall.sql drops that context again.
grant create any context, drop any context to ${APP_USER};
-- EXECUTE ON SYS.DBMS_RLS: AGENTMEM_VPD attaches and detaches the VPD
--   policies of a store (DBMS_RLS.ADD_POLICY / DROP_POLICY); granted
--   directly, as PL/SQL does not see privileges held through roles.
grant execute on sys.dbms_rls to ${APP_USER};
-- Not granted, on purpose: EXEMPT ACCESS POLICY (VPD would no longer apply
--   to the account). The owner's sessions see every row anyway (the
--   policies give the owner no predicate) and are for setup only.

-- == Runtime pool account AGENTMEM_APP ========================================
create user if not exists agentmem_app identified by "${APP_USER_PASSWORD}";
-- CREATE SESSION: the pool connects; nothing else system-wide. Store access
--   comes from the owner's grant_access (SELECT/INSERT/UPDATE/DELETE on the
--   store's tables, SELECT on the registry, EXECUTE on the package), which
--   VPD then narrows to the end user's rows. Deep Data Security needs no
--   table privilege at all: the data grants decide.
grant create session to agentmem_app;

-- == Policy administrator AGENTMEM_SECADMIN ===================================
create user if not exists agentmem_secadmin identified by "${APP_USER_PASSWORD}";
-- CREATE SESSION: it connects to run the security admin calls.
grant create session to agentmem_secadmin;
-- EXECUTE ON SYS.DBMS_RLS: add_security_policies / remove_security_policies
--   in VPD mode attach and detach DBMS_RLS policies as the caller
--   (invoker's rights); direct, as for the owner.
grant execute on sys.dbms_rls to agentmem_secadmin;

declare
  -- ORA-00990: missing or invalid privilege (a release without it).
  e_unknown_privilege exception;
  pragma exception_init(e_unknown_privilege, -990);
  -- ORA-01921: role name conflicts with another user or role name.
  e_role_exists exception;
  pragma exception_init(e_role_exists, -1921);

  procedure grant_if_known(p_statement in varchar2, p_why in varchar2)
  is
  begin
    execute immediate p_statement;
  exception
    when e_unknown_privilege then
      dbms_output.put_line('02_agentmem_identities.sh: skipped (this release lacks the privilege, ORA-00990): '
        || p_statement || ' -- ' || p_why);
  end grant_if_known;
begin
  -- Runtime account, Deep Data Security: the driver attaches the end user's
  --   security context to the pooled session (26ai 23.26.2+).
  grant_if_known('grant create end user security context to agentmem_app',
    'attach Deep Data Security end-user contexts');
  -- Policy administrator, Deep Data Security (docs/security.md "Deep Data
  --   Security", the privilege table; Deep Data Security guide):
  grant_if_known('grant create data role to agentmem_secadmin', 'one data role per store and policy');
  grant_if_known('grant drop data role to agentmem_secadmin', 'remove_security_policies drops them');
  grant_if_known('grant grant any data role to agentmem_secadmin', 'grant_security_policies: GRANT DATA ROLE to end users and data roles');
  grant_if_known('grant create any data grant to agentmem_secadmin', 'data grants in the owner schema on the owner''s tables');
  grant_if_known('grant administer any data grant to agentmem_secadmin', 'data grants on another schema''s tables');
  grant_if_known('grant drop any data grant to agentmem_secadmin', 'remove_security_policies drops the data grants');
  grant_if_known('grant set use data grants only to agentmem_secadmin', 'SET USE DATA GRANTS ONLY on every store table');

  -- Test identities of the live suites (development only): a second user
  --   (test_agentmem_store.grant_and_revoke, AGENTMEM_TEST_RUNTIME) and a role
  --   granted to the owner (grant_and_revoke_role, AGENTMEM_TEST_ROLE).
  execute immediate 'create user if not exists agentmem_test_runtime identified by "${APP_USER_PASSWORD}"';
  execute immediate 'grant create session to agentmem_test_runtime';
  begin
    execute immediate 'create role agentmem_test_role';
  exception
    when e_role_exists then
      null;   -- a second run
  end;
  execute immediate 'grant agentmem_test_role to ${APP_USER}';
end;
/
exit
SQL
echo "02_agentmem_identities.sh: set up AGENTMEM_APP, AGENTMEM_SECADMIN and the security grants of ${APP_USER}"
