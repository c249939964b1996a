create or replace package agentmem_job_info
  authid definer
  accessible by (package dbms_agent_memory_store,
                 package agentmem_store_admin,
                 package agentmem_jobs)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_JOB_INFO: what the store jobs are and did, for describe_store,
  -- list_jobs and job_history.
  --
  -- Definer's rights, on purpose: ALL_SCHEDULER_JOBS shows a user only the
  -- jobs it owns or may alter, so a runtime user granted a store saw its
  -- jobs as absent (issue 9, item 6). USER_SCHEDULER_JOBS "displays
  -- information about the Scheduler jobs owned by the current user"
  -- (Database Reference), and inside a definer's rights unit the current
  -- user is the unit's owner, the schema that owns the stores and their
  -- jobs. So the runtime user reads the owner's jobs and job log through
  -- this package only. Reading the registry is no access to a store (a
  -- grantee of any store of the owner reads it): every caller first runs
  -- AGENTMEM_STORE.require_access, with the invoker's rights, which passes
  -- the owner and users that can see the store's THREAD table (granted by
  -- grant_access). The package is reachable only from its ACCESSIBLE BY
  -- list, whose members locate the store and check that access first.
  ------------------------------------------------------------------------------

  -- {"job", "name", "present", "enabled", "state", "schedule", "next_run",
  --  "last_start", "failure_count", "last_run", "last_error"} per job the
  -- store has (AGENTMEM_JOBS.store_kinds). For a store of another schema
  -- than this package's owner the dictionary part is null (not readable).
  function jobs_json(p_store in agentmem_store_catalog.t_store) return json_array_t;

  -- The store's runs, newest first, at most p_limit, of p_kind (null: all).
  function history_json(p_store in agentmem_store_catalog.t_store, p_kind in varchar2, p_limit in pls_integer)
    return json_array_t;

  -- One run of the log as JSON (the shape of docs/operations.md).
  function run_json(p_run_id in varchar2) return json_object_t;

end agentmem_job_info;
/
