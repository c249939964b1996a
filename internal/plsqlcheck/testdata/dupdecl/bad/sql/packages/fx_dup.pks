-- DUP-DECL: a name declared twice in one declarative region.
create or replace package fx_dup
  authid current_user
as
  co_limit constant pls_integer := 10;
  co_limit constant pls_integer := 20; -- expect: DUP-DECL
  type t_pair is record (
    code  pls_integer,
    label varchar2(30 char),
    code  varchar2(10 char) -- expect: DUP-DECL
  );

  function label(p_code in pls_integer, p_code in varchar2) return varchar2; -- expect: DUP-DECL
end fx_dup;
/
create or replace package body fx_dup
as
  g_count pls_integer := 0;
  g_count number; -- expect: DUP-DECL

  function label(p_code in pls_integer, p_code in varchar2) return varchar2 -- expect: DUP-DECL
  is
    p_code varchar2(10 char); -- expect: DUP-DECL, NAMING
    l_text varchar2(10 char);
    cursor c_rows(p_min in pls_integer, p_min in pls_integer) is -- expect: DUP-DECL
      select dummy from sys.dual where p_min > 0;
    l_text varchar2(20 char); -- expect: DUP-DECL
    function l_text return varchar2 is -- expect: DUP-DECL
    begin
      return 'x';
    end l_text;
  begin
    declare
      l_inner pls_integer;
      l_inner pls_integer; -- expect: DUP-DECL
    begin
      null;
    end;
    return l_text;
  end label;
end fx_dup;
/
