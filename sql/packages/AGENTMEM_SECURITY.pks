create or replace package agentmem_security
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_store,
                 package agentmem_security_dds)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_SECURITY: the security policy administration of a store (issue
  -- 14; docs/security.md, "Policies" and "Deep Data Security").
  --
  --   * The registry (migration 000003: AGENTMEM_SECURITY_POLICY,
  --     AGENTMEM_SECURITY_GRANT in the owner schema): which policies a store
  --     has, in which enforcement mode, and who they are granted to.
  --   * VPD mode: registry rows, plus AGENTMEM_VPD.attach_policies /
  --     detach_policies (the DBMS_RLS policies; their functions read the
  --     grants). END_USER principals only.
  --   * DEEP_DATA_SECURITY mode (26ai 23.26.2+, COMPATIBLE >= 20): one data
  --     role per (owner, store, policy), one data grant per (store table,
  --     policy) with the policy's row predicate on ORA_END_USER_CONTEXT.username,
  --     SET USE DATA GRANTS ONLY on every store table, GRANT DATA ROLE to the
  --     principals (an OCI group through a data role MAPPED TO its group).
  --     AGENTMEM_SECURITY_DDS builds and runs these statements.
  --
  -- Transactions: the calls that change something run in autonomous
  -- transactions and commit their own registry rows and DDL (DDL commits;
  -- docs/development.md, "Transactions"). Each is restartable: run it again
  -- after fixing the cause of an error. The caller's transaction is neither
  -- committed nor rolled back.
  ------------------------------------------------------------------------------

  -- Policies and enforcement modes (protocol values).
  co_user_own_rows   constant varchar2(30 char) := 'USER_OWN_ROWS';
  co_global_memories constant varchar2(30 char) := 'GLOBAL_MEMORIES';
  co_vpd             constant varchar2(30 char) := 'VPD';
  co_deep_sec        constant varchar2(30 char) := 'DEEP_DATA_SECURITY';

  -- Principal types.
  co_end_user  constant varchar2(30 char) := 'END_USER';
  co_data_role constant varchar2(30 char) := 'DATA_ROLE';
  co_oci_group constant varchar2(30 char) := 'OCI_GROUP';

  -- dbms_agent_memory_store.add_security_policies.
  -- agentmem:commits
  function add_policies(p_store_id in varchar2, p_request in clob) return clob;

  -- dbms_agent_memory_store.remove_security_policies.
  -- agentmem:commits
  function remove_policies(p_store_id in varchar2, p_request in clob) return clob;

  -- dbms_agent_memory_store.grant_security_policies.
  -- agentmem:commits
  function grant_policies(p_store_id in varchar2, p_request in clob) return clob;

  -- dbms_agent_memory_store.revoke_security_policies.
  -- agentmem:commits
  function revoke_policies(p_store_id in varchar2, p_request in clob) return clob;

  -- dbms_agent_memory_store.list_security_policies (read-only).
  function list_policies(p_store_id in varchar2, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.list_security_grants (read-only).
  function list_grants(p_store_id in varchar2, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.security_capabilities (read-only).
  function capabilities return clob;

  -- Removes every policy of p_store and its grants (drop_store calls it
  -- before the store's tables go): detaches the VPD policies, or drops the
  -- data grants and data roles. Nothing to do when the store has no
  -- policy or the registry (migration 000003) is not installed.
  -- p_actions receives one line per policy removed.
  -- agentmem:commits
  procedure drop_store_policies(p_store in agentmem_store_catalog.t_store,
                                p_actions in out nocopy agentmem_util.t_text_list);

end agentmem_security;
/
