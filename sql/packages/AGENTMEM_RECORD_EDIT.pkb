create or replace package body agentmem_record_edit
as

  subtype t_store is agentmem_store_catalog.t_store;

  co_update_keys constant varchar2(200 char) :=
    'record_type,record_id,content,text,index_text,embedding,metadata,timestamp,ttl_days,ttl_anchor,status';
  co_fields constant varchar2(200 char) :=
    'content, text, index_text, embedding, metadata, timestamp, ttl_days, ttl_anchor, status';
  co_max_ttl constant pls_integer := 365000;
  co_w4 constant varchar2(100 char) := 'text is deprecated since 26.8.0 and will be removed in 27.1: use content';

  -- The stored row an update works on (locked).
  type t_stored is record (
    found      boolean := false,
    thread_id  varchar2(128 char),
    user_id    varchar2(128 char),
    agent_id   varchar2(128 char),
    status     varchar2(8 char),
    event_ts   timestamp with time zone,
    created_at timestamp with time zone,
    expires_at timestamp with time zone,
    message_id varchar2(128 char),
    part_index number,
    mime       varchar2(16 char)
  );

  -- An update request after its request-only rules (U1-U18).
  type t_change is record (
    content_given boolean := false,
    content_key   varchar2(10 char) := 'content',
    content       agentmem_record_data.t_content,
    idx           agentmem_chunks.t_index,
    vecs          agentmem_chunks.t_vectors,
    meta_given    boolean := false,
    metadata      clob,
    meta_mime     varchar2(16 char),
    ts_given      boolean := false,
    event_ts      timestamp with time zone,
    days_given    boolean := false,
    days          number,
    anchor_given  boolean := false,
    -- anchor and status hold upper_text (up to 20 characters) before it is
    -- checked: a longer request value must reach the INVALID_ARGUMENT
    -- message, not fail the assignment (ORA-06502).
    anchor        varchar2(20 char) := 'CREATED_AT',
    status        varchar2(20 char)
  );

  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  function upper_text(p_element in json_element_t) return varchar2
  is
  begin
    return case when p_element.is_string
                then upper(dbms_lob.substr(lob_loc => agentmem_util.string_value(p_element), amount => 20, offset => 1))
           end;
  end upper_text;

  ------------------------------------------------------------------------------
  -- update_record: the request (rules that need no stored row)
  ------------------------------------------------------------------------------

  procedure read_metadata(p_req in json_object_t, p_type in varchar2, p_change in out nocopy t_change)
  is
    l_element json_element_t;
    l_meta    json_object_t;
  begin
    if not p_req.has('metadata') then
      return;
    end if;
    p_change.meta_given := true;
    l_element := p_req.get('metadata');
    if l_element.is_null then
      return;   -- U15: null clears the metadata
    end if;
    if not l_element.is_object then
      fail('INVALID_ARGUMENT: metadata ' || agentmem_util.shown(l_element) || ' must be a JSON object or null');
    end if;
    l_meta := treat(l_element as json_object_t);
    if p_type = 'image' and l_meta.has('image_mime_type') then
      p_change.meta_mime := case when l_meta.get('image_mime_type').is_string
                                 then agentmem_record_data.image_mime(substr(l_meta.get_string('image_mime_type'), 1, 16)) end;
      if p_change.meta_mime is null then
        fail('INVALID_ARGUMENT: metadata.image_mime_type ' || agentmem_util.shown(l_meta.get('image_mime_type'))
             || ' must be one of ' || agentmem_record_data.co_mimes);
      end if;
    end if;
    p_change.metadata := agentmem_record_data.stored_metadata(l_meta, p_type);
  end read_metadata;

  procedure read_content(p_req in json_object_t, p_type in varchar2, p_change in out nocopy t_change)
  is
    l_element json_element_t;
  begin
    if not p_change.content_given then
      return;
    end if;
    l_element := p_req.get(p_change.content_key);
    if not l_element.is_null then
      if p_type = 'image' and p_change.meta_mime is null then
        fail('INVALID_ARGUMENT: ' || p_change.content_key || ' of an image record needs metadata with image_mime_type'
             || ' (image/png, image/jpeg or image/webp) in the same call');
      end if;
      p_change.content := agentmem_record_data.read_content(p_type, l_element, p_change.content_key,
                                                            p_change.meta_mime, 'update_record');
      return;
    end if;
    -- U12, U13: content null.
    if p_type = 'message' then
      fail('INVALID_ARGUMENT: ' || p_change.content_key || ' null is not allowed for record_type ''message''; pass ""'
           || ' to replace the message with empty text');
    elsif p_type in ('user_profile', 'agent_profile') then
      fail('INVALID_ARGUMENT: ' || p_change.content_key || ' null is not allowed for record_type '
           || agentmem_util.shown_text(p_type) || ' (profiles need information text)');
    elsif p_type = 'image' then
      fail('INVALID_ARGUMENT: ' || p_change.content_key || ' null is not allowed for record_type ''image'' (an image'
           || ' keeps its bytes; pass new bytes with metadata.image_mime_type, or delete the image)');
    end if;
    p_change.content.is_null := true;
    p_change.content.images := agentmem_record_data.t_image_list();
  end read_content;

  -- The retrieval keys and their request-only rules (U7, U10, U12).
  procedure read_retrieval(p_req in json_object_t, p_store in t_store, p_change in out nocopy t_change)
  is
    l_first agentmem_chunks.t_dimension;
    l_count pls_integer;
  begin
    if p_req.has('index_text') then
      if p_req.get('index_text').is_null then
        p_change.idx.kind := 'NULL';
      else
        p_change.idx := agentmem_chunks.read_index(p_req.get('index_text'), 'index_text');
      end if;
    end if;
    if p_req.has('embedding') then
      if p_req.get('embedding').is_null then
        p_change.vecs.kind := 'NULL';
      else
        p_change.vecs := agentmem_chunks.read_vectors(p_store, p_req.get('embedding'), 'embedding', 'embedding', l_first);
      end if;
    end if;
    if p_change.content.is_null and p_change.idx.kind not in ('OMITTED', 'NULL') then
      fail('INVALID_ARGUMENT: ' || p_change.content_key || ' null clears the stored text and its retrieval rows, so'
           || ' index_text must be omitted or null');
    end if;
    if p_change.content.is_null and p_change.vecs.kind not in ('OMITTED', 'NULL') then
      fail('INVALID_ARGUMENT: ' || p_change.content_key || ' null clears the stored text and its retrieval rows, so'
           || ' embedding must be omitted or null');
    end if;
    if p_change.idx.kind = 'NULL' and p_change.vecs.kind = 'LIST' then
      fail('INVALID_ARGUMENT: index_text null clears the retrieval rows, so embedding must be omitted, null or []');
    end if;
    if p_change.vecs.kind = 'LIST' and (p_change.content_given or p_change.idx.kind <> 'OMITTED') then
      l_count := p_change.vecs.vectors.count;
      if l_count >= 2 and p_change.idx.kind <> 'CHUNKS' then
        fail('INVALID_ARGUMENT: embedding has ' || l_count || ' vector(s) but index_text is not a chunk list; several'
             || ' vectors need index_text as a list of ' || l_count || ' chunks (or an embedding-only update)');
      end if;
      if p_change.idx.kind = 'CHUNKS' and p_change.idx.chunks.count <> l_count then
        fail('INVALID_ARGUMENT: embedding has ' || l_count || ' vector(s) but index_text has '
             || p_change.idx.chunks.count || ' chunk(s); give one vector per chunk');
      end if;
    end if;
  end read_retrieval;

  procedure read_lifecycle(p_req in json_object_t, p_type in varchar2, p_change in out nocopy t_change)
  is
    l_element json_element_t;
    l_expiring boolean := agentmem_record_read.expiring(p_type);
  begin
    if p_req.has('timestamp') then
      p_change.ts_given := true;
      l_element := p_req.get('timestamp');
      if not l_element.is_null then
        p_change.event_ts := case when l_element.is_string
                                  then agentmem_util.iso_to_utc(dbms_lob.substr(lob_loc => agentmem_util.string_value(l_element),
                                                                                amount => 100, offset => 1)) end;
        if p_change.event_ts is null then
          fail('INVALID_ARGUMENT: timestamp ' || agentmem_util.shown(l_element) || agentmem_record_data.co_iso_rule);
        end if;
      end if;
    end if;
    if p_req.has('ttl_days') then
      l_element := p_req.get('ttl_days');
      if not l_expiring then
        fail('INVALID_ARGUMENT: ttl_days ' || agentmem_util.shown(l_element) || ' does not apply to record_type '
             || agentmem_util.shown_text(p_type) || ' (' || p_type || ' records do not expire); omit ttl_days');
      end if;
      p_change.days_given := true;
      if not l_element.is_null then
        p_change.days := case when l_element.is_number then l_element.to_number end;
        if p_change.days is null or p_change.days <> trunc(p_change.days)
           or p_change.days not between 1 and co_max_ttl then
          fail('INVALID_ARGUMENT: ttl_days ' || agentmem_util.shown(l_element) || ' must be an integer from 1 to '
               || co_max_ttl || ', or null');
        end if;
      end if;
    end if;
    if p_req.has('ttl_anchor') then
      l_element := p_req.get('ttl_anchor');
      if not l_expiring then
        fail('INVALID_ARGUMENT: ttl_anchor ' || agentmem_util.shown(l_element) || ' does not apply to record_type '
             || agentmem_util.shown_text(p_type) || ' (' || p_type || ' records do not expire); omit ttl_anchor');
      end if;
      p_change.anchor_given := true;
      if not l_element.is_null then
        p_change.anchor := upper_text(l_element);
        if p_change.anchor is null or p_change.anchor not in ('CREATED_AT', 'TIMESTAMP') then
          fail('INVALID_ARGUMENT: ttl_anchor ' || agentmem_util.shown(l_element) || ' must be CREATED_AT or TIMESTAMP');
        end if;
      end if;
    end if;
    if p_req.has('status') then
      p_change.status := upper_text(p_req.get('status'));
      if p_change.status is null or p_change.status not in ('VALID', 'INVALID') then
        fail('INVALID_ARGUMENT: status ' || agentmem_util.shown(p_req.get('status')) || ' must be VALID or INVALID');
      end if;
    end if;
  end read_lifecycle;

  ------------------------------------------------------------------------------
  -- update_record: the stored row
  ------------------------------------------------------------------------------

  function lookup(p_store in t_store, p_type in varchar2, p_id in varchar2) return t_stored
  is
    l_base   varchar2(30 char) := agentmem_record_read.table_base(p_type);
    l_stored t_stored;
  begin
    -- Expired but unpurged records are updated too (a TTL refresh can make
    -- them visible again): no expiry filter here.
    execute immediate
      'select ' || case l_base when 'THREAD' then 't.record_id, t.user_id, t.agent_id'
                               when 'ACTOR_PROFILE' then 'null, null, null'
                               else 't.thread_id, t.user_id, t.agent_id' end
      || ', t.status, t.event_timestamp, t.created_at, '
      || case when l_base in ('MESSAGE', 'MEMORY', 'DOCUMENT') then 't.expires_at'
              else 'cast(null as timestamp with time zone)' end
      || case l_base when 'DOCUMENT' then ', t.message_id, t.part_index, t.mime_type' else ', null, null, null' end
      || ' from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || l_base) || ' t'
      || ' where t.record_id = :id and '
      || case l_base when 'MEMORY' then 't.memory_type = :ty'
                     when 'ACTOR_PROFILE' then 't.actor_type = :ty'
                     else ':ty is not null' end
      || ' for update'
      into l_stored.thread_id, l_stored.user_id, l_stored.agent_id, l_stored.status, l_stored.event_ts,
           l_stored.created_at, l_stored.expires_at, l_stored.message_id, l_stored.part_index, l_stored.mime
      using p_id, agentmem_record_read.type_key(p_type);
    l_stored.found := true;
    return l_stored;
  exception
    when no_data_found then
      l_stored.found := false;
      return l_stored;
  end lookup;

  -- Writes the changed columns of the record row in one statement.
  procedure update_row(p_store in t_store, p_type in varchar2, p_id in varchar2, p_change in t_change,
                       p_set_desc in boolean, p_desc in clob, p_set_status in boolean, p_status in varchar2,
                       p_set_expires in boolean, p_expires in timestamp with time zone,
                       p_now in timestamp with time zone)
  is
    l_base   varchar2(30 char) := agentmem_record_read.table_base(p_type);
    l_cursor integer := dbms_sql.open_cursor;
    l_rows   integer;
  begin
    dbms_sql.parse(l_cursor,
      'update ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || l_base) || ' t'
      || ' set t.updated_at = :now'
      || case when p_change.content_given then
           -- MESSAGE and ACTOR_PROFILE CONTENT are NOT NULL: see insert_records.
           case l_base when 'MESSAGE' then ', t.content = nvl(:c, empty_clob()), t.content_parts = json(:p)'
                       when 'THREAD_SUMMARY' then ', t.content = json(:c)'
                       when 'DOCUMENT' then ', t.content_bytes = :b, t.mime_type = :m'
                       when 'ACTOR_PROFILE' then ', t.content = nvl(:c, empty_clob())'
                       else ', t.content = :c' end
         end
      || case when p_set_desc then ', t.description = :d' end
      || case when p_change.meta_given then ', t.metadata = json(:md)' end
      || case when p_change.ts_given then ', t.event_timestamp = :ts' end
      || case when p_set_status then ', t.status = :st' end
      || case when p_set_expires then ', t.expires_at = :ex' end
      || ' where t.record_id = :id and '
      || case l_base when 'MEMORY' then 't.memory_type = :ty'
                     when 'ACTOR_PROFILE' then 't.actor_type = :ty'
                     else ':ty is not null' end,
      dbms_sql.native);
    dbms_sql.bind_variable(l_cursor, ':now', p_now);
    if p_change.content_given then
      case l_base
        when 'MESSAGE' then
          dbms_sql.bind_variable(l_cursor, ':c', p_change.content.text);
          dbms_sql.bind_variable(l_cursor, ':p', p_change.content.parts);
        when 'THREAD_SUMMARY' then
          dbms_sql.bind_variable(l_cursor, ':c', p_change.content.summary);
        when 'DOCUMENT' then
          dbms_sql.bind_variable(l_cursor, ':b', p_change.content.bytes);
          dbms_sql.bind_variable(l_cursor, ':m', p_change.content.mime);
        else
          dbms_sql.bind_variable(l_cursor, ':c', p_change.content.text);
      end case;
    end if;
    if p_set_desc then
      dbms_sql.bind_variable(l_cursor, ':d', p_desc);
    end if;
    if p_change.meta_given then
      dbms_sql.bind_variable(l_cursor, ':md', p_change.metadata);
    end if;
    if p_change.ts_given then
      dbms_sql.bind_variable(l_cursor, ':ts', p_change.event_ts);
    end if;
    if p_set_status then
      dbms_sql.bind_variable(l_cursor, ':st', p_status);
    end if;
    if p_set_expires then
      dbms_sql.bind_variable(l_cursor, ':ex', p_expires);
    end if;
    dbms_sql.bind_variable(l_cursor, ':id', p_id);
    dbms_sql.bind_variable(l_cursor, ':ty', agentmem_record_read.type_key(p_type));
    l_rows := dbms_sql.execute(l_cursor);
    dbms_sql.close_cursor(l_cursor);
  exception
    when others then
      dbms_sql.close_cursor(l_cursor);
      raise;
  end update_row;

  -- The image part ids of a message.
  function part_ids(p_store in t_store, p_message_id in varchar2) return agentmem_util.t_text_list
  is
    l_ids agentmem_util.t_text_list;
  begin
    execute immediate
      'select d.record_id from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'DOCUMENT') || ' d'
      || ' where d.message_id = :m order by d.part_index'
      bulk collect into l_ids
      using p_message_id;
    return l_ids;
  end part_ids;

  function repeated(p_value in varchar2, p_count in pls_integer) return agentmem_util.t_text_list
  is
    l_list agentmem_util.t_text_list := agentmem_util.t_text_list();
  begin
    for i in 1 .. p_count loop
      agentmem_util.append(l_list, p_value);
    end loop;
    return l_list;
  end repeated;

  -- U14: a message's new content replaces its image parts (DOCUMENT rows
  -- and their retrieval rows).
  procedure drop_parts(p_store in t_store, p_message_id in varchar2)
  is
    l_ids agentmem_util.t_text_list := part_ids(p_store, p_message_id);
  begin
    -- The dropped parts' bytes leave the caption tasks that hold them
    -- (docs/llm.md "Task lifecycle"), before the parts' rows are locked
    -- (the message row is locked already, by lookup: a running caption task
    -- locks its task row, then its image's rows, never the message row).
    agentmem_llm_tasks.forget_images(p_store, l_ids);
    agentmem_chunks.delete_rows(p_store, l_ids, repeated('image', l_ids.count));
    execute immediate
      'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'DOCUMENT')
      || ' where message_id = :m'
      using p_message_id;
  end drop_parts;

  -- U17, U18: a message's status and expiry go to its image parts and
  -- their retrieval rows.
  procedure follow_parts(p_store in t_store, p_message_id in varchar2, p_status in varchar2,
                         p_expires in timestamp with time zone, p_now in timestamp with time zone)
  is
    l_ids     agentmem_util.t_text_list;
    l_sources agentmem_chunks.t_source_list := agentmem_chunks.t_source_list();
  begin
    execute immediate
      'update ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'DOCUMENT')
      || ' set status = :s, expires_at = :e, updated_at = :n where message_id = :m'
      using p_status, p_expires, p_now, p_message_id;
    l_ids := part_ids(p_store, p_message_id);
    l_sources.extend(l_ids.count);
    for i in 1 .. l_ids.count loop
      l_sources(i).source_id := l_ids(i);
      l_sources(i).source_type := 'image';
      l_sources(i).status := p_status;
      l_sources(i).expires_at := p_expires;
    end loop;
    agentmem_chunks.follow(p_store, l_sources);
  end follow_parts;

  -- The new image parts of a message may not reuse the id of another image
  -- (image part ids are image record ids); run after drop_parts, so the
  -- message's own former parts may be named again.
  procedure check_new_parts(p_store in t_store, p_images in agentmem_record_data.t_image_list,
                            p_content_key in varchar2)
  is
    l_ids json_array_t := json_array_t();
    l_no  pls_integer;
  begin
    if p_images is null or p_images.count = 0 then
      return;
    end if;
    for j in 1 .. p_images.count loop
      l_ids.append(p_images(j).id);
    end loop;
    execute immediate
      'select k.n from json_table(:ids, ''$[*]'' columns (n for ordinality, id varchar2(512) path ''$'')) k'
      || ' join ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'DOCUMENT') || ' d'
      || ' on d.record_id = k.id order by k.n fetch first 1 rows only'
      into l_no
      using l_ids.to_clob;
    agentmem_util.raise_error(dbms_agent_memory_store.co_duplicate_id,
      'DUPLICATE_ID: ' || p_content_key || '[' || p_images(l_no).part_index || '].id '
      || agentmem_util.shown_text(p_images(l_no).id) || ' already exists as an image record; image part ids are image'
      || ' record ids: use another id');
  exception
    when no_data_found then
      null;   -- no part id is taken
  end check_new_parts;

  function update_response(p_updated in pls_integer, p_warnings in agentmem_util.t_text_list) return clob
  is
    l_response json_object_t := json_object_t();
    l_warnings json_array_t := json_array_t();
  begin
    for i in 1 .. p_warnings.count loop
      l_warnings.append(p_warnings(i));
    end loop;
    l_response.put('updated', p_updated);
    l_response.put('warnings', l_warnings);
    return l_response.to_clob;
  end update_response;

  ------------------------------------------------------------------------------
  -- update_record
  ------------------------------------------------------------------------------

  function update_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_store      t_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    l_req        json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_type       varchar2(16 char);
    l_id         varchar2(128 char);
    l_change     t_change;
    l_stored     t_stored;
    l_warnings   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_now        timestamp with time zone := systimestamp;
    l_refresh    boolean;
    l_anchor_ts  timestamp with time zone;
    l_expires    timestamp with time zone;
    l_status     varchar2(8 char);
    l_new_text   boolean;
    l_rows       pls_integer;
    l_source     agentmem_chunks.t_source;
    l_index      agentmem_chunks.t_index;
    l_labels     agentmem_chunks.t_labels;
    l_sources    agentmem_chunks.t_source_list := agentmem_chunks.t_source_list();
    l_chunk_rows agentmem_chunks.t_row_list := agentmem_chunks.t_row_list();
    l_unvectored boolean;
    l_any        boolean;
  begin
    agentmem_util.reject_keys(l_req, co_update_keys, 'update_record');
    agentmem_util.require_key(l_req, 'record_type', 'update_record');
    agentmem_util.require_key(l_req, 'record_id', 'update_record');
    l_type := agentmem_util.get_record_type(l_req, 'update_record');
    l_id := agentmem_util.check_id(l_req.get('record_id'), 'record_id', false);
    l_any := l_req.has('content') or l_req.has('text') or l_req.has('index_text') or l_req.has('embedding')
             or l_req.has('metadata') or l_req.has('timestamp') or l_req.has('ttl_days') or l_req.has('ttl_anchor')
             or l_req.has('status');
    if not l_any then
      fail('INVALID_ARGUMENT: update_record needs at least one of ' || co_fields);
    end if;
    if l_req.has('content') and l_req.has('text') then
      fail('INVALID_ARGUMENT: content and text cannot both be given; text is the deprecated alias of content: pass'
           || ' content only');
    end if;
    if l_req.has('text') then
      l_change.content_key := 'text';
      agentmem_util.append(l_warnings, co_w4);   -- W4
    end if;
    l_change.content_given := l_req.has(l_change.content_key);
    -- Fields of nested records: set here rather than trusting the nested
    -- types' defaults (documented for record variables, not their fields).
    l_change.content.is_null := false;
    l_change.content.images := agentmem_record_data.t_image_list();
    l_change.idx.kind := 'OMITTED';
    l_change.vecs.kind := 'OMITTED';
    read_metadata(l_req, l_type, l_change);
    read_content(l_req, l_type, l_change);
    read_retrieval(l_req, l_store, l_change);
    read_lifecycle(l_req, l_type, l_change);

    l_stored := lookup(l_store, l_type, l_id);
    if not l_stored.found then
      return update_response(0, l_warnings);
    end if;

    -- Rules that need the stored row.
    if l_type = 'image' and l_change.meta_mime is not null and not l_change.content_given
       and l_change.meta_mime <> l_stored.mime then
      fail('INVALID_ARGUMENT: metadata.image_mime_type ' || agentmem_util.shown_text(l_change.meta_mime)
           || ' differs from the stored image''s ' || agentmem_util.shown_text(l_stored.mime)
           || '; pass content with the new bytes to change the image');
    end if;
    if l_type = 'image' and l_stored.message_id is not null and (l_change.days_given or l_change.anchor_given) then
      fail('INVALID_ARGUMENT: record ' || agentmem_util.shown_text(l_id) || ' is part ' || l_stored.part_index
           || ' of message ' || agentmem_util.shown_text(l_stored.message_id)
           || ': change its expiry with update_record on the message');
    end if;
    l_refresh := l_change.days_given or l_change.anchor_given;
    if l_refresh then
      if l_change.anchor = 'TIMESTAMP' then
        l_anchor_ts := case when l_change.ts_given then l_change.event_ts else l_stored.event_ts end;
        if l_anchor_ts is null then
          fail('INVALID_ARGUMENT: ttl_anchor ''TIMESTAMP'' needs a timestamp: pass timestamp in this update, or store'
               || ' one first (record ' || agentmem_util.shown_text(l_id) || ' has no event timestamp)');
        end if;
      else
        l_anchor_ts := l_stored.created_at;
      end if;
      l_expires := agentmem_record_data.expiry(l_store, l_change.days_given, l_change.days, l_anchor_ts, l_now,
                                               'ttl_days', l_id, true, l_warnings);
    else
      l_expires := l_stored.expires_at;
    end if;
    l_status := nvl(l_change.status, l_stored.status);
    -- New retrieval text: new content (an image's bytes are not text) or index_text.
    l_new_text := (l_change.content_given and l_type <> 'image') or l_change.idx.kind <> 'OMITTED';

    -- Embedding-only updates (U9, U10, U11) work on the existing rows.
    if not l_new_text and l_change.vecs.kind <> 'OMITTED' then
      l_rows := agentmem_chunks.row_count(l_store, l_id, l_type);
      case l_change.vecs.kind
        when 'NULL' then
          agentmem_chunks.clear_vectors(l_store, l_id, l_type);
        when 'EMPTY' then
          if l_rows > 0 then
            fail('INVALID_ARGUMENT: embedding is empty ([]) but record ' || agentmem_util.shown_text(l_id) || ' has '
                 || l_rows || ' retrieval row(s); an empty vector payload is allowed only when no retrieval rows result');
          end if;
        else
          if l_change.vecs.vectors.count <> l_rows then
            fail('INVALID_ARGUMENT: embedding has ' || l_change.vecs.vectors.count || ' vector(s) but record '
                 || agentmem_util.shown_text(l_id) || ' has ' || l_rows || ' retrieval row(s); an embedding-only update'
                 || ' needs one vector per existing row');
          end if;
          agentmem_chunks.set_vectors(l_store, l_id, l_type, l_change.vecs.vectors);
      end case;
    end if;

    -- An image's description is its content: index_text replaces it (U5,
    -- U6, U8), but index_text null only clears the rows (U7).
    update_row(l_store, l_type, l_id, l_change,
               p_set_desc => l_type = 'image' and l_change.idx.kind in ('TEXT', 'CHUNKS', 'EMPTY'),
               p_desc => agentmem_record_data.image_description(l_change.idx),
               p_set_status => l_change.status is not null, p_status => l_status,
               p_set_expires => l_refresh, p_expires => l_expires, p_now => l_now);
    if l_type = 'message' and l_change.content_given then
      drop_parts(l_store, l_id);
      check_new_parts(l_store, l_change.content.images, l_change.content_key);
      agentmem_record_data.insert_parts(l_store, l_id, l_change.content.images, l_stored.thread_id, l_stored.user_id,
                                        l_stored.agent_id, l_status, l_expires, l_now);
    end if;

    l_source.source_id := l_id;
    l_source.source_type := l_type;
    l_source.thread_id := l_stored.thread_id;
    l_source.user_id := l_stored.user_id;
    l_source.agent_id := l_stored.agent_id;
    l_source.status := l_status;
    l_source.expires_at := l_expires;
    if l_new_text then
      l_index := l_change.idx;
      if l_index.kind = 'NULL' or l_change.content.is_null then
        l_index.kind := 'EMPTY';   -- U7, U12: every row cleared
      end if;
      l_labels.vec_key := 'embedding';
      l_labels.idx_key := 'index_text';
      l_labels.record := 'the record';
      l_labels.is_update := true;
      agentmem_chunks.plan(l_store, l_source, l_change.content.resolved, l_index, l_change.vecs, l_labels,
                           l_sources, l_chunk_rows, l_unvectored);
      agentmem_record_data.plan_parts(l_store, l_change.content.images, l_source, l_sources, l_chunk_rows);
      agentmem_chunks.write_rows(l_store, l_sources, l_chunk_rows, p_replace => true);
      if l_unvectored then
        agentmem_record_data.warn_unvectored(l_store, agentmem_util.t_text_list(l_id), l_warnings);
      end if;
    end if;
    if l_change.status is not null or l_refresh then
      l_sources := agentmem_chunks.t_source_list(l_source);
      agentmem_chunks.follow(l_store, l_sources);
      if l_type = 'message' then
        follow_parts(l_store, l_id, l_status, l_expires, l_now);
      end if;
    end if;
    if l_change.status is not null and agentmem_record_read.memory_like(l_type) then
      -- An explicit status; a lifecycle relation still makes it INVALID
      -- (relation contract L26).
      agentmem_relation.status_set_explicitly(l_store, l_id, l_type);
    end if;
    return update_response(1, l_warnings);
  end update_record;

  ------------------------------------------------------------------------------
  -- Deletes (§11)
  ------------------------------------------------------------------------------

  -- D1: relations where the memory-like record is source or target; the
  -- status of the other targets is recomputed (relation contract L27).
  procedure delete_relations(p_store in t_store, p_id in varchar2, p_type in varchar2)
  is
  begin
    agentmem_relation.remove_endpoints(p_store, agentmem_util.t_text_list(p_id), agentmem_util.t_text_list(p_type));
  end delete_relations;

  -- D4 for the threads whose p_column (record_id, user_id or agent_id)
  -- is p_value: every retrieval row with their THREAD_ID (R14: rows of
  -- everything in a thread carry it), the relations of their memory-like
  -- records, then the threads; the foreign keys cascade to messages,
  -- memory-like records, summaries and images. Returns the thread count.
  function delete_threads(p_store in t_store, p_column in varchar2, p_value in varchar2) return pls_integer
  is
    l_ids   agentmem_util.t_text_list;
    l_types agentmem_util.t_text_list;
  begin
    -- The threads' memories, whose text leaves the LINK_MEMORIES tasks of
    -- other threads that offered them as candidates (docs/llm.md "Task
    -- lifecycle"; the threads' own tasks go by the cascade), task rows
    -- locked before any delete.
    execute immediate
      'select m.record_id, m.memory_type from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY') || ' m'
      || ' join ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD') || ' t'
      || ' on t.record_id = m.thread_id where t.'
      || case p_column when 'user_id' then 'user_id' when 'agent_id' then 'agent_id' else 'record_id' end || ' = :1'
      bulk collect into l_ids, l_types
      using p_value;
    agentmem_llm_tasks.forget_memories(p_store, l_ids);
    execute immediate
      'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS') || ' c'
      || ' where c.thread_id in (select t.record_id from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD') || ' t where t.'
      || case p_column when 'user_id' then 'user_id' when 'agent_id' then 'agent_id' else 'record_id' end || ' = :1)'
      using p_value;
    agentmem_relation.remove_endpoints(p_store, l_ids, l_types);
    execute immediate
      'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD') || ' t where t.'
      || case p_column when 'user_id' then 'user_id' when 'agent_id' then 'agent_id' else 'record_id' end || ' = :1'
      using p_value;
    return sql%rowcount;
  end delete_threads;

  -- D6, before the first step: the text of the actor's memory-like records
  -- and of its messages in other threads leaves the LLM tasks that hold it,
  -- so the task rows are locked before delete_threads deletes any row (one
  -- lock order with a running task, docs/llm.md "Task lifecycle");
  -- delete_threads and delete_actor_records then find those tasks reduced.
  procedure forget_actor_text(p_store in t_store, p_column in varchar2, p_value in varchar2)
  is
    l_column varchar2(8 char) := case p_column when 'user_id' then 'user_id' else 'agent_id' end;
    l_ids    agentmem_util.t_text_list;
  begin
    execute immediate
      'select m.record_id from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY') || ' m'
      || ' where m.' || l_column || ' = :1'
      bulk collect into l_ids
      using p_value;
    agentmem_llm_tasks.forget_memories(p_store, l_ids);
    execute immediate
      'select m.record_id from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MESSAGE') || ' m'
      || ' join ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD') || ' t'
      || ' on t.record_id = m.thread_id where m.' || l_column || ' = :1'
      || ' and (t.' || l_column || ' is null or t.' || l_column || ' <> :2)'
      bulk collect into l_ids
      using p_value, p_value;
    agentmem_llm_tasks.forget_messages(p_store, l_ids);
  end forget_actor_text;

  -- D6, second step: the remaining messages (with their image parts) and
  -- memory-like records whose p_column (user_id or agent_id) is p_value,
  -- with their rows and relations (D1, D2).
  procedure delete_actor_records(p_store in t_store, p_column in varchar2, p_value in varchar2)
  is
    l_ids   agentmem_util.t_text_list;
    l_types agentmem_util.t_text_list;
  begin
    -- The memories' text leaves the LINK_MEMORIES tasks that hold it
    -- (docs/llm.md "Task lifecycle"), task rows locked before any delete.
    execute immediate
      'select m.record_id, m.memory_type from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY') || ' m'
      || ' where m.' || case p_column when 'user_id' then 'user_id' else 'agent_id' end || ' = :1'
      bulk collect into l_ids, l_types
      using p_value;
    agentmem_llm_tasks.forget_memories(p_store, l_ids);
    execute immediate
      'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS') || ' c'
      || ' where (c.source_type = ''message'' and c.source_id in (select m.record_id from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MESSAGE') || ' m where m.'
      || case p_column when 'user_id' then 'user_id' else 'agent_id' end || ' = :1))'
      || ' or (c.source_type = ''image'' and c.source_id in (select d.record_id from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'DOCUMENT') || ' d join '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MESSAGE') || ' m'
      || ' on m.record_id = d.message_id where m.'
      || case p_column when 'user_id' then 'user_id' else 'agent_id' end || ' = :2))'
      || ' or ((c.source_id, c.source_type) in (select m.record_id, m.memory_type from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY') || ' m where m.'
      || case p_column when 'user_id' then 'user_id' else 'agent_id' end || ' = :3))'
      using p_value, p_value, p_value;
    agentmem_relation.remove_endpoints(p_store, l_ids, l_types);
    -- The messages' text leaves the LLM tasks of other threads that hold
    -- it (the actor's own threads went with their tasks in the first step).
    execute immediate
      'select m.record_id from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MESSAGE') || ' m'
      || ' where m.' || case p_column when 'user_id' then 'user_id' else 'agent_id' end || ' = :1'
      bulk collect into l_ids
      using p_value;
    agentmem_llm_tasks.forget_messages(p_store, l_ids);
    execute immediate
      'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MESSAGE') || ' m where m.'
      || case p_column when 'user_id' then 'user_id' else 'agent_id' end || ' = :1'
      using p_value;
    execute immediate
      'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY') || ' m where m.'
      || case p_column when 'user_id' then 'user_id' else 'agent_id' end || ' = :1'
      using p_value;
  end delete_actor_records;

  function delete_one(p_store in agentmem_store_catalog.t_store, p_type in varchar2, p_id in varchar2,
                      p_cascade in boolean) return pls_integer
  is
    l_base    varchar2(30 char) := agentmem_record_read.table_base(p_type);
    l_message varchar2(128 char);
    l_part    number;
    l_parts   agentmem_util.t_text_list;
  begin
    if p_type = 'thread' then
      return delete_threads(p_store, 'record_id', p_id);   -- D4
    end if;
    if p_type = 'image' then
      begin
        execute immediate
          'select message_id, part_index from '
          || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'DOCUMENT') || ' where record_id = :id'
          into l_message, l_part
          using p_id;
      exception
        when no_data_found then
          return 0;
      end;
      if l_message is not null then
        fail('INVALID_ARGUMENT: image ' || agentmem_util.shown_text(p_id) || ' is part ' || l_part || ' of message '
             || agentmem_util.shown_text(l_message) || '; update the message''s content to remove it, or delete the'
             || ' message');   -- D3
      end if;
      -- A standalone image: its bytes leave the caption tasks that hold
      -- them (docs/llm.md "Task lifecycle").
      agentmem_llm_tasks.forget_images(p_store, agentmem_util.t_text_list(p_id));
    elsif p_type = 'message' then
      -- The message's text leaves the LLM tasks that hold it (docs/llm.md
      -- "Task lifecycle"); before the delete, while its thread is known,
      -- and before any other row is locked (a running task locks its row
      -- before it writes: one lock order).
      agentmem_llm_tasks.forget_messages(p_store, agentmem_util.t_text_list(p_id));
      -- D2: the image parts go by the MESSAGE_ID cascade; their rows here.
      l_parts := part_ids(p_store, p_id);
      agentmem_chunks.delete_rows(p_store, l_parts, repeated('image', l_parts.count));
    elsif agentmem_record_read.memory_like(p_type) then
      execute immediate
        'select count(*) from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY')
        || ' where record_id = :id and memory_type = :ty'
        into l_part
        using p_id, p_type;
      if l_part = 0 then
        return 0;   -- another memory type's record keeps its relations and rows
      end if;
      -- The memory's text leaves the LINK_MEMORIES tasks that hold it
      -- (docs/llm.md "Task lifecycle"), task rows locked first.
      agentmem_llm_tasks.forget_memories(p_store, agentmem_util.t_text_list(p_id));
      delete_relations(p_store, p_id, p_type);
    elsif p_type in ('user_profile', 'agent_profile') and p_cascade then
      -- D6, as the seed says: the actor's threads (D4), then its remaining
      -- messages and memory-like records; it runs even without the profile.
      -- The LLM task rows are locked first (forget_actor_text).
      forget_actor_text(p_store, case p_type when 'user_profile' then 'user_id' else 'agent_id' end, p_id);
      l_part := delete_threads(p_store, case p_type when 'user_profile' then 'user_id' else 'agent_id' end, p_id);
      delete_actor_records(p_store, case p_type when 'user_profile' then 'user_id' else 'agent_id' end, p_id);
    end if;
    agentmem_chunks.delete_rows(p_store, agentmem_util.t_text_list(p_id), agentmem_util.t_text_list(p_type));
    execute immediate
      'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || l_base) || ' t'
      || ' where t.record_id = :id and '
      || case l_base when 'MEMORY' then 't.memory_type = :ty'
                     when 'ACTOR_PROFILE' then 't.actor_type = :ty'
                     else ':ty is not null' end
      using p_id, agentmem_record_read.type_key(p_type);
    return sql%rowcount;
  end delete_one;

  function deleted_response(p_count in pls_integer) return clob
  is
    l_response json_object_t := json_object_t();
  begin
    l_response.put('deleted', p_count);
    return l_response.to_clob;
  end deleted_response;

  function delete_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_store   t_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    l_req     json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_type    varchar2(16 char);
    l_id      varchar2(128 char);
    l_cascade boolean;
  begin
    agentmem_util.reject_keys(l_req, 'record_type,record_id,cascade', 'delete_record');
    agentmem_util.require_key(l_req, 'record_type', 'delete_record');
    agentmem_util.require_key(l_req, 'record_id', 'delete_record');
    l_type := agentmem_util.get_record_type(l_req, 'delete_record');
    l_id := agentmem_util.check_id(l_req.get('record_id'), 'record_id', false);
    l_cascade := agentmem_util.get_flag(l_req, 'cascade');   -- D7: other types ignore it
    return deleted_response(delete_one(l_store, l_type, l_id, l_cascade));
  end delete_record;

  function delete_thread(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_store t_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    l_req   json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id    varchar2(128 char);
  begin
    agentmem_util.reject_keys(l_req, 'thread_id', 'delete_thread');
    agentmem_util.require_key(l_req, 'thread_id', 'delete_thread');
    l_id := agentmem_util.check_id(l_req.get('thread_id'), 'thread_id', false);
    return deleted_response(delete_threads(l_store, 'record_id', l_id));
  end delete_thread;

end agentmem_record_edit;
/
