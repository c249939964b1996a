-- A SQL*Plus install script: command lines are skipped, statements checked.
whenever sqlerror exit sql.sqlcode
set define off
prompt Installing the fixture -
  (continued on a second line)
spool install.log
@@sql/migrations/000001_fx_table.up.sql
begin
  dbms_output.put_line('installed');
end;
/
spool off
