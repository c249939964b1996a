create or replace package fx_api
  authid current_user
as
  -- Calls of Oracle packages written the way their documentation allows.
  procedure schedule(p_job in varchar2);
  function summarize(p_request in clob) return clob;
  -- l_tags is a JSON array in summarize and a nested table here: the
  -- nested table's EXTEND is not a JSON_ARRAY_T method.
  function tag_count(p_count in pls_integer) return pls_integer;
end fx_api;
/
