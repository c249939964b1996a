create or replace package test_agentmem_relations
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for the relation calls and the lifecycle status they derive
  -- (docs/protocol-relations.md, rules L1-L28), through the facade.
  --
  -- Store UTS_REL01 (KEYWORD, vector_dim 4) holds a thread t1 and memories
  -- m1..m4 (m3, m4 in thread t1), committed in beforeall; every test runs
  -- on that data and is rolled back after. Store DDL commits:
  -- --%rollback(manual); the store is dropped in afterall.
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
