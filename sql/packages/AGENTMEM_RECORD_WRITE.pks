create or replace package agentmem_record_write
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_thread,
                 package agentmem_llm_apply)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_RECORD_WRITE: add_records (add and add_batches), add_user and
  -- add_agent (docs/protocol-records.md §3-§5).
  --
  -- A call is validated whole before anything is written: the request rules
  -- in the contract's order (keys, then key by key in table order, then
  -- per-record rules in input order), then, batch by batch just before the
  -- batch is written, the rules that need the store's rows (DUPLICATE_ID,
  -- NOT_FOUND thread). Writes are set-based: one FORALL per table and
  -- batch_size rows (AGENTMEM_RECORD_DATA), retrieval rows through
  -- AGENTMEM_CHUNKS. The facade holds the savepoint: a failing call leaves
  -- nothing behind.
  ------------------------------------------------------------------------------

  -- dbms_agent_memory_store.add_records: {"ids": [...], "warnings": [...]}.
  function add_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.add_user / add_agent (p_actor 'user' or
  -- 'agent'): {"id": ..., "warnings": [...]}.
  function add_actor(p_actor in varchar2, p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2)
    return clob;

end agentmem_record_write;
/
