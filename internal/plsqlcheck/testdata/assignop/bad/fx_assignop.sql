create or replace procedure fx_assign(p_id in number)
is
  type t_rec is record (id number, name varchar2(10));
  l_rec  t_rec;
  l_list sys.odcinumberlist := sys.odcinumberlist(1);
  l_n    number;
begin
  l_n = p_id; -- expect: ASSIGN-OP
  l_rec.id = p_id; -- expect: ASSIGN-OP
  l_list(1) = p_id; -- expect: ASSIGN-OP
  if l_n := 1 then -- expect: ASSIGN-OP
    null;
  elsif l_n := 2 then -- expect: ASSIGN-OP
    null;
  end if;
  while l_n := 3 loop -- expect: ASSIGN-OP
    exit when l_n := 4; -- expect: ASSIGN-OP
  end loop;
end fx_assign;
/
