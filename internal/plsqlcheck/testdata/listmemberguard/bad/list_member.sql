-- The historical LIST-MEMBER-GUARD bug (AGENTMEM_LLM_PARSE.only_keys before d72d0d5): the model
-- answer key 'memories,topics' was found in ',memories,topics,' and passed as allowed. Every position
-- a membership test can take, every comparison spelling, and guards that do not make it exact.
declare
  l_allowed varchar2(100 char) := 'memories,topics';
  l_wrapped varchar2(102 char) := ',' || l_allowed || ',';
  l_key     varchar2(100 char) := 'memories,topics';
  l_other   varchar2(100 char) := 'x';
  l_count   pls_integer;
  l_ok      boolean := instr(',' || l_allowed || ',', ',' || l_key || ',') > 0; -- expect: LIST-MEMBER-GUARD
  function allowed(p_key in varchar2) return boolean
  is
  begin
    return instr(l_wrapped, ',' || p_key || ',') > 0; -- expect: LIST-MEMBER-GUARD
  end allowed;
begin
  if instr(',' || l_allowed || ',', ',' || l_key || ',') = 0 then -- expect: LIST-MEMBER-GUARD
    raise_application_error(-20001, 'not allowed');
  elsif 0 < instr(l_wrapped, ', ' || l_key || ',') then -- expect: LIST-MEMBER-GUARD
    l_ok := true;
  end if;
  while instr(l_wrapped, ';' || l_key || ';') >= 1 loop -- expect: LIST-MEMBER-GUARD
    l_key := substr(l_key, 2);
  end loop;
  l_ok := instr(l_wrapped, '|' || upper(l_key) || '|') <> 0; -- expect: LIST-MEMBER-GUARD
  l_count := case when instr(l_wrapped, ',' || l_key || ',') != 0 then 1 else 0 end; -- expect: LIST-MEMBER-GUARD
  -- A guard with the wrong sense, on another value, or for another separator.
  if instr(l_key, ',') = 0 or instr(l_wrapped, ',' || l_key || ',') = 0 then -- expect: LIST-MEMBER-GUARD
    l_ok := false;
  end if;
  if instr(l_other, ',') = 0 and instr(l_wrapped, ',' || l_key || ',') > 0 then -- expect: LIST-MEMBER-GUARD
    l_ok := true;
  end if;
  if instr(l_key, ';') = 0 and instr(l_wrapped, ',' || l_key || ',') > 0 then -- expect: LIST-MEMBER-GUARD
    l_ok := true;
  end if;
  -- In static SQL too.
  select count(*) into l_count from sys.dual
   where instr(',' || l_allowed || ',', ',' || l_key || ',') > 0; -- expect: LIST-MEMBER-GUARD
  dbms_output.put_line(l_count);
  if allowed(l_key) and l_ok then
    dbms_output.put_line('allowed');
  end if;
end;
/
