create or replace package body test_agentmem_llm_tasks
as

  co_store constant varchar2(16 char) := 'UTS_LLM01';

  ------------------------------------------------------------------------------
  -- The fake provider
  ------------------------------------------------------------------------------

  function tasks_fake_llm(p_request in clob) return clob
  is
    l_kind varchar2(16 char) := substr(json_object_t.parse(p_request).get_string('kind'), 1, 16);
  begin
    g_fake_calls := g_fake_calls + 1;
    if g_fake_mode = 'FAIL' then
      raise_application_error(-20001, 'fake provider is down');
    elsif g_fake_mode = 'MALFORMED' then
      return 'not json at all';
    end if;
    return case l_kind
             when 'EXTRACT_MEMORIES' then
               '{"memories": [{"memory_type": "fact", "content": "the user likes pizza"},'
               || ' {"memory_type": "preference", "content": "dinner at 8 pm"}], "topics": ["food"]}'
             when 'UPDATE_SUMMARY' then '{"summary": "The user plans a pizza dinner."}'
             when 'LINK_MEMORIES' then '{"relations": []}'
             when 'CAPTION_IMAGE' then '{"caption": "a small test image"}'
             else '{"content": "shortened"}'
           end;
  end tasks_fake_llm;

  ------------------------------------------------------------------------------
  -- Helpers
  ------------------------------------------------------------------------------

  -- The llm object of the suite's function provider (p_provider 'client'
  -- gives a client provider instead).
  function llm_json(p_provider in varchar2 default 'function') return varchar2
  is
  begin
    if p_provider = 'client' then
      return '{"provider": "client", "model": "uts-client-model", "supports_vision": false}';
    end if;
    return '{"provider": "function", "function_name": "' || sys_context('userenv', 'current_schema')
           || '.TEST_AGENTMEM_LLM_TASKS.TASKS_FAKE_LLM", "model": "uts-fake-v1", "supports_vision": false}';
  end llm_json;

  function open_thread(p_request in varchar2) return json_object_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.open_thread(co_store, p_request));
  end open_thread;

  -- Opens thread p_thread with the suite's LLM and p_extra keys (',"k": v').
  function llm_thread(p_thread in varchar2, p_extra in varchar2 default null,
                      p_provider in varchar2 default 'function') return json_object_t
  is
  begin
    return open_thread('{"thread_id": "' || p_thread || '", "user_id": "u1", "agent_id": "a1", "llm": '
                       || llm_json(p_provider) || p_extra || '}');
  end llm_thread;

  function add_messages(p_thread in varchar2, p_messages in varchar2) return json_object_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.thread_add_messages(co_store,
      '{"thread": "' || p_thread || '", "messages": ' || p_messages || '}'));
  end add_messages;

  function two_messages(p_prefix in varchar2) return varchar2
  is
  begin
    return '[{"role": "user", "content": "I want pizza tonight.", "id": "' || p_prefix || '1"},'
           || ' {"role": "assistant", "content": "Booked for 8 pm.", "id": "' || p_prefix || '2"}]';
  end two_messages;

  -- Tasks of a thread (by status and kind when given).
  function task_count(p_thread in varchar2, p_status in varchar2 default null, p_kind in varchar2 default null)
    return number
  is
    l_count number;
  begin
    execute immediate 'select count(*) from uts_llm01_llm_task where thread_id = :t'
      || ' and (:s is null or status = :s2) and (:k is null or kind = :k2)'
      into l_count
      using p_thread, p_status, p_status, p_kind, p_kind;
    return l_count;
  end task_count;

  -- Memory-like records of a thread.
  function memory_count(p_thread in varchar2) return number
  is
    l_count number;
  begin
    execute immediate 'select count(*) from uts_llm01_memory where thread_id = :t' into l_count using p_thread;
    return l_count;
  end memory_count;

  function message_count(p_thread in varchar2) return number
  is
    l_count number;
  begin
    execute immediate 'select count(*) from uts_llm01_message where thread_id = :t' into l_count using p_thread;
    return l_count;
  end message_count;

  function run_llm_job return json_object_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.run_job_now(co_store, 'LLM_TASKS')).get_object('run');
  end run_llm_job;

  -- Makes every background task of p_thread due now (skips the backoff).
  procedure make_due(p_thread in varchar2)
  is
  begin
    execute immediate 'update uts_llm01_llm_task set next_attempt_at = systimestamp - interval ''1'' second'
      || ' where thread_id = :t' using p_thread;
    commit;
  end make_due;

  procedure expect_error(p_code in pls_integer, p_fragment in varchar2, p_sqlcode in pls_integer,
                         p_sqlerrm in varchar2)
  is
  begin
    ut.expect(p_sqlcode).to_equal(p_code);
    ut.expect(p_sqlerrm).to_be_like('%' || p_fragment || '%');
  end expect_error;

  ------------------------------------------------------------------------------
  -- Setup
  ------------------------------------------------------------------------------

  procedure setup_suite
  is
    l_response clob;
  begin
    l_response := dbms_agent_memory_store.open_store(
      '{"memory_store_id": "UTS_LLM01", "schema_policy": "RECREATE", "search_strategy": "KEYWORD"}');
    -- Only run_job_now drains the queue during the suite (not the
    -- scheduler's minutely run), so the counts below are deterministic.
    begin
      dbms_agent_memory_store.set_job_enabled(co_store, 'LLM_TASKS', false);
    exception
      when dbms_agent_memory_store.e_not_found then
        null;   -- no CREATE JOB: the job does not exist and never runs
    end;
    commit;
  end setup_suite;

  procedure cleanup_suite
  is
  begin
    rollback;
    dbms_agent_memory_store.drop_store(co_store);
  exception
    when dbms_agent_memory_store.e_not_found then
      null;
  end cleanup_suite;

  procedure reset_fake
  is
  begin
    g_fake_mode := 'OK';
    g_fake_calls := 0;
  end reset_fake;

  procedure rollback_test
  is
  begin
    rollback;
  end rollback_test;

  ------------------------------------------------------------------------------
  -- Configuration
  ------------------------------------------------------------------------------

  procedure config_defaults_stored
  is
    l_thread json_object_t := llm_thread('cfg1').get_object('thread');
    l_config json_object_t := l_thread.get_object('runtime_config');
    l_mec    json_object_t := l_config.get_object('memory_extraction_config');
    l_image  json_object_t := l_config.get_object('image_input_limit_config');
  begin
    ut.expect(l_config.get_object('llm').get_string('provider')).to_equal('function');
    ut.expect(l_mec.get_boolean('extract_memories')).to_be_true();
    ut.expect(l_mec.get_string('extraction_mode')).to_equal('INLINE');
    ut.expect(l_mec.get_number('memory_extraction_frequency')).to_equal(-1);
    ut.expect(l_mec.get_number('memory_extraction_window')).to_equal(-1);
    ut.expect(l_mec.get_number('context_summary_update_frequency')).to_equal(-1);
    ut.expect(l_mec.get_boolean('enable_context_summary')).to_be_true();
    ut.expect(l_mec.get_boolean('memory_extraction_inherit_message_metadata')).to_be_true();
    ut.expect(l_mec.get_string('image_context')).to_equal('DISABLED');
    ut.expect(l_mec.get_string('link_extraction_mode')).to_equal('POST_EXTRACTION');
    ut.expect(l_config.get_number('message_shortening_input_token_limit')).to_equal(30000);
    ut.expect(l_config.get_number('max_message_token_length')).to_equal(-1);
    ut.expect(l_image.get_number('max_raw_image_bytes')).to_equal(10485760);
    ut.expect(l_image.get_number('max_images_per_llm_request')).to_equal(20);
    ut.expect(l_thread.get_object('runtime_state').get_number('extracted_through_seq')).to_equal(0);
  end config_defaults_stored;

  procedure grouped_and_inline_refused
  is
    l_thread json_object_t;
  begin
    l_thread := llm_thread('cfg2', ', "memory_extraction_config": {"extraction_mode": "BACKGROUND"},'
                                   || ' "memory_extraction_window": 3');
    ut.fail('expected INVALID_ARGUMENT');
  exception
    when dbms_agent_memory_store.e_invalid_argument then
      expect_error(-20100, 'memory_extraction_config cannot be combined with the deprecated inline extraction'
                   || ' parameters (memory_extraction_window)', sqlcode, sqlerrm);
      ut.expect(task_count('cfg2')).to_equal(0);
  end grouped_and_inline_refused;

  procedure extraction_needs_llm
  is
    l_thread json_object_t;
  begin
    l_thread := open_thread('{"thread_id": "cfg3", "memory_extraction_config": {"extract_memories": true}}');
    ut.fail('expected INVALID_ARGUMENT');
  exception
    when dbms_agent_memory_store.e_invalid_argument then
      expect_error(-20100, 'memory_extraction_config.extract_memories true needs an llm', sqlcode, sqlerrm);
  end extraction_needs_llm;

  procedure limits_validated
  is
    l_thread json_object_t;
  begin
    begin
      l_thread := llm_thread('cfg4', ', "image_input_limit_config": null');
      ut.fail('expected INVALID_ARGUMENT for image_input_limit_config null');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        expect_error(-20100, 'image validation cannot be disabled', sqlcode, sqlerrm);
    end;
    begin
      l_thread := llm_thread('cfg4', ', "image_input_limit_config": {"max_raw_image_bytes": 0}');
      ut.fail('expected INVALID_ARGUMENT for max_raw_image_bytes 0');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        expect_error(-20100, 'image_input_limit_config.max_raw_image_bytes 0 must be a whole number from 1', sqlcode,
                     sqlerrm);
    end;
    begin
      l_thread := llm_thread('cfg4', ', "memory_extraction_config": {"extraction_modes": "INLINE"}');
      ut.fail('expected INVALID_ARGUMENT for an unknown key');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        expect_error(-20100, 'extraction_modes', sqlcode, sqlerrm);
    end;
  end limits_validated;

  procedure reopen_keeps_config
  is
    l_first  json_object_t := llm_thread('cfg5', ', "memory_extraction_config": {"extraction_mode": "BACKGROUND"}');
    l_again  json_object_t;
  begin
    l_again := llm_thread('cfg5', ', "memory_extraction_config": {"extraction_mode": "INLINE"}');
    ut.expect(l_again.get_boolean('created')).to_be_false();
    ut.expect(l_again.get_object('thread').get_object('runtime_config').get_object('memory_extraction_config')
              .get_string('extraction_mode')).to_equal('BACKGROUND');
    ut.expect(l_first.get_boolean('created')).to_be_true();
  end reopen_keeps_config;

  procedure inline_parameters_accepted
  is
    l_mec json_object_t := llm_thread('cfg6', ', "memory_extraction_window": 4, "enable_context_summary": false,'
      || ' "memory_extraction_inherit_message_metadata": ["src"]').get_object('thread')
      .get_object('runtime_config').get_object('memory_extraction_config');
  begin
    ut.expect(l_mec.get_number('memory_extraction_window')).to_equal(4);
    ut.expect(l_mec.get_boolean('enable_context_summary')).to_be_false();
    ut.expect(l_mec.get_array('memory_extraction_inherit_message_metadata').get_string(0)).to_equal('src');
    ut.expect(l_mec.get_string('extraction_mode')).to_equal('INLINE');
  end inline_parameters_accepted;

  ------------------------------------------------------------------------------
  -- INLINE
  ------------------------------------------------------------------------------

  procedure inline_extraction
  is
    l_thread   json_object_t := llm_thread('inl1');
    l_response json_object_t := add_messages('inl1', two_messages('inl1m'));
    l_ext      json_object_t := l_response.get_object('extraction');
    l_topic    varchar2(4000 char);
    l_seq      number;
  begin
    ut.expect(l_ext.get_string('mode')).to_equal('INLINE');
    -- The extraction's topics stay in RUNTIME_STATE next to the counters
    -- (the counters' update must not overwrite them).
    execute immediate 'select json_value(t.runtime_state, ''$.topics[0]''),'
      || ' json_value(t.runtime_state, ''$.extracted_through_seq'' returning number) from uts_llm01_thread t'
      || ' where t.record_id = ''inl1'''
      into l_topic, l_seq;
    ut.expect(l_topic, 'topics of the INLINE extraction').to_equal('food');
    ut.expect(l_seq, 'extraction counter').to_be_greater_than(0);
    ut.expect(l_ext.get_array('memory_ids').get_size).to_equal(2);
    ut.expect(l_ext.get_array('failed').get_size).to_equal(0);
    ut.expect(task_count('inl1', 'DONE', 'EXTRACT_MEMORIES')).to_equal(1);
    ut.expect(task_count('inl1', 'DONE', 'UPDATE_SUMMARY')).to_equal(1);
    ut.expect(memory_count('inl1')).to_equal(2);
    ut.expect(message_count('inl1')).to_equal(2);
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end inline_extraction;

  procedure inline_failure_keeps_messages
  is
    l_thread   json_object_t := llm_thread('inl2');
    l_response json_object_t;
  begin
    g_fake_mode := 'FAIL';
    l_response := add_messages('inl2', two_messages('inl2m'));
    ut.expect(message_count('inl2')).to_equal(2);
    ut.expect(memory_count('inl2')).to_equal(0);
    ut.expect(l_response.get_object('extraction').get_array('failed').get_size).to_be_greater_than(0);
    ut.expect(task_count('inl2', 'FAILED', 'EXTRACT_MEMORIES')).to_equal(1);
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end inline_failure_keeps_messages;

  procedure frequency_counts_messages
  is
    l_thread   json_object_t := llm_thread('frq1', ', "memory_extraction_config": {"memory_extraction_frequency": 3,'
                                                   || ' "enable_context_summary": false}');
    l_response json_object_t;
  begin
    l_response := add_messages('frq1', two_messages('frq1m'));
    ut.expect(l_response.has('extraction')).to_be_false();
    ut.expect(task_count('frq1')).to_equal(0);
    l_response := add_messages('frq1', '[{"role": "user", "content": "And a salad.", "id": "frq1m3"}]');
    ut.expect(l_response.get_object('extraction').get_array('task_ids').get_size).to_equal(1);
    ut.expect(task_count('frq1', 'DONE', 'EXTRACT_MEMORIES')).to_equal(1);
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end frequency_counts_messages;

  procedure update_message_reextracts
  is
    l_thread   json_object_t := llm_thread('upd1', ', "memory_extraction_config": {"enable_context_summary": false}');
    l_response json_object_t := add_messages('upd1', two_messages('upd1m'));
  begin
    l_response := json_object_t.parse(dbms_agent_memory_store.thread_update_message(co_store,
      '{"thread": "upd1", "message_id": "upd1m1", "content": "I want sushi tonight."}'));
    ut.expect(l_response.get_number('updated')).to_equal(1);
    ut.expect(l_response.get_object('extraction').get_string('mode')).to_equal('INLINE');
    ut.expect(task_count('upd1', 'DONE', 'EXTRACT_MEMORIES')).to_equal(2);
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end update_message_reextracts;

  procedure image_captioned
  is
    -- A 1x1 PNG.
    co_png     constant varchar2(200 char) :=
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    l_thread   json_object_t := llm_thread('img1');
    l_response json_object_t;
    l_text     clob;
  begin
    l_response := json_object_t.parse(dbms_agent_memory_store.thread_add_image(co_store,
      '{"thread": "img1", "image": "' || co_png || '", "image_id": "img1i"}'));
    ut.expect(l_response.get_string('caption_task_id')).to_be_not_null();
    ut.expect(task_count('img1', 'DONE', 'CAPTION_IMAGE')).to_equal(1);
    execute immediate 'select description from uts_llm01_document where record_id = ''img1i''' into l_text;
    ut.expect(l_text).to_equal(to_clob('a small test image'));
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end image_captioned;

  procedure autonomous_linking
  is
    l_thread   json_object_t := llm_thread('lnk1');
    l_response json_object_t;
    l_count    number;
  begin
    l_response := json_object_t.parse(dbms_agent_memory_store.thread_add_memory(co_store,
      '{"thread": "lnk1", "content": "User is vegetarian.", "memory_type": "fact", "memory_id": "lnk1f"}'));
    ut.expect(l_response.get_string('id')).to_equal('lnk1f');
    ut.expect(task_count('lnk1', 'DONE', 'LINK_MEMORIES')).to_equal(1);
    g_fake_mode := 'FAIL';
    begin
      l_response := json_object_t.parse(dbms_agent_memory_store.thread_add_memory(co_store,
        '{"thread": "lnk1", "content": "User likes tea.", "memory_id": "lnk1g"}'));
      ut.fail('expected LLM_FAILED');
    exception
      when dbms_agent_memory_store.e_llm_failed then
        -- Seed: if linking fails the memory is not stored.
        execute immediate 'select count(*) from uts_llm01_memory where record_id = ''lnk1g''' into l_count;
        ut.expect(l_count).to_equal(0);
    end;
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end autonomous_linking;

  procedure shortening_prompt_copies
  is
    co_long    constant varchar2(200 char) := rpad('A very long message about pizza. ', 120, 'x');
    l_thread   json_object_t := llm_thread('shr1', ', "max_message_token_length": 5, "memory_extraction_config":'
      || ' {"enable_context_summary": false, "link_extraction_mode": "DISABLED", "memory_extraction_window": 2}');
    l_response json_object_t;
    l_text     clob;
  begin
    l_response := add_messages('shr1', '[{"role": "user", "content": "' || co_long || '", "id": "shr1m1"}]');
    ut.expect(task_count('shr1', 'DONE', 'SHORTEN_MESSAGE')).to_equal(1);
    ut.expect(task_count('shr1', 'DONE', 'EXTRACT_MEMORIES')).to_equal(1);
    -- The next extraction's window holds the long message again: its
    -- shortened copy is reused, not asked for again.
    l_response := add_messages('shr1', '[{"role": "assistant", "content": "Ok.", "id": "shr1m2"}]');
    ut.expect(task_count('shr1', 'DONE', 'EXTRACT_MEMORIES')).to_equal(2);
    ut.expect(task_count('shr1', null, 'SHORTEN_MESSAGE')).to_equal(1);
    execute immediate 'select content from uts_llm01_message where record_id = ''shr1m1''' into l_text;
    ut.expect(l_text).to_equal(to_clob(co_long));
    ut.expect(l_response.get_object('extraction').get_array('failed').get_size).to_equal(0);
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end shortening_prompt_copies;

  procedure no_llm_no_task
  is
    l_thread   json_object_t := open_thread('{"thread_id": "nol1"}');
    l_response json_object_t := add_messages('nol1', two_messages('nol1m'));
  begin
    ut.expect(l_thread.get_object('thread').get('runtime_config').is_null).to_be_true();
    ut.expect(l_response.has('extraction')).to_be_false();
    ut.expect(l_response.has('llm_tasks')).to_be_false();
    ut.expect(task_count('nol1')).to_equal(0);
    ut.expect(g_fake_calls).to_equal(0);
  end no_llm_no_task;

  ------------------------------------------------------------------------------
  -- BACKGROUND
  ------------------------------------------------------------------------------

  procedure background_queue_and_job
  is
    l_thread   json_object_t := llm_thread('bg1', ', "memory_extraction_config": {"extraction_mode": "BACKGROUND",'
                                                || ' "link_extraction_mode": "DISABLED"}');
    l_response json_object_t := add_messages('bg1', two_messages('bg1m'));
    l_run      json_object_t;
  begin
    ut.expect(l_response.get_object('extraction').get_string('mode')).to_equal('BACKGROUND');
    ut.expect(task_count('bg1', 'PENDING')).to_equal(2);
    ut.expect(memory_count('bg1')).to_equal(0);
    ut.expect(g_fake_calls).to_equal(0);   -- the call did not wait for the LLM
    commit;
    l_run := run_llm_job;
    ut.expect(l_run.get_string('outcome')).to_equal('SUCCEEDED');
    ut.expect(l_run.get_number('rows_affected')).to_equal(2);
    ut.expect(task_count('bg1', 'DONE')).to_equal(2);
    ut.expect(memory_count('bg1')).to_equal(2);
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end background_queue_and_job;

  procedure retry_then_failed
  is
    l_thread json_object_t := llm_thread('bg2', ', "memory_extraction_config": {"extraction_mode": "BACKGROUND",'
                                                || ' "enable_context_summary": false, "link_extraction_mode": "DISABLED"}');
    l_add    json_object_t := add_messages('bg2', two_messages('bg2m'));
    l_run    json_object_t;
    l_error  varchar2(4000 char);
    l_output varchar2(4000 char);
    l_tries  number;
  begin
    commit;
    g_fake_mode := 'MALFORMED';
    l_run := run_llm_job;
    -- First failure: back to PENDING after the backoff, error and output kept.
    ut.expect(task_count('bg2', 'PENDING')).to_equal(1);
    execute immediate 'select last_error, output_excerpt, attempts from uts_llm01_llm_task where thread_id = ''bg2'''
      into l_error, l_output, l_tries;
    ut.expect(l_error).to_be_like('%LLM_OUTPUT_INVALID%');
    ut.expect(l_output).to_equal('not json at all');
    ut.expect(l_tries).to_equal(1);
    -- The backoff holds it back: a run now does not take it.
    l_run := run_llm_job;
    ut.expect(g_fake_calls).to_equal(1);
    -- Due again, four more failing runs: FAILED after MAX_ATTEMPTS (5).
    for i in 1 .. 4 loop
      make_due('bg2');
      l_run := run_llm_job;
    end loop;
    ut.expect(task_count('bg2', 'FAILED')).to_equal(1);
    ut.expect(g_fake_calls).to_equal(5);
    make_due('bg2');
    l_run := run_llm_job;
    ut.expect(g_fake_calls).to_equal(5);   -- FAILED is final
    ut.expect(l_add.get_object('extraction').get_array('task_ids').get_size).to_equal(1);
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end retry_then_failed;

  procedure lease_reclaimed_idempotent
  is
    l_thread json_object_t := llm_thread('bg3', ', "memory_extraction_config": {"extraction_mode": "BACKGROUND",'
                                                || ' "enable_context_summary": false, "link_extraction_mode": "DISABLED"}');
    l_add    json_object_t := add_messages('bg3', two_messages('bg3m'));
    l_run    json_object_t;
    l_before number;
    l_queued clob;
  begin
    commit;
    -- The input as queued: a DONE row keeps only ids and counts, so the
    -- simulated row below gets its queued input back.
    execute immediate 'select json_serialize(input returning clob) from uts_llm01_llm_task where thread_id = ''bg3'''
      into l_queued;
    l_run := run_llm_job;
    l_before := memory_count('bg3');
    ut.expect(l_before).to_equal(2);
    -- A run that died after applying but before its DONE was seen: the row
    -- is RUNNING with its input and an expired lease; the next run claims
    -- it again.
    execute immediate 'update uts_llm01_llm_task set status = ''RUNNING'', input = json(:q),'
      || ' next_attempt_at = systimestamp - interval ''1'' second where thread_id = ''bg3'''
      using l_queued;
    commit;
    l_run := run_llm_job;
    ut.expect(task_count('bg3', 'DONE')).to_equal(1);
    ut.expect(memory_count('bg3')).to_equal(l_before);   -- apply is idempotent per task id
    ut.expect(l_add.get_object('extraction').get_array('task_ids').get_size).to_equal(1);
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end lease_reclaimed_idempotent;

  procedure wait_for_extraction
  is
    l_thread json_object_t := llm_thread('bg4', ', "memory_extraction_config": {"extraction_mode": "BACKGROUND",'
                                                || ' "link_extraction_mode": "DISABLED"}');
    l_add    json_object_t := add_messages('bg4', two_messages('bg4m'));
    l_wait   json_object_t;
    l_run    json_object_t;
  begin
    -- Uncommitted tasks are not accepted yet: nothing to wait for.
    l_wait := json_object_t.parse(dbms_agent_memory_store.thread_wait_for_memory_extraction(co_store,
      '{"thread": "bg4", "timeout_seconds": 0}'));
    ut.expect(l_wait.get_boolean('done')).to_be_true();
    commit;
    l_wait := json_object_t.parse(dbms_agent_memory_store.thread_wait_for_memory_extraction(co_store,
      '{"thread": "bg4", "timeout_seconds": 0.3}'));
    ut.expect(l_wait.get_boolean('done')).to_be_false();
    ut.expect(l_wait.get_number('pending')).to_equal(2);
    l_run := run_llm_job;
    l_wait := json_object_t.parse(dbms_agent_memory_store.thread_wait_for_memory_extraction(co_store,
      '{"thread": "bg4", "timeout_seconds": 5}'));
    ut.expect(l_wait.get_boolean('done')).to_be_true();
    ut.expect(l_wait.get_number('completed')).to_equal(2);
    ut.expect(l_add.has('extraction')).to_be_true();
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end wait_for_extraction;

  procedure delete_after_tasks_finished
  is
    l_thread json_object_t := llm_thread('bg5', ', "memory_extraction_config": {"extraction_mode": "BACKGROUND",'
                                                || ' "link_extraction_mode": "DISABLED"}');
    l_add    json_object_t := add_messages('bg5', two_messages('bg5m'));
    l_run    json_object_t;
    l_del    json_object_t;
  begin
    commit;
    l_run := run_llm_job;
    ut.expect(task_count('bg5', 'DONE')).to_equal(2);
    l_del := json_object_t.parse(dbms_agent_memory_store.thread_delete_message(co_store,
      '{"thread": "bg5", "message_id": "bg5m1"}'));
    ut.expect(l_del.get_number('deleted')).to_equal(1);
    ut.expect(message_count('bg5')).to_equal(1);
    ut.expect(memory_count('bg5'), 'derived memories stay (seed)').to_equal(2);
    ut.expect(l_add.has('extraction')).to_be_true();
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end delete_after_tasks_finished;

  ------------------------------------------------------------------------------
  -- Client provider
  ------------------------------------------------------------------------------

  procedure client_tasks_completed
  is
    l_thread   json_object_t := llm_thread('cli1', ', "memory_extraction_config": {"enable_context_summary": false,'
                                           || ' "link_extraction_mode": "DISABLED"}',
                                           'client');
    l_response json_object_t := add_messages('cli1', two_messages('cli1m'));
    l_tasks    json_array_t := l_response.get_array('llm_tasks');
    l_task     json_object_t := treat(l_tasks.get(0) as json_object_t);
    l_result   json_object_t := json_object_t();
    l_results  json_array_t := json_array_t();
    l_request  json_object_t := json_object_t();
    l_done     json_object_t;
  begin
    ut.expect(l_tasks.get_size).to_equal(1);
    ut.expect(l_task.get_string('kind')).to_equal('EXTRACT_MEMORIES');
    ut.expect(l_task.get_object('prompt').get_string('kind')).to_equal('EXTRACT_MEMORIES');
    ut.expect(task_count('cli1', 'AWAITING_CLIENT')).to_equal(1);
    -- The caller runs the model (here the fake) and hands the text back.
    l_result.put('task_id', l_task.get_string('task_id'));
    l_result.put('output', tasks_fake_llm(l_task.get_object('prompt').to_clob));
    l_results.append(l_result);
    l_request.put('thread', 'cli1');
    l_request.put('results', l_results);
    l_done := json_object_t.parse(dbms_agent_memory_store.thread_complete_llm_tasks(co_store, l_request.to_clob));
    ut.expect(l_done.get_array('memory_ids').get_size).to_equal(2);
    ut.expect(l_done.get_array('failed').get_size).to_equal(0);
    ut.expect(task_count('cli1', 'DONE')).to_equal(1);
    -- Completing it again changes nothing.
    l_done := json_object_t.parse(dbms_agent_memory_store.thread_complete_llm_tasks(co_store, l_request.to_clob));
    ut.expect(l_done.get_array('memory_ids').get_size).to_equal(0);
    ut.expect(memory_count('cli1')).to_equal(2);
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end client_tasks_completed;

  procedure client_task_failures
  is
    l_thread   json_object_t := llm_thread('cli2', ', "memory_extraction_config": {"enable_context_summary": false,'
                                           || ' "link_extraction_mode": "DISABLED"}',
                                           'client');
    l_response json_object_t := add_messages('cli2', two_messages('cli2m'));
    l_task_id  varchar2(32 char) := substr(treat(l_response.get_array('llm_tasks').get(0) as json_object_t)
                                           .get_string('task_id'), 1, 32);
    l_done     json_object_t;
  begin
    l_done := json_object_t.parse(dbms_agent_memory_store.thread_complete_llm_tasks(co_store,
      '{"thread": "cli2", "results": [{"task_id": "' || l_task_id || '", "output": "not json at all"}]}'));
    ut.expect(l_done.get_array('failed').get_size).to_equal(1);
    ut.expect(task_count('cli2', 'FAILED')).to_equal(1);
    ut.expect(memory_count('cli2')).to_equal(0);
    begin
      l_done := json_object_t.parse(dbms_agent_memory_store.thread_complete_llm_tasks(co_store,
        '{"thread": "cli2", "results": [{"task_id": "00000000000000000000000000000000", "output": "{}"}]}'));
      ut.fail('expected NOT_FOUND');
    exception
      when dbms_agent_memory_store.e_not_found then
        expect_error(-20101, 'names no LLM task of thread ''cli2''', sqlcode, sqlerrm);
    end;
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end client_task_failures;

  ------------------------------------------------------------------------------
  -- Lifecycle (docs/llm.md "Task lifecycle")
  ------------------------------------------------------------------------------

  -- Everything a task row of p_thread holds as text: input, result, output
  -- excerpt and error, joined (p_kind: that kind only).
  function task_text(p_thread in varchar2, p_kind in varchar2 default null) return clob
  is
    l_text clob;
  begin
    execute immediate 'select json_arrayagg(json_object(''i'' value k.input, ''r'' value k.result,'
      || ' ''o'' value k.output_excerpt, ''e'' value k.last_error) returning clob)'
      || ' from uts_llm01_llm_task k where k.thread_id = :t and (:k is null or k.kind = :k2)'
      into l_text
      using p_thread, p_kind, p_kind;
    return l_text;
  end task_text;

  -- The tasks of p_thread whose input still has a "messages" window.
  function windows_kept(p_thread in varchar2) return number
  is
    l_count number;
  begin
    execute immediate 'select count(*) from uts_llm01_llm_task k where k.thread_id = :t'
      || ' and json_exists(k.input, ''$.messages'')'
      into l_count
      using p_thread;
    return l_count;
  end windows_kept;

  procedure done_task_keeps_no_text
  is
    -- A function provider without "model": the recorded model is the
    -- function name (AGENTMEM_LLM.model_name's rule; the old local copy
    -- recorded NULL).
    l_thread   json_object_t := open_thread('{"thread_id": "lif1", "user_id": "u1", "agent_id": "a1", "llm":'
      || ' {"provider": "function", "function_name": "' || sys_context('userenv', 'current_schema')
      || '.TEST_AGENTMEM_LLM_TASKS.TASKS_FAKE_LLM"}, "memory_extraction_config": {"link_extraction_mode": "DISABLED"}}');
    l_response json_object_t := add_messages('lif1', two_messages('lif1m'));
    l_count    number;
    l_model    varchar2(4000 char);
  begin
    ut.expect(task_count('lif1', 'DONE')).to_equal(2);   -- extraction and summary
    ut.expect(task_text('lif1')).not_to_be_like('%pizza%');
    ut.expect(task_text('lif1')).not_to_be_like('%Booked%');
    ut.expect(windows_kept('lif1')).to_equal(0);
    execute immediate 'select count(*), max(json_value(k.input, ''$.model'')) from uts_llm01_llm_task k'
      || ' where k.thread_id = ''lif1'' and k.kind = ''EXTRACT_MEMORIES'''
      || ' and json_value(k.input, ''$.message_count'' returning number) = 2'
      || ' and json_value(k.input, ''$.text_removed'') = ''true'''
      || ' and json_exists(k.result, ''$.memory_ids[1]'') and not json_exists(k.result, ''$.follow_up'')'
      into l_count, l_model;
    ut.expect(l_count, 'ids and counts kept').to_equal(1);
    ut.expect(l_model).to_be_like('%TASKS_FAKE_LLM');
    ut.expect(memory_count('lif1')).to_equal(2);
    ut.expect(l_response.get_object('extraction').get_array('failed').get_size).to_equal(0);
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end done_task_keeps_no_text;

  procedure delete_removes_shortened_copy
  is
    co_long  constant varchar2(200 char) := rpad('A very long message about pizza. ', 120, 'x');
    l_thread json_object_t := llm_thread('lif2', ', "max_message_token_length": 5, "memory_extraction_config":'
      || ' {"enable_context_summary": false, "link_extraction_mode": "DISABLED"}');
    l_add    json_object_t := add_messages('lif2', '[{"role": "user", "content": "' || co_long || '", "id": "lif2m1"}]');
    l_del    json_object_t;
  begin
    -- While the message lives, the DONE SHORTEN_MESSAGE keeps its copy
    -- (the cache of prompt_copy), nothing else.
    ut.expect(task_text('lif2', 'SHORTEN_MESSAGE')).to_be_like('%shortened%');
    ut.expect(task_text('lif2', 'SHORTEN_MESSAGE')).not_to_be_like('%pizza%');
    l_del := json_object_t.parse(dbms_agent_memory_store.thread_delete_message(co_store,
      '{"thread": "lif2", "message_id": "lif2m1"}'));
    ut.expect(l_del.get_number('deleted')).to_equal(1);
    ut.expect(task_text('lif2')).not_to_be_like('%shortened%');
    ut.expect(task_count('lif2', 'DONE')).to_equal(2);   -- DONE stays DONE
    ut.expect(l_add.has('extraction')).to_be_true();
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end delete_removes_shortened_copy;

  procedure delete_fails_client_task
  is
    l_thread   json_object_t := llm_thread('lif3', ', "memory_extraction_config": {"enable_context_summary": false,'
                                           || ' "link_extraction_mode": "DISABLED"}', 'client');
    l_response json_object_t := add_messages('lif3', two_messages('lif3m'));
    l_task_id  varchar2(32 char) := substr(treat(l_response.get_array('llm_tasks').get(0) as json_object_t)
                                           .get_string('task_id'), 1, 32);
    l_del      json_object_t;
    l_done     json_object_t;
  begin
    ut.expect(task_count('lif3', 'AWAITING_CLIENT')).to_equal(1);
    ut.expect(task_text('lif3')).to_be_like('%pizza%');   -- the client still needs it
    l_del := json_object_t.parse(dbms_agent_memory_store.thread_delete_message(co_store,
      '{"thread": "lif3", "message_id": "lif3m1"}'));
    ut.expect(l_del.get_number('deleted')).to_equal(1);
    ut.expect(task_count('lif3', 'FAILED')).to_equal(1);
    ut.expect(task_text('lif3')).not_to_be_like('%pizza%');
    ut.expect(task_text('lif3')).not_to_be_like('%Booked%');   -- the other message of the window too
    ut.expect(task_text('lif3')).to_be_like('%of its input was deleted%');
    begin
      l_done := json_object_t.parse(dbms_agent_memory_store.thread_complete_llm_tasks(co_store,
        '{"thread": "lif3", "results": [{"task_id": "' || l_task_id || '", "output": "{\"memories\": []}"}]}'));
      ut.fail('expected INVALID_ARGUMENT for a task whose text was removed');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        expect_error(-20100, 'can no longer be completed', sqlcode, sqlerrm);
    end;
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end delete_fails_client_task;

  procedure delete_image_fails_caption_task
  is
    -- A 1x1 PNG.
    co_png     constant varchar2(200 char) :=
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    l_thread   json_object_t := open_thread('{"thread_id": "lif8", "user_id": "u1", "agent_id": "a1", "llm":'
      || ' {"provider": "client", "model": "uts-client-model", "supports_vision": true}}');
    l_response json_object_t;
    l_del      json_object_t;
  begin
    l_response := json_object_t.parse(dbms_agent_memory_store.thread_add_image(co_store,
      '{"thread": "lif8", "image": "' || co_png || '", "image_id": "lif8i"}'));
    ut.expect(task_count('lif8', 'AWAITING_CLIENT', 'CAPTION_IMAGE')).to_equal(1);
    ut.expect(task_text('lif8')).to_be_like('%' || substr(co_png, 1, 40) || '%');   -- the bytes, for the client
    l_del := json_object_t.parse(dbms_agent_memory_store.thread_delete_image(co_store,
      '{"thread": "lif8", "image_id": "lif8i"}'));
    ut.expect(l_del.get_number('deleted')).to_equal(1);
    ut.expect(task_count('lif8', 'FAILED', 'CAPTION_IMAGE')).to_equal(1);
    ut.expect(task_text('lif8')).not_to_be_like('%' || substr(co_png, 1, 40) || '%');
    ut.expect(l_response.get_string('caption_task_id')).to_be_not_null();
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end delete_image_fails_caption_task;

  procedure delete_memory_fails_link_task
  is
    l_thread   json_object_t := llm_thread('lif9', null, 'client');
    l_response json_object_t;
    l_del      json_object_t;
  begin
    -- A client thread links a new memory through a task handed to the
    -- caller: its input holds the memory's text until the task is DONE.
    l_response := json_object_t.parse(dbms_agent_memory_store.thread_add_memory(co_store,
      '{"thread": "lif9", "content": "User is vegetarian.", "memory_type": "fact", "memory_id": "lif9f"}'));
    ut.expect(l_response.get_string('id')).to_equal('lif9f');
    ut.expect(task_count('lif9', 'AWAITING_CLIENT', 'LINK_MEMORIES')).to_equal(1);
    ut.expect(task_text('lif9', 'LINK_MEMORIES')).to_be_like('%vegetarian%');
    l_del := json_object_t.parse(dbms_agent_memory_store.thread_delete_memory(co_store,
      '{"thread": "lif9", "memory_id": "lif9f"}'));
    ut.expect(l_del.get_number('deleted')).to_equal(1);
    ut.expect(task_count('lif9', 'FAILED', 'LINK_MEMORIES')).to_equal(1);
    ut.expect(task_text('lif9', 'LINK_MEMORIES')).not_to_be_like('%vegetarian%');
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end delete_memory_fails_link_task;

  procedure purge_removes_task_text
  is
    l_thread   json_object_t := llm_thread('lif4', ', "memory_extraction_config": {"enable_context_summary": false,'
                                           || ' "link_extraction_mode": "DISABLED"}', 'client');
    l_response json_object_t := add_messages('lif4', two_messages('lif4m'));
    l_run      json_object_t;
  begin
    ut.expect(task_text('lif4')).to_be_like('%pizza%');
    execute immediate 'update uts_llm01_message set expires_at = systimestamp - interval ''1'' second'
      || ' where thread_id = ''lif4''';
    commit;
    l_run := json_object_t.parse(dbms_agent_memory_store.run_job_now(co_store, 'PURGE')).get_object('run');
    ut.expect(l_run.get_string('outcome')).to_equal('SUCCEEDED');
    ut.expect(message_count('lif4')).to_equal(0);
    ut.expect(task_count('lif4', 'FAILED')).to_equal(1);
    ut.expect(task_text('lif4')).not_to_be_like('%pizza%');
    ut.expect(windows_kept('lif4')).to_equal(0);
    ut.expect(l_response.get_array('llm_tasks').get_size).to_equal(1);
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end purge_removes_task_text;

  procedure purge_deletes_old_tasks
  is
    l_thread json_object_t := llm_thread('lif5', ', "memory_extraction_config": {"enable_context_summary": false,'
                                         || ' "link_extraction_mode": "DISABLED"}', 'client');
    l_add    json_object_t;
    l_run    json_object_t;
    l_left   varchar2(4000 char);
  begin
    -- Four client tasks (one per call), then set by hand to the four
    -- statuses and ages the retention tells apart.
    for i in 1 .. 4 loop
      l_add := add_messages('lif5', '[{"role": "user", "content": "m' || i || '", "id": "lif5m' || i || '"}]');
    end loop;
    ut.expect(task_count('lif5', 'AWAITING_CLIENT')).to_equal(4);
    -- lif5m1: DONE, lif5m2: AWAITING_CLIENT, lif5m4: PENDING, all changed 8
    -- days ago; lif5m3: AWAITING_CLIENT changed 6 days ago (kept).
    execute immediate 'update uts_llm01_llm_task k set k.status = case json_value(k.input, ''$.message_ids[0]'')'
      || ' when ''lif5m1'' then ''DONE'' when ''lif5m4'' then ''PENDING'' else k.status end,'
      || ' k.updated_at = systimestamp - case json_value(k.input, ''$.message_ids[0]'')'
      || ' when ''lif5m3'' then interval ''6'' day else interval ''8'' day end'
      || ' where k.thread_id = ''lif5''';
    commit;
    l_run := json_object_t.parse(dbms_agent_memory_store.run_job_now(co_store, 'PURGE')).get_object('run');
    ut.expect(l_run.get_string('outcome')).to_equal('SUCCEEDED');
    -- Left: the recent AWAITING_CLIENT task and the old PENDING one.
    execute immediate 'select listagg(k.status, '','') within group (order by k.status)'
      || ' from uts_llm01_llm_task k where k.thread_id = ''lif5'''
      into l_left;
    ut.expect(l_left).to_equal('AWAITING_CLIENT,PENDING');
    ut.expect(message_count('lif5')).to_equal(4);   -- the retention is the tasks', not the messages'
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end purge_deletes_old_tasks;

  procedure database_task_not_completable
  is
    l_thread   json_object_t := llm_thread('lif6', ', "memory_extraction_config": {"enable_context_summary": false,'
                                           || ' "link_extraction_mode": "DISABLED"}');
    l_response json_object_t;
    l_failed   varchar2(32 char);
    l_done_id  varchar2(32 char);
    l_done     json_object_t;
  begin
    -- INLINE: the extraction fails (FAILED), then a later call's
    -- extraction succeeds (DONE).
    g_fake_mode := 'FAIL';
    l_response := add_messages('lif6', two_messages('lif6m'));
    execute immediate 'select max(task_id) from uts_llm01_llm_task where thread_id = ''lif6'' and status = ''FAILED'''
      into l_failed;
    ut.expect(l_failed).not_to_be_null();
    g_fake_mode := 'OK';
    l_response := add_messages('lif6', '[{"role": "user", "content": "And a salad.", "id": "lif6m3"}]');
    execute immediate 'select max(task_id) from uts_llm01_llm_task where thread_id = ''lif6'' and status = ''DONE'''
      into l_done_id;
    ut.expect(l_done_id).not_to_be_null();
    begin
      l_done := json_object_t.parse(dbms_agent_memory_store.thread_complete_llm_tasks(co_store,
        '{"thread": "lif6", "results": [{"task_id": "' || l_failed || '", "output": "{\"memories\": []}"}]}'));
      ut.fail('expected INVALID_ARGUMENT for a FAILED database task');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        expect_error(-20100, 'results[0].task_id ''' || l_failed || ''' is a FAILED', sqlcode, sqlerrm);
        expect_error(-20100, 'only a task handed to the client', sqlcode, sqlerrm);
    end;
    begin
      l_done := json_object_t.parse(dbms_agent_memory_store.thread_complete_llm_tasks(co_store,
        '{"thread": "lif6", "results": [{"task_id": "' || l_done_id || '", "error": "client says no"}]}'));
      ut.fail('expected INVALID_ARGUMENT for a DONE database task');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        expect_error(-20100, 'only a task handed to the client', sqlcode, sqlerrm);
    end;
    ut.expect(task_count('lif6', 'FAILED')).to_equal(1);   -- the refused call changed nothing
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end database_task_not_completable;

  procedure idle_run_not_logged
  is
    l_thread json_object_t := llm_thread('lif7', ', "memory_extraction_config": {"extraction_mode": "BACKGROUND",'
                                         || ' "enable_context_summary": false, "link_extraction_mode": "DISABLED"}');
    l_run    json_object_t := run_llm_job;   -- drains what earlier cases left due
    l_before number;
    l_after  number;
    l_add    json_object_t;

    function llm_log_rows return number
    is
      l_count number;
    begin
      select count(*) into l_count from agentmem_job_log where store_key = co_store and job_kind = 'LLM_TASKS';
      return l_count;
    end llm_log_rows;
  begin
    l_before := llm_log_rows;
    dbms_agent_memory_store.run_job(co_store, 'LLM_TASKS');   -- the scheduler's path, nothing due
    l_after := llm_log_rows;
    ut.expect(l_after, 'an idle scheduled run').to_equal(l_before);
    l_add := add_messages('lif7', two_messages('lif7m'));
    commit;
    dbms_agent_memory_store.run_job(co_store, 'LLM_TASKS');
    ut.expect(llm_log_rows, 'a scheduled run with work').to_equal(l_after + 1);
    ut.expect(task_count('lif7', 'DONE')).to_equal(1);
    ut.expect(l_run.get_string('outcome'), 'a manual run is always logged').to_equal('SUCCEEDED');
    ut.expect(l_thread.get_boolean('created')).to_be_true();
  end idle_run_not_logged;

  ------------------------------------------------------------------------------
  -- Schema
  ------------------------------------------------------------------------------

  procedure upgrade_adds_task_table
  is
    l_response json_object_t;
    l_run      json_object_t;
    l_actions  json_array_t;
    l_text     varchar2(32767);
  begin
    l_response := json_object_t.parse(dbms_agent_memory_store.open_store(
      '{"memory_store_id": "UTS_LLM02", "schema_policy": "RECREATE", "search_strategy": "KEYWORD"}'));
    execute immediate 'drop table uts_llm02_llm_task purge';
    update agentmem_store_registry set schema_version = 2 where store_key = 'UTS_LLM02';
    commit;
    -- Not upgraded yet: its purge and purge preview still run (no task
    -- table, no task to clean).
    l_run := json_object_t.parse(dbms_agent_memory_store.run_job_now('UTS_LLM02', 'PURGE')).get_object('run');
    ut.expect(l_run.get_string('outcome'), 'purge of a version 2 store').to_equal('SUCCEEDED');
    ut.expect(json_object_t.parse(dbms_agent_memory_store.preview_purge('UTS_LLM02')).get_object('expired')
                .get_number('LLM_TASK')).to_equal(0);
    l_response := json_object_t.parse(dbms_agent_memory_store.upgrade_store('UTS_LLM02'));
    l_actions := l_response.get_array('actions');
    for i in 0 .. l_actions.get_size - 1 loop
      l_text := l_text || '|' || l_actions.get_string(i);
    end loop;
    ut.expect(l_text).to_be_like('%|created table UTS_LLM02_LLM_TASK%');
    ut.expect(l_text).to_be_like('%|upgraded schema to version 3%');
    ut.expect(l_response.get_object('store').get_number('schema_version')).to_equal(3);
    dbms_agent_memory_store.drop_store('UTS_LLM02');
  end upgrade_adds_task_table;

end test_agentmem_llm_tasks;
/
