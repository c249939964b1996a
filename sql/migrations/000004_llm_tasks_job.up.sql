-- Install level (issue 13): the job-run log accepts the LLM_TASKS job, the
-- per-store job that drains a store's LLM task queue (<prefix>LLM_TASK,
-- AGENTMEM_LLM_TASKS.drain; docs/operations.md, docs/llm.md "Background
-- queue"). Only the kind check changes; existing rows stay valid.
alter table agentmem_job_log drop constraint agentmem_job_log_kind_ck;
alter table agentmem_job_log add constraint agentmem_job_log_kind_ck
  check (job_kind in ('PURGE', 'TEXT_OPTIMIZE', 'TEXT_SYNC', 'LLM_TASKS'));
comment on column agentmem_job_log.job_kind is 'PURGE, TEXT_OPTIMIZE, TEXT_SYNC or LLM_TASKS';
