create or replace package body fx_out_lib
as
  procedure run_model(p_prompt in varchar2, p_output out clob)
  is
  begin
    p_output := to_clob(p_prompt);
    if dbms_lob.getlength(p_output) > 10 then
      raise value_error;
    end if;
  end run_model;
end fx_out_lib;
/
create or replace package body fx_out_use
as
  procedure run_task(p_prompt in varchar2)
  is
    l_output clob;
  begin
    fx_out_lib.run_model(p_prompt, l_output);
  exception
    when value_error then
      dbms_output.put_line(dbms_lob.substr(l_output, 100, 1)); -- expect: OUT-AFTER-RAISE
      raise;
  end run_task;
end fx_out_use;
/
