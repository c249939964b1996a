create or replace package agentmem_thread_card
  authid current_user
  accessible by (package dbms_agent_memory_store)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_THREAD_CARD: thread search and the context card
  -- (docs/protocol-threads.md section 7d, rules T42-T52).
  --
  --   * Both calls only read: no savepoint, no DML. The searches go through
  --     AGENTMEM_SEARCH.search (its validation, ranking and record objects);
  --     this package sets the thread's default scope, merges and cuts.
  --   * Token budgets are counted over the XML-like elements of the results
  --     with the one estimator (AGENTMEM_THREAD.estimate_tokens, T28).
  --   * The card's summary is AGENTMEM_THREAD.card_summary: the durable
  --     summary, else the transcript fallback (T31); topics are the ones
  --     extraction stored on the thread (AGENTMEM_LLM_APPLY.thread_topics).
  ------------------------------------------------------------------------------

  -- dbms_agent_memory_store.thread_search: the search response of
  -- docs/protocol-search.md section 3, results cut by the token budgets.
  function search(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_get_context_card: {"summary",
  -- "summary_source", "topics", "relevant_results", "recent_messages",
  -- "content", "warnings"}.
  function context_card(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

end agentmem_thread_card;
/
