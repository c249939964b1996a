-- Dynamic SQL sent the way the SQL engine takes it.
declare
  l_count pls_integer;
begin
  execute immediate 'create table fx_t (id number)';
  execute immediate 'select count(*) from fx_t where id = :1' into l_count using 1;
  execute immediate 'begin fx_pkg.run(p_id => :1); end;' using 1;
  execute immediate 'create or replace procedure fx_p is begin null; end;';
  execute immediate 'delete from fx_t where id = :1' using 2;
  execute immediate 'comment on table fx_t is ''a table; with a semicolon inside''';
end;
/
