create or replace package dbms_agent_memory_store
  authid current_user
as
  -- A consistent error table: one triple per class, codes in range.
  co_version constant varchar2(16) := '0.1.0';

  co_invalid_argument constant pls_integer := -20100;
  e_invalid_argument exception;
  pragma exception_init(e_invalid_argument, -20100);

  co_not_found constant pls_integer := -20101;
  e_not_found exception;
  pragma exception_init(e_not_found, -20101);

  e_resource_busy exception;
  pragma exception_init(e_resource_busy, -54);
end dbms_agent_memory_store;
/
