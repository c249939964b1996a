-- The shapes that keep the model output: the part that may raise runs in a
-- second call, after the first has returned the text (model_output /
-- apply_output); NOCOPY; a handler that sets the value before reading it;
-- a callee that assigns its OUT parameter last; a handler that leaves.
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
  procedure run_model(p_prompt in varchar2, p_output out nocopy clob)
  is
  begin
    p_output := generate(p_prompt);
    l_result := parse(p_output);
  end run_model;
  procedure last_step(p_prompt in varchar2, p_output out clob)
  is
  begin
    l_result := parse(p_prompt);
    p_output := to_clob(p_prompt);
  end last_step;
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
    l_output := generate('prompt');
    l_result := parse(l_output);
  exception
    when value_error then
      fail_task(l_output);
  end;
  begin
    run_model('prompt', l_output);
  exception
    when value_error then
      fail_task(l_output);
  end;
  begin
    last_step('prompt', l_output);
  exception
    when value_error then
      fail_task(l_output);
  end;
  begin
    count_up(l_count);
  exception
    when value_error then
      l_count := 0;
  end;
  dbms_output.put_line(l_count);
  begin
    count_up(l_count);
  exception
    when value_error then
      return;
  end;
  dbms_output.put_line(l_count);
end;
/
