create or replace package fx_declinit
as
  procedure fill(p_id in number, p_out out number, p_mode in varchar2 default 'A');
end fx_declinit;
/
