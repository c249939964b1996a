declare
  l_x number;
  e_missing exception;
  pragma exception_init(e_missing, -942);
begin
  begin
    l_x := 1 / 0;
  exception
    when zero_divide then
      null; -- a specific exception may be handled quietly
    when others then
      rollback;
      raise;
  end;
  begin
    l_x := 2;
  exception
    when others then
      raise_application_error(dbms_agent_memory_store.co_invalid_argument, 'wrapped: ' || sqlerrm, true);
  end;
  begin
    l_x := 3;
  exception
    when others then
      agentmem_util.raise_error(p_code => dbms_agent_memory_store.co_invalid_argument, p_message => 'INVALID_ARGUMENT: x');
  end;
  begin
    l_x := 4;
  exception
    when others then
      if sqlcode = -942 then
        raise e_missing;
      elsif sqlcode = -1 then
        dbms_standard.raise_application_error(dbms_agent_memory_store.co_duplicate_id, 'DUPLICATE_ID: x');
      else
        raise;
      end if;
  end;
  begin
    l_x := 5;
  exception
    when others then
      case sqlcode
        when -1 then raise;
        else
          begin
            dbms_output.put_line('cleanup');
            raise;
          end;
      end case;
  end;
end;
/
