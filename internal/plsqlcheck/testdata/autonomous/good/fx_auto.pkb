-- Autonomous routines that end every normal path with COMMIT or ROLLBACK.
create or replace package body fx_auto
as

  g_logged pls_integer := 0;

  procedure log_line(p_text in varchar2)
  is
    pragma autonomous_transaction;
  begin
    insert into fx_log (text) values (p_text);
    commit;
    g_logged := g_logged + 1;   -- no call: cannot start a transaction
  end log_line;

  function next_id return number
  is
    pragma autonomous_transaction;
    l_id number;
  begin
    update fx_counter set id = id + 1 returning id into l_id;
    commit;
    return l_id;
  end next_id;

  procedure mark(p_id in number, p_ok in boolean)
  is
    pragma autonomous_transaction;
  begin
    if p_ok then
      update fx_item set state = 'OK' where id = p_id;
      commit;
    else
      rollback;
    end if;
  exception
    when no_data_found then
      rollback;
    when others then
      raise;
  end mark;

  procedure early(p_id in number)
  is
    pragma autonomous_transaction;
  begin
    if p_id is null then
      rollback;
      return;
    end if;
    delete from fx_item where id = p_id;
    commit;
  exception
    when others then
      rollback;
      raise_application_error(-20001, 'fx: ' || sqlerrm);
  end early;

  -- Not autonomous: the rule does not look at it.
  procedure plain(p_id in number)
  is
  begin
    delete from fx_item where id = p_id;
  end plain;

end fx_auto;
/
