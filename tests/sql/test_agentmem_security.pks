create or replace package test_agentmem_security
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for end-user isolation (docs/security.md): the end-user
  -- context (DBMS_AGENT_MEMORY_STORE.set_end_user / clear_end_user /
  -- current_end_user), the runtime rules (END_USER_CONTEXT_REQUIRED /
  -- _FORBIDDEN), user_id inference, and VPD enforcement (AGENTMEM_VPD) with
  -- two end users UA and UB and global (unscoped) records.
  -- Runs in the schema where agentmem is installed (the owner). VPD applies
  -- to the owner too once an end user is set, so the owner session can play
  -- UA and UB; what a non-owner account without an end user sees (nothing,
  -- and END_USER_CONTEXT_REQUIRED) needs a second account: the Go live test
  -- tests/go/security_test.go covers it when AGENTMEM_RUNTIME_DSN is set.
  --
  -- Data of every policy store (written as the owner, before the policies):
  --   threads tA (UA), tB (UB); messages mA1 (tA, UA), mB1 (tB, UB);
  --   memories memA (UA), memB (UB), memG (no user); user profiles UA, UB;
  --   agent profile ag1; images imgA (UA), imgB (UB); thread summaries sA
  --   (tA), sB (tB); relations rAG (memA -> memG), rAB (memA -> memB),
  --   rBG (memB -> memG). Policy rows USER_OWN_ROWS and GLOBAL_MEMORIES
  --   (enforcement VPD) and END_USER grants of both to UA and UB go straight
  --   into AGENTMEM_SECURITY_POLICY / _GRANT (the admin API is tested with
  --   it), then AGENTMEM_VPD.attach_policies.
  --
  -- Stores are DDL and policies commit: --%rollback(manual); every store
  -- has an id starting with UTS_SEC and is dropped in afterall (and, left by
  -- an interrupted run, in beforeall).
  --
  -- Environment-dependent tests print "SKIPPED:" and assert nothing when a
  -- feature is absent, each checked explicitly:
  --   the application context (CREATE ANY CONTEXT at install time)   all tests
  --   migration 000003_security (AGENTMEM_SECURITY_POLICY/_GRANT),
  --   EXECUTE on SYS.DBMS_RLS, VPD enabled (Enterprise Edition:
  --   ORA-00439 from DBMS_RLS.ADD_POLICY otherwise)                    VPD tests
  --   Oracle Text (user CTXSYS)                                        keyword search
  --   model ALL_MINILM_L12_V2 and release 23.6                         hybrid search
  ------------------------------------------------------------------------------

  --%suite(DBMS_AGENT_MEMORY_STORE end-user isolation)
  --%suitepath(agentmem.security)
  --%rollback(manual)

  --%beforeall
  procedure setup_suite;

  --%afterall
  procedure cleanup_suite;

  -- A test that fails while playing UA or UB must not leave the end user to
  -- the next test.
  --%aftereach
  procedure reset_end_user;

  --%context(end-user context)

  --%test(set_end_user names the end user, clear_end_user removes it, bad names are INVALID_ARGUMENT)
  procedure set_and_clear;

  --%test(the one-block wrapper leaves no end user behind after an error mid-call)
  procedure wrapper_clears_after_error;

  --%endcontext

  --%context(runtime rules)

  --%test(open_store NO_CHECK needs an end user; the other policies reject one)
  procedure open_store_rules;

  --%test(upgrade_store, drop_store, grant_access, revoke_access and job administration reject an end user)
  procedure admin_calls_forbidden;

  --%test(omitted user ids are the end user: open_thread, add_records, add_memory, add_user; explicit null stays unscoped)
  procedure user_id_inference;

  --%endcontext

  --%context(VPD isolation)

  --%test(get_record and list_records: UA sees its rows and global ones, never UB's; UB the same)
  procedure get_and_list;

  --%test(vector search with graph expansion never returns or links UB's rows to UA)
  procedure search_vector;

  --%test(keyword search never returns UB's rows to UA (needs Oracle Text))
  procedure search_keyword;

  --%test(hybrid search never returns UB's rows to UA (needs ALL_MINILM_L12_V2 and 23.6))
  procedure search_hybrid;

  --%test(context card and summary of UA's thread hold no UB text; UB's thread is NOT_FOUND for UA)
  procedure thread_views;

  --%test(relations: visible only when both endpoints are; UA cannot delete UB's)
  procedure relations;

  --%test(delete_record and delete_thread by UA leave UB's rows)
  procedure deletes;

  --%test(direct SELECT, UPDATE, DELETE on every store table under UA see and change no UB row)
  procedure direct_sql;

  --%test(direct INSERT or UPDATE that would give a row to UB or make it global is rejected)
  procedure direct_sql_writes_checked;

  --%test(attach and detach are idempotent, cover every table, and RECREATE keeps the policies on the new tables)
  procedure policies_follow_the_tables;

  --%endcontext

end test_agentmem_security;
/
