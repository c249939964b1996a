create or replace package test_agentmem_jobs
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for the store jobs (sql/scheduler/, docs/operations.md):
  -- the purge body (expired rows go with their chunks and relations, live
  -- rows stay, lifecycle targets are restored, a failing batch rolls back
  -- only itself), the text index jobs, the job-run log, describe_store's job
  -- section, and drop_store removing the jobs.
  --
  -- Job runs commit, so the suite runs with --%rollback(manual) on its own
  -- stores UTS_JOB1 (KEYWORD, MANUAL sync: all three jobs; needs Oracle Text)
  -- and UTS_JOB2 (VECTOR), dropped in afterall and, left by an interrupted
  -- run, in beforeall. Runs need EXECUTE ON SYS.DBMS_LOCK; the failing-batch
  -- test needs CREATE TRIGGER (both listed in sql/install.sql). The lock
  -- tests call DBMS_LOCK dynamically, so the suite compiles without it. That
  -- a runtime user granted one store cannot read another store's jobs needs
  -- a second session: tests/go/jobs_test.go (AGENTMEM_RUNTIME_DSN).
  ------------------------------------------------------------------------------

  --%suite(DBMS_AGENT_MEMORY_STORE jobs: purge, text index, job-run log)
  --%suitepath(agentmem.jobs)
  --%rollback(manual)

  --%beforeall
  procedure setup_suite;

  --%afterall
  procedure cleanup_suite;

  --%test(purge deletes expired memories with their chunks and keeps live ones)
  procedure purge_expired_keeps_live;

  --%test(purge deletes the relations of purged records and makes their lifecycle targets VALID again)
  procedure purge_restores_lifecycle;

  --%test(a failing batch rolls back only itself: earlier batches stay committed, the run is logged FAILED)
  procedure failing_batch_rolls_back_only_itself;

  --%test(every run leaves one row in the job-run log, readable through job_history)
  procedure runs_are_logged;

  --%test(run_job_now refuses an unknown job)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure unknown_job_rejected;

  --%test(run_job_now refuses a job the store does not have: no text jobs on a VECTOR store)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure text_job_on_vector_store_rejected;

  --%test(run_job_now refuses a time budget outside 1..86400 seconds)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure bad_budget_rejected;

  --%test(TEXT_SYNC and TEXT_OPTIMIZE run on a KEYWORD store and succeed)
  procedure text_jobs_run;

  --%test(describe_store lists the jobs of the store: PURGE first, state and last run from the scheduler and the log)
  procedure describe_shows_jobs;

  --%test(with CREATE JOB the store's jobs exist from the shared programs; TEXT_SYNC is created disabled)
  procedure jobs_created_from_programs;

  --%test(set_job_enabled enables and disables a job)
  procedure enable_and_disable;

  --%test(install_jobs enables a complete disabled program and rebuilds an incomplete one, autonomously: the caller's pending work stays pending)
  procedure install_jobs_recreates_disabled_program;

  --%test(the owner reads its store's jobs with schema_owner given: describe_store, list_jobs, job_history)
  procedure owner_reads_job_info;

  --%test(a run finding its job lock already held by this session is SKIPPED and leaves the lock to its holder)
  procedure reentered_job_lock_skipped;

  --%test(a creating open finding the store DDL lock already held by this session proceeds and leaves the lock held)
  procedure reentered_ddl_lock_kept;

  --%test(drop_store drops the store's jobs and its job-log rows)
  procedure drop_store_drops_jobs;

end test_agentmem_jobs;
/
