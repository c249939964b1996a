create or replace package fx_auto
as
  procedure log_line(p_text in varchar2);
  function next_id return number;
  procedure mark(p_id in number, p_ok in boolean);
  procedure early(p_id in number);
  procedure plain(p_id in number);
end fx_auto;
/
