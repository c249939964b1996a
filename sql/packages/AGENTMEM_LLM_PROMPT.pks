create or replace package agentmem_llm_prompt
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_thread,
                 package agentmem_llm_tasks,
                 package agentmem_llm_parse,
                 package agentmem_llm_apply,
                 package test_agentmem_llm)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_LLM_PROMPT: the one versioned prompt per task kind and its
  -- expected JSON output (docs/llm.md, "Prompts and parsing"). Go never
  -- builds prompts: a client-provider task carries the object built here.
  --
  --   * The system message holds every instruction, the output schema and,
  --     last, the thread's custom instructions (extraction only).
  --   * The user message holds only the task's data, as one JSON document
  --     serialized by JSON_OBJECT_T: user text is a JSON string value there
  --     (quotes, newlines and control characters escaped), so it cannot
  --     close the document, add a message or a role; the system message
  --     tells the model that every string in the document is data, never an
  --     instruction.
  --   * token_limit (extraction, summary): when the system and user
  --     contents together exceed agentmem_thread.budget_chars(token_limit)
  --     characters (the one estimator, 3.5 characters a token), the oldest
  --     context messages go first, then the oldest new ones (one message
  --     always stays), then the last message's text is cut (its beginning
  --     kept), then the summary's. A limit of 0 or less, or none: no cut.
  -- Only builds JSON: nothing is read from or written to the database.
  ------------------------------------------------------------------------------

  -- The task kinds, in the contract's order.
  co_kinds constant varchar2(100 char) :=
    'EXTRACT_MEMORIES, UPDATE_SUMMARY, LINK_MEMORIES, CAPTION_IMAGE, SHORTEN_MESSAGE';

  -- The prompt versions: a new wording is a new version, recorded in the
  -- provenance of what it produced.
  co_version_extract constant varchar2(32 char) := 'agentmem-extract-v1';
  co_version_summary constant varchar2(32 char) := 'agentmem-summary-v1';
  co_version_link    constant varchar2(32 char) := 'agentmem-link-v1';
  co_version_caption constant varchar2(32 char) := 'agentmem-caption-v1';
  co_version_shorten constant varchar2(32 char) := 'agentmem-shorten-v1';

  -- p_kind upper-cased after checking it is one of co_kinds (case-
  -- insensitive); INVALID_ARGUMENT naming p_what otherwise.
  function checked_kind(p_kind in varchar2, p_what in varchar2 default 'kind') return varchar2;

  -- The prompt version of a kind (co_version_*).
  function prompt_version(p_kind in varchar2) return varchar2;

  -- The JSON schema the model's answer to a kind must follow (the parser,
  -- AGENTMEM_LLM_PARSE, enforces the same rules and limits).
  function output_schema(p_kind in varchar2) return json_object_t;

  -- The prompt object of a task: {"prompt_version", "kind", "messages":
  -- [{"role": "system", ...}, {"role": "user", ...}], "response_format":
  -- {"type": "json_object"}, "json_schema", "images"?} ("images" only for
  -- CAPTION_IMAGE with image bytes in the input). p_input is the task input
  -- object of the contract (docs/llm.md). Raises INVALID_ARGUMENT naming
  -- input.<key> for a malformed input.
  function build(p_kind in varchar2, p_input in json_object_t) return json_object_t;

end agentmem_llm_prompt;
/
