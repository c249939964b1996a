create or replace package fx_raise
  authid current_user
as
  procedure check_id(p_id in varchar2);
end fx_raise;
/
