create or replace package agentmem_jobs
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_store,
                 package agentmem_store_ddl,
                 package agentmem_purge,
                 package agentmem_job_info,
                 package agentmem_llm_tasks)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_JOBS: the database's own jobs (docs/operations.md).
  --
  --   * Shared DBMS_SCHEDULER programs, one per job kind, in the owner schema
  --     (AGENTMEM_PURGE_P, AGENTMEM_TEXT_OPTIMIZE_P, AGENTMEM_TEXT_SYNC_P,
  --     AGENTMEM_LLM_TASKS_P):
  --     STORED_PROCEDURE programs calling dbms_agent_memory_store.run_job
  --     with two arguments, the store key (set per job) and the job kind (the
  --     program's default).
  --   * Per-store jobs created from them with the store and dropped with it:
  --     PURGE and LLM_TASKS always, TEXT_OPTIMIZE for KEYWORD stores,
  --     TEXT_SYNC for KEYWORD and HYBRID stores with MANUAL index sync
  --     (created disabled: optional).
  --   * One run path for the scheduler and for operators (run): a
  --     cluster-wide user lock per (owner, store, job) so runs of one job
  --     never overlap on any RAC instance, and one row per run in
  --     AGENTMEM_JOB_LOG written in autonomous transactions.
  --
  -- A missing CREATE JOB privilege is a warning with the grant to run, never
  -- an error. DBMS_SCHEDULER calls commit: the callers here run in the
  -- autonomous DDL transactions of AGENTMEM_STORE_DDL, or are autonomous
  -- (ensure_programs, set_enabled, run).
  ------------------------------------------------------------------------------

  co_purge    constant varchar2(16 char) := 'PURGE';
  co_optimize constant varchar2(16 char) := 'TEXT_OPTIMIZE';
  co_sync     constant varchar2(16 char) := 'TEXT_SYNC';
  -- The store's LLM task queue (AGENTMEM_LLM_TASKS.drain), every minute.
  co_llm      constant varchar2(16 char) := 'LLM_TASKS';

  -- Run sources, as AGENTMEM_JOB_LOG.RUN_SOURCE records them.
  co_scheduler constant varchar2(9 char) := 'SCHEDULER';
  co_manual    constant varchar2(9 char) := 'MANUAL';

  -- Defaults of a run: purge batch size and time budget (seconds).
  co_default_batch  constant pls_integer := 1000;
  co_default_budget constant pls_integer := 300;
  -- Default budget of an LLM_TASKS run: under its one-minute schedule, so a
  -- run ends before the next one starts (which would be SKIPPED).
  co_llm_budget     constant pls_integer := 50;

  -- Job-run log rows older than this many days are deleted by the purge.
  co_log_retention_days constant pls_integer := 30;

  -- The scheduler job of a store for p_kind (PURGE keeps the name of the
  -- purge job of schema version 1 stores: <prefix>PURGE_EXPIRED_J).
  function job_name(p_prefix in varchar2, p_kind in varchar2) return varchar2;

  -- The job kinds a store has: PURGE, LLM_TASKS, and the text jobs its
  -- strategy needs.
  function store_kinds(p_store in agentmem_store_catalog.t_store) return agentmem_util.t_text_list;

  -- Creates the shared programs that are absent, and drops and creates
  -- again one left disabled (a run that died between CREATE_PROGRAM and
  -- ENABLE, each of which commits). Without CREATE JOB it appends a warning
  -- with the grant and creates nothing. Autonomous transaction: the
  -- DBMS_SCHEDULER commits never commit the caller's pending work.
  -- agentmem:commits
  procedure ensure_programs(p_actions in out nocopy agentmem_util.t_text_list,
                            p_warnings in out nocopy agentmem_util.t_text_list);

  -- Creates the store's absent jobs from the programs (and the programs),
  -- and replaces a purge job of the old inline form. Run as the owner.
  -- agentmem:commits
  procedure ensure_store_jobs(p_store in agentmem_store_catalog.t_store,
                              p_actions in out nocopy agentmem_util.t_text_list,
                              p_warnings in out nocopy agentmem_util.t_text_list);

  -- Drops the store's jobs (stopping a running one) and its log rows.
  -- agentmem:commits
  procedure drop_store_jobs(p_store in agentmem_store_catalog.t_store,
                            p_actions in out nocopy agentmem_util.t_text_list);

  -- The jobs of the store that should exist and do not (names), for open
  -- and doctor; empty when CREATE JOB is missing (that is a warning).
  function missing_jobs(p_store in agentmem_store_catalog.t_store) return agentmem_util.t_text_list;

  -- missing_jobs is empty.
  function has_all_jobs(p_store in agentmem_store_catalog.t_store) return boolean;

  -- Runs job p_kind of a store now in this session, the scheduled path and
  -- the operator's alike: takes the job's lock (another run holding it
  -- makes this run SKIPPED), logs the run, runs the body, and returns the
  -- run as JSON {run_id, job, job_name, source, started_at, ended_at,
  -- outcome, rows_affected, error}. p_budget_seconds bounds the purge
  -- (null: co_default_budget) and an LLM_TASKS run (null: co_llm_budget);
  -- p_batch_size the purge's batches. A failing body
  -- is logged FAILED and re-raised. A scheduled LLM_TASKS run with no task
  -- due (AGENTMEM_LLM_TASKS.has_due) logs nothing and returns NULL. Runs in
  -- an autonomous transaction and
  -- commits it after every batch (job entry point): the caller's pending
  -- work is neither committed nor rolled back, nor seen by the run.
  -- agentmem:commits
  function run(p_store in agentmem_store_catalog.t_store, p_kind in varchar2, p_source in varchar2,
               p_batch_size in pls_integer, p_budget_seconds in pls_integer) return json_object_t;

  -- Records progress of a running run (rows affected so far), autonomous.
  -- agentmem:commits
  procedure log_progress(p_run_id in varchar2, p_rows in number);

  -- Enables or disables the store's job p_kind (autonomous; DBMS_SCHEDULER commits).
  -- agentmem:commits
  procedure set_enabled(p_store in agentmem_store_catalog.t_store, p_kind in varchar2, p_enabled in boolean);

  -- Validates a job kind argument (upper-cased) or raises INVALID_ARGUMENT.
  function checked_kind(p_kind in varchar2, p_what in varchar2 default 'p_job') return varchar2;

  -- The facade's job calls (DBMS_AGENT_MEMORY_STORE documents each).
  -- agentmem:commits
  procedure run_scheduled(p_store_key in varchar2, p_job in varchar2);
  -- agentmem:commits
  function run_now(p_store_id in varchar2, p_job in varchar2, p_request in clob) return clob;
  -- agentmem:commits
  procedure purge_expired(p_store_id in varchar2, p_batch_size in pls_integer);
  function list_jobs(p_store_id in varchar2, p_schema_owner in varchar2) return clob;
  function job_history(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;
  -- agentmem:commits
  procedure set_job_enabled(p_store_id in varchar2, p_job in varchar2, p_enabled in boolean);
  function preview_purge(p_store_id in varchar2) return clob;
  -- agentmem:commits
  function install_jobs return clob;

end agentmem_jobs;
/
