create or replace package dbms_agent_memory_store
  authid current_user
as
  co_invalid_argument constant pls_integer := -20100;
  e_invalid_argument exception;
  pragma exception_init(e_invalid_argument, -20100);

  co_not_found constant pls_integer := -20101;
  e_not_found exception;
  pragma exception_init(e_not_found, -20102); -- expect: ERR-SYNC

  co_duplicate_id constant pls_integer := -20101; -- expect: ERR-SYNC
  e_duplicate_id exception;
  pragma exception_init(e_duplicate_id, -20101);

  co_schema_missing constant pls_integer := -20103; -- expect: ERR-SYNC
  pragma exception_init(e_schema_missing, -20103); -- expect: ERR-SYNC

  co_too_low constant pls_integer := -20050; -- expect: ERR-SYNC
  e_too_low exception;
  pragma exception_init(e_too_low, -20050);

  e_orphan exception; -- expect: ERR-SYNC

  co_by_name constant pls_integer := -20104;
  e_by_name exception;
  pragma exception_init(e_by_name, co_by_name); -- expect: ERR-SYNC

  function version return varchar2;
end dbms_agent_memory_store;
/
