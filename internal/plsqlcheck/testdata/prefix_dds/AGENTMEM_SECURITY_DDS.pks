create or replace package agentmem_security_dds
  authid current_user
  accessible by (package agentmem_security)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_SECURITY_DDS: the Deep Data Security names and statements of the
  -- security policies (docs/security.md, "Deep Data Security"); AGENTMEM_SECURITY
  -- decides what to run and keeps the registry.
  --
  --   * Names: a data role per (owner, store, policy) AM$<owner>$<store>$OWN |
  --     $GLB, a data role per (owner, store, OCI group) mapped to the group,
  --     a data grant per (store table, policy) <owner>.<table>$OWN | $GLB;
  --     all through the naming helper.
  --   * Statements from the documented DDL (ddscg, sqlrf pages cited at each):
  --     CREATE DATA ROLE IF NOT EXISTS, CREATE OR REPLACE DATA GRANT, SET USE
  --     DATA GRANTS ONLY, GRANT / REVOKE DATA ROLE, DROP DATA GRANT / ROLE IF
  --     EXISTS: every one can run again with the same effect.
  --
  -- Every procedure runs DDL, which commits: they are called inside the
  -- autonomous transactions of AGENTMEM_SECURITY only. p_count is increased by
  -- the number of statements run. Documented errors of a statement are
  -- raised as named ones naming the statement's kind and object
  -- (docs/errors.md): ORA-01031 → PRIVILEGE_MISSING naming its documented
  -- privilege; ORA-01917 / ORA-52516 (no such principal), ORA-52512 /
  -- ORA-52513 (a data role mapped to an external role) → INVALID_ARGUMENT;
  -- ORA-00900 / ORA-00901 / ORA-00990 (a release without Deep Data
  -- Security) → UNSUPPORTED_RELEASE. Other errors reach the caller unchanged.
  ------------------------------------------------------------------------------

  -- The Deep Data Security row predicate of p_policy on the store table
  -- p_base (a base name of agentmem_store_catalog.table_bases) of the store
  -- with table prefix p_prefix in schema p_owner, on
  -- ORA_END_USER_CONTEXT.username. Column and table names are quoted through
  -- the naming helper. docs/security.md lists the rule of every table kind;
  -- AGENTMEM_VPD applies the same rules with its application context.
  -- Raises INVALID_ARGUMENT for a table kind without an owner column rule, so
  -- a new store table cannot stay uncovered.
  -- agentmem:sql-builder
  function row_predicate(p_owner in varchar2, p_prefix in varchar2, p_base in varchar2, p_policy in varchar2)
    return varchar2;

  -- Builds, without running anything, the data role name and the data grant
  -- statements of p_policy for every store table, so that what they raise
  -- (a role name over 128 bytes, a table kind without a rule, a missing
  -- table) is raised before any change.
  procedure check_policy(p_store in agentmem_store_catalog.t_store, p_policy in varchar2);

  -- CREATE DATA ROLE IF NOT EXISTS for the policy's data role.
  procedure create_policy_role(p_store in agentmem_store_catalog.t_store, p_policy in varchar2,
                               p_count in out nocopy pls_integer);

  -- CREATE OR REPLACE DATA GRANT of p_policy on every store table, to the
  -- policy's data role and the data roles mapped to the OCI groups p_groups.
  -- Raises SCHEMA_MISSING when a store table is missing.
  procedure put_data_grants(p_store in agentmem_store_catalog.t_store, p_policy in varchar2,
                            p_groups in agentmem_util.t_text_list, p_count in out nocopy pls_integer);

  -- SET USE DATA GRANTS ONLY ON every store table ENABLED / DISABLED
  -- (disabling skips a table that is gone).
  procedure set_grants_only(p_store in agentmem_store_catalog.t_store, p_enabled in boolean,
                            p_count in out nocopy pls_integer);

  -- DROP DATA GRANT IF EXISTS of p_policy on every store table, then DROP
  -- DATA ROLE IF EXISTS of its data role.
  procedure drop_policy(p_store in agentmem_store_catalog.t_store, p_policy in varchar2,
                        p_count in out nocopy pls_integer);

  -- GRANT DATA ROLE / REVOKE DATA ROLE IF EXISTS of the policy's data role
  -- to / from p_grantee (a local end user or data role, an unquoted
  -- identifier).
  procedure grant_role(p_store in agentmem_store_catalog.t_store, p_policy in varchar2, p_grantee in varchar2,
                       p_count in out nocopy pls_integer);
  procedure revoke_role(p_store in agentmem_store_catalog.t_store, p_policy in varchar2, p_grantee in varchar2,
                        p_count in out nocopy pls_integer);

  -- CREATE DATA ROLE IF NOT EXISTS ... MAPPED TO 'IAM_OAUTH_GROUP=<p_group>' /
  -- DROP DATA ROLE IF EXISTS of the data role of an OCI IAM group.
  procedure create_group_role(p_store in agentmem_store_catalog.t_store, p_group in varchar2,
                              p_count in out nocopy pls_integer);
  procedure drop_group_role(p_store in agentmem_store_catalog.t_store, p_group in varchar2,
                            p_count in out nocopy pls_integer);

end agentmem_security_dds;
/
