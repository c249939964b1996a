create or replace package body fx_sqlcall
as

  function hidden(p_text in varchar2) return varchar2
  is
  begin
    return lower(p_text);
  end hidden;

  -- PL/SQL calls outside SQL text, variables and package constants inside
  -- it (PL/SQL binds them), SQL built-ins, and collection methods named
  -- like SQL verbs.
  function shout(p_text in varchar2) return varchar2
  is
    l_low  varchar2(4000) := hidden(p_text);
    l_text varchar2(4000);
    l_list sys.odcivarchar2list := sys.odcivarchar2list('a');
  begin
    select upper(l_low) into l_text from dual where rownum <= fx_sqlcall.g_limit;
    l_list.delete;
    return l_text;
  end shout;

  procedure log_error(p_id in number)
  is
    l_message varchar2(4000) := sqlerrm;
    l_code    pls_integer := sqlcode;
  begin
    insert into fx_errors (id, code, message) values (p_id, l_code, l_message);
    for r in (select id from fx_errors for update) loop
      update fx_errors set message = upper(message) where id = r.id;
    end loop;
  end log_error;

end fx_sqlcall;
/
