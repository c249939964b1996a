create or replace package fx_method
as
  type t_list is table of varchar2(100 char);
  type t_lists is table of t_list;
  type t_pair is record (keys t_list);
  g_names t_list := t_list();
  function names(p_n in pls_integer) return t_list;
  procedure run(p_n in pls_integer, p_pair in t_pair);
end fx_method;
/
