create or replace procedure fx_no_begin(p_id in number)
is
  l_x number;
end fx_no_begin; -- expect: BLOCK
/
