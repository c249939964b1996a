create or replace package body agentmem_store_ddl
as

  -- Column fragments shared by the CREATE TABLE statements below.
  co_scope_columns constant varchar2(200 char) :=
    'user_id varchar2(128 char), agent_id varchar2(128 char), ';
  -- EVENT_TIMESTAMP holds the caller's event time normalised to UTC (the
  -- package parses ISO-8601 and rejects invalid values), so TTL with the
  -- TIMESTAMP anchor and the reads compute on a real timestamp.
  co_record_columns constant varchar2(600 char) :=
    'metadata json, event_timestamp timestamp(6) with time zone, '
    || 'status varchar2(8 char) default ''VALID'' not null, '
    || 'created_at timestamp(6) with time zone default systimestamp not null, '
    || 'updated_at timestamp(6) with time zone default systimestamp not null, ';
  -- Only expiring record types (message, memory-like, image) have it.
  co_expires_column constant varchar2(60 char) := 'expires_at timestamp(6) with time zone, ';
  co_status_check constant varchar2(60 char) := ' check (status in (''VALID'', ''INVALID''))';
  -- MEMORY.LIFECYCLE_INVALID (schema version 2): 1 = the record is INVALID
  -- only because a lifecycle relation targets it (AGENTMEM_RELATION).
  co_lifecycle_column constant varchar2(60 char) := 'lifecycle_invalid number(1), ';
  co_lifecycle_check  constant varchar2(60 char) := ' check (lifecycle_invalid = 1)';
  co_memory_types constant varchar2(80 char) := '(''memory'', ''fact'', ''guideline'', ''preference'')';
  co_registry constant varchar2(30 char) := 'AGENTMEM_STORE_REGISTRY';

  -- The DDL step in progress; written to status_detail when it fails.
  g_step varchar2(1000 char);

  ------------------------------------------------------------------------------
  -- Registry row writes (inside the autonomous lifecycle procedures only)
  ------------------------------------------------------------------------------

  -- Writes the whole row from p_store (insert when it does not exist).
  procedure write_row(p_store in agentmem_store_catalog.t_store)
  is
    l_config clob := agentmem_store_catalog.config_to_json(p_store.config).to_clob;
  begin
    execute immediate
      'update ' || agentmem_util.sql_object(p_store.owner, co_registry)
      || ' set config = json(:c), schema_version = :v, status = :s, status_detail = :d,'
      || ' updated_at = systimestamp where store_key = :k'
      using l_config, p_store.schema_version, p_store.status, p_store.status_detail, p_store.store_key;
    if sql%rowcount = 0 then
      execute immediate
        'insert into ' || agentmem_util.sql_object(p_store.owner, co_registry)
        || ' (store_key, table_prefix, config, schema_version, status, status_detail)'
        || ' values (:k, :p, json(:c), :v, :s, :d)'
        using p_store.store_key, p_store.table_prefix, l_config, p_store.schema_version,
              p_store.status, p_store.status_detail;
    end if;
  end write_row;

  procedure set_status(p_store in out nocopy agentmem_store_catalog.t_store, p_status in varchar2, p_detail in varchar2)
  is
  begin
    p_store.status := p_status;
    -- SUBSTRB: STATUS_DETAIL holds at most 4000 bytes (a VARCHAR2 column in
    -- SQL, MAX_STRING_SIZE STANDARD), and so does the record field.
    p_store.status_detail := substrb(p_detail, 1, 4000);
    execute immediate
      'update ' || agentmem_util.sql_object(p_store.owner, co_registry)
      || ' set status = :s, status_detail = :d, updated_at = systimestamp where store_key = :k'
      using p_store.status, p_store.status_detail, p_store.store_key;
  end set_status;

  -- The message of an error without the "ORA-201NN: " prefix SQLERRM gives
  -- a package error (its class name follows); other errors keep their code.
  function error_text(p_sqlerrm in varchar2) return varchar2
  is
  begin
    return regexp_replace(p_sqlerrm, '^ORA-201[0123456789]{2}: ', null, 1, 1, 'c');
  end error_text;

  -- Called from the exception handlers of the lifecycle procedures, after
  -- their ROLLBACK: records the failed step, the error and the repair on the
  -- row with p_status (BROKEN, or DROPPING for a drop), and commits that in
  -- the autonomous transaction of the calling lifecycle procedure.
  -- agentmem:commits
  procedure record_failure(p_store in out nocopy agentmem_store_catalog.t_store, p_status in varchar2,
                           p_error in varchar2, p_repair in varchar2)
  is
  begin
    if p_store.registered then
      set_status(p_store, p_status, 'step "' || g_step || '" failed: ' || error_text(p_error) || ' Repair: ' || p_repair);
      commit;
    end if;
  end record_failure;

  -- The repair hints recorded by record_failure and given in STORE_BROKEN.
  function repair_hint(p_store in agentmem_store_catalog.t_store) return varchar2
  is
  begin
    return 'fix the cause, then open the store with schema_policy CREATE_IF_NECESSARY as ' || p_store.owner
           || ' (or RECREATE to start over, or drop_store).';
  end repair_hint;

  function drop_hint(p_store in agentmem_store_catalog.t_store) return varchar2
  is
  begin
    return 'fix the cause, then run dbms_agent_memory_store.drop_store again as ' || p_store.owner
           || ': it skips what is already gone.';
  end drop_hint;

  -- The STORE_BROKEN message for a failed DDL step (not for package errors,
  -- which are re-raised as they are).
  function broken_message(p_store in agentmem_store_catalog.t_store, p_error in varchar2, p_repair in varchar2)
    return varchar2
  is
  begin
    return 'STORE_BROKEN: ' || agentmem_store_catalog.display_name(p_store) || ': step "' || g_step
           || '" failed: ' || p_error
           || case when p_store.registered then ' The store is marked ' || p_store.status || '.'
                   else ' Nothing was registered.' end
           || ' Repair: ' || p_repair;
  end broken_message;

  -- True for the codes of the package's error table (-20199 .. -20100).
  function package_error(p_code in pls_integer) return boolean
  is
  begin
    return p_code between -20199 and -20100;
  end package_error;

  ------------------------------------------------------------------------------
  -- DDL of tables, indexes, search objects, job
  ------------------------------------------------------------------------------

  procedure create_table(p_owner in varchar2, p_prefix in varchar2, p_base in varchar2)
  is
  begin
    g_step := 'create table ' || p_prefix || p_base;
    case p_base
      when 'THREAD' then
        execute immediate 'create table ' || agentmem_util.sql_object(p_owner, p_prefix || 'THREAD') || ' ('
          || 'record_id varchar2(128 char) not null, order_seq number generated always as identity, '
          || co_scope_columns
          || 'content clob, runtime_config json, runtime_state json, '
          || co_record_columns
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'THREAD_PK') || ' primary key (record_id), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'THREAD_STATUS_CK') || co_status_check
          || ')';
      when 'MESSAGE' then
        execute immediate 'create table ' || agentmem_util.sql_object(p_owner, p_prefix || 'MESSAGE') || ' ('
          || 'record_id varchar2(128 char) not null, seq_no number generated always as identity, '
          || 'thread_id varchar2(128 char), '
          || co_scope_columns
          || 'message_role varchar2(64 char), content clob not null, content_parts json, '
          || co_record_columns
          || co_expires_column
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'MESSAGE_PK') || ' primary key (record_id), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'MESSAGE_THREAD_FK')
          || ' foreign key (thread_id) references ' || agentmem_util.sql_object(p_owner, p_prefix || 'THREAD')
          || ' (record_id) on delete cascade, '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'MESSAGE_ROLE_CK')
          || ' check (message_role is null or trim(message_role) is not null), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'MESSAGE_STATUS_CK') || co_status_check
          || ')';
      when 'MEMORY' then
        execute immediate 'create table ' || agentmem_util.sql_object(p_owner, p_prefix || 'MEMORY') || ' ('
          || 'record_id varchar2(128 char) not null, order_seq number generated always as identity, '
          || 'memory_type varchar2(16 char) not null, thread_id varchar2(128 char), '
          || co_scope_columns
          || 'content clob, '
          || co_record_columns
          || co_expires_column
          || co_lifecycle_column
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'MEMORY_PK') || ' primary key (record_id), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'MEMORY_THREAD_FK')
          || ' foreign key (thread_id) references ' || agentmem_util.sql_object(p_owner, p_prefix || 'THREAD')
          || ' (record_id) on delete cascade, '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'MEMORY_TYPE_CK')
          || ' check (memory_type in ' || co_memory_types || '), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'MEMORY_STATUS_CK') || co_status_check || ', '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'MEMORY_LIFECYCLE_CK') || co_lifecycle_check
          || ')';
      when 'ACTOR_PROFILE' then
        execute immediate 'create table ' || agentmem_util.sql_object(p_owner, p_prefix || 'ACTOR_PROFILE') || ' ('
          || 'record_id varchar2(128 char) not null, order_seq number generated always as identity, '
          || 'actor_type varchar2(8 char) not null, '
          || 'content clob not null, '
          || co_record_columns
          -- The record id is the actor id (seed), so a user and an agent
          -- may share an id: the key includes the actor type.
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'ACTOR_PROFILE_PK')
          || ' primary key (actor_type, record_id), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'ACTOR_PROFILE_TYPE_CK')
          || ' check (actor_type in (''user'', ''agent'')), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'ACTOR_PROFILE_STATUS_CK') || co_status_check
          || ')';
      when 'THREAD_SUMMARY' then
        execute immediate 'create table ' || agentmem_util.sql_object(p_owner, p_prefix || 'THREAD_SUMMARY') || ' ('
          || 'record_id varchar2(128 char) not null, order_seq number generated always as identity, '
          || 'thread_id varchar2(128 char) not null, '
          || co_scope_columns
          || 'content json, '
          || co_record_columns
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'THREAD_SUMMARY_PK') || ' primary key (record_id), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'THREAD_SUMMARY_THREAD_FK')
          || ' foreign key (thread_id) references ' || agentmem_util.sql_object(p_owner, p_prefix || 'THREAD')
          || ' (record_id) on delete cascade, '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'THREAD_SUMMARY_STATUS_CK') || co_status_check
          || ')';
      when 'DOCUMENT' then
        execute immediate 'create table ' || agentmem_util.sql_object(p_owner, p_prefix || 'DOCUMENT') || ' ('
          || 'record_id varchar2(128 char) not null, order_seq number generated always as identity, '
          || 'message_id varchar2(128 char), part_index number(6), thread_id varchar2(128 char), '
          || co_scope_columns
          || 'mime_type varchar2(16 char) not null, content_bytes blob not null, description clob, '
          || co_record_columns
          || co_expires_column
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'DOCUMENT_PK') || ' primary key (record_id), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'DOCUMENT_MESSAGE_FK')
          || ' foreign key (message_id) references ' || agentmem_util.sql_object(p_owner, p_prefix || 'MESSAGE')
          || ' (record_id) on delete cascade, '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'DOCUMENT_THREAD_FK')
          || ' foreign key (thread_id) references ' || agentmem_util.sql_object(p_owner, p_prefix || 'THREAD')
          || ' (record_id) on delete cascade, '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'DOCUMENT_MIME_CK')
          || ' check (mime_type in (''image/png'', ''image/jpeg'', ''image/webp'')), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'DOCUMENT_STATUS_CK') || co_status_check
          || ')';
      when 'RECORD_CHUNKS' then
        execute immediate 'create table ' || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS') || ' ('
          || 'chunk_id number generated always as identity, '
          || 'source_id varchar2(128 char) not null, source_type varchar2(16 char) not null, '
          || 'chunk_seq number(6) not null, chunk_text clob, thread_id varchar2(128 char), '
          || co_scope_columns
          || 'status varchar2(8 char) default ''VALID'' not null, '
          || 'created_at timestamp(6) with time zone default systimestamp not null, '
          || 'expires_at timestamp(6) with time zone, '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'RECORD_CHUNKS_PK') || ' primary key (chunk_id), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'RECORD_CHUNKS_SOURCE_UK')
          || ' unique (source_id, source_type, chunk_seq), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'RECORD_CHUNKS_TYPE_CK')
          || ' check (source_type in (''thread'', ''message'', ''memory'', ''fact'', ''guideline'','
          || ' ''preference'', ''user_profile'', ''agent_profile'', ''thread_summary'', ''image'')), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'RECORD_CHUNKS_SEQ_CK') || ' check (chunk_seq >= 1), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'RECORD_CHUNKS_STATUS_CK') || co_status_check
          || ')';
      when 'RELATION' then
        execute immediate 'create table ' || agentmem_util.sql_object(p_owner, p_prefix || 'RELATION') || ' ('
          || 'relation_id varchar2(128 char) not null, order_seq number generated always as identity, '
          || 'source_id varchar2(128 char) not null, source_type varchar2(16 char) not null, '
          || 'target_id varchar2(128 char) not null, target_type varchar2(16 char) not null, '
          || 'relation_type varchar2(64 char) not null, opposite_relation_type varchar2(64 char) not null, '
          || 'metadata json, event_timestamp timestamp(6) with time zone, '
          || 'created_at timestamp(6) with time zone default systimestamp not null, '
          || 'updated_at timestamp(6) with time zone default systimestamp not null, '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'RELATION_PK') || ' primary key (relation_id), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'RELATION_ADDRESS_UK')
          || ' unique (source_id, source_type, target_id, target_type, relation_type), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'RELATION_SOURCE_TYPE_CK')
          || ' check (source_type in ' || co_memory_types || '), '
          || 'constraint ' || agentmem_util.sql_name(p_prefix || 'RELATION_TARGET_TYPE_CK')
          || ' check (target_type in ' || co_memory_types || ')'
          || ')';
    end case;
  end create_table;

  procedure comment_table(p_owner in varchar2, p_prefix in varchar2, p_base in varchar2)
  is
    l_docs agentmem_store_catalog.t_column_docs := agentmem_store_catalog.column_docs;
  begin
    g_step := 'comment on table ' || p_prefix || p_base;
    execute immediate 'comment on table ' || agentmem_util.sql_object(p_owner, p_prefix || p_base)
      || ' is ' || agentmem_util.sql_literal(agentmem_store_catalog.table_doc(p_base));
    for i in 1 .. l_docs.count loop
      if l_docs(i).table_base = p_base then
        execute immediate 'comment on column ' || agentmem_util.sql_object(p_owner, p_prefix || p_base)
          || '.' || agentmem_util.sql_name(l_docs(i).column_name)
          || ' is ' || agentmem_util.sql_literal(l_docs(i).text);
      end if;
    end loop;
  end comment_table;

  procedure add_embedding_column(p_owner in varchar2, p_prefix in varchar2, p_dim in number)
  is
  begin
    g_step := 'add column ' || p_prefix || 'RECORD_CHUNKS.EMBEDDING';
    execute immediate 'alter table ' || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS')
      || ' add (embedding vector(' || agentmem_util.sql_int(p_dim, p_what => 'vector_dim') || ', float32))';
    execute immediate 'comment on column ' || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS')
      || '.embedding is ' || agentmem_util.sql_literal(
           'local vector of the chunk (cosine distance); NULL when the record has no local vector');
  end add_embedding_column;

  procedure drop_index(p_owner in varchar2, p_name in varchar2, p_domain in boolean,
                       p_actions in out nocopy agentmem_util.t_text_list)
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from all_indexes where owner = p_owner and index_name = p_name;
    if l_count = 0 then
      return;
    end if;
    g_step := 'drop index ' || p_name;
    if p_domain then
      -- FORCE drops a domain (Text/hybrid) index even when it is marked
      -- failed or in progress, which is the state a failed build leaves.
      execute immediate 'drop index ' || agentmem_util.sql_object(p_owner, p_name) || ' force';
    else
      execute immediate 'drop index ' || agentmem_util.sql_object(p_owner, p_name);
    end if;
    agentmem_util.append(p_actions, 'dropped index ' || p_name);
  end drop_index;

  -- DBMS_VECTOR_CHAIN is called through dynamic PL/SQL: a static call would
  -- make this body's compilation depend on a direct EXECUTE grant to the
  -- owner (stored PL/SQL compiles without roles), so a schema that never
  -- uses HYBRID could not install the package. At run time the caller's
  -- privileges and enabled roles apply (AUTHID CURRENT_USER).
  procedure drop_preference(p_owner in varchar2, p_prefix in varchar2,
                            p_actions in out nocopy agentmem_util.t_text_list)
  is
    l_name varchar2(128 char) := agentmem_store_catalog.preference_name(p_prefix);
  begin
    if not agentmem_store_catalog.preference_exists(p_owner, l_name) then
      return;
    end if;
    g_step := 'drop vectorizer preference ' || l_name;
    execute immediate 'begin dbms_vector_chain.drop_preference(pref_name => :n); end;'
      using agentmem_util.sql_bare_name(l_name);
    agentmem_util.append(p_actions, 'dropped vectorizer preference ' || l_name);
  end drop_preference;

  procedure create_preference(p_prefix in varchar2, p_config in agentmem_store_catalog.t_config,
                              p_actions in out nocopy agentmem_util.t_text_list)
  is
    l_name   varchar2(128 char) := agentmem_store_catalog.preference_name(p_prefix);
    l_params json_object_t := json_object_t();
  begin
    g_step := 'create vectorizer preference ' || l_name;
    -- The vectorizer carries the store's in-database model and chunking;
    -- IVF because it accepts DML on every 23ai release (see docs/schema.md).
    l_params.put('model', p_config.embedding_model);
    l_params.put('vector_idxtype', 'ivf');
    l_params.put('distance', 'COSINE');
    l_params.put('by', p_config.chunk_by);
    l_params.put('max', p_config.chunk_max);
    l_params.put('overlap', p_config.chunk_overlap);
    l_params.put('split', p_config.chunk_split);
    l_params.put('normalize', p_config.chunk_normalize);
    execute immediate
      'begin dbms_vector_chain.create_preference(pref_name => :n, pref_type => dbms_vector_chain.vectorizer,'
      || ' params => json(:p)); end;'
      using agentmem_util.sql_bare_name(l_name), l_params.to_clob;
    agentmem_util.append(p_actions, 'created vectorizer preference ' || l_name);
  end create_preference;

  procedure create_search_index(p_owner in varchar2, p_prefix in varchar2, p_config in agentmem_store_catalog.t_config,
                                p_actions in out nocopy agentmem_util.t_text_list)
  is
  begin
    case p_config.search_strategy
      when agentmem_store_catalog.co_vector then
        g_step := 'create vector index ' || p_prefix || 'RECORD_CHUNKS_EMB_VIX';
        -- IVF (neighbor partitions): DML works on 23.4 and no vector pool is
        -- needed; HNSW would fail DML on 23.4 (ORA-51928) and needs
        -- VECTOR_MEMORY_SIZE. See docs/schema.md. The SQL Language Reference
        -- gives CREATE VECTOR INDEX with unqualified index and table names
        -- only; they resolve in CURRENT_SCHEMA, which AGENTMEM_STORE checks is
        -- the owner before any store DDL.
        execute immediate 'create vector index '
          || agentmem_util.sql_name(p_prefix || 'RECORD_CHUNKS_EMB_VIX', 'index name')
          || ' on ' || agentmem_util.sql_name(p_prefix || 'RECORD_CHUNKS', 'table name') || ' (embedding)'
          || ' organization neighbor partitions distance cosine with target accuracy 95';
        agentmem_util.append(p_actions, 'created vector index ' || p_prefix || 'RECORD_CHUNKS_EMB_VIX');
      when agentmem_store_catalog.co_keyword then
        g_step := 'create text index ' || p_prefix || 'RECORD_CHUNKS_TXT_IX';
        -- 23ai Text indexes default to automatic background maintenance;
        -- MAINTENANCE MANUAL is needed for SYNC (ON COMMIT) or SYNC (MANUAL).
        if p_config.search_index_sync = agentmem_store_catalog.co_on_commit then
          execute immediate 'create index ' || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS_TXT_IX')
            || ' on ' || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS') || ' (chunk_text)'
            || ' indextype is ctxsys.context parameters (''MAINTENANCE MANUAL SYNC (ON COMMIT)'')';
        else
          execute immediate 'create index ' || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS_TXT_IX')
            || ' on ' || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS') || ' (chunk_text)'
            || ' indextype is ctxsys.context parameters (''MAINTENANCE MANUAL SYNC (MANUAL)'')';
        end if;
        agentmem_util.append(p_actions, 'created text index ' || p_prefix || 'RECORD_CHUNKS_TXT_IX');
      when agentmem_store_catalog.co_hybrid then
        g_step := 'create hybrid vector index ' || p_prefix || 'RECORD_CHUNKS_HYB_IX';
        if p_config.search_index_sync = agentmem_store_catalog.co_on_commit then
          execute immediate 'create hybrid vector index '
            || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS_HYB_IX')
            || ' on ' || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS') || ' (chunk_text)'
            || ' parameters (''VECTORIZER ' || agentmem_util.sql_bare_name(agentmem_store_catalog.preference_name(p_prefix))
            || ' MAINTENANCE MANUAL SYNC (ON COMMIT)'')';
        elsif p_config.search_index_sync = agentmem_store_catalog.co_manual then
          execute immediate 'create hybrid vector index '
            || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS_HYB_IX')
            || ' on ' || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS') || ' (chunk_text)'
            || ' parameters (''VECTORIZER ' || agentmem_util.sql_bare_name(agentmem_store_catalog.preference_name(p_prefix))
            || ' MAINTENANCE MANUAL SYNC (MANUAL)'')';
        else
          execute immediate 'create hybrid vector index '
            || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS_HYB_IX')
            || ' on ' || agentmem_util.sql_object(p_owner, p_prefix || 'RECORD_CHUNKS') || ' (chunk_text)'
            || ' parameters (''VECTORIZER ' || agentmem_util.sql_bare_name(agentmem_store_catalog.preference_name(p_prefix))
            || ' MAINTENANCE AUTO'')';
        end if;
        agentmem_util.append(p_actions, 'created hybrid vector index ' || p_prefix || 'RECORD_CHUNKS_HYB_IX');
    end case;
  end create_search_index;

  -- The store's jobs (purge, text index maintenance) from the shared
  -- scheduler programs: AGENTMEM_JOBS (sql/scheduler/).
  procedure ensure_job(p_store in agentmem_store_catalog.t_store, p_actions in out nocopy agentmem_util.t_text_list,
                       p_warnings in out nocopy agentmem_util.t_text_list)
  is
  begin
    g_step := 'create the store jobs';
    agentmem_jobs.ensure_store_jobs(p_store, p_actions, p_warnings);
  end ensure_job;

  -- Creates every expected object that is absent and rebuilds the unusable
  -- ones. Missing columns or constraints of an existing table cannot be
  -- repaired in place: they are reported with SCHEMA_MISSING.
  procedure ensure_objects(p_store in agentmem_store_catalog.t_store, p_config in agentmem_store_catalog.t_config,
                           p_actions in out nocopy agentmem_util.t_text_list)
  is
    l_owner    varchar2(128 char) := p_store.owner;
    l_prefix   varchar2(17 char) := p_store.table_prefix;
    l_expected agentmem_store_catalog.t_object_list := agentmem_store_catalog.expected_objects(l_prefix, p_config);
    l_damage   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_status   varchar2(30 char);
  begin
    for i in 1 .. l_expected.count loop
      if l_expected(i).object_type = 'TABLE' then
        if agentmem_store_catalog.object_status(l_owner, l_expected(i)) is null then
          create_table(l_owner, l_prefix, substr(l_expected(i).name, nvl(length(l_prefix), 0) + 1));
          comment_table(l_owner, l_prefix, substr(l_expected(i).name, nvl(length(l_prefix), 0) + 1));
          agentmem_util.append(p_actions, 'created table ' || l_expected(i).name);
        end if;
      end if;
    end loop;

    for i in 1 .. l_expected.count loop
      l_status := agentmem_store_catalog.object_status(l_owner, l_expected(i));
      case
        when l_expected(i).object_type = 'COLUMN' and l_expected(i).name = 'EMBEDDING' and l_status is null then
          add_embedding_column(l_owner, l_prefix, p_config.vector_dim);
          agentmem_util.append(p_actions, 'added column ' || l_prefix || 'RECORD_CHUNKS.EMBEDDING');
        when l_expected(i).object_type in ('COLUMN', 'CONSTRAINT') and nvl(l_status, 'NONE') <> 'VALID' then
          agentmem_util.append(l_damage, agentmem_store_catalog.object_label(l_expected(i)) || ' (' || lower(l_expected(i).object_type)
                             || case when l_status is not null then ', ' || l_status end || ')');
        when l_expected(i).object_type = 'INDEX' and l_status is null then
          g_step := 'create index ' || l_expected(i).name;
          execute immediate 'create index ' || agentmem_util.sql_object(l_owner, l_expected(i).name)
            || ' on ' || agentmem_util.sql_object(l_owner, l_expected(i).table_name)
            || ' (' || agentmem_util.sql_column_list(l_expected(i).column_list) || ')';
          agentmem_util.append(p_actions, 'created index ' || l_expected(i).name);
        when l_expected(i).object_type = 'INDEX' and l_status <> 'VALID' then
          g_step := 'rebuild index ' || l_expected(i).name;
          execute immediate 'alter index ' || agentmem_util.sql_object(l_owner, l_expected(i).name) || ' rebuild';
          agentmem_util.append(p_actions, 'rebuilt index ' || l_expected(i).name);
        else
          null;  -- present and usable, or a search object handled below
      end case;
    end loop;

    if l_damage.count > 0 then
      agentmem_util.raise_error(dbms_agent_memory_store.co_schema_missing,
        'SCHEMA_MISSING: ' || agentmem_store_catalog.display_name(p_store) || ' cannot be repaired in place; damaged: '
        || substr(agentmem_util.join_list(l_damage), 1, 1500)
        || '. Restore these objects, or drop_store / open with RECREATE (destroys the data)');
    end if;

    -- Search objects: unusable ones are dropped and built again.
    for i in 1 .. l_expected.count loop
      if l_expected(i).object_type in ('VECTOR INDEX', 'TEXT INDEX', 'HYBRID INDEX') then
        l_status := agentmem_store_catalog.object_status(l_owner, l_expected(i));
        if l_status is not null and l_status <> 'VALID' then
          drop_index(l_owner, l_expected(i).name, l_expected(i).object_type <> 'VECTOR INDEX', p_actions);
          l_status := null;
        end if;
        if l_status is null then
          if l_expected(i).object_type = 'HYBRID INDEX' then
            -- A fresh preference: one left by an earlier attempt may carry
            -- another model or chunking than p_config.
            drop_preference(l_owner, l_prefix, p_actions);
            create_preference(l_prefix, p_config, p_actions);
          end if;
          create_search_index(l_owner, l_prefix, p_config, p_actions);
        end if;
      elsif l_expected(i).object_type = 'PREFERENCE'
            and not agentmem_store_catalog.preference_exists(l_owner, l_expected(i).name) then
        create_preference(l_prefix, p_config, p_actions);
      end if;
    end loop;
  end ensure_objects;

  ------------------------------------------------------------------------------
  -- Upgrade steps. Each step is idempotent: ensure_objects always builds the
  -- newest shape, so a later step finds its work done on stores it created.
  ------------------------------------------------------------------------------

  -- MEMORY.LIFECYCLE_INVALID (version 2) with its check, added to an
  -- existing MEMORY table that lacks it; ensure_objects reports a missing
  -- column as damage, so every step that runs ensure_objects calls this
  -- first. The check is an inline constraint of the column definition
  -- (ALTER TABLE add_column_clause: column_definition, inline_constraint).
  procedure add_lifecycle_column(p_store in agentmem_store_catalog.t_store,
                                 p_actions in out nocopy agentmem_util.t_text_list)
  is
    l_table  agentmem_store_catalog.t_object;
    l_column agentmem_store_catalog.t_object;
  begin
    l_table.name := p_store.table_prefix || 'MEMORY';
    l_table.object_type := 'TABLE';
    l_column.name := 'LIFECYCLE_INVALID';
    l_column.object_type := 'COLUMN';
    l_column.table_name := p_store.table_prefix || 'MEMORY';
    if agentmem_store_catalog.object_status(p_store.owner, l_table) is not null
       and agentmem_store_catalog.object_status(p_store.owner, l_column) is null then
      g_step := 'add column ' || p_store.table_prefix || 'MEMORY.LIFECYCLE_INVALID';
      execute immediate 'alter table ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY')
        || ' add (lifecycle_invalid number(1) constraint '
        || agentmem_util.sql_name(p_store.table_prefix || 'MEMORY_LIFECYCLE_CK') || co_lifecycle_check || ')';
      comment_table(p_store.owner, p_store.table_prefix, 'MEMORY');
      agentmem_util.append(p_actions, 'added column ' || p_store.table_prefix || 'MEMORY.LIFECYCLE_INVALID');
    end if;
  end add_lifecycle_column;

  -- Version 1 is the first managed schema. A store registered at version 0
  -- (registered before its objects were complete, e.g. by an interrupted
  -- install) gets every version-1 object that is missing (and the newest
  -- shape of MEMORY, as creation does).
  procedure upgrade_step_1(p_store in agentmem_store_catalog.t_store, p_actions in out nocopy agentmem_util.t_text_list)
  is
  begin
    add_lifecycle_column(p_store, p_actions);
    ensure_objects(p_store, p_store.config, p_actions);
  end upgrade_step_1;

  -- Version 2 (issue 11): MEMORY.LIFECYCLE_INVALID, the marker of a status
  -- derived from lifecycle relations. Before it a store had no relation
  -- writer, so no status is derived yet: every existing STATUS stays the
  -- caller's (marker NULL).
  procedure upgrade_step_2(p_store in agentmem_store_catalog.t_store, p_actions in out nocopy agentmem_util.t_text_list)
  is
  begin
    add_lifecycle_column(p_store, p_actions);
    ensure_objects(p_store, p_store.config, p_actions);
  end upgrade_step_2;

  -- Commits each step's registry update, inside the autonomous transaction
  -- of the calling lifecycle procedure.
  -- agentmem:commits
  procedure run_upgrade_steps(p_store in out nocopy agentmem_store_catalog.t_store, p_actions in out nocopy agentmem_util.t_text_list)
  is
  begin
    for l_version in p_store.schema_version + 1 .. agentmem_store_catalog.co_schema_version loop
      g_step := 'upgrade to schema version ' || l_version;
      case l_version
        when 1 then upgrade_step_1(p_store, p_actions);
        when 2 then upgrade_step_2(p_store, p_actions);
      end case;
      p_store.schema_version := l_version;
      execute immediate
        'update ' || agentmem_util.sql_object(p_store.owner, co_registry)
        || ' set schema_version = :v, updated_at = systimestamp where store_key = :k'
        using l_version, p_store.store_key;
      commit;
      agentmem_util.append(p_actions, 'upgraded schema to version ' || l_version);
    end loop;
  end run_upgrade_steps;

  ------------------------------------------------------------------------------
  -- Lifecycle
  ------------------------------------------------------------------------------

  -- Every lifecycle procedure below is autonomous and ends each path with
  -- COMMIT, or with ROLLBACK in its handler (ORA-06519 otherwise). The
  -- handler records the failure on the registry row (record_failure commits
  -- that), re-raises package errors as they are and any other error (a
  -- failed DDL) as STORE_BROKEN.

  -- agentmem:commits (autonomous transaction, see the spec)
  procedure create_store(p_store in out nocopy agentmem_store_catalog.t_store, p_config in agentmem_store_catalog.t_config,
                         p_actions in out nocopy agentmem_util.t_text_list,
                         p_warnings in out nocopy agentmem_util.t_text_list)
  is
    pragma autonomous_transaction;
    l_code  pls_integer;
    l_error varchar2(4000 char);
  begin
    g_step := 'register store';
    p_store.config := p_config;
    p_store.schema_version := agentmem_store_catalog.co_schema_version;
    p_store.status := 'CREATING';
    p_store.status_detail := null;
    write_row(p_store);
    p_store.registered := true;
    commit;
    agentmem_util.append(p_actions, 'registered ' || agentmem_store_catalog.display_name(p_store));
    ensure_objects(p_store, p_config, p_actions);
    ensure_job(p_store, p_actions, p_warnings);
    g_step := 'mark store READY';
    set_status(p_store, 'READY', null);
    commit;
  exception
    when others then
      l_code := sqlcode;
      l_error := sqlerrm;
      rollback;
      record_failure(p_store, 'BROKEN', l_error, repair_hint(p_store));
      if package_error(l_code) then
        raise;
      end if;
      agentmem_util.raise_error(dbms_agent_memory_store.co_store_broken,
        broken_message(p_store, l_error, repair_hint(p_store)));
  end create_store;

  -- agentmem:commits (autonomous transaction, see the spec)
  procedure repair_store(p_store in out nocopy agentmem_store_catalog.t_store, p_config in agentmem_store_catalog.t_config,
                         p_actions in out nocopy agentmem_util.t_text_list,
                         p_warnings in out nocopy agentmem_util.t_text_list)
  is
    pragma autonomous_transaction;
    l_old   agentmem_store_catalog.t_config := p_store.config;
    l_code  pls_integer;
    l_error varchar2(4000 char);
  begin
    g_step := 'mark store CREATING';
    set_status(p_store, 'CREATING', null);
    commit;
    run_upgrade_steps(p_store, p_actions);

    -- Search objects whose settings changed are replaced, not patched.
    if p_config.search_strategy = agentmem_store_catalog.co_hybrid and l_old.search_strategy <> agentmem_store_catalog.co_hybrid then
      drop_index(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS_TXT_IX', true, p_actions);
      drop_index(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS_EMB_VIX', false, p_actions);
    elsif p_config.search_strategy = l_old.search_strategy
          and p_config.search_strategy in (agentmem_store_catalog.co_keyword, agentmem_store_catalog.co_hybrid)
          and p_config.search_index_sync <> l_old.search_index_sync then
      drop_index(p_store.owner, p_store.table_prefix
                 || case p_config.search_strategy when agentmem_store_catalog.co_keyword then 'RECORD_CHUNKS_TXT_IX'
                                                  else 'RECORD_CHUNKS_HYB_IX' end,
                 true, p_actions);
    end if;
    if p_config.search_strategy = agentmem_store_catalog.co_hybrid and l_old.search_strategy = agentmem_store_catalog.co_hybrid
       and (nvl(p_config.embedding_model, '-') <> nvl(l_old.embedding_model, '-')
            or p_config.chunk_max <> l_old.chunk_max or p_config.chunk_overlap <> l_old.chunk_overlap
            or p_config.chunk_by <> l_old.chunk_by or p_config.chunk_split <> l_old.chunk_split
            or p_config.chunk_normalize <> l_old.chunk_normalize) then
      -- ensure_objects builds the index again with a fresh preference.
      drop_index(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS_HYB_IX', true, p_actions);
    end if;

    ensure_objects(p_store, p_config, p_actions);
    ensure_job(p_store, p_actions, p_warnings);
    g_step := 'store configuration';
    p_store.config := p_config;
    p_store.status := 'READY';
    p_store.status_detail := null;
    write_row(p_store);
    commit;
  exception
    when others then
      l_code := sqlcode;
      l_error := sqlerrm;
      rollback;
      record_failure(p_store, 'BROKEN', l_error, repair_hint(p_store));
      if package_error(l_code) then
        raise;
      end if;
      agentmem_util.raise_error(dbms_agent_memory_store.co_store_broken,
        broken_message(p_store, l_error, repair_hint(p_store)));
  end repair_store;

  -- agentmem:commits (autonomous transaction, see the spec)
  procedure upgrade_store(p_store in out nocopy agentmem_store_catalog.t_store,
                          p_actions in out nocopy agentmem_util.t_text_list,
                          p_warnings in out nocopy agentmem_util.t_text_list)
  is
    pragma autonomous_transaction;
    l_missing agentmem_util.t_text_list;
    l_code  pls_integer;
    l_error varchar2(4000 char);
  begin
    run_upgrade_steps(p_store, p_actions);
    l_missing := agentmem_store_catalog.missing_objects(p_store, p_store.config);
    if p_store.status <> 'READY' and l_missing.count = 0 then
      g_step := 'mark store READY';
      set_status(p_store, 'READY', null);
      agentmem_util.append(p_actions, 'marked store READY');
    elsif p_store.status <> 'READY' then
      agentmem_util.append(p_warnings, 'the store is ' || p_store.status || ' and still incomplete: open it with'
        || ' CREATE_IF_NECESSARY to create the missing objects');
    end if;
    commit;
  exception
    when others then
      l_code := sqlcode;
      l_error := sqlerrm;
      rollback;
      record_failure(p_store, 'BROKEN', l_error, repair_hint(p_store));
      if package_error(l_code) then
        raise;
      end if;
      agentmem_util.raise_error(dbms_agent_memory_store.co_store_broken,
        broken_message(p_store, l_error, repair_hint(p_store)));
  end upgrade_store;

  -- agentmem:commits (autonomous transaction, see the spec)
  procedure drop_store(p_store in out nocopy agentmem_store_catalog.t_store, p_actions in out nocopy agentmem_util.t_text_list)
  is
    pragma autonomous_transaction;
    l_bases agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
    l_count pls_integer;
    l_code  pls_integer;
    l_error varchar2(4000 char);
  begin
    if p_store.registered then
      g_step := 'mark store DROPPING';
      set_status(p_store, 'DROPPING', null);
      commit;
    end if;
    g_step := 'drop the store jobs';
    agentmem_jobs.drop_store_jobs(p_store, p_actions);
    drop_index(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS_HYB_IX', true, p_actions);
    drop_index(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS_TXT_IX', true, p_actions);
    drop_index(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS_EMB_VIX', false, p_actions);
    -- Children before parents; CASCADE CONSTRAINTS covers any foreign key
    -- left from an older shape. PURGE keeps the names free for a re-create.
    for i in reverse 1 .. l_bases.count loop
      select count(*) into l_count from all_tables
       where owner = p_store.owner and table_name = p_store.table_prefix || l_bases(i);
      if l_count > 0 then
        g_step := 'drop table ' || p_store.table_prefix || l_bases(i);
        execute immediate 'drop table ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || l_bases(i))
          || ' cascade constraints purge';
        agentmem_util.append(p_actions, 'dropped table ' || p_store.table_prefix || l_bases(i));
      end if;
    end loop;
    drop_preference(p_store.owner, p_store.table_prefix, p_actions);
    g_step := 'delete registry row';
    execute immediate 'delete from ' || agentmem_util.sql_object(p_store.owner, co_registry)
      || ' where store_key = :k' using p_store.store_key;
    if sql%rowcount > 0 then
      agentmem_util.append(p_actions, 'unregistered ' || agentmem_store_catalog.display_name(p_store));
    end if;
    p_store.registered := false;
    commit;
  exception
    when others then
      l_code := sqlcode;
      l_error := sqlerrm;
      rollback;
      -- The row stays DROPPING (docs/stores.md): the repair is to drop again.
      record_failure(p_store, 'DROPPING', l_error, drop_hint(p_store));
      if package_error(l_code) then
        raise;
      end if;
      agentmem_util.raise_error(dbms_agent_memory_store.co_store_broken,
        broken_message(p_store, l_error, drop_hint(p_store)));
  end drop_store;

end agentmem_store_ddl;
/