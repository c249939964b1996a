create or replace package body dbms_agent_memory_store
as

  function version return varchar2
  is
  begin
    return co_version;
  end version;

end dbms_agent_memory_store;
/
