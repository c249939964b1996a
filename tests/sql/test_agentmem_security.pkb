create or replace package body test_agentmem_security
as

  co_vector_store  constant varchar2(16 char) := 'UTS_SEC_V';
  co_keyword_store constant varchar2(16 char) := 'UTS_SEC_K';
  co_hybrid_store  constant varchar2(16 char) := 'UTS_SEC_H';
  co_plain_store   constant varchar2(16 char) := 'UTS_SEC_P';
  co_recreate_store constant varchar2(16 char) := 'UTS_SEC_R';
  co_hybrid_model  constant varchar2(30 char) := 'ALL_MINILM_L12_V2';
  co_user_a        constant varchar2(8 char) := 'UA';
  co_user_b        constant varchar2(8 char) := 'UB';

  -- Why a group of tests cannot run here, or NULL when it can.
  g_context_why varchar2(400 char);
  g_vpd_why     varchar2(400 char);
  g_keyword_why varchar2(400 char);
  g_hybrid_why  varchar2(400 char);

  -- ORA-00439 (feature not enabled): DBMS_RLS outside Enterprise Edition.
  e_feature_disabled exception;
  pragma exception_init(e_feature_disabled, -439);
  -- ORA-28115 (policy with check option violation): a row written under a
  -- policy with update_check does not satisfy its predicate.
  e_policy_check exception;
  pragma exception_init(e_policy_check, -28115);

  ------------------------------------------------------------------------------
  -- Helpers
  ------------------------------------------------------------------------------

  procedure skipped(p_test in varchar2, p_reason in varchar2)
  is
  begin
    dbms_output.put_line('SKIPPED: test_agentmem_security.' || p_test || ': ' || p_reason);
  end skipped;

  function owner_name return varchar2
  is
  begin
    return sys_context('USERENV', 'CURRENT_USER');
  end owner_name;

  -- "OWNER"."<STORE>_<BASE>": the store tables of this schema.
  -- agentmem:sql-builder
  function store_table(p_store_id in varchar2, p_base in varchar2) return varchar2
  is
  begin
    return dbms_assert.enquote_name(owner_name, false) || '.'
           || dbms_assert.enquote_name(p_store_id || '_' || p_base, false);
  end store_table;

  function table_exists(p_name in varchar2) return boolean
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from sys.user_tables where table_name = p_name;
    return l_count > 0;
  end table_exists;

  procedure as_user(p_user in varchar2)
  is
  begin
    dbms_agent_memory_store.set_end_user(p_user);
  end as_user;

  procedure as_owner
  is
  begin
    dbms_agent_memory_store.clear_end_user;
  end as_owner;

  -- Rows of a store table matching p_where (a fixed condition of this
  -- suite), counted in the current session (under VPD when an end user is set).
  function row_count(p_store_id in varchar2, p_base in varchar2, p_where in varchar2) return pls_integer
  is
    l_count pls_integer;
  begin
    execute immediate 'select count(*) from ' || store_table(p_store_id, p_base) || ' where ' || p_where
      into l_count;
    return l_count;
  end row_count;

  procedure open_store(p_request in varchar2)
  is
    l_response clob;
  begin
    l_response := dbms_agent_memory_store.open_store(p_request);
  end open_store;

  procedure add_data(p_store_id in varchar2, p_request in varchar2, p_vectors in varchar2, p_with_vectors in boolean)
  is
    l_request  json_object_t := json_object_t.parse(p_request);
    l_response clob;
  begin
    if p_with_vectors and p_vectors is not null then
      l_request.put('embeddings', json_array_t.parse(p_vectors));
    end if;
    l_response := dbms_agent_memory_store.add_records(p_store_id, l_request.to_clob);
  end add_data;

  -- The ids of the records of a list (key p_key of p_doc) as ',id1,id2,'.
  function id_set(p_doc in clob, p_key in varchar2, p_inner in varchar2) return varchar2
  is
    l_list json_array_t := json_object_t.parse(p_doc).get_array(p_key);
    l_item json_object_t;
    l_ids  varchar2(4000 char) := ',';
  begin
    if l_list is null then
      return l_ids;
    end if;
    for i in 0 .. l_list.get_size - 1 loop
      l_item := treat(l_list.get(i) as json_object_t);
      if p_inner is not null then
        l_item := l_item.get_object(p_inner);
      end if;
      l_ids := l_ids || l_item.get_string('id') || ',';
    end loop;
    return l_ids;
  end id_set;

  -- The error code a call raised, or NULL.
  function code_of(p_block in varchar2, p_store_id in varchar2) return number
  is
  begin
    execute immediate p_block using p_store_id;
    return null;
  exception
    when dbms_agent_memory_store.e_end_user_context_required
      or dbms_agent_memory_store.e_end_user_context_forbidden
      or dbms_agent_memory_store.e_not_found
      or dbms_agent_memory_store.e_invalid_argument then
      return sqlcode;
  end code_of;

  procedure drop_quietly(p_store_id in varchar2)
  is
  begin
    dbms_agent_memory_store.drop_store(p_store_id);
  exception
    when dbms_agent_memory_store.e_not_found then
      null;   -- already gone: the goal of a cleanup
  end drop_quietly;

  procedure drop_test_stores
  is
  begin
    for r in (select store_key from agentmem_store_registry
               where store_key like 'UTS\_SEC\_%' escape '\' order by store_key) loop
      drop_quietly(r.store_key);
    end loop;
  end drop_test_stores;

  ------------------------------------------------------------------------------
  -- Setup
  ------------------------------------------------------------------------------

  procedure load_data(p_store_id in varchar2, p_with_vectors in boolean)
  is
    l_response clob;
  begin
    add_data(p_store_id, '{"record_type": "thread", "contents": [null, null], "record_ids": ["tA", "tB"],'
      || ' "user_ids": ["UA", "UB"], "agent_ids": "ag1"}', null, false);
    add_data(p_store_id, '{"record_type": "message", "contents": ["alpha pizza message", "beta pizza message"],'
      || ' "record_ids": ["mA1", "mB1"], "thread_ids": ["tA", "tB"], "user_ids": ["UA", "UB"], "roles": "user"}',
      '[[1, 0, 0], [0.9, 0.1, 0]]', p_with_vectors);
    add_data(p_store_id, '{"record_type": "memory",'
      || ' "contents": ["alpha pizza memory", "beta pizza memory", "global pizza memory"],'
      || ' "record_ids": ["memA", "memB", "memG"], "user_ids": ["UA", "UB", null]}',
      '[[1, 0, 0], [0.95, 0.05, 0], [0.8, 0.2, 0]]', p_with_vectors);
    add_data(p_store_id, '{"record_type": "user_profile", "contents": ["alpha pizza profile", "beta pizza profile"],'
      || ' "record_ids": ["UA", "UB"]}', '[[1, 0, 0], [0.9, 0.1, 0]]', p_with_vectors);
    add_data(p_store_id, '{"record_type": "agent_profile", "contents": ["agent pizza profile"],'
      || ' "record_ids": ["ag1"]}', '[[0.7, 0.3, 0]]', p_with_vectors);
    add_data(p_store_id, '{"record_type": "image", "record_ids": ["imgA", "imgB"], "user_ids": ["UA", "UB"],'
      || ' "contents": ["iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",'
      || ' "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="],'
      || ' "index_texts": ["alpha pizza image", "beta pizza image"], "metadata": {"image_mime_type": "image/png"}}',
      '[[1, 0, 0], [0.9, 0.1, 0]]', p_with_vectors);
    add_data(p_store_id, '{"record_type": "thread_summary", "record_ids": ["sA", "sB"], "thread_ids": ["tA", "tB"],'
      || ' "user_ids": ["UA", "UB"], "contents": ["alpha pizza summary", "beta pizza summary"]}',
      '[[1, 0, 0], [0.9, 0.1, 0]]', p_with_vectors);
    l_response := dbms_agent_memory_store.add_relations(p_store_id,
      '{"relation_ids": ["rAG", "rAB", "rBG"], "source_record_ids": ["memA", "memA", "memB"],'
      || ' "source_record_types": "memory", "target_record_ids": ["memG", "memB", "memG"],'
      || ' "target_record_types": "memory", "relation_types": "supports"}');
  end load_data;

  -- Policy rows, grants and the VPD policies of one store.
  procedure protect(p_store_id in varchar2)
  is
    l_policy varchar2(300 char) := dbms_assert.enquote_name(owner_name, false) || '."AGENTMEM_SECURITY_POLICY"';
    l_grant  varchar2(300 char) := dbms_assert.enquote_name(owner_name, false) || '."AGENTMEM_SECURITY_GRANT"';
  begin
    execute immediate 'insert into ' || l_policy || ' (store_id, policy, enforcement)'
      || ' select :b_store, p.policy, ''VPD'' from (select ''USER_OWN_ROWS'' policy from sys.dual'
      || ' union all select ''GLOBAL_MEMORIES'' from sys.dual) p' using p_store_id;
    execute immediate 'insert into ' || l_grant || ' (store_id, principal_type, principal, policy)'
      || ' select :b_store, ''END_USER'', u.principal, p.policy'
      || ' from (select ''UA'' principal from sys.dual union all select ''UB'' from sys.dual) u'
      || ' cross join (select ''USER_OWN_ROWS'' policy from sys.dual union all'
      || ' select ''GLOBAL_MEMORIES'' from sys.dual) p' using p_store_id;
    commit;
    agentmem_vpd.attach_policies(owner_name, p_store_id);
  end protect;

  -- Why VPD cannot run here, or NULL (each condition checked explicitly).
  function vpd_possible return varchar2
  is
    l_count pls_integer;
  begin
    if not table_exists('AGENTMEM_SECURITY_POLICY') or not table_exists('AGENTMEM_SECURITY_GRANT') then
      return 'migration 000003_security is not applied (no AGENTMEM_SECURITY_POLICY / _GRANT)';
    end if;
    select count(*) into l_count from sys.all_objects
     where owner = 'SYS' and object_name = 'DBMS_RLS' and object_type = 'PACKAGE';
    if l_count = 0 then
      return 'no EXECUTE on SYS.DBMS_RLS for ' || owner_name;
    end if;
    return null;
  end vpd_possible;

  function text_installed return boolean
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from sys.all_users where username = 'CTXSYS';
    return l_count > 0;
  end text_installed;

  function hybrid_possible return varchar2
  is
    l_models  pls_integer;
    l_version varchar2(160 char);
  begin
    if not text_installed then
      return 'Oracle Text is not installed (no user CTXSYS)';
    end if;
    select count(*) into l_models from sys.user_mining_models where model_name = co_hybrid_model;
    if l_models = 0 then
      return 'no in-database model ' || co_hybrid_model || ' in this schema (USER_MINING_MODELS)';
    end if;
    select max(version_full) into l_version from sys.product_component_version where version_full is not null;
    if to_number(regexp_substr(l_version, '[0123456789]+', 1, 1, 'c')) * 1000
       + to_number(regexp_substr(l_version, '[0123456789]+', 1, 2, 'c')) < 23006 then
      return 'release ' || l_version || ' is before 23.6';
    end if;
    return null;
  end hybrid_possible;

  procedure setup_suite
  is
  begin
    as_owner;
    drop_test_stores;
    -- The application context: set_end_user raises SCHEMA_MISSING when the
    -- install could not create it (CREATE ANY CONTEXT missing).
    begin
      as_user(co_user_a);
      as_owner;
    exception
      when dbms_agent_memory_store.e_schema_missing then
        g_context_why := 'the end-user application context does not exist (grant CREATE ANY CONTEXT and'
                         || ' run agentmem install-packages)';
    end;
    open_store('{"memory_store_id": "' || co_plain_store || '", "schema_policy": "CREATE_IF_NECESSARY",'
               || ' "search_strategy": "VECTOR", "vector_dim": 3}');
    g_vpd_why := coalesce(g_context_why, vpd_possible);
    if g_vpd_why is null then
      open_store('{"memory_store_id": "' || co_vector_store || '", "schema_policy": "CREATE_IF_NECESSARY",'
                 || ' "search_strategy": "VECTOR", "vector_dim": 3}');
      load_data(co_vector_store, true);
      commit;
      begin
        protect(co_vector_store);
      exception
        when e_feature_disabled then
          g_vpd_why := 'VPD is not enabled in this database (ORA-00439: Fine-grained access control needs'
                       || ' Enterprise Edition)';
      end;
    end if;
    g_keyword_why := coalesce(g_vpd_why, case when not text_installed
                                                then 'Oracle Text is not installed (no user CTXSYS)' end);
    if g_keyword_why is null then
      open_store('{"memory_store_id": "' || co_keyword_store || '", "schema_policy": "CREATE_IF_NECESSARY",'
                 || ' "search_strategy": "KEYWORD"}');
      load_data(co_keyword_store, false);
      commit;   -- ON_COMMIT: rows become searchable when committed
      protect(co_keyword_store);
    end if;
    g_hybrid_why := coalesce(g_vpd_why, hybrid_possible);
    if g_hybrid_why is null then
      open_store('{"memory_store_id": "' || co_hybrid_store || '", "schema_policy": "CREATE_IF_NECESSARY",'
                 || ' "search_strategy": "HYBRID", "embedding_model": "' || co_hybrid_model || '"}');
      load_data(co_hybrid_store, false);
      commit;
      protect(co_hybrid_store);
    end if;
  end setup_suite;

  procedure cleanup_suite
  is
  begin
    rollback;
    as_owner;
    drop_test_stores;
  end cleanup_suite;

  procedure reset_end_user
  is
  begin
    as_owner;
  end reset_end_user;

  ------------------------------------------------------------------------------
  -- End-user context
  ------------------------------------------------------------------------------

  procedure set_and_clear
  is
    l_code number;
  begin
    if g_context_why is not null then
      skipped('set_and_clear', g_context_why);
      return;
    end if;
    as_user('Mixed.Case@Name');
    ut.expect(dbms_agent_memory_store.current_end_user, 'as given, case kept').to_equal('Mixed.Case@Name');
    as_owner;
    ut.expect(dbms_agent_memory_store.current_end_user, 'after clear_end_user').to_be_null();
    as_owner;   -- clearing a cleared session is allowed
    begin
      as_user(null);
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        l_code := sqlcode;
    end;
    ut.expect(l_code, 'null name').to_equal(dbms_agent_memory_store.co_invalid_argument);
    l_code := null;
    begin
      as_user('bad' || chr(10) || 'name');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        l_code := sqlcode;
    end;
    ut.expect(l_code, 'control character').to_equal(dbms_agent_memory_store.co_invalid_argument);
    l_code := null;
    begin
      as_user(rpad('x', 129, 'x'));
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        l_code := sqlcode;
    end;
    ut.expect(l_code, '129 characters').to_equal(dbms_agent_memory_store.co_invalid_argument);
    ut.expect(dbms_agent_memory_store.current_end_user, 'a rejected name sets nothing').to_be_null();
  end set_and_clear;

  procedure wrapper_clears_after_error
  is
    l_code   number;
    l_result clob;
  begin
    if g_context_why is not null then
      skipped('wrapper_clears_after_error', g_context_why);
      return;
    end if;
    -- The block of the contract, as the Go client sends it, with a call that
    -- fails in the middle (get_record without record_id).
    begin
      execute immediate 'begin dbms_agent_memory_store.set_end_user(p_end_user => :b_end_user);'
        || ' :b_res := dbms_agent_memory_store.get_record(:b_store, ''{"record_type": "memory"}'');'
        || ' dbms_agent_memory_store.clear_end_user;'
        || ' exception when others then dbms_agent_memory_store.clear_end_user; raise; end;'
        using co_user_a, out l_result, co_plain_store;
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        l_code := sqlcode;
    end;
    ut.expect(l_code, 'the call failed').to_equal(dbms_agent_memory_store.co_invalid_argument);
    ut.expect(dbms_agent_memory_store.current_end_user, 'no end user after the failed block').to_be_null();
    -- And after a successful one.
    execute immediate 'begin dbms_agent_memory_store.set_end_user(p_end_user => :b_end_user);'
      || ' :b_res := dbms_agent_memory_store.current_end_user;'
      || ' dbms_agent_memory_store.clear_end_user;'
      || ' exception when others then dbms_agent_memory_store.clear_end_user; raise; end;'
      using co_user_b, out l_result;
    ut.expect(to_char(l_result), 'the end user inside the block').to_equal(co_user_b);
    ut.expect(dbms_agent_memory_store.current_end_user, 'no end user after the block').to_be_null();
  end wrapper_clears_after_error;

  ------------------------------------------------------------------------------
  -- Runtime rules
  ------------------------------------------------------------------------------

  procedure open_store_rules
  is
    l_code number;
  begin
    if g_context_why is not null then
      skipped('open_store_rules', g_context_why);
      return;
    end if;
    l_code := code_of('declare l_r clob; begin l_r := dbms_agent_memory_store.open_store(''{"memory_store_id": "''
      || :b_store || ''", "schema_policy": "NO_CHECK"}''); end;', co_plain_store);
    ut.expect(l_code, 'NO_CHECK without an end user').to_equal(dbms_agent_memory_store.co_end_user_context_required);
    as_user(co_user_a);
    l_code := code_of('declare l_r clob; begin l_r := dbms_agent_memory_store.open_store(''{"memory_store_id": "''
      || :b_store || ''", "schema_policy": "NO_CHECK"}''); end;', co_plain_store);
    ut.expect(l_code, 'NO_CHECK with an end user').to_be_null();
    l_code := code_of('declare l_r clob; begin l_r := dbms_agent_memory_store.open_store(''{"memory_store_id": "''
      || :b_store || ''"}''); end;', co_plain_store);
    ut.expect(l_code, 'REQUIRE_EXISTING with an end user').to_equal(dbms_agent_memory_store.co_end_user_context_forbidden);
    l_code := code_of('declare l_r clob; begin l_r := dbms_agent_memory_store.open_store(''{"memory_store_id": "''
      || :b_store || ''", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR",'
      || ' "vector_dim": 3}''); end;', co_plain_store);
    ut.expect(l_code, 'CREATE_IF_NECESSARY with an end user').to_equal(dbms_agent_memory_store.co_end_user_context_forbidden);
    as_owner;
  end open_store_rules;

  procedure admin_calls_forbidden
  is
    l_count pls_integer;
  begin
    if g_context_why is not null then
      skipped('admin_calls_forbidden', g_context_why);
      return;
    end if;
    as_user(co_user_a);
    ut.expect(code_of('declare l_r clob; begin l_r := dbms_agent_memory_store.upgrade_store(:b_store); end;',
      co_plain_store), 'upgrade_store').to_equal(dbms_agent_memory_store.co_end_user_context_forbidden);
    ut.expect(code_of('begin dbms_agent_memory_store.drop_store(:b_store); end;', co_plain_store), 'drop_store')
      .to_equal(dbms_agent_memory_store.co_end_user_context_forbidden);
    ut.expect(code_of('begin dbms_agent_memory_store.grant_access(:b_store, ''PUBLIC''); end;', co_plain_store),
      'grant_access').to_equal(dbms_agent_memory_store.co_end_user_context_forbidden);
    ut.expect(code_of('begin dbms_agent_memory_store.revoke_access(:b_store, ''PUBLIC''); end;', co_plain_store),
      'revoke_access').to_equal(dbms_agent_memory_store.co_end_user_context_forbidden);
    ut.expect(code_of('begin dbms_agent_memory_store.set_job_enabled(:b_store, ''PURGE'', false); end;',
      co_plain_store), 'set_job_enabled').to_equal(dbms_agent_memory_store.co_end_user_context_forbidden);
    ut.expect(code_of('declare l_r clob; begin l_r := dbms_agent_memory_store.run_job_now(:b_store, ''PURGE''); end;',
      co_plain_store), 'run_job_now').to_equal(dbms_agent_memory_store.co_end_user_context_forbidden);
    ut.expect(code_of('begin dbms_agent_memory_store.purge_expired(:b_store); end;', co_plain_store),
      'purge_expired').to_equal(dbms_agent_memory_store.co_end_user_context_forbidden);
    as_owner;
    select count(*) into l_count from agentmem_store_registry where store_key = co_plain_store;
    ut.expect(l_count, 'drop_store under an end user dropped nothing').to_equal(1);
  end admin_calls_forbidden;

  procedure user_id_inference
  is
    l_response json_object_t;
    l_id       varchar2(128 char);
    l_code     number;
  begin
    if g_context_why is not null then
      skipped('user_id_inference', g_context_why);
      return;
    end if;
    as_user(co_user_a);
    l_response := json_object_t.parse(dbms_agent_memory_store.open_thread(co_plain_store, '{"thread_id": "inf-t"}'));
    ut.expect(l_response.get_object('thread').get_string('user_id'), 'open_thread').to_equal(co_user_a);
    add_data(co_plain_store, '{"record_type": "memory", "contents": ["inferred", "kept unscoped"],'
      || ' "record_ids": ["inf-1", "inf-null"], "embeddings": [[1, 0, 0], [0, 1, 0]]}', null, false);
    l_id := dbms_agent_memory_store.add_memory(co_plain_store, 'via add_memory', p_record_id => 'inf-2');
    add_data(co_plain_store, '{"record_type": "memory", "contents": ["explicit null"], "record_ids": ["inf-3"],'
      || ' "user_ids": [null]}', null, false);
    l_response := json_object_t.parse(dbms_agent_memory_store.add_user(co_plain_store, '{"information": "me"}'));
    ut.expect(l_response.get_string('id'), 'add_user').to_equal(co_user_a);
    as_owner;
    ut.expect(row_count(co_plain_store, 'MEMORY', 'record_id in (''inf-1'', ''inf-null'', ''inf-2'')'
      || ' and user_id = ''UA'''), 'add_records and add_memory with user_ids omitted').to_equal(3);
    ut.expect(row_count(co_plain_store, 'MEMORY', 'record_id = ''inf-3'' and user_id is null'),
      'an explicit null stays unscoped').to_equal(1);
    -- Without an end user nothing is inferred: add_user needs its user_id.
    begin
      l_response := json_object_t.parse(dbms_agent_memory_store.add_user(co_plain_store, '{"information": "x"}'));
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        l_code := sqlcode;
    end;
    ut.expect(l_code, 'add_user without user_id and without an end user').to_equal(dbms_agent_memory_store.co_invalid_argument);
  end user_id_inference;

  ------------------------------------------------------------------------------
  -- VPD isolation
  ------------------------------------------------------------------------------

  procedure get_and_list
  is
    l_doc clob;
  begin
    if g_vpd_why is not null then
      skipped('get_and_list', g_vpd_why);
      return;
    end if;
    as_user(co_user_a);
    l_doc := dbms_agent_memory_store.get_record(co_vector_store, '{"record_type": "memory", "record_id": "memB"}');
    ut.expect(json_object_t.parse(l_doc).get('record').is_null, 'UA get_record memB').to_be_true();
    l_doc := dbms_agent_memory_store.get_record(co_vector_store, '{"record_type": "memory", "record_id": "memA"}');
    ut.expect(json_object_t.parse(l_doc).get_object('record').get_string('id'), 'UA get_record memA').to_equal('memA');
    l_doc := dbms_agent_memory_store.get_record(co_vector_store, '{"record_type": "user_profile", "record_id": "UB"}');
    ut.expect(json_object_t.parse(l_doc).get('record').is_null, 'UA get_record profile UB').to_be_true();
    l_doc := dbms_agent_memory_store.list_records(co_vector_store, '{"record_type": "memory"}');
    ut.expect(id_set(l_doc, 'records', null), 'UA list memories').to_equal(',memA,memG,');
    l_doc := dbms_agent_memory_store.list_records(co_vector_store, '{"record_type": "message"}');
    ut.expect(id_set(l_doc, 'records', null), 'UA list messages').to_equal(',mA1,');
    as_user(co_user_b);
    l_doc := dbms_agent_memory_store.list_records(co_vector_store, '{"record_type": "memory"}');
    ut.expect(id_set(l_doc, 'records', null), 'UB list memories').to_equal(',memB,memG,');
    as_owner;
    l_doc := dbms_agent_memory_store.list_records(co_vector_store, '{"record_type": "memory"}');
    ut.expect(id_set(l_doc, 'records', null), 'the owner without an end user sees all').to_equal(',memA,memB,memG,');
  end get_and_list;

  -- Every result id and every linked record id of a search response.
  function search_ids(p_doc in clob) return varchar2
  is
    l_results json_array_t := json_object_t.parse(p_doc).get_array('results');
    l_result  json_object_t;
    l_links   json_array_t;
    l_ids     varchar2(4000 char) := ',';
  begin
    for i in 0 .. l_results.get_size - 1 loop
      l_result := treat(l_results.get(i) as json_object_t);
      l_ids := l_ids || l_result.get_object('record').get_string('id') || ',';
      l_links := l_result.get_array('linked_results');
      if l_links is not null then
        for j in 0 .. l_links.get_size - 1 loop
          l_ids := l_ids || treat(l_links.get(j) as json_object_t).get_object('relation').get_string('id') || ','
                   || treat(l_links.get(j) as json_object_t).get_object('record').get_string('id') || ',';
        end loop;
      end if;
    end loop;
    return l_ids;
  end search_ids;

  procedure check_search(p_store_id in varchar2, p_request in varchar2)
  is
    l_ids varchar2(4000 char);
  begin
    as_user(co_user_a);
    l_ids := search_ids(dbms_agent_memory_store.search(p_store_id, p_request));
    as_owner;
    ut.expect(l_ids, p_store_id || ': UA finds its memory').to_be_like('%,memA,%');
    ut.expect(l_ids, p_store_id || ': UA never gets a UB record or link').not_to_be_like('%B%');
  end check_search;

  procedure search_vector
  is
  begin
    if g_vpd_why is not null then
      skipped('search_vector', g_vpd_why);
      return;
    end if;
    check_search(co_vector_store, '{"query_vector": [1, 0, 0], "k": 20, "num_hops": 2, "max_linked_results": 10,'
      || ' "record_types": ["memory", "message", "user_profile", "agent_profile", "image", "thread_summary"]}');
  end search_vector;

  procedure search_keyword
  is
  begin
    if g_keyword_why is not null then
      skipped('search_keyword', g_keyword_why);
      return;
    end if;
    check_search(co_keyword_store, '{"query": "pizza", "k": 20, "num_hops": 2,'
      || ' "record_types": ["memory", "message", "user_profile", "agent_profile", "image", "thread_summary"]}');
  end search_keyword;

  procedure search_hybrid
  is
  begin
    if g_hybrid_why is not null then
      skipped('search_hybrid', g_hybrid_why);
      return;
    end if;
    check_search(co_hybrid_store, '{"query": "alpha pizza", "k": 20, "num_hops": 2,'
      || ' "record_types": ["memory", "message", "user_profile", "agent_profile", "image", "thread_summary"]}');
  end search_hybrid;

  procedure thread_views
  is
    l_card    clob;
    l_summary clob;
    l_code    number;
  begin
    if g_vpd_why is not null then
      skipped('thread_views', g_vpd_why);
      return;
    end if;
    as_user(co_user_a);
    l_card := dbms_agent_memory_store.thread_get_context_card(co_vector_store,
      '{"thread": "tA", "query_vector": [1, 0, 0], "max_relevant_results": 20, "max_recent_messages": 5}');
    l_summary := dbms_agent_memory_store.thread_get_summary(co_vector_store, '{"thread": "tA"}');
    l_code := code_of('declare l_r clob; begin l_r := dbms_agent_memory_store.thread_get_summary(:b_store,'
      || ' ''{"thread": "tB"}''); end;', co_vector_store);
    as_owner;
    ut.expect(dbms_lob.instr(l_card, 'beta'), 'UA context card holds no UB text').to_equal(0);
    ut.expect(dbms_lob.instr(l_summary, 'beta'), 'UA summary holds no UB text').to_equal(0);
    ut.expect(l_code, 'UB thread is NOT_FOUND for UA').to_equal(dbms_agent_memory_store.co_not_found);
  end thread_views;

  procedure relations
  is
    l_doc     clob;
    l_deleted clob;
  begin
    if g_vpd_why is not null then
      skipped('relations', g_vpd_why);
      return;
    end if;
    as_user(co_user_a);
    l_doc := dbms_agent_memory_store.list_relations(co_vector_store, '{}');
    l_deleted := dbms_agent_memory_store.delete_relations(co_vector_store, '{"relation_ids": ["rAB", "rBG"]}');
    as_owner;
    ut.expect(id_set(l_doc, 'relations', null), 'UA sees only rAG (rAB, rBG have an endpoint of UB)').to_equal(',rAG,');
    ut.expect(row_count(co_vector_store, 'RELATION', 'relation_id in (''rAB'', ''rBG'')'),
      'UA deleted no relation it cannot see').to_equal(2);
  end relations;

  procedure deletes
  is
    l_doc clob;
  begin
    if g_vpd_why is not null then
      skipped('deletes', g_vpd_why);
      return;
    end if;
    as_user(co_user_a);
    l_doc := dbms_agent_memory_store.delete_record(co_vector_store, '{"record_type": "memory", "record_id": "memB"}');
    ut.expect(json_object_t.parse(l_doc).get_number('deleted'), 'UA delete memB').to_equal(0);
    l_doc := dbms_agent_memory_store.delete_record(co_vector_store, '{"record_type": "memory", "record_id": "memG"}');
    ut.expect(json_object_t.parse(l_doc).get_number('deleted'), 'UA delete of a global memory').to_equal(0);
    as_owner;
    ut.expect(row_count(co_vector_store, 'MEMORY', 'record_id in (''memB'', ''memG'')'), 'memB and memG stay')
      .to_equal(2);
    ut.expect(row_count(co_vector_store, 'RECORD_CHUNKS', 'source_id in (''memB'', ''memG'')'),
      'their retrieval rows stay').to_equal(2);
  end deletes;

  -- UB's rows of each table, by its owner-column rule.
  -- agentmem:sql-builder
  function ub_rows(p_base in varchar2) return varchar2
  is
  begin
    return case p_base
             when 'ACTOR_PROFILE' then 'actor_type = ''user'' and record_id = ''UB'''
             when 'RELATION' then 'relation_id in (''rAB'', ''rBG'')'
             when 'RECORD_CHUNKS' then '(user_id = ''UB'' or (source_type = ''user_profile'' and source_id = ''UB''))'
             else 'user_id = ''UB'''
           end;
  end ub_rows;

  procedure direct_sql
  is
    type t_bases is table of varchar2(30 char);
    l_bases t_bases := t_bases('THREAD', 'MESSAGE', 'MEMORY', 'ACTOR_PROFILE', 'THREAD_SUMMARY', 'DOCUMENT',
                               'RECORD_CHUNKS', 'RELATION');
    l_owner_sees pls_integer;
    l_ua_sees    pls_integer;
    l_changed    pls_integer;
    l_deleted    pls_integer;
  begin
    if g_vpd_why is not null then
      skipped('direct_sql', g_vpd_why);
      return;
    end if;
    for i in 1 .. l_bases.count loop
      l_owner_sees := row_count(co_vector_store, l_bases(i), ub_rows(l_bases(i)));
      ut.expect(l_owner_sees, l_bases(i) || ': the data set has UB rows').to_be_greater_than(0);
      as_user(co_user_a);
      l_ua_sees := row_count(co_vector_store, l_bases(i), ub_rows(l_bases(i)));
      execute immediate 'update ' || store_table(co_vector_store, l_bases(i)) || ' set created_at = created_at'
        || ' where ' || ub_rows(l_bases(i));
      l_changed := sql%rowcount;
      execute immediate 'delete from ' || store_table(co_vector_store, l_bases(i)) || ' where ' || ub_rows(l_bases(i));
      l_deleted := sql%rowcount;
      as_owner;
      ut.expect(l_ua_sees, l_bases(i) || ': UA sees no UB row').to_equal(0);
      ut.expect(l_changed, l_bases(i) || ': UA updates no UB row').to_equal(0);
      ut.expect(l_deleted, l_bases(i) || ': UA deletes no UB row').to_equal(0);
      ut.expect(row_count(co_vector_store, l_bases(i), ub_rows(l_bases(i))), l_bases(i) || ': UB rows intact')
        .to_equal(l_owner_sees);
    end loop;
    rollback;
  end direct_sql;

  procedure direct_sql_writes_checked
  is
    l_failed boolean;
  begin
    if g_vpd_why is not null then
      skipped('direct_sql_writes_checked', g_vpd_why);
      return;
    end if;
    as_user(co_user_a);
    -- update_check: a row UA changes must stay UA's.
    l_failed := false;
    begin
      execute immediate 'update ' || store_table(co_vector_store, 'MEMORY') || ' set user_id = ''UB'''
        || ' where record_id = ''memA''';
    exception
      when e_policy_check then
        l_failed := true;
    end;
    ut.expect(l_failed, 'moving memA to UB is rejected').to_be_true();
    l_failed := false;
    begin
      execute immediate 'update ' || store_table(co_vector_store, 'MEMORY') || ' set user_id = null'
        || ' where record_id = ''memA''';
    exception
      when e_policy_check then
        l_failed := true;
    end;
    ut.expect(l_failed, 'making memA global is rejected (GLOBAL_MEMORIES is read-only)').to_be_true();
    l_failed := false;
    begin
      add_data(co_vector_store, '{"record_type": "memory", "contents": ["planted"], "record_ids": ["plant-b"],'
        || ' "user_ids": "UB", "embeddings": [[1, 0, 0]]}', null, false);
    exception
      when e_policy_check then
        l_failed := true;
    end;
    ut.expect(l_failed, 'add_records for UB by UA is rejected').to_be_true();
    as_owner;
    rollback;
    ut.expect(row_count(co_vector_store, 'MEMORY', 'record_id = ''memA'' and user_id = ''UA'''), 'memA unchanged')
      .to_equal(1);
    ut.expect(row_count(co_vector_store, 'MEMORY', 'record_id = ''plant-b'''), 'nothing planted').to_equal(0);
  end direct_sql_writes_checked;

  -- Policies of this suite on the tables of a store, from USER_POLICIES.
  function policy_count(p_store_id in varchar2) return pls_integer
  is
    l_count pls_integer;
  begin
    select count(*)
      into l_count
      from sys.user_policies
     where object_name like replace(p_store_id, '_', '\_') || '\_%' escape '\'
       and policy_name in ('AGENTMEM_EU_SELECT', 'AGENTMEM_EU_DML');
    return l_count;
  end policy_count;

  -- Tables of a store (its prefix), from USER_TABLES.
  function table_count(p_store_id in varchar2) return pls_integer
  is
    l_count pls_integer;
  begin
    select count(*)
      into l_count
      from sys.user_tables
     where table_name like replace(p_store_id, '_', '\_') || '\_%' escape '\';
    return l_count;
  end table_count;

  procedure policies_follow_the_tables
  is
    l_tables pls_integer;
  begin
    if g_vpd_why is not null then
      skipped('policies_follow_the_tables', g_vpd_why);
      return;
    end if;
    open_store('{"memory_store_id": "' || co_recreate_store || '", "schema_policy": "CREATE_IF_NECESSARY",'
               || ' "search_strategy": "VECTOR", "vector_dim": 3}');
    protect(co_recreate_store);
    l_tables := table_count(co_recreate_store);
    ut.expect(l_tables, 'the store has its tables').to_be_greater_than(7);
    ut.expect(policy_count(co_recreate_store), 'two policies on each table').to_equal(2 * l_tables);
    agentmem_vpd.attach_policies(owner_name, co_recreate_store);
    ut.expect(policy_count(co_recreate_store), 'a second attach adds nothing').to_equal(2 * l_tables);
    open_store('{"memory_store_id": "' || co_recreate_store || '", "schema_policy": "RECREATE",'
               || ' "search_strategy": "VECTOR", "vector_dim": 3}');
    ut.expect(policy_count(co_recreate_store), 'the re-created tables have them again').to_equal(2 * l_tables);
    agentmem_vpd.detach_policies(owner_name, co_recreate_store);
    ut.expect(policy_count(co_recreate_store), 'detached').to_equal(0);
    agentmem_vpd.detach_policies(owner_name, co_recreate_store);
    ut.expect(policy_count(co_recreate_store), 'a second detach is no error').to_equal(0);
  end policies_follow_the_tables;

end test_agentmem_security;
/
