-- Each position where an unquoted identifier is declared, with a reserved
-- word in it (issue 9 item 1: a record field COLUMNS made CREATE PACKAGE
-- fail with PLS-00103, and the rule looked only at declare sections).
create or replace package fx_positions
is
  type t_object is record (
    name    varchar2(128 char),
    columns varchar2(400 char), -- expect: RESERVED
    rows    number -- expect: RESERVED
  );
  procedure run(p_id in number);
end fx_positions;
/
create or replace package body fx_positions
is
  cursor c_objects(p_owner in varchar2) is
    select object_name, object_type type, -- expect: RESERVED
           created as start -- expect: RESERVED
      from all_objects
     where owner = p_owner;

  procedure note(p_text in varchar2)
  is
  begin
    null;
  end note;

  procedure run(p_id in number)
  is
    l_total number := 0;
  begin
    <<select>> -- expect: RESERVED
    for index in 1 .. 3 loop -- expect: RESERVED
      l_total := l_total + index;
    end loop;
    for r in (select object_name, count(*) as group from all_objects group by object_name) loop -- expect: RESERVED
      l_total := l_total + r.group;
    end loop;
    note(table => 'x'); -- expect: RESERVED
  end run;
end fx_positions;
/
create or replace type fx_pair as object (
  key   varchar2(30 char),
  order number, -- expect: RESERVED
  member function total return number
);
/
create or replace procedure fx_cursor_param
is
  cursor c_rows(level in number) is select 1 as n from dual; -- expect: RESERVED
begin
  null;
end fx_cursor_param;
/
