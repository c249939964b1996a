-- Constructs that trip naive block matchers; none is an error.
create or replace function fx_tricky(p_n in number) return varchar2
  deterministic
is
  type t_map is table of varchar2(100) index by varchar2(30);
  subtype t_id is number(10) not null;
  l_map   t_map;
  l_id    t_id := 1;
  l_cur   sys_refcursor;
  l_text  varchar2(4000) := case when p_n > 0 then 'pos' else 'neg' end;
  cursor c_rows is
    select case when level = 1 then 'one' else 'many' end as label_text
      from dual connect by level <= 3;
begin
  <<outer_block>>
  declare
    l_inner number := 0;
  begin
    for r in (select case when 1 = 1 then 1 end as n from dual) loop
      l_inner := l_inner + r.n;
    end loop;
    for i in 1 .. case when p_n > 2 then 2 else 1 end loop
      l_inner := l_inner + i;
    end loop;
    if case when l_inner > 0 then 1 else 0 end = 1 then l_inner := 0; end if;
  end outer_block;

  open l_cur for
    select json_value('{"a":1}', '$.a' default 'x' on error) as v from dual
     where exists (select 1 from dual where 1 = case when p_n = 1 then 1 else 1 end)
       for update skip locked;
  close l_cur;

  merge into fx_target t
  using (select 1 as id from dual) s
     on (t.id = s.id)
   when matched then update set t.n = case when s.id > 0 then 1 else 0 end
   when not matched then insert (id, n) values (s.id, 0);

  insert all
    when p_n > 0 then into fx_pos (n) values (p_n)
    else into fx_neg (n) values (p_n)
  select 1 from dual;

  <<decide>>
  case
    when p_n = 1 then
      case l_id when 1 then l_text := 'a'; else l_text := 'b'; end case;
    when p_n = 2 then
      l_text := q'[ end if; end loop; ]';
    else
      null;
  end case decide;

  while l_id < 3 loop l_id := l_id + 1; end loop;
  for r in c_rows loop exit when r.label_text = 'one'; continue when false; end loop;
  goto done;
  <<done>>
  return l_text || l_map.count;
exception
  when no_data_found or too_many_rows then
    return null;
  when others then
    declare
      l_code pls_integer := sqlcode;
    begin
      if l_code = -1 then raise; elsif l_code = -2 then raise; else raise; end if;
    end;
end fx_tricky;
/

create or replace trigger fx_trg
  before insert on fx_target
  referencing new as n
  for each row
  when (n.id > 0)
declare
  l_now timestamp := systimestamp;
begin
  :n.created_at := l_now;
end;
/

create or replace type fx_point as object (
  x number,
  member function norm return number
);
/

create or replace type body fx_point as
  member function norm return number is
  begin
    return sqrt(x * x);
  end norm;
end;
/
