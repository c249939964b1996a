create or replace package body fx_method
as
  -- linked_types(p_request).count in AGENTMEM_SEARCH and l_meta.get_keys.count in the LLM suite: the
  -- class the compiler reads found, on every position a collection method can take.
  function names(p_n in pls_integer) return t_list
  is
    l_list t_list := t_list();
  begin
    l_list.extend(p_n);
    return l_list;
  end names;

  function no_args return t_list
  is
  begin
    return t_list('a');
  end no_args;

  function total(p_count in pls_integer) return pls_integer
  is
  begin
    return p_count;
  end total;

  procedure run(p_n in pls_integer)
  is
    l_obj   json_object_t := json_object_t.parse('{"a": 1}');
    l_count pls_integer := names(p_n).count; -- expect: METHOD-ON-CALL
    l_index pls_integer;
  begin
    if names(p_n).count = 0 then -- expect: METHOD-ON-CALL
      return;
    end if;
    for i in 1 .. no_args.count loop -- expect: METHOD-ON-CALL
      l_index := i;
    end loop;
    l_index := names(p_n).first; -- expect: METHOD-ON-CALL
    l_index := names(p_n).last + no_args().last; -- expect: METHOD-ON-CALL, METHOD-ON-CALL
    l_index := names(p_n).next(l_index); -- expect: METHOD-ON-CALL
    l_index := names(p_n).prior(l_index); -- expect: METHOD-ON-CALL
    l_index := nvl(names(p_n).limit, 0); -- expect: METHOD-ON-CALL
    l_count := total(fx_method.names(p_n).count); -- expect: METHOD-ON-CALL
    while names(p_n).exists(l_index) loop -- expect: METHOD-ON-CALL
      l_index := l_index + 1;
    end loop;
    l_count := l_obj.get_keys.count; -- expect: METHOD-ON-CALL
    l_count := l_obj.get_keys().count; -- expect: METHOD-ON-CALL
    l_count := json_object_t.parse('{"b": 2}').get_keys.count; -- expect: METHOD-ON-CALL
    names(p_n).delete; -- expect: METHOD-ON-CALL
    names(p_n).extend; -- expect: METHOD-ON-CALL
    names(p_n).trim(1); -- expect: METHOD-ON-CALL
    dbms_output.put_line(l_count || l_index);
  end run;
end fx_method;
/
