create or replace package fx_dyn
  authid current_user
as
  co_suffix constant varchar2(10) := '_MEMORY';

  procedure create_memory(p_store_id in varchar2, p_desc in boolean);
  function count_rows(p_store_id in varchar2, p_user in varchar2) return number;
end fx_dyn;
/
