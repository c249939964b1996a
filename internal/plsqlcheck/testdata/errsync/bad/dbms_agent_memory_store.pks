create or replace package dbms_agent_memory_store
  authid current_user
as
  co_invalid_argument constant pls_integer := -20100;
  e_invalid_argument exception;
  pragma exception_init(e_invalid_argument, -20110); -- expect: ERR-SYNC

  co_not_found constant pls_integer := -20100; -- expect: ERR-SYNC
  e_not_found exception;
  pragma exception_init(e_not_found, -20100);

  co_conflict constant pls_integer := -20102; -- expect: ERR-SYNC
  e_conflict exception;

  co_far constant pls_integer := -20300; -- expect: ERR-SYNC
  e_far exception;
  pragma exception_init(e_far, -20300);

  pragma exception_init(e_ghost, -20104); -- expect: ERR-SYNC, ERR-SYNC, IDENT (e_ghost is declared nowhere)
end dbms_agent_memory_store;
/
