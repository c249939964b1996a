create or replace package body test_agentmem_security_admin
as

  co_api  constant varchar2(16 char) := 'UTS_SEC1';   -- policies through the API
  co_raw  constant varchar2(16 char) := 'UTS_SEC2';   -- registry rows written here
  co_drop constant varchar2(16 char) := 'UTS_SEC3';   -- created and dropped by one test
  co_data_role constant varchar2(30 char) := 'UT_SEC_READERS';

  -- Why the VPD / Deep Data Security tests cannot run here; NULL: they run.
  g_vpd_why varchar2(4000 char);
  g_dds_why varchar2(4000 char);

  ------------------------------------------------------------------------------
  -- Helpers
  ------------------------------------------------------------------------------

  procedure skipped(p_test in varchar2, p_reason in varchar2)
  is
  begin
    dbms_output.put_line('SKIPPED: test_agentmem_security_admin.' || p_test || ': ' || p_reason);
  end skipped;

  function caps return json_object_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.security_capabilities);
  end caps;

  -- The "what" texts of the capabilities' missing list, joined.
  function missing_text(p_caps in json_object_t) return varchar2
  is
    l_list json_array_t := p_caps.get_array('missing');
    l_text varchar2(4000 char);
  begin
    for i in 0 .. l_list.get_size - 1 loop
      l_text := substr(l_text || case when i > 0 then '; ' end
                       || treat(l_list.get(i) as json_object_t).get_string('what'), 1, 3900);
    end loop;
    return l_text;
  end missing_text;

  procedure drop_if_registered(p_store_id in varchar2)
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from agentmem_store_registry where store_key = p_store_id;
    if l_count > 0 then
      dbms_agent_memory_store.drop_store(p_store_id);
    end if;
  end drop_if_registered;

  function policy_rows(p_store_key in varchar2) return pls_integer
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from agentmem_security_policy where store_id = p_store_key;
    return l_count;
  end policy_rows;

  function grant_rows(p_store_key in varchar2) return pls_integer
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from agentmem_security_grant where store_id = p_store_key;
    return l_count;
  end grant_rows;

  -- A policy row of co_raw written directly, so the request checks of the
  -- grant calls run whatever the database offers (no DDL follows).
  procedure put_raw_policy(p_policy in varchar2, p_mode in varchar2)
  is
  begin
    insert into agentmem_security_policy (store_id, policy, enforcement) values (co_raw, p_policy, p_mode);
    commit;
  end put_raw_policy;

  procedure clear_raw
  is
  begin
    delete from agentmem_security_policy where store_id = co_raw;
    commit;
  end clear_raw;

  function add_json(p_store_id in varchar2, p_request in varchar2) return json_object_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.add_security_policies(p_store_id, p_request));
  end add_json;

  function remove_json(p_store_id in varchar2, p_request in varchar2) return json_object_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.remove_security_policies(p_store_id, p_request));
  end remove_json;

  function granted(p_store_id in varchar2, p_request in varchar2) return number
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.grant_security_policies(p_store_id, p_request))
             .get_number('granted');
  end granted;

  function revoked(p_store_id in varchar2, p_request in varchar2) return number
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.revoke_security_policies(p_store_id, p_request))
             .get_number('revoked');
  end revoked;

  function policies_of(p_store_id in varchar2) return json_array_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.list_security_policies(p_store_id)).get_array('policies');
  end policies_of;

  function grants_of(p_store_id in varchar2) return json_array_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.list_security_grants(p_store_id)).get_array('grants');
  end grants_of;

  -- The policy names of a JSON list of {"policy", ...} objects, comma-joined.
  function policy_names(p_list in json_array_t) return varchar2
  is
    l_text varchar2(4000 char);
  begin
    for i in 0 .. p_list.get_size - 1 loop
      l_text := l_text || case when i > 0 then ',' end || treat(p_list.get(i) as json_object_t).get_string('policy');
    end loop;
    return l_text;
  end policy_names;

  -- One grant of list_security_grants as 'TYPE:name=P1,P2'.
  function grant_text(p_grant in json_object_t) return varchar2
  is
    l_who      json_object_t := p_grant.get_object('principal');
    l_policies json_array_t := p_grant.get_array('policies');
    l_text     varchar2(4000 char) := l_who.get_string('type') || ':' || l_who.get_string('name') || '=';
  begin
    for i in 0 .. l_policies.get_size - 1 loop
      l_text := l_text || case when i > 0 then ',' end || l_policies.get_string(i);
    end loop;
    return l_text;
  end grant_text;

  function grants_text(p_store_id in varchar2) return varchar2
  is
    l_list json_array_t := grants_of(p_store_id);
    l_text varchar2(4000 char);
  begin
    for i in 0 .. l_list.get_size - 1 loop
      l_text := l_text || case when i > 0 then ' ' end || grant_text(treat(l_list.get(i) as json_object_t));
    end loop;
    return l_text;
  end grants_text;

  -- The 'created' / 'removed' flags of an add / remove response, 'Y'/'N' per policy.
  function flags(p_response in json_object_t, p_key in varchar2) return varchar2
  is
    l_list json_array_t := p_response.get_array('policies');
    l_text varchar2(4000 char);
  begin
    for i in 0 .. l_list.get_size - 1 loop
      l_text := l_text || case when treat(l_list.get(i) as json_object_t).get_boolean(p_key) then 'Y' else 'N' end;
    end loop;
    return l_text;
  end flags;

  -- The data grants on the tables of a store, from ALL_DATA_GRANTS (a Deep
  -- Data Security view: dynamic, so the suite compiles where it is absent).
  function data_grant_count(p_store_id in varchar2) return pls_integer
  is
    l_count pls_integer;
  begin
    execute immediate 'select count(distinct grant_name) from sys.all_data_grants'
      || ' where object_owner = sys_context(''USERENV'', ''CURRENT_USER'') and object_name like :p escape ''\'''
      into l_count using replace(p_store_id, '_', '\_') || '\_%';
    return l_count;
  end data_grant_count;

  function table_count(p_store_id in varchar2) return pls_integer
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from user_tables
     where table_name like replace(p_store_id, '_', '\_') || '\_%' escape '\';
    return l_count;
  end table_count;

  -- Sets / clears the end-user context through CTX's facade calls; dynamic,
  -- so the suite compiles on a branch without them.
  procedure set_end_user(p_end_user in varchar2)
  is
  begin
    execute immediate 'begin dbms_agent_memory_store.set_end_user(p_end_user => :u); end;' using p_end_user;
  end set_end_user;

  procedure clear_end_user
  is
  begin
    execute immediate 'begin dbms_agent_memory_store.clear_end_user; end;';
  end clear_end_user;

  -- Runs one grant request on co_raw that must be INVALID_ARGUMENT, then
  -- checks that no grant row was written.
  procedure expect_invalid_grant(p_request in varchar2, p_what in varchar2)
  is
    l_count number;
  begin
    begin
      l_count := granted(co_raw, p_request);
      ut.fail(p_what || ': granted ' || l_count || ' instead of INVALID_ARGUMENT');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        ut.expect(sqlerrm, p_what).to_be_like('%INVALID_ARGUMENT:%principals[0]%');
    end;
    ut.expect(grant_rows(co_raw), p_what || ': nothing written').to_equal(0);
  end expect_invalid_grant;

  ------------------------------------------------------------------------------
  -- Setup
  ------------------------------------------------------------------------------

  procedure setup_suite
  is
    l_response clob;
    l_caps     json_object_t;
    l_count    pls_integer;
  begin
    rollback;
    drop_if_registered(co_api);   -- left by an interrupted run
    drop_if_registered(co_raw);
    drop_if_registered(co_drop);
    l_response := dbms_agent_memory_store.open_store('{"memory_store_id": "' || co_api || '",'
      || ' "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": 4}');
    l_response := dbms_agent_memory_store.open_store('{"memory_store_id": "' || co_raw || '",'
      || ' "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": 4}');
    l_caps := caps;
    if not l_caps.get_boolean('vpd') then
      g_vpd_why := 'security_capabilities reports no VPD (' || missing_text(l_caps) || ')';
    else
      select count(*) into l_count from user_objects
       where object_name = 'AGENTMEM_VPD' and object_type = 'PACKAGE BODY' and status = 'VALID';
      if l_count = 0 then
        g_vpd_why := 'AGENTMEM_VPD is not installed (valid) in this schema';
      end if;
    end if;
    if not l_caps.get_boolean('deep_data_security') then
      g_dds_why := 'security_capabilities reports no Deep Data Security (' || missing_text(l_caps) || ')';
    end if;
  end setup_suite;

  procedure reset_policies
  is
    l_response clob;
  begin
    rollback;
    clear_end_user;
    clear_raw;
    if policy_rows(co_api) > 0 then
      begin
        l_response := dbms_agent_memory_store.remove_security_policies(co_api, null);
      exception
        when dbms_agent_memory_store.e_unsupported_release then
          -- Registered in a mode this database lacks (a defect the test
          -- reports): only the rows can go.
          delete from agentmem_security_policy where store_id = co_api;
          commit;
      end;
    end if;
  end reset_policies;

  procedure cleanup_suite
  is
  begin
    reset_policies;
    drop_if_registered(co_api);
    drop_if_registered(co_raw);
    drop_if_registered(co_drop);
  end cleanup_suite;

  ------------------------------------------------------------------------------
  -- Capabilities
  ------------------------------------------------------------------------------

  procedure capabilities_report
  is
    l_caps    json_object_t := caps;
    l_missing json_array_t := l_caps.get_array('missing');
    l_privs   json_object_t := l_caps.get_object('privileges');
    l_item    json_object_t;
    l_release varchar2(160 char);
  begin
    select max(version_full) into l_release from product_component_version
     where version_full is not null and upper(product) like 'ORACLE%';
    ut.expect(l_caps.get_string('release'), 'release').to_equal(l_release);
    ut.expect(l_caps.get_string('compatible'), 'compatible').not_to_be_null;
    ut.expect(l_caps.get('deep_data_security').is_boolean, 'deep_data_security is a boolean').to_be_true;
    ut.expect(l_caps.get('vpd').is_boolean, 'vpd is a boolean').to_be_true;
    if not l_caps.get_boolean('deep_data_security') or not l_caps.get_boolean('vpd') then
      ut.expect(l_missing.get_size, 'a missing mode says what is missing').to_be_greater_than(0);
    end if;
    for i in 0 .. l_missing.get_size - 1 loop
      l_item := treat(l_missing.get(i) as json_object_t);
      ut.expect(l_item.get_string('what'), 'missing[' || i || '].what').not_to_be_null;
      ut.expect(l_item.get_string('fix'), 'missing[' || i || '].fix').not_to_be_null;
    end loop;
    ut.expect(l_privs.get('CREATE DATA ROLE').is_boolean, 'CREATE DATA ROLE').to_be_true;
    ut.expect(l_privs.get('GRANT ANY DATA ROLE').is_boolean, 'GRANT ANY DATA ROLE').to_be_true;
    ut.expect(l_privs.get('SET USE DATA GRANTS ONLY').is_boolean, 'SET USE DATA GRANTS ONLY').to_be_true;
    ut.expect(l_privs.get_boolean('EXECUTE ON SYS.DBMS_RLS'), 'DBMS_RLS as vpd')
      .to_equal(l_caps.get_boolean('vpd'));
  end capabilities_report;

  ------------------------------------------------------------------------------
  -- VPD mode
  ------------------------------------------------------------------------------

  procedure vpd_add_is_idempotent
  is
    l_response json_object_t;
    l_list     json_array_t;
  begin
    if g_vpd_why is not null then
      skipped('vpd_add_is_idempotent', g_vpd_why);
      return;
    end if;
    l_response := add_json(co_api, '{"policies": ["user_own_rows", "GLOBAL_MEMORIES"], "enforcement": "vpd"}');
    ut.expect(l_response.get_string('store_id'), 'store_id').to_equal(co_api);
    ut.expect(l_response.get_string('enforcement'), 'enforcement').to_equal('VPD');
    ut.expect(flags(l_response, 'created'), 'first add creates both').to_equal('YY');
    l_response := add_json(co_api, '{"policies": ["USER_OWN_ROWS", "GLOBAL_MEMORIES"], "enforcement": "VPD"}');
    ut.expect(flags(l_response, 'created'), 'second add creates nothing').to_equal('NN');
    ut.expect(policy_rows(co_api), 'registry rows').to_equal(2);
    l_list := policies_of(co_api);
    ut.expect(policy_names(l_list), 'listed by name').to_equal('GLOBAL_MEMORIES,USER_OWN_ROWS');
    ut.expect(treat(l_list.get(0) as json_object_t).get_string('enforcement'), 'listed mode').to_equal('VPD');
    ut.expect(treat(l_list.get(0) as json_object_t).get_string('created_at'), 'created_at')
      .to_be_like('____-__-__T__:__:__.______Z');
  end vpd_add_is_idempotent;

  procedure vpd_grant_list_revoke
  is
    l_response json_object_t;
  begin
    if g_vpd_why is not null then
      skipped('vpd_grant_list_revoke', g_vpd_why);
      return;
    end if;
    l_response := add_json(co_api, '{"policies": ["USER_OWN_ROWS", "GLOBAL_MEMORIES"], "enforcement": "VPD"}');
    -- VPD end users are the application's names, exactly (case, '.', '@').
    ut.expect(granted(co_api, '{"principals": [{"type": "END_USER", "name": "Alice.Smith@example.com"},'
      || ' {"type": "end_user", "name": "bob"}], "policies": ["USER_OWN_ROWS"]}'), 'two grants').to_equal(2);
    ut.expect(granted(co_api, '{"principals": [{"type": "END_USER", "name": "bob"}], "policies": ["USER_OWN_ROWS"]}'),
      'the same grant again').to_equal(0);
    ut.expect(granted(co_api, '{"principals": [{"type": "END_USER", "name": "bob"}]}'),
      'policies omitted: every policy of the store').to_equal(1);
    ut.expect(grants_text(co_api), 'listed by type, then name in byte order')
      .to_equal('END_USER:Alice.Smith@example.com=USER_OWN_ROWS END_USER:bob=GLOBAL_MEMORIES,USER_OWN_ROWS');
    ut.expect(revoked(co_api, '{"principals": [{"type": "END_USER", "name": "bob"}], "policies": ["USER_OWN_ROWS"]}'),
      'revoke').to_equal(1);
    ut.expect(revoked(co_api, '{"principals": [{"type": "END_USER", "name": "bob"}], "policies": ["USER_OWN_ROWS"]}'),
      'revoke again').to_equal(0);
    ut.expect(grants_text(co_api), 'after the revoke')
      .to_equal('END_USER:Alice.Smith@example.com=USER_OWN_ROWS END_USER:bob=GLOBAL_MEMORIES');
  end vpd_grant_list_revoke;

  procedure vpd_remove_drops_grants
  is
    l_response json_object_t;
  begin
    if g_vpd_why is not null then
      skipped('vpd_remove_drops_grants', g_vpd_why);
      return;
    end if;
    l_response := add_json(co_api, '{"policies": ["USER_OWN_ROWS", "GLOBAL_MEMORIES"], "enforcement": "VPD"}');
    ut.expect(granted(co_api, '{"principals": [{"type": "END_USER", "name": "bob"}]}'), 'grants').to_equal(2);
    l_response := remove_json(co_api, '{"policies": ["GLOBAL_MEMORIES"]}');
    ut.expect(flags(l_response, 'removed'), 'removed').to_equal('Y');
    ut.expect(policy_names(policies_of(co_api)), 'left').to_equal('USER_OWN_ROWS');
    ut.expect(grants_text(co_api), 'its grants went with it').to_equal('END_USER:bob=USER_OWN_ROWS');
    l_response := remove_json(co_api, null);
    ut.expect(flags(l_response, 'removed'), 'omitted: every policy').to_equal('Y');
    ut.expect(policy_rows(co_api), 'no policy').to_equal(0);
    ut.expect(grant_rows(co_api), 'no grant').to_equal(0);
    l_response := remove_json(co_api, '{"policies": ["USER_OWN_ROWS"]}');
    ut.expect(flags(l_response, 'removed'), 'removing again removes nothing').to_equal('N');
    ut.expect(l_response.get_number('statements'), 'and runs nothing').to_equal(0);
  end vpd_remove_drops_grants;

  ------------------------------------------------------------------------------
  -- Deep Data Security mode
  ------------------------------------------------------------------------------

  procedure dds_add_creates_data_grants
  is
    l_response json_object_t;
  begin
    if g_dds_why is not null then
      skipped('dds_add_creates_data_grants', g_dds_why);
      return;
    end if;
    l_response := add_json(co_api, '{"policies": ["USER_OWN_ROWS", "GLOBAL_MEMORIES"], "enforcement": "DEEP_DATA_SECURITY"}');
    ut.expect(flags(l_response, 'created'), 'created').to_equal('YY');
    ut.expect(l_response.get_number('statements'), 'statements').to_be_greater_than(0);
    ut.expect(data_grant_count(co_api), 'one data grant per table and policy').to_equal(2 * table_count(co_api));
    l_response := add_json(co_api, '{"policies": ["USER_OWN_ROWS", "GLOBAL_MEMORIES"], "enforcement": "DEEP_DATA_SECURITY"}');
    ut.expect(flags(l_response, 'created'), 'second add').to_equal('NN');
    ut.expect(data_grant_count(co_api), 'no second set').to_equal(2 * table_count(co_api));
  end dds_add_creates_data_grants;

  procedure dds_grant_and_remove
  is
    l_response json_object_t;
  begin
    if g_dds_why is not null then
      skipped('dds_grant_and_remove', g_dds_why);
      return;
    end if;
    execute immediate 'create data role if not exists ' || dbms_assert.enquote_name(co_data_role);
    l_response := add_json(co_api, '{"policies": ["GLOBAL_MEMORIES"], "enforcement": "DEEP_DATA_SECURITY"}');
    ut.expect(granted(co_api, '{"principals": [{"type": "DATA_ROLE", "name": "ut_sec_readers"}]}'), 'granted')
      .to_equal(1);
    ut.expect(grants_text(co_api), 'listed upper case').to_equal('DATA_ROLE:' || co_data_role || '=GLOBAL_MEMORIES');
    ut.expect(revoked(co_api, '{"principals": [{"type": "DATA_ROLE", "name": "UT_SEC_READERS"}]}'), 'revoked')
      .to_equal(1);
    l_response := remove_json(co_api, null);
    ut.expect(data_grant_count(co_api), 'the data grants are dropped').to_equal(0);
    execute immediate 'drop data role if exists ' || dbms_assert.enquote_name(co_data_role);
  end dds_grant_and_remove;

  procedure dds_missing_rejected
  is
    l_response json_object_t;
  begin
    if g_dds_why is null then
      skipped('dds_missing_rejected', 'this database has Deep Data Security');
      return;
    end if;
    begin
      l_response := add_json(co_api, '{"policies": ["USER_OWN_ROWS"], "enforcement": "DEEP_DATA_SECURITY"}');
      ut.fail('add_security_policies in DEEP_DATA_SECURITY mode succeeded where it is missing');
    exception
      when dbms_agent_memory_store.e_unsupported_release then
        ut.expect(sqlerrm, 'names the release').to_be_like('%23.26.2%');
        ut.expect(sqlerrm, 'names COMPATIBLE').to_be_like('%COMPATIBLE 20%');
    end;
    ut.expect(policy_rows(co_api), 'nothing registered').to_equal(0);
  end dds_missing_rejected;

  ------------------------------------------------------------------------------
  -- Rejections
  ------------------------------------------------------------------------------

  procedure unknown_policy_rejected
  is
    l_response json_object_t;
  begin
    begin
      l_response := add_json(co_raw, '{"policies": ["USER_OWN_ROWS", "EVERYTHING"], "enforcement": "VPD"}');
      ut.fail('an unknown policy was accepted');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        ut.expect(sqlerrm, 'names it').to_be_like('%policies[1]%EVERYTHING%');
    end;
    ut.expect(policy_rows(co_raw), 'nothing registered').to_equal(0);
  end unknown_policy_rejected;

  procedure unknown_key_rejected
  is
    l_response json_object_t;
  begin
    begin
      l_response := add_json(co_raw, '{"policies": ["USER_OWN_ROWS"], "enforcement": "VPD", "mode": "strict"}');
      ut.fail('an unknown key was accepted');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        ut.expect(sqlerrm, 'names it').to_be_like('%''mode''%');
    end;
    ut.expect(policy_rows(co_raw), 'nothing registered').to_equal(0);
  end unknown_key_rejected;

  procedure unknown_store_rejected
  is
    l_response json_object_t;
    l_list     json_array_t;
  begin
    begin
      l_response := add_json('UTS_NO_SUCH', '{"policies": ["USER_OWN_ROWS"], "enforcement": "VPD"}');
      ut.fail('add on an unknown store succeeded');
    exception
      when dbms_agent_memory_store.e_not_found then
        ut.expect(sqlerrm, 'names the store').to_be_like('%UTS_NO_SUCH%');
    end;
    begin
      l_list := policies_of('UTS_NO_SUCH');
      ut.fail('list on an unknown store succeeded');
    exception
      when dbms_agent_memory_store.e_not_found then
        ut.expect(sqlerrm, 'list names the store').to_be_like('%UTS_NO_SUCH%');
    end;
  end unknown_store_rejected;

  procedure vpd_bad_principals_rejected
  is
  begin
    put_raw_policy('USER_OWN_ROWS', 'VPD');
    expect_invalid_grant('{"principals": [{"type": "DATA_ROLE", "name": "R1"}]}', 'DATA_ROLE in VPD mode');
    expect_invalid_grant('{"principals": [{"type": "OCI_GROUP", "name": "staff"}]}', 'OCI_GROUP in VPD mode');
    expect_invalid_grant('{"principals": [{"type": "END_USER", "name": "a\nb"}]}', 'a control character');
    expect_invalid_grant('{"principals": [{"type": "END_USER", "name": "' || rpad('x', 129, 'x') || '"}]}',
      '129 characters');
    expect_invalid_grant('{"principals": [{"type": "END_USER", "name": ""}]}', 'an empty name');
    expect_invalid_grant('{"principals": [{"type": "SOMEONE", "name": "bob"}]}', 'an unknown type');
    expect_invalid_grant('{"principals": [{"type": "END_USER", "name": "bob", "role": "x"}]}', 'an unknown key');
  end vpd_bad_principals_rejected;

  procedure dds_bad_principals_rejected
  is
  begin
    -- The names are checked before anything needs Deep Data Security, so
    -- this runs on every database.
    put_raw_policy('USER_OWN_ROWS', 'DEEP_DATA_SECURITY');
    expect_invalid_grant('{"principals": [{"type": "END_USER", "name": "\"bob\""}]}', 'a quoted name');
    expect_invalid_grant('{"principals": [{"type": "END_USER", "name": "bob.smith"}]}', 'a name with a dot');
    expect_invalid_grant('{"principals": [{"type": "END_USER", "name": "bob@example.com"}]}', 'a name with @');
    expect_invalid_grant('{"principals": [{"type": "DATA_ROLE", "name": "1role"}]}', 'a digit first');
    expect_invalid_grant('{"principals": [{"type": "DATA_ROLE", "name": "a role"}]}', 'a space');
  end dds_bad_principals_rejected;

  procedure policy_not_added_rejected
  is
    l_count number;
  begin
    put_raw_policy('USER_OWN_ROWS', 'VPD');
    begin
      l_count := granted(co_raw, '{"principals": [{"type": "END_USER", "name": "bob"}], "policies": ["GLOBAL_MEMORIES"]}');
      ut.fail('a policy the store does not have was granted (' || l_count || ')');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        ut.expect(sqlerrm, 'names it').to_be_like('%GLOBAL_MEMORIES is not added%');
    end;
    ut.expect(grant_rows(co_raw), 'nothing written').to_equal(0);
  end policy_not_added_rejected;

  procedure other_mode_rejected
  is
    l_response json_object_t;
  begin
    put_raw_policy('USER_OWN_ROWS', 'VPD');
    begin
      l_response := add_json(co_raw, '{"policies": ["GLOBAL_MEMORIES"], "enforcement": "DEEP_DATA_SECURITY"}');
      ut.fail('a second enforcement mode was accepted');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        ut.expect(sqlerrm, 'says to remove first').to_be_like('%remove its policies first%');
    end;
    ut.expect(policy_rows(co_raw), 'nothing added').to_equal(1);
  end other_mode_rejected;

  procedure end_user_context_forbidden
  is
    l_response clob;
    l_ops      pls_integer := 0;
  begin
    set_end_user('ut-end-user');
    for i in 1 .. 7 loop
      begin
        case i
          when 1 then l_response := dbms_agent_memory_store.add_security_policies(co_raw,
                                      '{"policies": ["USER_OWN_ROWS"], "enforcement": "VPD"}');
          when 2 then l_response := dbms_agent_memory_store.remove_security_policies(co_raw, null);
          when 3 then l_response := dbms_agent_memory_store.grant_security_policies(co_raw,
                                      '{"principals": [{"type": "END_USER", "name": "bob"}]}');
          when 4 then l_response := dbms_agent_memory_store.revoke_security_policies(co_raw,
                                      '{"principals": [{"type": "END_USER", "name": "bob"}]}');
          when 5 then l_response := dbms_agent_memory_store.list_security_policies(co_raw);
          when 6 then l_response := dbms_agent_memory_store.list_security_grants(co_raw);
          else l_response := dbms_agent_memory_store.security_capabilities;
        end case;
        ut.fail('call ' || i || ' ran under an end-user context');
      exception
        when dbms_agent_memory_store.e_end_user_context_forbidden then
          l_ops := l_ops + 1;
      end;
    end loop;
    clear_end_user;
    ut.expect(l_ops, 'every admin call refused').to_equal(7);
    ut.expect(policy_rows(co_raw), 'nothing registered').to_equal(0);
  end end_user_context_forbidden;

  ------------------------------------------------------------------------------
  -- Lifecycle
  ------------------------------------------------------------------------------

  procedure drop_store_removes_policies
  is
    l_response clob;
    l_mode     varchar2(30 char);
  begin
    l_mode := case when g_vpd_why is null then 'VPD' when g_dds_why is null then 'DEEP_DATA_SECURITY' end;
    if l_mode is null then
      skipped('drop_store_removes_policies', g_vpd_why || '; ' || g_dds_why);
      return;
    end if;
    l_response := dbms_agent_memory_store.open_store('{"memory_store_id": "' || co_drop || '",'
      || ' "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": 4}');
    l_response := dbms_agent_memory_store.add_security_policies(co_drop,
      '{"policies": ["USER_OWN_ROWS", "GLOBAL_MEMORIES"], "enforcement": "' || l_mode || '"}');
    ut.expect(policy_rows(co_drop), 'added').to_equal(2);
    if l_mode = 'VPD' then
      ut.expect(granted(co_drop, '{"principals": [{"type": "END_USER", "name": "bob"}]}'), 'granted').to_equal(2);
    end if;
    dbms_agent_memory_store.drop_store(co_drop);
    ut.expect(policy_rows(co_drop), 'no policy left').to_equal(0);
    ut.expect(grant_rows(co_drop), 'no grant left').to_equal(0);
    if l_mode = 'DEEP_DATA_SECURITY' then
      ut.expect(data_grant_count(co_drop), 'no data grant left').to_equal(0);
    end if;
  end drop_store_removes_policies;

  -- The warnings of an open_store response, joined with ' | '.
  function warnings_of(p_response in clob) return varchar2
  is
    l_list json_array_t := json_object_t.parse(p_response).get_array('warnings');
    l_text varchar2(32767);
  begin
    for i in 0 .. l_list.get_size - 1 loop
      l_text := l_text || case when i > 0 then ' | ' end || l_list.get_string(i);
    end loop;
    return l_text;
  end warnings_of;

  procedure recreate_warns_dds_reapply
  is
    co_recreate constant varchar2(200 char) := '{"memory_store_id": "' || co_raw || '",'
      || ' "schema_policy": "RECREATE", "search_strategy": "VECTOR", "vector_dim": 4}';
    l_warnings varchar2(32767);
    l_security json_object_t;
  begin
    -- Without a policy row: no such warning.
    l_warnings := warnings_of(dbms_agent_memory_store.open_store(co_recreate));
    ut.expect(nvl(l_warnings, '-'), 'no policies').not_to_be_like('%DEEP_DATA_SECURITY_REAPPLY%');
    ut.expect(json_object_t.parse(dbms_agent_memory_store.describe_store(co_raw)).get('security').is_null,
              'describe_store security without policies').to_be_true;
    -- A DEEP_DATA_SECURITY row written directly (RECREATE keeps registry
    -- rows and runs no Deep Data Security statement; reset_policies deletes
    -- it after the test).
    put_raw_policy('USER_OWN_ROWS', 'DEEP_DATA_SECURITY');
    l_warnings := warnings_of(dbms_agent_memory_store.open_store(co_recreate));
    ut.expect(l_warnings, 'warning').to_be_like('%DEEP_DATA_SECURITY_REAPPLY: %' || co_raw
      || '%(USER_OWN_ROWS)%add_security_policies again%agentmem security add --store ' || co_raw
      || ' --policies USER_OWN_ROWS --enforcement deep_data_security%');
    ut.expect(policy_rows(co_raw), 'the row stays').to_equal(1);
    -- describe_store shows the mode and the policies to the owner.
    l_security := json_object_t.parse(dbms_agent_memory_store.describe_store(co_raw)).get_object('security');
    ut.expect(l_security is not null, 'describe_store security').to_be_true;
    if l_security is not null then
      ut.expect(l_security.get_string('enforcement'), 'enforcement').to_equal('DEEP_DATA_SECURITY');
      ut.expect(l_security.get_array('policies').to_string, 'policies').to_equal('["USER_OWN_ROWS"]');
    end if;
  end recreate_warns_dds_reapply;

end test_agentmem_security_admin;
/
