create or replace package body agentmem_record_write
as

  subtype t_store is agentmem_store_catalog.t_store;
  -- id space | id -> the request path that used it. Ids are up to 128
  -- characters, so up to 512 bytes in AL32UTF8: the sizes are in bytes.
  type t_seen is table of varchar2(1000 char) index by varchar2(700);

  co_batch_keys constant varchar2(400 char) :=
    'record_type,contents,record_ids,thread_ids,user_ids,agent_ids,roles,timestamps,metadata,ttl_days,ttl_anchor,'
    || 'statuses,index_texts,embeddings';
  co_default_batch_size constant pls_integer := 256;
  co_max_ttl constant pls_integer := 365000;

  -- One per-record key of a batch: absent, a scalar broadcast to every
  -- record, or a list aligned with contents (§3.1).
  type t_key is record (
    name    varchar2(30 char),
    prefix  varchar2(40 char),
    present boolean := false,
    is_list boolean := false,
    scalar  json_element_t,
    list    json_array_t
  );

  subtype t_rec is agentmem_record_data.t_record;
  subtype t_rec_list is agentmem_record_data.t_record_list;

  -- One validated batch: its records, their chunk sources and chunk rows.
  type t_batch is record (
    record_type varchar2(16 char),
    prefix      varchar2(40 char),
    recs        t_rec_list,
    sources     agentmem_chunks.t_source_list,
    chunk_rows  agentmem_chunks.t_row_list
  );
  type t_batch_list is table of t_batch;

  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  ------------------------------------------------------------------------------
  -- add_records: reading one batch
  ------------------------------------------------------------------------------

  function key_path(p_key in t_key, p_i in pls_integer) return varchar2
  is
  begin
    return p_key.prefix || p_key.name || case when p_key.is_list then '[' || p_i || ']' end;
  end key_path;

  -- The value of p_key for record p_i (0-based): the list entry, the
  -- broadcast scalar, or NULL when the key is absent.
  function entry(p_key in t_key, p_i in pls_integer) return json_element_t
  is
  begin
    -- IF, not a CASE expression: CASE results of object types are not
    -- documented beyond doubt.
    if not p_key.present then
      return null;
    elsif p_key.is_list then
      return p_key.list.get(p_i);
    end if;
    return p_key.scalar;
  end entry;

  -- True when p_key gives record p_i a value other than JSON null.
  function has_value(p_key in t_key, p_i in pls_integer) return boolean
  is
  begin
    return p_key.present and not entry(p_key, p_i).is_null;
  end has_value;

  -- Reads a per-record key: p_list_only keys (index_texts, embeddings) must
  -- be lists and take null as omitted; the others take a scalar or a list
  -- of one entry per record.
  function read_key(p_obj in json_object_t, p_name in varchar2, p_prefix in varchar2, p_count in pls_integer,
                    p_list_only in boolean default false) return t_key
  is
    l_key     t_key;
    l_element json_element_t;
  begin
    l_key.name := p_name;
    l_key.prefix := p_prefix;
    if not p_obj.has(p_name) then
      return l_key;
    end if;
    l_element := p_obj.get(p_name);
    if p_list_only and l_element.is_null then
      return l_key;
    end if;
    l_key.present := true;
    if l_element.is_array then
      l_key.is_list := true;
      l_key.list := treat(l_element as json_array_t);
      if l_key.list.get_size <> p_count then
        fail('INVALID_ARGUMENT: ' || p_prefix || p_name || ' has ' || l_key.list.get_size || ' entries but '
             || p_prefix || 'contents has ' || p_count || '; pass one value for every record, or a list of '
             || p_count);
      end if;
    elsif p_list_only then
      fail('INVALID_ARGUMENT: ' || p_prefix || p_name || ' ' || agentmem_util.shown(l_element)
           || ' must be a list with one entry per record');
    else
      l_key.scalar := l_element;
    end if;
    return l_key;
  end read_key;

  -- The number of records p_key's values are checked for: one scalar, or
  -- every list entry.
  function checked_count(p_key in t_key, p_count in pls_integer) return pls_integer
  is
  begin
    return case when not p_key.present then 0 when p_key.is_list then p_count else least(p_count, 1) end;
  end checked_count;

  procedure reject_scope(p_key in t_key, p_count in pls_integer, p_type in varchar2, p_why in varchar2)
  is
  begin
    for i in 0 .. checked_count(p_key, p_count) - 1 loop
      if has_value(p_key, i) then
        fail('INVALID_ARGUMENT: ' || key_path(p_key, i) || ' ' || agentmem_util.shown(entry(p_key, i))
             || ' does not apply to record_type ' || agentmem_util.shown_text(p_type) || ' (' || p_why || '); omit '
             || p_key.name);
      end if;
    end loop;
  end reject_scope;

  -- Reads the ids of a scope key into p_recs (thread_id, user_id, agent_id).
  procedure read_ids(p_key in t_key, p_count in pls_integer, p_which in varchar2, p_recs in out nocopy t_rec_list)
  is
    l_id varchar2(128 char);
  begin
    -- An omitted user_ids is the end user of an active end-user context
    -- (seed: NO_CHECK runtime stores; null without one); an explicit null
    -- keeps the records unscoped. Read once per call, not per record.
    if p_which = 'user' and not p_key.present then
      l_id := substr(agentmem_end_user.current_end_user, 1, 128);
    end if;
    for i in 0 .. p_count - 1 loop
      -- A broadcast scalar is checked once and kept for every record.
      if p_key.present and (p_key.is_list or i = 0) then
        l_id := agentmem_util.check_id(entry(p_key, i), key_path(p_key, i), true);
      end if;
      case p_which
        when 'thread' then
          p_recs(i + 1).thread_id := l_id;
          p_recs(i + 1).thread_at := key_path(p_key, i);
        when 'user' then
          p_recs(i + 1).user_id := l_id;
        else
          p_recs(i + 1).agent_id := l_id;
      end case;
    end loop;
  end read_ids;

  -- A number key entry checked as an integer in 1 .. co_max_ttl.
  function ttl_value(p_key in t_key, p_i in pls_integer) return number
  is
    l_element json_element_t := entry(p_key, p_i);
    l_value   number;
  begin
    if l_element.is_number then
      l_value := l_element.to_number;
    end if;
    if l_value is null or l_value <> trunc(l_value) or l_value not between 1 and co_max_ttl then
      fail('INVALID_ARGUMENT: ' || key_path(p_key, p_i) || ' ' || agentmem_util.shown(l_element)
           || ' must be an integer from 1 to ' || co_max_ttl || ', or null');
    end if;
    return l_value;
  end ttl_value;

  function upper_text(p_element in json_element_t) return varchar2
  is
  begin
    return case when p_element.is_string
                then upper(dbms_lob.substr(lob_loc => agentmem_util.string_value(p_element), amount => 20, offset => 1))
           end;
  end upper_text;

  -- The id space of a record type: memory-like types share one table.
  function id_space(p_type in varchar2) return varchar2
  is
  begin
    return case when agentmem_record_read.memory_like(p_type) then 'memory' else p_type end;
  end id_space;

  -- Registers an id of the call (p_seen: id space | id -> path); raises when
  -- the call already used it.
  procedure register_id(p_seen in out nocopy t_seen, p_space in varchar2, p_id in varchar2, p_path in varchar2,
                        p_what in varchar2)
  is
  begin
    if p_seen.exists(p_space || '|' || p_id) then
      fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown_text(p_id) || ' repeats '
           || p_seen(p_space || '|' || p_id) || '; ' || p_what || ' must be unique within the request');
    end if;
    p_seen(p_space || '|' || p_id) := p_path;
  end register_id;

  -- Reads and validates one batch (§3.1, §3.2): keys key by key in the
  -- contract's table order, then the per-record rules in input order.
  function read_batch(p_store in t_store, p_obj in json_object_t, p_prefix in varchar2,
                      p_now in timestamp with time zone,
                      p_first in out nocopy agentmem_chunks.t_dimension,
                      p_seen in out nocopy t_seen,
                      p_warnings in out nocopy agentmem_util.t_text_list) return t_batch
  is
    type t_index_list is table of agentmem_chunks.t_index;
    type t_vector_list is table of agentmem_chunks.t_vectors;
    l_batch      t_batch;
    l_type       varchar2(16 char);
    l_element    json_element_t;
    l_contents   json_array_t;
    l_count      pls_integer;
    l_profile    boolean;
    l_expiring   boolean;
    l_key        t_key;
    l_meta_key   t_key;
    l_days_key   t_key;
    l_anchor_key t_key;
    l_anchors    agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_indexes    t_index_list := t_index_list();
    l_vectors    t_vector_list := t_vector_list();
    -- Declared records get their types' field defaults (PL/SQL Language
    -- Reference, "Initial Values of Record Variables"); elements added by
    -- EXTEND are only documented as null, so they are set from these.
    l_blank_rec  t_rec;
    l_no_index   agentmem_chunks.t_index;
    l_no_vectors agentmem_chunks.t_vectors;
    l_value      varchar2(4000 char);
    l_ts         timestamp with time zone;
    l_meta       json_object_t;
    l_mpath      varchar2(200 char);
    l_mime       varchar2(16 char);
    l_source     agentmem_chunks.t_source;
    l_blank      agentmem_chunks.t_source;
    l_labels     agentmem_chunks.t_labels;
    l_days       number;
  begin
    l_type := agentmem_util.get_record_type(p_obj, 'add_records');
    if not p_obj.has('contents') then
      fail('INVALID_ARGUMENT: ' || p_prefix || 'contents is required in the add_records request');
    end if;
    l_element := p_obj.get('contents');
    if not l_element.is_array then
      fail('INVALID_ARGUMENT: ' || p_prefix || 'contents ' || agentmem_util.shown(l_element)
           || ' must be a list with one entry per record');
    end if;
    l_contents := treat(l_element as json_array_t);
    l_count := l_contents.get_size;
    l_batch.record_type := l_type;
    l_batch.prefix := p_prefix;
    l_blank_rec.unvectored := false;
    l_blank_rec.content.is_null := false;
    l_blank_rec.content.images := agentmem_record_data.t_image_list();
    l_no_index.kind := 'OMITTED';
    l_no_vectors.kind := 'OMITTED';
    l_batch.recs := t_rec_list();
    l_batch.recs.extend(l_count);
    for i in 1 .. l_count loop
      l_batch.recs(i) := l_blank_rec;
    end loop;
    l_batch.sources := agentmem_chunks.t_source_list();
    l_batch.chunk_rows := agentmem_chunks.t_row_list();
    l_profile := l_type in ('user_profile', 'agent_profile');
    l_expiring := agentmem_record_read.expiring(l_type);

    -- record_ids
    l_key := read_key(p_obj, 'record_ids', p_prefix, l_count);
    if l_key.present and not l_key.is_list and l_count > 1 and not l_key.scalar.is_null then
      fail('INVALID_ARGUMENT: ' || p_prefix || 'record_ids ' || agentmem_util.shown(l_key.scalar)
           || ' is a single id but ' || p_prefix || 'contents has ' || l_count || ' records; pass a list of '
           || l_count || ' ids (null entries are generated)');
    end if;
    if l_profile and l_count > 0 and (not l_key.present or (not l_key.is_list and l_key.scalar.is_null)) then
      fail('INVALID_ARGUMENT: ' || p_prefix || 'record_ids is required for record_type '
           || agentmem_util.shown_text(l_type)
           || ': a profile''s record id is the id of the ' || agentmem_record_read.type_key(l_type) || ' it describes');
    end if;
    for i in 0 .. l_count - 1 loop
      l_batch.recs(i + 1).id_path := p_prefix || 'record_ids' || case when l_key.is_list or not l_key.present
                                                                      then '[' || i || ']' end;
      if l_key.present then
        l_batch.recs(i + 1).id := agentmem_util.check_id(entry(l_key, i), key_path(l_key, i), not l_profile);
      end if;
      if l_batch.recs(i + 1).id is not null then
        register_id(p_seen, id_space(l_type), l_batch.recs(i + 1).id, key_path(l_key, i), 'ids');
      end if;
    end loop;

    -- thread_ids, user_ids, agent_ids
    l_key := read_key(p_obj, 'thread_ids', p_prefix, l_count);
    if l_type = 'thread' then
      reject_scope(l_key, l_count, l_type, 'a thread''s id is its record id');
    elsif l_profile then
      reject_scope(l_key, l_count, l_type, 'profiles are unscoped; the actor id is the record id');
    else
      read_ids(l_key, l_count, 'thread', l_batch.recs);
      if l_type = 'thread_summary' then
        for i in 0 .. l_count - 1 loop
          if l_batch.recs(i + 1).thread_id is null then
            fail('INVALID_ARGUMENT: ' || case when l_key.present then key_path(l_key, i) || ' null'
                                              else p_prefix || 'thread_ids is omitted' end
                 || ': a thread_summary needs a thread id for every record');
          end if;
        end loop;
      end if;
    end if;
    l_key := read_key(p_obj, 'user_ids', p_prefix, l_count);
    if l_profile then
      reject_scope(l_key, l_count, l_type, 'profiles are unscoped; the actor id is the record id');
    else
      read_ids(l_key, l_count, 'user', l_batch.recs);
    end if;
    l_key := read_key(p_obj, 'agent_ids', p_prefix, l_count);
    if l_profile then
      reject_scope(l_key, l_count, l_type, 'profiles are unscoped; the actor id is the record id');
    else
      read_ids(l_key, l_count, 'agent', l_batch.recs);
    end if;

    -- roles: read for messages only. On other types the key is ignored, not
    -- rejected (seed: "used only if record_type is message"): neither its
    -- values nor its list length are checked, and nothing is stored.
    if l_type = 'message' then
      l_key := read_key(p_obj, 'roles', p_prefix, l_count);
      for i in 0 .. l_count - 1 loop
        continue when not has_value(l_key, i);
        if not l_key.is_list and i > 0 then
          l_batch.recs(i + 1).role := l_batch.recs(1).role;   -- broadcast, checked once
          continue;
        end if;
        l_value := case when entry(l_key, i).is_string
                        then dbms_lob.substr(lob_loc => agentmem_util.string_value(entry(l_key, i)), amount => 100, offset => 1) end;
        if trim(l_value) is null or length(l_value) > 64 then
          fail('INVALID_ARGUMENT: ' || key_path(l_key, i) || ' ' || agentmem_util.shown(entry(l_key, i))
               || ' must be a non-blank string of at most 64 characters, or null');
        end if;
        l_batch.recs(i + 1).role := l_value;
      end loop;
    end if;

    -- timestamps
    l_key := read_key(p_obj, 'timestamps', p_prefix, l_count);
    for i in 0 .. l_count - 1 loop
      continue when not has_value(l_key, i);
      if not l_key.is_list and i > 0 then
        l_batch.recs(i + 1).event_ts := l_batch.recs(1).event_ts;
        continue;
      end if;
      l_ts := case when entry(l_key, i).is_string
                   then agentmem_util.iso_to_utc(dbms_lob.substr(lob_loc => agentmem_util.string_value(entry(l_key, i)),
                                                                 amount => 100, offset => 1)) end;
      if l_ts is null then
        fail('INVALID_ARGUMENT: ' || key_path(l_key, i) || ' ' || agentmem_util.shown(entry(l_key, i)) || agentmem_record_data.co_iso_rule);
      end if;
      l_batch.recs(i + 1).event_ts := l_ts;
    end loop;

    -- metadata
    l_meta_key := read_key(p_obj, 'metadata', p_prefix, l_count);
    for i in 0 .. checked_count(l_meta_key, l_count) - 1 loop
      if has_value(l_meta_key, i) and not entry(l_meta_key, i).is_object then
        fail('INVALID_ARGUMENT: ' || key_path(l_meta_key, i) || ' ' || agentmem_util.shown(entry(l_meta_key, i))
             || ' must be a JSON object or null');
      end if;
    end loop;

    -- ttl_days, ttl_anchor
    l_days_key := read_key(p_obj, 'ttl_days', p_prefix, l_count);
    l_anchor_key := read_key(p_obj, 'ttl_anchor', p_prefix, l_count);
    for i in 0 .. checked_count(l_days_key, l_count) - 1 loop
      continue when not has_value(l_days_key, i);
      if not l_expiring then
        fail('INVALID_ARGUMENT: ' || key_path(l_days_key, i) || ' ' || agentmem_util.shown(entry(l_days_key, i))
             || ' does not apply to record_type ' || agentmem_util.shown_text(l_type) || ' (' || l_type
             || ' records do not expire); omit ttl_days');
      end if;
      l_days := ttl_value(l_days_key, i);
    end loop;
    l_anchors.extend(l_count);
    for i in 0 .. l_count - 1 loop
      l_anchors(i + 1) := 'CREATED_AT';
      continue when not has_value(l_anchor_key, i);
      if not l_anchor_key.is_list and i > 0 then
        l_anchors(i + 1) := l_anchors(1);
        continue;
      end if;
      if not l_expiring then
        fail('INVALID_ARGUMENT: ' || key_path(l_anchor_key, i) || ' ' || agentmem_util.shown(entry(l_anchor_key, i))
             || ' does not apply to record_type ' || agentmem_util.shown_text(l_type) || ' (' || l_type
             || ' records do not expire); omit ttl_anchor');
      end if;
      l_value := upper_text(entry(l_anchor_key, i));
      if l_value is null or l_value not in ('CREATED_AT', 'TIMESTAMP') then
        fail('INVALID_ARGUMENT: ' || key_path(l_anchor_key, i) || ' ' || agentmem_util.shown(entry(l_anchor_key, i))
             || ' must be CREATED_AT or TIMESTAMP');
      end if;
      l_anchors(i + 1) := l_value;
    end loop;

    -- statuses
    l_key := read_key(p_obj, 'statuses', p_prefix, l_count);
    for i in 0 .. l_count - 1 loop
      l_batch.recs(i + 1).status := 'VALID';
      continue when not has_value(l_key, i);
      if not l_key.is_list and i > 0 then
        l_batch.recs(i + 1).status := l_batch.recs(1).status;
        continue;
      end if;
      l_value := upper_text(entry(l_key, i));
      if l_value is null or l_value not in ('VALID', 'INVALID') then
        fail('INVALID_ARGUMENT: ' || key_path(l_key, i) || ' ' || agentmem_util.shown(entry(l_key, i))
             || ' must be VALID or INVALID');
      end if;
      l_batch.recs(i + 1).status := l_value;
    end loop;

    -- index_texts, embeddings (lists only; null = omitted, R4, R13)
    l_key := read_key(p_obj, 'index_texts', p_prefix, l_count, p_list_only => true);
    l_indexes.extend(l_count);
    for i in 0 .. l_count - 1 loop
      l_indexes(i + 1) := l_no_index;
      if has_value(l_key, i) then
        l_indexes(i + 1) := agentmem_chunks.read_index(entry(l_key, i), key_path(l_key, i));
      end if;
    end loop;
    l_key := read_key(p_obj, 'embeddings', p_prefix, l_count, p_list_only => true);
    l_vectors.extend(l_count);
    for i in 0 .. l_count - 1 loop
      l_vectors(i + 1) := l_no_vectors;
      if has_value(l_key, i) then
        l_vectors(i + 1) := agentmem_chunks.read_vectors(p_store, entry(l_key, i), key_path(l_key, i), 'embeddings',
                                                          p_first);
      end if;
    end loop;

    -- Per-record rules, in input order.
    for i in 0 .. l_count - 1 loop
      l_meta := null;
      if has_value(l_meta_key, i) then
        l_meta := treat(entry(l_meta_key, i) as json_object_t);
      end if;
      l_mpath := p_prefix || 'metadata'
                 || case when not (l_meta_key.present and not l_meta_key.is_list) then '[' || i || ']' end;
      l_mime := null;
      if l_type = 'image' then
        if l_meta is null or not l_meta.has('image_mime_type') or l_meta.get('image_mime_type').is_null then
          fail('INVALID_ARGUMENT: ' || l_mpath || '.image_mime_type is required for record_type ''image'': one of '
               || agentmem_record_data.co_mimes);
        end if;
        if l_meta.get('image_mime_type').is_string then
          l_mime := agentmem_record_data.image_mime(substr(l_meta.get_string('image_mime_type'), 1, 16));
        end if;
        if l_mime is null then
          fail('INVALID_ARGUMENT: ' || l_mpath || '.image_mime_type ' || agentmem_util.shown(l_meta.get('image_mime_type'))
               || ' must be one of ' || agentmem_record_data.co_mimes);
        end if;
      end if;
      l_element := l_contents.get(i);
      if not l_element.is_null then
        l_batch.recs(i + 1).content := agentmem_record_data.read_content(l_type, l_element, p_prefix || 'contents[' || i || ']', l_mime,
                                                                           'add_records');
      elsif l_type = 'image' then
        fail('INVALID_ARGUMENT: ' || p_prefix || 'contents[' || i || '] null is not valid content for record_type'
             || ' ''image''; expected a base64 string of the image bytes');
      elsif l_type <> 'thread_summary' and l_meta is not null and l_meta.has('content')
            and l_meta.get('content').is_string then
        -- The seed's fallback: a None text takes metadata['content'].
        l_batch.recs(i + 1).content := agentmem_record_data.read_content(l_type, l_meta.get('content'), l_mpath || '.content',
                                                                           null, 'add_records');
      elsif l_type = 'thread_summary' or l_type = 'thread' or agentmem_record_read.memory_like(l_type) then
        l_batch.recs(i + 1).content.is_null := true;
        l_batch.recs(i + 1).content.images := agentmem_record_data.t_image_list();
      else
        fail('INVALID_ARGUMENT: ' || p_prefix || 'contents[' || i || '] null has no fallback: record_type '
             || agentmem_util.shown_text(l_type) || ' needs content (a string'
             || case when l_type = 'message' then ' or a list of content parts' end || ') and ' || l_mpath
             || '.content is absent or not a string');
      end if;
      for j in 1 .. l_batch.recs(i + 1).content.images.count loop
        register_id(p_seen, 'image', l_batch.recs(i + 1).content.images(j).id,
                    p_prefix || 'contents[' || i || '][' || l_batch.recs(i + 1).content.images(j).part_index || '].id',
                    'image record ids');
      end loop;
      l_batch.recs(i + 1).metadata := agentmem_record_data.stored_metadata(l_meta, l_type);

      if l_expiring and l_anchors(i + 1) = 'TIMESTAMP' and l_batch.recs(i + 1).event_ts is null then
        fail('INVALID_ARGUMENT: ' || key_path(l_anchor_key, i) || ' ''TIMESTAMP'' needs a timestamp for record ' || i
             || ' (' || p_prefix || 'timestamps[' || i || '] is null or omitted)');
      end if;

      if l_batch.recs(i + 1).id is null then
        l_batch.recs(i + 1).id := agentmem_record_data.next_id;
      end if;
      if l_type = 'thread' then
        l_batch.recs(i + 1).thread_id := l_batch.recs(i + 1).id;   -- R14: a thread's rows carry its own id
      end if;
      if l_type = 'image' then
        l_batch.recs(i + 1).content.text := agentmem_record_data.image_description(l_indexes(i + 1));
      end if;
      if l_expiring then
        l_days := case when has_value(l_days_key, i) then ttl_value(l_days_key, i) end;
        l_batch.recs(i + 1).expires :=
          agentmem_record_data.expiry(p_store, l_days_key.present, l_days,
                 case l_anchors(i + 1) when 'TIMESTAMP' then l_batch.recs(i + 1).event_ts else p_now end,
                 p_now, key_path(l_days_key, i), l_batch.recs(i + 1).id, false, p_warnings);
      end if;

      -- Retrieval rows (§4): profiles' rows are unscoped (R18).
      l_source := l_blank;
      l_source.source_id := l_batch.recs(i + 1).id;
      l_source.source_type := l_type;
      l_source.thread_id := l_batch.recs(i + 1).thread_id;
      l_source.user_id := l_batch.recs(i + 1).user_id;
      l_source.agent_id := l_batch.recs(i + 1).agent_id;
      l_source.status := l_batch.recs(i + 1).status;
      l_source.expires_at := l_batch.recs(i + 1).expires;
      l_labels.vec_key := p_prefix || 'embeddings[' || i || ']';
      l_labels.idx_key := p_prefix || 'index_texts[' || i || ']';
      l_labels.record := 'record ' || i;
      agentmem_chunks.plan(p_store, l_source, l_batch.recs(i + 1).content.resolved, l_indexes(i + 1),
                           l_vectors(i + 1), l_labels, l_batch.sources, l_batch.chunk_rows,
                           l_batch.recs(i + 1).unvectored);
      agentmem_record_data.plan_parts(p_store, l_batch.recs(i + 1).content.images, l_source, l_batch.sources, l_batch.chunk_rows);
    end loop;
    return l_batch;
  end read_batch;

  ------------------------------------------------------------------------------
  -- add_records: the store's state, then the writes
  ------------------------------------------------------------------------------

  -- The first record (1-based) of p_ids that already exists in p_base
  -- (p_key selects the type column where a table holds several types), with
  -- the type it exists as; 0 when none.
  procedure first_existing(p_store in t_store, p_base in varchar2, p_key in varchar2, p_keys in json_array_t,
                           p_no out pls_integer, p_type out varchar2)
  is
  begin
    p_no := 0;
    if p_keys.get_size = 0 then
      return;
    end if;
    execute immediate
      'select k.n, ' || case p_base when 'MEMORY' then 't.memory_type'
                                    when 'ACTOR_PROFILE' then 't.actor_type || ''_profile'''
                                    when 'THREAD' then '''thread'''
                                    when 'MESSAGE' then '''message'''
                                    when 'THREAD_SUMMARY' then '''thread_summary'''
                                    else '''image''' end
      || ' from json_table(:ids, ''$[*]'' columns (n for ordinality, id varchar2(512) path ''$'')) k join '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || p_base) || ' t on t.record_id = k.id'
      || case p_base when 'ACTOR_PROFILE' then ' where t.actor_type = :ty' else ' where :ty is not null' end
      || ' order by k.n fetch first 1 rows only'
      into p_no, p_type
      using p_keys.to_clob, p_key;
  exception
    when no_data_found then
      p_no := 0;
  end first_existing;

  -- DUPLICATE_ID and NOT_FOUND rules of one batch (§3.1), reported for the
  -- first record in input order; run just before the batch is written, so
  -- a later batch sees the threads of an earlier one.
  procedure check_state(p_store in t_store, p_batch in t_batch)
  is
    l_ids      json_array_t := json_array_t();
    l_threads  json_array_t := json_array_t();
    l_parts    json_array_t := json_array_t();
    l_owner    agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_paths    agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_no       pls_integer;
    l_part_no  pls_integer;
    l_missing  pls_integer := 0;
    l_type     varchar2(30 char);
    l_ptype    varchar2(30 char);
    l_rec_no   pls_integer;
  begin
    for i in 1 .. p_batch.recs.count loop
      l_ids.append(p_batch.recs(i).id);
      if p_batch.recs(i).thread_id is null or p_batch.record_type = 'thread' then
        l_threads.append_null;
      else
        l_threads.append(p_batch.recs(i).thread_id);
      end if;
      for j in 1 .. p_batch.recs(i).content.images.count loop
        l_parts.append(p_batch.recs(i).content.images(j).id);
        agentmem_util.append(l_owner, to_char(i));
        agentmem_util.append(l_paths, p_batch.prefix || 'contents[' || (i - 1) || ']['
                                      || p_batch.recs(i).content.images(j).part_index || '].id');
      end loop;
    end loop;
    first_existing(p_store, agentmem_record_read.table_base(p_batch.record_type),
                   agentmem_record_read.type_key(p_batch.record_type), l_ids, l_no, l_type);
    first_existing(p_store, 'DOCUMENT', 'image', l_parts, l_part_no, l_ptype);
    if p_batch.record_type <> 'thread' and l_ids.get_size > 0 then
      begin
        execute immediate
          'select k.n from json_table(:ids, ''$[*]'' columns (n for ordinality, id varchar2(512) path ''$'')) k'
          || ' where k.id is not null and not exists (select 1 from '
          || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD') || ' t'
          || ' where t.record_id = k.id) order by k.n fetch first 1 rows only'
          into l_missing
          using l_threads.to_clob;
      exception
        when no_data_found then
          l_missing := 0;
      end;
    end if;
    l_rec_no := case when l_part_no > 0 then to_number(l_owner(l_part_no)) end;
    -- The first failing record in input order; on one record, its id first.
    if l_no > 0 and (l_missing = 0 or l_no <= l_missing) and (l_rec_no is null or l_no <= l_rec_no) then
      agentmem_util.raise_error(dbms_agent_memory_store.co_duplicate_id,
        'DUPLICATE_ID: ' || p_batch.recs(l_no).id_path || ' ' || agentmem_util.shown_text(p_batch.recs(l_no).id)
        || ' already exists as a ' || l_type || ' record; use another id, or update_record');
    elsif l_rec_no is not null and (l_missing = 0 or l_rec_no <= l_missing) then
      agentmem_util.raise_error(dbms_agent_memory_store.co_duplicate_id,
        'DUPLICATE_ID: ' || l_paths(l_part_no) || ' ' || agentmem_util.shown(l_parts.get(l_part_no - 1))
        || ' already exists as an image record; image part ids are image record ids: use another id');
    elsif l_missing > 0 then
      agentmem_util.raise_error(dbms_agent_memory_store.co_not_found,
        'NOT_FOUND: ' || p_batch.recs(l_missing).thread_at || ' '
        || agentmem_util.shown_text(p_batch.recs(l_missing).thread_id)
        || ' names no thread in the store; add the thread first (add_records with record_type ''thread'')');
    end if;
  end check_state;

  procedure write_batch(p_store in t_store, p_batch in t_batch, p_batch_size in pls_integer,
                        p_now in timestamp with time zone)
  is
  begin
    if p_batch.recs.count = 0 then
      return;
    end if;
    check_state(p_store, p_batch);
    begin
      agentmem_record_data.insert_records(p_store, p_batch.record_type, p_batch.recs, p_batch_size, p_now);
    exception
      when dup_val_on_index then
        -- Another session added one of these ids after check_state.
        agentmem_util.raise_error(dbms_agent_memory_store.co_duplicate_id,
          'DUPLICATE_ID: an id of this ' || p_batch.record_type || ' batch was added by another session meanwhile ('
          || sqlerrm || '); list the records, then add with other ids or use update_record');
    end;
    agentmem_chunks.write_rows(p_store, p_batch.sources, p_batch.chunk_rows, p_replace => false);
  end write_batch;

  function response(p_key in varchar2, p_ids in agentmem_util.t_text_list, p_warnings in agentmem_util.t_text_list)
    return clob
  is
    l_response json_object_t := json_object_t();
    l_ids      json_array_t := json_array_t();
  begin
    if p_key = 'ids' then
      for i in 1 .. p_ids.count loop
        l_ids.append(p_ids(i));
      end loop;
      l_response.put('ids', l_ids);
    else
      l_response.put('id', p_ids(1));
    end if;
    l_response.put('warnings', agentmem_store.text_array(p_warnings));
    return l_response.to_clob;
  end response;

  function add_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_store      t_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    l_req        json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_now        timestamp with time zone := systimestamp;
    l_batches    t_batch_list := t_batch_list();
    l_list       json_array_t;
    l_element    json_element_t;
    l_batch_size number := co_default_batch_size;
    l_first      agentmem_chunks.t_dimension;
    l_seen       t_seen;
    l_warnings   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_ids        agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_unvectored agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_keys       json_key_list;   -- what JSON_OBJECT_T.GET_KEYS returns
  begin
    agentmem_util.reject_keys(l_req, co_batch_keys || ',batch_size,batches', 'add_records');
    if l_req.has('batches') then
      l_keys := l_req.get_keys;
      for i in 1 .. l_keys.count loop
        if instr(l_keys(i), ',') = 0 and instr(',' || co_batch_keys || ',', ',' || l_keys(i) || ',') > 0 then
          fail('INVALID_ARGUMENT: batches cannot be combined with batch keys at the top level (found '
               || agentmem_util.shown_text(l_keys(i)) || '); put each batch''s keys inside its entry of batches');
        end if;
      end loop;
    end if;
    if l_req.has('batch_size') and not l_req.get('batch_size').is_null then
      l_element := l_req.get('batch_size');
      l_batch_size := case when l_element.is_number then l_element.to_number end;
      if l_batch_size is null or l_batch_size <> trunc(l_batch_size) or l_batch_size not between 1 and 10000 then
        fail('INVALID_ARGUMENT: batch_size ' || agentmem_util.shown(l_element)
             || ' must be an integer from 1 to 10000, or null');
      end if;
    end if;

    -- Every request rule of every batch before anything is written.
    if l_req.has('batches') then
      l_element := l_req.get('batches');
      if not l_element.is_array then
        fail('INVALID_ARGUMENT: batches ' || agentmem_util.shown(l_element) || ' must be a list of batch objects');
      end if;
      l_list := treat(l_element as json_array_t);
      for b in 0 .. l_list.get_size - 1 loop
        if not l_list.get(b).is_object then
          fail('INVALID_ARGUMENT: batches[' || b || '] ' || agentmem_util.shown(l_list.get(b))
               || ' must be a JSON object with the keys of one batch');
        end if;
        agentmem_util.reject_keys(treat(l_list.get(b) as json_object_t), co_batch_keys, 'add_records',
                                  'batches[' || b || ']');
        l_batches.extend;
        l_batches(l_batches.last) := read_batch(l_store, treat(l_list.get(b) as json_object_t),
                                                'batches[' || b || '].', l_now, l_first, l_seen, l_warnings);
      end loop;
    else
      l_batches.extend;
      l_batches(1) := read_batch(l_store, l_req, null, l_now, l_first, l_seen, l_warnings);
    end if;

    -- Batches in order: a later batch may use a thread an earlier one added.
    for b in 1 .. l_batches.count loop
      write_batch(l_store, l_batches(b), l_batch_size, l_now);
      for i in 1 .. l_batches(b).recs.count loop
        agentmem_util.append(l_ids, l_batches(b).recs(i).id);
        if l_batches(b).recs(i).unvectored then
          agentmem_util.append(l_unvectored, l_batches(b).recs(i).id);
        end if;
      end loop;
    end loop;
    agentmem_record_data.warn_unvectored(l_store, l_unvectored, l_warnings);
    return response('ids', l_ids, l_warnings);
  end add_records;

  function add_actor(p_actor in varchar2, p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2)
    return clob
  is
    l_store      t_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    l_req        json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_op         varchar2(20 char) := 'add_' || p_actor;
    l_key        varchar2(20 char) := p_actor || '_id';
    l_type       varchar2(16 char) := p_actor || '_profile';
    l_now        timestamp with time zone := systimestamp;
    l_recs       t_rec_list := t_rec_list();
    l_ids        json_array_t := json_array_t();
    l_no         pls_integer;
    l_existing   varchar2(30 char);
    l_source     agentmem_chunks.t_source;
    l_index      agentmem_chunks.t_index;
    l_vectors    agentmem_chunks.t_vectors;
    l_labels     agentmem_chunks.t_labels;
    l_sources    agentmem_chunks.t_source_list := agentmem_chunks.t_source_list();
    l_rows       agentmem_chunks.t_row_list := agentmem_chunks.t_row_list();
    l_unvectored boolean;
    l_warnings   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_meta       json_element_t;
    l_blank_rec  t_rec;   -- field defaults, see read_batch
  begin
    agentmem_util.reject_keys(l_req, l_key || ',information,metadata', l_op);
    l_recs.extend;
    l_recs(1) := l_blank_rec;
    if l_req.has(l_key) then
      l_recs(1).id := agentmem_util.check_id(l_req.get(l_key), l_key, false);
    elsif p_actor = 'user' and agentmem_end_user.end_user_active then
      -- Seed (add_user): an omitted user_id is the end user of the active
      -- end-user context.
      l_recs(1).id := substr(agentmem_end_user.current_end_user, 1, 128);
    else
      fail('INVALID_ARGUMENT: ' || l_key || ' is required in the ' || l_op || ' request'
           || case when p_actor = 'user' then ' (it may be omitted only under an end-user context: set_end_user)' end);
    end if;
    if not l_req.has('information') then
      fail('INVALID_ARGUMENT: information is required in the ' || l_op || ' request');
    end if;
    if not l_req.get('information').is_string then
      fail('INVALID_ARGUMENT: information ' || agentmem_util.shown(l_req.get('information')) || ' must be a string');
    end if;
    if l_req.has('metadata') then
      l_meta := l_req.get('metadata');
      if not l_meta.is_null and not l_meta.is_object then
        fail('INVALID_ARGUMENT: metadata ' || agentmem_util.shown(l_meta) || ' must be a JSON object or null');
      end if;
      if l_meta.is_object then
        l_recs(1).metadata := l_meta.to_clob;
      end if;
    end if;
    l_recs(1).content := agentmem_record_data.read_content(l_type, l_req.get('information'), 'information', null,
                                                               l_op);
    l_recs(1).status := 'VALID';

    l_ids.append(l_recs(1).id);
    first_existing(l_store, 'ACTOR_PROFILE', p_actor, l_ids, l_no, l_existing);
    if l_no > 0 then
      agentmem_util.raise_error(dbms_agent_memory_store.co_duplicate_id,
        'DUPLICATE_ID: ' || l_key || ' ' || agentmem_util.shown_text(l_recs(1).id) || ' already has a ' || l_type
        || ' in the store; use update_record to change it');
    end if;
    begin
      agentmem_record_data.insert_records(l_store, l_type, l_recs, 1, l_now);
    exception
      when dup_val_on_index then
        agentmem_util.raise_error(dbms_agent_memory_store.co_duplicate_id,
          'DUPLICATE_ID: ' || l_key || ' ' || agentmem_util.shown_text(l_recs(1).id) || ' got a ' || l_type
          || ' from another session meanwhile; use update_record to change it');
    end;
    -- R1, R7, R8, R18: rows from the information, unscoped, vectors derived.
    l_source.source_id := l_recs(1).id;
    l_source.source_type := l_type;
    l_source.status := 'VALID';
    l_labels.vec_key := 'embeddings';
    l_labels.idx_key := 'index_texts';
    l_labels.record := 'the record';
    agentmem_chunks.plan(l_store, l_source, l_recs(1).content.resolved, l_index, l_vectors, l_labels,
                         l_sources, l_rows, l_unvectored);
    agentmem_chunks.write_rows(l_store, l_sources, l_rows, p_replace => false);
    if l_unvectored then
      agentmem_record_data.warn_unvectored(l_store, agentmem_util.t_text_list(l_recs(1).id), l_warnings);
    end if;
    return response('id', agentmem_util.t_text_list(l_recs(1).id), l_warnings);
  end add_actor;

end agentmem_record_write;
/

