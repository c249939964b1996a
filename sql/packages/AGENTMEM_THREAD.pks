create or replace package agentmem_thread
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_thread_card,
                 package agentmem_llm_prompt,
                 package agentmem_llm_apply,
                 package test_agentmem_llm,
                 package agentmem_llm_tasks)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_THREAD: the thread handle (docs/protocol-threads.md, rules
  -- T1-T41) and the product's one token estimator.
  --
  --   * A thread call names its thread with the request key "thread" (the
  --     handle); the THREAD row holds the scope (user_id, agent_id) that the
  --     writes inherit. An unknown thread is NOT_FOUND for every call but
  --     open_thread, which creates it.
  --   * Ownership: get, update and delete act only on records whose stored
  --     THREAD_ID is the handle's thread and that are not expired; any other
  --     id is "not found" (null, 0), never touched.
  --   * Writes and edits go through the record internals (add_records,
  --     update_record, delete_one) and explicit links through add_relations,
  --     so their validation, retrieval rows and lifecycle rules apply
  --     unchanged. The facade holds the savepoint.
  --
  -- The LLM work (issue 13, docs/protocol-threads.md section 9, T53-T57)
  -- is AGENTMEM_LLM_TASKS': open_thread stores the thread's LLM
  -- configuration; add_messages, update_message (content), add_image /
  -- update_image without a description and add_memory's autonomous linking
  -- call its hooks after their own writes, and delete_message waits for the
  -- thread's background tasks first. A thread without an LLM behaves as
  -- before (autonomous_linking true and description null on update_image
  -- are refused). get_summary reads the durable summary, which the
  -- UPDATE_SUMMARY task writes.
  ------------------------------------------------------------------------------

  -- Characters per token of the estimator (seed: "int(token_budget * 3.5)").
  co_chars_per_token constant number := 3.5;

  -- Messages in the window get_messages returns when end is omitted (T17).
  co_default_window constant pls_integer := 50;

  -- The estimated token count of p_text: ceil(characters / 3.5); 0 for NULL
  -- or empty text. Characters, not bytes (a CLOB's length is in characters).
  function estimate_tokens(p_text in clob) return pls_integer;

  -- The characters a budget of p_tokens allows: floor(p_tokens * 3.5);
  -- NULL (no limit) when p_tokens is NULL or not positive.
  function budget_chars(p_tokens in number) return pls_integer;

  -- dbms_agent_memory_store.open_thread: {"thread": {...}, "created": bool}.
  function open_thread(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_add_messages: {"ids": [...], "warnings": [...]}.
  function add_messages(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_add_memory:
  -- {"id": ..., "relation_id": ... | null, "warnings": [...]}.
  function add_memory(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_get_message: {"message": {...} | null}.
  function get_message(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_get_messages: {"messages": [...]}.
  function get_messages(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_update_message / thread_update_memory:
  -- {"updated": 0|1, "warnings": [...]}. p_kind 'message' or 'memory'.
  function update_owned(p_kind in varchar2, p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2)
    return clob;

  -- dbms_agent_memory_store.thread_delete_message / thread_delete_memory /
  -- thread_delete_image: {"deleted": 0|1}. p_kind 'message', 'memory' or
  -- 'image'.
  function delete_owned(p_kind in varchar2, p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2)
    return clob;

  -- dbms_agent_memory_store.thread_add_image: {"id": ..., "warnings": [...]}.
  function add_image(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_update_image: {"updated": 0|1, "warnings": [...]}.
  function update_image(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_list_images: {"images": [...]}.
  function list_images(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_link_records: {"relation_id": ...}.
  function link_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_update_record_link: {"updated": 0|1}.
  function update_record_link(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.thread_delete_record_link: {"deleted": 0|1}.
  function delete_record_link(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- Transcript fallback cap of get_summary (seed: "limited to 4,000
  -- characters") and the token budget applied when the request omits one.
  co_transcript_chars   constant pls_integer := 4000;
  co_default_summary_tokens constant pls_integer := 1000;

  ------------------------------------------------------------------------------
  -- For AGENTMEM_THREAD_CARD (thread search and the context card, T42-T52)
  ------------------------------------------------------------------------------

  -- The thread a call acts on: its id and stored scope.
  type t_thread is record (
    thread_id varchar2(128 char),
    user_id   varchar2(128 char),
    agent_id  varchar2(128 char)
  );

  -- The id under the request key "thread" (T2): required, an id.
  function thread_key(p_req in json_object_t, p_op in varchar2) return varchar2;

  -- The usable store and the existing thread p_id (T3: else NOT_FOUND).
  function load_thread(p_store_id in varchar2, p_schema_owner in varchar2, p_id in varchar2,
                       p_store out agentmem_store_catalog.t_store) return t_thread;

  -- Puts an id into p_obj: JSON null for NULL.
  procedure put_id(p_obj in out nocopy json_object_t, p_key in varchar2, p_value in varchar2);

  -- Copies key p_from of p_req (when present, JSON null included) to key
  -- p_to of p_sub.
  procedure copy_key(p_req in json_object_t, p_from in varchar2, p_sub in out nocopy json_object_t,
                     p_to in varchar2 default null);

  -- The text of the thread's latest VALID thread_summary record; NULL when
  -- there is none (T30). The LLM tasks read it as the running summary.
  function durable_summary(p_store in agentmem_store_catalog.t_store, p_thread in t_thread) return clob;

  -- The card's summary (T49): the durable summary when p_except_last is 0
  -- and one exists (p_source 'thread_summary'), else the transcript (T31)
  -- of at most p_rows messages before the last p_except_last, capped at
  -- co_transcript_chars (p_source 'transcript'); NULL when there is none.
  function card_summary(p_store in agentmem_store_catalog.t_store, p_thread in t_thread, p_except_last in number,
                        p_rows in pls_integer, p_source out varchar2) return clob;

  -- dbms_agent_memory_store.thread_get_summary:
  -- {"content": ..., "source": "thread_summary" | "transcript"}.
  function get_summary(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

end agentmem_thread;
/
