create or replace package fx_fwd
as
  procedure run(p_id in number);
end fx_fwd;
/
create or replace package body fx_fwd
as
  procedure helper(p_id in number); -- expect: SPEC-BODY

  procedure run(p_id in number)
  is
  begin
    helper(p_id);
  end run;
end fx_fwd;
/
