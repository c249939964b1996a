create or replace package fx_dyn
  authid current_user
as
  procedure drop_memory(p_store_id in varchar2, p_table in varchar2);
  function count_rows(p_store_id in varchar2, p_user in varchar2) return number;
end fx_dyn;
/
