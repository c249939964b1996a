create or replace package fx_builder
  authid current_user
as
  -- agentmem:sql-builder
  function raw_predicate(p_column in varchar2, p_value in varchar2) return varchar2;

  -- agentmem:sql-builder
  procedure not_a_function(p_text out varchar2); -- expect: DYN-SQL

  function count_rows(p_store_id in varchar2, p_value in varchar2) return number;
end fx_builder;
/
