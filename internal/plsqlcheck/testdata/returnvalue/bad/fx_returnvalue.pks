create or replace package fx_returnvalue
as
  type t_rows is table of number;
  procedure touch(p_id in number);
  function label(p_id in number) return varchar2;
  function forgot(p_id in number) return number;
  function rows_of(p_id in number) return t_rows pipelined;
end fx_returnvalue;
/
