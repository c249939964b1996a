create or replace package body dbms_agent_memory_store
as

  -- Every API subprogram delegates to an internal package. The savepoint and
  -- the rollback to it make each call atomic for the caller's transaction;
  -- DDL never runs in that transaction (see the spec), so the savepoint
  -- survives until the handler.

  function version return varchar2
  is
  begin
    return co_version;
  end version;

  function open_store(p_request in clob) return clob
  is
    l_response clob;
  begin
    savepoint agentmem_open_store;
    l_response := agentmem_store.open_store(p_request);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_open_store;
      raise;
  end open_store;

  function describe_store(p_store_id in varchar2, p_schema_owner in varchar2 default null) return clob
  is
    l_response clob;
  begin
    savepoint agentmem_describe_store;
    l_response := agentmem_store_admin.describe_store(p_store_id, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_describe_store;
      raise;
  end describe_store;

  function list_stores(p_schema_owner in varchar2 default null) return clob
  is
    l_response clob;
  begin
    savepoint agentmem_list_stores;
    l_response := agentmem_store_admin.list_stores(p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_list_stores;
      raise;
  end list_stores;

  function upgrade_store(p_store_id in varchar2) return clob
  is
    l_response clob;
  begin
    savepoint agentmem_upgrade_store;
    l_response := agentmem_store.upgrade_store(p_store_id);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_upgrade_store;
      raise;
  end upgrade_store;

  procedure drop_store(p_store_id in varchar2)
  is
  begin
    savepoint agentmem_drop_store;
    agentmem_store.drop_store(p_store_id);
  exception
    when others then
      rollback to savepoint agentmem_drop_store;
      raise;
  end drop_store;

  procedure grant_access(p_store_id        in varchar2,
                         p_grantee         in varchar2,
                         p_access          in varchar2 default 'READ_WRITE',
                         p_create_synonyms in boolean  default false)
  is
  begin
    savepoint agentmem_grant_access;
    agentmem_store_admin.grant_access(p_store_id, p_grantee, p_access, p_create_synonyms);
  exception
    when others then
      rollback to savepoint agentmem_grant_access;
      raise;
  end grant_access;

  procedure revoke_access(p_store_id in varchar2, p_grantee in varchar2)
  is
  begin
    savepoint agentmem_revoke_access;
    agentmem_store_admin.revoke_access(p_store_id, p_grantee);
  exception
    when others then
      rollback to savepoint agentmem_revoke_access;
      raise;
  end revoke_access;

  -- agentmem:commits (job entry point, see the spec)
  procedure purge_expired(p_store_id in varchar2, p_batch_size in pls_integer default 1000)
  is
  begin
    agentmem_store_admin.purge_expired(p_store_id, p_batch_size);
  end purge_expired;

  -- == Records (issue 5) ==========================================================

  -- == Search (issue 6) ===========================================================

  -- == End of sections ==

end dbms_agent_memory_store;
/
