create or replace package body fx_sq as
  function twice(p_n in number) return number is
  begin
    return p_n * 2;
  end twice;

  procedure static_sql(p_owner in varchar2, p_n in number) is
    l_count number;
    l_now   date;
    l_id    number;
  begin
    select count(*) into l_count from all_tables where owner = p_owner; -- expect: SCHEMA-QUALIFIED
    select sysdate into l_now from dual; -- expect: SCHEMA-QUALIFIED
    select count(*) into l_count
      from sys.all_tables t
      join all_tab_columns c on c.owner = t.owner and c.table_name = t.table_name; -- expect: SCHEMA-QUALIFIED
    select count(*) into l_count from sys.all_tables t, all_indexes i where i.table_name = t.table_name; -- expect: SCHEMA-QUALIFIED
    insert into fx_log (n) values (p_n); -- expect: SCHEMA-QUALIFIED
    update fx_log set n = p_n; -- expect: SCHEMA-QUALIFIED
    delete fx_log where n = p_n; -- expect: SCHEMA-QUALIFIED
    delete from fx_log where n = p_n; -- expect: SCHEMA-QUALIFIED
    merge into fx_log l using fx_src s on (l.n = s.n) when matched then update set l.n = s.n; -- expect: SCHEMA-QUALIFIED, SCHEMA-QUALIFIED
    select fx_seq.nextval into l_id from sys.dual; -- expect: SCHEMA-QUALIFIED
    l_id := fx_seq.nextval; -- expect: SCHEMA-QUALIFIED
    select dbms_lob.getlength(to_clob(p_owner)) into l_id from sys.dual; -- expect: SCHEMA-QUALIFIED
    select fx_sq.twice(p_n) into l_id from sys.dual; -- expect: SCHEMA-QUALIFIED
    for r in (select q.x from (select 1 x from dual) q) loop -- expect: SCHEMA-QUALIFIED
      l_id := r.x;
    end loop;
  end static_sql;

  -- Not an object-name function: a RETURN gives one unqualified part.
  -- agentmem:sql-builder
  function tab(p_owner in varchar2, p_table in varchar2) return varchar2 is
  begin
    if p_owner is null then
      return agentmem_util.sql_name(p_table);
    end if;
    return agentmem_util.sql_object(p_owner, p_table);
  end tab;

  procedure dynamic_sql(p_table in varchar2, p_n in number) is
    l_count  number;
    l_target varchar2(261 char);
    l_sql    varchar2(4000 char);
    l_result number;
  begin
    execute immediate 'select count(*) from all_users' into l_count; -- expect: SCHEMA-QUALIFIED
    execute immediate 'delete from '
      || agentmem_util.sql_name(p_table) -- expect: SCHEMA-QUALIFIED
      || ' where n = :n' using p_n;
    l_target := agentmem_util.sql_name(p_table); -- expect: SCHEMA-QUALIFIED
    execute immediate 'update ' || l_target || ' set n = :n' using p_n;
    l_sql := 'select count(*) from ';
    l_sql := l_sql || 'user_tables'; -- expect: SCHEMA-QUALIFIED
    execute immediate l_sql into l_count;
    execute immediate 'delete from ' || tab(null, p_table) || ' where n = :n' using p_n; -- expect: SCHEMA-QUALIFIED
    execute immediate 'begin :r := dbms_lock.release(id => :i); end;' using out l_result, p_n; -- expect: SCHEMA-QUALIFIED
  end dynamic_sql;
end fx_sq;
/
