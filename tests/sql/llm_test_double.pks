create or replace package llm_test_double
  authid current_user
as
  ------------------------------------------------------------------------------
  -- A deterministic LLM for the utPLSQL suites: the function provider of an
  -- "llm" configuration {"provider": "function", "function_name":
  -- "LLM_TEST_DOUBLE.GENERATE"} (docs/llm.md, "Providers"). Not a suite
  -- (its name does not start with test_); compiled with the suites.
  --
  -- generate reads the prompt object it is given (AGENTMEM_LLM_PROMPT.build)
  -- and answers per g_mode:
  --   OK       the canned answer of the prompt's kind (co_answer_* below;
  --            LINK_MEMORIES: "supersedes" to the first candidate, none
  --            when there are no candidates);
  --   FENCED   the canned answer inside a ```json code fence;
  --   PROSE    a sentence, then the canned answer;
  --   ARRAY    a JSON array;
  --   BAD_TYPE an extraction answer with memory_type "opinion";
  --   STRANGER a link answer naming a target that is no candidate.
  -- failing always raises ORA-20999 (a provider error).
  ------------------------------------------------------------------------------

  co_answer_extract constant varchar2(400 char) :=
    '{"memories": [{"memory_type": "preference", "content": "The user loves pizza."},'
    || ' {"memory_type": "fact", "content": "The user lives in Rome."}], "topics": ["food", "travel"]}';
  co_answer_summary constant varchar2(100 char) := '{"summary": "The user talked about pizza in Rome."}';
  co_answer_caption constant varchar2(100 char) := '{"caption": "A red bicycle by a wall."}';
  co_answer_shorten constant varchar2(100 char) := '{"content": "Short version."}';

  g_mode         varchar2(16 char) := 'OK';
  g_calls        pls_integer := 0;
  g_last_request clob;

  function generate(p_request in clob) return clob;

  function failing(p_request in clob) return clob;

end llm_test_double;
/
