-- A repeated placeholder without its repeated value, a missing value, an
-- extra one, and a PL/SQL block short of a name.
declare
  co_keys constant varchar2(100) := 'json_table(:k, ''$[*]'' columns (i varchar2(30) path ''$''))';
  l_table varchar2(300) := dbms_assert.enquote_name('FX_T');
  l_count pls_integer;
begin
  execute immediate 'select count(*) from fx_t where a = :1 and b = :1' into l_count using 1; -- expect: BIND-COUNT
  execute immediate 'delete from ' || l_table || ' where id in (select i from ' || co_keys || ')' -- expect: BIND-COUNT
    || ' or id in (select i from ' || co_keys || ')' using '[1]';
  execute immediate 'delete from fx_t where id = :1' using 1, 2; -- expect: BIND-COUNT
  execute immediate 'begin fx_pkg.run(p_a => :x, p_b => :y); end;' using 1; -- expect: BIND-COUNT
  execute immediate 'delete from fx_t where id = :1'; -- expect: BIND-COUNT
end;
/
