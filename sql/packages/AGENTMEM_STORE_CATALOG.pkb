create or replace package body agentmem_store_catalog
as

  -- ORA-00942: table or view does not exist.
  e_table_missing exception;
  pragma exception_init(e_table_missing, -942);

  co_registry constant varchar2(30 char) := 'AGENTMEM_STORE_REGISTRY';

  ------------------------------------------------------------------------------
  -- Names
  ------------------------------------------------------------------------------

  procedure add_object(p_list in out nocopy t_object_list, p_name in varchar2, p_type in varchar2,
                       p_table in varchar2 default null, p_columns in varchar2 default null)
  is
    l_object t_object;
  begin
    l_object.name := p_name;
    l_object.object_type := p_type;
    l_object.table_name := p_table;
    l_object.column_list := p_columns;
    p_list.extend;
    p_list(p_list.last) := l_object;
  end add_object;

  function display_name(p_store in t_store) return varchar2
  is
  begin
    return case when p_store.store_id is null then 'default store (unprefixed)'
                else 'store ' || p_store.store_id end
           || ' in schema ' || p_store.owner;
  end display_name;

  function preference_name(p_prefix in varchar2) return varchar2
  is
  begin
    return p_prefix || 'HYB_VECTORIZER';
  end preference_name;


  ------------------------------------------------------------------------------
  -- Catalog
  ------------------------------------------------------------------------------

  function table_bases return agentmem_util.t_text_list
  is
  begin
    return agentmem_util.t_text_list('THREAD', 'MESSAGE', 'MEMORY', 'ACTOR_PROFILE',
                                     'THREAD_SUMMARY', 'DOCUMENT', 'RECORD_CHUNKS', 'RELATION', 'LLM_TASK');
  end table_bases;

  function table_doc(p_base in varchar2) return varchar2
  is
  begin
    return case p_base
      when 'THREAD' then 'agentmem: conversation threads; deleting a thread cascades to its messages, memories, summaries and images'
      when 'MESSAGE' then 'agentmem: chat messages of threads, ordered by seq_no'
      when 'MEMORY' then 'agentmem: memory-like records: memory, fact, guideline, preference'
      when 'ACTOR_PROFILE' then 'agentmem: unscoped profiles of users and agents'
      when 'THREAD_SUMMARY' then 'agentmem: summaries of threads'
      when 'DOCUMENT' then 'agentmem: images (bytes, MIME type, description), optionally parts of a message'
      when 'RECORD_CHUNKS' then 'agentmem: retrieval rows: chunks of the search text of records, with scope copies and optional vectors'
      when 'RELATION' then 'agentmem: typed directed relations between memory-like records'
      when 'LLM_TASK' then 'agentmem: LLM work of threads (extraction, summaries, links, captions, shortening): the background queue and the client tasks'
    end;
  end table_doc;

  procedure column_doc(p_list in out nocopy t_column_docs, p_table in varchar2, p_column in varchar2, p_text in varchar2)
  is
  begin
    p_list.extend;
    p_list(p_list.last).table_base := p_table;
    p_list(p_list.last).column_name := p_column;
    p_list(p_list.last).text := p_text;
  end column_doc;

  -- The columns every scoped record table shares (co_scope_columns and
  -- co_record_columns).
  procedure record_docs(p_list in out nocopy t_column_docs, p_table in varchar2, p_expires in boolean default true)
  is
  begin
    column_doc(p_list, p_table, 'METADATA', 'caller metadata (JSON object), filtered by the metadata filter language');
    column_doc(p_list, p_table, 'EVENT_TIMESTAMP', 'caller event time (ISO-8601 in requests), stored in UTC; NULL = none (reads then use CREATED_AT)');
    column_doc(p_list, p_table, 'STATUS', 'lifecycle status: VALID or INVALID');
    column_doc(p_list, p_table, 'CREATED_AT', 'when the row was stored (database time)');
    column_doc(p_list, p_table, 'UPDATED_AT', 'when the row last changed (database time)');
    if p_expires then
      column_doc(p_list, p_table, 'EXPIRES_AT', 'expiry time (TTL), copied to the retrieval rows; expired rows are invisible at once and purged by the purge job; NULL = never');
    end if;
  end record_docs;

  procedure scope_docs(p_list in out nocopy t_column_docs, p_table in varchar2)
  is
  begin
    column_doc(p_list, p_table, 'USER_ID', 'user scope id; NULL = not scoped to a user');
    column_doc(p_list, p_table, 'AGENT_ID', 'agent scope id; NULL = not scoped to an agent');
  end scope_docs;

  -- Every column of every managed table except RECORD_CHUNKS.EMBEDDING
  -- (present only when the store has local vectors), with its comment.
  function column_docs return t_column_docs
  is
    l_docs t_column_docs := t_column_docs();
  begin
    column_doc(l_docs, 'THREAD', 'RECORD_ID', 'thread id (caller-chosen or generated)');
    column_doc(l_docs, 'THREAD', 'ORDER_SEQ', 'stable creation order (identity)');
    scope_docs(l_docs, 'THREAD');
    column_doc(l_docs, 'THREAD', 'CONTENT', 'optional thread text');
    column_doc(l_docs, 'THREAD', 'RUNTIME_CONFIG', 'thread runtime configuration (JSON)');
    column_doc(l_docs, 'THREAD', 'RUNTIME_STATE', 'thread runtime state, e.g. extraction counters (JSON)');
    record_docs(l_docs, 'THREAD', p_expires => false);

    column_doc(l_docs, 'MESSAGE', 'RECORD_ID', 'message id');
    column_doc(l_docs, 'MESSAGE', 'SEQ_NO', 'stable, increasing order of messages within a thread (identity; gaps allowed)');
    column_doc(l_docs, 'MESSAGE', 'THREAD_ID', 'owning thread; deleting the thread deletes the message');
    scope_docs(l_docs, 'MESSAGE');
    column_doc(l_docs, 'MESSAGE', 'MESSAGE_ROLE', 'chat role, e.g. user or assistant; NULL = none');
    column_doc(l_docs, 'MESSAGE', 'CONTENT', 'message text; for a multimodal message the text parts joined with LF; empty text is an empty CLOB');
    column_doc(l_docs, 'MESSAGE', 'CONTENT_PARTS', 'ordered content parts (text and image references) when the message is multimodal (JSON array)');
    record_docs(l_docs, 'MESSAGE');

    column_doc(l_docs, 'MEMORY', 'RECORD_ID', 'record id');
    column_doc(l_docs, 'MEMORY', 'ORDER_SEQ', 'stable creation order (identity)');
    column_doc(l_docs, 'MEMORY', 'MEMORY_TYPE', 'record type: memory, fact, guideline or preference');
    column_doc(l_docs, 'MEMORY', 'THREAD_ID', 'optional owning thread; deleting the thread deletes the record');
    scope_docs(l_docs, 'MEMORY');
    column_doc(l_docs, 'MEMORY', 'CONTENT', 'stored record text');
    record_docs(l_docs, 'MEMORY');
    column_doc(l_docs, 'MEMORY', 'LIFECYCLE_INVALID', '1 = STATUS is INVALID only because a supersedes, refines or duplicates relation targets the record (derived, lifted when the last such relation goes); NULL = STATUS is the caller''s');

    column_doc(l_docs, 'ACTOR_PROFILE', 'RECORD_ID', 'profile record id = the user id or agent id the profile describes');
    column_doc(l_docs, 'ACTOR_PROFILE', 'ORDER_SEQ', 'stable creation order (identity)');
    column_doc(l_docs, 'ACTOR_PROFILE', 'ACTOR_TYPE', 'user or agent');
    column_doc(l_docs, 'ACTOR_PROFILE', 'CONTENT', 'free-form profile information');
    record_docs(l_docs, 'ACTOR_PROFILE', p_expires => false);

    column_doc(l_docs, 'THREAD_SUMMARY', 'RECORD_ID', 'summary record id');
    column_doc(l_docs, 'THREAD_SUMMARY', 'ORDER_SEQ', 'stable creation order (identity)');
    column_doc(l_docs, 'THREAD_SUMMARY', 'THREAD_ID', 'summarized thread; deleting the thread deletes the summary');
    scope_docs(l_docs, 'THREAD_SUMMARY');
    column_doc(l_docs, 'THREAD_SUMMARY', 'CONTENT', 'summary payload (JSON; a text summary is {"text": ...})');
    record_docs(l_docs, 'THREAD_SUMMARY', p_expires => false);

    column_doc(l_docs, 'DOCUMENT', 'RECORD_ID', 'image record id');
    column_doc(l_docs, 'DOCUMENT', 'ORDER_SEQ', 'stable creation order (identity)');
    column_doc(l_docs, 'DOCUMENT', 'MESSAGE_ID', 'message this image is a part of; NULL = standalone image');
    column_doc(l_docs, 'DOCUMENT', 'PART_INDEX', 'position of the image among all parts of its message (0-based)');
    column_doc(l_docs, 'DOCUMENT', 'THREAD_ID', 'optional owning thread; deleting the thread deletes the image');
    scope_docs(l_docs, 'DOCUMENT');
    column_doc(l_docs, 'DOCUMENT', 'MIME_TYPE', 'image/png, image/jpeg or image/webp');
    column_doc(l_docs, 'DOCUMENT', 'CONTENT_BYTES', 'image bytes (PNG, JPEG or WebP, signature checked on write)');
    column_doc(l_docs, 'DOCUMENT', 'DESCRIPTION', 'text describing the image, used as its record content');
    record_docs(l_docs, 'DOCUMENT');

    column_doc(l_docs, 'RECORD_CHUNKS', 'CHUNK_ID', 'chunk id (identity)');
    column_doc(l_docs, 'RECORD_CHUNKS', 'SOURCE_ID', 'id of the logical record the chunk belongs to');
    column_doc(l_docs, 'RECORD_CHUNKS', 'SOURCE_TYPE', 'record type of the source: thread, message, memory, fact, guideline, preference, user_profile, agent_profile, thread_summary, image');
    column_doc(l_docs, 'RECORD_CHUNKS', 'CHUNK_SEQ', 'position of the chunk within its record (1-based)');
    column_doc(l_docs, 'RECORD_CHUNKS', 'CHUNK_TEXT', 'retrieval text of the chunk (indexed by the keyword or hybrid index)');
    column_doc(l_docs, 'RECORD_CHUNKS', 'THREAD_ID', 'copy of the source record''s thread scope');
    scope_docs(l_docs, 'RECORD_CHUNKS');
    column_doc(l_docs, 'RECORD_CHUNKS', 'STATUS', 'copy of the source record''s status (VALID or INVALID), rewritten on every status change');
    column_doc(l_docs, 'RECORD_CHUNKS', 'CREATED_AT', 'when the chunk was stored');
    column_doc(l_docs, 'RECORD_CHUNKS', 'EXPIRES_AT', 'copy of the source record''s expiry time, rewritten on every TTL refresh; NULL = never');

    column_doc(l_docs, 'RELATION', 'RELATION_ID', 'relation id');
    column_doc(l_docs, 'RELATION', 'ORDER_SEQ', 'stable creation order (identity)');
    column_doc(l_docs, 'RELATION', 'SOURCE_ID', 'id of the source record');
    column_doc(l_docs, 'RELATION', 'SOURCE_TYPE', 'type of the source record: memory, fact, guideline or preference');
    column_doc(l_docs, 'RELATION', 'TARGET_ID', 'id of the target record');
    column_doc(l_docs, 'RELATION', 'TARGET_TYPE', 'type of the target record: memory, fact, guideline or preference');
    column_doc(l_docs, 'RELATION', 'RELATION_TYPE', 'label read from source to target, e.g. supersedes');
    column_doc(l_docs, 'RELATION', 'OPPOSITE_RELATION_TYPE', 'label read from target to source');
    column_doc(l_docs, 'RELATION', 'METADATA', 'caller metadata (JSON object)');
    column_doc(l_docs, 'RELATION', 'EVENT_TIMESTAMP', 'caller event time, stored in UTC; NULL = none');
    column_doc(l_docs, 'RELATION', 'CREATED_AT', 'when the relation was stored (database time)');
    column_doc(l_docs, 'RELATION', 'UPDATED_AT', 'when the relation last changed (database time)');

    column_doc(l_docs, 'LLM_TASK', 'TASK_ID', 'task id (32 hex characters)');
    column_doc(l_docs, 'LLM_TASK', 'ORDER_SEQ', 'stable creation order (identity); the queue runs tasks in this order');
    column_doc(l_docs, 'LLM_TASK', 'THREAD_ID', 'thread the task works for; deleting the thread deletes its tasks');
    scope_docs(l_docs, 'LLM_TASK');
    column_doc(l_docs, 'LLM_TASK', 'KIND', 'EXTRACT_MEMORIES, UPDATE_SUMMARY, LINK_MEMORIES, CAPTION_IMAGE or SHORTEN_MESSAGE');
    column_doc(l_docs, 'LLM_TASK', 'STATUS', 'PENDING (queued), RUNNING (claimed by a job run), AWAITING_CLIENT (the client runs the model), DONE or FAILED');
    column_doc(l_docs, 'LLM_TASK', 'RUN_MODE', 'INLINE (ran in the call that made it) or BACKGROUND (run by the LLM_TASKS job)');
    column_doc(l_docs, 'LLM_TASK', 'INPUT', 'task input object (JSON) the prompt is built from; only ids and counts once the task is DONE or a message or image it names is deleted');
    column_doc(l_docs, 'LLM_TASK', 'ATTEMPTS', 'runs started so far');
    column_doc(l_docs, 'LLM_TASK', 'MAX_ATTEMPTS', 'runs allowed before the task is FAILED');
    column_doc(l_docs, 'LLM_TASK', 'NEXT_ATTEMPT_AT', 'earliest time of the next run (backoff after a failed run; lease end while RUNNING)');
    column_doc(l_docs, 'LLM_TASK', 'LAST_ERROR', 'error of the last failed run');
    column_doc(l_docs, 'LLM_TASK', 'OUTPUT_EXCERPT', 'start of the model output of the last failed run (truncated)');
    column_doc(l_docs, 'LLM_TASK', 'RESULT', 'what the applied task wrote (JSON): memory ids, relation ids, summary and caption flags; a SHORTEN_MESSAGE its shortened text while the message exists');
    column_doc(l_docs, 'LLM_TASK', 'CREATED_AT', 'when the task was accepted (database time)');
    column_doc(l_docs, 'LLM_TASK', 'UPDATED_AT', 'when the task last changed (database time)');
    return l_docs;
  end column_docs;

  procedure add_constraints(p_list in out nocopy t_object_list, p_prefix in varchar2)
  is
    procedure c(p_table in varchar2, p_suffix in varchar2) is
    begin
      add_object(p_list, p_prefix || p_table || '_' || p_suffix, 'CONSTRAINT', p_prefix || p_table);
    end c;
  begin
    c('THREAD', 'PK'); c('THREAD', 'STATUS_CK');
    c('MESSAGE', 'PK'); c('MESSAGE', 'THREAD_FK'); c('MESSAGE', 'ROLE_CK'); c('MESSAGE', 'STATUS_CK');
    c('MEMORY', 'PK'); c('MEMORY', 'THREAD_FK'); c('MEMORY', 'TYPE_CK'); c('MEMORY', 'STATUS_CK');
    c('MEMORY', 'LIFECYCLE_CK');
    c('ACTOR_PROFILE', 'PK'); c('ACTOR_PROFILE', 'TYPE_CK');
    c('ACTOR_PROFILE', 'STATUS_CK');
    c('THREAD_SUMMARY', 'PK'); c('THREAD_SUMMARY', 'THREAD_FK'); c('THREAD_SUMMARY', 'STATUS_CK');
    c('DOCUMENT', 'PK'); c('DOCUMENT', 'MESSAGE_FK'); c('DOCUMENT', 'THREAD_FK'); c('DOCUMENT', 'MIME_CK');
    c('DOCUMENT', 'STATUS_CK');
    c('RECORD_CHUNKS', 'PK'); c('RECORD_CHUNKS', 'SOURCE_UK'); c('RECORD_CHUNKS', 'TYPE_CK');
    c('RECORD_CHUNKS', 'SEQ_CK'); c('RECORD_CHUNKS', 'STATUS_CK');
    c('RELATION', 'PK'); c('RELATION', 'ADDRESS_UK'); c('RELATION', 'SOURCE_TYPE_CK');
    c('RELATION', 'TARGET_TYPE_CK');
    c('LLM_TASK', 'PK'); c('LLM_TASK', 'THREAD_FK'); c('LLM_TASK', 'KIND_CK'); c('LLM_TASK', 'STATUS_CK');
    c('LLM_TASK', 'MODE_CK'); c('LLM_TASK', 'ATTEMPTS_CK');
  end add_constraints;

  -- Secondary indexes: one per access path of the record API (scope
  -- filters, thread order, expiry purge, relation endpoints). Primary and
  -- unique keys bring their own indexes (chunks by source: SOURCE_UK;
  -- relations by source: ADDRESS_UK; profiles by actor: ACTOR_PROFILE_PK).
  procedure add_indexes(p_list in out nocopy t_object_list, p_prefix in varchar2)
  is
    procedure i(p_table in varchar2, p_suffix in varchar2, p_columns in varchar2) is
    begin
      add_object(p_list, p_prefix || p_table || '_' || p_suffix, 'INDEX', p_prefix || p_table, p_columns);
    end i;
  begin
    i('THREAD', 'USER_IX', 'USER_ID');
    i('THREAD', 'AGENT_IX', 'AGENT_ID');
    i('MESSAGE', 'THREAD_SEQ_IX', 'THREAD_ID, SEQ_NO');
    i('MESSAGE', 'USER_IX', 'USER_ID');
    i('MESSAGE', 'AGENT_IX', 'AGENT_ID');
    i('MESSAGE', 'EXPIRES_IX', 'EXPIRES_AT');
    i('MEMORY', 'THREAD_IX', 'THREAD_ID');
    i('MEMORY', 'USER_IX', 'USER_ID, MEMORY_TYPE');
    i('MEMORY', 'AGENT_IX', 'AGENT_ID');
    i('MEMORY', 'TYPE_IX', 'MEMORY_TYPE, ORDER_SEQ');
    i('MEMORY', 'EXPIRES_IX', 'EXPIRES_AT');
    i('THREAD_SUMMARY', 'THREAD_IX', 'THREAD_ID');
    i('THREAD_SUMMARY', 'USER_IX', 'USER_ID');
    i('THREAD_SUMMARY', 'AGENT_IX', 'AGENT_ID');
    i('DOCUMENT', 'MESSAGE_IX', 'MESSAGE_ID, PART_INDEX');
    i('DOCUMENT', 'THREAD_IX', 'THREAD_ID');
    i('DOCUMENT', 'USER_IX', 'USER_ID');
    i('DOCUMENT', 'AGENT_IX', 'AGENT_ID');
    i('DOCUMENT', 'EXPIRES_IX', 'EXPIRES_AT');
    i('RECORD_CHUNKS', 'THREAD_IX', 'THREAD_ID');
    i('RECORD_CHUNKS', 'USER_IX', 'USER_ID');
    i('RECORD_CHUNKS', 'AGENT_IX', 'AGENT_ID');
    i('RECORD_CHUNKS', 'EXPIRES_IX', 'EXPIRES_AT');
    i('RELATION', 'TARGET_IX', 'TARGET_ID, TARGET_TYPE');
    -- The job's claim (status, then due time) and a thread's waits.
    i('LLM_TASK', 'QUEUE_IX', 'STATUS, NEXT_ATTEMPT_AT');
    i('LLM_TASK', 'THREAD_IX', 'THREAD_ID, STATUS');
  end add_indexes;

  function expected_objects(p_prefix in varchar2, p_config in t_config) return t_object_list
  is
    l_list  t_object_list := t_object_list();
    l_bases agentmem_util.t_text_list := table_bases;
    l_docs  t_column_docs := column_docs;
  begin
    for i in 1 .. l_bases.count loop
      add_object(l_list, p_prefix || l_bases(i), 'TABLE');
    end loop;
    for i in 1 .. l_docs.count loop
      add_object(l_list, l_docs(i).column_name, 'COLUMN', p_prefix || l_docs(i).table_base);
    end loop;
    if p_config.vector_dim is not null then
      add_object(l_list, 'EMBEDDING', 'COLUMN', p_prefix || 'RECORD_CHUNKS');
    end if;
    add_constraints(l_list, p_prefix);
    add_indexes(l_list, p_prefix);
    case p_config.search_strategy
      when co_vector then
        add_object(l_list, p_prefix || 'RECORD_CHUNKS_EMB_VIX', 'VECTOR INDEX', p_prefix || 'RECORD_CHUNKS', 'EMBEDDING');
      when co_keyword then
        add_object(l_list, p_prefix || 'RECORD_CHUNKS_TXT_IX', 'TEXT INDEX', p_prefix || 'RECORD_CHUNKS', 'CHUNK_TEXT');
      when co_hybrid then
        -- The index first: building it (re)creates the preference it needs,
        -- so a missing preference alone is only recreated afterwards.
        add_object(l_list, p_prefix || 'RECORD_CHUNKS_HYB_IX', 'HYBRID INDEX', p_prefix || 'RECORD_CHUNKS', 'CHUNK_TEXT');
        add_object(l_list, preference_name(p_prefix), 'PREFERENCE');
      else
        -- Only a hand-edited registry row gets here: the package writes one
        -- of the three values.
        agentmem_util.raise_error(dbms_agent_memory_store.co_store_broken,
          'STORE_BROKEN: search_strategy ' || agentmem_util.quoted(p_config.search_strategy)
          || ' in the configuration of the store with prefix ' || agentmem_util.quoted(p_prefix)
          || ' is not VECTOR, KEYWORD or HYBRID; restore the CONFIG of its AGENTMEM_STORE_REGISTRY row');
    end case;
    return l_list;
  end expected_objects;

  ------------------------------------------------------------------------------
  -- Dictionary reads
  ------------------------------------------------------------------------------

  function preference_exists(p_owner in varchar2, p_name in varchar2) return boolean
  is
    l_count pls_integer;
  begin
    -- Dynamic: CTX_PREFERENCES exists only where Oracle Text is installed,
    -- and a static reference would keep this package from compiling there.
    execute immediate 'select count(*) from ctxsys.ctx_preferences where pre_owner = :o and pre_name = :n'
      into l_count using p_owner, p_name;
    return l_count > 0;
  exception
    when e_table_missing then
      return false;
  end preference_exists;

  function object_status(p_owner in varchar2, p_object in t_object) return varchar2
  is
    l_count    pls_integer;
    l_status   varchar2(30 char);
    l_opstatus varchar2(30 char);
  begin
    case
      when p_object.object_type = 'TABLE' then
        select count(*) into l_count from sys.all_tables where owner = p_owner and table_name = p_object.name;
        return case when l_count > 0 then 'VALID' end;
      when p_object.object_type = 'COLUMN' then
        select count(*) into l_count from sys.all_tab_columns
         where owner = p_owner and table_name = p_object.table_name and column_name = p_object.name;
        return case when l_count > 0 then 'VALID' end;
      when p_object.object_type = 'CONSTRAINT' then
        select max(status) into l_status from sys.all_constraints
         where owner = p_owner and constraint_name = p_object.name;
        return case l_status when 'ENABLED' then 'VALID' when 'DISABLED' then 'DISABLED' end;
      when p_object.object_type like '%INDEX' then
        select max(status), max(domidx_opstatus) into l_status, l_opstatus from sys.all_indexes
         where owner = p_owner and index_name = p_object.name;
        return case when l_status is null then null
                    when l_opstatus = 'FAILED' then 'FAILED'
                    when l_status = 'UNUSABLE' then 'UNUSABLE'
                    else 'VALID' end;
      when p_object.object_type = 'PREFERENCE' then
        return case when preference_exists(p_owner, p_object.name) then 'VALID' end;
      else
        -- Not CASE_NOT_FOUND: name the value (callers pass catalog types only).
        agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: object_type ' || agentmem_util.quoted(p_object.object_type) || ' of '
          || agentmem_util.quoted(p_object.name) || ' is not a catalog object type (TABLE, COLUMN, CONSTRAINT,'
          || ' INDEX, VECTOR INDEX, TEXT INDEX, HYBRID INDEX, PREFERENCE)');
    end case;
  end object_status;

  function object_label(p_object in t_object) return varchar2
  is
  begin
    return case when p_object.object_type = 'COLUMN' then p_object.table_name || '.' || p_object.name
                else p_object.name end;
  end object_label;

  function missing_objects(p_store in t_store, p_config in t_config) return agentmem_util.t_text_list
  is
    l_expected t_object_list := expected_objects(p_store.table_prefix, p_config);
    l_missing  agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_status   varchar2(30 char);
  begin
    for i in 1 .. l_expected.count loop
      -- Another schema's Text preferences may not be visible to this user
      -- (CTX views); the hybrid index that uses the preference is checked.
      continue when l_expected(i).object_type = 'PREFERENCE'
                    and p_store.owner <> agentmem_util.current_user_name;
      l_status := object_status(p_store.owner, l_expected(i));
      if l_status is null then
        agentmem_util.append(l_missing, object_label(l_expected(i)) || ' (' || lower(l_expected(i).object_type) || ')');
      elsif l_status <> 'VALID' then
        agentmem_util.append(l_missing, object_label(l_expected(i)) || ' (' || lower(l_expected(i).object_type)
                            || ', ' || l_status || ')');
      end if;
    end loop;
    return l_missing;
  end missing_objects;

  function any_table_exists(p_owner in varchar2, p_prefix in varchar2) return boolean
  is
    l_bases agentmem_util.t_text_list := table_bases;
    l_count pls_integer;
  begin
    for i in 1 .. l_bases.count loop
      select count(*) into l_count from sys.all_tables where owner = p_owner and table_name = p_prefix || l_bases(i);
      if l_count > 0 then
        return true;
      end if;
    end loop;
    return false;
  end any_table_exists;

  ------------------------------------------------------------------------------
  -- Configuration <-> JSON
  ------------------------------------------------------------------------------

  procedure put_number(p_obj in out nocopy json_object_t, p_key in varchar2, p_value in number)
  is
  begin
    if p_value is null then
      p_obj.put_null(p_key);
    else
      p_obj.put(p_key, p_value);
    end if;
  end put_number;

  procedure put_text(p_obj in out nocopy json_object_t, p_key in varchar2, p_value in varchar2)
  is
  begin
    if p_value is null then
      p_obj.put_null(p_key);
    else
      p_obj.put(p_key, p_value);
    end if;
  end put_text;

  function config_to_json(p_config in t_config) return json_object_t
  is
    l_config    json_object_t := json_object_t();
    l_retention json_object_t := json_object_t();
    l_chunking  json_object_t := json_object_t();
  begin
    put_text(l_config, 'search_strategy', p_config.search_strategy);
    put_text(l_config, 'search_index_sync', p_config.search_index_sync);
    put_number(l_config, 'vector_dim', p_config.vector_dim);
    put_text(l_config, 'embedding_model', p_config.embedding_model);
    put_number(l_retention, 'default_ttl_days', p_config.default_ttl_days);
    put_number(l_retention, 'max_ttl_days', p_config.max_ttl_days);
    l_config.put('memory_retention_config', l_retention);
    put_number(l_chunking, 'max', p_config.chunk_max);
    put_number(l_chunking, 'overlap', p_config.chunk_overlap);
    put_text(l_chunking, 'by', p_config.chunk_by);
    put_text(l_chunking, 'split', p_config.chunk_split);
    put_text(l_chunking, 'normalize', p_config.chunk_normalize);
    l_config.put('chunking', l_chunking);
    return l_config;
  end config_to_json;

  function text_or_null(p_obj in json_object_t, p_key in varchar2) return varchar2
  is
  begin
    if p_obj is null or not p_obj.has(p_key) or p_obj.get(p_key).is_null then
      return null;
    end if;
    return p_obj.get_string(p_key);
  end text_or_null;

  function number_or_null(p_obj in json_object_t, p_key in varchar2) return number
  is
  begin
    if p_obj is null or not p_obj.has(p_key) or p_obj.get(p_key).is_null then
      return null;
    end if;
    return p_obj.get_number(p_key);
  end number_or_null;

  function config_from_json(p_config in clob) return t_config
  is
    l_config    t_config;
    l_obj       json_object_t := json_object_t.parse(p_config);
    l_retention json_object_t := l_obj.get_object('memory_retention_config');
    l_chunking  json_object_t := l_obj.get_object('chunking');
  begin
    l_config.search_strategy := text_or_null(l_obj, 'search_strategy');
    l_config.search_index_sync := text_or_null(l_obj, 'search_index_sync');
    l_config.vector_dim := number_or_null(l_obj, 'vector_dim');
    l_config.embedding_model := text_or_null(l_obj, 'embedding_model');
    l_config.default_ttl_days := number_or_null(l_retention, 'default_ttl_days');
    l_config.max_ttl_days := number_or_null(l_retention, 'max_ttl_days');
    l_config.chunk_max := number_or_null(l_chunking, 'max');
    l_config.chunk_overlap := number_or_null(l_chunking, 'overlap');
    l_config.chunk_by := text_or_null(l_chunking, 'by');
    l_config.chunk_split := text_or_null(l_chunking, 'split');
    l_config.chunk_normalize := text_or_null(l_chunking, 'normalize');
    return l_config;
  end config_from_json;

  ------------------------------------------------------------------------------
  -- Registry row
  ------------------------------------------------------------------------------

  procedure read_registry(p_store in out nocopy t_store)
  is
    l_prefix varchar2(17 char);
    l_config clob;
  begin
    execute immediate
      'select table_prefix, json_serialize(config returning clob), schema_version, status, status_detail,'
      || ' created_at, updated_at from ' || agentmem_util.sql_object(p_store.owner, co_registry)
      || ' where store_key = :k'
      into l_prefix, l_config, p_store.schema_version, p_store.status, p_store.status_detail,
           p_store.created_at, p_store.updated_at
      using p_store.store_key;
    p_store.registered := true;
    p_store.config := config_from_json(l_config);
  exception
    when no_data_found then
      p_store.registered := false;
    when e_table_missing then
      agentmem_util.raise_error(dbms_agent_memory_store.co_schema_missing,
        'SCHEMA_MISSING: the store registry ' || p_store.owner || '.' || co_registry
        || ' does not exist or is not readable by ' || agentmem_util.current_user_name
        || ': run "agentmem migrate up" as ' || p_store.owner
        || ', or ask the owner to run grant_access for this user');
  end read_registry;

  function registered_keys(p_owner in varchar2) return agentmem_util.t_text_list
  is
    l_keys agentmem_util.t_text_list;
  begin
    execute immediate
      'select store_key from ' || agentmem_util.sql_object(p_owner, co_registry)
      || ' order by case when store_key = :d then 0 else 1 end, nlssort(store_key, ''NLS_SORT=BINARY'')'
      bulk collect into l_keys using co_default_key;
    return l_keys;
  exception
    when e_table_missing then
      agentmem_util.raise_error(dbms_agent_memory_store.co_schema_missing,
        'SCHEMA_MISSING: the store registry ' || p_owner || '.' || co_registry
        || ' does not exist or is not readable by ' || agentmem_util.current_user_name
        || ': run "agentmem migrate up" as ' || p_owner || ', or ask the owner for grant_access');
  end registered_keys;


end agentmem_store_catalog;
/
