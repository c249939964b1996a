create or replace package test_agentmem_search
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for search (DBMS_AGENT_MEMORY_STORE.search, search_rows,
  -- chunk_text, sync_search_index) and the keyword escaping of
  -- AGENTMEM_SEARCH_KEYWORD (which names this package as an accessor).
  -- Runs in the schema where agentmem is installed (the owner).
  --
  -- Data-driven from the golden fixtures, copied into the body as q-quoted
  -- JSON literals (non-ASCII as \u escapes; regenerate those lines when the
  -- files change):
  --   load_escapes   tests/go/testdata/contract/search/keyword_escape/cases.json
  --   load_fixtures  every tests/go/testdata/contract/search/<case>.request.json
  --                  with its .response.json or .error.json
  -- The fixtures' data set (docs/protocol-search.md section 11) is written
  -- with add_records into UTS_SRCH_V (VECTOR, vector_dim 3, no model) and,
  -- without vectors, into UTS_SRCH_K (KEYWORD, ON_COMMIT); UTS_SRCH_V also
  -- gets the relations rel-1..rel-6 of the graph fixtures (vector_graph_*:
  -- linked_results compared pair by pair, relations without created_at and
  -- updated_at); mem-x gets a past expires_at directly, after rel-6 links it. vector_ and any_ fixtures run on UTS_SRCH_V and are
  -- compared exactly (ids and types in order, distances within 1E-6,
  -- records without created_at, updated_at, seq_no, timestamp and
  -- event_timestamp, which the data set cannot reproduce); keyword_
  -- fixtures on UTS_SRCH_K compare the set of ids and that distances ascend
  -- in [0, 1]; hybrid_ fixtures need a HYBRID store. UTS_SRCH_R holds rows
  -- for the rounds (a selective metadata filter; a user scope matching 3 of
  -- 300 rows); UTS_SRCH_S INVALID records of memory and other types.
  --
  -- Stores are DDL and KEYWORD search sees committed rows only, so the suite
  -- runs with --%rollback(manual) and commits its data; every store it
  -- creates has an id starting with UTS_SRCH and is dropped in afterall
  -- (and, left by an interrupted run, in beforeall).
  --
  -- Environment-dependent tests print a DBMS_OUTPUT line starting
  -- "SKIPPED:" and assert nothing when the resource is absent (utPLSQL has
  -- no run-time skip). Absence is checked explicitly (user CTXSYS, the
  -- model in USER_MINING_MODELS, the release); when the feature is present,
  -- any failure to set its store up fails the suite:
  --   Oracle Text (user CTXSYS)      keyword_fixtures, long_query_fused,
  --                                  query_too_many_chunks_rejected, manual_sync
  --   model ALL_MINILM_L12_V2 in this schema and release 23.6   hybrid_fixtures
  ------------------------------------------------------------------------------

  --%suite(DBMS_AGENT_MEMORY_STORE search)
  --%suitepath(agentmem.search)
  --%rollback(manual)

  --%beforeall
  procedure setup_suite;

  --%afterall
  procedure cleanup_suite;

  --%context(keyword text)

  --%test(every case of keyword_escape/cases.json escapes to its expected text, cut or rejection)
  procedure keyword_escape_cases;

  --%test(the DBMS_HYBRID_VECTOR.SEARCH parameters have the contract's shape, caller text as JSON values)
  procedure hybrid_params_shape;

  --%test(a word too long to brace is TOO_LONG, even when doubling its braces would pass 32767 bytes)
  procedure escape_huge_word;

  --%endcontext

  --%context(golden fixtures)

  --%test(every vector_ and any_ fixture gives its response or error on UTS_SRCH_V)
  procedure vector_fixtures;

  --%test(every keyword_ fixture gives its response or error on UTS_SRCH_K (needs Oracle Text))
  procedure keyword_fixtures;

  --%test(every hybrid_ fixture gives its error on a HYBRID store (needs ALL_MINILM_L12_V2 and 23.6))
  procedure hybrid_fixtures;

  --%endcontext

  --%context(behaviour)

  --%test(search_rows returns the rows of search in rank order, with the scope the search matched on; direct results only with num_hops)
  procedure search_rows_match_search;

  --%test(search and search_rows run inside a SELECT and start no transaction)
  procedure read_only_from_sql;

  --%test(a rejected search writes nothing and leaves no transaction)
  procedure failure_writes_nothing;

  --%test(expired records are never returned, even when nearest)
  procedure expired_never_returned;

  --%test(rounds over-fetch until k records pass a selective metadata filter)
  procedure rounds_fill_k;

  --%test(a scope filter that removes most rows still gives k results (rounds, exact VECTOR round))
  procedure scope_rounds_fill_k;

  --%test(include_invalid_results false hides INVALID memory, fact, guideline, preference only)
  procedure invalid_hides_memory_types_only;

  --%test(k above 1000 is accepted: k has no upper bound)
  procedure k_above_1000_accepted;

  --%test(a query longer than one chunk is split and its rankings fused (needs Oracle Text))
  procedure long_query_fused;

  --%test(a query of more than 16 chunks is INVALID_ARGUMENT naming the count (needs Oracle Text))
  procedure query_too_many_chunks_rejected;

  --%test(record_types repeating one type many times is accepted: duplicates are ignored)
  procedure record_types_duplicates;

  --%test(a record type holding a comma is INVALID_ARGUMENT, not a run of list entries)
  procedure record_type_with_comma_rejected;

  --%test(search of an unknown store is NOT_FOUND)
  --%throws(dbms_agent_memory_store.co_not_found)
  procedure unknown_store;

  --%endcontext

  --%context(chunk_text and sync_search_index)

  --%test(chunk_text returns one chunk list per text in order, [] for a blank text)
  procedure chunk_text_lists;

  --%test(chunk_text rejects unknown keys, a missing texts and non-string texts)
  procedure chunk_text_rejections;

  --%test(sync_search_index on a VECTOR store is INVALID_ARGUMENT)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure sync_vector_rejected;

  --%test(MANUAL keyword store: a committed record is found only after sync_search_index (needs Oracle Text))
  procedure manual_sync;

  --%endcontext

end test_agentmem_search;
/
