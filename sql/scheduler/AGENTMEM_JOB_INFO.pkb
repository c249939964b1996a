create or replace package body agentmem_job_info
as

  -- Runs of a store, newest first; p_kind, p_outcome null: any.
  cursor c_runs(p_store_key in varchar2, p_kind in varchar2, p_outcome in varchar2, p_limit in pls_integer) is
    select l.run_id, l.job_kind, l.job_name, l.run_source, l.started_at, l.ended_at, l.outcome,
           l.rows_affected, l.error_text
      from agentmem_job_log l
     where l.store_key = p_store_key
       and (p_kind is null or l.job_kind = p_kind)
       and (p_outcome is null or l.outcome = p_outcome)
     order by l.started_at desc, l.run_id desc
     fetch first p_limit rows only;

  procedure put_time(p_obj in out nocopy json_object_t, p_key in varchar2, p_value in timestamp with time zone)
  is
  begin
    if p_value is null then
      p_obj.put_null(p_key);
    else
      p_obj.put(p_key, agentmem_util.iso_utc(p_value));
    end if;
  end put_time;

  procedure put_text(p_obj in out nocopy json_object_t, p_key in varchar2, p_value in varchar2)
  is
  begin
    if p_value is null then
      p_obj.put_null(p_key);
    else
      p_obj.put(p_key, p_value);
    end if;
  end put_text;

  function to_json(p_run in c_runs%rowtype) return json_object_t
  is
    l_run json_object_t := json_object_t();
  begin
    l_run.put('run_id', p_run.run_id);
    l_run.put('job', p_run.job_kind);
    l_run.put('job_name', p_run.job_name);
    l_run.put('source', p_run.run_source);
    put_time(l_run, 'started_at', p_run.started_at);
    put_time(l_run, 'ended_at', p_run.ended_at);
    l_run.put('outcome', p_run.outcome);
    l_run.put('rows_affected', p_run.rows_affected);
    put_text(l_run, 'error', p_run.error_text);
    return l_run;
  end to_json;

  function run_json(p_run_id in varchar2) return json_object_t
  is
    l_run c_runs%rowtype;
  begin
    select l.run_id, l.job_kind, l.job_name, l.run_source, l.started_at, l.ended_at, l.outcome,
           l.rows_affected, l.error_text
      into l_run
      from agentmem_job_log l
     where l.run_id = p_run_id;
    return to_json(l_run);
  end run_json;

  function owns(p_store in agentmem_store_catalog.t_store) return boolean
  is
  begin
    -- In a definer's rights unit CURRENT_USER is the unit's owner.
    return p_store.owner = sys_context('userenv', 'current_user');
  end owns;

  function history_json(p_store in agentmem_store_catalog.t_store, p_kind in varchar2, p_limit in pls_integer)
    return json_array_t
  is
    l_runs json_array_t := json_array_t();
  begin
    if not owns(p_store) then
      return l_runs;
    end if;
    for r in c_runs(p_store.store_key, p_kind, null, p_limit) loop
      l_runs.append(to_json(r));
    end loop;
    return l_runs;
  end history_json;

  function job_json(p_store in agentmem_store_catalog.t_store, p_kind in varchar2) return json_object_t
  is
    l_name     varchar2(128 char) := agentmem_jobs.job_name(p_store.table_prefix, p_kind);
    l_job      json_object_t := json_object_t();
    l_enabled  varchar2(5 char);
    l_state    varchar2(15 char);
    l_schedule varchar2(4000 char);
    l_next     timestamp with time zone;
    l_last     timestamp with time zone;
    l_failures number;
    l_found    boolean := false;
    l_keys     agentmem_util.t_text_list := agentmem_util.t_text_list('present', 'enabled', 'state', 'schedule',
                 'next_run', 'last_start', 'failure_count', 'last_run', 'last_error');
  begin
    l_job.put('job', p_kind);
    l_job.put('name', l_name);
    if not owns(p_store) then
      for i in 1 .. l_keys.count loop
        l_job.put_null(l_keys(i));
      end loop;
      return l_job;
    end if;
    for j in (select enabled, state, repeat_interval, next_run_date, last_start_date, failure_count
                from user_scheduler_jobs
               where job_name = l_name) loop
      l_found := true;
      l_enabled := j.enabled;
      l_state := j.state;
      l_schedule := j.repeat_interval;
      l_next := j.next_run_date;
      l_last := j.last_start_date;
      l_failures := j.failure_count;
    end loop;
    l_job.put('present', l_found);
    if l_found then
      l_job.put('enabled', l_enabled = 'TRUE');
    else
      l_job.put_null('enabled');
    end if;
    put_text(l_job, 'state', l_state);
    put_text(l_job, 'schedule', l_schedule);
    put_time(l_job, 'next_run', l_next);
    put_time(l_job, 'last_start', l_last);
    if l_failures is null then
      l_job.put_null('failure_count');
    else
      l_job.put('failure_count', l_failures);
    end if;
    l_job.put_null('last_run');
    for r in c_runs(p_store.store_key, p_kind, null, 1) loop
      l_job.put('last_run', to_json(r));
    end loop;
    l_job.put_null('last_error');
    for r in c_runs(p_store.store_key, p_kind, 'FAILED', 1) loop
      l_job.put('last_error', to_json(r));
    end loop;
    return l_job;
  end job_json;

  function jobs_json(p_store in agentmem_store_catalog.t_store) return json_array_t
  is
    l_kinds agentmem_util.t_text_list := agentmem_jobs.store_kinds(p_store);
    l_jobs  json_array_t := json_array_t();
  begin
    for i in 1 .. l_kinds.count loop
      l_jobs.append(job_json(p_store, l_kinds(i)));
    end loop;
    return l_jobs;
  end jobs_json;

end agentmem_job_info;
/
