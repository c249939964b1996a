create or replace package body fx_lib
as
  function helper(p_text in varchar2) return varchar2
  is
  begin
    return lower(p_text);
  end helper;

  function label(p_code in pls_integer, p_upper in boolean default false) return varchar2
  is
  begin
    if p_upper then
      return upper(label(p_txt => to_char(p_code))); -- expect: PKG-CALL
    end if;
    return helper(to_char(p_code), 1); -- expect: PKG-CALL
  end label;

  function label(p_text in varchar2) return varchar2
  is
  begin
    return '[' || fx_lib.helper(p_text) || ']';
  end label;

  procedure split(p_text in varchar2, p_head out varchar2, p_tail in out varchar2)
  is
  begin
    p_head := substr(p_text, 1, 1);
    p_tail := label || p_tail; -- expect: PKG-CALL
    split(p_text, 'x', p_tail); -- expect: PKG-CALL
    split(p_text, p_head, p_text); -- expect: PKG-CALL
  end split;
end fx_lib;
/
create or replace package body fx_user
as
  procedure run(p_text in varchar2, p_result out varchar2)
  is
    co_seed constant varchar2(10 char) := 'seed';
    l_tail  varchar2(100 char) := '';
    -- Non-call references: a type, a constant in a default, an exception.
    l_pair  fx_lib.t_pair; -- expect: PKG-CALL
    l_max   pls_integer := fx_lib.co_max; -- expect: PKG-CALL
  begin
    p_result := fx_lib.helper(p_text); -- expect: PKG-CALL
    p_result := fx_lib.lable(p_text); -- expect: PKG-CALL
    p_result := fx_lib.label(p_upper => true); -- expect: PKG-CALL
    p_result := fx_lib.label(1, false, 3); -- expect: PKG-CALL
    p_result := fx_lib.label(p_code => 1, false); -- expect: PKG-CALL
    p_result := fx_lib.co_limt; -- expect: PKG-CALL
    fx_lib.split(p_text, p_result, co_seed); -- expect: PKG-CALL
    fx_lib.split(p_text, p_result, l_tail || 'x'); -- expect: PKG-CALL
    fx_lib.split(p_text => p_text, p_head => fx_lib.label(2), p_tail => l_tail); -- expect: PKG-CALL
    fx_lib.split(p_text, p_result, fx_lib.co_limit); -- expect: PKG-CALL
    fx_lib.split(p_text => p_text, p_tail => l_tail); -- expect: PKG-CALL
  exception
    when fx_lib.e_failed then -- expect: PKG-CALL
      raise;
  end run;
end fx_user;
/
