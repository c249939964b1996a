create or replace package body test_agentmem_record_edit
as

  subtype t_case is test_agentmem_records.t_case;
  subtype t_case_list is test_agentmem_records.t_case_list;

  co_png constant varchar2(200 char) :=
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

  procedure setup_suite
  is
  begin
    test_agentmem_records.prepare_stores;
  end setup_suite;

  procedure cleanup_suite
  is
  begin
    rollback;
    test_agentmem_records.drop_stores;
  end cleanup_suite;

  procedure rollback_test
  is
  begin
    rollback;   -- every test sees the committed data set again
  end rollback_test;

  ------------------------------------------------------------------------------
  -- Helpers
  ------------------------------------------------------------------------------

  function label(p_case in t_case) return varchar2
  is
  begin
    return p_case.op || '/' || p_case.name;
  end label;

  function rec01 return varchar2
  is
  begin
    return test_agentmem_records.co_rec01;
  end rec01;

  procedure compare_record(p_label in varchar2, p_actual in json_object_t, p_expected in json_object_t)
  is
    l_actual   clob := test_agentmem_records.normalized(p_actual, false).to_clob;
    l_expected clob := test_agentmem_records.normalized(p_expected, true).to_clob;
  begin
    ut.expect(test_agentmem_records.same_json(l_actual, l_expected),
              p_label || ': expected ' || dbms_lob.substr(l_expected, 1500, 1) || ' got '
              || dbms_lob.substr(l_actual, 1500, 1)).to_be_true;
  end compare_record;

  procedure compare_records(p_label in varchar2, p_actual in json_array_t, p_expected in json_array_t)
  is
  begin
    ut.expect(p_actual.get_size, p_label || ': number of records').to_equal(p_expected.get_size);
    for i in 0 .. least(p_actual.get_size, p_expected.get_size) - 1 loop
      compare_record(p_label || ' [' || i || ']', treat(p_actual.get(i) as json_object_t),
                     treat(p_expected.get(i) as json_object_t));
    end loop;
  end compare_records;

  function record_of(p_response in clob) return json_object_t
  is
    l_response json_object_t := json_object_t.parse(p_response);
  begin
    -- IF, not a CASE expression: CASE results of object types are not
    -- documented beyond doubt.
    if l_response.get('record').is_null then
      return null;
    end if;
    return l_response.get_object('record');
  end record_of;

  -- list_thread_messages bounds are ranks in the data set (§14): mapped
  -- to this database's seq_no values.
  function mapped(p_case in t_case) return clob
  is
    l_request json_object_t := json_object_t.parse(p_case.request);
  begin
    if p_case.op = 'list_thread_messages' then
      for l_key in 1 .. 2 loop
        declare
          l_name varchar2(30 char) := case l_key when 1 then 'range_start_seq_no' else 'range_end_seq_no' end;
        begin
          if l_request.has(l_name) and l_request.get(l_name).is_number then
            l_request.put(l_name, test_agentmem_records.seq_of_rank(l_request.get_number(l_name)));
          end if;
        end;
      end loop;
    end if;
    return l_request.to_clob;
  end mapped;

  -- Runs every case of p_op: rejections as test_agentmem_records checks
  -- them; accepted reads compared record by record, writes by response
  -- and chunk rows.
  procedure run_cases(p_op in varchar2, p_minimum in pls_integer)
  is
    l_cases    t_case_list := test_agentmem_records.cases(p_op);
    l_response clob;
    l_expected json_object_t;
  begin
    ut.expect(l_cases.count, p_op || ' cases').to_be_greater_or_equal(p_minimum);
    for i in 1 .. l_cases.count loop
      if l_cases(i).error is not null then
        test_agentmem_records.expect_rejected(l_cases(i));
      else
        l_response := test_agentmem_records.call(p_op, test_agentmem_records.store_of(l_cases(i)), mapped(l_cases(i)));
        case p_op
          when 'get_record' then
            l_expected := record_of(l_cases(i).response);
            if l_expected is null then
              ut.expect(record_of(l_response) is null, label(l_cases(i)) || ': no record, got '
                        || dbms_lob.substr(l_response, 500, 1)).to_be_true;
            elsif record_of(l_response) is null then
              ut.fail(label(l_cases(i)) || ': expected a record, got null');
            else
              compare_record(label(l_cases(i)), record_of(l_response), l_expected);
            end if;
          when 'list_records' then
            compare_records(label(l_cases(i)), json_object_t.parse(l_response).get_array('records'),
                            json_object_t.parse(l_cases(i).response).get_array('records'));
          when 'list_thread_messages' then
            compare_records(label(l_cases(i)), json_object_t.parse(l_response).get_array('records'),
                            json_object_t.parse(l_cases(i).response).get_array('records'));
          else
            ut.expect(test_agentmem_records.same_json(l_response, l_cases(i).response),
                      label(l_cases(i)) || ': expected ' || dbms_lob.substr(l_cases(i).response, 500, 1) || ' got '
                      || dbms_lob.substr(l_response, 500, 1)).to_be_true;
        end case;
        if l_cases(i).chunks is not null then
          ut.expect(test_agentmem_records.actual_chunks(test_agentmem_records.store_of(l_cases(i)), l_cases(i).chunks),
                    label(l_cases(i)) || ': chunk rows')
            .to_equal(test_agentmem_records.expected_chunks(l_cases(i).chunks));
        end if;
      end if;
      rollback;
    end loop;
  end run_cases;

  function one_value(p_sql_table in varchar2, p_column in varchar2, p_id in varchar2) return varchar2
  is
    l_value varchar2(4000 char);
  begin
    execute immediate
      'select max(' || case p_column when 'status' then 'status'
                                     else 'to_char(expires_at, ''YYYYMMDDHH24MISSFF'')' end || ') from '
      || dbms_assert.enquote_name(dbms_assert.simple_sql_name(p_sql_table))
      || ' where ' || case when p_sql_table like '%RECORD_CHUNKS' then 'source_id' else 'record_id' end || ' = :1'
      into l_value
      using p_id;
    return l_value;
  end one_value;

  function row_count(p_sql_table in varchar2, p_where in varchar2, p_id in varchar2) return number
  is
    l_count number;
  begin
    execute immediate
      'select count(*) from ' || dbms_assert.enquote_name(dbms_assert.simple_sql_name(p_sql_table)) || ' where '
      || case p_where when 'source' then 'source_id = :1' when 'message' then 'message_id = :1'
                      when 'relation' then 'relation_id = :1' else 'record_id = :1' end
      into l_count
      using p_id;
    return l_count;
  end row_count;

  procedure add_relation(p_id in varchar2, p_source in varchar2, p_source_type in varchar2, p_target in varchar2,
                         p_target_type in varchar2)
  is
  begin
    -- The relation API is another issue's: the row is written directly.
    execute immediate
      'insert into ' || dbms_assert.enquote_name(rec01 || '_RELATION')
      || ' (relation_id, source_id, source_type, target_id, target_type, relation_type, opposite_relation_type)'
      || ' values (:1, :2, :3, :4, :5, ''supersedes'', ''superseded_by'')'
      using p_id, p_source, p_source_type, p_target, p_target_type;
  end add_relation;

  ------------------------------------------------------------------------------
  -- Fixtures
  ------------------------------------------------------------------------------

  procedure get_record_fixtures
  is
  begin
    run_cases('get_record', 14);
  end get_record_fixtures;

  procedure list_records_fixtures
  is
  begin
    run_cases('list_records', 18);
  end list_records_fixtures;

  procedure list_thread_messages_fixtures
  is
  begin
    run_cases('list_thread_messages', 7);
  end list_thread_messages_fixtures;

  procedure update_record_fixtures
  is
  begin
    run_cases('update_record', 27);
  end update_record_fixtures;

  procedure delete_fixtures
  is
  begin
    run_cases('delete_record', 7);
    run_cases('delete_thread', 3);
  end delete_fixtures;

  ------------------------------------------------------------------------------
  -- Behaviour beyond the fixtures
  ------------------------------------------------------------------------------

  procedure status_and_expiry_follow
  is
    l_response clob;
    l_expires  varchar2(100 char);
  begin
    l_response := dbms_agent_memory_store.update_record(rec01,
      '{"record_type": "message", "record_id": "msg2", "status": "INVALID", "ttl_days": 2}');
    ut.expect(test_agentmem_records.same_json(l_response, '{"updated": 1, "warnings": []}')).to_be_true;
    l_expires := one_value(rec01 || '_MESSAGE', 'expires', 'msg2');
    -- ttl_days 2 sets an expiry: NULL here would make the equalities below pass vacuously.
    ut.expect(l_expires, 'message expiry').not_to_be_null();
    ut.expect(one_value(rec01 || '_DOCUMENT', 'status', 'img-p1'), 'part status').to_equal('INVALID');
    ut.expect(one_value(rec01 || '_DOCUMENT', 'expires', 'img-p1'), 'part expiry').to_equal(l_expires);
    ut.expect(one_value(rec01 || '_RECORD_CHUNKS', 'status', 'msg2'), 'message rows').to_equal('INVALID');
    ut.expect(one_value(rec01 || '_RECORD_CHUNKS', 'expires', 'msg2'), 'message rows').to_equal(l_expires);
    ut.expect(one_value(rec01 || '_RECORD_CHUNKS', 'status', 'img-p1'), 'part rows').to_equal('INVALID');
    ut.expect(one_value(rec01 || '_RECORD_CHUNKS', 'expires', 'img-p1'), 'part rows').to_equal(l_expires);
  end status_and_expiry_follow;

  procedure message_parts_replaced
  is
    l_response clob;
  begin
    l_response := dbms_agent_memory_store.update_record(rec01, '{"record_type": "message", "record_id": "msg2",'
      || ' "content": [{"type": "text", "text": "New text"}, {"type": "image", "id": "img-p2", "mime_type": "image/png",'
      || ' "bytes": "' || co_png || '", "description": "New picture"}]}');
    ut.expect(row_count(rec01 || '_DOCUMENT', 'record', 'img-p1'), 'old part').to_equal(0);
    ut.expect(row_count(rec01 || '_RECORD_CHUNKS', 'source', 'img-p1'), 'old part rows').to_equal(0);
    ut.expect(row_count(rec01 || '_DOCUMENT', 'message', 'msg2'), 'new parts').to_equal(1);
    ut.expect(row_count(rec01 || '_RECORD_CHUNKS', 'source', 'img-p2'), 'new part rows').to_equal(1);
    ut.expect(dbms_agent_memory_store.get_content(rec01, 'message', 'msg2')).to_equal(to_clob('New text'));
    ut.expect(dbms_agent_memory_store.get_content(rec01, 'image', 'img-p2')).to_equal(to_clob('New picture'));
    -- The part's id may not be another image's.
    begin
      l_response := dbms_agent_memory_store.update_record(rec01, '{"record_type": "message", "record_id": "msg1",'
        || ' "content": [{"type": "image", "id": "img1", "mime_type": "image/png", "bytes": "' || co_png || '"}]}');
      ut.fail('expected DUPLICATE_ID for a part id taken by img1');
    exception
      when dbms_agent_memory_store.e_duplicate_id then
        ut.expect(sqlerrm).to_be_like('%content[0].id ''img1'' already exists%');
    end;
  end message_parts_replaced;

  procedure delete_removes_relations
  is
    l_response clob;
  begin
    add_relation('r1', 'm1', 'memory', 'm2', 'memory');
    add_relation('r2', 'f1', 'fact', 'm1', 'memory');
    add_relation('r3', 'f1', 'fact', 'f3', 'fact');
    l_response := dbms_agent_memory_store.delete_record(rec01, '{"record_type": "memory", "record_id": "m1"}');
    ut.expect(row_count(rec01 || '_RELATION', 'relation', 'r1'), 'm1 as source').to_equal(0);
    ut.expect(row_count(rec01 || '_RELATION', 'relation', 'r2'), 'm1 as target').to_equal(0);
    ut.expect(row_count(rec01 || '_RELATION', 'relation', 'r3'), 'unrelated relation').to_equal(1);
  end delete_removes_relations;

  procedure delete_thread_removes_relations
  is
    l_response clob;
  begin
    add_relation('r1', 'm2', 'memory', 'm1', 'memory');   -- m1 is in t1
    add_relation('r3', 'f1', 'fact', 'f3', 'fact');
    l_response := dbms_agent_memory_store.delete_thread(rec01, '{"thread_id": "t1"}');
    ut.expect(test_agentmem_records.same_json(l_response, '{"deleted": 1}')).to_be_true;
    ut.expect(row_count(rec01 || '_RELATION', 'relation', 'r1'), 'relation to m1').to_equal(0);
    ut.expect(row_count(rec01 || '_RELATION', 'relation', 'r3'), 'unrelated relation').to_equal(1);
    ut.expect(row_count(rec01 || '_MEMORY', 'record', 'm1'), 'm1 cascaded').to_equal(0);
    ut.expect(row_count(rec01 || '_MEMORY', 'record', 'm2'), 'm2 has no thread').to_equal(1);
  end delete_thread_removes_relations;

  procedure ttl_refresh_revives
  is
    l_response clob;
  begin
    l_response := dbms_agent_memory_store.add_records(rec01, '{"record_type": "memory", "contents": ["old"],'
      || ' "record_ids": "old1", "timestamps": "2000-01-01T00:00:00Z", "ttl_days": 1, "ttl_anchor": "TIMESTAMP"}');
    ut.expect(record_of(dbms_agent_memory_store.get_record(rec01, '{"record_type": "memory", "record_id": "old1"}'))
              is null, 'expired').to_be_true;
    l_response := dbms_agent_memory_store.update_record(rec01,
      '{"record_type": "memory", "record_id": "old1", "ttl_days": 10, "ttl_anchor": "CREATED_AT"}');
    ut.expect(test_agentmem_records.same_json(l_response, '{"updated": 1, "warnings": []}')).to_be_true;
    ut.expect(record_of(dbms_agent_memory_store.get_record(rec01, '{"record_type": "memory", "record_id": "old1"}'))
              is null, 'visible again').to_be_false;
  end ttl_refresh_revives;

  procedure list_limits
  is
    l_contents json_array_t := json_array_t();
    l_ids      json_array_t := json_array_t();
    l_request  json_object_t := json_object_t();
    l_records  json_array_t;
    l_response clob;
  begin
    for i in 1 .. 1001 loop
      l_contents.append('memory ' || i);
      l_ids.append('lim' || lpad(i, 4, '0'));
    end loop;
    l_request.put('record_type', 'memory');
    l_request.put('contents', l_contents);
    l_request.put('record_ids', l_ids);
    l_request.put('user_ids', 'limit-user');
    l_request.put('batch_size', 100);
    l_response := dbms_agent_memory_store.add_records(rec01, l_request.to_clob);
    l_records := json_object_t.parse(dbms_agent_memory_store.list_records(rec01,
                   '{"record_type": "memory", "user_id": "limit-user"}')).get_array('records');
    ut.expect(l_records.get_size, 'default limit').to_equal(1000);
    ut.expect(treat(l_records.get(0) as json_object_t).get_string('id'), 'oldest of the newest 1000').to_equal('lim0002');
    ut.expect(treat(l_records.get(999) as json_object_t).get_string('id'), 'newest').to_equal('lim1001');
    l_records := json_object_t.parse(dbms_agent_memory_store.list_records(rec01,
                   '{"record_type": "memory", "user_id": "limit-user", "limit": null}')).get_array('records');
    ut.expect(l_records.get_size, 'no limit').to_equal(1001);
  end list_limits;

  procedure purge_expired_cleans_up
  is
    l_response clob;
  begin
    -- pg-old expired in 2000; pg-target is INVALID while pg-old supersedes it.
    l_response := dbms_agent_memory_store.add_records(rec01, '{"record_type": "memory",'
      || ' "contents": ["old fact", "newer fact"], "record_ids": ["pg-old", "pg-target"], "user_ids": "purge-user",'
      || ' "timestamps": ["2000-01-01T00:00:00Z", null], "ttl_days": [1, null], "ttl_anchor": ["TIMESTAMP", "CREATED_AT"],'
      || ' "statuses": ["VALID", "INVALID"]}');
    add_relation('pg-r1', 'pg-old', 'memory', 'pg-target', 'memory');
    commit;   -- purge_expired commits: the rows it works on must be committed
    begin
      dbms_agent_memory_store.purge_expired(rec01, 10);
      ut.expect(row_count(rec01 || '_MEMORY', 'record', 'pg-old'), 'expired record').to_equal(0);
      ut.expect(row_count(rec01 || '_RECORD_CHUNKS', 'source', 'pg-old'), 'its rows').to_equal(0);
      ut.expect(row_count(rec01 || '_RELATION', 'relation', 'pg-r1'), 'its relation').to_equal(0);
      ut.expect(row_count(rec01 || '_MEMORY', 'record', 'pg-target'), 'unexpired record').to_equal(1);
      ut.expect(one_value(rec01 || '_MEMORY', 'status', 'pg-target'), 'lifecycle target').to_equal('VALID');
      ut.expect(one_value(rec01 || '_RECORD_CHUNKS', 'status', 'pg-target'), 'target rows').to_equal('VALID');
    exception
      when others then
        rollback;
        l_response := dbms_agent_memory_store.delete_record(rec01, '{"record_type": "memory", "record_id": "pg-old"}');
        l_response := dbms_agent_memory_store.delete_record(rec01, '{"record_type": "memory", "record_id": "pg-target"}');
        commit;
        raise;
    end;
    l_response := dbms_agent_memory_store.delete_record(rec01, '{"record_type": "memory", "record_id": "pg-target"}');
    commit;
  end purge_expired_cleans_up;

end test_agentmem_record_edit;
/
