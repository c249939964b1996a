-- PKG-CALL: references into the project's own packages that match the specs:
-- named, positional and mixed notation, defaults left out, overloads,
-- constants, exceptions, types and variables without parentheses, functions
-- whose parameters all have defaults called bare, and OUT arguments that are
-- variables, fields, elements and OUT parameters.
create or replace package fx_lib
  authid current_user
as
  co_limit constant pls_integer := 10;
  e_failed exception;
  g_calls  pls_integer := 0;
  type t_pair is record (code pls_integer, label varchar2(30 char));
  type t_pair_list is table of t_pair index by pls_integer;

  function label(p_code in pls_integer, p_upper in boolean default false) return varchar2;
  function label(p_text in varchar2) return varchar2;
  function next_code(p_step in pls_integer default 1) return pls_integer;
  procedure split(p_text in varchar2, p_head out varchar2, p_tail in out varchar2);
end fx_lib;
/
create or replace package fx_user
  authid current_user
as
  procedure run(p_text in varchar2, p_result out varchar2);
end fx_user;
/
