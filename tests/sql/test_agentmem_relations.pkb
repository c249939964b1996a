create or replace package body test_agentmem_relations
as

  -- UTS_REL01: the fixtures' data set; UTS_REL02: the hand-written tests.
  co_fixture_store constant varchar2(16 char) := 'UTS_REL01';
  co_store         constant varchar2(16 char) := 'UTS_REL02';
  -- Ranges follow NLS_SORT (rule REGEXP-RANGE): the characters are spelled out.
  co_digit         constant varchar2(12 char) := '[0123456789]';
  co_utc_pattern   constant varchar2(160 char) := '^' || co_digit || '{4}-' || co_digit || '{2}-' || co_digit || '{2}T'
    || co_digit || '{2}:' || co_digit || '{2}:' || co_digit || '{2}\.' || co_digit || '{6}Z$';
  co_id_pattern    constant varchar2(40 char) := '^"[0123456789abcdef]{32}"$';
  co_dataset       constant varchar2(30 char) := 'd1_relations';

  type t_case is record (op varchar2(30 char), name varchar2(100 char), request clob, response clob, error clob);
  type t_case_list is table of t_case;
  g_cases t_case_list := t_case_list();

  procedure add_case(p_op in varchar2, p_name in varchar2, p_request in clob, p_response in clob, p_error in clob)
  is
  begin
    g_cases.extend;
    g_cases(g_cases.last).op := p_op;
    g_cases(g_cases.last).name := p_name;
    g_cases(g_cases.last).request := p_request;
    g_cases(g_cases.last).response := p_response;
    g_cases(g_cases.last).error := p_error;
  end add_case;

  procedure load_cases
  is
  begin
    -- genfixtures:begin cases (add_relations .. delete_relations): written by go run ./tests/go/cmd/genfixtures from the fixtures
    add_case('add_relations', 'bad_timestamp',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":"m5","target_record_types":"memory","relation_types":"supports","timestamps":"2026-13-01"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["timestamps '2026-13-01' must be an ISO-8601 timestamp"]}~');
    add_case('add_relations', 'both_orientations_in_request',
      q'~{"source_record_ids":["m4","m5"],"source_record_types":"memory","target_record_ids":["m5","m4"],"target_record_types":"memory","relation_types":"supports"}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["relation 1 links memory 'm5' to memory 'm4', but an earlier relation of this request links them the other way"]}~');
    add_case('add_relations', 'broadcast_generated_ids',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":["m5","f1"],"target_record_types":["memory","fact"],"relation_types":"Contradicts","metadata":{"k":1}}~',
      q'~{"relation_ids":["0123456789abcdef0123456789abcdef","fedcba9876543210fedcba9876543210"]}~',
      null);
    add_case('add_relations', 'builtin_inverse_override',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":"m5","target_record_types":"memory","relation_types":"supersedes","opposite_relation_types":"replaces"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["opposite_relation_types 'replaces' cannot replace the inverse of the built-in relation type 'supersedes', which is always 'is_superseded_by'"]}~');
    add_case('add_relations', 'd1_relations',
      q'~{"source_record_ids":["m1","m3","m1"],"source_record_types":"memory","target_record_ids":["m2","m2","m4"],"target_record_types":"memory","relation_types":["supports","supersedes","relates_to"],"opposite_relation_types":[null,null,"related_from"],"relation_ids":["r1","r2","r3"],"timestamps":[null,"2026-11-30T09:00:00+01:00",null],"metadata":[{"src":"manual"},null,{"src":"auto","tags":["a","b"]}]}~',
      q'~{"relation_ids":["r1","r2","r3"]}~',
      null);
    add_case('add_relations', 'endpoint_type_mismatch',
      q'~{"source_record_ids":"m4","source_record_types":"fact","target_record_ids":"m5","target_record_types":"memory","relation_types":"supports"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["source_record_ids 'm4' is not a stored fact record"]}~');
    add_case('add_relations', 'endpoint_type_thread',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":"m5","target_record_types":"thread","relation_types":"supports"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["target_record_types 'thread' must be one of memory, fact, guideline, preference"]}~');
    add_case('add_relations', 'fixed_inverse_given',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":"m5","target_record_types":"memory","relation_types":"supersedes","opposite_relation_types":"IS_SUPERSEDED_BY","relation_ids":"x2"}~',
      q'~{"relation_ids":["x2"]}~',
      null);
    add_case('add_relations', 'id_taken',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":"m5","target_record_types":"memory","relation_types":"supports","relation_ids":"r1"}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["relation_ids 'r1' is the id of a stored relation"]}~');
    add_case('add_relations', 'inverse_label_as_type',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":"m5","target_record_types":"memory","relation_types":"is_superseded_by"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["relation_types 'is_superseded_by' is the inverse label of a built-in relation type","'supersedes'"]}~');
    add_case('add_relations', 'label_too_long',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":"m5","target_record_types":"memory","relation_types":"rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["must be a non-empty string of at most 64 characters"]}~');
    add_case('add_relations', 'list_empty',
      q'~{"source_record_ids":[],"source_record_types":"memory","target_record_ids":"m5","target_record_types":"memory","relation_types":"supports"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["source_record_ids [] must not be empty"]}~');
    add_case('add_relations', 'lists_unequal',
      q'~{"source_record_ids":["m4","m4"],"source_record_types":"memory","target_record_ids":["m5","m1","m2"],"target_record_types":"memory","relation_types":"supports"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["target_record_ids has 3 entries but source_record_ids has 2","lists must have the same length"]}~');
    add_case('add_relations', 'metadata_not_object',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":["m5","m1"],"target_record_types":"memory","relation_types":"supports","metadata":[{"a":1},"x"]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["metadata[1] 'x' must be an object or null"]}~');
    add_case('add_relations', 'missing_endpoint',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":["m5","m9"],"target_record_types":"memory","relation_types":"supports"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["target_record_ids[1] 'm9' is not a stored memory record"]}~');
    add_case('add_relations', 'relation_types_missing',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":"m5","target_record_types":"memory"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["relation_types is required in the add_relations request"]}~');
    add_case('add_relations', 'repeated_address_in_request',
      q'~{"source_record_ids":["m4","m4"],"source_record_types":"memory","target_record_ids":"m5","target_record_types":"memory","relation_types":"supports"}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["relation 1 repeats the address of relation 0"]}~');
    add_case('add_relations', 'repeated_id_in_request',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":["m5","f1"],"target_record_types":["memory","fact"],"relation_types":"supports","relation_ids":["x","x"]}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["relation_ids[1] 'x' repeats relation_ids[0]"]}~');
    add_case('add_relations', 'reverse_orientation',
      q'~{"source_record_ids":"m2","source_record_types":"memory","target_record_ids":"m1","target_record_types":"memory","relation_types":"supports"}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["relation 0 links memory 'm2' to memory 'm1', but a stored relation links them the other way","one orientation per pair of records"]}~');
    add_case('add_relations', 'same_address',
      q'~{"source_record_ids":"m1","source_record_types":"memory","target_record_ids":"m2","target_record_types":"memory","relation_types":"supports"}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["relation 0 (memory 'm1' 'supports' memory 'm2') is already stored"]}~');
    add_case('add_relations', 'same_orientation_other_type',
      q'~{"source_record_ids":"m1","source_record_types":"memory","target_record_ids":"m2","target_record_types":"memory","relation_types":"contradicts","relation_ids":["x1"]}~',
      q'~{"relation_ids":["x1"]}~',
      null);
    add_case('add_relations', 'self_relation',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":"m4","target_record_types":"memory","relation_types":"supports"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["relation 0 links memory 'm4' to itself"]}~');
    add_case('add_relations', 'single_id_for_batch',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":["m5","m1"],"target_record_types":"memory","relation_types":"supports","relation_ids":"x"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["relation_ids 'x' is one id for 2 relations"]}~');
    add_case('add_relations', 'unknown_key',
      q'~{"source_record_ids":"m4","source_record_types":"memory","target_record_ids":"m5","target_record_types":"memory","relation_types":"supports","relation_type":"supports"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["key 'relation_type' is not allowed in the add_relations request"]}~');
    add_case('get_relation', 'by_id',
      q'~{"relation_id":"r2"}~',
      q'~{"relation":{"id":"r2","source_record_id":"m3","source_record_type":"memory","target_record_id":"m2","target_record_type":"memory","relation_type":"supersedes","opposite_relation_type":"is_superseded_by","timestamp":"2026-11-30T08:00:00.000000Z","metadata":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"}}~',
      null);
    add_case('get_relation', 'by_tuple',
      q'~{"source_record_id":"m1","source_record_type":"memory","target_record_id":"m4","target_record_type":"memory","relation_type":"relates_to"}~',
      q'~{"relation":{"id":"r3","source_record_id":"m1","source_record_type":"memory","target_record_id":"m4","target_record_type":"memory","relation_type":"relates_to","opposite_relation_type":"related_from","timestamp":null,"metadata":{"src":"auto","tags":["a","b"]},"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"}}~',
      null);
    add_case('get_relation', 'id_with_tuple',
      q'~{"relation_id":"r1","relation_type":"supports"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["relation_id cannot be combined with relation_type"]}~');
    add_case('get_relation', 'missing_id_is_null',
      q'~{"relation_id":"nope"}~',
      q'~{"relation":null}~',
      null);
    add_case('get_relation', 'partial_tuple',
      q'~{"source_record_id":"m1","source_record_type":"memory"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["target_record_id is required in the get_relation request when relation_id is omitted"]}~');
    add_case('get_relation', 'reverse_tuple_is_null',
      q'~{"source_record_id":"m2","source_record_type":"memory","target_record_id":"m1","target_record_type":"memory","relation_type":"supports"}~',
      q'~{"relation":null}~',
      null);
    add_case('list_relations', 'all_in_order',
      q'~{}~',
      q'~{"relations":[{"id":"r1","source_record_id":"m1","source_record_type":"memory","target_record_id":"m2","target_record_type":"memory","relation_type":"supports","opposite_relation_type":"is_supported_by","timestamp":null,"metadata":{"src":"manual"},"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"},{"id":"r2","source_record_id":"m3","source_record_type":"memory","target_record_id":"m2","target_record_type":"memory","relation_type":"supersedes","opposite_relation_type":"is_superseded_by","timestamp":"2026-11-30T08:00:00.000000Z","metadata":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"},{"id":"r3","source_record_id":"m1","source_record_type":"memory","target_record_id":"m4","target_record_type":"memory","relation_type":"relates_to","opposite_relation_type":"related_from","timestamp":null,"metadata":{"src":"auto","tags":["a","b"]},"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"}]}~',
      null);
    add_case('list_relations', 'by_id_and_type',
      q'~{"relation_id":"r1","relation_type":"Supports"}~',
      q'~{"relations":[{"id":"r1","source_record_id":"m1","source_record_type":"memory","target_record_id":"m2","target_record_type":"memory","relation_type":"supports","opposite_relation_type":"is_supported_by","timestamp":null,"metadata":{"src":"manual"},"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"}]}~',
      null);
    add_case('list_relations', 'by_target',
      q'~{"target_record_id":"m2","target_record_type":"memory"}~',
      q'~{"relations":[{"id":"r1","source_record_id":"m1","source_record_type":"memory","target_record_id":"m2","target_record_type":"memory","relation_type":"supports","opposite_relation_type":"is_supported_by","timestamp":null,"metadata":{"src":"manual"},"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"},{"id":"r2","source_record_id":"m3","source_record_type":"memory","target_record_id":"m2","target_record_type":"memory","relation_type":"supersedes","opposite_relation_type":"is_superseded_by","timestamp":"2026-11-30T08:00:00.000000Z","metadata":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"}]}~',
      null);
    add_case('list_relations', 'filter_null',
      q'~{"source_record_id":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["source_record_id null must be a non-empty string"]}~');
    add_case('list_relations', 'limit_earliest',
      q'~{"limit":1}~',
      q'~{"relations":[{"id":"r1","source_record_id":"m1","source_record_type":"memory","target_record_id":"m2","target_record_type":"memory","relation_type":"supports","opposite_relation_type":"is_supported_by","timestamp":null,"metadata":{"src":"manual"},"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"}]}~',
      null);
    add_case('list_relations', 'limit_null_source',
      q'~{"limit":null,"source_record_id":"m1"}~',
      q'~{"relations":[{"id":"r1","source_record_id":"m1","source_record_type":"memory","target_record_id":"m2","target_record_type":"memory","relation_type":"supports","opposite_relation_type":"is_supported_by","timestamp":null,"metadata":{"src":"manual"},"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"},{"id":"r3","source_record_id":"m1","source_record_type":"memory","target_record_id":"m4","target_record_type":"memory","relation_type":"relates_to","opposite_relation_type":"related_from","timestamp":null,"metadata":{"src":"auto","tags":["a","b"]},"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"}]}~',
      null);
    add_case('list_relations', 'limit_zero',
      q'~{"limit":0}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["limit 0 must be a whole number from 1 to 1000000000, or null"]}~');
    add_case('list_relations', 'metadata_none',
      q'~{"metadata_filter":null}~',
      q'~{"relations":[{"id":"r2","source_record_id":"m3","source_record_type":"memory","target_record_id":"m2","target_record_type":"memory","relation_type":"supersedes","opposite_relation_type":"is_superseded_by","timestamp":"2026-11-30T08:00:00.000000Z","metadata":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"}]}~',
      null);
    add_case('list_relations', 'type_and_array_filter',
      q'~{"relation_type":"relates_to","metadata_filter":{"tags":{"$array_contains":"a"}}}~',
      q'~{"relations":[{"id":"r3","source_record_id":"m1","source_record_type":"memory","target_record_id":"m4","target_record_type":"memory","relation_type":"relates_to","opposite_relation_type":"related_from","timestamp":null,"metadata":{"src":"auto","tags":["a","b"]},"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z"}]}~',
      null);
    add_case('update_relations', 'broadcast_skips_missing',
      q'~{"relation_ids":["r1","nope","r2"],"timestamps":null,"metadata":{"k":"v"}}~',
      q'~{"relation_ids":["r1","r2"],"updated":2}~',
      null);
    add_case('update_relations', 'builtin_opposite',
      q'~{"relation_ids":"r1","opposite_relation_types":"backs"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["opposite_relation_types 'backs' cannot replace the inverse of the built-in relation type 'supports'"]}~');
    add_case('update_relations', 'custom_opposite',
      q'~{"relation_ids":"r3","opposite_relation_types":"is_related_to"}~',
      q'~{"relation_ids":["r3"],"updated":1}~',
      null);
    add_case('update_relations', 'no_field',
      q'~{"relation_ids":"r1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["update_relations needs at least one of relation_types, opposite_relation_types, timestamps, metadata"]}~');
    add_case('update_relations', 'not_found',
      q'~{"relation_ids":"nope","metadata":null}~',
      q'~{"relation_ids":[],"updated":0}~',
      null);
    add_case('update_relations', 'repeated_id',
      q'~{"relation_ids":["r1","r1"],"metadata":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["relation_ids[1] 'r1' repeats relation_ids[0]"]}~');
    add_case('update_relations', 'scalar_id_with_lists',
      q'~{"relation_ids":"r1","metadata":[null,null]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["relation_ids 'r1' is one id but other keys have 2 entries"]}~');
    add_case('update_relations', 'type_change_resets_inverse',
      q'~{"relation_ids":"r3","relation_types":"refines"}~',
      q'~{"relation_ids":["r3"],"updated":1}~',
      null);
    add_case('delete_relations', 'empty_list',
      q'~{"relation_ids":[]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["relation_ids [] must not be empty"]}~');
    add_case('delete_relations', 'id_null',
      q'~{"relation_ids":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["relation_ids null must be a non-empty string"]}~');
    add_case('delete_relations', 'ids_and_missing',
      q'~{"relation_ids":["r1","r2","nope"]}~',
      q'~{"deleted":2}~',
      null);
    add_case('delete_relations', 'one',
      q'~{"relation_ids":"r3"}~',
      q'~{"deleted":1}~',
      null);
    -- genfixtures:end cases
  end load_cases;

  function find_case(p_op in varchar2, p_name in varchar2) return t_case
  is
  begin
    for i in 1 .. g_cases.count loop
      if g_cases(i).op = p_op and g_cases(i).name = p_name then
        return g_cases(i);
      end if;
    end loop;
    raise_application_error(-20000, 'no fixture ' || p_op || '/' || p_name);
  end find_case;

  -- The records of docs/protocol-relations.md section 11, then the data set
  -- relations.
  procedure setup_fixture_store
  is
    l_response clob;
  begin
    l_response := dbms_agent_memory_store.open_store(
      '{"memory_store_id": "UTS_REL01", "schema_policy": "RECREATE", "search_strategy": "KEYWORD", "vector_dim": 4}');
    l_response := dbms_agent_memory_store.add_records(co_fixture_store,
      '{"record_type": "memory", "contents": ["one", "two", "three", "four", "five"],'
      || ' "record_ids": ["m1", "m2", "m3", "m4", "m5"], "user_ids": "u1"}');
    l_response := dbms_agent_memory_store.add_records(co_fixture_store,
      '{"record_type": "fact", "contents": ["fact one"], "record_ids": ["f1"], "user_ids": "u1"}');
    l_response := dbms_agent_memory_store.add_relations(co_fixture_store,
                                                         find_case('add_relations', co_dataset).request);
    commit;
  end setup_fixture_store;

  procedure setup_suite
  is
    l_response clob;
  begin
    load_cases;
    setup_fixture_store;
    l_response := dbms_agent_memory_store.open_store(
      '{"memory_store_id": "UTS_REL02", "schema_policy": "RECREATE", "search_strategy": "KEYWORD", "vector_dim": 4}');
    l_response := dbms_agent_memory_store.add_records(co_store,
      '{"record_type": "thread", "contents": [null], "record_ids": ["t1"], "user_ids": "u1"}');
    l_response := dbms_agent_memory_store.add_records(co_store,
      '{"record_type": "memory", "contents": ["one", "two", "three", "four"], "record_ids": ["m1", "m2", "m3", "m4"],'
      || ' "thread_ids": [null, null, "t1", "t1"], "user_ids": "u1"}');
    commit;
  end setup_suite;

  -- Drops a store of this suite; one that a failed setup never created is
  -- not an error here.
  procedure drop_if_registered(p_store_id in varchar2)
  is
  begin
    dbms_agent_memory_store.drop_store(p_store_id);
  exception
    when dbms_agent_memory_store.e_not_found then
      null;
  end drop_if_registered;

  procedure cleanup_suite
  is
  begin
    rollback;   -- uncommitted rows would block the autonomous drops
    drop_if_registered(co_fixture_store);
    drop_if_registered(co_store);
  end cleanup_suite;

  procedure rollback_test
  is
  begin
    rollback;
  end rollback_test;

  ------------------------------------------------------------------------------
  -- Fixtures
  ------------------------------------------------------------------------------

  function same_json(p_a in clob, p_b in clob) return boolean
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from dual where json_equal(p_a, p_b);
    return l_count = 1;
  end same_json;

  -- p_element with created_at / updated_at replaced by a fixed value (the
  -- actual ones checked for the format first) and generated ids (32 hex) by
  -- a marker, at any depth (docs/protocol-relations.md section 11).
  function normalized(p_element in json_element_t, p_label in varchar2, p_actual in boolean) return json_element_t
  is
    l_obj  json_object_t;
    l_out  json_object_t;
    l_keys json_key_list;
    l_arr  json_array_t;
    l_list json_array_t;
  begin
    if p_element.is_object then
      l_obj := treat(p_element as json_object_t);
      l_out := json_object_t();
      l_keys := l_obj.get_keys;
      for i in 1 .. l_keys.count loop
        if l_keys(i) in ('created_at', 'updated_at') then
          if p_actual then
            ut.expect(regexp_like(l_obj.get_string(l_keys(i)), co_utc_pattern, 'c'),
                      p_label || ': ' || l_keys(i) || ' format').to_be_true;
          end if;
          l_out.put(l_keys(i), 'timestamp');
        else
          l_out.put(l_keys(i), normalized(l_obj.get(l_keys(i)), p_label, p_actual));
        end if;
      end loop;
      return l_out;
    elsif p_element.is_array then
      l_arr := treat(p_element as json_array_t);
      l_list := json_array_t();
      for i in 0 .. l_arr.get_size - 1 loop
        l_list.append(normalized(l_arr.get(i), p_label, p_actual));
      end loop;
      return l_list;
    elsif p_element.is_string and regexp_like(p_element.to_string, co_id_pattern, 'c') then
      return json_element_t.parse('"generated"');
    end if;
    return p_element;
  end normalized;

  -- Runs one case on UTS_REL01: the response compared with the fixture's,
  -- or the error's class and every fragment of its message.
  procedure run_case(p_case in t_case)
  is
    l_label    varchar2(200 char) := p_case.op || '/' || p_case.name;
    l_response clob;
    l_code     pls_integer;
    l_message  varchar2(4000 char);
    l_error    json_object_t;
    l_frags    json_array_t;
  begin
    begin
      execute immediate 'begin :r := dbms_agent_memory_store.' || dbms_assert.simple_sql_name(p_case.op)
        || '(:s, :q); end;' using out l_response, in co_fixture_store, in p_case.request;
    exception
      when dbms_agent_memory_store.e_invalid_argument or dbms_agent_memory_store.e_not_found
           or dbms_agent_memory_store.e_duplicate_id then
        l_code := sqlcode;
        l_message := sqlerrm;
    end;
    if p_case.error is not null then
      l_error := json_object_t.parse(p_case.error);
      ut.expect(l_code, l_label || ': error code; response ' || dbms_lob.substr(l_response, 500, 1))
        .to_equal(l_error.get_number('code'));
      ut.expect(l_message, l_label).to_be_like('%' || l_error.get_string('name') || ': %');
      l_frags := l_error.get_array('message_contains');
      for i in 0 .. l_frags.get_size - 1 loop
        ut.expect(instr(l_message, l_frags.get_string(i)) > 0,
                  l_label || ': message ' || l_message || ' contains ' || l_frags.get_string(i)).to_be_true;
      end loop;
      ut.expect(instr(l_message, co_fixture_store), l_label || ': messages never name the store').to_equal(0);
    else
      ut.expect(l_message, l_label || ': no error').to_be_null;
      ut.expect(same_json(normalized(json_element_t.parse(l_response), l_label, true).to_clob,
                          normalized(json_element_t.parse(p_case.response), l_label, false).to_clob),
                l_label || ': expected ' || dbms_lob.substr(p_case.response, 1500, 1) || ' got '
                || dbms_lob.substr(l_response, 1500, 1)).to_be_true;
    end if;
  end run_case;

  procedure dataset_fixture
  is
    l_case     t_case := find_case('add_relations', co_dataset);
    l_response clob;
  begin
    -- The data set is committed: its ids are taken, so the same request now
    -- is DUPLICATE_ID; its relations are what get_relation returns.
    begin
      l_response := dbms_agent_memory_store.add_relations(co_fixture_store, l_case.request);
      ut.fail('add_relations/d1_relations: a second add of the data set was accepted');
    exception
      when dbms_agent_memory_store.e_duplicate_id then
        null;
    end;
    l_response := dbms_agent_memory_store.list_relations(co_fixture_store, '{}');
    ut.expect(json_object_t.parse(l_response).get_array('relations').get_size).to_equal(3);
    ut.expect(same_json(json_object_t.parse(l_case.response).to_clob, '{"relation_ids": ["r1", "r2", "r3"]}'))
      .to_be_true;
  end dataset_fixture;

  procedure accepted_fixtures
  is
    l_count pls_integer := 0;
  begin
    for i in 1 .. g_cases.count loop
      if g_cases(i).response is not null and g_cases(i).name <> co_dataset then
        run_case(g_cases(i));
        rollback;
        l_count := l_count + 1;
      end if;
    end loop;
    ut.expect(l_count, 'accepted cases run (all but the data set)').to_be_greater_than(15);
  end accepted_fixtures;

  procedure rejected_fixtures
  is
    l_count  pls_integer := 0;
    l_before clob := dbms_agent_memory_store.list_relations(co_fixture_store, '{}');
  begin
    for i in 1 .. g_cases.count loop
      if g_cases(i).error is not null then
        run_case(g_cases(i));
        ut.expect(same_json(dbms_agent_memory_store.list_relations(co_fixture_store, '{}'), l_before),
                  g_cases(i).op || '/' || g_cases(i).name || ': relations unchanged').to_be_true;
        rollback;
        l_count := l_count + 1;
      end if;
    end loop;
    ut.expect(l_count, 'rejected cases run').to_be_greater_than(25);
  end rejected_fixtures;

  ------------------------------------------------------------------------------
  -- Helpers
  ------------------------------------------------------------------------------

  function add_rel(p_request in varchar2) return json_array_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.add_relations(co_store, p_request)).get_array('relation_ids');
  end add_rel;

  function relation(p_id in varchar2) return json_object_t
  is
    l_response json_object_t :=
      json_object_t.parse(dbms_agent_memory_store.get_relation(co_store, '{"relation_id": "' || p_id || '"}'));
  begin
    if l_response.get('relation').is_null then
      return null;
    end if;
    return l_response.get_object('relation');
  end relation;

  function status_of(p_id in varchar2) return varchar2
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.get_record(co_store,
             '{"record_type": "memory", "record_id": "' || p_id || '"}')).get_object('record').get_string('status');
  end status_of;

  -- Calls p_call (a facade function taking the store id and a request) and
  -- checks that it raises p_code with p_fragment in the message.
  procedure expect_error(p_call in varchar2, p_request in varchar2, p_code in pls_integer, p_fragment in varchar2)
  is
    l_response clob;
    l_code     pls_integer;
    l_message  varchar2(4000 char);
  begin
    begin
      execute immediate 'begin :r := dbms_agent_memory_store.' || dbms_assert.simple_sql_name(p_call)
        || '(:s, :q); end;' using out l_response, in co_store, in p_request;
    exception
      when dbms_agent_memory_store.e_invalid_argument or dbms_agent_memory_store.e_not_found
           or dbms_agent_memory_store.e_duplicate_id then
        l_code := sqlcode;
        l_message := sqlerrm;
    end;
    ut.expect(l_code, p_call || ' ' || p_request || ' raised no error; response '
              || dbms_lob.substr(l_response, 500, 1)).to_equal(p_code);
    ut.expect(l_message, p_call || ' ' || p_request).to_be_like('%' || p_fragment || '%');
  end expect_error;

  function relation_count return number
  is
    l_count number;
  begin
    execute immediate 'select count(*) from uts_rel02_relation' into l_count;
    return l_count;
  end relation_count;

  ------------------------------------------------------------------------------
  -- add_relations
  ------------------------------------------------------------------------------

  procedure add_broadcast_generated_ids
  is
    l_ids json_array_t := add_rel('{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": ["m2", "m3"], "target_record_types": "memory",'
      || ' "relation_types": ["Supports", "relates_to"], "metadata": {"k": "v"}}');
  begin
    ut.expect(l_ids.get_size).to_equal(2);
    ut.expect(l_ids.get_string(0)).to_match('^[0123456789abcdef]{32}$', 'c');
    ut.expect(l_ids.get_string(1)).to_match('^[0123456789abcdef]{32}$', 'c');
    ut.expect(relation(l_ids.get_string(0)).get_string('relation_type')).to_equal('supports');
    ut.expect(relation(l_ids.get_string(0)).get_string('opposite_relation_type')).to_equal('is_supported_by');
    ut.expect(relation(l_ids.get_string(1)).get_string('opposite_relation_type')).to_equal('relates_to');
    ut.expect(relation(l_ids.get_string(1)).get_object('metadata').get_string('k')).to_equal('v');
    ut.expect(relation(l_ids.get_string(1)).get_string('source_record_id')).to_equal('m1');
  end add_broadcast_generated_ids;

  procedure add_lists_unequal
  is
  begin
    expect_error('add_relations', '{"source_record_ids": ["m1", "m1"], "source_record_types": "memory",'
      || ' "target_record_ids": ["m2", "m3", "m4"], "target_record_types": "memory", "relation_types": "supports"}',
      -20100, 'target_record_ids has 3 entries but source_record_ids has 2');
  end add_lists_unequal;

  procedure add_one_orientation
  is
    l_ids json_array_t := add_rel('{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": "m2", "target_record_types": "memory", "relation_types": "supports",'
      || ' "relation_ids": ["r1"]}');
  begin
    expect_error('add_relations', '{"source_record_ids": "m2", "source_record_types": "memory",'
      || ' "target_record_ids": "m1", "target_record_types": "memory", "relation_types": "contradicts"}',
      -20102, 'links them the other way');
    expect_error('add_relations', '{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": "m2", "target_record_types": "memory", "relation_types": "supports"}',
      -20102, 'is already stored');
    expect_error('add_relations', '{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": "m3", "target_record_types": "memory", "relation_types": "supports",'
      || ' "relation_ids": "r1"}',
      -20102, 'is the id of a stored relation');
    l_ids := add_rel('{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": "m2", "target_record_types": "memory", "relation_types": "contradicts"}');
    ut.expect(l_ids.get_size).to_equal(1);
    ut.expect(relation_count).to_equal(2);
  end add_one_orientation;

  procedure add_builtin_inverse_fixed
  is
  begin
    expect_error('add_relations', '{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": "m2", "target_record_types": "memory", "relation_types": "supersedes",'
      || ' "opposite_relation_types": "replaces"}',
      -20100, 'cannot replace the inverse of the built-in relation type ''supersedes''');
    expect_error('add_relations', '{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": "m2", "target_record_types": "memory", "relation_types": "is_superseded_by"}',
      -20100, 'is the inverse label of a built-in relation type');
  end add_builtin_inverse_fixed;

  procedure add_missing_endpoint
  is
  begin
    expect_error('add_relations', '{"source_record_ids": ["m1", "m9"], "source_record_types": "memory",'
      || ' "target_record_ids": "m2", "target_record_types": "memory", "relation_types": "supersedes"}',
      -20101, 'source_record_ids[1] ''m9'' is not a stored memory record');
    ut.expect(relation_count).to_equal(0);
    ut.expect(status_of('m2')).to_equal('VALID');
  end add_missing_endpoint;

  procedure add_endpoint_type
  is
  begin
    expect_error('add_relations', '{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": "t1", "target_record_types": "thread", "relation_types": "supports"}',
      -20100, 'target_record_types ''thread'' must be one of memory, fact, guideline, preference');
  end add_endpoint_type;

  ------------------------------------------------------------------------------
  -- get and list
  ------------------------------------------------------------------------------

  procedure get_rules
  is
    l_ids json_array_t := add_rel('{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": "m2", "target_record_types": "memory", "relation_types": "supports",'
      || ' "relation_ids": "g1"}');
    l_found json_object_t;
  begin
    l_found := json_object_t.parse(dbms_agent_memory_store.get_relation(co_store,
      '{"source_record_id": "m1", "source_record_type": "memory", "target_record_id": "m2",'
      || ' "target_record_type": "memory", "relation_type": "supports"}'));
    ut.expect(l_found.get_object('relation').get_string('id')).to_equal('g1');
    -- The other orientation does not find it.
    l_found := json_object_t.parse(dbms_agent_memory_store.get_relation(co_store,
      '{"source_record_id": "m2", "source_record_type": "memory", "target_record_id": "m1",'
      || ' "target_record_type": "memory", "relation_type": "supports"}'));
    ut.expect(l_found.get('relation').is_null).to_be_true;
    ut.expect(relation('nope') is null).to_be_true;
    expect_error('get_relation', '{"source_record_id": "m1", "source_record_type": "memory"}', -20100,
      'target_record_id is required in the get_relation request when relation_id is omitted');
    expect_error('get_relation', '{"relation_id": "g1", "relation_type": "supports"}', -20100,
      'relation_id cannot be combined with relation_type');
    ut.expect(l_ids.get_size).to_equal(1);
  end get_rules;

  procedure list_rules
  is
    l_ids  json_array_t := add_rel('{"source_record_ids": ["m1", "m1", "m3"], "source_record_types": "memory",'
      || ' "target_record_ids": ["m2", "m3", "m4"], "target_record_types": "memory",'
      || ' "relation_types": ["supports", "supports", "relates_to"], "relation_ids": ["b", "a", "c"],'
      || ' "metadata": [{"src": "manual"}, null, {"src": "auto"}]}');
    l_list json_array_t;
  begin
    l_list := json_object_t.parse(dbms_agent_memory_store.list_relations(co_store, '{}')).get_array('relations');
    ut.expect(l_list.get_size).to_equal(3);
    -- One call, one created_at: id order.
    ut.expect(treat(l_list.get(0) as json_object_t).get_string('id')).to_equal('a');
    ut.expect(treat(l_list.get(2) as json_object_t).get_string('id')).to_equal('c');
    l_list := json_object_t.parse(dbms_agent_memory_store.list_relations(co_store,
      '{"source_record_id": "m1", "relation_type": "supports", "metadata_filter": {"src": "manual"}}'))
      .get_array('relations');
    ut.expect(l_list.get_size).to_equal(1);
    ut.expect(treat(l_list.get(0) as json_object_t).get_string('id')).to_equal('b');
    l_list := json_object_t.parse(dbms_agent_memory_store.list_relations(co_store, '{"metadata_filter": null}'))
      .get_array('relations');
    ut.expect(l_list.get_size).to_equal(1);
    l_list := json_object_t.parse(dbms_agent_memory_store.list_relations(co_store, '{"limit": 2}'))
      .get_array('relations');
    ut.expect(l_list.get_size).to_equal(2);
    l_list := json_object_t.parse(dbms_agent_memory_store.list_relations(co_store, '{"limit": null}'))
      .get_array('relations');
    ut.expect(l_list.get_size).to_equal(3);
    expect_error('list_relations', '{"source_record_id": null}', -20100, 'source_record_id null must be');
    ut.expect(l_ids.get_size).to_equal(3);
  end list_rules;

  ------------------------------------------------------------------------------
  -- update and delete
  ------------------------------------------------------------------------------

  procedure update_rules
  is
    l_ids json_array_t := add_rel('{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": ["m2", "m3"], "target_record_types": "memory", "relation_types": "relates_to",'
      || ' "opposite_relation_types": "related_from", "relation_ids": ["u1", "u2"],'
      || ' "timestamps": "2026-11-30T10:00:00Z", "metadata": {"a": 1}}');
    l_response json_object_t;
  begin
    l_response := json_object_t.parse(dbms_agent_memory_store.update_relations(co_store,
      '{"relation_ids": ["u1", "missing", "u2"], "relation_types": "supports", "timestamps": null,'
      || ' "metadata": [{"b": 2}, null, null]}'));
    ut.expect(l_response.get_number('updated')).to_equal(2);
    ut.expect(l_response.get_array('relation_ids').get_string(1)).to_equal('u2');
    ut.expect(relation('u1').get_string('opposite_relation_type')).to_equal('is_supported_by');
    ut.expect(relation('u1').get('timestamp').is_null).to_be_true;
    ut.expect(relation('u1').get_object('metadata').has('a')).to_be_false;
    ut.expect(relation('u1').get_object('metadata').get_number('b')).to_equal(2);
    ut.expect(relation('u2').get('metadata').is_null).to_be_true;
    -- Leaving a built-in: the custom type's default inverse.
    l_response := json_object_t.parse(dbms_agent_memory_store.update_relations(co_store,
      '{"relation_ids": "u1", "relation_types": "cites"}'));
    ut.expect(relation('u1').get_string('opposite_relation_type')).to_equal('cites');
    expect_error('update_relations', '{"relation_ids": "u2", "opposite_relation_types": "backs"}', -20100,
      'cannot replace the inverse');
    expect_error('update_relations', '{"relation_ids": "u2"}', -20100, 'update_relations needs at least one of');
    ut.expect(l_ids.get_size).to_equal(2);
  end update_rules;

  procedure delete_count
  is
    l_ids json_array_t := add_rel('{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": ["m2", "m3"], "target_record_types": "memory", "relation_types": "supports",'
      || ' "relation_ids": ["d1", "d2"]}');
  begin
    ut.expect(json_object_t.parse(dbms_agent_memory_store.delete_relations(co_store,
      '{"relation_ids": ["d1", "d2", "nope"]}')).get_number('deleted')).to_equal(2);
    ut.expect(relation_count).to_equal(0);
    ut.expect(l_ids.get_size).to_equal(2);
  end delete_count;

  ------------------------------------------------------------------------------
  -- Lifecycle
  ------------------------------------------------------------------------------

  procedure lifecycle_add_delete
  is
    l_ids json_array_t := add_rel('{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": "m2", "target_record_types": "memory", "relation_types": "supersedes"}');
    l_chunk_status varchar2(8 char);
  begin
    ut.expect(status_of('m2')).to_equal('INVALID');
    ut.expect(status_of('m1')).to_equal('VALID');
    execute immediate 'select max(status) from uts_rel02_record_chunks where source_id = ''m2'''
      into l_chunk_status;
    ut.expect(l_chunk_status).to_equal('INVALID');
    ut.expect(json_object_t.parse(dbms_agent_memory_store.delete_relations(co_store,
      '{"relation_ids": "' || l_ids.get_string(0) || '"}')).get_number('deleted')).to_equal(1);
    ut.expect(status_of('m2')).to_equal('VALID');
    execute immediate 'select max(status) from uts_rel02_record_chunks where source_id = ''m2'''
      into l_chunk_status;
    ut.expect(l_chunk_status).to_equal('VALID');
  end lifecycle_add_delete;

  procedure lifecycle_explicit_invalid
  is
    l_response clob := dbms_agent_memory_store.update_record(co_store,
      '{"record_type": "memory", "record_id": "m2", "status": "INVALID"}');
    l_ids json_array_t := add_rel('{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": "m2", "target_record_types": "memory", "relation_types": "refines"}');
  begin
    ut.expect(status_of('m2')).to_equal('INVALID');
    l_response := dbms_agent_memory_store.delete_relations(co_store, '{"relation_ids": "' || l_ids.get_string(0) || '"}');
    ut.expect(status_of('m2')).to_equal('INVALID');
  end lifecycle_explicit_invalid;

  procedure lifecycle_explicit_valid_while_linked
  is
    l_ids json_array_t := add_rel('{"source_record_ids": "m1", "source_record_types": "memory",'
      || ' "target_record_ids": "m2", "target_record_types": "memory", "relation_types": "duplicates"}');
    l_response clob := dbms_agent_memory_store.update_record(co_store,
      '{"record_type": "memory", "record_id": "m2", "status": "VALID"}');
  begin
    ut.expect(status_of('m2')).to_equal('INVALID');
    l_response := dbms_agent_memory_store.delete_relations(co_store, '{"relation_ids": "' || l_ids.get_string(0) || '"}');
    ut.expect(status_of('m2')).to_equal('VALID');
  end lifecycle_explicit_valid_while_linked;

  procedure lifecycle_other_paths
  is
    l_ids json_array_t := add_rel('{"source_record_ids": ["m1", "m3"], "source_record_types": "memory",'
      || ' "target_record_ids": ["m2", "m1"], "target_record_types": "memory", "relation_types": "supersedes"}');
    l_response clob;
  begin
    ut.expect(status_of('m2')).to_equal('INVALID');
    ut.expect(status_of('m1')).to_equal('INVALID');
    -- update_relations to a non-lifecycle type.
    l_response := dbms_agent_memory_store.update_relations(co_store,
      '{"relation_ids": "' || l_ids.get_string(0) || '", "relation_types": "supports"}');
    ut.expect(status_of('m2')).to_equal('VALID');
    -- Back to supersedes, then the source is deleted.
    l_response := dbms_agent_memory_store.update_relations(co_store,
      '{"relation_ids": "' || l_ids.get_string(0) || '", "relation_types": "supersedes"}');
    ut.expect(status_of('m2')).to_equal('INVALID');
    -- delete_thread t1 deletes m3, the source of m3 -> m1: m1 is VALID again.
    l_response := dbms_agent_memory_store.delete_thread(co_store, '{"thread_id": "t1"}');
    ut.expect(status_of('m1')).to_equal('VALID');
    -- delete_record of m1, the source of m1 -> m2: m2 is VALID again.
    l_response := dbms_agent_memory_store.delete_record(co_store, '{"record_type": "memory", "record_id": "m1"}');
    ut.expect(status_of('m2')).to_equal('VALID');
    ut.expect(relation_count).to_equal(0);
  end lifecycle_other_paths;

  procedure lifecycle_two_links
  is
    l_ids json_array_t := add_rel('{"source_record_ids": ["m1", "m3", "m4"], "source_record_types": "memory",'
      || ' "target_record_ids": "m2", "target_record_types": "memory",'
      || ' "relation_types": ["supersedes", "refines", "contradicts"]}');
    l_response clob;
  begin
    ut.expect(status_of('m2')).to_equal('INVALID');
    l_response := dbms_agent_memory_store.delete_relations(co_store, '{"relation_ids": "' || l_ids.get_string(0) || '"}');
    ut.expect(status_of('m2')).to_equal('INVALID');
    l_response := dbms_agent_memory_store.delete_relations(co_store, '{"relation_ids": "' || l_ids.get_string(1) || '"}');
    ut.expect(status_of('m2')).to_equal('VALID');
  end lifecycle_two_links;

end test_agentmem_relations;
/
