-- CURSOR-CLOSE: DBMS_SQL cursors that can stay open.
create or replace package fx_cursor
as
  function count_rows return number;
  procedure run_all;
end fx_cursor;
/
create or replace package body fx_cursor
as
  -- Closed on the normal path only: a failing parse or execute leaks it.
  function count_rows return number
  is
    l_cursor integer := dbms_sql.open_cursor;   -- expect: CURSOR-CLOSE
    l_status integer;
  begin
    dbms_sql.parse(c => l_cursor, statement => 'select 1 from dual', language_flag => dbms_sql.native);
    l_status := dbms_sql.execute(c => l_cursor);
    dbms_sql.close_cursor(c => l_cursor);
    return l_status;
  end count_rows;

  -- Never closed, and the handler forgets it too.
  procedure run_all
  is
    l_cursor integer;
    l_status integer;
  begin
    l_cursor := dbms_sql.open_cursor;   -- expect: CURSOR-CLOSE, CURSOR-CLOSE
    dbms_sql.parse(c => l_cursor, statement => 'select 1 from dual', language_flag => dbms_sql.native);
    l_status := dbms_sql.execute(c => l_cursor);
  exception
    when others then
      raise;
  end run_all;
end fx_cursor;
/
