-- Dynamic statements passing one value per placeholder occurrence (SQL)
-- or per distinct name (PL/SQL blocks).
declare
  co_keys constant varchar2(100) := 'json_table(:k, ''$[*]'' columns (i varchar2(30) path ''$''))';
  l_table varchar2(300) := dbms_assert.enquote_name('FX_T');
  l_count pls_integer;
  l_flag  boolean := true;
begin
  execute immediate 'select count(*) from fx_t where a = :1 and b = :1' into l_count using 1, 1;
  execute immediate 'delete from ' || l_table || ' where id in (select i from ' || co_keys || ')'
    || ' or id in (select i from ' || co_keys || ')' using '[1]', '[2]';
  execute immediate 'begin fx_pkg.run(p_a => :x, p_b => :x, p_c => :y); end;' using 1, 2;
  execute immediate 'update fx_t set d = to_char(sysdate, ''HH24:MI:SS'') where id = :id'
    || case when l_flag then ' and x = 1' else ' and x = 2' end
    using 3;
  execute immediate 'update fx_t set a = a + 1 where id = :1 returning a into :2' using 4 returning into l_count;
  execute immediate 'select count(*) from ' || dbms_assert.sql_object_name('FX_T') into l_count;
end;
/
