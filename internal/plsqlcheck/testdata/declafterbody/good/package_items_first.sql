-- A package body whose item_list_1 (types, subtypes, constants,
-- variables, exceptions, a cursor and a pragma) precedes every subprogram
-- body; after the first body only what item_list_2 admits: forward
-- declarations, bodies, a cursor declaration and a cursor definition
-- (item_list_2 since 12.1) and a pragma (12.1 lists pragma there).
create or replace package fx_items_ok
as
  procedure run(p_id in number);
end fx_items_ok;
/
create or replace package body fx_items_ok
as
  type t_ids is table of number index by pls_integer;
  subtype t_name is varchar2(128);
  co_limit constant pls_integer := 10;
  -- A cursor definition followed by a variable: Oracle's examples do this,
  -- so a cursor definition does not end item_list_1 for the rule.
  cursor c_first is
    select dummy from dual;
  g_ids t_ids;
  e_busy exception;
  pragma exception_init(e_busy, -54);

  procedure check_id(p_id in number);

  function label(p_id in number) return t_name
  is
  begin
    return 'id ' || p_id;
  end label;

  -- A forward declaration between bodies.
  function doubled(p_id in number) return number;

  cursor c_rows return dual%rowtype;

  procedure run(p_id in number)
  is
  begin
    check_id(p_id);
    g_ids(1) := doubled(p_id);
  end run;

  cursor c_rows return dual%rowtype is
    select * from dual;

  cursor c_more is
    select dummy from dual where rownum <= co_limit;

  procedure check_id(p_id in number)
  is
  begin
    if p_id is null then
      raise e_busy;
    end if;
  end check_id;

  function doubled(p_id in number) return number
  is
  begin
    return p_id * 2;
  end doubled;
end fx_items_ok;
/
