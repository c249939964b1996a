-- Error messages that render a JSON value without a bound (issue 9 item 7:
-- AGENTMEM_UTIL.get_text/get_integer/get_object quoted
-- substr(l_element.to_string, 1, 200); TO_STRING raises ORA-40478 on a value
-- over 32,767 bytes before SUBSTR can cut it).
create or replace package fx_msg
is
  procedure get_text(p_obj in json_object_t, p_key in varchar2);
  procedure check_part(p_part in json_element_t, p_path in varchar2);
end fx_msg;
/
create or replace package body fx_msg
is
  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  procedure bad(p_path in varchar2, p_rule in varchar2)
  is
  begin
    fail('INVALID_ARGUMENT: ' || p_path || ': ' || p_rule);
  end bad;

  procedure get_text(p_obj in json_object_t, p_key in varchar2)
  is
    l_element json_element_t := p_obj.get(p_key);
  begin
    if not l_element.is_string then
      agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_key || ' ' || substr(l_element.to_string, 1, 200) -- expect: MSG-VALUE
        || ' must be a JSON string or null');
    end if;
    if p_obj.get_string(p_key) is null then
      raise_application_error(-20001, 'empty ' || p_obj.get_string(p_key)); -- expect: MSG-VALUE
    end if;
  end get_text;

  procedure check_part(p_part in json_element_t, p_path in varchar2)
  is
  begin
    if not p_part.is_object then
      fail('INVALID_ARGUMENT: ' || p_path || ' ' || p_part.to_string || ' must be an object'); -- expect: MSG-VALUE
    end if;
    if p_part.is_array then
      bad(p_path, 'value ' || p_part.to_clob || ' is a list'); -- expect: MSG-VALUE
    end if;
  end check_part;
end fx_msg;
/
