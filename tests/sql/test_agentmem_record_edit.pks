create or replace package test_agentmem_record_edit
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for the read, update and delete calls of the records
  -- contract (docs/protocol-records.md §6-§11): get_record, list_records,
  -- list_thread_messages, update_record, delete_record, delete_thread.
  --
  -- Driven by the golden fixtures of those operations, loaded by
  -- test_agentmem_records (q-quoted copies of tests/go/testdata/contract/
  -- <op>/), on the same stores and data set, compared the same way
  -- (volatile values normalized as §14 says). Each case runs on the
  -- committed data set and is rolled back after its check.
  --
  -- Store DDL commits: --%rollback(manual); the UTS_REC stores are created
  -- in beforeall and dropped in afterall.
  ------------------------------------------------------------------------------

  --%suite(DBMS_AGENT_MEMORY_STORE records: read, update, delete)
  --%suitepath(agentmem.records)
  --%rollback(manual)

  --%beforeall
  procedure setup_suite;

  --%afterall
  procedure cleanup_suite;

  --%aftereach
  procedure rollback_test;

  --%context(fixtures)

  --%test(get_record fixtures)
  procedure get_record_fixtures;

  --%test(list_records fixtures)
  procedure list_records_fixtures;

  --%test(list_thread_messages fixtures, seq_no bounds mapped to the data set)
  procedure list_thread_messages_fixtures;

  --%test(update_record fixtures: response, chunk rows, rejections with nothing written)
  procedure update_record_fixtures;

  --%test(delete_record and delete_thread fixtures)
  procedure delete_fixtures;

  --%endcontext

  --%context(behaviour beyond the fixtures)

  --%test(a status change and a TTL refresh of a message reach its image parts and every chunk row)
  procedure status_and_expiry_follow;

  --%test(new message content replaces its image parts and their rows)
  procedure message_parts_replaced;

  --%test(deleting a memory-like record deletes the relations where it is source or target)
  procedure delete_removes_relations;

  --%test(delete_thread removes the relations of the thread's memory-like records)
  procedure delete_thread_removes_relations;

  --%test(update_record of an expired record refreshes it into view)
  procedure ttl_refresh_revives;

  --%test(list_records without limit returns at most 1000 records, null limit all)
  procedure list_limits;

  -- Last: purge_expired commits (a job entry point); the test removes what
  -- it committed.
  --%test(purge_expired deletes expired records with their rows and relations and revives lifecycle targets)
  procedure purge_expired_cleans_up;

  --%endcontext

end test_agentmem_record_edit;
/
