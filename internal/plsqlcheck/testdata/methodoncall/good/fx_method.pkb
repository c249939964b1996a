create or replace package body fx_method
as
  -- Collection methods on named collections: a local holding the function's result, an element of a
  -- collection of collections, a record field, a package variable, a JSON_KEY_LIST local.
  function names(p_n in pls_integer) return t_list
  is
    l_list t_list := t_list();
  begin
    l_list.extend(p_n);
    return l_list;
  end names;

  procedure run(p_n in pls_integer, p_pair in t_pair)
  is
    l_obj   json_object_t := json_object_t.parse('{"a": 1}');
    l_keys  json_key_list := l_obj.get_keys;
    l_names t_list := names(p_n);
    l_lists t_lists := t_lists(t_list('a'));
    l_count pls_integer := l_names.count;
  begin
    l_count := l_count + l_lists(1).count + p_pair.keys.count + fx_method.g_names.count + g_names.count;
    if l_keys is not null and l_keys.count > 0 and l_names.exists(1) then
      l_names.delete;
    end if;
    dbms_output.put_line(l_count);
  end run;
end fx_method;
/
