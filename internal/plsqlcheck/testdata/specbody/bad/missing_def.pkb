create or replace package body fx_missing
as
  procedure present(p_id in number)
  is
  begin
    null;
  end present;
end fx_missing;
/
