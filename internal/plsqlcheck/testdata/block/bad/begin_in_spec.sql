create or replace package fx_spec_begin
as
  co_x constant pls_integer := 1;
begin -- expect: BLOCK
  null;
end fx_spec_begin;
/
