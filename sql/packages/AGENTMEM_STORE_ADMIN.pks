create or replace package agentmem_store_admin
  authid current_user
  accessible by (package dbms_agent_memory_store)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_STORE_ADMIN: store administration beyond opening: describe,
  -- list and runtime grants. docs/stores.md documents the grants. The jobs
  -- (purge, text index maintenance) are sql/scheduler/'s.
  ------------------------------------------------------------------------------

  -- dbms_agent_memory_store.describe_store.
  function describe_store(p_store_id in varchar2, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.list_stores.
  function list_stores(p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.grant_access. DDL: autonomous transaction.
  -- agentmem:commits
  procedure grant_access(p_store_id in varchar2, p_grantee in varchar2, p_access in varchar2,
                         p_create_synonyms in boolean);

  -- dbms_agent_memory_store.revoke_access. DDL: autonomous transaction.
  -- agentmem:commits
  procedure revoke_access(p_store_id in varchar2, p_grantee in varchar2);

end agentmem_store_admin;
/
