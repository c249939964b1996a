-- Install level: the job-run log of agentmem's scheduler jobs (sql/scheduler/,
-- docs/operations.md). One row per run of a store job (purge, text index
-- optimize, text index sync), written by AGENTMEM_JOBS in autonomous
-- transactions so a failed run still leaves its row. The purge job deletes
-- rows older than the retention (AGENTMEM_JOBS.co_log_retention_days).
create table agentmem_job_log (
  run_id         varchar2(32 char)            not null,
  store_key      varchar2(16 char)            not null,
  job_kind       varchar2(16 char)            not null,
  job_name       varchar2(128 char)           not null,
  run_source     varchar2(9 char)             not null,
  started_at     timestamp(6) with time zone  default systimestamp not null,
  ended_at       timestamp(6) with time zone,
  outcome        varchar2(9 char)             default 'RUNNING' not null,
  rows_affected  number                       default 0 not null,
  instance_no    number,
  error_text     varchar2(4000 char),
  constraint agentmem_job_log_pk primary key (run_id),
  constraint agentmem_job_log_kind_ck check (job_kind in ('PURGE', 'TEXT_OPTIMIZE', 'TEXT_SYNC')),
  constraint agentmem_job_log_source_ck check (run_source in ('SCHEDULER', 'MANUAL')),
  constraint agentmem_job_log_outcome_ck check (
    outcome in ('RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED', 'SKIPPED', 'ABANDONED'))
);

-- The last run per store and job (describe_store, agentmem jobs list) and
-- the history newest first read this index; the retention delete too.
create index agentmem_job_log_store_ix on agentmem_job_log (store_key, job_kind, started_at);
create index agentmem_job_log_start_ix on agentmem_job_log (started_at);

comment on table agentmem_job_log is
  'agentmem: one row per run of a store job (purge, text index optimize and sync), kept for a bounded time';
comment on column agentmem_job_log.run_id is 'id of the run: RAWTOHEX(SYS_GUID()), unique across RAC instances without a sequence';
comment on column agentmem_job_log.store_key is 'memory_store_id (upper case), or $DEFAULT';
comment on column agentmem_job_log.job_kind is 'PURGE, TEXT_OPTIMIZE or TEXT_SYNC';
comment on column agentmem_job_log.job_name is 'the store''s scheduler job, e.g. MEM01_PURGE_EXPIRED_J';
comment on column agentmem_job_log.run_source is 'SCHEDULER (the job ran on its schedule) or MANUAL (agentmem jobs run, purge_expired)';
comment on column agentmem_job_log.started_at is 'start of the run';
comment on column agentmem_job_log.ended_at is 'end of the run; NULL while RUNNING';
comment on column agentmem_job_log.outcome is 'RUNNING, SUCCEEDED, PARTIAL (time budget reached, the next run continues), FAILED, SKIPPED (another run held the lock), ABANDONED (the session died)';
comment on column agentmem_job_log.rows_affected is 'rows deleted (purge) so far; 0 for index maintenance';
comment on column agentmem_job_log.instance_no is 'RAC instance that ran it (SYS_CONTEXT USERENV INSTANCE)';
comment on column agentmem_job_log.error_text is 'for FAILED: the error and its backtrace';

-- The operator's view of the log: the columns above plus the duration.
create or replace view agentmem_job_runs as
select l.run_id,
       case l.store_key when '$DEFAULT' then null else l.store_key end as memory_store_id,
       l.job_kind,
       l.job_name,
       l.run_source,
       l.started_at,
       l.ended_at,
       l.ended_at - l.started_at as duration,
       l.outcome,
       l.rows_affected,
       l.instance_no,
       l.error_text
  from agentmem_job_log l;

comment on table agentmem_job_runs is
  'agentmem: job runs with their duration; memory_store_id NULL is the default store';
