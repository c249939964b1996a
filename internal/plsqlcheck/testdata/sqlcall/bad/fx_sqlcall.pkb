create or replace package body fx_sqlcall
as

  function hidden(p_text in varchar2) return varchar2
  is
  begin
    return lower(p_text);
  end hidden;

  function shout(p_text in varchar2) return varchar2
  is
    l_text varchar2(4000);
  begin
    select hidden(p_text) into l_text from dual; -- expect: SQL-CALL
    select fx_sqlcall.hidden(p_text) into l_text from dual; -- expect: SQL-CALL
    return upper(l_text);
  end shout;

  procedure log_error(p_id in number)
  is
    l_text varchar2(4000);
  begin
    insert into fx_errors (id, message) values (p_id, sqlerrm); -- expect: SQL-CALL
    for r in (select shout(text) as loud from fx_errors) loop -- expect: SQL-CALL
      l_text := r.loud;
    end loop;
  exception
    when others then
      update fx_errors set code = sqlcode where id = p_id; -- expect: SQL-CALL
      raise;
  end log_error;

end fx_sqlcall;
/
create or replace package body fx_api
as
  procedure run
  is
    l_text varchar2(4000);
  begin
    select fx_sqlcall.shout(dummy) into l_text from dual; -- expect: SQL-CALL
  end run;
end fx_api;
/
create or replace package fx_api
as
  procedure run;
end fx_api;
/
