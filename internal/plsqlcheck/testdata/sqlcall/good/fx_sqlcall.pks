create or replace package fx_sqlcall
  accessible by (package fx_api)
as
  function shout(p_text in varchar2) return varchar2;
  procedure log_error(p_id in number);
  g_limit constant pls_integer := 10;
end fx_sqlcall;
/
