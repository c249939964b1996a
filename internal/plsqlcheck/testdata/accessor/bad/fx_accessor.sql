-- ACCESSOR: references to an ACCESSIBLE BY package from units its list
-- does not name (PLS-00904 on Oracle).
create or replace package fx_helper
  authid current_user
  accessible by (package fx_api, procedure fx_job)
as
  function twice(p_value in number) return number;
end fx_helper;
/
create or replace package body fx_helper
as
  function twice(p_value in number) return number
  is
  begin
    return p_value * 2;
  end twice;
end fx_helper;
/
create or replace package fx_other
as
  function four return number;
end fx_other;
/
create or replace package body fx_other
as
  function four return number
  is
  begin
    return fx_helper.twice(2);   -- expect: ACCESSOR
  end four;
end fx_other;
/
-- Listed as a procedure: a function of that name is another unit kind.
create or replace function fx_job return number
is
begin
  return fx_helper.twice(3);   -- expect: ACCESSOR
end fx_job;
/
-- An anonymous block is never an accessor.
begin
  if fx_helper.twice(1) <> 2 then   -- expect: ACCESSOR
    null;
  end if;
end;
/
