create or replace package body fx_ident
as
  type t_pair is record (l_code pls_integer, label varchar2(30 char));
  g_last t_pair;

  -- A private function: its parameters are visible in its body.
  function scaled(p_value in pls_integer, p_scale in pls_integer) return pls_integer
  is
    l_result pls_integer := p_value * p_scale;
  begin
    return l_result;
  end scaled;

  function total(p_codes in t_codes, p_scale in pls_integer default co_limit) return pls_integer
  is
    l_sum number := 0;
    -- A nested subprogram sees the enclosing parameters and locals.
    procedure add_code(p_code in pls_integer)
    is
    begin
      l_sum := l_sum + scaled(p_value => p_code, p_scale => p_scale);
    end add_code;
  begin
    for l_i in 1 .. p_codes.count loop
      add_code(p_codes(l_i));
    end loop;
    declare
      l_extra pls_integer := g_calls;
    begin
      l_sum := l_sum + l_extra;
    end;
    g_calls := g_calls + 1;
    g_last.l_code := l_sum;
    return l_sum;
  end total;

  procedure count_items(p_label in varchar2, p_count out number)
  is
    cursor c_items(p_min in pls_integer) is
      select item_id from app.fx_items where label = p_label and item_id >= p_min;
    l_ids t_codes;
  begin
    p_count := 0;
    for l_item in c_items(co_limit) loop
      p_count := p_count + l_item.item_id;
    end loop;
    select item_id bulk collect into l_ids from app.fx_items where label = p_label;
    for i in 1 .. l_ids.count loop
      p_count := p_count + l_ids(i);
    end loop;
    -- i is a table alias here: inside SQL an unprefixed name is not checked.
    select count(*) into p_count from app.fx_items i where i.item_id > p_count;
    -- Names a SQL statement declares for itself: a WITH query, an alias after
    -- AS, JSON_TABLE columns.
    with t_recent as (select item_id as l_id from app.fx_items where label = p_label)
    select count(*) into p_count from t_recent where l_id > 0;
    select count(*) into p_count
      from json_table(p_label, '$[*]' columns (c_code number path '$.code', c_name varchar2(30 char) path '$.name'))
     where c_code > 0 and c_name is not null;
    forall l_k in 1 .. l_ids.count
      delete from app.fx_items where item_id = l_ids(l_k);
    if p_count > co_limit then
      raise e_failed;
    end if;
  exception
    when e_failed then
      p_count := -1;
  end count_items;
end fx_ident;
/
