create or replace package agentmem_util
  authid current_user
as
  procedure raise_error(p_code in pls_integer, p_message in varchar2);
  procedure check_id(p_id in varchar2);
end agentmem_util;
/
