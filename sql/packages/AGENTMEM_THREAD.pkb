create or replace package body agentmem_thread
as

  subtype t_store is agentmem_store_catalog.t_store;

  -- The memory types a thread writes (seed: Literal['memory', 'guideline',
  -- 'fact', 'preference']) and the link types of add_memory.
  co_memory_types constant varchar2(40 char) := 'memory, guideline, fact, preference';
  co_link_types   constant varchar2(60 char) := 'supersedes, contradicts, refines, supports, duplicates';

  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  -- True when p_value is one of the comma-separated p_list (exact match).
  function in_list(p_value in varchar2, p_list in varchar2) return boolean
  is
  begin
    return p_value is not null and instr(p_value, ',') = 0
           and instr(', ' || p_list || ',', ', ' || p_value || ',') > 0;
  end in_list;

  ------------------------------------------------------------------------------
  -- Token estimator (T28)
  ------------------------------------------------------------------------------

  function estimate_tokens(p_text in clob) return pls_integer
  is
  begin
    return nvl(ceil(dbms_lob.getlength(p_text) / co_chars_per_token), 0);
  end estimate_tokens;

  function budget_chars(p_tokens in number) return pls_integer
  is
  begin
    if p_tokens is null or p_tokens <= 0 then
      return null;
    end if;
    -- LEAST in NUMBER first: token_budget may be up to 1e9, and 3.5e9 does
    -- not fit the PLS_INTEGER result (numeric overflow).
    return least(floor(p_tokens * co_chars_per_token), 2147483647);
  end budget_chars;

  ------------------------------------------------------------------------------
  -- The handle
  ------------------------------------------------------------------------------

  -- The id under the request key "thread" (T2): required, an id.
  function thread_key(p_req in json_object_t, p_op in varchar2) return varchar2
  is
  begin
    agentmem_util.require_key(p_req, 'thread', p_op);
    return agentmem_util.check_id(p_req.get('thread'), 'thread', false);
  end thread_key;

  -- Reads the stored scope of thread p_id; false when there is no such thread.
  function find_thread(p_store in t_store, p_id in varchar2, p_thread out t_thread) return boolean
  is
  begin
    p_thread.thread_id := p_id;
    execute immediate
      'select t.user_id, t.agent_id from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD') || ' t where t.record_id = :b_id'
      into p_thread.user_id, p_thread.agent_id
      using p_id;
    return true;
  exception
    when no_data_found then
      return false;
  end find_thread;

  -- The usable store and the existing thread p_id (T3: else NOT_FOUND).
  function load_thread(p_store_id in varchar2, p_schema_owner in varchar2, p_id in varchar2,
                       p_store out agentmem_store_catalog.t_store) return t_thread
  is
    l_thread t_thread;
  begin
    p_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    if not find_thread(p_store, p_id, l_thread) then
      agentmem_util.raise_error(dbms_agent_memory_store.co_not_found,
        'NOT_FOUND: thread ' || agentmem_util.shown_text(p_id)
        || ' names no thread in the store; create it with open_thread');
    end if;
    return l_thread;
  end load_thread;

  -- Puts an id into p_obj: JSON null for NULL.
  procedure put_id(p_obj in out nocopy json_object_t, p_key in varchar2, p_value in varchar2)
  is
  begin
    if p_value is null then
      p_obj.put_null(p_key);
    else
      p_obj.put(p_key, p_value);
    end if;
  end put_id;

  -- Copies key p_from of p_req (when present, JSON null included) to key
  -- p_to of p_sub.
  procedure copy_key(p_req in json_object_t, p_from in varchar2, p_sub in out nocopy json_object_t,
                     p_to in varchar2 default null)
  is
  begin
    if p_req.has(p_from) then
      p_sub.put(nvl(p_to, p_from), p_req.get(p_from));
    end if;
  end copy_key;

  -- The first record object of a records_json result, or NULL.
  function first_record(p_records in json_array_t) return json_element_t
  is
  begin
    if p_records.get_size = 0 then
      return null;
    end if;
    return p_records.get(0);
  end first_record;

  -- p_response (a response object's JSON) with the keys of p_keys added:
  -- what the LLM tasks add to a write's response ("llm_tasks",
  -- "extraction", ...). Unchanged when p_keys is empty (no LLM).
  function with_keys(p_response in clob, p_keys in json_object_t) return clob
  is
    l_response json_object_t;
    l_keys     json_key_list;
  begin
    if p_keys is null or p_keys.get_size = 0 then
      return p_response;
    end if;
    l_response := json_object_t.parse(p_response);
    l_keys := p_keys.get_keys;
    for i in 1 .. l_keys.count loop
      l_response.put(l_keys(i), p_keys.get(l_keys(i)));
    end loop;
    return l_response.to_clob;
  end with_keys;

  ------------------------------------------------------------------------------
  -- open_thread (T4-T8)
  ------------------------------------------------------------------------------

  -- Reads an optional id key of open_thread: NULL when omitted; JSON null
  -- is refused (T5: omit the key to generate or keep the stored value).
  function optional_id(p_req in json_object_t, p_key in varchar2) return varchar2
  is
  begin
    if not p_req.has(p_key) then
      return null;
    end if;
    return agentmem_util.check_id(p_req.get(p_key), p_key, false);
  end optional_id;

  -- Raises DUPLICATE_ID when the request gives p_key with a value other
  -- than the stored one (T6).
  procedure check_scope(p_req in json_object_t, p_key in varchar2, p_given in varchar2, p_stored in varchar2,
                        p_thread in varchar2)
  is
  begin
    if p_req.has(p_key) and (p_stored is null or p_given <> p_stored) then
      agentmem_util.raise_error(dbms_agent_memory_store.co_duplicate_id,
        'DUPLICATE_ID: thread ' || agentmem_util.shown_text(p_thread) || ' exists with ' || p_key || ' '
        || nvl(agentmem_util.shown_text(p_stored), 'null') || ', but the request gives ' || p_key || ' '
        || agentmem_util.shown_text(p_given)
        || '; omit ' || p_key || ' to open the thread with its stored scope, or use another thread_id');
    end if;
  end check_scope;

  function open_thread(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_user     varchar2(128 char);
    l_agent    varchar2(128 char);
    l_meta     json_object_t;
    l_present  boolean;
    l_is_null  boolean;
    l_store    t_store;
    l_thread   t_thread;
    l_created  boolean := false;
    l_new      agentmem_util.t_text_list;
    l_sub      json_object_t := json_object_t();
    l_contents json_array_t := json_array_t();
    l_ignored  clob;
    l_config   json_object_t;
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread_id,user_id,agent_id,metadata,' || agentmem_llm_tasks.co_thread_keys,
                              'open_thread');
    l_id := optional_id(l_req, 'thread_id');
    l_user := optional_id(l_req, 'user_id');
    l_agent := optional_id(l_req, 'agent_id');
    agentmem_util.get_object(l_req, 'metadata', null, l_meta, l_present, l_is_null);
    -- T53: the LLM configuration (NULL when the request has none of its keys).
    l_config := agentmem_llm_tasks.thread_config(l_req);
    l_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    if l_id is not null and find_thread(l_store, l_id, l_thread) then
      check_scope(l_req, 'user_id', l_user, l_thread.user_id, l_id);
      check_scope(l_req, 'agent_id', l_agent, l_thread.agent_id, l_id);
    else
      -- T4: ids generated in one statement, the product's 32-hex format.
      l_new := agentmem_util.new_ids(3);
      l_id := nvl(l_id, l_new(1));
      -- Seed (OracleThread user_id): omitted under an active end-user
      -- context, the end user; otherwise a generated id.
      l_user := case when l_req.has('user_id') then l_user
                     else coalesce(substr(agentmem_end_user.current_end_user, 1, 128), l_new(2)) end;
      l_agent := case when l_req.has('agent_id') then l_agent else l_new(3) end;
      l_sub.put('record_type', 'thread');
      l_contents.append_null;
      l_sub.put('contents', l_contents);
      l_sub.put('record_ids', l_id);
      l_sub.put('user_ids', l_user);
      l_sub.put('agent_ids', l_agent);
      copy_key(l_req, 'metadata', l_sub);
      l_ignored := agentmem_record_write.add_records(p_store_id, l_sub.to_clob, p_schema_owner);
      if l_config is not null then
        agentmem_llm_tasks.save_config(l_store, l_id, l_config);
      end if;
      l_created := true;
    end if;
    -- T54: an existing thread keeps its stored configuration, as its metadata
    -- (T7): a configuration given on reopening is validated, not applied.
    l_response.put('thread', first_record(agentmem_record_read.records_json(
      l_store, 'thread', agentmem_util.t_text_list(l_id), false)));
    l_response.put('created', l_created);
    return l_response.to_clob;
  end open_thread;

  ------------------------------------------------------------------------------
  -- add_messages (T9-T11)
  ------------------------------------------------------------------------------

  function add_messages(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op      constant varchar2(20 char) := 'thread_add_messages';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_element  json_element_t;
    l_list     json_array_t;
    l_message  json_object_t;
    l_where    varchar2(40 char);
    l_contents json_array_t := json_array_t();
    l_roles    json_array_t := json_array_t();
    l_ids      json_array_t := json_array_t();
    l_times    json_array_t := json_array_t();
    l_metas    json_array_t := json_array_t();
    l_store    t_store;
    l_thread   t_thread;
    l_sub      json_object_t := json_object_t();
    l_added    clob;
  begin
    agentmem_util.reject_keys(l_req, 'thread,messages,metadata,ttl_days,ttl_anchor', co_op);
    l_id := thread_key(l_req, co_op);
    agentmem_util.require_key(l_req, 'messages', co_op);
    l_element := l_req.get('messages');
    if not l_element.is_array then
      fail('INVALID_ARGUMENT: messages ' || agentmem_util.shown(l_element)
           || ' must be a list of messages ({"role": ..., "content": ...})');
    end if;
    l_list := treat(l_element as json_array_t);
    -- T9: each message object becomes entry i of the add_records lists.
    for i in 0 .. l_list.get_size - 1 loop
      l_where := 'messages[' || i || ']';
      l_element := l_list.get(i);
      if not l_element.is_object then
        fail('INVALID_ARGUMENT: ' || l_where || ' ' || agentmem_util.shown(l_element)
             || ' must be an object with role and content');
      end if;
      l_message := treat(l_element as json_object_t);
      agentmem_util.reject_keys(l_message, 'role,content,id,timestamp,metadata', co_op, l_where);
      if not l_message.has('role') then
        fail('INVALID_ARGUMENT: ' || l_where || '.role is required (a message is {"role": ..., "content": ...})');
      end if;
      if not l_message.has('content') then
        fail('INVALID_ARGUMENT: ' || l_where || '.content is required (a message is {"role": ..., "content": ...})');
      end if;
      l_contents.append(l_message.get('content'));
      l_roles.append(l_message.get('role'));
      if l_message.has('id') then l_ids.append(l_message.get('id')); else l_ids.append_null; end if;
      if l_message.has('timestamp') then l_times.append(l_message.get('timestamp')); else l_times.append_null; end if;
      if l_message.has('metadata') then l_metas.append(l_message.get('metadata')); else l_metas.append_null; end if;
    end loop;
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    l_sub.put('record_type', 'message');
    l_sub.put('contents', l_contents);
    l_sub.put('roles', l_roles);
    l_sub.put('record_ids', l_ids);
    l_sub.put('timestamps', l_times);
    -- T10: the request's metadata (shared or a list), else each message's.
    if l_req.has('metadata') then
      copy_key(l_req, 'metadata', l_sub);
    else
      l_sub.put('metadata', l_metas);
    end if;
    copy_key(l_req, 'ttl_days', l_sub);
    copy_key(l_req, 'ttl_anchor', l_sub);
    -- T11: the thread's scope, always.
    put_id(l_sub, 'thread_ids', l_thread.thread_id);
    put_id(l_sub, 'user_ids', l_thread.user_id);
    put_id(l_sub, 'agent_ids', l_thread.agent_id);
    l_added := agentmem_record_write.add_records(p_store_id, l_sub.to_clob, p_schema_owner);
    -- T55: the raw messages are stored first (seed); then the due LLM tasks
    -- run (INLINE), are queued (BACKGROUND) or handed out (client).
    return with_keys(l_added, agentmem_llm_tasks.after_messages(l_store, l_thread));
  end add_messages;

  ------------------------------------------------------------------------------
  -- add_memory (T12-T16)
  ------------------------------------------------------------------------------

  -- Reads an optional lower-cased choice of p_list under p_key; p_default
  -- when omitted; JSON null and other values are refused.
  function choice(p_req in json_object_t, p_key in varchar2, p_list in varchar2, p_default in varchar2)
    return varchar2
  is
    l_element json_element_t;
    l_value   varchar2(64 char);
  begin
    if not p_req.has(p_key) then
      return p_default;
    end if;
    l_element := p_req.get(p_key);
    if l_element.is_string then
      l_value := lower(substr(p_req.get_string(p_key), 1, 64));
    end if;
    if not in_list(l_value, p_list) then
      fail('INVALID_ARGUMENT: ' || p_key || ' ' || agentmem_util.shown(l_element) || ' must be one of ' || p_list);
    end if;
    return l_value;
  end choice;

  function add_memory(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op       constant varchar2(20 char) := 'thread_add_memory';
    l_req       json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id        varchar2(128 char);
    l_type      varchar2(16 char);
    l_link_type varchar2(16 char);
    l_target    varchar2(128 char);
    l_tgt_type  varchar2(16 char);
    l_base      t_thread;
    l_store     t_store;
    l_thread    t_thread;
    l_sub       json_object_t := json_object_t();
    l_contents  json_array_t := json_array_t();
    l_added     json_object_t;
    l_new_id    varchar2(128 char);
    l_rel       json_object_t := json_object_t();
    l_response  json_object_t := json_object_t();
    l_link_keys agentmem_util.t_text_list := agentmem_util.t_text_list('link_id', 'link_timestamp', 'link_metadata');
    l_auto      boolean;
    l_auto_set  boolean;
    l_linking   json_object_t;
  begin
    agentmem_util.reject_keys(l_req,
      'thread,content,memory_type,user_id,agent_id,thread_id,memory_id,metadata,timestamp,ttl_days,ttl_anchor,'
      || 'status,autonomous_linking,memory_id_to_link,link_type,link_id,link_timestamp,link_metadata', co_op);
    l_id := thread_key(l_req, co_op);
    agentmem_util.require_key(l_req, 'content', co_op);
    l_type := choice(l_req, 'memory_type', co_memory_types, 'memory');
    -- T15: autonomous linking; omitted (or null) = on when the thread has
    -- an LLM (seed), decided once the thread is read.
    l_auto := agentmem_util.get_flag(l_req, 'autonomous_linking');
    l_auto_set := l_req.has('autonomous_linking') and not l_req.get('autonomous_linking').is_null;
    -- T13: memory_id_to_link and link_type together; the link keys only with them.
    if l_req.has('memory_id_to_link') <> l_req.has('link_type') then
      fail('INVALID_ARGUMENT: memory_id_to_link and link_type must be given together'
           || ' (both for an explicit link, neither for none)');
    end if;
    if l_req.has('memory_id_to_link') then
      l_target := agentmem_util.check_id(l_req.get('memory_id_to_link'), 'memory_id_to_link', false);
      l_link_type := choice(l_req, 'link_type', co_link_types, null);
    else
      for i in 1 .. l_link_keys.count loop
        if l_req.has(l_link_keys(i)) then
          fail('INVALID_ARGUMENT: ' || l_link_keys(i) || ' needs memory_id_to_link and link_type'
               || ' (it describes the explicit link they create)');
        end if;
      end loop;
    end if;
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    if l_auto or not l_auto_set then
      if agentmem_llm_tasks.has_llm(l_store, l_thread.thread_id) then
        l_auto := true;
      elsif l_auto then
        fail('INVALID_ARGUMENT: autonomous_linking true needs the thread''s LLM, and no LLM is configured for thread '
             || agentmem_util.shown_text(l_thread.thread_id) || ' (open_thread with llm configures one);'
             || ' omit autonomous_linking or pass false');
      end if;
    end if;
    l_base := l_thread;
    if l_target is not null then
      -- T14: the target is a memory-like record of this thread; omitted
      -- scope values are the target's.
      begin
        execute immediate
          'select m.memory_type, m.user_id, m.agent_id, m.thread_id from ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'MEMORY') || ' m'
          || ' where m.record_id = :b_id and m.thread_id = :b_thread'
          || ' and (m.expires_at is null or m.expires_at > systimestamp)'
          into l_tgt_type, l_base.user_id, l_base.agent_id, l_base.thread_id
          using l_target, l_thread.thread_id;
      exception
        when no_data_found then
          agentmem_util.raise_error(dbms_agent_memory_store.co_not_found,
            'NOT_FOUND: memory_id_to_link ' || agentmem_util.shown_text(l_target)
            || ' is not a memory-like record of thread ' || agentmem_util.shown_text(l_thread.thread_id)
            || ' (an explicit link targets a memory of this thread)');
      end;
    end if;
    -- T12: one record through add_records; explicit scope values override.
    l_sub.put('record_type', l_type);
    l_contents.append(l_req.get('content'));
    l_sub.put('contents', l_contents);
    copy_key(l_req, 'memory_id', l_sub, 'record_ids');
    put_id(l_sub, 'user_ids', l_base.user_id);
    put_id(l_sub, 'agent_ids', l_base.agent_id);
    put_id(l_sub, 'thread_ids', l_base.thread_id);
    copy_key(l_req, 'user_id', l_sub, 'user_ids');
    copy_key(l_req, 'agent_id', l_sub, 'agent_ids');
    copy_key(l_req, 'thread_id', l_sub, 'thread_ids');
    copy_key(l_req, 'metadata', l_sub);
    copy_key(l_req, 'timestamp', l_sub, 'timestamps');
    copy_key(l_req, 'ttl_days', l_sub);
    copy_key(l_req, 'ttl_anchor', l_sub);
    copy_key(l_req, 'status', l_sub, 'statuses');
    l_added := json_object_t.parse(agentmem_record_write.add_records(p_store_id, l_sub.to_clob, p_schema_owner));
    l_new_id := substr(l_added.get_array('ids').get_string(0), 1, 128);   -- an id add_records made or checked
    l_response.put('id', l_new_id);
    if l_target is null then
      l_response.put_null('relation_id');
    else
      -- T16: the link through the relation API (its rules, its lifecycle).
      l_rel.put('source_record_ids', l_new_id);
      l_rel.put('source_record_types', l_type);
      l_rel.put('target_record_ids', l_target);
      l_rel.put('target_record_types', l_tgt_type);
      l_rel.put('relation_types', l_link_type);
      copy_key(l_req, 'link_id', l_rel, 'relation_ids');
      copy_key(l_req, 'link_timestamp', l_rel, 'timestamps');
      copy_key(l_req, 'link_metadata', l_rel, 'metadata');
      l_response.put('relation_id', json_object_t.parse(
        agentmem_relation.add_relations(p_store_id, l_rel.to_clob, p_schema_owner)).get_array('relation_ids').get(0));
    end if;
    l_response.put('warnings', l_added.get_array('warnings'));
    if l_auto then
      -- T15: the LINK_MEMORIES task, run now; if it fails the memory is not
      -- stored either (seed; the facade's savepoint undoes the call).
      l_linking := agentmem_llm_tasks.link_memory(l_store, l_thread, l_new_id);
      return with_keys(l_response.to_clob, l_linking);
    end if;
    return l_response.to_clob;
  end add_memory;

  ------------------------------------------------------------------------------
  -- Ownership (T18-T25)
  ------------------------------------------------------------------------------

  -- The stored type of record p_id when it is an unexpired record of table
  -- p_base ('MESSAGE' or 'MEMORY') owned by p_thread; NULL otherwise.
  function owned_type(p_store in t_store, p_base in varchar2, p_id in varchar2, p_thread in t_thread)
    return varchar2
  is
    l_type varchar2(16 char);
  begin
    execute immediate
      'select ' || case p_base when 'MEMORY' then 't.memory_type' when 'DOCUMENT' then '''image'''
                              else '''message''' end
      || ' from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || p_base) || ' t'
      || ' where t.record_id = :b_id and t.thread_id = :b_thread'
      || ' and (t.expires_at is null or t.expires_at > systimestamp)'
      into l_type
      using p_id, p_thread.thread_id;
    return l_type;
  exception
    when no_data_found then
      return null;
  end owned_type;

  -- The table of p_kind ('message', 'memory' or 'image').
  function kind_base(p_kind in varchar2) return varchar2
  is
  begin
    return case p_kind when 'message' then 'MESSAGE' when 'memory' then 'MEMORY' when 'image' then 'DOCUMENT' end;
  end kind_base;

  function get_message(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op      constant varchar2(20 char) := 'thread_get_message';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_msg_id   varchar2(128 char);
    l_element  json_element_t;
    l_chosen   json_array_t;
    l_wanted   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_store    t_store;
    l_thread   t_thread;
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread,message_id,included_image_ids', co_op);
    l_id := thread_key(l_req, co_op);
    agentmem_util.require_key(l_req, 'message_id', co_op);
    l_msg_id := agentmem_util.check_id(l_req.get('message_id'), 'message_id', false);
    -- T19: included_image_ids is null/omitted or a list of ids.
    l_element := l_req.get('included_image_ids');
    if l_element is not null and not l_element.is_null then
      if not l_element.is_array then
        fail('INVALID_ARGUMENT: included_image_ids ' || agentmem_util.shown(l_element)
             || ' must be a list of image ids, or null');
      end if;
      l_chosen := treat(l_element as json_array_t);
      for i in 0 .. l_chosen.get_size - 1 loop
        agentmem_util.append(l_wanted,
          agentmem_util.check_id(l_chosen.get(i), 'included_image_ids[' || i || ']', false));
      end loop;
    end if;
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    if owned_type(l_store, 'MESSAGE', l_msg_id, l_thread) is null then
      l_response.put_null('message');
      return l_response.to_clob;
    end if;
    -- T19: the bytes of the chosen image parts only are read and returned;
    -- chosen ids that are not parts of the message select nothing.
    l_response.put('message', first_record(agentmem_record_read.records_json(
      l_store, 'message', agentmem_util.t_text_list(l_msg_id), l_wanted.count > 0, l_wanted)));
    return l_response.to_clob;
  end get_message;

  function get_messages(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op      constant varchar2(20 char) := 'thread_get_messages';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_start    agentmem_util.t_opt_number;
    l_end      agentmem_util.t_opt_number;
    l_bytes    boolean;
    l_store    t_store;
    l_thread   t_thread;
    l_count    number;
    l_low      number;
    l_high     number;
    l_ids      agentmem_util.t_text_list;
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread,start,end,include_image_bytes', co_op);
    l_id := thread_key(l_req, co_op);
    l_start := agentmem_util.get_integer(l_req, 'start', -1e9, 1e9);
    l_end := agentmem_util.get_integer(l_req, 'end', -1, 1e9);
    l_bytes := agentmem_util.get_flag(l_req, 'include_image_bytes');
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    execute immediate
      'select count(*) from ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'MESSAGE') || ' m'
      || ' where m.thread_id = :b_thread and (m.expires_at is null or m.expires_at > systimestamp)'
      into l_count
      using l_thread.thread_id;
    -- T17: positions 0 .. count-1 in seq_no order; a negative start counts
    -- from the end; end omitted = the most recent co_default_window of
    -- those from start; end null or -1 = all from start; end exclusive.
    l_low := nvl(l_start.value, 0);
    if l_low < 0 then
      l_low := greatest(l_count + l_low, 0);
    end if;
    if not l_end.present then
      l_high := l_count;
      l_low := greatest(l_low, l_count - co_default_window);
    elsif l_end.is_null or l_end.value = -1 then
      l_high := l_count;
    else
      l_high := least(l_end.value, l_count);
    end if;
    if l_high <= l_low then
      l_ids := agentmem_util.t_text_list();
    else
      execute immediate
        'select w.record_id from (select m.record_id, row_number() over (order by m.seq_no) - 1 as pos from '
        || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'MESSAGE') || ' m'
        || ' where m.thread_id = :b_thread and (m.expires_at is null or m.expires_at > systimestamp)) w'
        || ' where w.pos >= :b_low and w.pos < :b_high order by w.pos'
        bulk collect into l_ids
        using l_thread.thread_id, l_low, l_high;
    end if;
    l_response.put('messages', agentmem_record_read.records_json(l_store, 'message', l_ids, l_bytes));
    return l_response.to_clob;
  end get_messages;

  -- The fields each kind's update takes (T20, T21).
  function update_fields(p_kind in varchar2) return varchar2
  is
  begin
    return case p_kind
             when 'message' then 'content,metadata,ttl_days,ttl_anchor'
             else 'content,metadata,timestamp,ttl_days,ttl_anchor,status'
           end;
  end update_fields;

  function update_owned(p_kind in varchar2, p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2)
    return clob
  is
    l_op       varchar2(30 char) := 'thread_update_' || p_kind;
    l_key      varchar2(16 char) := p_kind || '_id';
    l_fields   varchar2(100 char) := update_fields(p_kind);
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_rec_id   varchar2(128 char);
    l_any      boolean := false;
    l_all      agentmem_util.t_text_list :=
      agentmem_util.t_text_list('content', 'metadata', 'timestamp', 'ttl_days', 'ttl_anchor', 'status');
    l_store    t_store;
    l_thread   t_thread;
    l_type     varchar2(16 char);
    l_sub      json_object_t := json_object_t();
    l_updated  clob;
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread,' || l_key || ',' || l_fields, l_op);
    l_id := thread_key(l_req, l_op);
    agentmem_util.require_key(l_req, l_key, l_op);
    l_rec_id := agentmem_util.check_id(l_req.get(l_key), l_key, false);
    for i in 1 .. l_all.count loop
      if instr(l_all(i), ',') = 0 and instr(',' || l_fields || ',', ',' || l_all(i) || ',') > 0
         and l_req.has(l_all(i)) then
        l_any := true;
        copy_key(l_req, l_all(i), l_sub);
      end if;
    end loop;
    if not l_any then
      fail('INVALID_ARGUMENT: ' || l_op || ' needs at least one of ' || replace(l_fields, ',', ', '));
    end if;
    -- T21: content null would clear a memory's text; the seed removes a
    -- memory with delete_memory instead.
    if p_kind = 'memory' and l_req.has('content') and l_req.get('content').is_null then
      fail('INVALID_ARGUMENT: content null is not allowed in thread_update_memory;'
           || ' omit content to keep it, or remove the memory with thread_delete_memory');
    end if;
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    l_type := owned_type(l_store, kind_base(p_kind), l_rec_id, l_thread);
    if l_type is null then
      -- T18: another thread's record, an expired or an unknown one.
      l_response.put('updated', 0);
      l_response.put('warnings', json_array_t());
      return l_response.to_clob;
    end if;
    l_sub.put('record_type', l_type);
    l_sub.put('record_id', l_rec_id);
    l_updated := agentmem_record_edit.update_record(p_store_id, l_sub.to_clob, p_schema_owner);
    if p_kind = 'message' and l_req.has('content') then
      -- T56: re-extraction from the edited message (seed).
      return with_keys(l_updated, agentmem_llm_tasks.after_message_update(l_store, l_thread, l_rec_id));
    end if;
    return l_updated;
  end update_owned;

  function delete_owned(p_kind in varchar2, p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2)
    return clob
  is
    l_op       varchar2(30 char) := 'thread_delete_' || p_kind;
    l_key      varchar2(16 char) := p_kind || '_id';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_rec_id   varchar2(128 char);
    l_store    t_store;
    l_thread   t_thread;
    l_type     varchar2(16 char);
    l_deleted  pls_integer := 0;
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread,' || l_key, l_op);
    l_id := thread_key(l_req, l_op);
    agentmem_util.require_key(l_req, l_key, l_op);
    l_rec_id := agentmem_util.check_id(l_req.get(l_key), l_key, false);
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    l_type := owned_type(l_store, kind_base(p_kind), l_rec_id, l_thread);
    if l_type is not null then
      -- T57: a message waits for the thread's earlier background LLM tasks
      -- (seed; EXTRACTION_TIMEOUT after 300 s, nothing deleted).
      if p_kind = 'message' and agentmem_llm_tasks.has_llm(l_store, l_thread.thread_id) then
        agentmem_llm_tasks.wait_before_delete(l_store, l_thread.thread_id);
      end if;
      -- T22-T24: delete_record's rules (retrieval rows, relations, image parts).
      l_deleted := agentmem_record_edit.delete_one(l_store, l_type, l_rec_id, false);
    end if;
    l_response.put('deleted', l_deleted);
    return l_response.to_clob;
  end delete_owned;

  ------------------------------------------------------------------------------
  -- get_summary (T29-T32)
  ------------------------------------------------------------------------------

  -- The text of the thread's latest VALID thread_summary record whose
  -- content has a string "text"; NULL when there is none (T30).
  function durable_summary(p_store in agentmem_store_catalog.t_store, p_thread in t_thread) return clob
  is
    l_json clob;
    l_obj  json_object_t;
  begin
    execute immediate
      'select json_serialize(s.content returning clob) from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD_SUMMARY') || ' s'
      || ' where s.thread_id = :b_thread and s.status = ''VALID'' and s.content is not null'
      || ' order by s.order_seq desc fetch first 1 rows only'
      into l_json
      using p_thread.thread_id;
    l_obj := json_object_t.parse(l_json);
    if l_obj.has('text') and l_obj.get('text').is_string then
      return l_obj.get_clob('text');
    end if;
    return null;
  exception
    when no_data_found then
      return null;
  end durable_summary;

  -- T31: the transcript of the thread's messages before the last
  -- p_except_last, newest lines first until p_cap characters are used:
  -- lines "<role>: <text>" (role "message" when it has none), joined with
  -- LF, oldest first; a newest line longer than p_cap keeps its last p_cap
  -- characters.
  -- p_rows bounds the messages read (the context card's
  -- fallback_message_count, T49); NULL = as many as fit.
  function transcript(p_store in t_store, p_thread in t_thread, p_except_last in number, p_cap in pls_integer,
                      p_rows in pls_integer default null)
    return clob
  is
    l_rows  sys_refcursor;
    l_role  varchar2(64 char);
    l_text  clob;
    l_line  clob;
    l_out   clob;
    l_used  pls_integer := 0;
  begin
    -- A line has at least 3 characters ("x: "), so p_cap + 1 rows bound
    -- what can fit: the read stops early on long threads.
    open l_rows for
      'select m.message_role, m.content from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MESSAGE') || ' m'
      || ' where m.thread_id = :b_thread and (m.expires_at is null or m.expires_at > systimestamp)'
      || ' order by m.seq_no desc offset :b_skip rows fetch first :b_rows rows only'
      using p_thread.thread_id, p_except_last, least(p_cap + 1, nvl(p_rows, p_cap + 1));
    loop
      fetch l_rows into l_role, l_text;
      exit when l_rows%notfound;
      l_line := nvl(l_role, 'message') || ': ' || l_text;
      if l_used = 0 then
        if dbms_lob.getlength(l_line) > p_cap then
          l_out := dbms_lob.substr(l_line, p_cap, dbms_lob.getlength(l_line) - p_cap + 1);
          exit;
        end if;
        l_out := l_line;
      else
        exit when l_used + 1 + dbms_lob.getlength(l_line) > p_cap;
        l_out := l_line || chr(10) || l_out;
      end if;
      l_used := dbms_lob.getlength(l_out);
    end loop;
    close l_rows;
    return l_out;
  exception
    when others then
      if l_rows%isopen then
        close l_rows;
      end if;
      raise;
  end transcript;

  function card_summary(p_store in agentmem_store_catalog.t_store, p_thread in t_thread, p_except_last in number,
                        p_rows in pls_integer, p_source out varchar2) return clob
  is
    l_text clob;
  begin
    p_source := 'thread_summary';
    if nvl(p_except_last, 0) = 0 then
      l_text := durable_summary(p_store, p_thread);
    end if;
    if l_text is not null and dbms_lob.getlength(l_text) = 0 then
      l_text := null;
    end if;
    if l_text is null then
      p_source := 'transcript';
      l_text := transcript(p_store, p_thread, nvl(p_except_last, 0), co_transcript_chars, p_rows);
    end if;
    return l_text;
  end card_summary;

  function get_summary(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op      constant varchar2(20 char) := 'thread_get_summary';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_except   agentmem_util.t_opt_number;
    l_budget   agentmem_util.t_opt_number;
    l_chars    pls_integer;
    l_store    t_store;
    l_thread   t_thread;
    l_text     clob;
    l_source   varchar2(16 char) := 'transcript';
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread,except_last,token_budget', co_op);
    l_id := thread_key(l_req, co_op);
    l_except := agentmem_util.get_integer(l_req, 'except_last', 0, 1e9);
    l_budget := agentmem_util.get_integer(l_req, 'token_budget', -1e9, 1e9);
    -- T32: omitted or null = the default budget; not positive = no budget.
    l_chars := budget_chars(case when l_budget.value is null then co_default_summary_tokens else l_budget.value end);
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    -- T30: the durable summary serves whole-thread requests only; nothing
    -- here writes it (the LLM issue refreshes it).
    if nvl(l_except.value, 0) = 0 then
      l_text := durable_summary(l_store, l_thread);
      if l_text is not null then
        l_source := 'thread_summary';
        -- T32: cut only when over the budget (more than floor(budget * 3.5)
        -- characters, the estimator's inverse).
        if l_chars is not null and dbms_lob.getlength(l_text) > l_chars then
          -- SUBSTR on a CLOB returns a CLOB of l_chars characters;
          -- DBMS_LOB.SUBSTR returns a VARCHAR2 and, in a varying-width
          -- character set, at most 16383 characters whatever the amount.
          l_text := substr(l_text, 1, l_chars);
        end if;
      end if;
    end if;
    if l_source = 'transcript' then
      l_text := transcript(l_store, l_thread, nvl(l_except.value, 0),
                           least(co_transcript_chars, nvl(l_chars, co_transcript_chars)));
    end if;
    agentmem_util.put_clob(l_response, 'content', nvl(l_text, empty_clob()));
    l_response.put('source', l_source);
    return l_response.to_clob;
  end get_summary;

  ------------------------------------------------------------------------------
  -- Images (T33-T36)
  ------------------------------------------------------------------------------

  -- The mime type the first bytes of a base64 image show (T34): PNG, JPEG,
  -- WEBP signatures; NULL for anything else. Decodes the first 16
  -- characters only (12 bytes, enough for the three signatures).
  function detected_mime(p_req in json_object_t) return varchar2
  is
    l_head varchar2(16 char);
    l_raw  raw(12);
    l_blob blob;
  begin
    if not p_req.get('image').is_string then
      return null;
    end if;
    -- get_clob: an image of any size (to_string stops at 32767 bytes).
    l_head := dbms_lob.substr(p_req.get_clob('image'), 16, 1);
    if length(l_head) < 16 then
      return null;   -- too short for any signature
    end if;
    l_blob := agentmem_util.base64_to_blob(l_head);
    if l_blob is null or dbms_lob.getlength(l_blob) < 12 then
      return null;   -- not base64, or padding in the first block
    end if;
    l_raw := dbms_lob.substr(l_blob, 12, 1);
    if utl_raw.substr(l_raw, 1, 8) = hextoraw('89504E470D0A1A0A') then
      return 'image/png';
    elsif utl_raw.substr(l_raw, 1, 3) = hextoraw('FFD8FF') then
      return 'image/jpeg';
    elsif utl_raw.substr(l_raw, 1, 4) = hextoraw('52494646') and utl_raw.substr(l_raw, 9, 4) = hextoraw('57454250') then
      return 'image/webp';
    end if;
    return null;
  end detected_mime;

  -- T33: a scope key given to add_image must equal the thread's value
  -- (JSON null matches a thread without that value).
  procedure check_given_scope(p_req in json_object_t, p_key in varchar2, p_stored in varchar2)
  is
    l_given varchar2(128 char);
  begin
    if p_req.has(p_key) then
      l_given := agentmem_util.check_id(p_req.get(p_key), p_key, true);
      if (l_given is null) <> (p_stored is null) or l_given <> p_stored then
        fail('INVALID_ARGUMENT: ' || p_key || ' ' || nvl(agentmem_util.shown_text(l_given), 'null')
             || ' does not match the thread''s ' || p_key || ' ' || nvl(agentmem_util.shown_text(p_stored), 'null')
             || '; omit ' || p_key || ' to inherit the thread''s scope');
      end if;
    end if;
  end check_given_scope;

  function add_image(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op      constant varchar2(20 char) := 'thread_add_image';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_mime     varchar2(64 char);
    l_meta     json_object_t;
    l_present  boolean;
    l_is_null  boolean;
    l_store    t_store;
    l_thread   t_thread;
    l_sub      json_object_t := json_object_t();
    l_contents json_array_t := json_array_t();
    l_texts    json_array_t := json_array_t();
    l_added    json_object_t;
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req,
      'thread,image,description,mime_type,image_id,user_id,agent_id,thread_id,metadata,timestamp,ttl_days,ttl_anchor',
      co_op);
    l_id := thread_key(l_req, co_op);
    agentmem_util.require_key(l_req, 'image', co_op);
    -- T34: the mime type given (add_records checks it and the signature),
    -- else detected from the bytes.
    if l_req.has('mime_type') then
      if not l_req.get('mime_type').is_string then
        fail('INVALID_ARGUMENT: mime_type ' || agentmem_util.shown(l_req.get('mime_type'))
             || ' must be one of image/png, image/jpeg, image/webp, or omitted to detect it from the bytes');
      end if;
      l_mime := substr(l_req.get_string('mime_type'), 1, 64);
    else
      l_mime := detected_mime(l_req);
      if l_mime is null then
        fail('INVALID_ARGUMENT: image bytes are not a PNG, JPEG or WEBP image (mime_type omitted, so the type is'
             || ' detected from the bytes); pass base64 of a PNG, JPEG or WEBP image');
      end if;
    end if;
    if l_req.has('description') and not l_req.get('description').is_null and not l_req.get('description').is_string then
      fail('INVALID_ARGUMENT: description ' || agentmem_util.shown(l_req.get('description'))
           || ' must be a string, or null');
    end if;
    agentmem_util.get_object(l_req, 'metadata', null, l_meta, l_present, l_is_null);
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    check_given_scope(l_req, 'user_id', l_thread.user_id);
    check_given_scope(l_req, 'agent_id', l_thread.agent_id);
    check_given_scope(l_req, 'thread_id', l_thread.thread_id);
    l_sub.put('record_type', 'image');
    l_contents.append(l_req.get('image'));
    l_sub.put('contents', l_contents);
    -- T35: the description is the image's searchable text (R16); omitted
    -- or null stores none (the LLM issue captions here).
    if l_req.has('description') then
      l_texts.append(l_req.get('description'));
    else
      l_texts.append_null;
    end if;
    l_sub.put('index_texts', l_texts);
    if l_meta is null then
      l_meta := json_object_t();
    end if;
    l_meta.put('image_mime_type', l_mime);
    l_sub.put('metadata', l_meta);
    copy_key(l_req, 'image_id', l_sub, 'record_ids');
    put_id(l_sub, 'thread_ids', l_thread.thread_id);
    put_id(l_sub, 'user_ids', l_thread.user_id);
    put_id(l_sub, 'agent_ids', l_thread.agent_id);
    copy_key(l_req, 'timestamp', l_sub, 'timestamps');
    copy_key(l_req, 'ttl_days', l_sub);
    copy_key(l_req, 'ttl_anchor', l_sub);
    l_added := json_object_t.parse(agentmem_record_write.add_records(p_store_id, l_sub.to_clob, p_schema_owner));
    l_response.put('id', l_added.get_array('ids').get(0));
    l_response.put('warnings', l_added.get_array('warnings'));
    if not l_req.has('description') or l_req.get('description').is_null then
      -- T35: no description: the thread's LLM captions the image (a
      -- CAPTION_IMAGE task); without an LLM it stays without one.
      return with_keys(l_response.to_clob, agentmem_llm_tasks.caption_image(l_store, l_thread,
        substr(l_added.get_array('ids').get_string(0), 1, 128)));
    end if;
    return l_response.to_clob;
  end add_image;

  -- T41: update_image maps onto update_record: image -> content,
  -- description -> index_text (R16, U5), and a new image's mime_type into
  -- metadata (U13), merged into the stored metadata when the request
  -- gives none (update_record replaces metadata whole).
  function update_image(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op      constant varchar2(20 char) := 'thread_update_image';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_img_id   varchar2(128 char);
    l_meta     json_object_t;
    l_present  boolean;
    l_is_null  boolean;
    l_store    t_store;
    l_thread   t_thread;
    l_stored   json_object_t;
    l_sub      json_object_t := json_object_t();
    l_caption  boolean;
    l_updated  clob;
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req,
      'thread,image_id,image,description,mime_type,metadata,timestamp,ttl_days,ttl_anchor', co_op);
    l_id := thread_key(l_req, co_op);
    agentmem_util.require_key(l_req, 'image_id', co_op);
    l_img_id := agentmem_util.check_id(l_req.get('image_id'), 'image_id', false);
    if l_req.has('image') <> l_req.has('mime_type') then
      fail('INVALID_ARGUMENT: image and mime_type must be given together (a new image needs its mime type:'
           || ' image/png, image/jpeg or image/webp)');
    end if;
    if l_req.has('mime_type') and not l_req.get('mime_type').is_string then
      fail('INVALID_ARGUMENT: mime_type ' || agentmem_util.shown(l_req.get('mime_type'))
           || ' must be one of image/png, image/jpeg, image/webp');
    end if;
    l_caption := l_req.has('description') and l_req.get('description').is_null;
    if l_req.has('description') then
      if l_caption then
        null;   -- T41: a new caption from the thread's LLM (checked below, once the thread is read)
      elsif not l_req.get('description').is_string then
        fail('INVALID_ARGUMENT: description ' || agentmem_util.shown(l_req.get('description'))
             || ' must be a string');
      end if;
    end if;
    agentmem_util.get_object(l_req, 'metadata', null, l_meta, l_present, l_is_null);
    copy_key(l_req, 'image', l_sub, 'content');
    if not l_caption then
      copy_key(l_req, 'description', l_sub, 'index_text');
    end if;
    copy_key(l_req, 'metadata', l_sub);
    copy_key(l_req, 'timestamp', l_sub);
    copy_key(l_req, 'ttl_days', l_sub);
    copy_key(l_req, 'ttl_anchor', l_sub);
    if l_sub.get_size = 0 and not l_caption then
      fail('INVALID_ARGUMENT: ' || co_op || ' needs at least one of image (with mime_type), description, metadata,'
           || ' timestamp, ttl_days, ttl_anchor');
    end if;
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    if l_caption and not agentmem_llm_tasks.has_llm(l_store, l_thread.thread_id) then
      fail('INVALID_ARGUMENT: description null asks the thread''s LLM for a new caption, and no LLM is configured'
           || ' for thread ' || agentmem_util.shown_text(l_thread.thread_id) || '; omit description to keep it,'
           || ' or pass the new text');
    end if;
    if owned_type(l_store, 'DOCUMENT', l_img_id, l_thread) is null then
      l_response.put('updated', 0);
      l_response.put('warnings', json_array_t());
      return l_response.to_clob;
    end if;
    if l_req.has('image') then
      if l_meta is null then
        -- The stored metadata (never holding the mime) keeps its keys.
        l_stored := treat(first_record(agentmem_record_read.records_json(
          l_store, 'image', agentmem_util.t_text_list(l_img_id), false)) as json_object_t);
        if l_stored.get('metadata').is_object then
          l_meta := l_stored.get_object('metadata');
        else
          l_meta := json_object_t();
        end if;
      end if;
      l_meta.put('image_mime_type', l_req.get_string('mime_type'));
      l_sub.put('metadata', l_meta);
    end if;
    if l_sub.get_size = 0 then
      -- Only a new caption is asked for: the image is unchanged until the
      -- task sets it.
      l_updated := '{"updated": 1, "warnings": []}';
    else
      l_sub.put('record_type', 'image');
      l_sub.put('record_id', l_img_id);
      l_updated := agentmem_record_edit.update_record(p_store_id, l_sub.to_clob, p_schema_owner);
    end if;
    if l_caption then
      return with_keys(l_updated, agentmem_llm_tasks.caption_image(l_store, l_thread, l_img_id));
    end if;
    return l_updated;
  end update_image;

  function list_images(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op     constant varchar2(20 char) := 'thread_list_images';
    l_req     json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id      varchar2(128 char);
    l_store   t_store;
    l_thread  t_thread;
    l_sub     json_object_t := json_object_t();
    l_records json_object_t;
    l_out     json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread,image_id,metadata_filter,include_bytes,limit', co_op);
    l_id := thread_key(l_req, co_op);
    if l_req.has('image_id') then
      l_sub.put('record_id', agentmem_util.check_id(l_req.get('image_id'), 'image_id', false));
    end if;
    -- T36: bytes only for one chosen image (seed: include_bytes needs image_id).
    if agentmem_util.get_flag(l_req, 'include_bytes') then
      if not l_req.has('image_id') then
        fail('INVALID_ARGUMENT: include_bytes true needs image_id (bytes are loaded for one chosen image)');
      end if;
      l_sub.put('include_bytes', true);
    end if;
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    l_sub.put('record_type', 'image');
    l_sub.put('thread_id', l_thread.thread_id);
    copy_key(l_req, 'metadata_filter', l_sub);
    copy_key(l_req, 'limit', l_sub);
    l_records := json_object_t.parse(agentmem_record_read.list_records(p_store_id, l_sub.to_clob, p_schema_owner));
    l_out.put('images', l_records.get_array('records'));
    return l_out.to_clob;
  end list_images;

  ------------------------------------------------------------------------------
  -- Links between records of the thread (T37-T40)
  ------------------------------------------------------------------------------

  -- True when relation p_id exists and both its endpoints are unexpired
  -- memory-like records of p_thread (T40).
  function owned_relation(p_store in t_store, p_id in varchar2, p_thread in t_thread) return boolean
  is
    l_count number;
  begin
    execute immediate
      'select count(*) from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RELATION') || ' r'
      || ' where r.relation_id = :b_id'
      || ' and exists (select 1 from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY')
      || ' s where s.record_id = r.source_id and s.memory_type = r.source_type and s.thread_id = :b_thread'
      || ' and (s.expires_at is null or s.expires_at > systimestamp))'
      || ' and exists (select 1 from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY')
      || ' t where t.record_id = r.target_id and t.memory_type = r.target_type and t.thread_id = :b_thread2'
      || ' and (t.expires_at is null or t.expires_at > systimestamp))'
      into l_count
      using p_id, p_thread.thread_id, p_thread.thread_id;
    return l_count > 0;
  end owned_relation;

  -- Reads endpoint p_side ('source' or 'target') of a link request: a
  -- memory-like type and an id (T37).
  procedure read_endpoint(p_req in json_object_t, p_op in varchar2, p_side in varchar2,
                          p_id out varchar2, p_type out varchar2)
  is
  begin
    agentmem_util.require_key(p_req, p_side || '_record_id', p_op);
    agentmem_util.require_key(p_req, p_side || '_record_type', p_op);
    p_id := agentmem_util.check_id(p_req.get(p_side || '_record_id'), p_side || '_record_id', false);
    p_type := choice(p_req, p_side || '_record_type', co_memory_types, null);
  end read_endpoint;

  -- T38: the endpoint is a p_type record of the thread, else NOT_FOUND.
  procedure check_endpoint(p_store in t_store, p_thread in t_thread, p_side in varchar2, p_id in varchar2,
                           p_type in varchar2)
  is
  begin
    if nvl(owned_type(p_store, 'MEMORY', p_id, p_thread), '-') <> p_type then
      agentmem_util.raise_error(dbms_agent_memory_store.co_not_found,
        'NOT_FOUND: ' || p_side || '_record_id ' || agentmem_util.shown_text(p_id) || ' is not a ' || p_type
        || ' record of thread ' || agentmem_util.shown_text(p_thread.thread_id)
        || ' (both ends of a thread link belong to the thread)');
    end if;
  end check_endpoint;

  function link_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op      constant varchar2(20 char) := 'thread_link_records';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_src      varchar2(128 char);
    l_src_type varchar2(16 char);
    l_tgt      varchar2(128 char);
    l_tgt_type varchar2(16 char);
    l_store    t_store;
    l_thread   t_thread;
    l_rel      json_object_t := json_object_t();
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread,source_record_id,source_record_type,target_record_id,target_record_type,'
                              || 'relation_type,opposite_relation_type,relation_id,timestamp,metadata', co_op);
    l_id := thread_key(l_req, co_op);
    read_endpoint(l_req, co_op, 'source', l_src, l_src_type);
    read_endpoint(l_req, co_op, 'target', l_tgt, l_tgt_type);
    agentmem_util.require_key(l_req, 'relation_type', co_op);
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    check_endpoint(l_store, l_thread, 'source', l_src, l_src_type);
    check_endpoint(l_store, l_thread, 'target', l_tgt, l_tgt_type);
    -- T39: one relation through add_relations (labels, orientation, lifecycle).
    l_rel.put('source_record_ids', l_src);
    l_rel.put('source_record_types', l_src_type);
    l_rel.put('target_record_ids', l_tgt);
    l_rel.put('target_record_types', l_tgt_type);
    copy_key(l_req, 'relation_type', l_rel, 'relation_types');
    copy_key(l_req, 'opposite_relation_type', l_rel, 'opposite_relation_types');
    copy_key(l_req, 'relation_id', l_rel, 'relation_ids');
    copy_key(l_req, 'timestamp', l_rel, 'timestamps');
    copy_key(l_req, 'metadata', l_rel);
    l_response.put('relation_id', json_object_t.parse(
      agentmem_relation.add_relations(p_store_id, l_rel.to_clob, p_schema_owner)).get_array('relation_ids').get(0));
    return l_response.to_clob;
  end link_records;

  function update_record_link(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op      constant varchar2(30 char) := 'thread_update_record_link';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_rel_id   varchar2(128 char);
    l_store    t_store;
    l_thread   t_thread;
    l_sub      json_object_t := json_object_t();
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread,relation_id,relation_type,opposite_relation_type,timestamp,metadata', co_op);
    l_id := thread_key(l_req, co_op);
    agentmem_util.require_key(l_req, 'relation_id', co_op);
    l_rel_id := agentmem_util.check_id(l_req.get('relation_id'), 'relation_id', false);
    copy_key(l_req, 'relation_type', l_sub, 'relation_types');
    copy_key(l_req, 'opposite_relation_type', l_sub, 'opposite_relation_types');
    copy_key(l_req, 'timestamp', l_sub, 'timestamps');
    copy_key(l_req, 'metadata', l_sub);
    if l_sub.get_size = 0 then
      fail('INVALID_ARGUMENT: ' || co_op || ' needs at least one of relation_type, opposite_relation_type, timestamp,'
           || ' metadata');
    end if;
    l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    if owned_relation(l_store, l_rel_id, l_thread) then
      l_sub.put('relation_ids', l_rel_id);
      l_response.put('updated', json_object_t.parse(
        agentmem_relation.update_relations(p_store_id, l_sub.to_clob, p_schema_owner)).get_number('updated'));
    else
      l_response.put('updated', 0);
    end if;
    return l_response.to_clob;
  end update_record_link;

  function delete_record_link(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op      constant varchar2(30 char) := 'thread_delete_record_link';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_rel_id   varchar2(128 char);
    l_tuple    json_object_t := json_object_t();
    l_found    json_object_t;
    l_keys     json_key_list;
    l_store    t_store;
    l_thread   t_thread;
    l_ids      json_array_t := json_array_t();
    l_sub      json_object_t := json_object_t();
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread,relation_id,source_record_id,source_record_type,target_record_id,'
                              || 'target_record_type,relation_type', co_op);
    l_id := thread_key(l_req, co_op);
    copy_key(l_req, 'source_record_id', l_tuple);
    copy_key(l_req, 'source_record_type', l_tuple);
    copy_key(l_req, 'target_record_id', l_tuple);
    copy_key(l_req, 'target_record_type', l_tuple);
    copy_key(l_req, 'relation_type', l_tuple);
    -- T40: relation_id alone, or the endpoint tuple in its stored direction.
    if l_req.has('relation_id') then
      if l_tuple.get_size > 0 then
        l_keys := l_tuple.get_keys;
        fail('INVALID_ARGUMENT: relation_id cannot be combined with ' || l_keys(1)
             || '; pass relation_id alone, or the endpoint tuple without it');
      end if;
      l_rel_id := agentmem_util.check_id(l_req.get('relation_id'), 'relation_id', false);
      l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
    else
      if l_tuple.get_size = 0 then
        fail('INVALID_ARGUMENT: ' || co_op || ' needs relation_id, or source_record_id, source_record_type,'
             || ' target_record_id, target_record_type and relation_type');
      end if;
      l_thread := load_thread(p_store_id, p_schema_owner, l_id, l_store);
      -- get_relation resolves the tuple with the relation contract's rules.
      l_found := json_object_t.parse(agentmem_relation.get_relation(p_store_id, l_tuple.to_clob, p_schema_owner));
      if not l_found.get('relation').is_null then
        l_rel_id := substr(l_found.get_object('relation').get_string('id'), 1, 128);   -- a stored id
      end if;
    end if;
    if l_rel_id is not null and owned_relation(l_store, l_rel_id, l_thread) then
      l_ids.append(l_rel_id);
      l_sub.put('relation_ids', l_ids);
      l_response.put('deleted', json_object_t.parse(
        agentmem_relation.delete_relations(p_store_id, l_sub.to_clob, p_schema_owner)).get_number('deleted'));
    else
      l_response.put('deleted', 0);
    end if;
    return l_response.to_clob;
  end delete_record_link;

end agentmem_thread;
/
