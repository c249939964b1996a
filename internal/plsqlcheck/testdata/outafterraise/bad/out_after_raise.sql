-- AGENTMEM_LLM_TASKS.execute_task before the fix: the model's raw output
-- went to a by-value OUT parameter, then parsing and applying it could
-- raise; the callers' handlers passed the output on to fail_task, but an
-- OUT value is copied back only when the callee exits normally.
declare
  l_result varchar2(100 char);
  l_output clob;
  l_count  pls_integer := 0;
  function generate(p_prompt in varchar2) return clob
  is
  begin
    return to_clob(p_prompt);
  end generate;
  function parse(p_text in clob) return varchar2
  is
  begin
    return substr(p_text, 1, 100);
  end parse;
  procedure fail_task(p_output in clob)
  is
  begin
    dbms_output.put_line(dbms_lob.getlength(p_output));
  end fail_task;
  function execute_task(p_prompt in varchar2, p_output out clob) return varchar2
  is
  begin
    p_output := generate(p_prompt);
    return parse(p_output);
  end execute_task;
  procedure count_up(p_count in out pls_integer)
  is
  begin
    p_count := p_count + 1;
    if p_count > 3 then
      raise value_error;
    end if;
  end count_up;
begin
  begin
    l_result := execute_task('prompt', l_output);
  exception
    when value_error then
      fail_task(l_output); -- expect: OUT-AFTER-RAISE
  end;
  -- The handler completes the block: the read after it sees the old value
  -- on that path.
  begin
    count_up(l_count);
  exception
    when value_error then
      null;
  end;
  dbms_output.put_line(l_count); -- expect: OUT-AFTER-RAISE
  -- A handler of the routine's own block, as in run_claimed.
  l_result := execute_task(p_output => l_output, p_prompt => 'again');
exception
  when value_error then
    fail_task(l_output); -- expect: OUT-AFTER-RAISE
    raise;
end;
/
