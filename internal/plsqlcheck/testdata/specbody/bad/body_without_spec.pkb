create or replace package body fx_orphan -- expect: SPEC-BODY
as
  procedure run(p_id in number)
  is
  begin
    null;
  end run;
end fx_orphan;
/
