create or replace package fx_jobs
as
  -- Deletes expired rows. Side effects: COMMITs every 1000 rows (job entry point).
  -- agentmem:commits
  procedure purge(p_days in number);

  procedure save(p_id in number);

  -- Rebuilds the summary table; commits once at the end (job entry point).
  -- agentmem:commits
  procedure rebuild;
end fx_jobs;
/
