create or replace package fx_dup
as
  procedure put(p_key in varchar2, p_value in number);
  procedure put(p_key in varchar2, p_value in number); -- expect: OVERLOAD
  function get(p_key in varchar2) return number;
end fx_dup;
/
create or replace package body fx_dup
as
  procedure put(p_key in varchar2, p_value in number)
  is
  begin
    null;
  end put;

  procedure put(p_key in varchar2, p_value in number) -- expect: OVERLOAD
  is
  begin
    null;
  end put;

  function get(p_key in varchar2) return number
  is
  begin
    return null;
  end get;
end fx_dup;
/
