-- Bounded renderings: shown/shown_text, DBMS_LOB.SUBSTR over TO_CLOB; a
-- parameter that feeds logic as well as a message (check_number) is not a
-- message parameter, and neither is one only passed through shown().
create or replace package fx_msg_ok
is
  procedure get_text(p_obj in json_object_t, p_key in varchar2);
end fx_msg_ok;
/
create or replace package body fx_msg_ok
is
  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  procedure refuse(p_value in json_element_t, p_path in varchar2)
  is
  begin
    fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_value) || ' is not allowed');
  end refuse;

  procedure check_number(p_text in varchar2, p_path in varchar2)
  is
  begin
    if regexp_like(p_text, '^[0123456789]+$', 'c') then
      return;
    end if;
    fail('INVALID_ARGUMENT: ' || p_path || ' number ' || p_text || ' is not a JSON number');
  end check_number;

  procedure get_text(p_obj in json_object_t, p_key in varchar2)
  is
    l_element json_element_t := p_obj.get(p_key);
  begin
    if not l_element.is_string then
      agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_key || ' ' || agentmem_util.shown(l_element) || ' must be a JSON string or null');
    end if;
    if l_element.is_number then
      check_number(l_element.to_string, p_key);
    end if;
    refuse(json_element_t.parse(l_element.to_clob), p_key);
    fail('INVALID_ARGUMENT: ' || p_key || ' ' || dbms_lob.substr(l_element.to_clob, 400) || ' differs');
  end get_text;
end fx_msg_ok;
/
