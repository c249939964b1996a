create or replace package body fx_lib
as
  function label(p_code in pls_integer, p_upper in boolean default false) return varchar2
  is
  begin
    if p_upper then
      return upper(label(p_text => to_char(p_code)));
    end if;
    return to_char(p_code);
  end label;

  function label(p_text in varchar2) return varchar2
  is
    l_known pls_integer;
  begin
    select count(*) into l_known from app.fx_items where label = p_text;
    return '[' || p_text || ']';
  end label;

  function next_code(p_step in pls_integer default 1) return pls_integer
  is
  begin
    g_calls := g_calls + p_step;
    return g_calls;
  end next_code;

  -- Bare names that are not calls of the package: a record field, a
  -- column in static SQL, a local that hides the function.
  procedure split(p_text in varchar2, p_head out varchar2, p_tail in out varchar2)
  is
    type t_row is record (label varchar2(30 char), next_code pls_integer);
    l_row t_row;
    function label return varchar2 is
    begin
      return 'seven';
    end label;
  begin
    select label, count(*) into l_row.label, l_row.next_code from app.fx_items where label = p_text group by label;
    l_row.label := label;
    p_head := substr(p_text, 1, 1);
    p_tail := substr(p_text, 2) || p_tail;
  end split;
end fx_lib;
/
create or replace package body fx_user
as
  procedure run(p_text in varchar2, p_result out varchar2)
  is
    l_pairs fx_lib.t_pair_list;
    l_tail  varchar2(100 char) := '';
  begin
    l_pairs(1).code := fx_lib.next_code;
    l_pairs(1).label := fx_lib.label(fx_lib.co_limit, p_upper => true);
    fx_lib.split(p_text, l_pairs(1).label, l_tail);
    fx_lib.split(p_text => p_text, p_head => p_result, p_tail => l_tail);
    if fx_lib.g_calls > fx_lib.co_limit then
      raise fx_lib.e_failed;
    end if;
  exception
    when fx_lib.e_failed then
      p_result := fx_lib.label('overflow');
      raise;
  end run;
end fx_user;
/
