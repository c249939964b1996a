create or replace package body test_agentmem_relations
as

  co_store constant varchar2(16 char) := 'UTS_REL01';

  procedure setup_suite
  is
    l_response clob;
  begin
    l_response := dbms_agent_memory_store.open_store(
      '{"memory_store_id": "UTS_REL01", "schema_policy": "RECREATE", "search_strategy": "KEYWORD", "vector_dim": 4}');
    l_response := dbms_agent_memory_store.add_records(co_store,
      '{"record_type": "thread", "contents": [null], "record_ids": ["t1"], "user_ids": "u1"}');
    l_response := dbms_agent_memory_store.add_records(co_store,
      '{"record_type": "memory", "contents": ["one", "two", "three", "four"], "record_ids": ["m1", "m2", "m3", "m4"],'
      || ' "thread_ids": [null, null, "t1", "t1"], "user_ids": "u1"}');
    commit;
  end setup_suite;

  procedure cleanup_suite
  is
  begin
    rollback;
    dbms_agent_memory_store.drop_store(co_store);
  end cleanup_suite;

  procedure rollback_test
  is
  begin
    rollback;
  end rollback_test;

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
    execute immediate 'select count(*) from uts_rel01_relation' into l_count;
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
    ut.expect(l_ids.get_string(0)).to_match('^[0-9a-f]{32}$');
    ut.expect(l_ids.get_string(1)).to_match('^[0-9a-f]{32}$');
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
    execute immediate 'select max(status) from uts_rel01_record_chunks where source_id = ''m2'''
      into l_chunk_status;
    ut.expect(l_chunk_status).to_equal('INVALID');
    ut.expect(json_object_t.parse(dbms_agent_memory_store.delete_relations(co_store,
      '{"relation_ids": "' || l_ids.get_string(0) || '"}')).get_number('deleted')).to_equal(1);
    ut.expect(status_of('m2')).to_equal('VALID');
    execute immediate 'select max(status) from uts_rel01_record_chunks where source_id = ''m2'''
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
