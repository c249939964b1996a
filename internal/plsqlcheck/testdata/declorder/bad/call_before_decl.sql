create or replace package fx_order_calls
as
  procedure run(p_id in number);
end fx_order_calls;
/
create or replace package body fx_order_calls
as
  g_total number := compute_total(0); -- expect: DECL-ORDER

  procedure run(p_id in number)
  is
    l_x number;
  begin
    check_id(p_id); -- expect: DECL-ORDER
    l_x := compute_total(p_id) + 1; -- expect: DECL-ORDER
    if l_x > 0 then
      notify; -- expect: DECL-ORDER
    end if;
  end run;

  procedure check_id(p_id in number)
  is
  begin
    null;
  end check_id;

  function compute_total(p_id in number) return number
  is
  begin
    return p_id * 2;
  end compute_total;

  procedure notify
  is
  begin
    null;
  end notify;
end fx_order_calls;
/
