-- The keys of a JSON object received in JSON_KEY_LIST variables.
declare
  type t_names is table of varchar2(4000);
  l_obj   json_object_t := json_object_t.parse('{"a": 1, "b": 2}');
  l_keys  json_key_list := l_obj.get_keys;
  l_again sys.json_key_list;
  l_names t_names := t_names();
begin
  l_again := l_obj.get_keys();
  for i in 1 .. l_keys.count loop
    l_names.extend;
    l_names(l_names.last) := l_keys(i);   -- element by element is fine
  end loop;
end;
/
