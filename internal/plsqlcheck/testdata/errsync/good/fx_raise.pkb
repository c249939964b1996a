create or replace package body fx_raise as
  procedure check_id(p_id in varchar2) is
  begin
    if p_id is null then
      agentmem_util.raise_error(
        p_code    => dbms_agent_memory_store.co_invalid_argument,
        p_message => 'INVALID_ARGUMENT: p_id is null; pass a store id');
    end if;
    if p_id = 'legacy' then
      raise_application_error(-20999, 'outside the package range: not a class of the table');
    end if;
  end check_id;
end fx_raise;
/
