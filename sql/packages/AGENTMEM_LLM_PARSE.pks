create or replace package agentmem_llm_parse
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_thread,
                 package agentmem_llm_tasks,
                 package agentmem_llm_prompt,
                 package agentmem_llm_apply,
                 package test_agentmem_llm)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_LLM_PARSE: the strict parser of the model's answers, one for
  -- every provider (docs/llm.md, "Prompts and parsing").
  --
  --   * The answer must be one JSON object; white space around it is
  --     allowed, and so is one Markdown code fence around it (a first line
  --     ``` or ```json, a last line ```), which chat models add in spite of
  --     JSON mode. Any other text before or after is refused.
  --   * Keys, types, enums, lengths, counts: exactly the schema of
  --     AGENTMEM_LLM_PROMPT.output_schema; unknown keys are refused.
  --   * A refusal is LLM_OUTPUT_INVALID naming the path and the rule; values
  --     from the answer appear only through agentmem_util.shown (cut at 60
  --     characters). The result holds values only: nothing of the answer is
  --     ever used as SQL text or as an identifier (ids are bind values,
  --     checked against the task's candidates by the applier).
  -- Only parses: nothing is read from or written to the database.
  ------------------------------------------------------------------------------

  -- Limits of the answers (the schemas state the same numbers).
  co_max_output_chars    constant pls_integer := 200000;   -- the whole answer
  co_max_memories        constant pls_integer := 20;       -- per extraction
  co_max_memory_chars    constant pls_integer := 4000;     -- one memory's content
  co_max_topics          constant pls_integer := 10;
  co_max_topic_chars     constant pls_integer := 100;
  co_max_summary_chars   constant pls_integer := 20000;
  co_max_relations       constant pls_integer := 20;       -- per linked memory
  co_max_caption_chars   constant pls_integer := 4000;
  co_max_shortened_chars constant pls_integer := 32000;

  -- The memory types an extraction may produce and the relation types a
  -- link may produce (comma-separated, as in the schemas' enums).
  co_memory_types   constant varchar2(100 char) := 'memory,fact,guideline,preference';
  co_relation_types constant varchar2(100 char) := 'supersedes,refines,duplicates,supports,contradicts';

  -- The parsed answer of a task kind (AGENTMEM_LLM_PROMPT.co_kinds):
  --   EXTRACT_MEMORIES {"memories": [{"memory_type", "content"}], "topics": [text]}
  --   UPDATE_SUMMARY   {"summary": text}
  --   LINK_MEMORIES    {"relations": [{"target_id", "relation_type"}]}
  --   CAPTION_IMAGE    {"caption": text}
  --   SHORTEN_MESSAGE  {"content": text}
  -- Texts are trimmed of surrounding white space and must not be empty.
  -- Raises LLM_OUTPUT_INVALID; INVALID_ARGUMENT for an unknown kind.
  function parse(p_kind in varchar2, p_output in clob) return json_object_t;

end agentmem_llm_parse;
/
