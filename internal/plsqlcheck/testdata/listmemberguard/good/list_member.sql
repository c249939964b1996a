-- Membership tests made exact by a guard in the same condition, as AGENTMEM_UTIL.reject_unknown_keys
-- and get_enum write them: "= 0" next to a test for membership, "> 0" (OR) next to one for
-- non-membership; the guard may read the value without the UPPER/LOWER the test adds.
declare
  l_allowed varchar2(100 char) := 'memories,topics';
  l_wrapped varchar2(102 char) := ',' || l_allowed || ',';
  l_key     varchar2(100 char) := 'memories,topics';
  l_count   pls_integer;
  l_ok      boolean := instr(l_key, ',') = 0 and instr(',' || l_allowed || ',', ',' || l_key || ',') > 0;
  function allowed(p_key in varchar2) return boolean
  is
  begin
    return p_key is not null and instr(p_key, ',') = 0
           and instr(l_wrapped, ',' || p_key || ',') > 0;
  end allowed;
begin
  if l_key is null or instr(l_key, ',') > 0
     or instr(',' || l_allowed || ',', ',' || l_key || ',') = 0 then
    raise_application_error(-20001, 'not allowed');
  elsif 0 < instr(l_wrapped, ', ' || l_key || ',') and 0 = instr(l_key, ',') then
    l_ok := true;
  end if;
  l_ok := (instr(l_key, '|') = 0) and instr(l_wrapped, '|' || upper(l_key) || '|') <> 0;
  -- Not a membership test: a word searched between blanks, a position used as a number.
  l_count := instr(l_wrapped, ' ' || l_key || ' ');
  select count(*) into l_count from sys.dual
   where instr(l_key, ',') = 0 and instr(',' || l_allowed || ',', ',' || l_key || ',') > 0;
  if allowed(l_key) and l_ok then
    dbms_output.put_line(l_count);
  end if;
end;
/
