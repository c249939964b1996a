create or replace package fx_method
as
  type t_list is table of varchar2(100 char);
  function names(p_n in pls_integer) return t_list;
  procedure run(p_n in pls_integer);
end fx_method;
/
