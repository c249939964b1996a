create or replace package body agentmem_util as
  procedure raise_error(p_code in pls_integer, p_message in varchar2) is
  begin
    if p_code not between -20199 and -20100 then
      raise_application_error(-20100, 'INVALID_ARGUMENT: p_code ' || p_code || ' is outside -20199 .. -20100');
    end if;
    raise_application_error(p_code, p_message);
  end raise_error;

  procedure check_id(p_id in varchar2) is
  begin
    if p_id is null then
      raise_error(p_code => dbms_agent_memory_store.co_invalid_argument, p_message => 'INVALID_ARGUMENT: p_id is null');
    end if;
  end check_id;
end agentmem_util;
/
