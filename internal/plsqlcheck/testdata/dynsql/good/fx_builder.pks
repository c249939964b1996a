create or replace package fx_builder
  authid current_user
as
  -- A predicate on the alias' STATUS column, with a placeholder for the value.
  -- agentmem:sql-builder
  function status_predicate(p_alias in varchar2, p_negate in boolean) return varchar2;

  function count_valid(p_store_id in varchar2, p_status in varchar2) return number;
end fx_builder;
/
