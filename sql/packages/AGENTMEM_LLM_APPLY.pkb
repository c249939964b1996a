create or replace package body agentmem_llm_apply
as

  subtype t_store is agentmem_store_catalog.t_store;

  -- Task ids leave room for the suffixes of the ids derived from them
  -- (-m20, -r20, -s) inside the 128 characters of a record id.
  co_max_task_id constant pls_integer := 100;

  -- The key of the provenance object in the metadata of what is written.
  co_provenance constant varchar2(16 char) := '$agent_memory';

  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  ------------------------------------------------------------------------------
  -- Reading the task
  ------------------------------------------------------------------------------

  -- The input object of a task: p_task.input when it is an object, else
  -- p_task itself.
  function task_input(p_task in json_object_t) return json_object_t
  is
  begin
    if p_task.has('input') and p_task.get('input').is_object then
      return p_task.get_object('input');
    end if;
    return p_task;
  end task_input;

  -- An optional id key of p_obj (absent or null: NULL).
  function opt_id(p_obj in json_object_t, p_key in varchar2, p_path in varchar2) return varchar2
  is
  begin
    if not p_obj.has(p_key) then
      return null;
    end if;
    return agentmem_util.check_id(p_obj.get(p_key), p_path, true);
  end opt_id;

  -- An optional string key, at most p_max characters (else NULL).
  function opt_text(p_obj in json_object_t, p_key in varchar2, p_max in pls_integer) return varchar2
  is
  begin
    if p_obj is not null and p_obj.has(p_key) and p_obj.get(p_key).is_string
       and length(agentmem_util.string_value(p_obj.get(p_key))) <= p_max then
      return dbms_lob.substr(agentmem_util.string_value(p_obj.get(p_key)), p_max, 1);
    end if;
    return null;
  end opt_text;

  -- The ids of p_ids (a JSON array of ids) stored in the table p_base of
  -- the store, in the order of p_ids. p_base: MEMORY, THREAD_SUMMARY
  -- (column RECORD_ID) or RELATION (column RELATION_ID).
  function stored_ids(p_store in t_store, p_base in varchar2, p_ids in json_array_t) return json_array_t
  is
    l_found agentmem_util.t_text_list;
    l_out   json_array_t := json_array_t();
  begin
    if p_ids.get_size = 0 then
      return l_out;
    end if;
    execute immediate
      'select k.id from json_table(:ids, ''$[*]'' columns (n for ordinality, id varchar2(512) path ''$'')) k'
      || ' where exists (select 1 from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || p_base) || ' t'
      || case p_base when 'RELATION' then ' where t.relation_id = k.id)' else ' where t.record_id = k.id)' end
      || ' order by k.n'
      bulk collect into l_found
      using p_ids.to_clob;
    for i in 1 .. l_found.count loop
      l_out.append(l_found(i));
    end loop;
    return l_out;
  end stored_ids;

  -- The provenance object common to every kind.
  function provenance(p_source in varchar2, p_task_id in varchar2, p_model in varchar2, p_version in varchar2,
                      p_time_key in varchar2) return json_object_t
  is
    l_prov json_object_t := json_object_t();
  begin
    l_prov.put('source', p_source);
    agentmem_thread.put_id(l_prov, 'model', p_model);
    l_prov.put('prompt_version', p_version);
    l_prov.put(p_time_key, agentmem_util.iso_utc(systimestamp));
    l_prov.put('task_id', p_task_id);
    return l_prov;
  end provenance;

  ------------------------------------------------------------------------------
  -- Inherited metadata (seed: memory_extraction_inherit_message_metadata)
  ------------------------------------------------------------------------------

  -- The source messages of an extraction: those marked "new": true; when
  -- none is marked, those named in message_ids; when there are none
  -- either, every message of the input.
  function source_messages(p_input in json_object_t) return json_array_t
  is
    l_all   json_array_t := json_array_t();
    l_ids   json_array_t := json_array_t();
    l_out   json_array_t := json_array_t();
    l_msg   json_object_t;
    l_named agentmem_util.t_text_list := agentmem_util.t_text_list();
  begin
    if p_input.has('messages') and p_input.get('messages').is_array then
      l_all := p_input.get_array('messages');
    end if;
    if p_input.has('message_ids') and p_input.get('message_ids').is_array then
      l_ids := p_input.get_array('message_ids');
    end if;
    for i in 0 .. l_ids.get_size - 1 loop
      if l_ids.get(i).is_string then
        agentmem_util.append(l_named, substr(l_ids.get_string(i), 1, 128));
      end if;
    end loop;
    for pass in 1 .. 3 loop
      for i in 0 .. l_all.get_size - 1 loop
        if l_all.get(i).is_object then
          l_msg := treat(l_all.get(i) as json_object_t);
          if pass = 3
             or (pass = 1 and l_msg.has('new') and l_msg.get('new').is_boolean and l_msg.get_boolean('new'))
             or (pass = 2 and l_msg.has('id') and l_msg.get('id').is_string
                 and nvl(substr(l_msg.get_string('id'), 1, 128) member of l_named, false)) then
            l_out.append(l_msg);
          end if;
        end if;
      end loop;
      exit when l_out.get_size > 0;
    end loop;
    return l_out;
  end source_messages;

  -- The metadata object of message p_msg (NULL when it has none).
  function message_metadata(p_msg in json_object_t) return json_object_t
  is
  begin
    if p_msg.has('metadata') and p_msg.get('metadata').is_object then
      return p_msg.get_object('metadata');
    end if;
    return null;
  end message_metadata;

  -- The metadata an extracted memory inherits from p_sources. p_mode:
  -- input.inherit_metadata: true (default: every key), false (none) or a
  -- list of top-level keys. Seed: "when one extraction pass uses several
  -- source messages, the chosen metadata must match across those
  -- messages": a chosen key is inherited only when every source message
  -- holds it with the same JSON value; a key they disagree on (or that one
  -- of them lacks) is left out, the others are still inherited. The
  -- provenance key is never inherited (it is written fresh).
  function inherited(p_input in json_object_t, p_sources in json_array_t) return json_object_t
  is
    l_out     json_object_t := json_object_t();
    l_mode    json_element_t;
    l_keys    agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_first   json_object_t;
    l_other   json_object_t;
    l_list    json_array_t;
    l_names   json_key_list;
    l_same    boolean;
  begin
    if p_sources.get_size = 0 then
      return l_out;
    end if;
    if p_input.has('inherit_metadata') and not p_input.get('inherit_metadata').is_null then
      l_mode := p_input.get('inherit_metadata');
      if l_mode.is_boolean then
        if not p_input.get_boolean('inherit_metadata') then
          return l_out;
        end if;
      elsif l_mode.is_array then
        l_list := treat(l_mode as json_array_t);
        for i in 0 .. l_list.get_size - 1 loop
          if not l_list.get(i).is_string or length(agentmem_util.string_value(l_list.get(i))) > 4000 then
            fail('INVALID_ARGUMENT: input.inherit_metadata[' || i || '] ' || agentmem_util.shown(l_list.get(i))
                 || ' must be a metadata key (a string)');
          end if;
          agentmem_util.append(l_keys, l_list.get_string(i));
        end loop;
      else
        fail('INVALID_ARGUMENT: input.inherit_metadata ' || agentmem_util.shown(l_mode)
             || ' must be true, false or a list of metadata keys');
      end if;
    end if;
    l_first := message_metadata(treat(p_sources.get(0) as json_object_t));
    if l_first is null then
      return l_out;   -- a key every source holds cannot be missing from the first
    end if;
    if l_mode is null or l_mode.is_boolean then
      l_names := l_first.get_keys;
      if l_names is null then
        l_names := json_key_list();   -- GET_KEYS of an empty object may be NULL
      end if;
      for i in 1 .. l_names.count loop
        agentmem_util.append(l_keys, l_names(i));
      end loop;
    end if;
    for k in 1 .. l_keys.count loop
      l_same := l_keys(k) <> co_provenance and l_first.has(l_keys(k));
      for s in 1 .. p_sources.get_size - 1 loop
        exit when not l_same;
        l_other := message_metadata(treat(p_sources.get(s) as json_object_t));
        l_same := l_other is not null and l_other.has(l_keys(k))
                  and dbms_lob.compare(l_other.get(l_keys(k)).to_clob, l_first.get(l_keys(k)).to_clob) = 0;
      end loop;
      if l_same then
        l_out.put(l_keys(k), l_first.get(l_keys(k)));
      end if;
    end loop;
    return l_out;
  end inherited;

  ------------------------------------------------------------------------------
  -- Topics (THREAD.RUNTIME_STATE)
  ------------------------------------------------------------------------------

  function thread_topics(p_store in agentmem_store_catalog.t_store, p_thread_id in varchar2) return json_array_t
  is
    l_state clob;
    l_obj   json_object_t;
  begin
    execute immediate
      'select json_serialize(t.runtime_state returning clob) from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD') || ' t where t.record_id = :b_id'
      into l_state
      using p_thread_id;
    if l_state is not null then
      l_obj := json_object_t.parse(l_state);
      if l_obj.has('topics') and l_obj.get('topics').is_array then
        return l_obj.get_array('topics');
      end if;
    end if;
    return json_array_t();
  exception
    when no_data_found then
      return json_array_t();
  end thread_topics;

  -- Merges p_new (the latest extraction's topics) into the thread's topics:
  -- the new ones first, then the older ones not repeated (any case), at
  -- most co_max_thread_topics. The other keys of RUNTIME_STATE are kept.
  procedure store_topics(p_store in t_store, p_thread_id in varchar2, p_new in json_array_t)
  is
    l_table  varchar2(300 char) := agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD');
    l_state  clob;
    l_obj    json_object_t;
    l_old    json_array_t := json_array_t();
    l_merged json_array_t := json_array_t();
    l_seen   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_topic  varchar2(400 char);
  begin
    execute immediate
      'select json_serialize(t.runtime_state returning clob) from ' || l_table
      || ' t where t.record_id = :b_id for update'
      into l_state
      using p_thread_id;
    if l_state is null then
      l_obj := json_object_t();
    else
      l_obj := json_object_t.parse(l_state);
    end if;
    if l_obj.has('topics') and l_obj.get('topics').is_array then
      l_old := l_obj.get_array('topics');
    end if;
    for pass in 1 .. 2 loop
      for i in 0 .. case pass when 1 then p_new.get_size else l_old.get_size end - 1 loop
        exit when l_merged.get_size >= co_max_thread_topics;
        l_topic := case pass
                     when 1 then case when p_new.get(i).is_string then substr(p_new.get_string(i), 1, 100) end
                     else case when l_old.get(i).is_string then substr(l_old.get_string(i), 1, 100) end
                   end;
        if l_topic is not null and not nvl(lower(l_topic) member of l_seen, false) then
          agentmem_util.append(l_seen, lower(l_topic));
          l_merged.append(l_topic);
        end if;
      end loop;
    end loop;
    l_obj.put('topics', l_merged);
    execute immediate 'update ' || l_table || ' t set t.runtime_state = json(:b_state) where t.record_id = :b_id'
      using l_obj.to_clob, p_thread_id;
  exception
    when no_data_found then
      agentmem_util.raise_error(dbms_agent_memory_store.co_not_found,
        'NOT_FOUND: thread ' || agentmem_util.shown_text(p_thread_id)
        || ' names no thread in the store; the extraction''s topics belong to its thread');
  end store_topics;

  ------------------------------------------------------------------------------
  -- link_task
  ------------------------------------------------------------------------------

  -- The model of the thread's stored "llm" configuration (RUNTIME_CONFIG).
  function thread_model(p_store in t_store, p_thread_id in varchar2) return varchar2
  is
    l_config clob;
    l_obj    json_object_t;
  begin
    execute immediate
      'select json_serialize(t.runtime_config returning clob) from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD') || ' t where t.record_id = :b_id'
      into l_config
      using p_thread_id;
    if l_config is not null then
      l_obj := json_object_t.parse(l_config);
      if l_obj.has('llm') and l_obj.get('llm').is_object then
        return agentmem_llm.model_name(l_obj.get_object('llm'));
      end if;
    end if;
    return null;
  exception
    when no_data_found then
      return null;
  end thread_model;

  function link_task(p_store_id in varchar2, p_schema_owner in varchar2, p_thread_id in varchar2,
                     p_memory_id in varchar2) return json_object_t
  is
    l_store      t_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    l_type       varchar2(16 char);
    l_content    clob;
    l_user       varchar2(128 char);
    l_agent      varchar2(128 char);
    l_memory     json_object_t := json_object_t();
    l_request    json_object_t := json_object_t();
    l_types      json_array_t := json_array_t.parse('["memory", "guideline", "fact", "preference"]');
    l_results    json_array_t;
    l_record     json_object_t;
    l_candidate  json_object_t;
    l_candidates json_array_t := json_array_t();
    l_out        json_object_t := json_object_t();
  begin
    begin
      execute immediate
        'select m.memory_type, m.content, m.user_id, m.agent_id from '
        || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'MEMORY') || ' m'
        || ' where m.record_id = :b_id and (m.expires_at is null or m.expires_at > systimestamp)'
        into l_type, l_content, l_user, l_agent
        using p_memory_id;
    exception
      when no_data_found then
        agentmem_util.raise_error(dbms_agent_memory_store.co_not_found,
          'NOT_FOUND: memory ' || agentmem_util.shown_text(p_memory_id)
          || ' is not a stored memory-like record (or it expired); autonomous linking needs the stored memory');
    end;
    l_memory.put('id', p_memory_id);
    l_memory.put('memory_type', l_type);
    agentmem_util.put_clob(l_memory, 'content', l_content);
    -- The nearest memory-like records of the same user and agent (search's
    -- exact scope: a NULL id means records without that id), VALID only.
    if l_content is not null and trim(dbms_lob.substr(l_content, 4000, 1)) is not null then
      agentmem_util.put_clob(l_request, 'query', substr(l_content, 1, 8000));
      l_request.put('record_types', l_types);
      l_request.put('k', co_link_candidates + 1);
      l_request.put('include_invalid_results', false);
      agentmem_thread.put_id(l_request, 'user_id', l_user);
      agentmem_thread.put_id(l_request, 'agent_id', l_agent);
      l_results := json_object_t.parse(agentmem_search.search(p_store_id, l_request.to_clob, p_schema_owner))
                     .get_array('results');
      for i in 0 .. l_results.get_size - 1 loop
        exit when l_candidates.get_size >= co_link_candidates;
        l_record := treat(l_results.get(i) as json_object_t).get_object('record');
        if l_record.get_string('id') <> p_memory_id then
          l_candidate := json_object_t();
          l_candidate.put('id', l_record.get('id'));
          l_candidate.put('memory_type', l_record.get('record_type'));
          l_candidate.put('content', l_record.get('content'));
          l_candidates.append(l_candidate);
        end if;
      end loop;
    end if;
    l_out.put('kind', 'LINK_MEMORIES');
    agentmem_thread.put_id(l_out, 'thread_id', p_thread_id);
    agentmem_thread.put_id(l_out, 'user_id', l_user);
    agentmem_thread.put_id(l_out, 'agent_id', l_agent);
    agentmem_thread.put_id(l_out, 'model', thread_model(l_store, p_thread_id));
    l_out.put('memory', l_memory);
    l_out.put('candidates', l_candidates);
    return l_out;
  end link_task;

  ------------------------------------------------------------------------------
  -- apply, per kind
  ------------------------------------------------------------------------------

  -- EXTRACT_MEMORIES: the memories by type through add_records (one call
  -- per memory type present), then the topics, then the follow-ups.
  procedure apply_extract(p_store_id in varchar2, p_schema_owner in varchar2, p_store in t_store,
                          p_task_id in varchar2, p_version in varchar2, p_input in json_object_t,
                          p_parsed in json_object_t, p_result in out nocopy json_object_t)
  is
    l_memories  json_array_t := p_parsed.get_array('memories');
    l_thread    varchar2(128 char) := opt_id(p_input, 'thread_id', 'input.thread_id');
    l_user      varchar2(128 char) := opt_id(p_input, 'user_id', 'input.user_id');
    l_agent     varchar2(128 char) := opt_id(p_input, 'agent_id', 'input.agent_id');
    l_ids       json_array_t := json_array_t();
    l_stored    json_array_t;
    l_sources   json_array_t;
    l_source_ids json_array_t := json_array_t();
    l_meta      json_object_t;
    l_prov      json_object_t;
    l_sub       json_object_t;
    l_contents  json_array_t;
    l_type_ids  json_array_t;
    l_memory    json_object_t;
    l_types     agentmem_util.t_text_list := agentmem_util.t_text_list('memory', 'fact', 'guideline', 'preference');
    l_follow    json_array_t := json_array_t();
    l_msg       json_object_t;
  begin
    if l_thread is null then
      fail('INVALID_ARGUMENT: input.thread_id is required for EXTRACT_MEMORIES (the memories belong to its thread)');
    end if;
    for i in 0 .. l_memories.get_size - 1 loop
      l_ids.append(p_task_id || '-m' || (i + 1));
    end loop;
    l_stored := stored_ids(p_store, 'MEMORY', l_ids);
    if l_stored.get_size > 0 then
      p_result.put('memory_ids', l_stored);   -- applied before: nothing new
      return;
    end if;
    -- Metadata: inherited keys plus the provenance object.
    l_sources := source_messages(p_input);
    l_meta := inherited(p_input, l_sources);
    if p_input.has('message_ids') and p_input.get('message_ids').is_array then
      l_source_ids := p_input.get_array('message_ids');
    else
      for i in 0 .. l_sources.get_size - 1 loop
        l_msg := treat(l_sources.get(i) as json_object_t);
        if l_msg.has('id') then
          l_source_ids.append(l_msg.get('id'));
        end if;
      end loop;
    end if;
    l_prov := provenance('extraction', p_task_id, opt_text(p_input, 'model', 512), p_version, 'extracted_at');
    l_prov.put('source_message_ids', l_source_ids);
    l_meta.put(co_provenance, l_prov);
    for t in 1 .. l_types.count loop
      l_contents := json_array_t();
      l_type_ids := json_array_t();
      for i in 0 .. l_memories.get_size - 1 loop
        l_memory := treat(l_memories.get(i) as json_object_t);
        if l_memory.get_string('memory_type') = l_types(t) then
          l_contents.append(l_memory.get('content'));
          l_type_ids.append(l_ids.get(i));
        end if;
      end loop;
      if l_contents.get_size > 0 then
        l_sub := json_object_t();
        l_sub.put('record_type', l_types(t));
        l_sub.put('contents', l_contents);
        l_sub.put('record_ids', l_type_ids);
        agentmem_thread.put_id(l_sub, 'thread_ids', l_thread);
        agentmem_thread.put_id(l_sub, 'user_ids', l_user);
        agentmem_thread.put_id(l_sub, 'agent_ids', l_agent);
        l_sub.put('metadata', l_meta);
        l_stored := json_object_t.parse(agentmem_record_write.add_records(p_store_id, l_sub.to_clob, p_schema_owner))
                      .get_array('ids');
      end if;
    end loop;
    p_result.put('memory_ids', l_ids);
    if p_parsed.get_array('topics').get_size > 0 then
      store_topics(p_store, l_thread, p_parsed.get_array('topics'));
    end if;
    if p_input.has('autonomous_linking') and p_input.get('autonomous_linking').is_boolean
       and p_input.get_boolean('autonomous_linking') then
      for i in 0 .. l_ids.get_size - 1 loop
        l_follow.append(link_task(p_store_id, p_schema_owner, l_thread, l_ids.get_string(i)));
      end loop;
    end if;
    p_result.put('follow_up', l_follow);
  end apply_extract;

  -- UPDATE_SUMMARY: one thread_summary record <task_id>-s.
  procedure apply_summary(p_store_id in varchar2, p_schema_owner in varchar2, p_store in t_store,
                          p_task_id in varchar2, p_version in varchar2, p_input in json_object_t,
                          p_parsed in json_object_t, p_result in out nocopy json_object_t)
  is
    l_thread   varchar2(128 char) := opt_id(p_input, 'thread_id', 'input.thread_id');
    l_ids      json_array_t := json_array_t();
    l_contents json_array_t := json_array_t();
    l_meta     json_object_t := json_object_t();
    l_sub      json_object_t := json_object_t();
    l_written  json_array_t;
  begin
    if l_thread is null then
      fail('INVALID_ARGUMENT: input.thread_id is required for UPDATE_SUMMARY (the summary belongs to its thread)');
    end if;
    l_ids.append(p_task_id || '-s');
    if stored_ids(p_store, 'THREAD_SUMMARY', l_ids).get_size > 0 then
      return;   -- applied before: summary_updated stays false
    end if;
    l_contents.append(p_parsed.get('summary'));   -- a string s is stored as {"text": s}
    l_meta.put(co_provenance, provenance('summary', p_task_id, opt_text(p_input, 'model', 512), p_version,
                                         'updated_at'));
    l_sub.put('record_type', 'thread_summary');
    l_sub.put('contents', l_contents);
    l_sub.put('record_ids', l_ids);
    l_sub.put('thread_ids', l_thread);
    agentmem_thread.put_id(l_sub, 'user_ids', opt_id(p_input, 'user_id', 'input.user_id'));
    agentmem_thread.put_id(l_sub, 'agent_ids', opt_id(p_input, 'agent_id', 'input.agent_id'));
    l_sub.put('metadata', l_meta);
    l_written := json_object_t.parse(agentmem_record_write.add_records(p_store_id, l_sub.to_clob, p_schema_owner))
                   .get_array('ids');
    p_result.put('summary_updated', l_written.get_size = 1);
  end apply_summary;

  -- LINK_MEMORIES: the relations from the memory to the chosen candidates.
  -- Every target is checked against the candidates before anything is
  -- written.
  procedure apply_link(p_store_id in varchar2, p_schema_owner in varchar2, p_store in t_store,
                       p_task_id in varchar2, p_version in varchar2, p_input in json_object_t,
                       p_parsed in json_object_t, p_result in out nocopy json_object_t)
  is
    l_relations  json_array_t := p_parsed.get_array('relations');
    l_memory     json_object_t;
    l_candidates json_array_t := json_array_t();
    l_candidate  json_object_t;
    l_target     varchar2(128 char);
    l_type       varchar2(64 char);
    l_ids        json_array_t := json_array_t();
    l_targets    json_array_t := json_array_t();
    l_tgt_types  json_array_t := json_array_t();
    l_rel_types  json_array_t := json_array_t();
    l_stored     json_array_t;
    l_meta       json_object_t := json_object_t();
    l_sub        json_object_t := json_object_t();
  begin
    if not p_input.has('memory') or not p_input.get('memory').is_object then
      fail('INVALID_ARGUMENT: input.memory is required for LINK_MEMORIES: {"id", "memory_type", "content"}');
    end if;
    l_memory := p_input.get_object('memory');
    if p_input.has('candidates') and p_input.get('candidates').is_array then
      l_candidates := p_input.get_array('candidates');
    end if;
    for i in 0 .. l_relations.get_size - 1 loop
      l_target := substr(treat(l_relations.get(i) as json_object_t).get_string('target_id'), 1, 128);   -- parsed: 1..128
      l_type := null;
      for c in 0 .. l_candidates.get_size - 1 loop
        if l_candidates.get(c).is_object then
          l_candidate := treat(l_candidates.get(c) as json_object_t);
          if l_candidate.has('id') and l_candidate.get('id').is_string and l_candidate.get_string('id') = l_target then
            l_type := nvl(opt_text(l_candidate, 'memory_type', 64), 'memory');
            exit;
          end if;
        end if;
      end loop;
      if l_type is null then
        agentmem_util.raise_error(dbms_agent_memory_store.co_llm_output_invalid,
          'LLM_OUTPUT_INVALID: the model''s LINK_MEMORIES answer names relations[' || i || '].target_id '
          || agentmem_util.shown_text(l_target) || ', which is not one of the candidates offered; nothing was'
          || ' written (docs/llm.md, "Prompts and parsing")');
      end if;
      l_ids.append(p_task_id || '-r' || (i + 1));
      l_targets.append(l_target);
      l_tgt_types.append(l_type);
      l_rel_types.append(treat(l_relations.get(i) as json_object_t).get('relation_type'));
    end loop;
    if l_ids.get_size = 0 then
      return;
    end if;
    l_stored := stored_ids(p_store, 'RELATION', l_ids);
    if l_stored.get_size > 0 then
      p_result.put('relation_ids', l_stored);   -- applied before: nothing new
      return;
    end if;
    l_meta.put(co_provenance, provenance('autonomous_linking', p_task_id, opt_text(p_input, 'model', 512), p_version,
                                         'linked_at'));
    l_sub.put('source_record_ids', agentmem_util.check_id(l_memory.get('id'), 'input.memory.id', false));
    l_sub.put('source_record_types', nvl(opt_text(l_memory, 'memory_type', 64), 'memory'));
    l_sub.put('target_record_ids', l_targets);
    l_sub.put('target_record_types', l_tgt_types);
    l_sub.put('relation_types', l_rel_types);
    l_sub.put('relation_ids', l_ids);
    l_sub.put('metadata', l_meta);
    p_result.put('relation_ids', json_object_t.parse(
      agentmem_relation.add_relations(p_store_id, l_sub.to_clob, p_schema_owner)).get_array('relation_ids'));
  end apply_link;

  -- CAPTION_IMAGE: the caption becomes the image's description.
  procedure apply_caption(p_store_id in varchar2, p_schema_owner in varchar2, p_input in json_object_t,
                          p_parsed in json_object_t, p_result in out nocopy json_object_t)
  is
    l_sub json_object_t := json_object_t();
  begin
    if not p_input.has('image_id') then
      fail('INVALID_ARGUMENT: input.image_id is required for CAPTION_IMAGE');
    end if;
    l_sub.put('record_type', 'image');
    l_sub.put('record_id', agentmem_util.check_id(p_input.get('image_id'), 'input.image_id', false));
    l_sub.put('index_text', p_parsed.get('caption'));
    p_result.put('caption_set', json_object_t.parse(
      agentmem_record_edit.update_record(p_store_id, l_sub.to_clob, p_schema_owner)).get_number('updated') = 1);
  end apply_caption;

  function apply(p_store_id in varchar2, p_schema_owner in varchar2, p_task in json_object_t,
                 p_parsed in json_object_t) return json_object_t
  is
    l_input   json_object_t;
    l_task_id varchar2(128 char);
    l_kind    varchar2(32 char);
    l_version varchar2(64 char);
    l_store   t_store;
    l_result  json_object_t := json_object_t();
  begin
    if p_task is null or p_parsed is null then
      fail('INVALID_ARGUMENT: apply needs the task and its parsed answer');
    end if;
    l_input := task_input(p_task);
    if not p_task.has('task_id') then
      fail('INVALID_ARGUMENT: task.task_id is required (the ids written are derived from it)');
    end if;
    l_task_id := agentmem_util.check_id(p_task.get('task_id'), 'task.task_id', false);
    if length(l_task_id) > co_max_task_id then
      fail('INVALID_ARGUMENT: task.task_id ' || agentmem_util.shown_text(l_task_id) || ' must have at most '
           || co_max_task_id || ' characters');
    end if;
    l_kind := agentmem_llm_prompt.checked_kind(
                nvl(opt_text(p_task, 'kind', 32), opt_text(l_input, 'kind', 32)), 'task.kind');
    l_version := nvl(opt_text(p_task, 'prompt_version', 64), agentmem_llm_prompt.prompt_version(l_kind));
    l_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    l_result.put('memory_ids', json_array_t());
    l_result.put('relation_ids', json_array_t());
    l_result.put('summary_updated', false);
    l_result.put('caption_set', false);
    l_result.put('follow_up', json_array_t());
    case l_kind
      when 'EXTRACT_MEMORIES' then
        apply_extract(p_store_id, p_schema_owner, l_store, l_task_id, l_version, l_input, p_parsed, l_result);
      when 'UPDATE_SUMMARY' then
        apply_summary(p_store_id, p_schema_owner, l_store, l_task_id, l_version, l_input, p_parsed, l_result);
      when 'LINK_MEMORIES' then
        apply_link(p_store_id, p_schema_owner, l_store, l_task_id, l_version, l_input, p_parsed, l_result);
      when 'CAPTION_IMAGE' then
        apply_caption(p_store_id, p_schema_owner, l_input, p_parsed, l_result);
      else
        l_result.put('content', p_parsed.get('content'));
    end case;
    return l_result;
  end apply;

end agentmem_llm_apply;
/
