-- DUP-DECL: one name in different regions is no duplicate: a nested
-- block's local hiding the subprogram's, locals of two subprograms, two
-- cursors with the same parameter names, overloads, forward declarations.
create or replace package fx_dup
  authid current_user
as
  g_count pls_integer := 0;
  type t_pair is record (code number(10, 2), label varchar2(30 char), nested_code pls_integer);
  type t_other is record (code pls_integer, label varchar2(30 char));

  function label(p_code in pls_integer) return varchar2;
  function label(p_text in varchar2) return varchar2;
end fx_dup;
/
create or replace package body fx_dup
as
  function checked(p_code in pls_integer) return pls_integer;

  cursor c_rows return dual%rowtype;

  function label(p_code in pls_integer) return varchar2
  is
    l_count pls_integer := checked(p_code);
    cursor c_low(p_min in pls_integer) is select dummy from sys.dual where p_min < l_count;
    cursor c_high(p_min in pls_integer) is select dummy from sys.dual where p_min > l_count;
  begin
    declare
      l_count pls_integer := g_count;
    begin
      return to_char(l_count);
    end;
  end label;

  function label(p_text in varchar2) return varchar2
  is
    l_count pls_integer := 0;
  begin
    return p_text || l_count;
  end label;

  cursor c_rows return dual%rowtype is
    select * from sys.dual;

  function checked(p_code in pls_integer) return pls_integer
  is
  begin
    return p_code;
  end checked;
end fx_dup;
/
