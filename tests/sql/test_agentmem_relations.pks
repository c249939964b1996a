create or replace package test_agentmem_relations
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for the relation calls and the lifecycle status they derive
  -- (docs/protocol-relations.md, rules L1-L28), through the facade.
  --
  -- Fixtures: the golden fixtures of add_relations .. delete_relations
  -- (q-quoted copies of tests/go/testdata/contract/<op>/, kept in step by
  -- go run ./tests/go/cmd/genfixtures) run on store UTS_REL01 with the data
  -- set of docs/protocol-relations.md section 11 (memories m1..m5, fact f1,
  -- then add_relations/d1_relations), committed in beforeall; each case is
  -- rolled back after its check.
  --
  -- Lifecycle and the hand-written rules run on store UTS_REL02 (a thread
  -- t1, memories m1..m4, m3 and m4 in t1), each test rolled back after.
  --
  -- Store DDL commits: --%rollback(manual); both stores are dropped in
  -- afterall.
  ------------------------------------------------------------------------------

  --%suite(DBMS_AGENT_MEMORY_STORE relations)
  --%suitepath(agentmem.relations)
  --%rollback(manual)

  --%beforeall
  procedure setup_suite;

  --%afterall
  procedure cleanup_suite;

  --%aftereach
  procedure rollback_test;

  --%context(fixtures)

  --%test(the data set: add_relations/d1_relations gives its response)
  procedure dataset_fixture;

  --%test(accepted fixtures give their response)
  procedure accepted_fixtures;

  --%test(rejected fixtures raise their class with every message fragment, and write nothing)
  procedure rejected_fixtures;

  --%endcontext

  --%context(add_relations)

  --%test(L2, L4, L10: scalars broadcast, ids generated as 32 hex, built-in and custom inverses)
  procedure add_broadcast_generated_ids;

  --%test(L3: lists of different lengths are INVALID_ARGUMENT)
  procedure add_lists_unequal;

  --%test(L8: the other orientation and a repeated address are DUPLICATE_ID; another type in the same orientation is accepted)
  procedure add_one_orientation;

  --%test(L12: a built-in inverse cannot be overridden; L11: an inverse label is not a type)
  procedure add_builtin_inverse_fixed;

  --%test(L6: a missing endpoint is NOT_FOUND and nothing is written)
  procedure add_missing_endpoint;

  --%test(L6: a non-memory-like endpoint type is INVALID_ARGUMENT)
  procedure add_endpoint_type;

  --%endcontext

  --%context(get_and_list)

  --%test(L15, L16: get by id, by full tuple, null when missing, partial tuple and id+tuple refused)
  procedure get_rules;

  --%test(L17, L18: filters, metadata_filter, limit, order by created_at then id)
  procedure list_rules;

  --%endcontext

  --%context(update_and_delete)

  --%test(L19-L22: type change resets the inverse, null timestamp clears, metadata replaces, count)
  procedure update_rules;

  --%test(L23: delete by ids returns the count)
  procedure delete_count;

  --%endcontext

  --%context(lifecycle)

  --%test(L24, L23: supersedes makes the target INVALID; deleting the last link makes it VALID)
  procedure lifecycle_add_delete;

  --%test(L25: an explicit INVALID stays when the last link goes)
  procedure lifecycle_explicit_invalid;

  --%test(L26: update_record VALID while a link exists stays INVALID)
  procedure lifecycle_explicit_valid_while_linked;

  --%test(L27: update_relations to supports, delete_record of the source, delete_thread restore VALID)
  procedure lifecycle_other_paths;

  --%test(L24: supports and custom types do not change a status; two links need two removals)
  procedure lifecycle_two_links;

  --%endcontext

end test_agentmem_relations;
/
