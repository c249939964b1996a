create or replace package body test_agentmem_store
as

  co_runtime_user constant varchar2(30 char) := 'AGENTMEM_TEST_RUNTIME';
  co_runtime_role constant varchar2(30 char) := 'AGENTMEM_TEST_ROLE';
  -- A name no user or role has (the suite never creates it).
  co_no_grantee   constant varchar2(30 char) := 'AGENTMEM_NO_SUCH_GRANTEE';

  -- Response of the open_store that created UTS_VEC in setup_suite.
  g_vec_response json_object_t;

  ------------------------------------------------------------------------------
  -- Helpers
  ------------------------------------------------------------------------------

  function open_json(p_request in varchar2) return json_object_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.open_store(p_request));
  end open_json;

  procedure drop_quietly(p_store_id in varchar2)
  is
  begin
    dbms_agent_memory_store.drop_store(p_store_id);
  exception
    when dbms_agent_memory_store.e_not_found then
      null;   -- already gone: the goal of a cleanup
  end drop_quietly;

  -- Drops the test stores whose key sorts after p_after (all for NULL). A
  -- store that fails to drop must not keep the later ones: they are tried
  -- before the failure is raised, and each failure is printed.
  procedure drop_stores_after(p_after in varchar2)
  is
    l_error varchar2(4000 char);
  begin
    for r in (select store_key from agentmem_store_registry
               where store_key like 'UTS\_%' escape '\'
                 and (p_after is null or nlssort(store_key, 'NLS_SORT=BINARY') > nlssort(p_after, 'NLS_SORT=BINARY'))
               order by nlssort(store_key, 'NLS_SORT=BINARY')) loop
      begin
        drop_quietly(r.store_key);
      exception
        when others then
          l_error := sqlerrm;   -- kept before the calls below can replace it
          dbms_output.put_line('test_agentmem_store: dropping ' || r.store_key || ' failed: ' || l_error);
          drop_stores_after(r.store_key);
          raise_application_error(-20000, 'test_agentmem_store: dropping ' || r.store_key || ' failed: ' || l_error);
      end;
    end loop;
  end drop_stores_after;

  procedure drop_test_stores
  is
  begin
    drop_stores_after(null);
  end drop_test_stores;

  function texts(p_response in json_object_t, p_key in varchar2) return varchar2
  is
    l_array json_array_t := p_response.get_array(p_key);
    l_text  varchar2(32767);
  begin
    for i in 0 .. l_array.get_size - 1 loop
      l_text := l_text || '|' || l_array.get_string(i);
    end loop;
    return l_text || '|';
  end texts;

  function store_of(p_response in json_object_t) return json_object_t
  is
  begin
    return p_response.get_object('store');
  end store_of;

  function config_of(p_response in json_object_t) return json_object_t
  is
  begin
    return store_of(p_response).get_object('config');
  end config_of;

  function release_at_least(p_major in pls_integer, p_minor in pls_integer) return boolean
  is
    l_version varchar2(160 char);
  begin
    select max(version_full) into l_version from product_component_version where version_full is not null;
    return to_number(regexp_substr(l_version, '[0123456789]+', 1, 1, 'c')) > p_major
        or (to_number(regexp_substr(l_version, '[0123456789]+', 1, 1, 'c')) = p_major
            and to_number(regexp_substr(l_version, '[0123456789]+', 1, 2, 'c')) >= p_minor);
  end release_at_least;

  function text_installed return boolean
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from all_users where username = 'CTXSYS';
    return l_count > 0;
  end text_installed;

  function table_count(p_like in varchar2) return pls_integer
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from user_tables where table_name like p_like escape '\';
    return l_count;
  end table_count;

  ------------------------------------------------------------------------------
  -- Suite setup
  ------------------------------------------------------------------------------

  procedure setup_suite
  is
  begin
    drop_test_stores;   -- left over by an interrupted run
    g_vec_response := open_json('{"memory_store_id": "UTS_VEC", "schema_policy": "CREATE_IF_NECESSARY",'
                                || ' "search_strategy": "VECTOR", "vector_dim": 8}');
  end setup_suite;

  procedure cleanup_suite
  is
  begin
    -- A failed test can leave uncommitted rows; the autonomous drops would wait
    -- on their locks, so undo them first (as the records and search suites do).
    rollback;
    drop_test_stores;
  end cleanup_suite;

  ------------------------------------------------------------------------------
  -- Request validation
  ------------------------------------------------------------------------------

  procedure id_with_dollar_rejected
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS$1", "schema_policy": "CREATE_IF_NECESSARY", "vector_dim": 8}');
  end id_with_dollar_rejected;

  procedure id_too_long_rejected
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_ABCDEFGHIJKLM", "vector_dim": 8}');
  end id_too_long_rejected;

  procedure id_leading_digit_rejected
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "1UTS"}');
  end id_leading_digit_rejected;

  procedure id_and_prefix_rejected
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_VEC", "table_name_prefix": "UTS_VEC_"}');
  end id_and_prefix_rejected;

  procedure prefix_without_underscore_rejected
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"table_name_prefix": "UTS_VEC"}');
  end prefix_without_underscore_rejected;

  procedure unknown_key_rejected
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_VEC", "vectordim": 8}');
    ut.fail('expected INVALID_ARGUMENT for the unknown key vectordim');
  exception
    when dbms_agent_memory_store.e_invalid_argument then
      ut.expect(sqlerrm).to_be_like('%INVALID_ARGUMENT: unknown request key ''vectordim''%');
  end unknown_key_rejected;

  procedure huge_value_quoted_bounded
  is
    l_request  clob := '{"memory_store_id": "UTS_BIG", "vector_dim": ["';
    l_response json_object_t;
  begin
    -- 50,000 characters: JSON_ELEMENT_T.TO_STRING of this list raises
    -- ORA-40478; the message quotes it with AGENTMEM_UTIL.shown as [...].
    for i in 1 .. 5 loop
      l_request := l_request || rpad('x', 10000, 'x');
    end loop;
    l_request := l_request || '"]}';
    l_response := json_object_t.parse(dbms_agent_memory_store.open_store(l_request));   -- open_json takes a VARCHAR2
    ut.fail('expected INVALID_ARGUMENT for a vector_dim list of 50,000 characters');
  exception
    when dbms_agent_memory_store.e_invalid_argument then
      ut.expect(sqlerrm).to_be_like('%INVALID_ARGUMENT: vector_dim [...] must be a whole number%');
  end huge_value_quoted_bounded;

  procedure huge_string_rejected
  is
    l_request  clob := '{"memory_store_id": "UTS_BIG", "vector_dim": 8, "embedding_model": "';
    l_response json_object_t;
  begin
    -- 50,000 characters: AGENTMEM_UTIL.get_text measures the string as a
    -- CLOB; read as a VARCHAR2 it could not reach the length check.
    for i in 1 .. 5 loop
      l_request := l_request || rpad('m', 10000, 'm');
    end loop;
    l_request := l_request || '"}';
    l_response := json_object_t.parse(dbms_agent_memory_store.open_store(l_request));
    ut.fail('expected INVALID_ARGUMENT for an embedding_model of 50,000 characters');
  exception
    when dbms_agent_memory_store.e_invalid_argument then
      ut.expect(sqlerrm).to_be_like('%INVALID_ARGUMENT: embedding_model ''mmm%...'' is longer than 261 characters%');
  end huge_string_rejected;

  procedure auto_sync_rejected_for_keyword
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_KWA", "schema_policy": "CREATE_IF_NECESSARY",'
                            || ' "search_strategy": "KEYWORD", "search_index_sync": "auto"}');
  end auto_sync_rejected_for_keyword;

  procedure vector_without_dim_rejected
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_NODIM", "schema_policy": "CREATE_IF_NECESSARY"}');
  end vector_without_dim_rejected;

  procedure overlap_out_of_range_rejected
  is
    l_response json_object_t;
  begin
    -- 5% to 20% of max 200 is 10..40.
    l_response := open_json('{"memory_store_id": "UTS_OVL", "schema_policy": "CREATE_IF_NECESSARY",'
                            || ' "vector_dim": 8, "chunking": {"max": 200, "overlap": 5}}');
  end overlap_out_of_range_rejected;

  procedure default_ttl_above_max_rejected
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_TTL", "schema_policy": "CREATE_IF_NECESSARY",'
                            || ' "vector_dim": 8, "memory_retention_config": {"default_ttl_days": 30,'
                            || ' "max_ttl_days": 7}}');
  end default_ttl_above_max_rejected;

  procedure schema_owner_with_create_rejected
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_VEC", "schema_owner": "' || lower(user) || '",'
                            || ' "schema_policy": "CREATE_IF_NECESSARY", "vector_dim": 8}');
  end schema_owner_with_create_rejected;

  ------------------------------------------------------------------------------
  -- VECTOR store
  ------------------------------------------------------------------------------

  procedure create_vector_store
  is
    l_comments pls_integer;
    l_columns  pls_integer;
  begin
    -- Act happened in setup_suite; assert on its response and the dictionary.
    ut.expect(store_of(g_vec_response).get_string('memory_store_id')).to_equal('UTS_VEC');
    ut.expect(store_of(g_vec_response).get_string('table_prefix')).to_equal('UTS_VEC_');
    ut.expect(store_of(g_vec_response).get_string('status')).to_equal('READY');
    ut.expect(store_of(g_vec_response).get_number('schema_version')).to_equal(3);
    ut.expect(config_of(g_vec_response).get_string('search_strategy')).to_equal('VECTOR');
    ut.expect(config_of(g_vec_response).get_number('vector_dim')).to_equal(8);
    ut.expect(config_of(g_vec_response).get_object('chunking').get_number('max')).to_equal(200);
    ut.expect(texts(g_vec_response, 'actions')).to_be_like('%|created table UTS_VEC_THREAD|%');
    ut.expect(texts(g_vec_response, 'actions')).to_be_like('%|created vector index UTS_VEC_RECORD_CHUNKS_EMB_VIX|%');
    ut.expect(table_count('UTS\_VEC\_%')).to_equal(8);
    -- Every column carries a comment.
    select count(*), count(c.comments) into l_columns, l_comments
      from user_tab_columns t
      join user_col_comments c on c.table_name = t.table_name and c.column_name = t.column_name
     where t.table_name like 'UTS\_VEC\_%' escape '\';
    ut.expect(l_comments).to_equal(l_columns);
  end create_vector_store;

  procedure purge_job_or_warning
  is
    l_jobs  pls_integer;
    l_privs pls_integer;
  begin
    select count(*) into l_jobs from user_scheduler_jobs where job_name = 'UTS_VEC_PURGE_EXPIRED_J';
    select count(*) into l_privs from session_privs where privilege in ('CREATE JOB', 'CREATE ANY JOB');
    if l_privs > 0 then
      ut.expect(l_jobs).to_equal(1);
    else
      ut.expect(l_jobs).to_equal(0);
      ut.expect(texts(g_vec_response, 'warnings')).to_be_like('%CREATE JOB privilege missing%');
    end if;
  end purge_job_or_warning;

  procedure reopen_uses_stored_strategy
  is
    l_response json_object_t := open_json('{"memory_store_id": "uts_vec"}');
  begin
    ut.expect(store_of(l_response).get_string('memory_store_id')).to_equal('UTS_VEC');
    ut.expect(config_of(l_response).get_string('search_strategy')).to_equal('VECTOR');
    ut.expect(l_response.get_array('actions').get_size).to_equal(0);
  end reopen_uses_stored_strategy;

  procedure incompatible_dimension
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_VEC", "vector_dim": 16}');
  end incompatible_dimension;

  procedure incompatible_strategy
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_VEC", "search_strategy": "KEYWORD"}');
  end incompatible_strategy;

  procedure create_if_necessary_idempotent
  is
    l_response json_object_t := open_json('{"memory_store_id": "UTS_VEC", "schema_policy": "CREATE_IF_NECESSARY",'
                                          || ' "search_strategy": "VECTOR", "vector_dim": 8}');
  begin
    ut.expect(l_response.get_array('actions').get_size).to_equal(0);
    ut.expect(store_of(l_response).get_string('status')).to_equal('READY');
  end create_if_necessary_idempotent;

  procedure retention_refresh
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_VEC", "schema_policy": "CREATE_IF_NECESSARY",'
                            || ' "memory_retention_config": {"default_ttl_days": 30}}');
    ut.expect(config_of(l_response).get_object('memory_retention_config').get_number('default_ttl_days'))
      .to_equal(30);
    ut.expect(config_of(l_response).get_object('memory_retention_config').get('max_ttl_days').is_null)
      .to_be_true();
    l_response := open_json('{"memory_store_id": "UTS_VEC"}');
    ut.expect(config_of(l_response).get_object('memory_retention_config').get_number('default_ttl_days'))
      .to_equal(30);
    begin
      l_response := open_json('{"memory_store_id": "UTS_VEC", "memory_retention_config": {"default_ttl_days": 7}}');
      ut.fail('expected INCOMPATIBLE_STORE for another retention under REQUIRE_EXISTING');
    exception
      when dbms_agent_memory_store.e_incompatible_store then
        ut.expect(sqlerrm).to_be_like('%memory_retention_config%');
    end;
  end retention_refresh;

  ------------------------------------------------------------------------------
  -- KEYWORD and HYBRID
  ------------------------------------------------------------------------------

  procedure create_keyword_store
  is
    co_request constant varchar2(400 char) := '{"memory_store_id": "UTS_KW", "schema_policy": "CREATE_IF_EMPTY",'
      || ' "search_strategy": "keyword", "search_index_sync": "MANUAL",'
      || ' "memory_retention_config": {"default_ttl_days": 30, "max_ttl_days": 90},'
      || ' "chunking": {"max": 100, "overlap": 10, "by": "words", "split": "sentence", "normalize": "none"}}';
    l_response json_object_t;
    l_type     varchar2(30 char);
  begin
    if not text_installed then
      begin
        l_response := open_json(co_request);
        ut.fail('expected UNSUPPORTED_RELEASE without Oracle Text');
      exception
        when dbms_agent_memory_store.e_unsupported_release then
          ut.expect(sqlerrm).to_be_like('%Oracle Text%');
      end;
      return;
    end if;
    l_response := open_json(co_request);
    ut.expect(config_of(l_response).get_string('search_strategy')).to_equal('KEYWORD');
    ut.expect(config_of(l_response).get_string('search_index_sync')).to_equal('MANUAL');
    ut.expect(config_of(l_response).get_object('chunking').get_string('split')).to_equal('sentence');
    ut.expect(texts(l_response, 'actions')).to_be_like('%|created text index UTS_KW_RECORD_CHUNKS_TXT_IX|%');
    select index_type into l_type from user_indexes where index_name = 'UTS_KW_RECORD_CHUNKS_TXT_IX';
    ut.expect(l_type).to_equal('DOMAIN');
  end create_keyword_store;

  procedure hybrid_unknown_model
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_HYX", "schema_policy": "CREATE_IF_NECESSARY",'
                            || ' "search_strategy": "HYBRID", "embedding_model": "UTS_NO_SUCH_MODEL"}');
    ut.fail('expected an error for an unknown embedding model');
  exception
    when dbms_agent_memory_store.e_unsupported_release then
      ut.expect(release_at_least(23, 6) and text_installed).to_be_false();
    when dbms_agent_memory_store.e_invalid_argument then
      ut.expect(release_at_least(23, 6)).to_be_true();
      ut.expect(sqlerrm).to_be_like('%UTS_NO_SUCH_MODEL%');
  end hybrid_unknown_model;

  procedure create_hybrid_store
  is
    l_model    varchar2(128 char);
    l_response json_object_t;
    l_prefs    pls_integer;
  begin
    select min(model_name) into l_model from user_mining_models where mining_function = 'EMBEDDING';
    if l_model is null or not release_at_least(23, 6) or not text_installed then
      dbms_output.put_line('SKIPPED: test_agentmem_store.create_hybrid_store: needs release 23.6+, Oracle Text'
        || ' and an ONNX embedding model in schema ' || user);
      return;
    end if;
    l_response := open_json('{"memory_store_id": "UTS_HYB", "schema_policy": "CREATE_IF_NECESSARY",'
                            || ' "search_strategy": "HYBRID", "search_index_sync": "AUTO",'
                            || ' "embedding_model": "' || l_model || '"}');
    ut.expect(config_of(l_response).get_string('search_strategy')).to_equal('HYBRID');
    ut.expect(texts(l_response, 'actions')).to_be_like('%|created vectorizer preference UTS_HYB_HYB_VECTORIZER|%');
    ut.expect(texts(l_response, 'actions')).to_be_like('%|created hybrid vector index UTS_HYB_RECORD_CHUNKS_HYB_IX|%');
    execute immediate 'select count(*) from ctx_user_preferences where pre_name = ''UTS_HYB_HYB_VECTORIZER'''
      into l_prefs;
    ut.expect(l_prefs).to_equal(1);
    -- A KEYWORD client may open the HYBRID store and gets a warning; its
    -- chunking (here the defaults, as stored) is compared on its own.
    l_response := open_json('{"memory_store_id": "UTS_HYB", "search_strategy": "KEYWORD", "chunking": {}}');
    ut.expect(texts(l_response, 'warnings')).to_be_like('%KEYWORD on a HYBRID store%');
  end create_hybrid_store;

  procedure vector_dim_from_model
  is
    l_model    varchar2(128 char);
    l_dim      number;
    l_response json_object_t;
  begin
    select min(model_name) into l_model from user_mining_models where mining_function = 'EMBEDDING';
    if l_model is null then
      dbms_output.put_line('SKIPPED: test_agentmem_store.vector_dim_from_model: needs an ONNX embedding model in'
        || ' schema ' || user);
      return;
    end if;
    execute immediate 'select vector_dimension_count(vector_embedding('
      || dbms_assert.enquote_name(l_model) || ' using ''dimension probe'' as data)) from dual' into l_dim;
    l_response := open_json('{"memory_store_id": "UTS_VDIM", "schema_policy": "CREATE_IF_NECESSARY",'
                            || ' "search_strategy": "VECTOR", "embedding_model": "' || l_model || '"}');
    ut.expect(config_of(l_response).get_number('vector_dim'), 'vector_dim').to_equal(l_dim);
    ut.expect(texts(l_response, 'actions')).to_be_like('%|created %');
  end vector_dim_from_model;

  ------------------------------------------------------------------------------
  -- Schema policies
  ------------------------------------------------------------------------------

  procedure require_existing_missing
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_NONE", "schema_policy": "require_existing"}');
  end require_existing_missing;

  procedure create_if_empty
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_CIE", "schema_policy": "CREATE_IF_EMPTY", "vector_dim": 8}');
    ut.expect(texts(l_response, 'actions')).to_be_like('%|registered store UTS_CIE in schema%');
    l_response := open_json('{"memory_store_id": "UTS_CIE", "schema_policy": "CREATE_IF_EMPTY", "vector_dim": 8}');
    ut.expect(l_response.get_array('actions').get_size).to_equal(0);
  end create_if_empty;

  procedure partial_store_repair
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_PART", "schema_policy": "CREATE_IF_NECESSARY", "vector_dim": 8}');
    execute immediate 'drop index uts_part_memory_type_ix';
    begin
      l_response := open_json('{"memory_store_id": "UTS_PART"}');
      ut.fail('expected SCHEMA_MISSING for the dropped index');
    exception
      when dbms_agent_memory_store.e_schema_missing then
        ut.expect(sqlerrm).to_be_like('%UTS_PART_MEMORY_TYPE_IX (index)%');
    end;
    l_response := open_json('{"memory_store_id": "UTS_PART", "schema_policy": "CREATE_IF_NECESSARY"}');
    ut.expect(texts(l_response, 'actions')).to_be_like('%|created index UTS_PART_MEMORY_TYPE_IX|%');
    l_response := open_json('{"memory_store_id": "UTS_PART"}');
    ut.expect(store_of(l_response).get_string('status')).to_equal('READY');
  end partial_store_repair;

  procedure broken_store_repair
  is
    l_response json_object_t;
  begin
    l_response := open_json('{"memory_store_id": "UTS_BRK", "schema_policy": "CREATE_IF_NECESSARY", "vector_dim": 8}');
    update agentmem_store_registry set status = 'BROKEN', status_detail = 'set by the test'
     where store_key = 'UTS_BRK';
    commit;   -- the package writes the row in autonomous transactions
    begin
      l_response := open_json('{"memory_store_id": "UTS_BRK"}');
      ut.fail('expected STORE_BROKEN');
    exception
      when dbms_agent_memory_store.e_store_broken then
        ut.expect(sqlerrm).to_be_like('%set by the test%');
    end;
    l_response := open_json('{"memory_store_id": "UTS_BRK", "schema_policy": "CREATE_IF_NECESSARY"}');
    ut.expect(store_of(l_response).get_string('status')).to_equal('READY');
    ut.expect(store_of(l_response).get('status_detail').is_null).to_be_true();
  end broken_store_repair;

  procedure recreate_store
  is
    l_response json_object_t;
    l_rows     pls_integer;
  begin
    l_response := open_json('{"memory_store_id": "UTS_RE", "schema_policy": "CREATE_IF_NECESSARY", "vector_dim": 8}');
    execute immediate 'insert into uts_re_thread (record_id) values (''t1'')';
    commit;
    l_response := open_json('{"memory_store_id": "UTS_RE", "schema_policy": "RECREATE", "vector_dim": 4}');
    ut.expect(texts(l_response, 'actions')).to_be_like('%|dropped table UTS_RE_THREAD|%created table UTS_RE_THREAD|%');
    ut.expect(config_of(l_response).get_number('vector_dim')).to_equal(4);
    execute immediate 'select count(*) from uts_re_thread' into l_rows;
    ut.expect(l_rows).to_equal(0);
  end recreate_store;

  -- NO_CHECK runs only under an end-user context (docs/security.md): the
  -- end user is set for the one call and cleared on every exit. False when
  -- the application context was not created at install time (no CREATE ANY
  -- CONTEXT): the test then says SKIPPED.
  function set_test_end_user(p_test in varchar2) return boolean
  is
  begin
    dbms_agent_memory_store.set_end_user('UTS_END_USER');
    return true;
  exception
    when dbms_agent_memory_store.e_schema_missing then
      dbms_output.put_line('SKIPPED: test_agentmem_store.' || p_test || ': the end-user application context'
                           || ' does not exist (grant CREATE ANY CONTEXT and run agentmem install-packages)');
      return false;
  end set_test_end_user;

  procedure no_check_registered
  is
    l_response json_object_t;
  begin
    if not set_test_end_user('no_check_registered') then
      return;
    end if;
    begin
      l_response := open_json('{"memory_store_id": "UTS_VEC", "schema_policy": "NO_CHECK",'
                              || ' "schema_owner": "' || user || '"}');
      dbms_agent_memory_store.clear_end_user;
    exception
      when others then
        dbms_agent_memory_store.clear_end_user;
        raise;
    end;
    ut.expect(store_of(l_response).get_string('schema_owner')).to_equal(user);
    ut.expect(config_of(l_response).get_number('vector_dim')).to_equal(8);
  end no_check_registered;

  procedure no_check_unknown
  is
    l_response json_object_t;
    l_code     number;
  begin
    if not set_test_end_user('no_check_unknown') then
      return;
    end if;
    begin
      l_response := open_json('{"memory_store_id": "UTS_NONE", "schema_policy": "NO_CHECK"}');
      dbms_agent_memory_store.clear_end_user;
    exception
      when dbms_agent_memory_store.e_not_found then
        l_code := sqlcode;
        dbms_agent_memory_store.clear_end_user;
      when others then
        dbms_agent_memory_store.clear_end_user;
        raise;
    end;
    ut.expect(l_code, 'NO_CHECK on an unknown store').to_equal(dbms_agent_memory_store.co_not_found);
  end no_check_unknown;

  procedure restore_current_schema
  is
  begin
    execute immediate 'alter session set current_schema = ' || dbms_assert.enquote_name(user, false);
  end restore_current_schema;

  procedure ddl_needs_owner_schema
  is
    l_response json_object_t;
    l_rows     pls_integer;
  begin
    execute immediate 'alter session set current_schema = SYSTEM';
    begin
      l_response := open_json('{"memory_store_id": "UTS_CS", "schema_policy": "CREATE_IF_NECESSARY", "vector_dim": 8}');
      restore_current_schema;
      ut.fail('expected INVALID_ARGUMENT for CURRENT_SCHEMA SYSTEM');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        restore_current_schema;
        ut.expect(sqlerrm).to_be_like('%CURRENT_SCHEMA SYSTEM%');
      when others then
        restore_current_schema;
        raise;
    end;
    select count(*) into l_rows from agentmem_store_registry where store_key = 'UTS_CS';
    ut.expect(l_rows).to_equal(0);
    ut.expect(table_count('UTS\_CS\_%')).to_equal(0);
  end ddl_needs_owner_schema;

  procedure registry_prefix_required
  is
  begin
    insert into agentmem_store_registry (store_key, table_prefix, config, schema_version)
    values ('UTS_CK', null, json('{}'), 1);
  end registry_prefix_required;

  ------------------------------------------------------------------------------
  -- Upgrades
  ------------------------------------------------------------------------------

  procedure upgrade_from_version_0
  is
    l_response json_object_t;
  begin
    -- Arrange: a store registered at version 0 whose RELATION table is
    -- missing (what an install interrupted before versioning leaves).
    l_response := open_json('{"memory_store_id": "UTS_OLD", "schema_policy": "CREATE_IF_NECESSARY", "vector_dim": 8}');
    execute immediate 'drop table uts_old_relation purge';
    update agentmem_store_registry set schema_version = 0 where store_key = 'UTS_OLD';
    commit;   -- upgrade_store updates the row in an autonomous transaction
    begin
      l_response := open_json('{"memory_store_id": "UTS_OLD"}');
      ut.fail('expected SCHEMA_OUTDATED');
    exception
      when dbms_agent_memory_store.e_schema_outdated then
        ut.expect(sqlerrm).to_be_like('%schema_version 0%upgrade_store%');
    end;
    -- Act
    l_response := json_object_t.parse(dbms_agent_memory_store.upgrade_store('uts_old'));
    -- Assert
    ut.expect(texts(l_response, 'actions')).to_be_like('%|created table UTS_OLD_RELATION|%');
    ut.expect(texts(l_response, 'actions')).to_be_like('%|upgraded schema to version 1|%');
    ut.expect(texts(l_response, 'actions')).to_be_like('%|upgraded schema to version 2|%');
    ut.expect(texts(l_response, 'actions')).to_be_like('%|upgraded schema to version 3|%');
    ut.expect(store_of(l_response).get_number('schema_version')).to_equal(3);
    l_response := open_json('{"memory_store_id": "UTS_OLD"}');
    ut.expect(store_of(l_response).get_string('status')).to_equal('READY');
  end upgrade_from_version_0;

  procedure upgrade_from_version_1
  is
    l_response json_object_t;
    l_text     clob;
    l_status   varchar2(8 char);
  begin
    -- Arrange: a store shaped as schema version 1 left it (MEMORY without
    -- LIFECYCLE_INVALID and its check), with an explicitly INVALID memory.
    l_response := open_json('{"memory_store_id": "UTS_V1", "schema_policy": "CREATE_IF_NECESSARY", "vector_dim": 8}');
    l_text := dbms_agent_memory_store.add_records('UTS_V1',
      '{"record_type": "memory", "contents": ["kept"], "record_ids": ["v1m"], "statuses": ["INVALID"]}');
    commit;
    execute immediate 'alter table uts_v1_memory drop column lifecycle_invalid cascade constraints';
    update agentmem_store_registry set schema_version = 1 where store_key = 'UTS_V1';
    commit;   -- upgrade_store updates the row in an autonomous transaction
    begin
      l_response := open_json('{"memory_store_id": "UTS_V1"}');
      ut.fail('expected SCHEMA_OUTDATED');
    exception
      when dbms_agent_memory_store.e_schema_outdated then
        ut.expect(sqlerrm).to_be_like('%schema_version 1%upgrade_store%');
    end;
    -- Act
    l_response := json_object_t.parse(dbms_agent_memory_store.upgrade_store('uts_v1'));
    -- Assert
    ut.expect(texts(l_response, 'actions')).to_be_like('%|added column UTS_V1_MEMORY.LIFECYCLE_INVALID|%');
    ut.expect(texts(l_response, 'actions')).to_be_like('%|upgraded schema to version 2|%');
    ut.expect(texts(l_response, 'actions')).to_be_like('%|upgraded schema to version 3|%');
    ut.expect(texts(l_response, 'actions')).not_to_be_like('%|upgraded schema to version 1|%');
    ut.expect(store_of(l_response).get_number('schema_version')).to_equal(3);
    l_response := open_json('{"memory_store_id": "UTS_V1"}');
    ut.expect(store_of(l_response).get_string('status')).to_equal('READY');
    execute immediate 'select status from uts_v1_memory where record_id = ''v1m''' into l_status;
    ut.expect(l_status).to_equal('INVALID');
  end upgrade_from_version_1;

  procedure upgrade_current_store
  is
    l_response json_object_t := json_object_t.parse(dbms_agent_memory_store.upgrade_store('UTS_VEC'));
  begin
    ut.expect(l_response.get_array('actions').get_size).to_equal(0);
    ut.expect(store_of(l_response).get_number('schema_version')).to_equal(3);
    ut.expect(store_of(l_response).get_number('package_schema_version')).to_equal(3);
  end upgrade_current_store;

  ------------------------------------------------------------------------------
  -- Administration
  ------------------------------------------------------------------------------

  procedure describe_complete_store
  is
    l_response json_object_t := json_object_t.parse(dbms_agent_memory_store.describe_store('UTS_VEC'));
    l_objects  json_array_t := l_response.get_array('objects');
    l_object   json_object_t;
    l_absent   varchar2(4000 char);
  begin
    for i in 0 .. l_objects.get_size - 1 loop
      l_object := treat(l_objects.get(i) as json_object_t);
      -- A missing "present" counts as absent (NOT NULL is NULL and would skip it).
      if (l_object.get_boolean('present') is null or not l_object.get_boolean('present'))
         and nvl(l_object.get_string('type'), '-') <> 'JOB' then
        l_absent := l_absent || ' ' || l_object.get_string('name');
      end if;
    end loop;
    ut.expect(l_absent).to_be_null();
    ut.expect(l_objects.get_size).to_be_greater_than(30);
    ut.expect(l_response.get_object('row_counts').get_number('THREAD')).to_equal(0);
    ut.expect(l_response.get('repair_hint').is_null).to_be_true();
  end describe_complete_store;

  procedure describe_unknown_store
  is
    l_response clob;
  begin
    l_response := dbms_agent_memory_store.describe_store('UTS_NONE');
  end describe_unknown_store;

  procedure list_created_stores
  is
    l_stores json_array_t := json_object_t.parse(dbms_agent_memory_store.list_stores).get_array('stores');
    l_store  json_object_t;
    l_ids    varchar2(4000 char);
    l_prev   varchar2(32767);   -- any id the listing returns: the checks below judge it
    l_id     varchar2(32767);
  begin
    for i in 0 .. l_stores.get_size - 1 loop
      l_store := treat(l_stores.get(i) as json_object_t);
      l_id := l_store.get_string('memory_store_id');
      l_ids := l_ids || '|' || l_id;
      -- The default store (null id) may only come first; the rest in id order.
      if i > 0 then
        ut.expect(l_prev is null or l_id > l_prev).to_be_true();
      end if;
      l_prev := l_id;
    end loop;
    ut.expect(l_ids || '|').to_be_like('%|UTS_VEC|%');
  end list_created_stores;

  procedure drop_store_twice
  is
    l_response json_object_t;
    l_rows     pls_integer;
  begin
    l_response := open_json('{"memory_store_id": "UTS_DROP", "schema_policy": "CREATE_IF_NECESSARY", "vector_dim": 8}');
    dbms_agent_memory_store.drop_store('uts_drop');
    ut.expect(table_count('UTS\_DROP\_%')).to_equal(0);
    select count(*) into l_rows from agentmem_store_registry where store_key = 'UTS_DROP';
    ut.expect(l_rows).to_equal(0);
    begin
      dbms_agent_memory_store.drop_store('UTS_DROP');
      ut.fail('expected NOT_FOUND for the second drop');
    exception
      when dbms_agent_memory_store.e_not_found then
        ut.expect(sqlerrm).to_be_like('%UTS_DROP%');
    end;
  end drop_store_twice;

  procedure grant_to_owner_rejected
  is
  begin
    dbms_agent_memory_store.grant_access('UTS_VEC', lower(user));
  end grant_to_owner_rejected;

  function privilege_count(p_table in varchar2, p_privilege in varchar2) return pls_integer
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from user_tab_privs_made
     where grantee = co_runtime_user and table_name = p_table and privilege = p_privilege;
    return l_count;
  end privilege_count;

  procedure grant_and_revoke
  is
    l_users pls_integer;
  begin
    select count(*) into l_users from all_users where username = co_runtime_user;
    if l_users = 0 then
      dbms_output.put_line('SKIPPED: test_agentmem_store.grant_and_revoke: create the user '
        || co_runtime_user || ' (CREATE SESSION is enough) to run it');
      return;
    end if;
    dbms_agent_memory_store.grant_access('UTS_VEC', co_runtime_user, 'READ_WRITE');
    ut.expect(privilege_count('UTS_VEC_MEMORY', 'INSERT')).to_equal(1);
    ut.expect(privilege_count('AGENTMEM_STORE_REGISTRY', 'SELECT')).to_equal(1);
    ut.expect(privilege_count('DBMS_AGENT_MEMORY_STORE', 'EXECUTE')).to_equal(1);

    dbms_agent_memory_store.grant_access('UTS_VEC', co_runtime_user, 'read_only');
    ut.expect(privilege_count('UTS_VEC_MEMORY', 'SELECT')).to_equal(1);
    ut.expect(privilege_count('UTS_VEC_MEMORY', 'INSERT')).to_equal(0);

    dbms_agent_memory_store.revoke_access('UTS_VEC', co_runtime_user);
    ut.expect(privilege_count('UTS_VEC_MEMORY', 'SELECT')).to_equal(0);
    ut.expect(privilege_count('AGENTMEM_STORE_REGISTRY', 'SELECT')).to_equal(0);
  end grant_and_revoke;

  function grants_made(p_grantee in varchar2) return pls_integer
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from user_tab_privs_made where grantee = p_grantee;
    return l_count;
  end grants_made;

  procedure grant_to_missing_grantee_rejected
  is
  begin
    begin
      dbms_agent_memory_store.grant_access('UTS_VEC', lower(co_no_grantee));
      ut.fail('expected INVALID_ARGUMENT for a grantee that does not exist');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        -- The message quotes p_grantee as passed (lower case here); LIKE is case-sensitive.
        ut.expect(sqlerrm).to_be_like('%' || lower(co_no_grantee) || '%neither an existing user nor an existing role%');
    end;
    ut.expect(grants_made(co_no_grantee)).to_equal(0);
    -- revoke_access of a grantee holding nothing is a no-op, as for a user.
    dbms_agent_memory_store.revoke_access('UTS_VEC', co_no_grantee);
    ut.expect(grants_made(co_no_grantee)).to_equal(0);
  end grant_to_missing_grantee_rejected;

  procedure grant_synonyms_to_non_user_rejected
  is
  begin
    begin
      dbms_agent_memory_store.grant_access('UTS_VEC', co_no_grantee, p_create_synonyms => true);
      ut.fail('expected INVALID_ARGUMENT for synonyms of a grantee that is not a user');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        ut.expect(sqlerrm).to_be_like('%p_create_synonyms => true needs a user%');
    end;
    ut.expect(grants_made(co_no_grantee)).to_equal(0);
  end grant_synonyms_to_non_user_rejected;

  procedure grant_to_public_rejected
  is
  begin
    begin
      dbms_agent_memory_store.grant_access('UTS_VEC', 'public', 'READ_ONLY');
      ut.fail('expected INVALID_ARGUMENT for the grantee PUBLIC');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        ut.expect(sqlerrm).to_be_like('%p_grantee ''public'' would grant the store to every database user%');
    end;
    ut.expect(grants_made('PUBLIC')).to_equal(0);
  end grant_to_public_rejected;

  procedure grant_and_revoke_role
  is
    l_roles pls_integer;
  begin
    select count(*) into l_roles from user_role_privs where granted_role = co_runtime_role;
    if l_roles = 0 then
      dbms_output.put_line('SKIPPED: test_agentmem_store.grant_and_revoke_role: create the role '
        || co_runtime_role || ' and grant it to ' || user || ' (scripts/dbinit/02_agentmem_identities.sh does)');
      return;
    end if;
    dbms_agent_memory_store.grant_access('UTS_VEC', lower(co_runtime_role), 'READ_WRITE');
    select count(*) into l_roles from user_tab_privs_made
     where grantee = co_runtime_role and table_name = 'UTS_VEC_MEMORY' and privilege in ('SELECT', 'INSERT', 'UPDATE', 'DELETE');
    ut.expect(l_roles).to_equal(4);
    select count(*) into l_roles from user_tab_privs_made
     where grantee = co_runtime_role and table_name = 'DBMS_AGENT_MEMORY_STORE' and privilege = 'EXECUTE';
    ut.expect(l_roles).to_equal(1);

    dbms_agent_memory_store.grant_access('UTS_VEC', co_runtime_role, 'READ_ONLY');
    select count(*) into l_roles from user_tab_privs_made
     where grantee = co_runtime_role and table_name = 'UTS_VEC_MEMORY';
    ut.expect(l_roles).to_equal(1);

    dbms_agent_memory_store.revoke_access('UTS_VEC', co_runtime_role);
    ut.expect(grants_made(co_runtime_role)).to_equal(0);
  end grant_and_revoke_role;

end test_agentmem_store;
/
