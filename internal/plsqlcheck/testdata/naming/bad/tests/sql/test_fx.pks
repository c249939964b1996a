create or replace package test_fx
as
  --%suite(fx)
  --%test(runs)
  procedure it_runs;
end test_fx;
/
