-- Back to the job kinds of version 2: the LLM_TASKS runs' log rows go first
-- (the older check would reject them). The stores' LLM_TASKS jobs and the
-- AGENTMEM_LLM_TASKS_P program are dropped by drop_store and uninstall.sql.
delete from agentmem_job_log where job_kind = 'LLM_TASKS';
alter table agentmem_job_log drop constraint agentmem_job_log_kind_ck;
alter table agentmem_job_log add constraint agentmem_job_log_kind_ck
  check (job_kind in ('PURGE', 'TEXT_OPTIMIZE', 'TEXT_SYNC'));
comment on column agentmem_job_log.job_kind is 'PURGE, TEXT_OPTIMIZE or TEXT_SYNC';
