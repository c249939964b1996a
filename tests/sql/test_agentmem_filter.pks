create or replace package test_agentmem_filter
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for AGENTMEM_FILTER, the metadata_filter compiler
  -- (docs/protocol-search.md section 5). Runs in the schema where agentmem is
  -- installed (the owner); AGENTMEM_FILTER names this package in its
  -- ACCESSIBLE BY list so the suite can call compile directly.
  --
  -- Data-driven: every case of tests/go/testdata/contract/metadata_filter/
  -- cases.json is copied into the body (procedure load_cases) as q-quoted
  -- JSON literals (non-ASCII characters as JSON \u escapes, numbers as
  -- written). Regenerate those lines when cases.json changes. Each valid
  -- case's metadata is a real row of the scratch table UTS_FILTER_ROWS (a
  -- JSON column, as in the stores); the compiled predicate runs against it
  -- with DBMS_SQL, binding the values with bind_all. The cases pin what the
  -- Oracle documentation leaves open (type() without lax unwrapping, the
  -- type() names of numbers, JSON_EQUAL on lists, the 38-digit rule on
  -- JSON_ELEMENT_T numbers): a failure names the case.
  --
  -- The scratch table is DDL (it commits), so the suite runs with
  -- --%rollback(manual); it is dropped in afterall and, when an interrupted
  -- run left it, in beforeall.
  ------------------------------------------------------------------------------

  --%suite(AGENTMEM_FILTER metadata filter compiler)
  --%suitepath(agentmem.search)
  --%rollback(manual)

  --%beforeall
  procedure setup_suite;

  --%afterall
  procedure cleanup_suite;

  --%context(metadata_filter/cases.json)

  --%test(every (filter, metadata, match) case of cases.json holds on real rows)
  procedure every_case_matches;

  --%test(every invalid filter of cases.json is INVALID_ARGUMENT naming its display path and rule)
  procedure every_invalid_case_rejected;

  --%endcontext

  --%context(the compiled SQL)

  --%test(values never reach the SQL text: strings, numbers and lists are binds :fN)
  procedure values_are_binds;

  --%test(a value written like SQL or a path stays a bound value and matches only itself)
  procedure hostile_value_is_data;

  --%test(bind names continue after the binds already in the list, so two filters share a statement)
  procedure bind_names_continue;

  --%test(an omitted filter and {} compile to 1 = 1 without binds; null to <alias>.metadata is null)
  procedure trivial_filters;

  --%test(a table alias that is not an unquoted identifier is rejected)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure bad_alias_rejected;

  --%test(65 field conditions are rejected naming the 65th; 64 compile)
  procedure condition_limit;

  --%test(a key named like a SQL/JSON path ($, @, dots, spaces) is one literal key)
  procedure path_like_key_is_literal;

  --%test(a condition whose SQL/JSON path literal would exceed 4000 bytes is rejected naming its field)
  procedure long_path_rejected;

  --%endcontext

end test_agentmem_filter;
/
