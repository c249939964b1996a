-- The keys of a JSON object assigned to collections of another type.
declare
  type t_names is table of varchar2(4000);
  l_obj   json_object_t := json_object_t.parse('{"a": 1, "b": 2}');
  l_names t_names := l_obj.get_keys; -- expect: JSON-KEY-LIST
  l_list  t_names;
begin
  if l_obj.get_size > 0 then
    l_list := l_obj.get_keys; -- expect: JSON-KEY-LIST
  end if;
end;
/
