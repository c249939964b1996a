create or replace package fx_decl_ok
as
  procedure run(p_id in number);
  function public_later(p_id in number) return number;
end fx_decl_ok;
/
create or replace package body fx_decl_ok
as
  procedure check_id(p_id in number);

  procedure run(p_id in number)
  is
    l_total number;
    -- A local nested function named like a later private one: the call
    -- below resolves to it.
    function compute_total(p_x in number) return number
    is
    begin
      return p_x;
    end compute_total;
  begin
    check_id(p_id);
    l_total := compute_total(p_id) + public_later(p_id);
  end run;

  procedure check_id(p_id in number)
  is
  begin
    null;
  end check_id;

  function compute_total(p_id in number) return number
  is
  begin
    return p_id;
  end compute_total;

  function public_later(p_id in number) return number
  is
  begin
    return compute_total(p_id);
  end public_later;
end fx_decl_ok;
/
