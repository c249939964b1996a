create or replace procedure fx_end_name(p_id in number)
is
begin
  null;
end fx_other_name; -- expect: BLOCK
/
