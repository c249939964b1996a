-- Removes the job-run log. The stores' jobs and the shared scheduler programs
-- are dropped by drop_store and uninstall (or by hand, docs/operations.md).
drop view agentmem_job_runs;
drop table agentmem_job_log purge;
