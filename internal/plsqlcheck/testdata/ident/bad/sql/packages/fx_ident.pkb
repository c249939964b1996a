create or replace package body fx_ident
as
  g_calls pls_integer := co_limt; -- expect: IDENT

  -- The classic case: a parameter renamed in a private header only.
  function scaled(p_amount in pls_integer, p_scale in pls_integer) return pls_integer
  is
  begin
    return p_value * p_scale; -- expect: IDENT
  end scaled;

  function total(p_codes in t_codes) return pls_integer
  is
    l_first pls_integer := l_sum; -- expect: IDENT
    l_sum number := 0;
    procedure add_code(p_code in pls_integer)
    is
      l_seen pls_integer := 1;
    begin
      l_sum := l_sum + scaled(p_code, l_seen);
    end add_code;
  begin
    add_code(l_seen); -- expect: IDENT
    for l_i in 1 .. p_codes.count loop
      l_sum := l_sum + p_codes(l_i);
    end loop;
    l_sum := l_sum + l_i; -- expect: IDENT
    declare
      l_extra pls_integer := g_calls;
    begin
      l_sum := l_sum + l_extra;
    end;
    return l_sum + l_extra + l_first; -- expect: IDENT
  end total;

  procedure count_items(p_label in varchar2, p_count out number)
  is
    cursor c_items(p_min in pls_integer) is
      select item_id from app.fx_items where label = p_label and item_id >= p_min;
    l_ids t_codes;
  begin
    p_count := p_min; -- expect: IDENT
    for l_item in c_items(co_limit) loop
      p_count := p_count + l_item.item_id;
    end loop;
    p_count := p_count + l_item.item_id; -- expect: IDENT
    select item_id bulk collect into l_ids from app.fx_items where label = p_lable; -- expect: IDENT
    forall l_k in 1 .. l_ids.count
      delete from app.fx_items where item_id = l_ids(l_k);
    p_count := p_count + l_k; -- expect: IDENT
    for r in c_items(1) loop
      p_count := p_count + r.item_id;
    end loop;
    p_count := p_count + r.item_id; -- expect: IDENT
    if p_count > co_limit then
      raise e_failed; -- expect: IDENT
    end if;
  exception
    when e_failed then -- expect: IDENT
      p_count := -1;
  end count_items;

  function size_of(p_list in t_codes default l_empty) return pls_integer -- expect: IDENT
  is
  begin
    return total(p_codes => p_list) + l_sum; -- expect: IDENT
  end size_of;
end fx_ident;
/
