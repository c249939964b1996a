create or replace package body fx_builder as
  -- Not marked: its result is not trusted.
  function unmarked(p_column in varchar2) return varchar2 is
  begin
    return agentmem_util.sql_name(p_column);
  end unmarked;

  -- agentmem:sql-builder
  function numbered(p_n in pls_integer) return varchar2 is
    l_name varchar2(128);
  begin
    select table_name into l_name from user_tables where rownum = 1; -- expect: DYN-SQL
    if p_n > 1 then
      return ':b' || to_char(p_n); -- expect: DYN-SQL
    end if;
    return l_name;
  end numbered;

  -- agentmem:sql-builder
  function raw_predicate(p_column in varchar2, p_value in varchar2) return varchar2 is
  begin
    return agentmem_util.sql_name(p_column) || ' = ''' || p_value || '''' -- expect: DYN-SQL
           || case when p_value is null then ' or ' || p_column end; -- expect: DYN-SQL
  end raw_predicate;

  -- agentmem:sql-builder
  procedure not_a_function(p_text out varchar2) is -- expect: DYN-SQL
  begin
    p_text := 'select 1 from dual';
  end not_a_function;

  function count_rows(p_store_id in varchar2, p_value in varchar2) return number is
    l_n number;
  begin
    execute immediate 'select count(*) from ' || agentmem_util.sql_table(p_store_id, 'MEMORY')
      || ' where ' || raw_predicate('STATUS', 'VALID') || ' and ' || numbered(1)
      || ' and ' || unmarked('USER_ID') || ' is not null' -- expect: DYN-SQL
      into l_n;
    return l_n;
  end count_rows;
end fx_builder;
/
