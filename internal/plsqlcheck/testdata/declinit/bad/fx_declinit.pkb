create or replace package body fx_declinit
as
  co_limit constant pls_integer; -- expect: DECL-INIT
  g_name   varchar2; -- expect: DECL-INIT
  g_doc    clob(100); -- expect: DECL-INIT
  type t_pair is record (
    id   number(10),
    name varchar2(10),
    id   number -- expect: DUP-DECL
  );

  procedure fill(p_id in number, p_out out number := 0) -- expect: DECL-INIT
  is
    l_count pls_integer not null; -- expect: DECL-INIT
    l_raw   raw; -- expect: DECL-INIT
  begin
    p_out := p_id;
  end fill;
end fx_declinit;
/
