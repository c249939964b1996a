create or replace package body fx_job
as
  -- sql/scheduler/ holds installed packages: a job body that commits
  -- needs the marker like one in sql/packages/.
  procedure run_batch(p_id in number)
  is
  begin
    delete from fx_t where id = p_id;
    commit; -- expect: TXN
  end run_batch;
end fx_job;
/
