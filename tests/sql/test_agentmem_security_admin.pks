create or replace package test_agentmem_security_admin
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for the security policy administration (issue 14;
  -- AGENTMEM_SECURITY, docs/security.md "Policies" and "Deep Data Security"):
  -- the capabilities report, add / remove / grant / revoke / list in VPD mode
  -- and in DEEP_DATA_SECURITY mode, the rejections (unknown policy, bad
  -- principal names, DATA_ROLE in VPD mode, unknown store, a policy the store
  -- does not have, another enforcement mode, an active end-user context,
  -- Deep Data Security missing) and that a rejected call writes nothing;
  -- drop_store removing a store's policies; open_store RECREATE warning that
  -- Deep Data Security policies must be added again (a registry row the
  -- suite writes: runs on every database, no Deep Data Security DDL runs).
  --
  -- The admin calls commit (autonomous transactions), so the suite runs with
  -- --%rollback(manual) on its own stores UTS_SEC1 (policies through the API)
  -- and UTS_SEC2 (registry rows the suite writes itself, so the request
  -- checks run on every database), dropped in afterall and, left by an
  -- interrupted run, in beforeall.
  --
  -- VPD tests run where security_capabilities reports vpd (EXECUTE ON
  -- SYS.DBMS_RLS, Enterprise Edition) and AGENTMEM_VPD is installed;
  -- DEEP_DATA_SECURITY tests only where it reports deep_data_security
  -- (26ai 23.26.2+, COMPATIBLE >= 20; not Free). Otherwise they print
  -- SKIPPED: test_agentmem_security_admin.<test>: <reason>, and pass without
  -- checking anything: a skip is not a pass (docs/verification.md).
  ------------------------------------------------------------------------------

  --%suite(DBMS_AGENT_MEMORY_STORE security policy administration)
  --%suitepath(agentmem.security)
  --%rollback(manual)

  --%beforeall
  procedure setup_suite;

  --%afterall
  procedure cleanup_suite;

  --%aftereach
  procedure reset_policies;

  --%test(security_capabilities reports release, COMPATIBLE, both modes, what is missing with its fix, and the privileges)
  procedure capabilities_report;

  --%test(VPD: adding the same policies twice creates them once; list_security_policies shows them)
  procedure vpd_add_is_idempotent;

  --%test(VPD: grants to end users are listed per principal; the same grant twice grants nothing new; revoke removes it)
  procedure vpd_grant_list_revoke;

  --%test(VPD: removing a policy removes its grants; removing all leaves the store without policies)
  procedure vpd_remove_drops_grants;

  --%test(DEEP_DATA_SECURITY: add creates one data grant per store table and policy, twice is no change)
  procedure dds_add_creates_data_grants;

  --%test(DEEP_DATA_SECURITY: a data role principal is granted, listed, revoked; remove drops the data grants)
  procedure dds_grant_and_remove;

  --%test(DEEP_DATA_SECURITY where the database lacks it: UNSUPPORTED_RELEASE and nothing registered)
  procedure dds_missing_rejected;

  --%test(an unknown policy name is INVALID_ARGUMENT and writes nothing)
  procedure unknown_policy_rejected;

  --%test(an unknown request key is INVALID_ARGUMENT)
  procedure unknown_key_rejected;

  --%test(an unknown store is NOT_FOUND)
  procedure unknown_store_rejected;

  --%test(VPD mode refuses DATA_ROLE and OCI_GROUP principals and end-user names with control characters or over 128 characters)
  procedure vpd_bad_principals_rejected;

  --%test(DEEP_DATA_SECURITY mode refuses quoted end-user names and names with '.' or '@')
  procedure dds_bad_principals_rejected;

  --%test(granting a policy the store does not have is INVALID_ARGUMENT and writes nothing)
  procedure policy_not_added_rejected;

  --%test(adding policies in another enforcement mode than the store's is INVALID_ARGUMENT)
  procedure other_mode_rejected;

  --%test(every admin call is END_USER_CONTEXT_FORBIDDEN under an active end-user context)
  procedure end_user_context_forbidden;

  --%test(drop_store removes the store's policies and grants before its tables)
  procedure drop_store_removes_policies;

  --%test(open_store RECREATE of a store with DEEP_DATA_SECURITY policies warns DEEP_DATA_SECURITY_REAPPLY naming the store, its policies and the add call, and describe_store shows the policies; none without them)
  procedure recreate_warns_dds_reapply;

end test_agentmem_security_admin;
/
