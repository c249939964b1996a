create or replace package agentmem_llm_tasks
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_thread,
                 package agentmem_jobs,
                 package agentmem_purge,
                 package agentmem_record_edit)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_LLM_TASKS: the LLM work of threads (issue 13; docs/llm.md
  -- "Configuration", "Modes and tasks", "Background queue").
  --
  --   * The thread's LLM configuration: open_thread's keys llm,
  --     memory_extraction_config (or the deprecated inline parameters),
  --     max_message_token_length, message_shortening_input_token_limit and
  --     image_input_limit_config, validated with the seed's defaults and
  --     stored in THREAD.RUNTIME_CONFIG; the frequency counters in
  --     THREAD.RUNTIME_STATE.
  --   * Orchestration: which tasks are due after add_messages, update_message,
  --     add_image / update_image and add_memory; the task inputs (window of
  --     messages, summary, shortened copies); running them now (INLINE with a
  --     database or function provider), queueing them (BACKGROUND) or handing
  --     them to the caller (client provider). Every task is a row of
  --     <prefix>LLM_TASK.
  --   * The LLM_TASKS job body (drain): claims due rows with FOR UPDATE SKIP
  --     LOCKED, runs each in its own autonomous transaction, retries with
  --     backoff, reclaims rows whose lease ran out.
  --   * The client protocol: complete_tasks and wait_for_extraction.
  --
  -- Prompts, providers, parsing and what a task writes are AGENTMEM_LLM,
  -- AGENTMEM_LLM_PROMPT, AGENTMEM_LLM_PARSE and AGENTMEM_LLM_APPLY. A thread
  -- without an LLM (RUNTIME_CONFIG NULL or "llm": null) makes no task, and
  -- every thread call behaves as before this package.
  --
  -- Transactions: nothing here commits the caller's work. The hooks called
  -- by AGENTMEM_THREAD write in the caller's transaction (the facade's
  -- savepoint covers them); only drain (the job) and the read-only counting
  -- of wait_for_extraction use autonomous transactions.
  ------------------------------------------------------------------------------

  -- Task kinds.
  co_extract constant varchar2(16 char) := 'EXTRACT_MEMORIES';
  co_summary constant varchar2(16 char) := 'UPDATE_SUMMARY';
  co_link    constant varchar2(16 char) := 'LINK_MEMORIES';
  co_caption constant varchar2(16 char) := 'CAPTION_IMAGE';
  co_shorten constant varchar2(16 char) := 'SHORTEN_MESSAGE';

  -- Runs of a background task before it is FAILED, the lease of a claimed
  -- task (a RUNNING row whose lease ended belongs to a run that died and is
  -- claimed again), and the characters of model output kept on failure.
  co_max_attempts   constant pls_integer := 5;
  co_lease_seconds  constant pls_integer := 900;
  co_excerpt_chars  constant pls_integer := 1000;

  -- Days a finished task row (DONE, FAILED), or a client task never
  -- completed (AWAITING_CLIENT), is kept after its last change; the PURGE
  -- job deletes older ones (purge_tasks; docs/llm.md "Task lifecycle").
  co_task_retention_days constant pls_integer := 7;

  -- Seconds delete_message and wait_for_extraction wait by default (seed:
  -- "Defaults to 300").
  co_default_wait_seconds constant pls_integer := 300;

  -- The open_thread request keys this package reads (besides the thread's
  -- own keys): the grouped configuration, the deprecated inline parameters
  -- and the limits.
  co_thread_keys constant varchar2(400 char) :=
    'llm,memory_extraction_config,image_input_limit_config,max_message_token_length,'
    || 'message_shortening_input_token_limit,extract_memories,memory_extraction_window,'
    || 'context_summary_update_frequency,memory_extraction_frequency,memory_extraction_token_limit,'
    || 'enable_context_summary,memory_extraction_custom_instructions,memory_extraction_inherit_message_metadata';

  -- The RUNTIME_CONFIG object of a new thread from the open_thread request
  -- p_req (every field with its default), or NULL when the request names no
  -- key of co_thread_keys (the thread then has no configuration: no LLM).
  -- Raises INVALID_ARGUMENT naming the key and the rule.
  function thread_config(p_req in json_object_t) return json_object_t;

  -- Writes p_config and the initial counters to the thread's RUNTIME_CONFIG
  -- and RUNTIME_STATE (a thread just created by open_thread).
  procedure save_config(p_store in agentmem_store_catalog.t_store, p_thread_id in varchar2,
                        p_config in json_object_t);

  -- True when the thread has an LLM configured.
  function has_llm(p_store in agentmem_store_catalog.t_store, p_thread_id in varchar2) return boolean;

  -- After thread_add_messages stored the messages: the tasks that are due
  -- (extraction, summary) are run, queued or handed out. Returns the keys
  -- the response gains: "llm_tasks" (client provider) and "extraction"
  -- ({"mode", "task_ids", "memory_ids", "failed"}); {} when nothing is due.
  function after_messages(p_store in agentmem_store_catalog.t_store, p_thread in agentmem_thread.t_thread)
    return json_object_t;

  -- After thread_update_message changed the content of p_message_id: the
  -- re-extraction of the seed (the edited message and the window before it;
  -- the frequency counters are not touched). Same result shape.
  function after_message_update(p_store in agentmem_store_catalog.t_store, p_thread in agentmem_thread.t_thread,
                                p_message_id in varchar2) return json_object_t;

  -- Before thread_delete_message: waits up to co_default_wait_seconds for
  -- the thread's background tasks accepted (committed) before the call;
  -- raises EXTRACTION_TIMEOUT (nothing deleted) when they are not finished.
  procedure wait_before_delete(p_store in agentmem_store_catalog.t_store, p_thread_id in varchar2);

  -- add_image / update_image with no description on a thread with an LLM:
  -- a CAPTION_IMAGE task for p_image_id. Same result shape ("extraction" is
  -- not set; "caption_task_id" is).
  function caption_image(p_store in agentmem_store_catalog.t_store, p_thread in agentmem_thread.t_thread,
                         p_image_id in varchar2) return json_object_t;

  -- add_memory with autonomous linking on a thread with an LLM: a
  -- LINK_MEMORIES task for p_memory_id, run now for a database or function
  -- provider whatever the extraction mode (seed: if linking fails the memory
  -- is not stored, so a failure is raised), handed out for a client one.
  function link_memory(p_store in agentmem_store_catalog.t_store, p_thread in agentmem_thread.t_thread,
                       p_memory_id in varchar2) return json_object_t;

  -- dbms_agent_memory_store.thread_complete_llm_tasks.
  function complete_tasks(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_wait_for_memory_extraction.
  function wait_for_extraction(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- Before messages are deleted (delete_message, delete_record, delete by
  -- user or agent, the purge of expired messages): every task whose input
  -- names one of p_message_ids (its window, its message_id) loses the text
  -- it holds (input and result reduced to ids and counts, output excerpt
  -- dropped); a task that is not DONE becomes FAILED and can no longer be
  -- run or completed. Writes in the caller's transaction. Like has_due,
  -- purge_tasks and expired_tasks, nothing for a store below schema
  -- version 3 (no task table yet); so forget_images.
  procedure forget_messages(p_store in agentmem_store_catalog.t_store, p_message_ids in agentmem_util.t_text_list);

  -- True when the store has a background task the LLM_TASKS job would run
  -- now (PENDING due, or RUNNING with its lease ended). The scheduled run
  -- writes no job-log row when this is false.
  function has_due(p_store in agentmem_store_catalog.t_store) return boolean;

  -- The PURGE job's retention of the task queue: deletes at most p_batch
  -- task rows DONE, FAILED or AWAITING_CLIENT whose last change is older
  -- than co_task_retention_days; returns the rows deleted. Does not commit
  -- (the purge commits each batch).
  function purge_tasks(p_store in agentmem_store_catalog.t_store, p_batch in pls_integer) return number;

  -- How many task rows purge_tasks would delete now.
  function expired_tasks(p_store in agentmem_store_catalog.t_store) return number;

  -- Before standalone images are deleted (delete_image, delete_record, the
  -- purge of expired images): their CAPTION_IMAGE tasks that are not DONE
  -- lose the image bytes and context the same way and become FAILED. (An
  -- image that is part of a message goes with its message:
  -- forget_messages.)
  procedure forget_images(p_store in agentmem_store_catalog.t_store, p_image_ids in agentmem_util.t_text_list);

  -- Before memory-like records are deleted (delete_record, thread_delete_memory,
  -- a profile's cascade, the purge of expired memories): the LINK_MEMORIES
  -- tasks that hold the text of one of p_memory_ids (the memory linked, or
  -- a candidate) lose it the same way; one that is not DONE becomes FAILED.
  -- (EXTRACT_MEMORIES inputs hold no memory text.)
  procedure forget_memories(p_store in agentmem_store_catalog.t_store, p_memory_ids in agentmem_util.t_text_list);

  -- The LLM_TASKS job body: runs due background tasks (PENDING whose
  -- NEXT_ATTEMPT_AT passed, RUNNING whose lease ended) oldest first until
  -- none is left (p_done true) or p_deadline passed (p_done false). Each
  -- task is claimed, run and recorded in its own autonomous transactions,
  -- so a failing task never undoes another. p_rows: tasks finished (DONE
  -- or FAILED). A task failing with an error other than LLM_FAILED or
  -- LLM_OUTPUT_INVALID is recorded (retry or FAILED) and the error is
  -- raised: the run is logged FAILED and the next run continues.
  -- agentmem:commits (one autonomous transaction per claim and per task)
  procedure drain(p_store in agentmem_store_catalog.t_store, p_deadline in timestamp with time zone,
                  p_run_id in varchar2, p_rows out number, p_done out boolean);

end agentmem_llm_tasks;
/
