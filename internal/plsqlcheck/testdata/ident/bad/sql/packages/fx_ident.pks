-- IDENT: names that no declaration in scope provides, one per scope kind.
create or replace package fx_ident
  authid current_user
as
  co_limit constant pls_integer := 10;
  type t_codes is table of pls_integer index by pls_integer;

  function total(p_codes in t_codes) return pls_integer;
  procedure count_items(p_label in varchar2, p_count out number);
  function size_of(p_list in t_codes default l_empty) return pls_integer; -- expect: IDENT
end fx_ident;
/
