create or replace package body fx_named
as
  g_state varchar2(10 char);
  cursor c_items(p_id in number) is
    select 1 as one, p_id as id from dual;

  procedure run(p_id in number, p_result out varchar2, p_list in out nocopy t_item_list)
  is
    co_limit constant pls_integer := 3;
    l_total number := 0;
    type t_pair is record (key varchar2(10 char), value number); -- record fields are free
    l_pair t_pair;
  begin
    for r in c_items(p_id) loop -- loop records and indexes are free
      l_total := l_total + r.one;
    end loop;
    for i in 1 .. co_limit loop
      l_pair.value := i;
    end loop;
    p_result := g_state || to_char(l_total);
  end run;
end fx_named;
/
