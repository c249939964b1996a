create or replace package test_agentmem_llm_tasks
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for the LLM tasks of threads (issue 13; docs/llm.md
  -- "Configuration", "Modes and tasks", "Background queue";
  -- docs/protocol-threads.md T53-T57), through the facade, with a
  -- deterministic `function` provider: tasks_fake_llm below.
  --
  -- Store UTS_LLM01 (KEYWORD), created in beforeall with its LLM_TASKS job
  -- disabled, so only run_job_now drains the queue while the suite runs.
  -- BACKGROUND cases commit (the job runs in an autonomous transaction and
  -- sees committed rows only); every case uses its own thread.
  --
  -- Store DDL and the background cases commit: --%rollback(manual); the
  -- store is dropped in afterall.
  ------------------------------------------------------------------------------

  --%suite(DBMS_AGENT_MEMORY_STORE LLM tasks)
  --%suitepath(agentmem.llm)
  --%rollback(manual)

  -- The suite's provider (function provider signature of docs/llm.md):
  -- answers each task kind with fixed JSON; g_fake_mode 'FAIL' raises (the
  -- provider fails), 'MALFORMED' answers text that is not JSON. Counts its
  -- calls in g_fake_calls. Public: the provider is called by name.
  function tasks_fake_llm(p_request in clob) return clob;

  g_fake_mode  varchar2(10 char) := 'OK';
  g_fake_calls pls_integer := 0;

  --%beforeall
  procedure setup_suite;

  --%afterall
  procedure cleanup_suite;

  --%beforeeach
  procedure reset_fake;

  --%aftereach
  procedure rollback_test;

  --%context(configuration)

  --%test(T53: a thread's LLM configuration is stored with the seed's defaults)
  procedure config_defaults_stored;

  --%test(T53: memory_extraction_config and the deprecated inline parameters are exclusive)
  procedure grouped_and_inline_refused;

  --%test(T53: extract_memories true without an llm is refused)
  procedure extraction_needs_llm;

  --%test(T53: image validation cannot be disabled; unknown grouped keys are refused)
  procedure limits_validated;

  --%test(T54: reopening keeps the stored configuration)
  procedure reopen_keeps_config;

  --%test(T53: the deprecated inline parameters configure the thread)
  procedure inline_parameters_accepted;

  --%endcontext

  --%context(inline)

  --%test(T55: INLINE extraction and summary run in the call; memories carry the thread)
  procedure inline_extraction;

  --%test(T55: an LLM failure in INLINE mode keeps the messages and reports the failed task)
  procedure inline_failure_keeps_messages;

  --%test(T55: memory_extraction_frequency counts messages; -1 is once per call)
  procedure frequency_counts_messages;

  --%test(T56: update_message content re-extracts the edited message)
  procedure update_message_reextracts;

  --%test(T35: add_image without a description is captioned)
  procedure image_captioned;

  --%test(T15: add_memory links with the thread's LLM by default; a failed link stores no memory)
  procedure autonomous_linking;

  --%test(max_message_token_length: oversized prompt copies are shortened once per message; stored content unchanged)
  procedure shortening_prompt_copies;

  --%test(no LLM: the thread calls write no task)
  procedure no_llm_no_task;

  --%endcontext

  --%context(background)

  --%test(BACKGROUND: add_messages queues PENDING tasks; the job runs them)
  procedure background_queue_and_job;

  --%test(BACKGROUND: a failing task is retried with backoff, then FAILED with its error and output excerpt)
  procedure retry_then_failed;

  --%test(BACKGROUND: a task whose lease ran out is claimed again; re-running writes no duplicate)
  procedure lease_reclaimed_idempotent;

  --%test(wait_for_memory_extraction: counts committed tasks; done after the job ran)
  procedure wait_for_extraction;

  --%test(T57: delete_message on an LLM thread deletes once its background tasks are finished)
  procedure delete_after_tasks_finished;

  --%endcontext

  --%context(client)

  --%test(client provider: tasks are handed out with their prompt and completed by the caller)
  procedure client_tasks_completed;

  --%test(client provider: malformed output fails the task without raising; unknown task ids are NOT_FOUND)
  procedure client_task_failures;

  --%endcontext

  --%context(lifecycle)

  --%test(a DONE task keeps ids and counts, no message text; the model is AGENTMEM_LLM.model_name's)
  procedure done_task_keeps_no_text;

  --%test(deleting a message removes its shortened copy from the SHORTEN_MESSAGE task)
  procedure delete_removes_shortened_copy;

  --%test(deleting a message fails the client task holding its text; the task can no longer be completed)
  procedure delete_fails_client_task;

  --%test(deleting a standalone image fails its caption task and removes the image bytes from it)
  procedure delete_image_fails_caption_task;

  --%test(deleting a memory fails the client LINK_MEMORIES task holding its text and removes the text from it)
  procedure delete_memory_fails_link_task;

  --%test(the purge of expired messages removes their text from the tasks holding it)
  procedure purge_removes_task_text;

  --%test(the purge deletes DONE, FAILED and AWAITING_CLIENT task rows past the retention, not PENDING ones)
  procedure purge_deletes_old_tasks;

  --%test(a database provider's task, FAILED or DONE, cannot be completed by the client)
  procedure database_task_not_completable;

  --%test(a scheduled LLM_TASKS run with nothing due writes no job-log row; one with work does)
  procedure idle_run_not_logged;

  --%endcontext

  --%context(schema)

  --%test(upgrade from schema version 2 creates the LLM_TASK table; before it the purge runs without one)
  procedure upgrade_adds_task_table;

  --%endcontext

end test_agentmem_llm_tasks;
/
