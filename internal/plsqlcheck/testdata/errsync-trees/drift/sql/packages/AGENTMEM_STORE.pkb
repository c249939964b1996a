create or replace package body agentmem_store as
  procedure check_id(p_id in varchar2) is
  begin
    if p_id is null then
      raise_application_error(-20100, 'INVALID_ARGUMENT: p_id is null'); -- expect: ERR-SYNC
    end if;
    if length(p_id) > 16 then
      agentmem_util.raise_error(p_code => -20100, p_message => 'INVALID_ARGUMENT: p_id too long'); -- expect: ERR-SYNC
    end if;
    if p_id = 'X' then
      raise_application_error(-20001, 'not an application code of the table, not this rule''s business');
    end if;
  end check_id;
end agentmem_store;
/
