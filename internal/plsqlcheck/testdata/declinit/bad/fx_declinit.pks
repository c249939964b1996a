create or replace package fx_declinit
as
  procedure fill(p_id in number, p_out out number := 0); -- expect: DECL-INIT
end fx_declinit;
/
