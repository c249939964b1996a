-- A public procedure of another package, reached through its body.
create or replace package fx_out_lib
as
  procedure run_model(p_prompt in varchar2, p_output out clob);
end fx_out_lib;
/
create or replace package fx_out_use
as
  procedure run_task(p_prompt in varchar2);
end fx_out_use;
/
