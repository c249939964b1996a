create or replace package body agentmem_record_data
as

  subtype t_store is agentmem_store_catalog.t_store;
  type t_ts_list is table of timestamp with time zone;
  type t_clob_list is table of clob;
  type t_blob_list is table of blob;
  -- Part ids of one message -> the path of the part that used it. Ids are
  -- up to 128 characters (512 bytes in AL32UTF8): the sizes are in bytes.
  type t_seen is table of varchar2(1000 char) index by varchar2(600);

  -- DOCUMENT rows to insert: image records or image parts of messages.
  type t_docs is record (
    ids      agentmem_util.t_text_list := agentmem_util.t_text_list(),
    messages agentmem_util.t_text_list := agentmem_util.t_text_list(),
    parts    agentmem_util.t_text_list := agentmem_util.t_text_list(),
    threads  agentmem_util.t_text_list := agentmem_util.t_text_list(),
    users    agentmem_util.t_text_list := agentmem_util.t_text_list(),
    agents   agentmem_util.t_text_list := agentmem_util.t_text_list(),
    mimes    agentmem_util.t_text_list := agentmem_util.t_text_list(),
    bytes    t_blob_list := t_blob_list(),
    descs    t_clob_list := t_clob_list(),
    metas    t_clob_list := t_clob_list(),
    events   t_ts_list := t_ts_list(),
    status   agentmem_util.t_text_list := agentmem_util.t_text_list(),
    expires  t_ts_list := t_ts_list(),
    nows     t_ts_list := t_ts_list()
  );

  g_id_pool agentmem_util.t_text_list := agentmem_util.t_text_list();

  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  ------------------------------------------------------------------------------
  -- Small helpers
  ------------------------------------------------------------------------------

  function empty_text return clob
  is
    l_text clob;
  begin
    dbms_lob.createtemporary(lob_loc => l_text, cache => true);
    return l_text;
  end empty_text;

  function next_id return varchar2
  is
    l_id varchar2(32 char);
  begin
    if g_id_pool.count = 0 then
      g_id_pool := agentmem_util.new_ids(100);
    end if;
    l_id := g_id_pool(g_id_pool.last);
    g_id_pool.trim;
    return l_id;
  end next_id;

  function image_mime(p_mime in varchar2) return varchar2
  is
  begin
    return case when lower(p_mime) in ('image/png', 'image/jpeg', 'image/webp') then lower(p_mime) end;
  end image_mime;

  function image_bytes(p_text in clob, p_mime in varchar2, p_path in varchar2, p_mime_key in varchar2) return blob
  is
    l_bytes blob := agentmem_util.base64_to_blob(p_text);
    l_head  varchar2(24 char);
  begin
    if l_bytes is null then
      fail('INVALID_ARGUMENT: ' || p_path || ' is not valid base64 (standard alphabet A-Z a-z 0-9 + /,'
           || ' ''='' padding, no line breaks)');
    end if;
    l_head := rawtohex(dbms_lob.substr(lob_loc => l_bytes, amount => 12, offset => 1));
    -- PNG 89 50 4E 47 0D 0A 1A 0A; JPEG FF D8 FF; WebP "RIFF" ? ? ? ? "WEBP".
    if not (p_mime = 'image/png' and l_head like '89504E470D0A1A0A%'
            or p_mime = 'image/jpeg' and l_head like 'FFD8FF%'
            or p_mime = 'image/webp' and l_head like '52494646________57454250%') then
      fail('INVALID_ARGUMENT: ' || p_path || ' bytes do not start with the ' || p_mime || ' signature; '
           || p_mime_key || ' must match the image');
    end if;
    return l_bytes;
  end image_bytes;

  -- A JSON string element as text, "" as a zero-length CLOB.
  function text_of(p_element in json_element_t) return clob
  is
    l_text clob := agentmem_util.string_value(p_element);
  begin
    return case when l_text is null then empty_text else l_text end;
  end text_of;

  function length_of(p_text in clob) return pls_integer
  is
  begin
    return nvl(dbms_lob.getlength(lob_loc => p_text), 0);
  end length_of;

  procedure append_text(p_text in out nocopy clob, p_more in clob)
  is
  begin
    if length_of(p_more) > 0 then
      dbms_lob.append(dest_lob => p_text, src_lob => p_more);
    end if;
  end append_text;

  ------------------------------------------------------------------------------
  -- Content (§3.2)
  ------------------------------------------------------------------------------

  -- One part of a multimodal message (R15). Appends to p_content (text,
  -- images) and to the CONTENT_PARTS array p_stored.
  procedure read_part(p_part in json_element_t, p_path in varchar2, p_index in pls_integer,
                      p_content in out nocopy t_content, p_stored in out nocopy json_array_t,
                      p_ids in out nocopy t_seen, p_texts in out nocopy pls_integer, p_op in varchar2)
  is
    l_part  json_object_t;
    l_type  varchar2(10 char);
    l_id    varchar2(128 char);
    l_ts    timestamp with time zone;
    l_out   json_object_t := json_object_t();
    l_image t_image;
    l_mime  varchar2(16 char);
  begin
    if not p_part.is_object then
      fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_part)
           || ' must be a content part object ({"type": "text", ...} or {"type": "image", ...})');
    end if;
    l_part := treat(p_part as json_object_t);
    if l_part.has('type') and l_part.get('type').is_string then
      l_type := lower(substr(l_part.get_string('type'), 1, 10));
    end if;
    if l_type is null or l_type not in ('text', 'image') then
      fail('INVALID_ARGUMENT: ' || p_path || '.type '
           || case when l_part.has('type') then agentmem_util.shown(l_part.get('type')) else 'null' end
           || ' must be text or image');
    end if;
    agentmem_util.reject_keys(l_part, case l_type when 'text' then 'type,text,id,timestamp'
                                               else 'type,mime_type,bytes,description,id,timestamp' end,
                              p_op, p_path);
    if l_part.has('id') then
      l_id := agentmem_util.check_id(l_part.get('id'), p_path || '.id', true);
    end if;
    if l_id is not null and p_ids.exists(l_id) then
      fail('INVALID_ARGUMENT: ' || p_path || '.id ' || agentmem_util.shown_text(l_id) || ' repeats ' || p_ids(l_id)
           || '.id; part ids must be unique within a message');
    end if;
    l_id := nvl(l_id, next_id);
    p_ids(l_id) := p_path;
    if l_part.has('timestamp') and not l_part.get('timestamp').is_null then
      l_ts := case when l_part.get('timestamp').is_string
                   then agentmem_util.iso_to_utc(substr(l_part.get_string('timestamp'), 1, 100)) end;
      if l_ts is null then
        fail('INVALID_ARGUMENT: ' || p_path || '.timestamp ' || agentmem_util.shown(l_part.get('timestamp')) || co_iso_rule);
      end if;
    end if;
    l_out.put('type', l_type);
    l_out.put('id', l_id);
    if l_type = 'text' then
      if not l_part.has('text') or not l_part.get('text').is_string then
        fail('INVALID_ARGUMENT: ' || p_path || '.text '
             || case when l_part.has('text') then agentmem_util.shown(l_part.get('text')) else 'null' end
             || ' must be a string (a text part needs its text)');
      end if;
      -- CONTENT: the text parts joined with LF.
      if p_texts > 0 then
        dbms_lob.writeappend(lob_loc => p_content.text, amount => 1, buffer => chr(10));
      end if;
      append_text(p_content.text, text_of(l_part.get('text')));
      p_texts := p_texts + 1;
      agentmem_util.put_clob(l_out, 'text', text_of(l_part.get('text')));
      if l_ts is null then
        l_out.put_null('timestamp');
      else
        l_out.put('timestamp', agentmem_util.iso_utc(l_ts));
      end if;
    else
      if l_part.has('mime_type') and l_part.get('mime_type').is_string then
        l_mime := image_mime(substr(l_part.get_string('mime_type'), 1, 16));
      end if;
      if l_mime is null then
        fail('INVALID_ARGUMENT: ' || p_path || '.mime_type '
             || case when l_part.has('mime_type') then agentmem_util.shown(l_part.get('mime_type')) else 'null' end
             || ' must be one of ' || co_mimes);
      end if;
      if not l_part.has('bytes') or l_part.get('bytes').is_null then
        fail('INVALID_ARGUMENT: ' || p_path || '.bytes is required for an image part (base64 of the image)');
      end if;
      if not l_part.get('bytes').is_string then
        fail('INVALID_ARGUMENT: ' || p_path || '.bytes ' || agentmem_util.shown(l_part.get('bytes'))
             || ' must be a base64 string');
      end if;
      if l_part.has('description') and not l_part.get('description').is_null
         and not l_part.get('description').is_string then
        fail('INVALID_ARGUMENT: ' || p_path || '.description ' || agentmem_util.shown(l_part.get('description'))
             || ' must be a string or null');
      end if;
      l_image.id := l_id;
      l_image.part_index := p_index;
      l_image.mime := l_mime;
      l_image.bytes := image_bytes(l_part.get_clob('bytes'), l_mime, p_path || '.bytes', p_path || '.mime_type');
      if l_part.has('description') and l_part.get('description').is_string then
        l_image.description := text_of(l_part.get('description'));
      end if;
      l_image.event_ts := l_ts;
      p_content.images.extend;
      p_content.images(p_content.images.last) := l_image;
    end if;
    p_stored.append(l_out);
  end read_part;

  function read_content(p_type in varchar2, p_element in json_element_t, p_path in varchar2,
                        p_mime in varchar2, p_op in varchar2) return t_content
  is
    l_content t_content;
    l_list    json_array_t;
    l_stored  json_array_t := json_array_t();
    l_ids     t_seen;
    l_texts   pls_integer := 0;
    l_summary json_object_t;
    l_kinds   varchar2(100 char);
  begin
    l_content.images := t_image_list();
    case
      when p_type = 'message' and p_element.is_array then
        l_list := treat(p_element as json_array_t);
        if l_list.get_size = 0 then
          fail('INVALID_ARGUMENT: ' || p_path || ' is an empty list; a message needs at least one content part');
        end if;
        l_content.text := empty_text;
        for j in 0 .. l_list.get_size - 1 loop
          read_part(l_list.get(j), p_path || '[' || j || ']', j, l_content, l_stored, l_ids, l_texts, p_op);
        end loop;
        l_content.parts := l_stored.to_clob;
        l_content.resolved := l_content.text;
      when p_type = 'thread_summary' and p_element.is_object then
        l_content.summary := p_element.to_clob;
        l_summary := treat(p_element as json_object_t);
        if l_summary.has('text') and l_summary.get('text').is_string then
          l_content.resolved := text_of(l_summary.get('text'));
        end if;
      when p_type = 'image' and p_element.is_string then
        l_content.mime := p_mime;
        l_content.bytes := image_bytes(agentmem_util.string_value(p_element), p_mime, p_path,
                                       'image_mime_type');
      when p_type not in ('image') and p_element.is_string then
        l_content.text := text_of(p_element);
        l_content.resolved := l_content.text;
        if p_type = 'thread_summary' then
          -- A text summary is stored as {"text": ...}.
          l_summary := json_object_t();
          agentmem_util.put_clob(l_summary, 'text', l_content.text);
          l_content.summary := l_summary.to_clob;
          l_content.text := null;
        end if;
      else
        l_kinds := case p_type when 'message' then 'a string or a non-empty list of content parts'
                               when 'thread_summary' then 'an object or a string'
                               when 'image' then 'a base64 string of the image bytes'
                               else 'a string' end;
        fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_element)
             || ' is not valid content for record_type ' || agentmem_util.shown_text(p_type) || '; expected '
             || l_kinds);
    end case;
    return l_content;
  end read_content;

  ------------------------------------------------------------------------------
  -- Expiry (§3.3, U17)
  ------------------------------------------------------------------------------

  function expiry(p_store in agentmem_store_catalog.t_store, p_days_given in boolean, p_days in number,
                  p_anchor in timestamp with time zone, p_now in timestamp with time zone,
                  p_days_path in varchar2, p_id in varchar2, p_refresh in boolean,
                  p_warnings in out nocopy agentmem_util.t_text_list) return timestamp with time zone
  is
    l_max     number := p_store.config.max_ttl_days;
    l_days    number;
    l_expires timestamp with time zone;
    l_room    number;
  begin
    if p_days_given and p_days is not null then
      l_days := p_days;
      if l_max is not null and p_days > l_max then
        l_days := l_max;
        agentmem_util.append(p_warnings, p_days_path || ' ' || p_days || ' exceeds max_ttl_days ' || l_max
                                         || ': clamped to ' || l_max || ' days for record '
                                         || agentmem_util.shown_text(p_id));
      end if;
    elsif not p_days_given and p_store.config.default_ttl_days is not null then
      l_days := p_store.config.default_ttl_days;
    else
      l_days := l_max;   -- max_ttl_days is a hard limit, also for null; none = never
    end if;
    if l_days is null then
      return null;
    end if;
    -- A TIMESTAMP anchor may be as late as 9999-12-31: adding days past the
    -- last representable year raises a datetime error, not a clear one. The
    -- anchor is UTC (iso_to_utc, SYSTIMESTAMP within 14 hours of it); one
    -- day of margin covers the offset.
    l_room := date '9999-12-31' - cast(p_anchor as date) - 1;
    if l_days > l_room then
      fail('INVALID_ARGUMENT: ' || p_days_path || ' ' || l_days || ' (days of expiry) puts expires_at of record '
           || agentmem_util.shown_text(p_id) || ' after 9999-12-31 (anchor ' || agentmem_util.iso_utc(p_anchor)
           || '); pass fewer ttl_days or an earlier timestamp');
    end if;
    l_expires := p_anchor + numtodsinterval(l_days, 'DAY');
    if l_expires <= p_now then
      agentmem_util.append(p_warnings, 'record ' || agentmem_util.shown_text(p_id)
        || case when p_refresh then ' is expired after the refresh' else ' is expired on insert' end
        || ': expires_at ' || agentmem_util.iso_utc(l_expires) || ' is in the past');
    end if;
    return l_expires;
  end expiry;

  ------------------------------------------------------------------------------
  -- Inserts
  ------------------------------------------------------------------------------

  procedure add_doc(p_docs in out nocopy t_docs, p_image in t_image, p_message_id in varchar2,
                    p_thread_id in varchar2, p_user_id in varchar2, p_agent_id in varchar2, p_metadata in clob,
                    p_status in varchar2, p_expires in timestamp with time zone, p_now in timestamp with time zone)
  is
  begin
    agentmem_util.append(p_docs.ids, p_image.id);
    agentmem_util.append(p_docs.messages, p_message_id);
    agentmem_util.append(p_docs.parts, to_char(p_image.part_index));
    agentmem_util.append(p_docs.threads, p_thread_id);
    agentmem_util.append(p_docs.users, p_user_id);
    agentmem_util.append(p_docs.agents, p_agent_id);
    agentmem_util.append(p_docs.mimes, p_image.mime);
    agentmem_util.append(p_docs.status, p_status);
    p_docs.bytes.extend;   p_docs.bytes(p_docs.bytes.last) := p_image.bytes;
    p_docs.descs.extend;   p_docs.descs(p_docs.descs.last) := p_image.description;
    p_docs.metas.extend;   p_docs.metas(p_docs.metas.last) := p_metadata;
    p_docs.events.extend;  p_docs.events(p_docs.events.last) := p_image.event_ts;
    p_docs.expires.extend; p_docs.expires(p_docs.expires.last) := p_expires;
    p_docs.nows.extend;    p_docs.nows(p_docs.nows.last) := p_now;
  end add_doc;

  procedure insert_docs(p_store in t_store, p_docs in t_docs, p_batch_size in pls_integer)
  is
    l_from pls_integer := 1;
    l_to   pls_integer;
  begin
    while l_from <= p_docs.ids.count loop
      l_to := least(l_from + p_batch_size - 1, p_docs.ids.count);
      forall i in l_from .. l_to
        execute immediate
          'insert into ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'DOCUMENT')
          || ' (record_id, message_id, part_index, thread_id, user_id, agent_id, mime_type, content_bytes,'
          || ' description, metadata, event_timestamp, status, created_at, updated_at, expires_at)'
          || ' values (:1, :2, to_number(:3), :4, :5, :6, :7, :8, :9, json(:10), :11, :12, :13, :14, :15)'
          using p_docs.ids(i), p_docs.messages(i), p_docs.parts(i), p_docs.threads(i), p_docs.users(i),
                p_docs.agents(i), p_docs.mimes(i), p_docs.bytes(i), p_docs.descs(i), p_docs.metas(i),
                p_docs.events(i), p_docs.status(i), p_docs.nows(i), p_docs.nows(i), p_docs.expires(i);
      l_from := l_to + 1;
    end loop;
  end insert_docs;

  procedure insert_parts(p_store in agentmem_store_catalog.t_store, p_message_id in varchar2,
                         p_images in t_image_list, p_thread_id in varchar2, p_user_id in varchar2,
                         p_agent_id in varchar2, p_status in varchar2, p_expires in timestamp with time zone,
                         p_now in timestamp with time zone)
  is
    l_docs t_docs;
  begin
    if p_images is null or p_images.count = 0 then
      return;
    end if;
    for j in 1 .. p_images.count loop
      add_doc(l_docs, p_images(j), p_message_id, p_thread_id, p_user_id, p_agent_id, null, p_status, p_expires, p_now);
    end loop;
    insert_docs(p_store, l_docs, p_images.count);
  end insert_parts;

  procedure plan_parts(p_store in agentmem_store_catalog.t_store, p_images in t_image_list,
                       p_base in agentmem_chunks.t_source,
                       p_sources in out nocopy agentmem_chunks.t_source_list,
                       p_rows in out nocopy agentmem_chunks.t_row_list)
  is
    l_source     agentmem_chunks.t_source := p_base;
    l_index      agentmem_chunks.t_index;
    l_vectors    agentmem_chunks.t_vectors;
    l_labels     agentmem_chunks.t_labels;
    l_unvectored boolean;
  begin
    if p_images is null then
      return;
    end if;
    for j in 1 .. p_images.count loop
      -- R15: an image part's rows come from its description, split and
      -- embedded like any text; caller vectors belong to the message only.
      l_source.source_id := p_images(j).id;
      l_source.source_type := 'image';
      agentmem_chunks.plan(p_store, l_source, p_images(j).description, l_index, l_vectors, l_labels,
                           p_sources, p_rows, l_unvectored);
    end loop;
  end plan_parts;

  -- Inserts the records of one batch into their table, batch_size rows per
  -- FORALL (§1: batch_size is the bulk statement size inside the call).
  procedure insert_records(p_store in agentmem_store_catalog.t_store, p_type in varchar2,
                           p_records in t_record_list, p_batch_size in pls_integer,
                           p_now in timestamp with time zone)
  is
    l_base    varchar2(30 char) := agentmem_record_read.table_base(p_type);
    l_ids     agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_keys    agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_threads agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_users   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_agents  agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_roles   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_status  agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_texts   t_clob_list := t_clob_list();
    l_parts   t_clob_list := t_clob_list();
    l_metas   t_clob_list := t_clob_list();
    l_events  t_ts_list := t_ts_list();
    l_expires t_ts_list := t_ts_list();
    l_nows    t_ts_list := t_ts_list();
    l_docs    t_docs;
    l_image   t_image;
    l_from    pls_integer := 1;
    l_to      pls_integer;
  begin
    for i in 1 .. p_records.count loop
      agentmem_util.append(l_ids, p_records(i).id);
      agentmem_util.append(l_keys, agentmem_record_read.type_key(p_type));
      agentmem_util.append(l_threads, p_records(i).thread_id);
      agentmem_util.append(l_users, p_records(i).user_id);
      agentmem_util.append(l_agents, p_records(i).agent_id);
      agentmem_util.append(l_roles, p_records(i).role);
      agentmem_util.append(l_status, p_records(i).status);
      l_texts.extend;   l_texts(i) := case when l_base = 'THREAD_SUMMARY' then p_records(i).content.summary
                                            else p_records(i).content.text end;
      l_parts.extend;   l_parts(i) := p_records(i).content.parts;
      l_metas.extend;   l_metas(i) := p_records(i).metadata;
      l_events.extend;  l_events(i) := p_records(i).event_ts;
      l_expires.extend; l_expires(i) := p_records(i).expires;
      l_nows.extend;    l_nows(i) := p_now;
      if l_base = 'DOCUMENT' then
        l_image.id := p_records(i).id;
        l_image.part_index := null;
        l_image.mime := p_records(i).content.mime;
        l_image.bytes := p_records(i).content.bytes;
        l_image.description := p_records(i).content.text;
        l_image.event_ts := p_records(i).event_ts;
        add_doc(l_docs, l_image, null, p_records(i).thread_id, p_records(i).user_id, p_records(i).agent_id,
                p_records(i).metadata, p_records(i).status, p_records(i).expires, p_now);
      elsif l_base = 'MESSAGE' and p_records(i).content.images is not null then
        for j in 1 .. p_records(i).content.images.count loop
          add_doc(l_docs, p_records(i).content.images(j), p_records(i).id, p_records(i).thread_id, p_records(i).user_id,
                  p_records(i).agent_id, null, p_records(i).status, p_records(i).expires, p_now);
        end loop;
      end if;
    end loop;

    while l_base <> 'DOCUMENT' and l_from <= l_ids.count loop
      l_to := least(l_from + p_batch_size - 1, l_ids.count);
      case l_base
        when 'THREAD' then
          forall i in l_from .. l_to
            execute immediate
              'insert into ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD')
              || ' (record_id, user_id, agent_id, content, metadata, event_timestamp, status, created_at, updated_at)'
              || ' values (:1, :2, :3, :4, json(:5), :6, :7, :8, :9)'
              using l_ids(i), l_users(i), l_agents(i), l_texts(i), l_metas(i), l_events(i), l_status(i),
                    l_nows(i), l_nows(i);
        when 'MESSAGE' then
          -- SEQ_NO (identity) follows the execution order: input order.
          forall i in l_from .. l_to
            execute immediate
              'insert into ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MESSAGE')
              || ' (record_id, thread_id, user_id, agent_id, message_role, content, content_parts, metadata,'
              || ' event_timestamp, status, created_at, updated_at, expires_at)'
              -- CONTENT is NOT NULL: "" arrives as a zero-length temporary
              -- LOB; should a bind ever turn it into NULL, EMPTY_CLOB()
              -- (documented as an empty, not null, LOB) stands in.
              || ' values (:1, :2, :3, :4, :5, nvl(:6, empty_clob()), json(:7), json(:8), :9, :10, :11, :12, :13)'
              using l_ids(i), l_threads(i), l_users(i), l_agents(i), l_roles(i), l_texts(i), l_parts(i),
                    l_metas(i), l_events(i), l_status(i), l_nows(i), l_nows(i), l_expires(i);
        when 'MEMORY' then
          forall i in l_from .. l_to
            execute immediate
              'insert into ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY')
              || ' (record_id, memory_type, thread_id, user_id, agent_id, content, metadata, event_timestamp,'
              || ' status, created_at, updated_at, expires_at)'
              || ' values (:1, :2, :3, :4, :5, :6, json(:7), :8, :9, :10, :11, :12)'
              using l_ids(i), l_keys(i), l_threads(i), l_users(i), l_agents(i), l_texts(i), l_metas(i),
                    l_events(i), l_status(i), l_nows(i), l_nows(i), l_expires(i);
        when 'THREAD_SUMMARY' then
          forall i in l_from .. l_to
            execute immediate
              'insert into ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'THREAD_SUMMARY')
              || ' (record_id, thread_id, user_id, agent_id, content, metadata, event_timestamp, status,'
              || ' created_at, updated_at)'
              || ' values (:1, :2, :3, :4, json(:5), json(:6), :7, :8, :9, :10)'
              using l_ids(i), l_threads(i), l_users(i), l_agents(i), l_texts(i), l_metas(i), l_events(i),
                    l_status(i), l_nows(i), l_nows(i);
        else
          forall i in l_from .. l_to
            execute immediate
              'insert into ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'ACTOR_PROFILE')
              || ' (record_id, actor_type, content, metadata, event_timestamp, status, created_at, updated_at)'
              || ' values (:1, :2, nvl(:3, empty_clob()), json(:4), :5, :6, :7, :8)'   -- as MESSAGE.CONTENT
              using l_ids(i), l_keys(i), l_texts(i), l_metas(i), l_events(i), l_status(i), l_nows(i), l_nows(i);
      end case;
      l_from := l_to + 1;
    end loop;
    insert_docs(p_store, l_docs, p_batch_size);
  end insert_records;

  function stored_metadata(p_meta in json_object_t, p_type in varchar2) return clob
  is
    l_copy json_object_t;
  begin
    if p_meta is null then
      return null;
    end if;
    if p_type <> 'image' then
      return p_meta.to_clob;
    end if;
    -- A parsed copy: the broadcast object must keep the key for the next record.
    l_copy := json_object_t.parse(p_meta.to_clob);
    l_copy.remove('image_mime_type');
    return l_copy.to_clob;
  end stored_metadata;

  -- The description of an image record from its index text (R16).
  function image_description(p_index in agentmem_chunks.t_index) return clob
  is
    l_text clob;
  begin
    case p_index.kind
      when 'TEXT' then
        return p_index.text;
      when 'EMPTY' then
        return empty_text;
      when 'CHUNKS' then
        l_text := empty_text;
        for j in 1 .. p_index.chunks.count loop
          if j > 1 then
            dbms_lob.writeappend(lob_loc => l_text, amount => 1, buffer => chr(10));
          end if;
          append_text(l_text, p_index.chunks(j));
        end loop;
        return l_text;
      else
        return null;
    end case;
  end image_description;

  -- Reads and validates one batch (§3.1, §3.2): keys key by key in the
  -- contract's table order, then the per-record rules in input order.
  -- W3 (§2): records whose rows wait for a model the VECTOR store lacks.
  procedure warn_unvectored(p_store in agentmem_store_catalog.t_store, p_ids in agentmem_util.t_text_list,
                            p_warnings in out nocopy agentmem_util.t_text_list)
  is
    l_text varchar2(4000 char);
  begin
    if p_ids.count = 0 then
      return;
    end if;
    for i in 1 .. least(p_ids.count, 10) loop
      l_text := l_text || case when i > 1 then ', ' end || agentmem_util.shown_text(p_ids(i));
    end loop;
    if p_ids.count > 10 then
      l_text := l_text || ' and ' || (p_ids.count - 10) || ' more';
    end if;
    agentmem_util.append(p_warnings, 'records ' || l_text || ' were stored without vectors: the store has vector_dim '
      || p_store.config.vector_dim || ' but no embedding_model and the request gave no embeddings; VECTOR search'
      || ' does not find them until update_record gives them an embedding');
  end warn_unvectored;

end agentmem_record_data;
/
