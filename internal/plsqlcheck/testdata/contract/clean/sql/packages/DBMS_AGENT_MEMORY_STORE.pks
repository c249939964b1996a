create or replace package dbms_agent_memory_store
  authid current_user
as
  co_version constant varchar2(16) := '0.1.0';

  co_not_found constant pls_integer := -20101;
  e_not_found exception;
  pragma exception_init(e_not_found, -20101);

  -- Creates a store; p_request keys are documented in docs/protocol.md.
  function create_store(p_store_id in varchar2, p_request in clob default null) return clob;

  -- Two overloads: by id, or by id and owner.
  procedure drop_store(p_store_id in varchar2);
  procedure drop_store(p_store_id in varchar2, p_schema_owner in varchar2);

  function version return varchar2;
end dbms_agent_memory_store;
/
