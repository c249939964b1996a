create or replace package body test_agentmem_jobs
as

  co_job1 constant varchar2(16 char) := 'UTS_JOB1';
  co_job2 constant varchar2(16 char) := 'UTS_JOB2';

  -- The error the failing-batch test plants; ORA-04080: trigger does not exist.
  e_planted exception;
  pragma exception_init(e_planted, -20999);
  e_no_trigger exception;
  pragma exception_init(e_no_trigger, -4080);

  ------------------------------------------------------------------------------
  -- Helpers
  ------------------------------------------------------------------------------

  procedure drop_if_registered(p_store_id in varchar2)
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from agentmem_store_registry where store_key = p_store_id;
    if l_count > 0 then
      dbms_agent_memory_store.drop_store(p_store_id);
    end if;
  end drop_if_registered;

  function row_count(p_table in varchar2, p_column in varchar2, p_id in varchar2) return number
  is
    l_count number;
  begin
    execute immediate 'select count(*) from ' || dbms_assert.enquote_name(dbms_assert.simple_sql_name(p_table))
      || ' where ' || dbms_assert.simple_sql_name(p_column) || ' = :1'
      into l_count using p_id;
    return l_count;
  end row_count;

  function memory_status(p_id in varchar2) return varchar2
  is
    l_status varchar2(16 char);
  begin
    execute immediate 'select status from ' || dbms_assert.enquote_name(co_job1 || '_MEMORY') || ' where record_id = :1'
      into l_status using p_id;
    return l_status;
  end memory_status;

  -- Memories of co_job1: p_expired ones with an event time in 2000 and a
  -- one-day TTL from it (expired), the others with the store default TTL.
  procedure add_memory(p_id in varchar2, p_expired_day in pls_integer default null,
                       p_status in varchar2 default 'VALID')
  is
    l_response clob;
  begin
    if p_expired_day is null then
      l_response := dbms_agent_memory_store.add_records(co_job1, '{"record_type": "memory", "contents": ["live ' || p_id
        || '"], "record_ids": ["' || p_id || '"], "user_ids": "job-user", "statuses": ["' || p_status || '"]}');
    else
      l_response := dbms_agent_memory_store.add_records(co_job1, '{"record_type": "memory", "contents": ["old ' || p_id
        || '"], "record_ids": ["' || p_id || '"], "user_ids": "job-user", "timestamps": ["2000-01-'
        || to_char(p_expired_day, 'fm00') || 'T00:00:00Z"], "ttl_days": [1], "ttl_anchor": ["TIMESTAMP"],'
        || ' "statuses": ["' || p_status || '"]}');
    end if;
  end add_memory;

  procedure add_relation(p_id in varchar2, p_source in varchar2, p_target in varchar2)
  is
    l_response clob;
  begin
    -- Through the relation API, so the target's status is derived (L26).
    l_response := dbms_agent_memory_store.add_relations(co_job1, '{"relation_ids": "' || p_id
      || '", "source_record_ids": "' || p_source || '", "source_record_types": "memory", "target_record_ids": "'
      || p_target || '", "target_record_types": "memory", "relation_types": "supersedes"}');
  end add_relation;

  function run_now(p_store_id in varchar2, p_job in varchar2, p_request in varchar2 default null) return json_object_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.run_job_now(p_store_id, p_job, p_request)).get_object('run');
  end run_now;

  function can_create_job return boolean
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from session_privs where privilege in ('CREATE JOB', 'CREATE ANY JOB');
    return l_count > 0;
  end can_create_job;

  -- Deletes what a test left in co_job1 (commits).
  procedure clear_store
  is
  begin
    rollback;
    for t in (select column_value as table_base from table(sys.odcivarchar2list('RELATION', 'RECORD_CHUNKS', 'MEMORY'))) loop
      execute immediate 'delete from ' || dbms_assert.enquote_name(co_job1 || '_' || t.table_base);
    end loop;
    commit;
  end clear_store;

  ------------------------------------------------------------------------------
  -- Setup
  ------------------------------------------------------------------------------

  procedure setup_suite
  is
    l_response clob;
  begin
    rollback;
    drop_if_registered(co_job1);   -- left by an interrupted run
    drop_if_registered(co_job2);
    l_response := dbms_agent_memory_store.open_store('{"memory_store_id": "' || co_job1 || '",'
      || ' "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "KEYWORD", "search_index_sync": "MANUAL",'
      || ' "vector_dim": 4, "memory_retention_config": {"default_ttl_days": 30, "max_ttl_days": 365}}');
    l_response := dbms_agent_memory_store.open_store('{"memory_store_id": "' || co_job2 || '",'
      || ' "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": 4}');
  end setup_suite;

  procedure cleanup_suite
  is
  begin
    rollback;   -- uncommitted rows of a failed test would block the autonomous drop
    drop_if_registered(co_job1);
    drop_if_registered(co_job2);
  end cleanup_suite;

  ------------------------------------------------------------------------------
  -- Purge
  ------------------------------------------------------------------------------

  procedure purge_expired_keeps_live
  is
    l_run json_object_t;
  begin
    add_memory('pe-old', p_expired_day => 1);
    add_memory('pe-live');
    commit;   -- a run commits: the rows it works on must be committed
    l_run := run_now(co_job1, 'PURGE');
    ut.expect(l_run.get_string('outcome'), 'outcome').to_equal('SUCCEEDED');
    ut.expect(l_run.get_number('rows_affected'), 'record and its chunk rows').to_be_greater_or_equal(2);
    ut.expect(row_count(co_job1 || '_MEMORY', 'RECORD_ID', 'pe-old'), 'expired record').to_equal(0);
    ut.expect(row_count(co_job1 || '_RECORD_CHUNKS', 'SOURCE_ID', 'pe-old'), 'its chunks').to_equal(0);
    ut.expect(row_count(co_job1 || '_MEMORY', 'RECORD_ID', 'pe-live'), 'live record').to_equal(1);
    ut.expect(row_count(co_job1 || '_RECORD_CHUNKS', 'SOURCE_ID', 'pe-live'), 'live chunks').to_be_greater_than(0);
    clear_store;
  exception
    when others then
      clear_store;
      raise;
  end purge_expired_keeps_live;

  procedure purge_restores_lifecycle
  is
    l_run json_object_t;
  begin
    -- lc-old supersedes lc-target, which is INVALID while the link exists.
    -- add_relations takes unexpired endpoints only (L6), so lc-old expires
    -- after the link is made.
    add_memory('lc-old');
    add_memory('lc-target');
    add_relation('lc-r1', 'lc-old', 'lc-target');
    execute immediate 'update ' || dbms_assert.enquote_name(co_job1 || '_MEMORY')
      || ' set expires_at = systimestamp - interval ''1'' day where record_id = :1' using 'lc-old';
    commit;
    ut.expect(memory_status('lc-target'), 'lifecycle target while linked').to_equal('INVALID');
    l_run := run_now(co_job1, 'PURGE');
    ut.expect(l_run.get_string('outcome')).to_equal('SUCCEEDED');
    ut.expect(row_count(co_job1 || '_RELATION', 'RELATION_ID', 'lc-r1'), 'relation of the purged record').to_equal(0);
    ut.expect(memory_status('lc-target'), 'lifecycle target').to_equal('VALID');
    ut.expect(row_count(co_job1 || '_MEMORY', 'RECORD_ID', 'lc-target'), 'target kept').to_equal(1);
    clear_store;
  exception
    when others then
      clear_store;
      raise;
  end purge_restores_lifecycle;

  procedure failing_batch_rolls_back_only_itself
  is
    l_run_id varchar2(32 char);
    l_outcome varchar2(16 char);
    l_rows    number;
    l_error   varchar2(4000 char);
    l_failed  boolean := false;
  begin
    -- Batches of one record, oldest expiry first: fb-1, fb-2, fb-3. A
    -- trigger makes the delete of fb-2 fail.
    add_memory('fb-1', p_expired_day => 1);
    add_memory('fb-2', p_expired_day => 2);
    add_memory('fb-3', p_expired_day => 3);
    commit;
    execute immediate 'create or replace trigger uts_job1_fail_trg before delete on '
      || dbms_assert.enquote_name(co_job1 || '_MEMORY') || ' for each row'
      || ' when (old.record_id = ''fb-2'')'
      || ' begin raise_application_error(-20999, ''planted failure''); end;';
    begin
      dbms_agent_memory_store.purge_expired(co_job1, 1);
    exception
      when e_planted then
        l_failed := true;
    end;
    execute immediate 'drop trigger uts_job1_fail_trg';
    ut.expect(l_failed, 'the planted error reaches the caller').to_be_true();
    ut.expect(row_count(co_job1 || '_MEMORY', 'RECORD_ID', 'fb-1'), 'batch 1 committed').to_equal(0);
    ut.expect(row_count(co_job1 || '_MEMORY', 'RECORD_ID', 'fb-2'), 'batch 2 rolled back').to_equal(1);
    ut.expect(row_count(co_job1 || '_RECORD_CHUNKS', 'SOURCE_ID', 'fb-2'), 'with its chunk rows').to_be_greater_than(0);
    ut.expect(row_count(co_job1 || '_MEMORY', 'RECORD_ID', 'fb-3'), 'batch 3 never ran').to_equal(1);
    select run_id, outcome, rows_affected, error_text
      into l_run_id, l_outcome, l_rows, l_error
      from agentmem_job_log
     where store_key = co_job1 and job_kind = 'PURGE'
     order by started_at desc, run_id desc
     fetch first 1 rows only;
    ut.expect(l_outcome, 'logged').to_equal('FAILED');
    ut.expect(l_rows, 'rows of the committed batch').to_be_greater_or_equal(1);
    ut.expect(l_error, 'error text').to_be_like('%ORA-20999%planted failure%');
    -- The next run continues where the failed one stopped.
    ut.expect(run_now(co_job1, 'PURGE').get_string('outcome'), 'next run').to_equal('SUCCEEDED');
    ut.expect(row_count(co_job1 || '_MEMORY', 'RECORD_ID', 'fb-3'), 'the rest purged').to_equal(0);
    clear_store;
  exception
    when others then
      begin
        execute immediate 'drop trigger uts_job1_fail_trg';
      exception
        when e_no_trigger then
          null;   -- already dropped
      end;
      clear_store;
      raise;
  end failing_batch_rolls_back_only_itself;

  procedure runs_are_logged
  is
    l_run     json_object_t;
    l_run_id  varchar2(4000 char);
    l_runs    json_array_t;
    l_count   pls_integer;
  begin
    l_run := run_now(co_job1, 'PURGE', '{"batch_size": 10, "time_budget_seconds": 60}');
    l_run_id := l_run.get_string('run_id');   -- a variable: SQL binds it, it cannot call the method
    select count(*) into l_count from agentmem_job_runs
     where run_id = l_run_id and memory_store_id = co_job1 and job_kind = 'PURGE'
       and run_source = 'MANUAL' and ended_at is not null and duration is not null;
    ut.expect(l_count, 'one row in AGENTMEM_JOB_RUNS').to_equal(1);
    l_runs := json_object_t.parse(dbms_agent_memory_store.job_history(co_job1, '{"job": "PURGE", "limit": 1}'))
                .get_array('runs');
    ut.expect(l_runs.get_size, 'limit').to_equal(1);
    ut.expect(treat(l_runs.get(0) as json_object_t).get_string('run_id'), 'newest first').to_equal(l_run_id);
  end runs_are_logged;

  procedure unknown_job_rejected
  is
    l_run json_object_t;
  begin
    l_run := run_now(co_job1, 'VACUUM');
  end unknown_job_rejected;

  procedure text_job_on_vector_store_rejected
  is
    l_run json_object_t;
  begin
    l_run := run_now(co_job2, 'TEXT_OPTIMIZE');
  end text_job_on_vector_store_rejected;

  procedure bad_budget_rejected
  is
    l_run json_object_t;
  begin
    l_run := run_now(co_job1, 'PURGE', '{"time_budget_seconds": 0}');
  end bad_budget_rejected;

  ------------------------------------------------------------------------------
  -- Text index jobs
  ------------------------------------------------------------------------------

  procedure text_jobs_run
  is
  begin
    add_memory('tx-1');
    commit;
    ut.expect(run_now(co_job1, 'TEXT_SYNC').get_string('outcome'), 'sync').to_equal('SUCCEEDED');
    ut.expect(run_now(co_job1, 'TEXT_OPTIMIZE').get_string('outcome'), 'optimize').to_equal('SUCCEEDED');
    clear_store;
  exception
    when others then
      clear_store;
      raise;
  end text_jobs_run;

  ------------------------------------------------------------------------------
  -- Scheduler side
  ------------------------------------------------------------------------------

  procedure describe_shows_jobs
  is
    l_jobs json_array_t;
    l_job  json_object_t;
    l_run  json_object_t := run_now(co_job1, 'PURGE');
  begin
    l_jobs := json_object_t.parse(dbms_agent_memory_store.describe_store(co_job1)).get_array('jobs');
    ut.expect(l_jobs.get_size, 'PURGE, TEXT_OPTIMIZE, TEXT_SYNC, LLM_TASKS').to_equal(4);
    l_job := treat(l_jobs.get(0) as json_object_t);
    ut.expect(l_job.get_string('job')).to_equal('PURGE');
    ut.expect(l_job.get_string('name')).to_equal(co_job1 || '_PURGE_EXPIRED_J');
    ut.expect(l_job.get_object('last_run').get_string('run_id'), 'last run from the log').to_equal(l_run.get_string('run_id'));
    ut.expect(l_job.get_boolean('present'), 'present as far as CREATE JOB allows').to_equal(can_create_job);
    ut.expect(treat(l_jobs.get(1) as json_object_t).get_string('job')).to_equal('TEXT_OPTIMIZE');
    ut.expect(treat(l_jobs.get(2) as json_object_t).get_string('job')).to_equal('TEXT_SYNC');
    ut.expect(treat(l_jobs.get(3) as json_object_t).get_string('job')).to_equal('LLM_TASKS');
    l_jobs := json_object_t.parse(dbms_agent_memory_store.describe_store(co_job2)).get_array('jobs');
    ut.expect(l_jobs.get_size, 'a VECTOR store has the purge and LLM task jobs only').to_equal(2);
  end describe_shows_jobs;

  procedure jobs_created_from_programs
  is
    l_count pls_integer;
    l_enabled varchar2(5 char);
  begin
    if not can_create_job then
      select count(*) into l_count from user_scheduler_jobs where job_name like 'UTS\_JOB1\_%' escape '\';
      ut.expect(l_count, 'no job without CREATE JOB').to_equal(0);
      return;
    end if;
    select count(*) into l_count from user_scheduler_jobs
     where job_name in (co_job1 || '_PURGE_EXPIRED_J', co_job1 || '_TEXT_OPTIMIZE_J', co_job1 || '_TEXT_SYNC_J',
                        co_job1 || '_LLM_TASKS_J')
       and program_name like 'AGENTMEM\_%\_P' escape '\';
    ut.expect(l_count, 'four jobs from the shared programs').to_equal(4);
    select enabled into l_enabled from user_scheduler_jobs where job_name = co_job1 || '_TEXT_SYNC_J';
    ut.expect(l_enabled, 'TEXT_SYNC is created disabled').to_equal('FALSE');
    select count(*) into l_count from user_scheduler_programs
     where program_name in ('AGENTMEM_PURGE_P', 'AGENTMEM_TEXT_OPTIMIZE_P', 'AGENTMEM_TEXT_SYNC_P',
                            'AGENTMEM_LLM_TASKS_P') and enabled = 'TRUE';
    ut.expect(l_count, 'the shared programs').to_equal(4);
  end jobs_created_from_programs;

  procedure enable_and_disable
  is
    l_enabled varchar2(5 char);
  begin
    if not can_create_job then
      return;   -- no job to enable (jobs_created_from_programs checks the warning case)
    end if;
    dbms_agent_memory_store.set_job_enabled(co_job1, 'text_sync', true);
    select enabled into l_enabled from user_scheduler_jobs where job_name = co_job1 || '_TEXT_SYNC_J';
    ut.expect(l_enabled, 'enabled').to_equal('TRUE');
    dbms_agent_memory_store.set_job_enabled(co_job1, 'TEXT_SYNC', false);
    select enabled into l_enabled from user_scheduler_jobs where job_name = co_job1 || '_TEXT_SYNC_J';
    ut.expect(l_enabled, 'disabled').to_equal('FALSE');
  end enable_and_disable;

  procedure install_jobs_recreates_disabled_program
  is
    co_program constant varchar2(30 char) := 'AGENTMEM_TEXT_SYNC_P';
    l_response json_object_t;
    l_actions  varchar2(32767);
    l_enabled  varchar2(5 char);
    l_count    pls_integer;
  begin
    if not can_create_job then
      return;   -- no program to recreate (jobs_created_from_programs checks the warning case)
    end if;
    -- Complete but disabled (a run that died just before ENABLE, or an
    -- operator): enabled again, not dropped, so no job is disabled.
    dbms_scheduler.disable(name => co_program, force => true);   -- commits
    add_memory('ij-pending');   -- pending: install_jobs must neither commit nor roll it back
    l_response := json_object_t.parse(dbms_agent_memory_store.install_jobs);
    l_actions := l_response.get_array('actions').to_string;
    ut.expect(row_count(co_job1 || '_MEMORY', 'RECORD_ID', 'ij-pending'), 'still pending').to_equal(1);
    rollback;
    ut.expect(row_count(co_job1 || '_MEMORY', 'RECORD_ID', 'ij-pending'), 'not committed by install_jobs').to_equal(0);
    ut.expect(l_actions, 'enabled').to_be_like('%enabled scheduler program ' || co_program || '%');
    ut.expect(l_actions, 'not dropped').not_to_be_like('%dropped%');
    select enabled into l_enabled from user_scheduler_programs where program_name = co_program;
    ut.expect(l_enabled, 'enabled again').to_equal('TRUE');
    -- Incomplete (a run that died between CREATE_PROGRAM and the second
    -- DEFINE_PROGRAM_ARGUMENT): dropped and created again with both arguments.
    dbms_scheduler.drop_program(program_name => co_program, force => true);   -- commits
    dbms_scheduler.create_program(program_name => co_program, program_type => 'STORED_PROCEDURE',
      program_action => 'DBMS_AGENT_MEMORY_STORE.RUN_JOB', number_of_arguments => 2, enabled => false);
    dbms_scheduler.define_program_argument(program_name => co_program, argument_position => 1,
      argument_name => 'P_STORE_ID', argument_type => 'VARCHAR2');
    l_response := json_object_t.parse(dbms_agent_memory_store.install_jobs);
    l_actions := l_response.get_array('actions').to_string;
    ut.expect(l_actions, 'dropped').to_be_like('%dropped incomplete scheduler program ' || co_program || '%');
    ut.expect(l_actions, 'created').to_be_like('%created scheduler program ' || co_program || '%');
    select enabled into l_enabled from user_scheduler_programs where program_name = co_program;
    ut.expect(l_enabled, 'enabled after the rebuild').to_equal('TRUE');
    select count(*) into l_count from user_scheduler_program_args where program_name = co_program;
    ut.expect(l_count, 'both arguments').to_equal(2);
    -- The store's job of that program works with the new program.
    dbms_agent_memory_store.set_job_enabled(co_job1, 'TEXT_SYNC', true);
    dbms_agent_memory_store.set_job_enabled(co_job1, 'TEXT_SYNC', false);
    -- A second install finds every program enabled and does nothing.
    l_response := json_object_t.parse(dbms_agent_memory_store.install_jobs);
    ut.expect(l_response.get_array('actions').get_size, 'idempotent').to_equal(0);
  exception
    when others then
      rollback;
      raise;
  end install_jobs_recreates_disabled_program;

  procedure owner_reads_job_info
  is
    l_jobs json_array_t;
  begin
    -- The owner passes the access check whatever p_schema_owner says of it.
    l_jobs := json_object_t.parse(dbms_agent_memory_store.list_jobs(co_job1, lower(user))).get_array('jobs');
    ut.expect(l_jobs.get_size, 'list_jobs').to_equal(3);
    l_jobs := json_object_t.parse(dbms_agent_memory_store.describe_store(co_job1, user)).get_array('jobs');
    ut.expect(l_jobs.get_size, 'describe_store').to_equal(3);
    ut.expect(json_object_t.parse(dbms_agent_memory_store.job_history(co_job1, null, user)).has('runs'),
              'job_history').to_be_true();
  end owner_reads_job_info;

  -- DBMS_LOCK.REQUEST in exclusive mode without waiting, kept over commits.
  function request_lock(p_id in number) return pls_integer
  is
    l_result pls_integer;
  begin
    execute immediate 'begin :r := dbms_lock.request(id => :i, lockmode => dbms_lock.x_mode, timeout => 0,'
      || ' release_on_commit => false); end;' using out l_result, in p_id;
    return l_result;
  end request_lock;

  -- DBMS_LOCK.RELEASE: 0 released, 4 this session did not hold it.
  function release_lock(p_id in number) return pls_integer
  is
    l_result pls_integer;
  begin
    execute immediate 'begin :r := dbms_lock.release(id => :i); end;' using out l_result, in p_id;
    return l_result;
  end release_lock;

  procedure reentered_job_lock_skipped
  is
    -- The id as AGENTMEM_JOBS.lock_id computes it (docs/operations.md §4).
    l_id  number := dbms_utility.get_hash_value(name => 'agentmem:job:' || user || '.' || co_job1 || ':PURGE',
                                                base => 536870912, hash_size => 268435456);
    l_run      json_object_t;
    l_released pls_integer;
  begin
    ut.expect(request_lock(l_id), 'this frame takes the purge lock').to_equal(0);
    l_run := run_now(co_job1, 'PURGE');
    ut.expect(l_run.get_string('outcome'), 'no second run inside the first').to_equal('SKIPPED');
    ut.expect(release_lock(l_id), 'the run left the lock held: its holder releases it').to_equal(0);
  exception
    when others then
      l_released := release_lock(l_id);   -- 4 when the test did not get it: nothing to free
      raise;
  end reentered_job_lock_skipped;

  procedure reentered_ddl_lock_kept
  is
    -- The id as AGENTMEM_STORE.ddl_lock_id computes it (docs/operations.md §4).
    l_id       number;
    l_released pls_integer;
    l_response clob;
  begin
    select ora_hash(user || '.' || co_job2, 536870911) into l_id from dual;   -- ORA_HASH is SQL only
    ut.expect(request_lock(l_id), 'this frame takes the DDL lock').to_equal(0);
    -- The store exists as setup_suite made it: the open changes nothing.
    l_response := dbms_agent_memory_store.open_store('{"memory_store_id": "' || co_job2 || '",'
      || ' "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": 4}');
    ut.expect(json_object_t.parse(l_response).get_array('actions').get_size, 'nothing to do').to_equal(0);
    ut.expect(release_lock(l_id), 'the open did not release a lock it did not take').to_equal(0);
  exception
    when others then
      l_released := release_lock(l_id);   -- 4 when the test did not get it: nothing to free
      raise;
  end reentered_ddl_lock_kept;

  procedure drop_store_drops_jobs
  is
    l_run   json_object_t := run_now(co_job2, 'PURGE');
    l_count pls_integer;
  begin
    ut.expect(l_run.get_string('outcome')).to_equal('SUCCEEDED');
    dbms_agent_memory_store.drop_store(co_job2);
    select count(*) into l_count from user_scheduler_jobs where job_name like 'UTS\_JOB2\_%' escape '\';
    ut.expect(l_count, 'jobs').to_equal(0);
    select count(*) into l_count from agentmem_job_log where store_key = co_job2;
    ut.expect(l_count, 'log rows').to_equal(0);
  end drop_store_drops_jobs;

end test_agentmem_jobs;
/
