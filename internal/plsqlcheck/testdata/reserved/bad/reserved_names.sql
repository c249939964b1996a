create or replace procedure fx_reserved(
  level in number, -- expect: RESERVED
  p_ok in number)
is
  size number; -- expect: RESERVED
  comment varchar2(100); -- expect: RESERVED
  type t_rec is record (a number);
  procedure delete(p_id in number) -- expect: RESERVED
  is
  begin
    null;
  end delete;
begin
  null;
end fx_reserved;
/
