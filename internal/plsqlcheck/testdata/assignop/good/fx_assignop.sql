create or replace procedure fx_assign(p_id in number)
is
  type t_rec is record (id number, name varchar2(10));
  l_rec  t_rec;
  l_list sys.odcinumberlist := sys.odcinumberlist(1);
  l_n    number;
  l_ok   boolean;
begin
  l_n := p_id;
  l_rec.id := p_id;
  l_list(1) := p_id;
  l_ok := l_n = 1;
  if l_n = 1 then
    l_n := case when l_n = 1 then 2 else 3 end;
  elsif l_n = 2 then
    null;
  end if;
  while l_n = 3 loop
    exit when l_n = 4;
  end loop;
  update fx_rows set id = p_id where id = l_n;
end fx_assign;
/
