create or replace package test_agentmem_threads
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for the thread calls (docs/protocol-threads.md, rules
  -- T1-T41), through the facade.
  --
  -- Fixtures: the golden fixtures of open_thread .. thread_update_image
  -- (q-quoted copies of tests/go/testdata/contract/<op>/, kept in step by
  -- go run ./tests/go/cmd/genfixtures) run on store UTS_THR01 after the data
  -- set of docs/protocol-threads.md section 8 (co_dataset, in that order),
  -- committed in beforeall; each case is rolled back after its check.
  --
  -- The rules that need several calls (inheritance read back, ownership
  -- leaving the other thread's record untouched, the explicit link, the
  -- default window of 50) run on the same store, each rolled back.
  --
  -- Store DDL commits: --%rollback(manual); the store is dropped in afterall.
  ------------------------------------------------------------------------------

  --%suite(DBMS_AGENT_MEMORY_STORE threads)
  --%suitepath(agentmem.threads)
  --%rollback(manual)

  --%beforeall
  procedure setup_suite;

  --%afterall
  procedure cleanup_suite;

  --%aftereach
  procedure rollback_test;

  --%context(fixtures)

  --%test(accepted fixtures give their response)
  procedure accepted_fixtures;

  --%test(rejected fixtures raise their class with every message fragment, and write nothing)
  procedure rejected_fixtures;

  --%endcontext

  --%context(rules)

  --%test(T9, T11: messages carry the thread's user, agent and thread ids)
  procedure messages_inherit_scope;

  --%test(T12: add_memory inherits the thread's scope; explicit values override it)
  procedure memory_scope_and_overrides;

  --%test(T14, T16: an explicit link is a stored relation; its target's scope is inherited)
  procedure memory_link_stored;

  --%test(T18, T22: another thread's message is neither updated nor deleted)
  procedure other_thread_untouched;

  --%test(T17: end omitted returns the most recent 50 messages)
  procedure default_window_bounded;

  --%test(T19: included_image_ids returns the chosen part's bytes only; get_record with include_bytes returns all)
  procedure chosen_part_bytes_only;

  --%test(T30, T31: the durable summary for the whole thread, cut to the budget; except_last gives the transcript)
  procedure summary_durable_and_prefix;

  --%test(T41: a new image keeps the stored metadata; the mime is merged in, not stored)
  procedure update_image_keeps_metadata;

  --%test(T28: estimate_tokens is ceil(characters / 3.5))
  procedure token_estimator;

  --%test(T44, T49, T51: the card renders summary and recent messages with record text escaped)
  procedure card_rendering_escaped;

  --%test(T42: thread search finds other threads by default, only its own with exact_thread_match)
  procedure search_default_scope;

  --%test(T45: soft budget keeps the result reaching it; hard budget stops before the one past it)
  procedure search_budgets;

  --%endcontext

end test_agentmem_threads;
/
