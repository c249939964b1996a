create or replace package fx_diff
as
  procedure by_type(p_id in number);
  procedure by_mode(p_id in number, p_out out varchar2);
  procedure by_default(p_id in number, p_limit in pls_integer default 10);
  function by_return(p_id in number) return varchar2;
  procedure by_name(p_id in number);
  procedure by_count(p_id in number, p_extra in number);
  procedure by_nocopy(p_list in out nocopy sys.odcinumberlist);
end fx_diff;
/
