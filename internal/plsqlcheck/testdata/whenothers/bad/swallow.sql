declare
  l_x number;
begin
  begin
    l_x := 1 / 0;
  exception
    when others then -- expect: WHEN-OTHERS
      null;
  end;
  begin
    l_x := 2;
  exception
    when zero_divide then
      null;
    when others then -- expect: WHEN-OTHERS
      dbms_output.put_line(sqlerrm);
  end;
  begin
    l_x := 3;
  exception
    when others then -- expect: WHEN-OTHERS
      if sqlcode = -942 then
        raise;
      end if;
  end;
  begin
    l_x := 4;
  exception
    when others then -- expect: WHEN-OTHERS
      raise;
      l_x := 0;
  end;
  begin
    l_x := 5;
  exception
    when others then -- expect: WHEN-OTHERS
      other_pkg.raise_error(p_code => dbms_agent_memory_store.co_invalid_argument, p_message => 'not the project helper');
  end;
end;
/
