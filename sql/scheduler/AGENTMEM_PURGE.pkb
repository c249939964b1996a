create or replace package body agentmem_purge
as

  subtype t_store is agentmem_store_catalog.t_store;

  co_log constant varchar2(30 char) := 'AGENTMEM_JOB_LOG';

  -- The (id, type) keys of a batch, bound as one JSON array. Declared before
  -- the first subprogram body: a declare section takes no item declaration
  -- after one (PL/SQL Language Reference, Block: item_list_2).
  co_keys_table constant varchar2(200 char) :=
    'json_table(:k, ''$[*]'' columns (i varchar2(512) path ''$.i'', t varchar2(30) path ''$.t''))';

  -- Only message, memory-like and image records expire (DOCUMENT, MEMORY and
  -- MESSAGE have EXPIRES_AT; THREAD, THREAD_SUMMARY and ACTOR_PROFILE do
  -- not, docs/protocol-records.md §3.3). A batch is handled set-based: the
  -- (id, type) keys of its records travel as one JSON array bound to
  -- JSON_TABLE (co_keys_table), so each step is one statement whatever the
  -- batch size.

  -- [{"i": id, "t": type}, ...] of a batch.
  function keys_json(p_ids in agentmem_util.t_text_list, p_types in agentmem_util.t_text_list) return clob
  is
    l_keys json_array_t := json_array_t();
    l_key  json_object_t;
  begin
    for i in 1 .. p_ids.count loop
      l_key := json_object_t();
      l_key.put('i', p_ids(i));
      l_key.put('t', p_types(i));
      l_keys.append(l_key);
    end loop;
    return l_keys.to_clob;
  end keys_json;

  -- Deletes one batch of expired records of p_base with their retrieval
  -- rows; a message also with the rows of its image parts (its DOCUMENT
  -- rows go by the MESSAGE_ID cascade), a memory-like record with its
  -- relations. Returns the rows deleted (records and chunks).
  function purge_batch(p_store in t_store, p_base in varchar2, p_ids in agentmem_util.t_text_list,
                       p_types in agentmem_util.t_text_list) return number
  is
    l_chunks varchar2(300 char) := agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS');
    l_keys   clob := keys_json(p_ids, p_types);
    l_rows   number := 0;
  begin
    -- The messages' text, the images' bytes and the memories' text leave
    -- the LLM tasks that hold them, in the batch's transaction (docs/llm.md "Task lifecycle"),
    -- before any row is deleted: the task rows are locked first, as a
    -- running task locks its row before it writes (one lock order).
    if p_base = 'MESSAGE' then
      agentmem_llm_tasks.forget_messages(p_store, p_ids);
    elsif p_base = 'DOCUMENT' then
      agentmem_llm_tasks.forget_images(p_store, p_ids);
    elsif p_base = 'MEMORY' then
      agentmem_llm_tasks.forget_memories(p_store, p_ids);
    end if;
    execute immediate 'delete from ' || l_chunks || ' c'
      || ' where (c.source_id, c.source_type) in (select k.i, k.t from ' || co_keys_table || ' k)'
      using l_keys;
    l_rows := l_rows + sql%rowcount;
    if p_base = 'MESSAGE' then
      execute immediate 'delete from ' || l_chunks || ' c'
        || ' where c.source_type = ''image'' and c.source_id in (select d.record_id from '
        || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'DOCUMENT') || ' d'
        || ' where d.message_id in (select k.i from ' || co_keys_table || ' k))'
        using l_keys;
      l_rows := l_rows + sql%rowcount;
    elsif p_base = 'MEMORY' then
      -- Relations go with their endpoints; lifecycle targets recomputed (L27).
      agentmem_relation.remove_endpoints(p_store, p_ids, p_types);
    end if;
    execute immediate 'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || p_base) || ' t'
      || ' where t.record_id in (select k.i from ' || co_keys_table || ' k)'
      using l_keys;
    return l_rows + sql%rowcount;
  end purge_batch;

  -- The next batch of expired records of p_base, oldest expiry first (the
  -- order makes a run's progress, and the tests, deterministic).
  procedure next_batch(p_store in t_store, p_base in varchar2, p_batch in pls_integer,
                       p_ids out agentmem_util.t_text_list, p_types out agentmem_util.t_text_list)
  is
    l_type_expr varchar2(30 char) := case p_base
                                  when 'MEMORY' then 'memory_type'
                                  when 'MESSAGE' then '''message'''
                                  else '''image'''
                                end;
  begin
    -- The record type of each row is what its chunks carry in SOURCE_TYPE.
    execute immediate 'select record_id, ' || l_type_expr || ' from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || p_base)
      || ' where expires_at <= systimestamp order by expires_at, record_id fetch first :n rows only'
      bulk collect into p_ids, p_types using p_batch;
  end next_batch;

  -- agentmem:commits (one commit per batch)
  procedure purge_run(p_store in agentmem_store_catalog.t_store, p_batch_size in pls_integer,
                      p_deadline in timestamp with time zone, p_run_id in varchar2,
                      p_rows out number, p_done out boolean)
  is
    -- Memory-like records first (their relations), then images: a message's
    -- image parts share its expiry and go before the message.
    l_bases agentmem_util.t_text_list := agentmem_util.t_text_list('MEMORY', 'DOCUMENT', 'MESSAGE');
    l_ids   agentmem_util.t_text_list;
    l_types agentmem_util.t_text_list;
    l_count number;
  begin
    p_rows := 0;
    p_done := false;
    for b in 1 .. l_bases.count loop
      loop
        if systimestamp >= p_deadline then
          return;   -- the next run continues: what is left is still expired
        end if;
        next_batch(p_store, l_bases(b), p_batch_size, l_ids, l_types);
        exit when l_ids.count = 0;
        p_rows := p_rows + purge_batch(p_store, l_bases(b), l_ids, l_types);
        commit;
        agentmem_jobs.log_progress(p_run_id, p_rows);
      end loop;
    end loop;
    -- Chunks whose own copy of expires_at passed (their record is gone or
    -- expires with them).
    loop
      if systimestamp >= p_deadline then
        return;
      end if;
      execute immediate 'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS')
        || ' where expires_at <= systimestamp and rownum <= :n' using p_batch_size;
      l_count := sql%rowcount;
      p_rows := p_rows + l_count;
      commit;
      agentmem_jobs.log_progress(p_run_id, p_rows);
      exit when l_count = 0;
    end loop;
    -- The LLM task queue's retention (AGENTMEM_LLM_TASKS.co_task_retention_days):
    -- finished tasks and client tasks never completed, a batch per commit.
    loop
      if systimestamp >= p_deadline then
        return;
      end if;
      l_count := agentmem_llm_tasks.purge_tasks(p_store, p_batch_size);
      p_rows := p_rows + l_count;
      commit;
      agentmem_jobs.log_progress(p_run_id, p_rows);
      exit when l_count = 0;
    end loop;
    -- The log's retention, this store's rows only (each store's purge keeps
    -- its own rows bounded; drop_store deletes a dropped store's rows).
    loop
      execute immediate 'delete from ' || agentmem_util.sql_object(p_store.owner, co_log)
        || ' where store_key = :k and started_at < systimestamp - numtodsinterval(:d, ''DAY'')'
        || ' and outcome <> ''RUNNING'' and rownum <= :n'
        using p_store.store_key, agentmem_jobs.co_log_retention_days, p_batch_size;
      l_count := sql%rowcount;
      commit;
      exit when l_count = 0;
    end loop;
    p_done := true;
  end purge_run;

  function preview(p_store in agentmem_store_catalog.t_store) return json_object_t
  is
    l_bases   agentmem_util.t_text_list := agentmem_util.t_text_list('MEMORY', 'DOCUMENT', 'MESSAGE', 'RECORD_CHUNKS');
    l_expired json_object_t := json_object_t();
    l_result  json_object_t := json_object_t();
    l_count   number;
  begin
    for i in 1 .. l_bases.count loop
      execute immediate 'select count(*) from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || l_bases(i)) || ' where expires_at <= systimestamp'
        into l_count;
      l_expired.put(l_bases(i), l_count);
    end loop;
    execute immediate 'select count(*) from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RELATION') || ' r'
      || ' where exists (select 1 from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY') || ' m'
      || ' where m.expires_at <= systimestamp and ((m.record_id = r.source_id and m.memory_type = r.source_type)'
      || ' or (m.record_id = r.target_id and m.memory_type = r.target_type)))'
      into l_count;
    l_expired.put('RELATION', l_count);
    l_expired.put('LLM_TASK', agentmem_llm_tasks.expired_tasks(p_store));
    l_result.put('expired', l_expired);
    execute immediate 'select count(*) from ' || agentmem_util.sql_object(p_store.owner, co_log)
      || ' where store_key = :k and started_at < systimestamp - numtodsinterval(:d, ''DAY'')'
      || ' and outcome <> ''RUNNING'''   -- as purge_run's retention delete
      into l_count using p_store.store_key, agentmem_jobs.co_log_retention_days;
    l_result.put('job_log_rows', l_count);
    return l_result;
  end preview;

end agentmem_purge;
/
