create or replace package body test_fx
as
  procedure it_runs
  is
    result varchar2(10 char); -- expect: NAMING
  begin
    fx_named.run(p_id => 1, p_result => result, p_list => null);
  end it_runs;
end test_fx;
/
