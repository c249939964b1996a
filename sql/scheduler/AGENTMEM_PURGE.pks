create or replace package agentmem_purge
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_jobs)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_PURGE: the body of the purge job (docs/operations.md).
  --
  -- Deletes expired records (MEMORY, DOCUMENT, MESSAGE rows whose
  -- EXPIRES_AT passed) with their retrieval rows (RECORD_CHUNKS) and
  -- relations, restoring the lifecycle status of relation targets, in
  -- batches: each batch is a few set-based statements and one COMMIT, so a
  -- transaction is short and holds row locks only on the rows it deletes (no
  -- table lock). The run stops at its deadline; the next run continues where
  -- it stopped, since what is left is still selected by EXPIRES_AT: a run
  -- that dies loses only its uncommitted batch. A batch of messages also
  -- removes their text from the LLM tasks that hold it. Then it deletes the
  -- LLM task rows past AGENTMEM_LLM_TASKS.co_task_retention_days (DONE,
  -- FAILED, AWAITING_CLIENT) and the store's job-log rows older than
  -- AGENTMEM_JOBS.co_log_retention_days.
  ------------------------------------------------------------------------------

  -- Runs the purge until nothing is expired (p_done true) or p_deadline
  -- passed (p_done false). p_rows: records, chunk rows and LLM task rows deleted. Records
  -- progress in the run's log row after each batch.
  -- agentmem:commits (one commit per batch)
  procedure purge_run(p_store in agentmem_store_catalog.t_store, p_batch_size in pls_integer,
                      p_deadline in timestamp with time zone, p_run_id in varchar2,
                      p_rows out number, p_done out boolean);

  -- What a purge would delete now, without deleting it:
  -- {"expired": {"MEMORY": n, "DOCUMENT": n, "MESSAGE": n, "RECORD_CHUNKS": n,
  --  "RELATION": n, "LLM_TASK": n}, "job_log_rows": n}. Writes nothing.
  function preview(p_store in agentmem_store_catalog.t_store) return json_object_t;

end agentmem_purge;
/
