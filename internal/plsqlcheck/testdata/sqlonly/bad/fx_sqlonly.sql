create or replace function fx_pick(p_mode in varchar2, p_a in number, p_b in number) return number
is
  l_pick number := decode(p_mode, 'A', p_a, p_b); -- expect: SQL-ONLY
  l_text varchar2(20 char) := nvl2(p_mode, 'mode ' || p_mode, 'no mode'); -- expect: SQL-ONLY
begin
  if exists (select 1 from dual) then -- expect: SQL-ONLY
    return max(p_a, p_b); -- expect: SQL-ONLY
  end if;
  return l_pick;
end fx_pick;
/
