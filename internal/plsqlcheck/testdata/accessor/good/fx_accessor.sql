-- ACCESSOR: every reference to an ACCESSIBLE BY package comes from a unit
-- its list names (with the right kind, or an entry without a kind), or from
-- the package itself.
create or replace package fx_helper
  authid current_user
  accessible by (package fx_api, procedure app.fx_job, fx_any)
as
  subtype t_amount is number;
  function twice(p_value in t_amount) return t_amount;
  function quadruple(p_value in t_amount) return t_amount;
end fx_helper;
/
create or replace package body fx_helper
as
  function twice(p_value in t_amount) return t_amount
  is
  begin
    return p_value * 2;
  end twice;

  function quadruple(p_value in t_amount) return t_amount
  is
  begin
    return fx_helper.twice(twice(p_value));
  end quadruple;
end fx_helper;
/
create or replace package fx_api
as
  function four return fx_helper.t_amount;
end fx_api;
/
create or replace package body fx_api
as
  function four return fx_helper.t_amount
  is
  begin
    return fx_helper.twice(2);
  end four;
end fx_api;
/
create or replace procedure fx_job(p_value in number)
is
  l_result number;
begin
  l_result := fx_helper.quadruple(p_value);
end fx_job;
/
create or replace function fx_any return number
is
begin
  return fx_helper.twice(5);
end fx_any;
/
