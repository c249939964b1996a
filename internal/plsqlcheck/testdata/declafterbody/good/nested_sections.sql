-- Nested subprograms with their own, correctly ordered declare sections.
-- A local declared in a later nested subprogram sits, in the text, after
-- an earlier nested body, but it belongs to its own section, where no
-- body precedes it.
create or replace procedure fx_nested_ok(p_id in number)
is
  l_total number := 0;
  co_step constant number := 2;

  function step(p_x in number) return number
  is
    l_factor number := co_step;

    function scaled(p_y in number) return number
    is
    begin
      return p_y * l_factor;
    end scaled;
  begin
    return scaled(p_x);
  end step;

  procedure add_value(p_x in number)
  is
    l_next number;
    e_negative exception;
    type t_pair is record (a number, b number);
    l_pair t_pair;
  begin
    l_next := step(p_x);
    if l_next < 0 then
      raise e_negative;
    end if;
    l_pair.a := l_next;
    l_total := l_total + l_pair.a;
  end add_value;
begin
  add_value(p_id);
  -- A DECLARE block in the body is a declare section of its own.
  declare
    l_done boolean := true;

    procedure note_value(p_x in number)
    is
    begin
      l_total := l_total + p_x;
    end note_value;
  begin
    if l_done then
      note_value(1);
    end if;
  end;
end fx_nested_ok;
/
