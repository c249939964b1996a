create or replace package fx_job
as
  procedure run_batch(p_id in number);
end fx_job;
/
