create or replace package fx_api
  authid current_user
as
  -- Calls of Oracle packages written the way their documentation allows.
  procedure schedule(p_job in varchar2);
  function summarize(p_request in clob) return clob;
end fx_api;
/
