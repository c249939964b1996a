-- The same positions with names that are keywords (PL/SQL Table D-2) or
-- plain names: none is reported. Quoted names may be reserved words.
create or replace package fx_positions_ok
is
  type t_object is record (
    name        varchar2(128 char),
    column_list varchar2(400 char),
    "ROWS"      number
  );
  procedure run(p_id in number);
end fx_positions_ok;
/
create or replace package body fx_positions_ok
is
  cursor c_objects(p_owner in varchar2) is
    select o.object_name, o.object_type kind, case when o.temporary = 'Y' then 1 else 0 end,
           o.created as created_at
      from all_objects o
     where o.owner = p_owner
       for update;

  procedure note(p_text in varchar2)
  is
  begin
    null;
  end note;

  procedure run(p_id in number)
  is
    l_total number := 0;
  begin
    <<outer_loop>>
    for i in 1 .. 3 loop
      l_total := l_total + i;
    end loop outer_loop;
    for r in (select object_name, count(*) as n from all_objects group by object_name) loop
      l_total := l_total + r.n;
    end loop;
    note(p_text => 'x');
  end run;
end fx_positions_ok;
/
create or replace type fx_pair_ok as object (
  key   varchar2(30 char),
  rank  number,
  order member function compare(p_other in fx_pair_ok) return number,
  member function total return number
);
/
