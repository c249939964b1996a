create or replace package body fx_builder as
  -- Private builder: its parameter is never spliced raw, only through the
  -- naming helper, so any argument is fine.
  -- agentmem:sql-builder
  function column_of(p_alias in varchar2, p_column in varchar2) return varchar2 is
  begin
    return agentmem_util.sql_name(p_alias) || '.' || agentmem_util.sql_name(p_column);
  end column_of;

  -- agentmem:sql-builder
  function status_predicate(p_alias in varchar2, p_negate in boolean) return varchar2 is
    l_text varchar2(4000);
  begin
    l_text := column_of(p_alias, 'STATUS');
    if p_negate then
      return 'not (' || l_text || ' = :status)';
    end if;
    return case when p_alias is null then '1 = 1'
                else l_text || ' = :status' || case when p_negate then ' or 1 = 0' end end;
  end status_predicate;

  function count_valid(p_store_id in varchar2, p_status in varchar2) return number is
    l_n   number;
    l_sql varchar2(4000);
  begin
    l_sql := 'select count(*) from ' || agentmem_util.sql_table(p_store_id, 'MEMORY') || ' m where '
             || fx_builder.status_predicate('m', false) || ' and ' || column_of('m', 'USER_ID') || ' is not null';
    execute immediate l_sql into l_n using p_status;
    return l_n;
  end count_valid;
end fx_builder;
/
