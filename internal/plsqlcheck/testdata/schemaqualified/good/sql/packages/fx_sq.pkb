create or replace package body fx_sq as
  co_from_dual constant varchar2(30 char) := ' from sys.dual';

  function twice(p_n in number) return number is
  begin
    return p_n * 2;
  end twice;

  procedure static_sql(p_owner in varchar2, p_n in number, p_doc in clob, p_list in t_numbers) is
    l_count number;
    l_now   date;
    l_id    number;
  begin
    select count(*) into l_count from sys.all_tables where owner = p_owner;
    select sysdate into l_now from sys.dual;
    select count(*) into l_count
      from sys.all_tables t
      join sys.all_tab_columns c on c.owner = t.owner and c.table_name = t.table_name;
    select count(*) into l_count from sys.all_tables t, sys.all_indexes i where i.table_name = t.table_name;
    insert into app.fx_log (n) values (p_n);
    update app.fx_log set n = p_n;
    delete app.fx_log where n = p_n;
    delete from app.fx_log where n = p_n;
    merge into app.fx_log l using (select p_n n from sys.dual) s on (l.n = s.n) when matched then update set l.n = s.n;
    select app.fx_seq.nextval into l_id from sys.dual;
    l_id := app.fx_seq.nextval;
    select sys.dbms_lob.getlength(to_clob(p_owner)) into l_id from sys.dual;
    with q as (select 1 x from sys.dual), r (y) as (select x from q)
    select count(*) into l_count from q, r where q.x = r.y;
    select count(*) into l_count from table(p_list) t where t.column_value > fx_sq.co_limit;
    select count(*) into l_count
      from json_table(p_doc, '$[*]' columns (n number path '$.n')) j
     where j.n = p_n;
    select extract(year from sysdate), to_number(trim(leading '0' from '007')) into l_id, l_count from sys.dual;
    for r in (select q.x from (select 1 x from sys.dual) q) loop
      l_id := r.x;
    end loop;
  end static_sql;

  -- An object-name function: every RETURN is one sql_object result.
  -- agentmem:sql-builder
  function tab(p_owner in varchar2, p_table in varchar2) return varchar2 is
  begin
    return agentmem_util.sql_object(p_owner, p_table);
  end tab;

  procedure dynamic_sql(p_owner in varchar2, p_table in varchar2, p_n in number) is
    l_count  number;
    l_target varchar2(261 char);
    l_sql    varchar2(4000 char);
    l_result number;
  begin
    execute immediate 'select count(*) from sys.all_users' into l_count;
    execute immediate 'delete from ' || agentmem_util.sql_object(p_owner, p_table) || ' where n = :n' using p_n;
    l_target := agentmem_util.sql_object(p_owner, p_table);
    execute immediate 'update ' || l_target || ' t set t.n = :n' using p_n;
    l_sql := 'select count(*) from ' || l_target || ' t';
    l_sql := l_sql || ' where t.n = :n';
    execute immediate l_sql into l_count using p_n;
    execute immediate 'select 1' || co_from_dual into l_count;
    execute immediate 'delete from ' || tab(p_owner, p_table) || ' where n = :n' using p_n;
    execute immediate 'begin :r := sys.dbms_lock.release(id => :i); end;' using out l_result, p_n;
  end dynamic_sql;
end fx_sq;
/
