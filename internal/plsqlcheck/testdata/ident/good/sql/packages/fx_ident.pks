-- IDENT: every prefixed name resolves, in each scope kind the rule models:
-- parameters, the declare sections of subprograms, nested blocks and nested
-- subprograms, the package spec and body, numeric and cursor FOR loops,
-- FORALL, cursor parameters; named notation, record fields and END labels
-- are not uses.
create or replace package fx_ident
  authid current_user
as
  co_limit constant pls_integer := 10;
  e_failed exception;
  type t_codes is table of pls_integer index by pls_integer;
  g_calls pls_integer := 0;

  function total(p_codes in t_codes, p_scale in pls_integer default co_limit) return pls_integer;
  procedure count_items(p_label in varchar2, p_count out number);
end fx_ident;
/
