create or replace package body fx_dyn as
  -- Constants made of literals and other such constants are text.
  co_backup constant varchar2(30) := co_suffix || '_BACKUP';
  -- Private: every call below passes text built only from safe parts.
  procedure run_ddl(p_sql in varchar2) is
  begin
    execute immediate p_sql;
  end run_ddl;

  procedure create_memory(p_store_id in varchar2, p_desc in boolean) is
    l_sql clob;
    l_tab varchar2(261) := agentmem_util.sql_table(p_store_id, 'MEMORY');
  begin
    dbms_lob.createtemporary(l_sql, true);
    dbms_lob.append(l_sql, 'create table ' || l_tab);
    dbms_lob.writeappend(l_sql, 12, ' (id number)');
    execute immediate l_sql;
    run_ddl('create index ' || agentmem_util.sql_index(p_store_id, 'MEMORY_IX')
            || ' on ' || l_tab || '(id' || case when p_desc then ' desc' else ' asc' end || ')');
    run_ddl('comment on table ' || l_tab || ' is ''agent memory''' || co_suffix);
    run_ddl('drop table ' || l_tab || co_backup);
  end create_memory;

  function count_rows(p_store_id in varchar2, p_user in varchar2) return number is
    l_n   number;
    l_sql varchar2(4000);
    l_c   sys_refcursor;
  begin
    l_sql := 'select count(*) from ' || dbms_assert.enquote_name(agentmem_util.sql_table(p_store_id, 'MEMORY'), false);
    l_sql := l_sql || ' where user_id = :u';
    execute immediate l_sql into l_n using p_user;
    open l_c for select count(*) from dual;
    close l_c;
    open l_c for l_sql using p_user;
    close l_c;
    return l_n;
  end count_rows;
end fx_dyn;
/
