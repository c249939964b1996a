create or replace package agentmem_search_keyword
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_search,
                 package test_agentmem_search)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_SEARCH_KEYWORD: the text side of search.
  --
  --   * escape: user text -> an Oracle Text query in which no operator can be
  --     injected (docs/protocol-search.md section 7, pinned by
  --     tests/go/testdata/contract/search/keyword_escape/cases.json).
  --   * hybrid_params: the parameter JSON of DBMS_HYBRID_VECTOR.SEARCH
  --     (section 8), built as a JSON object so caller text is a JSON value.
  -- Pure functions: no SQL, no errors of the package's table (the caller
  -- turns the outcome of escape into its message). test_agentmem_search is
  -- an accessor so the utPLSQL suite can run the escaping cases directly.
  ------------------------------------------------------------------------------

  -- The CONTAINS query text limit the escaped text is kept within.
  co_max_query_bytes constant pls_integer := 4000;

  -- Outcomes of escape.
  co_ok       constant varchar2(8 char) := 'OK';        -- p_escaped holds the query
  co_no_word  constant varchar2(8 char) := 'NO_WORD';   -- nothing searchable after escaping
  co_too_long constant varchar2(8 char) := 'TOO_LONG';  -- the first word alone exceeds the limit

  -- Escapes one query chunk: splits p_text on ASCII whitespace (U+0009 -
  -- U+000D, U+0020), drops tokens made only of ASCII punctuation, braces
  -- every other token ({token}, each } doubled), joins them with ' ACCUM '
  -- and keeps tokens in order while the text fits co_max_query_bytes.
  --   p_text     the chunk (at most 32767 bytes); NULL = empty
  --   p_escaped  the escaped query, NULL unless co_ok is returned
  --   p_kept     tokens in p_escaped
  --   p_dropped  searchable tokens dropped by the byte limit (0 = no cut)
  -- Returns co_ok, co_no_word or co_too_long. Side effects: none.
  function escape(p_text in varchar2, p_escaped out varchar2, p_kept out pls_integer,
                  p_dropped out pls_integer) return varchar2;

  -- The parameter JSON (text) of one DBMS_HYBRID_VECTOR.SEARCH call:
  --   p_index_name   owner-qualified hybrid vector index name
  --   p_search_text  semantic query text (NULL: use p_vector)
  --   p_vector       JSON array text of the query vector (NULL: use text)
  --   p_contains     escaped Oracle Text query (NULL: no text search)
  --   p_text_only    true: text search only (KEYWORD client on a HYBRID store)
  --   p_rows         topN and both result_max
  -- Shape: {"hybrid_index_name", "search_scorer": "RSF", "search_fusion":
  -- "UNION", "vector": {search_text | search_vector, "search_mode":
  -- "DOCUMENT", "aggregator": "MAX", "result_max"}, "text": {"contains",
  -- "result_max"}, "return": {"topN", "values": ["rowid", "score"]}}; the
  -- vector object is left out for text only, the text object when
  -- p_contains is NULL. Side effects: none.
  function hybrid_params(p_index_name in varchar2, p_search_text in clob, p_vector in clob,
                         p_contains in varchar2, p_text_only in boolean, p_rows in pls_integer) return clob;

end agentmem_search_keyword;
/
