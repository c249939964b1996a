create or replace package fx_auto_bad
as
  procedure no_commit(p_text in varchar2);
  procedure assignment_last(p_text in varchar2, p_done out boolean);
  function early_return(p_id in number) return number;
  procedure if_without_else(p_ok in boolean);
  procedure swallowing_handler(p_id in number);
end fx_auto_bad;
/
