create or replace package body fx_dyn as
  g_schema varchar2(128);
  -- A constant initialised from a function result carries a value.
  co_schema constant varchar2(128) := sys_context('userenv', 'current_schema');

  procedure run_ddl(p_sql in varchar2) is
  begin
    execute immediate p_sql;
  end run_ddl;

  procedure drop_memory(p_store_id in varchar2, p_table in varchar2) is
    l_sql  varchar2(4000);
    l_name varchar2(128);
    l_cur  integer;
  begin
    execute immediate 'drop table ' || p_table; -- expect: DYN-SQL
    l_sql := 'truncate table ';
    l_sql := l_sql || p_store_id; -- expect: DYN-SQL
    execute immediate l_sql;
    select table_name into l_name from user_tables where rownum = 1; -- expect: DYN-SQL
    run_ddl('drop table ' || l_name);
    run_ddl('drop view ' || upper(p_table)); -- expect: DYN-SQL
    execute immediate 'alter session set current_schema = ' || g_schema;
    execute immediate 'drop table ' || co_schema || '.fx_t'; -- expect: DYN-SQL
    execute immediate 'drop table ' || fx_dyn.co_schema || '.fx_t'; -- expect: DYN-SQL
    l_cur := dbms_sql.open_cursor; -- expect: CURSOR-CLOSE
    dbms_sql.parse(l_cur, 'drop index ' || p_store_id || '_ix', dbms_sql.native); -- expect: DYN-SQL
    dbms_sql.close_cursor(l_cur);
  end drop_memory;

  function count_rows(p_store_id in varchar2, p_user in varchar2) return number is
    l_n number;
    l_c sys_refcursor;
  begin
    g_schema := sys_context('userenv', 'current_schema'); -- expect: DYN-SQL
    open l_c for 'select count(*) from ' || agentmem_util.sql_table(p_store_id, 'MEMORY')
      || ' where user_id = ''' || p_user || ''''; -- expect: DYN-SQL
    fetch l_c into l_n;
    close l_c;
    return l_n;
  end count_rows;
end fx_dyn;
/
