create or replace function fx_pick(p_mode in varchar2, p_a in number, p_b in number) return number
is
  l_pick number := case p_mode when 'A' then p_a else p_b end;
  l_list sys.odcinumberlist := sys.odcinumberlist(1);
  l_n    number;
  function max(p_x in number, p_y in number) return number
  is
  begin
    return greatest(p_x, p_y);
  end max;
begin
  select decode(p_mode, 'A', count(*), max(p_a)) + nvl2(p_mode, 1, 0) into l_n from dual;
  for r in (select sum(p_a) s from dual where exists (select 1 from dual)) loop
    l_n := r.s + l_list.count;
  end loop;
  forall i in 1 .. l_list.count
    insert into fx_rows (id) select min(id) + l_list(i) from fx_rows;
  if l_list.exists(1) then
    return max(l_n, l_pick);
  end if;
  return l_pick;
end fx_pick;
/
