-- Item declarations after a nested subprogram body, inside a subprogram's
-- declare section and inside a DECLARE block. The outer section is in order.
create or replace procedure fx_nested_bad(p_id in number)
is
  l_total number := 0;

  procedure add_value(p_x in number)
  is
    function scaled(p_y in number) return number
    is
    begin
      return p_y * 2;
    end scaled;

    type t_pair is record (a number, b number); -- expect: DECL-AFTER-BODY
    co_step constant number := 2; -- expect: DECL-AFTER-BODY
    l_pair t_pair; -- expect: DECL-AFTER-BODY
    e_negative exception; -- expect: DECL-AFTER-BODY
  begin
    l_pair.a := scaled(p_x) * co_step;
    if l_pair.a < 0 then
      raise e_negative;
    end if;
    l_total := l_total + l_pair.a;
  end add_value;
begin
  add_value(p_id);
  declare
    function today return date
    is
    begin
      return sysdate;
    end today;

    l_now date default today; -- expect: DECL-AFTER-BODY
  begin
    l_total := l_total + (l_now - l_now);
  end;
end fx_nested_bad;
/
