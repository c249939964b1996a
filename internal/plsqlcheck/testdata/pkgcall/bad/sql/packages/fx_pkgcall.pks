-- PKG-CALL: references into the project's own packages that do not compile
-- against the specs (qualified calls from another package, unqualified calls
-- inside the package's own body).
create or replace package fx_lib
  authid current_user
as
  co_limit constant pls_integer := 10;
  function label(p_code in pls_integer, p_upper in boolean default false) return varchar2;
  function label(p_text in varchar2) return varchar2;
  procedure split(p_text in varchar2, p_head out varchar2, p_tail in out varchar2);
end fx_lib;
/
create or replace package fx_user
  authid current_user
as
  procedure run(p_text in varchar2, p_result out varchar2);
end fx_user;
/
