-- DDL with binds, and SQL text with a terminator.
declare
  l_count pls_integer;
begin
  execute immediate 'comment on table fx_t is :c' using 'text'; -- expect: EXEC-TEXT
  execute immediate 'select count(*) from fx_t;' into l_count; -- expect: EXEC-TEXT
  execute immediate 'create index fx_i on fx_t (id);'; -- expect: EXEC-TEXT
end;
/
