create or replace package fx_overloads
as
  procedure put(p_key in varchar2, p_value in number);
  procedure put(p_key in varchar2, p_value in varchar2);
  procedure put(p_key in varchar2, p_value in date, p_format in varchar2);
  function get(p_key in varchar2) return number;
  procedure get(p_key in varchar2);
end fx_overloads;
/
create or replace package body fx_overloads
as
  procedure put(p_key in varchar2, p_value in number) is begin null; end put;
  procedure put(p_key in varchar2, p_value in varchar2) is begin null; end put;
  procedure put(p_key in varchar2, p_value in date, p_format in varchar2) is begin null; end put;
  function get(p_key in varchar2) return number is begin return null; end get;
  procedure get(p_key in varchar2) is begin null; end get;
end fx_overloads;
/
