create or replace package body agentmem_jobs
as

  -- ORA-06550: an anonymous block did not compile (DBMS_LOCK not callable
  -- by the owner); ORA-27475: unknown job.
  e_block_compile exception;
  pragma exception_init(e_block_compile, -6550);
  e_unknown_job exception;
  pragma exception_init(e_unknown_job, -27475);
  -- ORA-27476: "string"."string" does not exist, "a database object was
  -- specified that does not exist" (docs.oracle.com/en/error-help/db/oci-27476).
  -- Which of the two ENABLE and DISABLE raise for an absent job is not
  -- documented: set_enabled maps both to NOT_FOUND.
  e_absent_object exception;
  pragma exception_init(e_absent_object, -27476);

  co_log constant varchar2(30 char) := 'AGENTMEM_JOB_LOG';
  -- The arguments of every shared program: store key, job kind.
  co_program_args constant pls_integer := 2;
  -- DBMS_LOCK: exclusive mode (X_MODE), and the job locks' share of the
  -- user lock ids 0..1073741823 (DBMS_LOCK reference, REQUEST):
  -- 536870912..805306367 (2^29 .. 2^29 + 2^28 - 1), disjoint from the store
  -- DDL lock and the migration lock (docs/operations.md §4, the table of
  -- the product's user lock ids). Results of REQUEST: 0 success, 1 timeout,
  -- 4 already owned by this session.
  co_x_mode      constant pls_integer := 6;
  co_lock_base   constant pls_integer := 536870912;
  co_lock_size   constant pls_integer := 268435456;
  -- Text index optimize: FULL mode (compacts and removes deleted rows,
  -- CTX_DDL.OPTIMIZE_INDEX in the Text Reference) bounded to co_optimize_minutes.
  co_optimize_level   constant varchar2(4 char) := 'FULL';
  co_optimize_minutes constant pls_integer := 30;

  procedure fail(p_code in pls_integer, p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(p_code, p_message);
  end fail;

  function can_create_job return boolean
  is
  begin
    return agentmem_util.has_privilege('CREATE JOB') or agentmem_util.has_privilege('CREATE ANY JOB');
  end can_create_job;

  procedure require_registered(p_store in agentmem_store_catalog.t_store)
  is
  begin
    if not p_store.registered then
      fail(dbms_agent_memory_store.co_not_found, 'NOT_FOUND: ' || agentmem_store_catalog.display_name(p_store)
        || ' is not registered in ' || p_store.owner || '.AGENTMEM_STORE_REGISTRY; check p_store_id and'
        || ' p_schema_owner (list_stores shows the stores)');
    end if;
  end require_registered;

  function grant_hint(p_owner in varchar2) return varchar2
  is
  begin
    return 'grant CREATE JOB to ' || p_owner || ' and open the store again with CREATE_IF_NECESSARY';
  end grant_hint;

  ------------------------------------------------------------------------------
  -- Names
  ------------------------------------------------------------------------------

  function checked_kind(p_kind in varchar2, p_what in varchar2 default 'p_job') return varchar2
  is
    l_kind varchar2(16 char);
  begin
    if p_kind is null or lengthc(p_kind) > 16 then
      fail(dbms_agent_memory_store.co_invalid_argument, 'INVALID_ARGUMENT: ' || p_what || ' '
        || agentmem_util.shown_text(p_kind) || ' must be PURGE, TEXT_OPTIMIZE, TEXT_SYNC or LLM_TASKS');
    end if;
    l_kind := upper(p_kind);
    if l_kind not in (co_purge, co_optimize, co_sync, co_llm) then
      fail(dbms_agent_memory_store.co_invalid_argument, 'INVALID_ARGUMENT: ' || p_what || ' '
        || agentmem_util.shown_text(p_kind) || ' must be PURGE, TEXT_OPTIMIZE, TEXT_SYNC or LLM_TASKS');
    end if;
    return l_kind;
  end checked_kind;

  function job_name(p_prefix in varchar2, p_kind in varchar2) return varchar2
  is
  begin
    return p_prefix || case p_kind
                         when co_purge then 'PURGE_EXPIRED_J'
                         when co_optimize then 'TEXT_OPTIMIZE_J'
                         when co_llm then 'LLM_TASKS_J'
                         else 'TEXT_SYNC_J'
                       end;
  end job_name;

  function program_name(p_kind in varchar2) return varchar2
  is
  begin
    return 'AGENTMEM_' || p_kind || '_P';
  end program_name;

  function schedule_of(p_kind in varchar2) return varchar2
  is
  begin
    -- Purge hourly under its time budget: many short runs instead of one
    -- long one. Optimize nightly. Sync (MANUAL stores, enabled on request)
    -- every five minutes. The LLM task queue every minute (the delay of a
    -- BACKGROUND task is at most about a minute plus the queue before it).
    return case p_kind
             when co_purge then 'FREQ=HOURLY;INTERVAL=1'
             when co_optimize then 'FREQ=DAILY;BYHOUR=3;BYMINUTE=0'
             when co_llm then 'FREQ=MINUTELY;INTERVAL=1'
             else 'FREQ=MINUTELY;INTERVAL=5'
           end;
  end schedule_of;

  -- KEYWORD stores get the optimize job: the Oracle Text index is theirs to
  -- maintain. HYBRID indexes run Oracle's own daily full optimize job
  -- ("Guidelines and Restrictions for Hybrid Vector Indexes", AI Vector
  -- Search User's Guide), so a second one would only compete with it.
  -- MANUAL-sync text stores get the optional sync job.
  function store_kinds(p_store in agentmem_store_catalog.t_store) return agentmem_util.t_text_list
  is
    l_kinds agentmem_util.t_text_list := agentmem_util.t_text_list(co_purge);
  begin
    if p_store.config.search_strategy = agentmem_store_catalog.co_keyword then
      agentmem_util.append(l_kinds, co_optimize);
    end if;
    if p_store.config.search_strategy in (agentmem_store_catalog.co_keyword, agentmem_store_catalog.co_hybrid)
       and p_store.config.search_index_sync = agentmem_store_catalog.co_manual then
      agentmem_util.append(l_kinds, co_sync);
    end if;
    -- Last, so the order of the jobs a store lists stays PURGE first and the
    -- text jobs after it, as before issue 13.
    agentmem_util.append(l_kinds, co_llm);
    return l_kinds;
  end store_kinds;

  function has_kind(p_store in agentmem_store_catalog.t_store, p_kind in varchar2) return boolean
  is
    l_kinds agentmem_util.t_text_list := store_kinds(p_store);
  begin
    for i in 1 .. l_kinds.count loop
      if l_kinds(i) = p_kind then
        return true;
      end if;
    end loop;
    return false;
  end has_kind;

  ------------------------------------------------------------------------------
  -- Programs and per-store jobs
  ------------------------------------------------------------------------------

  -- Creates one shared program, disabled until its two arguments are
  -- defined, then enables it. CREATE_PROGRAM and each later call commit, so
  -- a run that dies in between leaves the program disabled (and perhaps
  -- with an argument missing): ensure_programs enables a complete leftover
  -- and drops an incomplete one first.
  procedure create_program(p_kind in varchar2)
  is
    l_program varchar2(128 char) := program_name(p_kind);
  begin
    dbms_scheduler.create_program(
      program_name        => agentmem_util.sql_bare_name(l_program),
      program_type        => 'STORED_PROCEDURE',
      program_action      => 'DBMS_AGENT_MEMORY_STORE.RUN_JOB',
      number_of_arguments => co_program_args,
      enabled             => false,
      comments            => 'agentmem: ' || p_kind || ' job of a memory store (argument 1: store key)');
    dbms_scheduler.define_program_argument(
      program_name      => agentmem_util.sql_bare_name(l_program),
      argument_position => 1,
      argument_name     => 'P_STORE_ID',
      argument_type     => 'VARCHAR2');
    dbms_scheduler.define_program_argument(
      program_name      => agentmem_util.sql_bare_name(l_program),
      argument_position => 2,
      argument_name     => 'P_JOB',
      argument_type     => 'VARCHAR2',
      default_value     => p_kind);
    dbms_scheduler.enable(name => agentmem_util.sql_bare_name(l_program));
  end create_program;

  -- agentmem:commits (autonomous transaction; DBMS_SCHEDULER commits)
  procedure ensure_programs(p_actions in out nocopy agentmem_util.t_text_list,
                            p_warnings in out nocopy agentmem_util.t_text_list)
  is
    -- DBMS_SCHEDULER's calls commit: autonomous, so install_jobs (and any
    -- caller) never has its pending work committed by them.
    pragma autonomous_transaction;
    l_kinds   agentmem_util.t_text_list := agentmem_util.t_text_list(co_purge, co_optimize, co_sync, co_llm);
    l_program varchar2(128 char);
    l_enabled varchar2(5 char);
    l_args    pls_integer;
  begin
    if not can_create_job then
      agentmem_util.append(p_warnings, 'CREATE JOB privilege missing: the scheduler programs of agentmem are not'
        || ' installed and no store job can be created; grant CREATE JOB to ' || agentmem_util.current_user_name
        || ' and run agentmem install-packages again');
      commit;
      return;
    end if;
    for i in 1 .. l_kinds.count loop
      l_program := program_name(l_kinds(i));
      l_enabled := null;
      for p in (select enabled from sys.user_scheduler_programs where program_name = l_program) loop
        l_enabled := p.enabled;   -- USER_SCHEDULER_PROGRAMS.ENABLED: TRUE or FALSE
      end loop;
      if l_enabled = 'FALSE' then
        select count(*) into l_args from sys.user_scheduler_program_args where program_name = l_program;
        if l_args = co_program_args then
          -- Complete but disabled: a run that died just before ENABLE, or an
          -- operator (jobs are paused with agentmem jobs disable, not through
          -- the shared program). Enabled again; its jobs are untouched.
          dbms_scheduler.enable(name => agentmem_util.sql_bare_name(l_program));
          agentmem_util.append(p_actions, 'enabled scheduler program ' || l_program);
        else
          -- A leftover with an argument missing (a run that died between
          -- CREATE_PROGRAM and DEFINE_PROGRAM_ARGUMENT): dropped and created
          -- again. force => true disables the jobs that reference it first
          -- (DROP_PROGRAM); the warning names those that were enabled.
          for j in (select job_name from sys.user_scheduler_jobs
                     where program_name = l_program and enabled = 'TRUE' order by job_name) loop
            agentmem_util.append(p_warnings, 'job ' || j.job_name || ' was disabled by dropping the incomplete'
              || ' scheduler program ' || l_program || '; enable it again with agentmem jobs enable');
          end loop;
          dbms_scheduler.drop_program(program_name => agentmem_util.sql_bare_name(l_program), force => true);
          agentmem_util.append(p_actions, 'dropped incomplete scheduler program ' || l_program);
          l_enabled := null;
        end if;
      end if;
      if l_enabled is null then
        create_program(l_kinds(i));
        agentmem_util.append(p_actions, 'created scheduler program ' || l_program);
      end if;
    end loop;
    commit;
  exception
    when others then
      rollback;
      raise;
  end ensure_programs;

  -- agentmem:commits (DBMS_SCHEDULER)
  procedure ensure_store_jobs(p_store in agentmem_store_catalog.t_store,
                              p_actions in out nocopy agentmem_util.t_text_list,
                              p_warnings in out nocopy agentmem_util.t_text_list)
  is
    l_kinds   agentmem_util.t_text_list := store_kinds(p_store);
    l_all     agentmem_util.t_text_list := agentmem_util.t_text_list(co_purge, co_optimize, co_sync, co_llm);
    l_job     varchar2(128 char);
    l_program varchar2(128 char);
    l_found   pls_integer;
  begin
    if not can_create_job then
      agentmem_util.append(p_warnings, 'CREATE JOB privilege missing: expired records stay hidden but are not purged'
        || ' and the text index is not maintained; ' || grant_hint(p_store.owner) || ' to create the jobs of the '
        || agentmem_store_catalog.display_name(p_store));
      return;
    end if;
    ensure_programs(p_actions, p_warnings);
    -- Jobs of kinds the store no longer has (its strategy or sync mode
    -- changed) would fail on every run: they go.
    for i in 1 .. l_all.count loop
      if not has_kind(p_store, l_all(i)) then
        l_job := job_name(p_store.table_prefix, l_all(i));
        select count(*) into l_found from sys.user_scheduler_jobs where job_name = l_job;
        if l_found > 0 then
          dbms_scheduler.drop_job(job_name => agentmem_util.sql_bare_name(l_job), force => true);
          agentmem_util.append(p_actions, 'dropped job ' || l_job || ' (not needed by the store''s configuration)');
        end if;
      end if;
    end loop;
    for i in 1 .. l_kinds.count loop
      l_job := job_name(p_store.table_prefix, l_kinds(i));
      select count(*), max(program_name) into l_found, l_program from sys.user_scheduler_jobs where job_name = l_job;
      if l_found > 0 and l_program is null then
        -- A purge job of the inline form (schema version 1): replaced by one
        -- from the shared program.
        dbms_scheduler.drop_job(job_name => agentmem_util.sql_bare_name(l_job), force => true);
        agentmem_util.append(p_actions, 'dropped job ' || l_job || ' (inline form)');
        l_found := 0;
      end if;
      if l_found = 0 then
        -- The kind's shared program: l_program holds only what the query found
        -- (NULL for a job that does not exist yet, or an inline one).
        l_program := program_name(l_kinds(i));
        dbms_scheduler.create_job(
          job_name        => agentmem_util.sql_bare_name(l_job),
          program_name    => agentmem_util.sql_bare_name(l_program),
          start_date      => systimestamp,
          repeat_interval => schedule_of(l_kinds(i)),
          enabled         => false,
          auto_drop       => false,
          comments        => 'agentmem: ' || l_kinds(i) || ' of the ' || agentmem_store_catalog.display_name(p_store));
        dbms_scheduler.set_job_argument_value(
          job_name          => agentmem_util.sql_bare_name(l_job),
          argument_position => 1,
          argument_value    => p_store.store_key);
        if l_kinds(i) <> co_sync then
          dbms_scheduler.enable(name => agentmem_util.sql_bare_name(l_job));
          agentmem_util.append(p_actions, 'created job ' || l_job);
        else
          agentmem_util.append(p_actions, 'created job ' || l_job || ' (disabled: enable it with agentmem jobs enable'
            || ' to synchronize the MANUAL text index every five minutes)');
        end if;
      end if;
    end loop;
  end ensure_store_jobs;

  -- agentmem:commits (DBMS_SCHEDULER)
  procedure drop_store_jobs(p_store in agentmem_store_catalog.t_store,
                            p_actions in out nocopy agentmem_util.t_text_list)
  is
    l_kinds agentmem_util.t_text_list := agentmem_util.t_text_list(co_purge, co_optimize, co_sync, co_llm);
    l_job   varchar2(128 char);
    l_count pls_integer;
  begin
    for i in 1 .. l_kinds.count loop
      l_job := job_name(p_store.table_prefix, l_kinds(i));
      select count(*) into l_count from sys.user_scheduler_jobs where job_name = l_job;
      if l_count > 0 then
        -- force: the scheduler first stops a running instance of the job.
        dbms_scheduler.drop_job(job_name => agentmem_util.sql_bare_name(l_job), force => true);
        agentmem_util.append(p_actions, 'dropped job ' || l_job);
      end if;
    end loop;
    execute immediate 'delete from ' || agentmem_util.sql_object(p_store.owner, co_log) || ' where store_key = :k'
      using p_store.store_key;
    commit;
  end drop_store_jobs;

  function missing_jobs(p_store in agentmem_store_catalog.t_store) return agentmem_util.t_text_list
  is
    l_kinds   agentmem_util.t_text_list := store_kinds(p_store);
    l_missing agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_job     varchar2(128 char);
    l_count   pls_integer;
  begin
    if not can_create_job then
      return l_missing;
    end if;
    for i in 1 .. l_kinds.count loop
      l_job := job_name(p_store.table_prefix, l_kinds(i));
      select count(*) into l_count from sys.user_scheduler_jobs where job_name = l_job and program_name is not null;
      if l_count = 0 then
        agentmem_util.append(l_missing, l_job);
      end if;
    end loop;
    return l_missing;
  end missing_jobs;

  function has_all_jobs(p_store in agentmem_store_catalog.t_store) return boolean
  is
    l_missing agentmem_util.t_text_list := missing_jobs(p_store);
  begin
    return l_missing.count = 0;
  end has_all_jobs;

  -- agentmem:commits (autonomous transaction; DBMS_SCHEDULER commits)
  procedure set_enabled(p_store in agentmem_store_catalog.t_store, p_kind in varchar2, p_enabled in boolean)
  is
    pragma autonomous_transaction;
    l_job varchar2(128 char) := job_name(p_store.table_prefix, p_kind);
  begin
    if not has_kind(p_store, p_kind) then
      fail(dbms_agent_memory_store.co_invalid_argument, 'INVALID_ARGUMENT: p_job ' || p_kind || ': the '
        || agentmem_store_catalog.display_name(p_store) || ' (' || p_store.config.search_strategy || ', sync '
        || p_store.config.search_index_sync || ') has no such job');
    end if;
    if p_enabled then
      dbms_scheduler.enable(name => agentmem_util.sql_bare_name(l_job));
    else
      dbms_scheduler.disable(name => agentmem_util.sql_bare_name(l_job), force => true);
    end if;
    commit;
  exception
    when e_unknown_job or e_absent_object then
      rollback;
      agentmem_util.raise_error(dbms_agent_memory_store.co_not_found, 'NOT_FOUND: job ' || l_job || ' does not exist; '
        || grant_hint(p_store.owner) || ' (as the owner) to create it');
  end set_enabled;

  ------------------------------------------------------------------------------
  -- Run log (autonomous: a failed run keeps its row)
  ------------------------------------------------------------------------------

  -- agentmem:commits (autonomous transaction)
  function log_start(p_store in agentmem_store_catalog.t_store, p_kind in varchar2, p_source in varchar2,
                     p_outcome in varchar2) return varchar2
  is
    pragma autonomous_transaction;
    l_run_id varchar2(32 char) := rawtohex(sys_guid());
    l_log    varchar2(300 char) := agentmem_util.sql_object(p_store.owner, co_log);
  begin
    if p_outcome = 'RUNNING' then
      -- This session holds the job's lock: a RUNNING row left by another
      -- session is from a run that died (its lock went with its session).
      execute immediate 'update ' || l_log || ' set outcome = ''ABANDONED'', ended_at = systimestamp'
        || ' where store_key = :k and job_kind = :j and outcome = ''RUNNING'''
        using p_store.store_key, p_kind;
    end if;
    execute immediate 'insert into ' || l_log || ' (run_id, store_key, job_kind, job_name, run_source, outcome,'
      || ' instance_no, ended_at) values (:r, :k, :j, :n, :s, :o, :i,'
      || ' case when :o2 = ''RUNNING'' then null else systimestamp end)'
      using l_run_id, p_store.store_key, p_kind, job_name(p_store.table_prefix, p_kind), p_source, p_outcome,
            to_number(sys_context('userenv', 'instance')), p_outcome;
    commit;
    return l_run_id;
  end log_start;

  -- agentmem:commits (autonomous transaction)
  procedure log_progress(p_run_id in varchar2, p_rows in number)
  is
    pragma autonomous_transaction;
  begin
    execute immediate 'update ' || agentmem_util.sql_object(agentmem_util.current_user_name, co_log)
      || ' set rows_affected = :r where run_id = :id' using p_rows, p_run_id;
    commit;
  end log_progress;

  -- p_rows null keeps the count log_progress recorded.
  -- agentmem:commits (autonomous transaction)
  procedure log_end(p_owner in varchar2, p_run_id in varchar2, p_outcome in varchar2, p_rows in number,
                    p_error in varchar2)
  is
    pragma autonomous_transaction;
  begin
    execute immediate 'update ' || agentmem_util.sql_object(p_owner, co_log)
      || ' set outcome = :o, rows_affected = nvl(:r, rows_affected), error_text = :e, ended_at = systimestamp'
      || ' where run_id = :id'
      using p_outcome, p_rows, substrb(p_error, 1, 4000), p_run_id;   -- ERROR_TEXT: 4000 bytes at most
    commit;
  end log_end;

  ------------------------------------------------------------------------------
  -- The job lock: DBMS_LOCK user locks are known to every instance of a RAC
  -- database ("a unique name recognizable in another procedure in the same
  -- or another instance", DBMS_LOCK overview, PL/SQL Packages and Types
  -- Reference), and are released when the session ends, so a run that dies
  -- never blocks the next one. Called dynamically: the package then
  -- compiles without EXECUTE ON DBMS_LOCK, and a run explains the grant.
  ------------------------------------------------------------------------------

  function lock_id(p_store in agentmem_store_catalog.t_store, p_kind in varchar2) return pls_integer
  is
  begin
    return dbms_utility.get_hash_value(name => 'agentmem:job:' || p_store.owner || '.' || p_store.store_key || ':' || p_kind,
                                       base => co_lock_base, hash_size => co_lock_size);
  end lock_id;

  function take_lock(p_id in pls_integer) return pls_integer
  is
    l_result pls_integer;
  begin
    -- release_on_commit false: the run commits after every batch.
    execute immediate 'begin :r := sys.dbms_lock.request(id => :id, lockmode => :m, timeout => 0,'
      || ' release_on_commit => false); end;'
      using out l_result, p_id, co_x_mode;
    return l_result;
  exception
    when e_block_compile then
      fail(dbms_agent_memory_store.co_privilege_missing, 'PRIVILEGE_MISSING: DBMS_LOCK is not callable by '
        || agentmem_util.current_user_name || ', and agentmem jobs serialize their runs with it; ask a DBA to run:'
        || ' grant execute on sys.dbms_lock to ' || agentmem_util.current_user_name);
      return null;
  end take_lock;

  procedure free_lock(p_id in pls_integer)
  is
    l_result pls_integer;
  begin
    execute immediate 'begin :r := sys.dbms_lock.release(id => :id); end;' using out l_result, p_id;
  end free_lock;

  ------------------------------------------------------------------------------
  -- Job bodies: text index maintenance (the purge is AGENTMEM_PURGE)
  ------------------------------------------------------------------------------

  function text_index(p_store in agentmem_store_catalog.t_store) return varchar2
  is
  begin
    return p_store.owner || '.' || p_store.table_prefix
           || case p_store.config.search_strategy
                when agentmem_store_catalog.co_keyword then 'RECORD_CHUNKS_TXT_IX'
                else 'RECORD_CHUNKS_HYB_IX'
              end;
  end text_index;

  -- agentmem:commits (CTX_DDL commits)
  procedure optimize_text(p_store in agentmem_store_catalog.t_store)
  is
  begin
    -- Dynamic: CTX_DDL exists only where Oracle Text is installed.
    execute immediate 'begin ctxsys.ctx_ddl.optimize_index(idx_name => :idx, optlevel => :lvl, maxtime => :mins); end;'
      using text_index(p_store), co_optimize_level, co_optimize_minutes;
  end optimize_text;

  -- agentmem:commits (CTX_DDL.SYNC_INDEX commits)
  procedure sync_text(p_store in agentmem_store_catalog.t_store)
  is
  begin
    execute immediate 'begin ctxsys.ctx_ddl.sync_index(idx_name => :idx); end;' using text_index(p_store);
  end sync_text;

  ------------------------------------------------------------------------------
  -- Run
  ------------------------------------------------------------------------------

  -- agentmem:commits (job entry point; autonomous transaction)
  function run(p_store in agentmem_store_catalog.t_store, p_kind in varchar2, p_source in varchar2,
               p_batch_size in pls_integer, p_budget_seconds in pls_integer) return json_object_t
  is
    -- The run's batch commits and its ROLLBACK of a failed batch must not
    -- commit or roll back a caller's pending work (run_job_now and
    -- purge_expired called inside a transaction), as in sync_search_index.
    pragma autonomous_transaction;
    l_kind    varchar2(16 char) := checked_kind(p_kind);
    l_lock    pls_integer;
    l_got     pls_integer;
    l_run_id  varchar2(32 char);
    l_rows    number := 0;
    l_done    boolean := true;
    l_batch   pls_integer := nvl(p_batch_size, co_default_batch);
    l_budget  pls_integer := nvl(p_budget_seconds, co_default_budget);
    l_error   varchar2(4000 char);
    l_result  json_object_t;
  begin
    if not has_kind(p_store, l_kind) then
      fail(dbms_agent_memory_store.co_invalid_argument, 'INVALID_ARGUMENT: p_job ' || l_kind || ': the '
        || agentmem_store_catalog.display_name(p_store) || ' (' || p_store.config.search_strategy || ', sync '
        || p_store.config.search_index_sync || ') has no such job');
    end if;
    if l_batch not between 1 and 100000 then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: batch_size ' || l_batch || ' must be from 1 to 100000');
    end if;
    if l_budget not between 1 and 86400 then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: time_budget_seconds ' || l_budget || ' must be from 1 to 86400');
    end if;
    if l_kind = co_llm and p_source = co_scheduler and not agentmem_llm_tasks.has_due(p_store) then
      -- An idle scheduled LLM_TASKS run writes no log row: the job runs
      -- every minute, and 1,440 rows a day per store would say only that
      -- nothing was due (the scheduler's own run details still record each
      -- run). A run with work, a failed one and every manual run is logged.
      -- Checked before the lock: nothing to release if the check fails,
      -- and a task due a moment later is the next minute's.
      commit;   -- nothing is pending; ends the autonomous transaction (ORA-06519)
      return null;
    end if;
    l_lock := lock_id(p_store, l_kind);
    l_got := take_lock(l_lock);
    if l_got <> 0 then
      -- 1: another session (on any instance) runs this job now. 4: this
      -- session already holds the lock, so an outer frame of it runs this
      -- job now: that frame releases the lock, and this run neither
      -- overlaps it nor releases it (only what this frame acquired is freed).
      l_run_id := log_start(p_store, l_kind, p_source, 'SKIPPED');
      l_result := agentmem_job_info.run_json(l_run_id);
      commit;   -- nothing is pending; ends the autonomous transaction (ORA-06519)
      return l_result;
    end if;
    begin
      l_run_id := log_start(p_store, l_kind, p_source, 'RUNNING');
      case l_kind
        when co_purge then
          agentmem_purge.purge_run(p_store, l_batch, systimestamp + numtodsinterval(l_budget, 'SECOND'),
                                   l_run_id, l_rows, l_done);
        when co_optimize then
          optimize_text(p_store);
        when co_llm then
          agentmem_llm_tasks.drain(p_store, systimestamp + numtodsinterval(nvl(p_budget_seconds, co_llm_budget), 'SECOND'),
                                   l_run_id, l_rows, l_done);
        else
          sync_text(p_store);
      end case;
      commit;
      log_end(p_store.owner, l_run_id, case when l_done then 'SUCCEEDED' else 'PARTIAL' end, l_rows, null);
    exception
      when others then
        l_error := substr(sqlerrm || chr(10) || dbms_utility.format_error_backtrace, 1, 4000);
        rollback;   -- only the batch in flight: earlier batches are committed
        -- The lock first: a failing log write must not keep it for the
        -- session's life (every later run of the job would be SKIPPED).
        free_lock(l_lock);
        if l_run_id is not null then
          -- rows_affected keeps what log_progress recorded for the committed batches.
          log_end(p_store.owner, l_run_id, 'FAILED', null, l_error);
        end if;
        raise;
    end;
    free_lock(l_lock);
    l_result := agentmem_job_info.run_json(l_run_id);
    commit;   -- nothing is pending; ends the autonomous transaction (ORA-06519)
    return l_result;
  end run;

  ------------------------------------------------------------------------------
  -- The facade's calls. Authorization is the store lookup: locate_own for
  -- what runs or changes jobs (the owner only), locate for what reads them
  -- (a runtime user with access to the store).
  ------------------------------------------------------------------------------

  -- agentmem:commits (job entry point)
  procedure run_scheduled(p_store_key in varchar2, p_job in varchar2)
  is
    l_store agentmem_store_catalog.t_store :=
      agentmem_store.locate_own(case when p_store_key = agentmem_store_catalog.co_default_key then null
                                     else p_store_key end);
    l_run   json_object_t;
  begin
    l_run := run(l_store, p_job, co_scheduler, null, null);
  end run_scheduled;

  -- agentmem:commits (job entry point)
  function run_now(p_store_id in varchar2, p_job in varchar2, p_request in clob) return clob
  is
    l_store    agentmem_store_catalog.t_store := agentmem_store.locate_own(p_store_id);
    l_request  json_object_t := agentmem_util.parse_object(nvl(p_request, '{}'), 'p_request');
    l_batch    agentmem_util.t_opt_number;
    l_budget   agentmem_util.t_opt_number;
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_unknown_keys(l_request, 'batch_size,time_budget_seconds');
    -- Absent or null: the defaults of run.
    l_batch := agentmem_util.get_integer(l_request, 'batch_size', 1, 100000);
    l_budget := agentmem_util.get_integer(l_request, 'time_budget_seconds', 1, 86400);
    l_response.put('run', run(l_store, p_job, co_manual, l_batch.value, l_budget.value));
    return l_response.to_clob;
  end run_now;

  -- agentmem:commits (job entry point)
  procedure purge_expired(p_store_id in varchar2, p_batch_size in pls_integer)
  is
    l_store agentmem_store_catalog.t_store := agentmem_store.locate_own(p_store_id);
    l_run   json_object_t;
  begin
    if p_batch_size is null or p_batch_size not between 1 and 100000 then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: p_batch_size ' || nvl(to_char(p_batch_size), 'null') || ' must be from 1 to 100000');
    end if;
    -- The whole backlog: the largest budget a run accepts.
    l_run := run(l_store, co_purge, co_manual, p_batch_size, 86400);
  end purge_expired;

  function list_jobs(p_store_id in varchar2, p_schema_owner in varchar2) return clob
  is
    l_store    agentmem_store_catalog.t_store := agentmem_store.locate(p_store_id, p_schema_owner);
    l_response json_object_t := json_object_t();
  begin
    require_registered(l_store);
    agentmem_store.require_access(l_store);   -- the job info is read with the owner's rights
    l_response.put('store', agentmem_store.store_json(l_store));
    l_response.put('jobs', agentmem_job_info.jobs_json(l_store));
    return l_response.to_clob;
  end list_jobs;

  function job_history(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_store    agentmem_store_catalog.t_store := agentmem_store.locate(p_store_id, p_schema_owner);
    l_request  json_object_t := agentmem_util.parse_object(nvl(p_request, '{}'), 'p_request');
    l_job      agentmem_util.t_opt_text;
    l_count    agentmem_util.t_opt_number;
    l_kind     varchar2(16 char);
    l_limit    pls_integer;
    l_response json_object_t := json_object_t();
  begin
    require_registered(l_store);
    agentmem_store.require_access(l_store);   -- the job info is read with the owner's rights
    agentmem_util.reject_unknown_keys(l_request, 'job,limit');
    -- Absent or null: every job of the store, 20 runs.
    l_job := agentmem_util.get_enum(l_request, 'job', 'PURGE,TEXT_OPTIMIZE,TEXT_SYNC,LLM_TASKS');
    l_kind := l_job.value;
    l_count := agentmem_util.get_integer(l_request, 'limit', 1, 1000);
    l_limit := nvl(l_count.value, 20);
    l_response.put('runs', agentmem_job_info.history_json(l_store, l_kind, l_limit));
    return l_response.to_clob;
  end job_history;

  -- agentmem:commits (autonomous, in set_enabled)
  procedure set_job_enabled(p_store_id in varchar2, p_job in varchar2, p_enabled in boolean)
  is
    l_store agentmem_store_catalog.t_store := agentmem_store.locate_own(p_store_id);
  begin
    if p_enabled is null then
      fail(dbms_agent_memory_store.co_invalid_argument, 'INVALID_ARGUMENT: p_enabled must be true or false, not null');
    end if;
    set_enabled(l_store, checked_kind(p_job), p_enabled);
  end set_job_enabled;

  function preview_purge(p_store_id in varchar2) return clob
  is
    l_store    agentmem_store_catalog.t_store := agentmem_store.locate_own(p_store_id);
    l_response json_object_t := agentmem_purge.preview(l_store);
  begin
    l_response.put('store', agentmem_store.store_json(l_store));
    return l_response.to_clob;
  end preview_purge;

  -- agentmem:commits (DBMS_SCHEDULER)
  function install_jobs return clob
  is
    l_actions  agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_warnings agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_list     json_array_t;
    l_response json_object_t := json_object_t();
  begin
    ensure_programs(l_actions, l_warnings);
    l_list := json_array_t();
    for i in 1 .. l_actions.count loop
      l_list.append(l_actions(i));
    end loop;
    l_response.put('actions', l_list);
    l_list := json_array_t();
    for i in 1 .. l_warnings.count loop
      l_list.append(l_warnings(i));
    end loop;
    l_response.put('warnings', l_list);
    return l_response.to_clob;
  end install_jobs;

end agentmem_jobs;
/
