-- Autonomous routines that can return with their transaction open.
create or replace package body fx_auto_bad
as

  procedure no_commit(p_text in varchar2)
  is
    pragma autonomous_transaction;
  begin
    insert into fx_log (text) values (p_text); -- expect: AUTONOMOUS-TXN
  end no_commit;

  procedure assignment_last(p_text in varchar2, p_done out boolean)
  is
    pragma autonomous_transaction;
  begin
    insert into fx_log (text) values (p_text);
    commit;
    p_done := fx_check(p_text); -- expect: AUTONOMOUS-TXN
  end assignment_last;

  function early_return(p_id in number) return number
  is
    pragma autonomous_transaction;
  begin
    update fx_item set state = 'SEEN' where id = p_id;
    if p_id < 0 then
      return -1; -- expect: AUTONOMOUS-TXN
    end if;
    commit;
    return p_id;
  end early_return;

  procedure if_without_else(p_ok in boolean)
  is
    pragma autonomous_transaction;
  begin
    update fx_item set state = 'X';
    if p_ok then -- expect: AUTONOMOUS-TXN
      commit;
    end if;
  end if_without_else;

  procedure swallowing_handler(p_id in number)
  is
    pragma autonomous_transaction;
  begin
    delete from fx_item where id = p_id;
    commit;
  exception
    when no_data_found then -- expect: AUTONOMOUS-TXN
      null;
  end swallowing_handler;

end fx_auto_bad;
/
