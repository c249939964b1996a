create or replace package body fx_raise as
  procedure check_id(p_id in varchar2) is
  begin
    if p_id is null then
      raise_application_error(-20100, 'INVALID_ARGUMENT: p_id is null'); -- expect: ERR-SYNC
    end if;
    if length(p_id) > 16 then
      agentmem_util.raise_error(p_code => -20100, -- expect: ERR-SYNC
                                p_message => 'INVALID_ARGUMENT: p_id is longer than 16');
    end if;
  end check_id;
end fx_raise;
/
