create or replace package body fx_sq_definer as
  function table_count(p_owner in varchar2) return number is
    l_count number;
  begin
    select count(*) into l_count from all_tables where owner = p_owner;
    return l_count;
  end table_count;
end fx_sq_definer;
/
