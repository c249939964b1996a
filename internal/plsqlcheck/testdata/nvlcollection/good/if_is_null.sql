-- IF ... IS NULL instead of NVL over collections; NVL over scalars is fine.
declare
  type t_bind_list is table of varchar2(4000);
  l_obj    json_object_t := json_object_t.parse('{"a": 1}');
  l_keys   json_key_list := l_obj.get_keys;
  l_binds  t_bind_list;
  l_name   varchar2(32767) := nvl(l_obj.get_string('a'), 'none');
  l_count  pls_integer := nvl(l_keys.count, 0);
begin
  if l_keys is null then
    l_keys := json_key_list();
  end if;
  if l_binds is null then
    l_binds := t_bind_list();
  end if;
  dbms_output.put_line(l_name || l_count || l_binds.count);
end;
/
