-- Item declarations after the first subprogram body of a package body.
create or replace package fx_items_bad
as
  procedure run(p_id in number);
end fx_items_bad;
/
create or replace package body fx_items_bad
as
  g_count number := 0;

  procedure check_id(p_id in number)
  is
  begin
    g_count := g_count + 1;
  end check_id;

  type t_ids is table of number index by pls_integer; -- expect: DECL-AFTER-BODY
  subtype t_name is varchar2(128); -- expect: DECL-AFTER-BODY
  co_limit constant pls_integer := 10; -- expect: DECL-AFTER-BODY
  g_ids t_ids; -- expect: DECL-AFTER-BODY
  e_busy exception; -- expect: DECL-AFTER-BODY

  procedure run(p_id in number)
  is
  begin
    check_id(p_id);
    g_ids(1) := co_limit;
  end run;
end fx_items_bad;
/
