create or replace package test_agentmem_store
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for the store lifecycle of DBMS_AGENT_MEMORY_STORE:
  -- open_store under each schema policy, upgrades, describe, list, drop and
  -- grants. Runs in the schema where agentmem is installed (the owner).
  --
  -- Store DDL commits, so the suite runs with --%rollback(manual): every
  -- store it creates has an id starting with UTS_ and is dropped in
  -- afterall (and, from an earlier interrupted run, in beforeall).
  --
  -- Environment-dependent tests assert what this database must do instead
  -- of skipping silently: KEYWORD and HYBRID expect UNSUPPORTED_RELEASE
  -- where Oracle Text or release 23.6 is missing. Three tests need a resource
  -- the suite cannot create and say so with a DBMS_OUTPUT line starting
  -- "SKIPPED:" when it is absent (utPLSQL has no run-time skip):
  --   create_hybrid_store  an in-database ONNX embedding model in this schema
  --                        (USER_MINING_MODELS, MINING_FUNCTION = EMBEDDING)
  --   grant_and_revoke     a second database user named AGENTMEM_TEST_RUNTIME
  --   grant_and_revoke_role  a role named AGENTMEM_TEST_ROLE granted to this
  --                        schema (USER_ROLE_PRIVS); scripts/dbinit creates
  --                        both in the development container
  --
  -- Tests whose description starts with a fixture name (create_vector,
  -- reopen_require_existing, create_keyword_manual) send the request of that
  -- golden fixture in tests/go/testdata/contract/open_store/, with the
  -- suite's UTS_ store id (and vector_dim 8) in place of the fixture's.
  ------------------------------------------------------------------------------

  --%suite(DBMS_AGENT_MEMORY_STORE store lifecycle)
  --%suitepath(agentmem.store)
  --%rollback(manual)

  --%beforeall
  procedure setup_suite;

  --%afterall
  procedure cleanup_suite;

  --%context(request validation)

  --%test(memory_store_id with a character other than letters, digits and _ is rejected)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure id_with_dollar_rejected;

  --%test(memory_store_id longer than 16 characters is rejected)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure id_too_long_rejected;

  --%test(memory_store_id starting with a digit is rejected)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure id_leading_digit_rejected;

  --%test(memory_store_id and table_name_prefix together are rejected)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure id_and_prefix_rejected;

  --%test(table_name_prefix without the trailing underscore is rejected)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure prefix_without_underscore_rejected;

  --%test(an unknown request key is rejected naming the key)
  procedure unknown_key_rejected;

  --%test(a vector_dim list over 32,767 bytes is INVALID_ARGUMENT quoting it bounded, not ORA-40478 (issue 9 item 7))
  procedure huge_value_quoted_bounded;

  --%test(an embedding_model string over 32,767 bytes is INVALID_ARGUMENT "is longer than", not an Oracle error)
  procedure huge_string_rejected;

  --%test(search_index_sync AUTO is rejected for KEYWORD)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure auto_sync_rejected_for_keyword;

  --%test(VECTOR without vector_dim is rejected)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure vector_without_dim_rejected;

  --%test(chunking.overlap outside 0 or 5%..20% of max is rejected)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure overlap_out_of_range_rejected;

  --%test(default_ttl_days above max_ttl_days is rejected)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure default_ttl_above_max_rejected;

  --%test(schema_owner with a creating policy is rejected)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure schema_owner_with_create_rejected;

  --%endcontext

  --%context(VECTOR store)

  --%test(create_vector: creating a VECTOR store builds every object and reports it)
  procedure create_vector_store;

  --%test(the purge job exists, or a warning says CREATE JOB is missing)
  procedure purge_job_or_warning;

  --%test(reopen_require_existing: REQUIRE_EXISTING without strategy uses the stored one)
  procedure reopen_uses_stored_strategy;

  --%test(a different vector_dim is INCOMPATIBLE_STORE)
  --%throws(dbms_agent_memory_store.co_incompatible_store)
  procedure incompatible_dimension;

  --%test(a different search_strategy is INCOMPATIBLE_STORE)
  --%throws(dbms_agent_memory_store.co_incompatible_store)
  procedure incompatible_strategy;

  --%test(CREATE_IF_NECESSARY on a complete store performs no DDL)
  procedure create_if_necessary_idempotent;

  --%test(CREATE_IF_NECESSARY refreshes the retention; REQUIRE_EXISTING then rejects another one)
  procedure retention_refresh;

  --%endcontext

  --%context(KEYWORD and HYBRID stores)

  --%test(create_keyword_manual: KEYWORD store with MANUAL sync, or UNSUPPORTED_RELEASE without Oracle Text)
  procedure create_keyword_store;

  --%test(HYBRID with an unknown model: INVALID_ARGUMENT, or UNSUPPORTED_RELEASE before 23.6)
  procedure hybrid_unknown_model;

  --%test(HYBRID store with the schema's embedding model (needs a model, see the spec))
  procedure create_hybrid_store;

  --%test(a VECTOR store with embedding_model and no vector_dim takes the model's dimension (needs a model))
  procedure vector_dim_from_model;

  --%endcontext

  --%context(schema policies)

  --%test(REQUIRE_EXISTING on a store that does not exist is SCHEMA_MISSING)
  --%throws(dbms_agent_memory_store.co_schema_missing)
  procedure require_existing_missing;

  --%test(CREATE_IF_EMPTY creates once, then only validates)
  procedure create_if_empty;

  --%test(REQUIRE_EXISTING names a dropped index; CREATE_IF_NECESSARY recreates it)
  procedure partial_store_repair;

  --%test(a BROKEN store is STORE_BROKEN for REQUIRE_EXISTING and repaired by CREATE_IF_NECESSARY)
  procedure broken_store_repair;

  --%test(RECREATE drops the data and rebuilds the store)
  procedure recreate_store;

  --%test(NO_CHECK under an end user returns a registered store without validating it)
  procedure no_check_registered;

  --%test(NO_CHECK under an end user on an unknown store is NOT_FOUND)
  procedure no_check_unknown;

  --%test(a creating policy with CURRENT_SCHEMA other than the owner is INVALID_ARGUMENT, before any DDL)
  procedure ddl_needs_owner_schema;

  --%test(the registry rejects a named store without its table prefix (check constraint))
  --%throws(-2290)
  procedure registry_prefix_required;

  --%endcontext

  --%context(upgrades)

  --%test(a store at schema_version 0 is SCHEMA_OUTDATED; upgrade_store runs step 1 and recreates a missing table)
  procedure upgrade_from_version_0;

  --%test(a version-1 store (no MEMORY.LIFECYCLE_INVALID) is SCHEMA_OUTDATED; upgrade_store step 2 adds the column and keeps statuses)
  procedure upgrade_from_version_1;

  --%test(upgrade_store on a current store performs no step)
  procedure upgrade_current_store;

  --%endcontext

  --%context(administration)

  --%test(describe_store lists every object present, row counts and no repair hint)
  procedure describe_complete_store;

  --%test(describe_store of an unknown store is NOT_FOUND)
  --%throws(dbms_agent_memory_store.co_not_found)
  procedure describe_unknown_store;

  --%test(list_stores lists the created stores in id order)
  procedure list_created_stores;

  --%test(drop_store removes tables and registry row; a second drop is NOT_FOUND)
  procedure drop_store_twice;

  --%test(grant_access to the owner itself is rejected)
  --%throws(dbms_agent_memory_store.co_invalid_argument)
  procedure grant_to_owner_rejected;

  --%test(grant_access READ_WRITE, then READ_ONLY, then revoke_access (needs AGENTMEM_TEST_RUNTIME))
  procedure grant_and_revoke;

  --%test(grant_access to a name that is neither a user nor a role is INVALID_ARGUMENT and grants nothing)
  procedure grant_to_missing_grantee_rejected;

  --%test(grant_access with p_create_synonyms to a grantee that is not a user is INVALID_ARGUMENT)
  procedure grant_synonyms_to_non_user_rejected;

  --%test(grant_access to PUBLIC is INVALID_ARGUMENT and grants nothing)
  procedure grant_to_public_rejected;

  --%test(grant_access and revoke_access to a role (needs AGENTMEM_TEST_ROLE granted to this schema))
  procedure grant_and_revoke_role;

  --%endcontext

end test_agentmem_store;
/
