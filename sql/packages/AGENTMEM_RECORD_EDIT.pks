create or replace package agentmem_record_edit
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_thread,
                 package agentmem_llm_apply)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_RECORD_EDIT: update_record, delete_record and delete_thread
  -- (docs/protocol-records.md §10, §11; rules U1-U18, D1-D7).
  --
  -- Request-only rules are checked before the record is looked up, so a bad
  -- request is rejected even for a missing record; the rules that need the
  -- stored row after it. The record row is locked (SELECT ... FOR UPDATE)
  -- for the rest of the call. Retrieval rows always follow the record:
  -- rebuilt when its text changes, their STATUS and EXPIRES_AT copied on
  -- every status change and TTL refresh, deleted with it. The facade holds
  -- the savepoint.
  ------------------------------------------------------------------------------

  -- dbms_agent_memory_store.update_record: {"updated": 0|1, "warnings": [...]}.
  function update_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.delete_record: {"deleted": 0|1}.
  function delete_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.delete_thread: {"deleted": 0|1}.
  function delete_thread(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- Deletes one record by type and id with the rules of delete_record
  -- (p_cascade for profiles, D6); returns the number of deleted records of
  -- that type and id (0 or 1). Used by delete_record and delete_by_id.
  function delete_one(p_store in agentmem_store_catalog.t_store, p_type in varchar2, p_id in varchar2,
                      p_cascade in boolean) return pls_integer;

end agentmem_record_edit;
/
