-- CURSOR-CLOSE: every DBMS_SQL cursor is closed on the normal path and in a
-- handler; a cursor handed to a REF CURSOR is closed through it.
create or replace package fx_cursor
as
  function count_rows return number;
  function first_value return varchar2;
end fx_cursor;
/
create or replace package body fx_cursor
as
  function count_rows return number
  is
    l_cursor integer := dbms_sql.open_cursor;
    l_status integer;
  begin
    dbms_sql.parse(c => l_cursor, statement => 'select 1 from dual', language_flag => dbms_sql.native);
    l_status := dbms_sql.execute(c => l_cursor);
    dbms_sql.close_cursor(c => l_cursor);
    return l_status;
  exception
    when others then
      dbms_sql.close_cursor(c => l_cursor);   -- the only close is the last statement
      raise;
  end count_rows;

  function first_value return varchar2
  is
    l_cursor integer;
    l_status integer;
    l_rc     sys_refcursor;
    l_value  varchar2(4000);
    l_handed boolean := false;
  begin
    l_cursor := dbms_sql.open_cursor;
    dbms_sql.parse(c => l_cursor, statement => 'select 1 from dual', language_flag => dbms_sql.native);
    l_status := dbms_sql.execute(c => l_cursor);
    l_rc := dbms_sql.to_refcursor(cursor_number => l_cursor);
    l_handed := true;
    fetch l_rc into l_value;
    close l_rc;
    return l_value;
  exception
    when others then
      if l_handed and l_rc%isopen then
        close l_rc;
      elsif not l_handed then
        dbms_sql.close_cursor(c => l_cursor);
      end if;
      raise;
  end first_value;
end fx_cursor;
/
