create or replace package agentmem_util
  authid current_user
  accessible by (package dbms_agent_memory_store)
as
  function sql_name(p_name in varchar2) return varchar2;
end agentmem_util;
/
