create or replace package body agentmem_record_read
as

  subtype t_store is agentmem_store_catalog.t_store;
  type t_clob_list is table of clob;
  type t_blob_list is table of blob;
  type t_number_list is table of number;
  type t_position is table of pls_integer index by varchar2(512);

  -- The image parts of messages, from their DOCUMENT rows (load_parts).
  -- Types and items precede the first subprogram body: a declare section
  -- takes none after one (PL/SQL Language Reference, Block: item_list_2).
  type t_parts is record (
    ids      agentmem_util.t_text_list,
    mimes    agentmem_util.t_text_list,
    descs    t_clob_list,
    events   agentmem_util.t_text_list,
    position t_position,
    bytes_at t_position,
    bytes    t_clob_list
  );

  -- A TIMESTAMP WITH TIME ZONE column as response text (UTC, 6 digits, Z).
  co_utc constant varchar2(40 char) := ', ''YYYY-MM-DD"T"HH24:MI:SS.FF6"Z"'')';
  -- The ids of a call, bound as one JSON array, joined in their order.
  co_ids_join constant varchar2(200 char) :=
    ' from json_table(:ids, ''$[*]'' columns (n for ordinality, id varchar2(512) path ''$'')) k join ';
  -- list_records without a limit key (docs/protocol-records.md §8).
  co_default_limit constant pls_integer := 1000;
  -- "No bound" for seq_no ranges, and "all rows" for an omitted last_n.
  co_unbounded constant number := 1e30;
  co_all_rows  constant number := 1e12;

  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  ------------------------------------------------------------------------------
  -- Shared
  ------------------------------------------------------------------------------

  function usable_store(p_store_id in varchar2, p_schema_owner in varchar2)
    return agentmem_store_catalog.t_store
  is
    l_store t_store := agentmem_store.locate(p_store_id, p_schema_owner);
  begin
    if not l_store.registered then
      agentmem_util.raise_error(dbms_agent_memory_store.co_not_found,
        'NOT_FOUND: ' || agentmem_store_catalog.display_name(l_store) || ' is not registered in '
        || l_store.owner || '.AGENTMEM_STORE_REGISTRY; check p_store_id and p_schema_owner'
        || ' (list_stores shows the stores)');
    end if;
    if l_store.status <> 'READY' then
      agentmem_util.raise_error(dbms_agent_memory_store.co_store_broken,
        'STORE_BROKEN: ' || agentmem_store_catalog.display_name(l_store) || ' is ' || l_store.status || ': '
        || nvl(l_store.status_detail, 'a create, repair or drop did not finish.')
        || ' Ask the owner ' || l_store.owner || ' to open it with CREATE_IF_NECESSARY (or to finish drop_store)');
    end if;
    if l_store.schema_version < agentmem_store_catalog.co_schema_version then
      agentmem_util.raise_error(dbms_agent_memory_store.co_schema_outdated,
        'SCHEMA_OUTDATED: ' || agentmem_store_catalog.display_name(l_store) || ' is at schema_version '
        || l_store.schema_version || ' and this package needs schema_version '
        || agentmem_store_catalog.co_schema_version || ': the owner ' || l_store.owner
        || ' runs dbms_agent_memory_store.upgrade_store (CLI: agentmem store upgrade)');
    end if;
    if l_store.schema_version > agentmem_store_catalog.co_schema_version then
      agentmem_util.raise_error(dbms_agent_memory_store.co_incompatible_store,
        'INCOMPATIBLE_STORE: ' || agentmem_store_catalog.display_name(l_store) || ' is at schema_version '
        || l_store.schema_version || ', newer than schema_version ' || agentmem_store_catalog.co_schema_version
        || ' of this package (' || dbms_agent_memory_store.co_version || '); install the newer agentmem');
    end if;
    -- The one place every data call resolves its store, once per call: a
    -- store with security policies needs an end user unless the session is
    -- the owner's (END_USER_CONTEXT_REQUIRED), before any record is read or
    -- written (docs/security.md).
    agentmem_end_user.check_data_call(l_store.owner, l_store.store_key, agentmem_store_catalog.display_name(l_store));
    return l_store;
  end usable_store;

  function memory_like(p_type in varchar2) return boolean
  is
  begin
    return p_type in ('memory', 'fact', 'guideline', 'preference');
  end memory_like;

  function expiring(p_type in varchar2) return boolean
  is
  begin
    return memory_like(p_type) or p_type in ('message', 'image');
  end expiring;

  function table_base(p_type in varchar2) return varchar2
  is
  begin
    return case
             when memory_like(p_type) then 'MEMORY'
             when p_type = 'thread' then 'THREAD'
             when p_type = 'message' then 'MESSAGE'
             when p_type = 'thread_summary' then 'THREAD_SUMMARY'
             when p_type = 'image' then 'DOCUMENT'
             when p_type in ('user_profile', 'agent_profile') then 'ACTOR_PROFILE'
           end;
  end table_base;

  function type_key(p_type in varchar2) return varchar2
  is
  begin
    return case p_type when 'user_profile' then 'user' when 'agent_profile' then 'agent' else p_type end;
  end type_key;

  function id_array(p_ids in agentmem_util.t_text_list) return clob
  is
    l_array json_array_t := json_array_t();
  begin
    for i in 1 .. p_ids.count loop
      l_array.append(p_ids(i));
    end loop;
    return l_array.to_clob;
  end id_array;

  ------------------------------------------------------------------------------
  -- Record objects
  ------------------------------------------------------------------------------

  procedure put_json(p_obj in out nocopy json_object_t, p_key in varchar2, p_json in clob)
  is
  begin
    if p_json is null then
      p_obj.put_null(p_key);
    else
      p_obj.put(p_key, json_element_t.parse(p_json));
    end if;
  end put_json;

  procedure put_value(p_obj in out nocopy json_object_t, p_key in varchar2, p_value in varchar2)
  is
  begin
    if p_value is null then
      p_obj.put_null(p_key);
    else
      p_obj.put(p_key, p_value);
    end if;
  end put_value;

  -- Bytes of DOCUMENT rows by record id, base64 (one statement). p_chosen
  -- NULL: the bytes of every p_ids row; else only of the rows whose id is
  -- also in p_chosen (the others' bytes are not read, T19).
  procedure load_bytes(p_store in t_store, p_ids in agentmem_util.t_text_list, p_chosen in agentmem_util.t_text_list,
                       p_position out t_position, p_bytes out t_clob_list)
  is
    l_ids    agentmem_util.t_text_list;
    l_blobs  t_blob_list;
    l_every  pls_integer := 1;
    l_chosen agentmem_util.t_text_list := agentmem_util.t_text_list();
  begin
    p_bytes := t_clob_list();
    if p_ids.count = 0 then
      return;
    end if;
    if p_chosen is not null then
      l_every := 0;
      l_chosen := p_chosen;
    end if;
    execute immediate
      'select d.record_id, d.content_bytes' || co_ids_join
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'DOCUMENT') || ' d on d.record_id = k.id'
      || ' where :b_every = 1 or d.record_id in (select c.id from json_table(:b_chosen, ''$[*]'''
      || ' columns (id varchar2(512) path ''$'')) c)'
      bulk collect into l_ids, l_blobs
      using id_array(p_ids), l_every, id_array(l_chosen);
    for i in 1 .. l_ids.count loop
      p_bytes.extend;
      p_bytes(i) := agentmem_util.blob_to_base64(l_blobs(i));
      p_position(l_ids(i)) := i;
    end loop;
  end load_bytes;

  -- Loads the image parts of the messages p_message_ids (one statement,
  -- plus one for the bytes of the parts p_chosen selects, see load_bytes).
  procedure load_parts(p_store in t_store, p_message_ids in agentmem_util.t_text_list, p_include_bytes in boolean,
                       p_chosen in agentmem_util.t_text_list, p_parts out t_parts)
  is
    l_msg agentmem_util.t_text_list;
  begin
    execute immediate
      'select d.message_id, d.record_id, d.mime_type, d.description,'
      || ' to_char(sys_extract_utc(d.event_timestamp)' || co_utc || co_ids_join
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'DOCUMENT') || ' d on d.message_id = k.id'
      bulk collect into l_msg, p_parts.ids, p_parts.mimes, p_parts.descs, p_parts.events
      using id_array(p_message_ids);
    for i in 1 .. p_parts.ids.count loop
      p_parts.position(p_parts.ids(i)) := i;
    end loop;
    p_parts.bytes := t_clob_list();
    if p_include_bytes then
      load_bytes(p_store, p_parts.ids, p_chosen, p_parts.bytes_at, p_parts.bytes);
    end if;
  end load_parts;

  -- The content of a multimodal message (§6): text parts as stored in
  -- CONTENT_PARTS, image parts completed from their DOCUMENT rows.
  function parts_json(p_stored in clob, p_parts in t_parts, p_include_bytes in boolean) return json_array_t
  is
    l_stored json_array_t := json_array_t.parse(p_stored);
    l_list   json_array_t := json_array_t();
    l_part   json_object_t;
    l_out    json_object_t;
    l_id     varchar2(128 char);
    l_pos    pls_integer;
  begin
    for k in 0 .. l_stored.get_size - 1 loop
      l_part := treat(l_stored.get(k) as json_object_t);
      if l_part.get_string('type') = 'text' then
        l_list.append(l_part);
      else
        -- Ids were checked (at most 128 characters) when written; substr keeps a
        -- damaged row from failing the read with ORA-06502.
        l_id := substr(l_part.get_string('id'), 1, 128);
        l_out := json_object_t();
        l_out.put('type', 'image');
        l_out.put('id', l_id);
        if p_parts.position.exists(l_id) then
          l_pos := p_parts.position(l_id);
          l_out.put('mime_type', p_parts.mimes(l_pos));
          agentmem_util.put_clob(l_out, 'description', p_parts.descs(l_pos));
          if p_include_bytes and p_parts.bytes_at.exists(l_id) then
            agentmem_util.put_clob(l_out, 'bytes', p_parts.bytes(p_parts.bytes_at(l_id)));
          else
            l_out.put_null('bytes');
          end if;
          put_value(l_out, 'timestamp', p_parts.events(l_pos));
        end if;
        l_list.append(l_out);
      end if;
    end loop;
    return l_list;
  end parts_json;

  function records_json(p_store         in agentmem_store_catalog.t_store,
                        p_type          in varchar2,
                        p_ids           in agentmem_util.t_text_list,
                        p_include_bytes in boolean,
                        p_image_ids     in agentmem_util.t_text_list default null) return json_array_t
  is
    l_base     varchar2(30 char) := table_base(p_type);
    l_objects  json_array_t := json_array_t();
    l_obj      json_object_t;
    l_ids      agentmem_util.t_text_list;
    l_threads  agentmem_util.t_text_list;
    l_users    agentmem_util.t_text_list;
    l_agents   agentmem_util.t_text_list;
    l_metas    t_clob_list;
    l_status   agentmem_util.t_text_list;
    l_events   agentmem_util.t_text_list;
    l_created  agentmem_util.t_text_list;
    l_updated  agentmem_util.t_text_list;
    l_expires  agentmem_util.t_text_list;
    l_contents t_clob_list;
    l_extra1   t_clob_list;
    l_extra2   t_clob_list;
    l_roles    agentmem_util.t_text_list;
    l_seqs     t_number_list;
    l_messages agentmem_util.t_text_list;
    l_mimes    agentmem_util.t_text_list;
    l_partidx  t_number_list;
    l_bytes_at t_position;
    l_bytes    t_clob_list;
    l_parts    t_parts;
  begin
    if p_ids is null or p_ids.count = 0 then
      return l_objects;
    end if;
    -- One column list for every table (NULL where a table has no such
    -- column), so one fetch serves all record types.
    execute immediate
      'select t.record_id, '
      || case l_base when 'THREAD' then 't.record_id, t.user_id, t.agent_id, '
                     when 'ACTOR_PROFILE' then 'null, null, null, '
                     else 't.thread_id, t.user_id, t.agent_id, ' end
      || 'json_serialize(t.metadata returning clob), t.status, '
      || 'to_char(sys_extract_utc(t.event_timestamp)' || co_utc || ', '
      || 'to_char(sys_extract_utc(t.created_at)' || co_utc || ', '
      || 'to_char(sys_extract_utc(t.updated_at)' || co_utc || ', '
      || case when l_base in ('MESSAGE', 'MEMORY', 'DOCUMENT')
              then 'to_char(sys_extract_utc(t.expires_at)' || co_utc || ', ' else 'null, ' end
      || case l_base
           when 'THREAD' then 't.content, json_serialize(t.runtime_config returning clob),'
                              || ' json_serialize(t.runtime_state returning clob), null, null, null, null, null'
           when 'MESSAGE' then 't.content, json_serialize(t.content_parts returning clob), to_clob(null),'
                               || ' t.message_role, t.seq_no, null, null, null'
           when 'THREAD_SUMMARY' then 'json_serialize(t.content returning clob), to_clob(null), to_clob(null),'
                                      || ' null, null, null, null, null'
           when 'DOCUMENT' then 't.description, to_clob(null), to_clob(null), null, null, t.message_id,'
                                || ' t.mime_type, t.part_index'
           else 't.content, to_clob(null), to_clob(null), null, null, null, null, null' end
      || co_ids_join || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || l_base)
      || ' t on t.record_id = k.id'
      -- Memory-like types and profiles share a table: the type column
      -- selects; the other tables hold one type (the bind is never NULL).
      || case l_base when 'MEMORY' then ' where t.memory_type = :ty'
                     when 'ACTOR_PROFILE' then ' where t.actor_type = :ty'
                     else ' where :ty is not null' end
      || case when l_base in ('MESSAGE', 'MEMORY', 'DOCUMENT')
              then ' and (t.expires_at is null or t.expires_at > systimestamp)' end
      || ' order by k.n'
      bulk collect into l_ids, l_threads, l_users, l_agents, l_metas, l_status, l_events, l_created, l_updated,
                        l_expires, l_contents, l_extra1, l_extra2, l_roles, l_seqs, l_messages, l_mimes, l_partidx
      using id_array(p_ids), type_key(p_type);

    if p_include_bytes and l_base = 'DOCUMENT' then
      load_bytes(p_store, l_ids, p_image_ids, l_bytes_at, l_bytes);
    end if;
    if l_base = 'MESSAGE' and l_ids.count > 0 then
      load_parts(p_store, l_ids, p_include_bytes, p_image_ids, l_parts);
    end if;
    for i in 1 .. l_ids.count loop
      l_obj := json_object_t();
      l_obj.put('record_type', p_type);
      l_obj.put('id', l_ids(i));
      if l_base = 'THREAD_SUMMARY' then
        put_json(l_obj, 'content', l_contents(i));
      elsif l_base = 'MESSAGE' and l_extra1(i) is not null then
        l_obj.put('content', parts_json(l_extra1(i), l_parts, p_include_bytes));
      else
        agentmem_util.put_clob(l_obj, 'content', l_contents(i));
      end if;
      if l_base <> 'ACTOR_PROFILE' then
        put_value(l_obj, 'thread_id', l_threads(i));
        put_value(l_obj, 'user_id', l_users(i));
        put_value(l_obj, 'agent_id', l_agents(i));
      end if;
      put_json(l_obj, 'metadata', l_metas(i));
      l_obj.put('status', l_status(i));
      l_obj.put('timestamp', nvl(l_events(i), l_created(i)));
      put_value(l_obj, 'event_timestamp', l_events(i));
      l_obj.put('created_at', l_created(i));
      l_obj.put('updated_at', l_updated(i));
      put_value(l_obj, 'expires_at', l_expires(i));
      case l_base
        when 'THREAD' then
          put_json(l_obj, 'runtime_config', l_extra1(i));
          put_json(l_obj, 'runtime_state', l_extra2(i));
        when 'MESSAGE' then
          put_value(l_obj, 'role', l_roles(i));
          l_obj.put('seq_no', l_seqs(i));
        when 'DOCUMENT' then
          put_value(l_obj, 'message_id', l_messages(i));
          l_obj.put('mime_type', l_mimes(i));
          if p_include_bytes and l_bytes_at.exists(l_ids(i)) then
            agentmem_util.put_clob(l_obj, 'bytes', l_bytes(l_bytes_at(l_ids(i))));
          else
            l_obj.put_null('bytes');
          end if;
        else
          null;   -- memory-like, summary and profile objects have no extra keys
      end case;
      l_objects.append(l_obj);
    end loop;
    return l_objects;
  end records_json;

  ------------------------------------------------------------------------------
  -- Request readers of the read calls
  ------------------------------------------------------------------------------

  -- An integer key with a lower bound: omitted -> p_present false; null ->
  -- p_value NULL. Raises "<key> <v> must be an integer of at least <min>,
  -- or null<p_suffix>".
  procedure read_bound(p_req in json_object_t, p_key in varchar2, p_min in number, p_suffix in varchar2,
                       p_present out boolean, p_value out number)
  is
    l_element json_element_t;
  begin
    p_present := p_req.has(p_key);
    p_value := null;
    if not p_present then
      return;
    end if;
    l_element := p_req.get(p_key);
    if l_element.is_null then
      return;
    end if;
    if l_element.is_number then
      p_value := p_req.get_number(p_key);
    end if;
    if p_value is null or p_value <> trunc(p_value) or p_value < p_min or p_value > 1e15 then
      fail('INVALID_ARGUMENT: ' || p_key || ' ' || agentmem_util.shown(l_element) || ' must be an integer of at least '
           || p_min || ', or null' || p_suffix);
    end if;
  end read_bound;

  -- A scope key of list_records: p_present false when omitted; p_value
  -- NULL for JSON null.
  procedure read_scope(p_req in json_object_t, p_key in varchar2, p_present out boolean, p_value out varchar2)
  is
  begin
    p_present := p_req.has(p_key);
    p_value := case when p_present then agentmem_util.check_id(p_req.get(p_key), p_key, true) end;
  end read_scope;

  function records_response(p_key in varchar2, p_records in json_array_t) return clob
  is
    l_response json_object_t := json_object_t();
  begin
    l_response.put(p_key, p_records);
    return l_response.to_clob;
  end records_response;

  ------------------------------------------------------------------------------
  -- Calls
  ------------------------------------------------------------------------------

  function get_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_type     varchar2(16 char);
    l_id       varchar2(128 char);
    l_bytes    boolean;
    l_store    t_store;
    l_records  json_array_t;
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'record_type,record_id,include_bytes', 'get_record');
    agentmem_util.require_key(l_req, 'record_type', 'get_record');
    agentmem_util.require_key(l_req, 'record_id', 'get_record');
    l_type := agentmem_util.get_record_type(l_req, 'get_record');
    l_id := agentmem_util.check_id(l_req.get('record_id'), 'record_id', false);
    l_bytes := agentmem_util.get_flag(l_req, 'include_bytes');
    l_store := usable_store(p_store_id, p_schema_owner);
    l_records := records_json(l_store, l_type, agentmem_util.t_text_list(l_id), l_bytes);
    if l_records.get_size = 0 then
      l_response.put_null('record');
    else
      l_response.put('record', l_records.get(0));
    end if;
    return l_response.to_clob;
  end get_record;

  function list_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_req        json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_type       varchar2(16 char);
    l_base       varchar2(30 char);
    l_scoped     boolean;
    l_limit_set  boolean;
    l_limit      number;
    l_user_set   boolean;
    l_user       varchar2(128 char);
    l_agent_set  boolean;
    l_agent      varchar2(128 char);
    l_thread_set boolean;
    l_thread     varchar2(128 char);
    l_record_id  varchar2(128 char);
    l_bytes      boolean;
    l_element    json_element_t;
    l_filter     varchar2(32767);
    l_sql        clob;
    l_binds      agentmem_filter.t_bind_list := agentmem_filter.t_bind_list();
    l_store      t_store;
    l_cursor     integer;
    l_rows       integer;
    l_rc         sys_refcursor;
    l_ids        agentmem_util.t_text_list;
  begin
    agentmem_util.reject_keys(l_req, 'record_type,limit,thread_id,user_id,agent_id,metadata_filter,include_bytes,record_id',
                              'list_records');
    l_type := agentmem_util.get_record_type(l_req, 'list_records');
    l_base := table_base(l_type);
    l_scoped := l_base <> 'ACTOR_PROFILE';
    read_bound(l_req, 'limit', 1, ' for no limit', l_limit_set, l_limit);
    if not l_limit_set then
      l_limit := co_default_limit;
    end if;
    if l_type = 'thread' and l_req.has('thread_id') then
      fail('INVALID_ARGUMENT: thread_id must not be given when record_type is ''thread'' (a thread''s id is its'
           || ' record id); use record_id to select a thread');
    end if;
    read_scope(l_req, 'thread_id', l_thread_set, l_thread);
    read_scope(l_req, 'user_id', l_user_set, l_user);
    read_scope(l_req, 'agent_id', l_agent_set, l_agent);
    if l_req.has('record_id') then
      l_record_id := agentmem_util.check_id(l_req.get('record_id'), 'record_id', false);
    end if;
    l_bytes := agentmem_util.get_flag(l_req, 'include_bytes');
    if l_bytes and l_type = 'image'
       and (l_record_id is null or (l_user is null and l_agent is null and l_thread is null)) then
      fail('INVALID_ARGUMENT: include_bytes true on a list of image records needs record_id and at least one of'
           || ' user_id, agent_id, thread_id given as an id');
    end if;
    -- Filter validation (INVALID_ARGUMENT) comes with the other request
    -- rules, before the store is read.
    if l_req.has('metadata_filter') then
      l_element := l_req.get('metadata_filter');   -- SQL NULL (omitted) otherwise
    end if;
    l_filter := agentmem_filter.compile(l_element, 't', l_binds);
    l_store := usable_store(p_store_id, p_schema_owner);

    -- The window is the newest l_limit matches by insertion order, returned
    -- oldest first (§8). Profiles are unscoped and ignore scope filters.
    -- Built as a CLOB (CLOB || text is a CLOB): the compiled filter alone
    -- may take 32767 bytes.
    l_sql := 'select w.record_id from (select t.record_id, ';
    l_sql := l_sql
        || case l_base when 'MESSAGE' then 't.seq_no' else 't.order_seq' end || ' o from '
        || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || l_base) || ' t where '
        || case l_base when 'MEMORY' then 't.memory_type = :ty'
                       when 'ACTOR_PROFILE' then 't.actor_type = :ty'
                       else ':ty is not null' end
        || case when l_base in ('MESSAGE', 'MEMORY', 'DOCUMENT')
                then ' and (t.expires_at is null or t.expires_at > systimestamp)' end
        || case when l_scoped and l_user_set and l_user is null then ' and t.user_id is null'
                when l_scoped and l_user_set then ' and t.user_id = :u' end
        || case when l_scoped and l_agent_set and l_agent is null then ' and t.agent_id is null'
                when l_scoped and l_agent_set then ' and t.agent_id = :a' end
        || case when l_scoped and l_thread_set and l_thread is null then ' and t.thread_id is null'
                when l_scoped and l_thread_set then ' and t.thread_id = :t' end
        || case when l_record_id is not null then ' and t.record_id = :r' end
        || ' and ' || l_filter
        || ' order by o desc'
        || case when l_limit is not null then ' fetch first :lim rows only' end
        || ') w order by w.o';
    l_cursor := dbms_sql.open_cursor;
    begin
      dbms_sql.parse(l_cursor, l_sql, dbms_sql.native);
      dbms_sql.bind_variable(l_cursor, ':ty', type_key(l_type));
      if l_scoped and l_user is not null then
        dbms_sql.bind_variable(l_cursor, ':u', l_user);
      end if;
      if l_scoped and l_agent is not null then
        dbms_sql.bind_variable(l_cursor, ':a', l_agent);
      end if;
      if l_scoped and l_thread is not null then
        dbms_sql.bind_variable(l_cursor, ':t', l_thread);
      end if;
      if l_record_id is not null then
        dbms_sql.bind_variable(l_cursor, ':r', l_record_id);
      end if;
      if l_limit is not null then
        dbms_sql.bind_variable(l_cursor, ':lim', l_limit);
      end if;
      agentmem_filter.bind_all(l_cursor, l_binds);
      l_rows := dbms_sql.execute(l_cursor);
      -- TO_REFCURSOR takes the cursor over: DBMS_SQL may not close it after.
      l_rc := dbms_sql.to_refcursor(l_cursor);
      l_cursor := null;
      fetch l_rc bulk collect into l_ids;
      close l_rc;
    exception
      when others then
        if l_cursor is not null then
          dbms_sql.close_cursor(l_cursor);
        end if;
        if l_rc%isopen then
          close l_rc;
        end if;
        raise;
    end;
    return records_response('records', records_json(l_store, l_type, l_ids, l_bytes));
  end list_records;

  function list_thread_messages(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2)
    return clob
  is
    l_req       json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_thread    varchar2(128 char);
    l_present   boolean;
    l_last_n    number;
    l_start     number;
    l_end       number;
    l_bytes     boolean;
    l_store     t_store;
    l_ids       agentmem_util.t_text_list;
  begin
    agentmem_util.reject_keys(l_req, 'thread_id,last_n,range_start_seq_no,range_end_seq_no,include_bytes',
                              'list_thread_messages');
    agentmem_util.require_key(l_req, 'thread_id', 'list_thread_messages');
    l_thread := agentmem_util.check_id(l_req.get('thread_id'), 'thread_id', false);
    read_bound(l_req, 'last_n', 1, null, l_present, l_last_n);
    read_bound(l_req, 'range_start_seq_no', 0, null, l_present, l_start);
    read_bound(l_req, 'range_end_seq_no', 0, null, l_present, l_end);
    if l_end < l_start then
      fail('INVALID_ARGUMENT: range_end_seq_no ' || l_end || ' must not be less than range_start_seq_no ' || l_start
           || ' (the range is start <= seq_no < end)');
    end if;
    l_bytes := agentmem_util.get_flag(l_req, 'include_bytes');
    l_store := usable_store(p_store_id, p_schema_owner);
    -- An unknown thread simply has no messages: {"records": []} (§9).
    execute immediate
      'select w.record_id from (select m.record_id, m.seq_no from '
      || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'MESSAGE') || ' m'
      || ' where m.thread_id = :t and (m.expires_at is null or m.expires_at > systimestamp)'
      || ' and m.seq_no >= :s and m.seq_no < :e order by m.seq_no desc fetch first :n rows only) w'
      || ' order by w.seq_no'
      bulk collect into l_ids
      using l_thread, nvl(l_start, 0), nvl(l_end, co_unbounded), nvl(l_last_n, co_all_rows);
    return records_response('records', records_json(l_store, 'message', l_ids, l_bytes));
  end list_thread_messages;

  function get_content(p_store_id in varchar2, p_record_type in varchar2, p_record_id in varchar2,
                       p_schema_owner in varchar2) return clob
  is
    l_type    varchar2(64 char) := lower(substr(p_record_type, 1, 64));   -- longer text is no type
    l_base    varchar2(30 char);
    l_store   t_store;
    l_content clob;
  begin
    if l_type is null or instr(l_type, ',') > 0
       or instr(', ' || agentmem_util.co_record_types || ',', ', ' || l_type || ',') = 0 then
      fail('INVALID_ARGUMENT: p_record_type ' || agentmem_util.shown_text(p_record_type) || ' must be one of '
           || agentmem_util.co_record_types);
    end if;
    if p_record_id is null or length(p_record_id) > 128 then
      fail('INVALID_ARGUMENT: p_record_id ' || agentmem_util.shown_text(p_record_id)
           || ' must be a non-empty string of at most 128 characters');
    end if;
    l_base := table_base(l_type);
    l_store := usable_store(p_store_id, p_schema_owner);
    -- MAX does not take a CLOB: one row at most (the key includes the
    -- type column where a table holds several types), NO_DATA_FOUND = absent.
    execute immediate
      'select ' || case l_base when 'THREAD_SUMMARY' then 'json_serialize(t.content returning clob)'
                               when 'DOCUMENT' then 't.description'
                               else 't.content' end
      || ' from ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || l_base) || ' t'
      || ' where t.record_id = :id and '
      || case l_base when 'MEMORY' then 't.memory_type = :ty'
                     when 'ACTOR_PROFILE' then 't.actor_type = :ty'
                     else ':ty is not null' end
      || case when l_base in ('MESSAGE', 'MEMORY', 'DOCUMENT')
              then ' and (t.expires_at is null or t.expires_at > systimestamp)' end
      into l_content
      using p_record_id, type_key(l_type);
    return l_content;
  exception
    when no_data_found then
      return null;
  end get_content;

end agentmem_record_read;
/
