-- The historical NVL-COLLECTION bugs (AGENTMEM_FILTER before ab69a2d):
-- NVL over a JSON_KEY_LIST and over a project collection.
declare
  type t_bind_list is table of varchar2(4000);
  type t_state is record (binds t_bind_list);
  l_obj    json_object_t := json_object_t.parse('{"a": 1}');
  l_keys   json_key_list := l_obj.get_keys;
  l_binds  t_bind_list;
  l_other  t_bind_list := nvl(l_binds, t_bind_list()); -- expect: NVL-COLLECTION
  l_state  t_state;
begin
  l_keys := nvl(l_keys, json_key_list()); -- expect: NVL-COLLECTION
  l_state.binds := nvl(l_binds, l_other); -- expect: NVL-COLLECTION
  dbms_output.put_line(l_keys.count || l_state.binds.count);
end;
/
