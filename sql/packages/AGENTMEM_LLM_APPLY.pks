create or replace package agentmem_llm_apply
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_thread,
                 package agentmem_llm_tasks,
                 package agentmem_thread_card,
                 package test_agentmem_llm)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_LLM_APPLY: what a parsed LLM answer writes (docs/llm.md, "What
  -- is written").
  --
  --   * EXTRACT_MEMORIES: memory-like records through the record-write path
  --     (AGENTMEM_RECORD_WRITE.add_records: its validation, retrieval rows,
  --     embedding), scoped to the task's thread, user and agent, with the
  --     inherited message metadata and the "$agent_memory" provenance
  --     object; the answer's topics into THREAD.RUNTIME_STATE ("topics"),
  --     which the context card renders.
  --   * UPDATE_SUMMARY: a thread_summary record (the durable summary that
  --     get_summary and the context card read: the latest VALID one).
  --   * LINK_MEMORIES: relations through AGENTMEM_RELATION.add_relations
  --     (its rules and lifecycle: supersedes, refines and duplicates make the
  --     target INVALID).
  --   * CAPTION_IMAGE: the image's description (its searchable text) through
  --     AGENTMEM_RECORD_EDIT.update_record.
  --   * SHORTEN_MESSAGE: nothing; the shortened text is returned.
  -- Idempotent per task id: every id written is derived from it (memories
  -- <task_id>-m<n>, relations <task_id>-r<n>, summary <task_id>-s) and a
  -- task whose ids are stored already writes nothing again. The caller
  -- (the facade) holds the savepoint; every check on the answer (link
  -- targets among the candidates) runs before the first write.
  ------------------------------------------------------------------------------

  -- Candidates offered to the model for one memory (autonomous linking).
  co_link_candidates constant pls_integer := 5;

  -- The most topics kept on a thread (the latest extraction's first).
  co_max_thread_topics constant pls_integer := 10;

  -- Applies the parsed answer p_parsed (AGENTMEM_LLM_PARSE.parse) of the
  -- task p_task: {"task_id", "kind", "prompt_version"?, "input": {...}}, or
  -- the input object itself with "task_id" (and "prompt_version") added.
  -- Returns {"memory_ids": [...], "relation_ids": [...], "summary_updated":
  -- bool, "caption_set": bool, "content": text (SHORTEN_MESSAGE only),
  -- "follow_up": [LINK_MEMORIES inputs, one per new memory when the input
  -- says autonomous_linking true]}.
  -- Raises INVALID_ARGUMENT (malformed task), LLM_OUTPUT_INVALID (a link
  -- target not among the candidates), and what the write paths raise.
  function apply(p_store_id in varchar2, p_schema_owner in varchar2, p_task in json_object_t,
                 p_parsed in json_object_t) return json_object_t;

  -- The LINK_MEMORIES input for the stored memory-like record p_memory_id:
  -- {"kind", "thread_id", "user_id", "agent_id", "model", "memory": {"id",
  -- "memory_type", "content"}, "candidates": [{"id", "memory_type",
  -- "content"}]}: at most co_link_candidates nearest VALID memory-like
  -- records of the memory's user and agent (AGENTMEM_SEARCH.search, the
  -- memory's text as the query), the memory itself left out. "model" is
  -- the model of the thread's stored "llm" configuration (null without
  -- one). Raises NOT_FOUND when the memory is not stored (or expired).
  function link_task(p_store_id in varchar2, p_schema_owner in varchar2, p_thread_id in varchar2,
                     p_memory_id in varchar2) return json_object_t;

  -- The thread's topics (THREAD.RUNTIME_STATE "topics"), latest first;
  -- [] when there are none. Only reads.
  function thread_topics(p_store in agentmem_store_catalog.t_store, p_thread_id in varchar2) return json_array_t;

end agentmem_llm_apply;
/
