create or replace package body agentmem_relation
as

  subtype t_store is agentmem_store_catalog.t_store;
  type t_clob_list is table of clob;
  type t_ts_list is table of timestamp with time zone;
  type t_number_list is table of number;
  -- Keys are endpoint and address texts of up to about 1,400 bytes: ids of
  -- 128 characters (512 bytes), labels of 64 (256 bytes).
  type t_seen is table of pls_integer index by varchar2(2000);

  -- The lifecycle relation types (seed: "supersedes, refines and duplicates
  -- mark the target memory invalid while the link exists").
  co_lifecycle constant varchar2(60 char) := '(''supersedes'', ''refines'', ''duplicates'')';
  -- (id, type) keys bound as one JSON array of {"i", "t"}.
  co_keys_table constant varchar2(200 char) :=
    'json_table(:k, ''$[*]'' columns (i varchar2(512) path ''$.i'', t varchar2(64) path ''$.t''))';
  -- Relation ids bound as one JSON array of strings, with their position.
  co_ids_table constant varchar2(200 char) :=
    'json_table(:ids, ''$[*]'' columns (n for ordinality, id varchar2(512) path ''$''))';
  -- list_relations without a limit key: the store's safe maximum, as
  -- list_records (docs/protocol-records.md section 8).
  co_default_limit constant pls_integer := 1000;
  co_label_max     constant pls_integer := 64;
  co_add_keys      constant varchar2(300 char) :=
    'source_record_ids,source_record_types,target_record_ids,target_record_types,relation_types,'
    || 'opposite_relation_types,relation_ids,timestamps,metadata';
  co_get_keys      constant varchar2(200 char) :=
    'relation_id,source_record_id,source_record_type,target_record_id,target_record_type,relation_type';
  co_list_keys     constant varchar2(200 char) :=
    'relation_type,source_record_id,source_record_type,target_record_id,target_record_type,limit,metadata_filter,'
    || 'relation_id';
  co_update_keys   constant varchar2(200 char) :=
    'relation_ids,relation_types,opposite_relation_types,timestamps,metadata';

  -- The exact-match filters of a read (NULL = no filter).
  type t_filter is record (
    relation_id   varchar2(128 char),
    source_id     varchar2(128 char),
    source_type   varchar2(16 char),
    target_id     varchar2(128 char),
    target_type   varchar2(16 char),
    relation_type varchar2(64 char),
    ids_json      clob                -- JSON array of relation ids (relations_json)
  );

  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  procedure fail_duplicate(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_duplicate_id, p_message);
  end fail_duplicate;

  ------------------------------------------------------------------------------
  -- Labels (L9-L12)
  ------------------------------------------------------------------------------

  -- The fixed inverse of a built-in relation type; NULL for a custom one.
  function fixed_inverse(p_label in varchar2) return varchar2
  is
  begin
    return case p_label
             when 'supersedes' then 'is_superseded_by'
             when 'refines' then 'is_refined_by'
             when 'supports' then 'is_supported_by'
             when 'contradicts' then 'contradicts'
             when 'duplicates' then 'duplicates'
           end;
  end fixed_inverse;

  function lifecycle(p_label in varchar2) return boolean
  is
  begin
    return p_label in ('supersedes', 'refines', 'duplicates');
  end lifecycle;

  ------------------------------------------------------------------------------
  -- Request readers
  ------------------------------------------------------------------------------

  -- Entry p_i (1-based) of key p_key: the list's element, or the scalar
  -- value broadcast to every relation (L2). NULL (SQL) when the key is absent.
  function entry(p_req in json_object_t, p_key in varchar2, p_i in pls_integer) return json_element_t
  is
    l_value json_element_t;
    l_list  json_array_t;
  begin
    if not p_req.has(p_key) then
      return null;
    end if;
    l_value := p_req.get(p_key);
    if l_value.is_array then
      l_list := treat(l_value as json_array_t);
      return l_list.get(p_i - 1);
    end if;
    return l_value;
  end entry;

  -- The message path of entry p_i: key[i] (0-based) for a list, key for a
  -- broadcast scalar.
  function path(p_req in json_object_t, p_key in varchar2, p_i in pls_integer) return varchar2
  is
  begin
    if p_req.has(p_key) and p_req.get(p_key).is_array then
      return p_key || '[' || (p_i - 1) || ']';
    end if;
    return p_key;
  end path;

  -- The number of relations of a batch call (L2, L3): the common length of
  -- the keys given as lists, 1 when none is a list.
  function batch_size(p_req in json_object_t, p_keys in varchar2) return pls_integer
  is
    l_keys  agentmem_util.t_text_list;
    l_n     pls_integer;
    l_first varchar2(64 char);
    l_list  json_array_t;
    l_count pls_integer;
  begin
    select regexp_substr(p_keys, '[^,]+', 1, level) bulk collect into l_keys
      from sys.dual connect by level <= regexp_count(p_keys, ',') + 1;
    for i in 1 .. l_keys.count loop
      if p_req.has(l_keys(i)) and p_req.get(l_keys(i)).is_array then
        l_list := treat(p_req.get(l_keys(i)) as json_array_t);
        l_count := l_list.get_size;
        if l_count = 0 then
          fail('INVALID_ARGUMENT: ' || l_keys(i) || ' [] must not be empty: give one value per relation, or a single'
               || ' value for all');
        end if;
        if l_n is null then
          l_n := l_count;
          l_first := l_keys(i);
        elsif l_count <> l_n then
          fail('INVALID_ARGUMENT: ' || l_keys(i) || ' has ' || l_count || ' entries but ' || l_first || ' has ' || l_n
               || '; lists must have the same length (a single value is used for every relation)');
        end if;
      end if;
    end loop;
    return nvl(l_n, 1);
  end batch_size;

  -- A non-empty string of at most p_max characters (labels).
  function label(p_element in json_element_t, p_path in varchar2) return varchar2
  is
    l_text clob;
  begin
    if p_element.is_string then
      l_text := agentmem_util.string_value(p_element);
    end if;
    if l_text is null or dbms_lob.getlength(l_text) = 0 or dbms_lob.getlength(l_text) > co_label_max then
      fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_element) || ' must be a non-empty string of'
           || ' at most ' || co_label_max || ' characters');
    end if;
    return dbms_lob.substr(l_text, co_label_max, 1);
  end label;

  -- A record type of an endpoint (L6): memory, fact, guideline or
  -- preference, case-insensitive, returned lower case.
  function endpoint_type(p_element in json_element_t, p_path in varchar2) return varchar2
  is
    l_text clob;
    l_type varchar2(16 char);
  begin
    if p_element.is_string then
      l_text := agentmem_util.string_value(p_element);
      if dbms_lob.getlength(l_text) between 1 and 16 then
        l_type := lower(dbms_lob.substr(l_text, 16, 1));
      end if;
    end if;
    if l_type is null or l_type not in ('memory', 'fact', 'guideline', 'preference') then
      fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_element) || ' must be one of memory, fact,'
           || ' guideline, preference (relations connect memory-like records)');
    end if;
    return l_type;
  end endpoint_type;

  -- A relation type (L9): a built-in label (case-insensitive, returned
  -- lower case) or a custom one (kept as given). The inverse labels of the
  -- built-ins are not relation types (L11).
  function relation_type(p_element in json_element_t, p_path in varchar2) return varchar2
  is
    l_label varchar2(64 char) := label(p_element, p_path);
  begin
    if fixed_inverse(lower(l_label)) is not null then
      return lower(l_label);
    end if;
    if lower(l_label) in ('is_superseded_by', 'is_refined_by', 'is_supported_by') then
      fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_element) || ' is the inverse label of a'
           || ' built-in relation type: store the relation with '
           || agentmem_util.shown_text(case lower(l_label) when 'is_superseded_by' then 'supersedes'
                                                            when 'is_refined_by' then 'refines'
                                                            else 'supports' end)
           || ' from the other record');
    end if;
    return l_label;
  end relation_type;

  -- The opposite label of a relation of type p_type (L10, L12): omitted or
  -- null = the default (a built-in's fixed inverse, else p_type itself); a
  -- value for a built-in must be its fixed inverse.
  function opposite_type(p_element in json_element_t, p_path in varchar2, p_type in varchar2) return varchar2
  is
    l_fixed varchar2(64 char) := fixed_inverse(p_type);
    l_label varchar2(64 char);
  begin
    if p_element is null or p_element.is_null then
      return nvl(l_fixed, p_type);
    end if;
    l_label := label(p_element, p_path);
    if l_fixed is not null then
      if lower(l_label) <> l_fixed then
        fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_element) || ' cannot replace the inverse'
             || ' of the built-in relation type ' || agentmem_util.shown_text(p_type) || ', which is always '
             || agentmem_util.shown_text(l_fixed) || '; omit it');
      end if;
      return l_fixed;
    end if;
    return l_label;
  end opposite_type;

  -- An event timestamp (L13): ISO-8601 of the records grammar, or null.
  function event_ts(p_element in json_element_t, p_path in varchar2) return timestamp with time zone
  is
    l_text clob;
    l_ts   timestamp with time zone;
  begin
    if p_element.is_null then
      return null;
    end if;
    if p_element.is_string then
      l_text := agentmem_util.string_value(p_element);
      if dbms_lob.getlength(l_text) between 1 and 64 then
        l_ts := agentmem_util.iso_to_utc(dbms_lob.substr(l_text, 64, 1));
      end if;
    end if;
    if l_ts is null then
      fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_element) || ' must be an ISO-8601'
           || ' timestamp (YYYY-MM-DD[THH:MM[:SS[.F]]][Z|+HH:MM]), or null');
    end if;
    return l_ts;
  end event_ts;

  -- Metadata (L14): an object (its JSON text) or null.
  function meta(p_element in json_element_t, p_path in varchar2) return clob
  is
  begin
    if p_element.is_null then
      return null;
    end if;
    if not p_element.is_object then
      fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_element) || ' must be an object or null');
    end if;
    return p_element.to_clob;
  end meta;

  -- A relation_ids value of update/delete (L19, L23): one id or a
  -- non-empty list of ids.
  function id_list(p_req in json_object_t, p_n in pls_integer, p_op in varchar2) return agentmem_util.t_text_list
  is
    l_ids   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_value json_element_t := p_req.get('relation_ids');
  begin
    if not l_value.is_array and p_n > 1 then
      fail('INVALID_ARGUMENT: relation_ids ' || agentmem_util.shown(l_value) || ' is one id but other keys have '
           || p_n || ' entries: pass relation_ids as a list of ' || p_n || ' ids in the ' || p_op || ' request');
    end if;
    for i in 1 .. p_n loop
      l_ids.extend;
      l_ids(i) := agentmem_util.check_id(entry(p_req, 'relation_ids', i), path(p_req, 'relation_ids', i), false);
    end loop;
    return l_ids;
  end id_list;

  function text_array(p_list in agentmem_util.t_text_list) return json_array_t
  is
    l_array json_array_t := json_array_t();
  begin
    for i in 1 .. p_list.count loop
      l_array.append(p_list(i));
    end loop;
    return l_array;
  end text_array;

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

  ------------------------------------------------------------------------------
  -- Lifecycle (L24-L28)
  ------------------------------------------------------------------------------

  procedure recompute_status(p_store in agentmem_store_catalog.t_store, p_ids in agentmem_util.t_text_list,
                             p_types in agentmem_util.t_text_list)
  is
    l_mem  varchar2(300 char) := agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY');
    l_rel  varchar2(300 char) := agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RELATION');
    l_keys clob;
  begin
    if p_ids is null or p_ids.count = 0 then
      return;
    end if;
    l_keys := keys_json(p_ids, p_types);
    -- Derived INVALID: a VALID record some lifecycle relation targets. An
    -- INVALID record without the marker is the caller's and stays as it is.
    execute immediate 'update ' || l_mem || ' m'
      || ' set m.status = ''INVALID'', m.lifecycle_invalid = 1, m.updated_at = systimestamp'
      || ' where (m.record_id, m.memory_type) in (select k.i, k.t from ' || co_keys_table || ' k)'
      || ' and m.status = ''VALID'''
      || ' and exists (select 1 from ' || l_rel || ' r where r.target_id = m.record_id'
      || ' and r.target_type = m.memory_type and r.relation_type in ' || co_lifecycle || ')'
      using l_keys;
    -- A derived INVALID whose last lifecycle relation is gone is VALID again.
    execute immediate 'update ' || l_mem || ' m'
      || ' set m.status = ''VALID'', m.lifecycle_invalid = null, m.updated_at = systimestamp'
      || ' where (m.record_id, m.memory_type) in (select k.i, k.t from ' || co_keys_table || ' k)'
      || ' and m.lifecycle_invalid = 1'
      || ' and not exists (select 1 from ' || l_rel || ' r where r.target_id = m.record_id'
      || ' and r.target_type = m.memory_type and r.relation_type in ' || co_lifecycle || ')'
      using l_keys;
    -- R14: retrieval rows carry their record's status.
    execute immediate 'update '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS') || ' c'
      || ' set c.status = (select m.status from ' || l_mem || ' m'
      || ' where m.record_id = c.source_id and m.memory_type = c.source_type)'
      || ' where (c.source_id, c.source_type) in (select k.i, k.t from ' || co_keys_table || ' k)'
      || ' and exists (select 1 from ' || l_mem || ' m where m.record_id = c.source_id'
      || ' and m.memory_type = c.source_type and m.status <> c.status)'
      using l_keys;
  end recompute_status;

  procedure remove_endpoints(p_store in agentmem_store_catalog.t_store, p_ids in agentmem_util.t_text_list,
                             p_types in agentmem_util.t_text_list)
  is
    l_rel       varchar2(300 char) := agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RELATION');
    l_keys      clob;
    l_target_id agentmem_util.t_text_list;
    l_target_ty agentmem_util.t_text_list;
  begin
    if p_ids is null or p_ids.count = 0 then
      return;
    end if;
    l_keys := keys_json(p_ids, p_types);
    execute immediate 'select distinct r.target_id, r.target_type from ' || l_rel || ' r'
      || ' where r.relation_type in ' || co_lifecycle
      || ' and (r.source_id, r.source_type) in (select k.i, k.t from ' || co_keys_table || ' k)'
      bulk collect into l_target_id, l_target_ty using l_keys;
    -- The key list appears twice: binds are positional, so it is passed twice.
    execute immediate 'delete from ' || l_rel || ' r'
      || ' where (r.source_id, r.source_type) in (select k.i, k.t from ' || co_keys_table || ' k)'
      || ' or (r.target_id, r.target_type) in (select k.i, k.t from ' || co_keys_table || ' k)'
      using l_keys, l_keys;
    recompute_status(p_store, l_target_id, l_target_ty);
  end remove_endpoints;

  procedure status_set_explicitly(p_store in agentmem_store_catalog.t_store, p_id in varchar2,
                                  p_type in varchar2)
  is
  begin
    execute immediate 'update ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY')
      || ' set lifecycle_invalid = null where record_id = :1 and memory_type = :2'
      using p_id, p_type;
    recompute_status(p_store, agentmem_util.t_text_list(p_id), agentmem_util.t_text_list(p_type));
  end status_set_explicitly;

  ------------------------------------------------------------------------------
  -- Reads (L15-L18)
  ------------------------------------------------------------------------------

  -- The relation objects (L18) matching p_filter and the compiled metadata
  -- filter p_meta_sql (binds p_binds), the earliest created first, at most
  -- p_limit (NULL = all). One statement.
  function query(p_store in t_store, p_filter in t_filter, p_meta_sql in varchar2,
                 p_binds in agentmem_filter.t_bind_list, p_limit in number) return json_array_t
  is
    l_sql      clob;
    l_cursor   integer;
    l_rows     integer;
    l_rc       sys_refcursor;
    l_ids      agentmem_util.t_text_list;
    l_src_ids  agentmem_util.t_text_list;
    l_src_tys  agentmem_util.t_text_list;
    l_tgt_ids  agentmem_util.t_text_list;
    l_tgt_tys  agentmem_util.t_text_list;
    l_types    agentmem_util.t_text_list;
    l_opps     agentmem_util.t_text_list;
    l_metas    t_clob_list;
    l_events   t_ts_list;
    l_created  t_ts_list;
    l_updated  t_ts_list;
    l_result   json_array_t := json_array_t();
    l_obj      json_object_t;
  begin
    l_sql := 'select r.relation_id, r.source_id, r.source_type, r.target_id, r.target_type, r.relation_type,'
      || ' r.opposite_relation_type, json_serialize(r.metadata returning clob), r.event_timestamp, r.created_at,'
      || ' r.updated_at from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RELATION') || ' r where 1 = 1';
    l_sql := l_sql
      || case when p_filter.relation_id is not null then ' and r.relation_id = :rid' end
      || case when p_filter.source_id is not null then ' and r.source_id = :sid' end
      || case when p_filter.source_type is not null then ' and r.source_type = :sty' end
      || case when p_filter.target_id is not null then ' and r.target_id = :tid' end
      || case when p_filter.target_type is not null then ' and r.target_type = :tty' end
      || case when p_filter.relation_type is not null then ' and r.relation_type = :rty' end
      || case when p_filter.ids_json is not null then
           ' and r.relation_id in (select j.id from json_table(:rids, ''$[*]'' columns (id varchar2(128 char) path ''$'')) j)'
         end
      || ' and ' || p_meta_sql
      -- Ties by id in binary order: ORDER BY on text follows the session's
      -- NLS_SORT, which may be linguistic (Globalization Support Guide).
      || ' order by r.created_at, nlssort(r.relation_id, ''NLS_SORT=BINARY'')'
      || case when p_limit is not null then ' fetch first :lim rows only' end;
    l_cursor := dbms_sql.open_cursor;
    begin
      dbms_sql.parse(l_cursor, l_sql, dbms_sql.native);
      if p_filter.relation_id is not null then
        dbms_sql.bind_variable(l_cursor, ':rid', p_filter.relation_id);
      end if;
      if p_filter.source_id is not null then
        dbms_sql.bind_variable(l_cursor, ':sid', p_filter.source_id);
      end if;
      if p_filter.source_type is not null then
        dbms_sql.bind_variable(l_cursor, ':sty', p_filter.source_type);
      end if;
      if p_filter.target_id is not null then
        dbms_sql.bind_variable(l_cursor, ':tid', p_filter.target_id);
      end if;
      if p_filter.target_type is not null then
        dbms_sql.bind_variable(l_cursor, ':tty', p_filter.target_type);
      end if;
      if p_filter.relation_type is not null then
        dbms_sql.bind_variable(l_cursor, ':rty', p_filter.relation_type);
      end if;
      if p_filter.ids_json is not null then
        dbms_sql.bind_variable(l_cursor, ':rids', p_filter.ids_json);
      end if;
      if p_limit is not null then
        dbms_sql.bind_variable(l_cursor, ':lim', p_limit);
      end if;
      agentmem_filter.bind_all(l_cursor, p_binds);
      l_rows := dbms_sql.execute(l_cursor);
      -- TO_REFCURSOR takes the cursor over: DBMS_SQL may not close it after.
      l_rc := dbms_sql.to_refcursor(l_cursor);
      l_cursor := null;
      fetch l_rc bulk collect into l_ids, l_src_ids, l_src_tys, l_tgt_ids, l_tgt_tys, l_types, l_opps, l_metas,
                                   l_events, l_created, l_updated;
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
    for i in 1 .. l_ids.count loop
      l_obj := json_object_t();
      l_obj.put('id', l_ids(i));
      l_obj.put('source_record_id', l_src_ids(i));
      l_obj.put('source_record_type', l_src_tys(i));
      l_obj.put('target_record_id', l_tgt_ids(i));
      l_obj.put('target_record_type', l_tgt_tys(i));
      l_obj.put('relation_type', l_types(i));
      l_obj.put('opposite_relation_type', l_opps(i));
      if l_events(i) is null then
        l_obj.put_null('timestamp');
      else
        l_obj.put('timestamp', agentmem_util.iso_utc(l_events(i)));
      end if;
      if l_metas(i) is null then
        l_obj.put_null('metadata');
      else
        l_obj.put('metadata', json_object_t.parse(l_metas(i)));
      end if;
      l_obj.put('created_at', agentmem_util.iso_utc(l_created(i)));
      l_obj.put('updated_at', agentmem_util.iso_utc(l_updated(i)));
      l_result.append(l_obj);
    end loop;
    return l_result;
  end query;

  function relations_json(p_store in agentmem_store_catalog.t_store, p_ids in agentmem_util.t_text_list)
    return json_array_t
  is
    l_filter t_filter;
    l_none   agentmem_filter.t_bind_list := agentmem_filter.t_bind_list();
  begin
    if p_ids.count = 0 then
      return json_array_t();
    end if;
    l_filter.ids_json := text_array(p_ids).to_clob;
    return query(p_store, l_filter, '1 = 1', l_none, null);
  end relations_json;

  -- An exact-match filter key of get/list: omitted = no filter; a value
  -- must be a non-empty string (null matches nothing and is refused).
  procedure read_filter(p_req in json_object_t, p_key in varchar2, p_filter in out nocopy t_filter)
  is
  begin
    if not p_req.has(p_key) then
      return;
    end if;
    case p_key
      when 'relation_id' then
        p_filter.relation_id := agentmem_util.check_id(p_req.get(p_key), p_key, false);
      when 'source_record_id' then
        p_filter.source_id := agentmem_util.check_id(p_req.get(p_key), p_key, false);
      when 'target_record_id' then
        p_filter.target_id := agentmem_util.check_id(p_req.get(p_key), p_key, false);
      when 'source_record_type' then
        p_filter.source_type := endpoint_type(p_req.get(p_key), p_key);
      when 'target_record_type' then
        p_filter.target_type := endpoint_type(p_req.get(p_key), p_key);
      when 'relation_type' then
        p_filter.relation_type := relation_type(p_req.get(p_key), p_key);
    end case;
  end read_filter;

  function get_relation(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_filter   t_filter;
    l_found    json_array_t;
    l_response json_object_t := json_object_t();
    l_tuple    agentmem_util.t_text_list := agentmem_util.t_text_list(
                 'source_record_id', 'source_record_type', 'target_record_id', 'target_record_type', 'relation_type');
  begin
    agentmem_util.reject_keys(l_req, co_get_keys, 'get_relation');
    if l_req.has('relation_id') then
      for i in 1 .. l_tuple.count loop
        if l_req.has(l_tuple(i)) then
          fail('INVALID_ARGUMENT: relation_id cannot be combined with ' || l_tuple(i) || ': pass relation_id alone, or'
               || ' the full address (source_record_id, source_record_type, target_record_id, target_record_type,'
               || ' relation_type) without relation_id');
        end if;
      end loop;
    else
      for i in 1 .. l_tuple.count loop
        if not l_req.has(l_tuple(i)) then
          fail('INVALID_ARGUMENT: ' || l_tuple(i) || ' is required in the get_relation request when relation_id is'
               || ' omitted: pass relation_id alone, or all of source_record_id, source_record_type, target_record_id,'
               || ' target_record_type, relation_type');
        end if;
      end loop;
    end if;
    for i in 1 .. l_tuple.count loop
      read_filter(l_req, l_tuple(i), l_filter);
    end loop;
    read_filter(l_req, 'relation_id', l_filter);
    l_found := query(agentmem_record_read.usable_store(p_store_id, p_schema_owner), l_filter, '1 = 1',
                     agentmem_filter.t_bind_list(), 1);
    if l_found.get_size = 0 then
      l_response.put_null('relation');
    else
      l_response.put('relation', l_found.get(0));
    end if;
    return l_response.to_clob;
  end get_relation;

  function list_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_filter   t_filter;
    l_limit    agentmem_util.t_opt_number;
    l_element  json_element_t;
    l_binds    agentmem_filter.t_bind_list := agentmem_filter.t_bind_list();
    l_meta_sql varchar2(32767);
    l_response json_object_t := json_object_t();
    l_keys     agentmem_util.t_text_list := agentmem_util.t_text_list(
                 'relation_type', 'source_record_id', 'source_record_type', 'target_record_id', 'target_record_type',
                 'relation_id');
  begin
    agentmem_util.reject_keys(l_req, co_list_keys, 'list_relations');
    for i in 1 .. l_keys.count loop
      read_filter(l_req, l_keys(i), l_filter);
    end loop;
    l_limit := agentmem_util.get_integer(l_req, 'limit', 1, 1000000000);
    if not l_limit.present then
      l_limit.value := co_default_limit;
    end if;
    if l_req.has('metadata_filter') then
      l_element := l_req.get('metadata_filter');   -- SQL NULL (omitted) otherwise
    end if;
    l_meta_sql := agentmem_filter.compile(l_element, 'r', l_binds);
    l_response.put('relations', query(agentmem_record_read.usable_store(p_store_id, p_schema_owner), l_filter,
                                      l_meta_sql, l_binds, l_limit.value));
    return l_response.to_clob;
  end list_relations;

  ------------------------------------------------------------------------------
  -- add_relations (L1-L14)
  ------------------------------------------------------------------------------

  function add_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_req       json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_n         pls_integer;
    l_ids       agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_src_ids   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_src_tys   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_tgt_ids   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_tgt_tys   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_types     agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_opps      agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_events    t_ts_list := t_ts_list();
    l_metas     t_clob_list := t_clob_list();
    l_given_ids t_seen;
    l_pairs     t_seen;
    l_addresses t_seen;
    l_src_key   varchar2(600 char);
    l_tgt_key   varchar2(600 char);
    l_pair_key  varchar2(1300 char);
    l_missing   pls_integer := 0;
    l_new_ids   agentmem_util.t_text_list;
    l_store     t_store;
    l_endpoints json_array_t := json_array_t();
    l_batch     json_array_t := json_array_t();
    l_item      json_object_t;
    l_at        number;
    l_kind      varchar2(8 char);
    l_now       timestamp with time zone := systimestamp;
    -- l_now once per relation: FORALL's dynamic USING takes collection
    -- elements (PL/SQL Language Reference, FORALL, restriction on dml_statement).
    l_nows      t_ts_list := t_ts_list();
    l_targets   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_target_ty agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_response  json_object_t := json_object_t();
  begin
    -- Request rules first (keys, shapes, entries in input order), then the
    -- rules that need the store (L5-L8).
    agentmem_util.reject_keys(l_req, co_add_keys, 'add_relations');
    agentmem_util.require_key(l_req, 'source_record_ids', 'add_relations');
    agentmem_util.require_key(l_req, 'source_record_types', 'add_relations');
    agentmem_util.require_key(l_req, 'target_record_ids', 'add_relations');
    agentmem_util.require_key(l_req, 'target_record_types', 'add_relations');
    agentmem_util.require_key(l_req, 'relation_types', 'add_relations');
    l_n := batch_size(l_req, co_add_keys);
    if l_req.has('relation_ids') and l_req.get('relation_ids').is_string and l_n > 1 then
      fail('INVALID_ARGUMENT: relation_ids ' || agentmem_util.shown(l_req.get('relation_ids')) || ' is one id for '
           || l_n || ' relations: pass a list of ' || l_n || ' ids (null entries are generated) or omit relation_ids');
    end if;
    l_ids.extend(l_n); l_src_ids.extend(l_n); l_src_tys.extend(l_n); l_tgt_ids.extend(l_n); l_tgt_tys.extend(l_n);
    l_types.extend(l_n); l_opps.extend(l_n); l_events.extend(l_n); l_metas.extend(l_n);
    for i in 1 .. l_n loop
      l_nows.extend; l_nows(i) := l_now;
      l_src_ids(i) := agentmem_util.check_id(entry(l_req, 'source_record_ids', i),
                                             path(l_req, 'source_record_ids', i), false);
      l_src_tys(i) := endpoint_type(entry(l_req, 'source_record_types', i), path(l_req, 'source_record_types', i));
      l_tgt_ids(i) := agentmem_util.check_id(entry(l_req, 'target_record_ids', i),
                                             path(l_req, 'target_record_ids', i), false);
      l_tgt_tys(i) := endpoint_type(entry(l_req, 'target_record_types', i), path(l_req, 'target_record_types', i));
      l_types(i) := relation_type(entry(l_req, 'relation_types', i), path(l_req, 'relation_types', i));
      l_opps(i) := opposite_type(entry(l_req, 'opposite_relation_types', i),
                                 path(l_req, 'opposite_relation_types', i), l_types(i));
      if l_req.has('relation_ids') then
        l_ids(i) := agentmem_util.check_id(entry(l_req, 'relation_ids', i), path(l_req, 'relation_ids', i), true);
      end if;
      if l_req.has('timestamps') then
        l_events(i) := event_ts(entry(l_req, 'timestamps', i), path(l_req, 'timestamps', i));
      end if;
      if l_req.has('metadata') then
        l_metas(i) := meta(entry(l_req, 'metadata', i), path(l_req, 'metadata', i));
      end if;
      if l_src_ids(i) = l_tgt_ids(i) and l_src_tys(i) = l_tgt_tys(i) then
        fail('INVALID_ARGUMENT: relation ' || (i - 1) || ' links ' || l_src_tys(i) || ' '
             || agentmem_util.shown_text(l_src_ids(i)) || ' to itself: source and target must be different records');
      end if;
    end loop;
    -- L7, L8 inside the call: repeated ids, repeated addresses, both
    -- orientations of one pair.
    for i in 1 .. l_n loop
      if l_ids(i) is not null then
        if l_given_ids.exists(l_ids(i)) then
          fail_duplicate('DUPLICATE_ID: ' || path(l_req, 'relation_ids', i) || ' '
                         || agentmem_util.shown_text(l_ids(i)) || ' repeats relation_ids[' || l_given_ids(l_ids(i))
                         || ']: every relation needs its own id');
        end if;
        l_given_ids(l_ids(i)) := i - 1;
      else
        l_missing := l_missing + 1;
      end if;
      -- Directed pair keys: the pair stored the other way is the key with
      -- the endpoints swapped (no string ordering, so no NLS dependence).
      l_src_key := l_src_tys(i) || chr(1) || l_src_ids(i);
      l_tgt_key := l_tgt_tys(i) || chr(1) || l_tgt_ids(i);
      l_pair_key := l_tgt_key || chr(2) || l_src_key;
      if l_pairs.exists(l_pair_key) then
        fail_duplicate('DUPLICATE_ID: relation ' || (i - 1) || ' links ' || l_src_tys(i) || ' '
                       || agentmem_util.shown_text(l_src_ids(i)) || ' to ' || l_tgt_tys(i) || ' '
                       || agentmem_util.shown_text(l_tgt_ids(i)) || ', but an earlier relation of this request links'
                       || ' them the other way: one orientation per pair of records; describe the reverse view with'
                       || ' opposite_relation_types');
      end if;
      l_pairs(l_src_key || chr(2) || l_tgt_key) := i - 1;
      if l_addresses.exists(l_src_key || chr(2) || l_tgt_key || chr(2) || l_types(i)) then
        fail_duplicate('DUPLICATE_ID: relation ' || (i - 1) || ' repeats the address of relation '
                       || l_addresses(l_src_key || chr(2) || l_tgt_key || chr(2) || l_types(i))
                       || ' (same source, target and relation_type ' || agentmem_util.shown_text(l_types(i)) || ')');
      end if;
      l_addresses(l_src_key || chr(2) || l_tgt_key || chr(2) || l_types(i)) := i - 1;
    end loop;

    l_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    -- L4: omitted ids are generated like record ids.
    l_new_ids := agentmem_util.new_ids(l_missing);
    l_missing := 0;
    for i in 1 .. l_n loop
      if l_ids(i) is null then
        l_missing := l_missing + 1;
        l_ids(i) := l_new_ids(l_missing);
      end if;
      l_item := json_object_t();
      l_item.put('n', i);
      l_item.put('s', 'source');
      l_item.put('i', l_src_ids(i));
      l_item.put('t', l_src_tys(i));
      l_endpoints.append(l_item);
      l_item := json_object_t();
      l_item.put('n', i);
      l_item.put('s', 'target');
      l_item.put('i', l_tgt_ids(i));
      l_item.put('t', l_tgt_tys(i));
      l_endpoints.append(l_item);
      l_item := json_object_t();
      l_item.put('n', i);
      l_item.put('id', l_ids(i));
      l_item.put('s', l_src_ids(i));
      l_item.put('st', l_src_tys(i));
      l_item.put('t', l_tgt_ids(i));
      l_item.put('tt', l_tgt_tys(i));
      l_item.put('rt', l_types(i));
      l_batch.append(l_item);
    end loop;

    -- L6: both endpoints are stored, unexpired records of their type.
    begin
      execute immediate 'select e.n, e.s from json_table(:e, ''$[*]'' columns (n number path ''$.n'','
        || ' s varchar2(8) path ''$.s'', i varchar2(512) path ''$.i'', t varchar2(64) path ''$.t'')) e'
        || ' where not exists (select 1 from ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'MEMORY') || ' m where m.record_id = e.i'
        || ' and m.memory_type = e.t and (m.expires_at is null or m.expires_at > systimestamp))'
        || ' order by e.n, e.s fetch first 1 rows only'
        into l_at, l_kind
        using l_endpoints.to_clob;
      agentmem_util.raise_error(dbms_agent_memory_store.co_not_found,
        'NOT_FOUND: ' || path(l_req, l_kind || '_record_ids', l_at) || ' '
        || agentmem_util.shown_text(case l_kind when 'source' then l_src_ids(l_at) else l_tgt_ids(l_at) end)
        || ' is not a stored ' || case l_kind when 'source' then l_src_tys(l_at) else l_tgt_tys(l_at) end
        || ' record (or it expired): add the record first, or check its id and record type');
    exception
      when no_data_found then
        null;   -- every endpoint exists
    end;
    -- L7: a relation id already stored.
    begin
      execute immediate 'select k.n from json_table(:b, ''$[*]'' columns (n number path ''$.n'','
        || ' id varchar2(512) path ''$.id'')) k where exists (select 1 from ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'RELATION') || ' r'
        || ' where r.relation_id = k.id) order by k.n fetch first 1 rows only'
        into l_at
        using l_batch.to_clob;
      fail_duplicate('DUPLICATE_ID: ' || path(l_req, 'relation_ids', l_at) || ' '
                     || agentmem_util.shown_text(l_ids(l_at)) || ' is the id of a stored relation: use another id,'
                     || ' or update_relations');
    exception
      when no_data_found then
        null;
    end;
    -- L8: the address is stored, or the pair is stored the other way.
    begin
      execute immediate 'select k.n, case when exists (select 1 from ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'RELATION') || ' r'
        || ' where r.source_id = k.s and r.source_type = k.st and r.target_id = k.t and r.target_type = k.tt'
        || ' and r.relation_type = k.rt) then ''same'' else ''reverse'' end'
        || ' from json_table(:b, ''$[*]'' columns (n number path ''$.n'', s varchar2(512) path ''$.s'','
        || ' st varchar2(64) path ''$.st'', t varchar2(512) path ''$.t'', tt varchar2(64) path ''$.tt'','
        || ' rt varchar2(256) path ''$.rt'')) k'
        || ' where exists (select 1 from ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'RELATION') || ' r where r.source_id = k.s'
        || ' and r.source_type = k.st and r.target_id = k.t and r.target_type = k.tt and r.relation_type = k.rt)'
        || ' or exists (select 1 from ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'RELATION') || ' r where r.source_id = k.t'
        || ' and r.source_type = k.tt and r.target_id = k.s and r.target_type = k.st)'
        || ' order by k.n fetch first 1 rows only'
        into l_at, l_kind
        using l_batch.to_clob;
      if l_kind = 'same' then
        fail_duplicate('DUPLICATE_ID: relation ' || (l_at - 1) || ' (' || l_src_tys(l_at) || ' '
                       || agentmem_util.shown_text(l_src_ids(l_at)) || ' ' || agentmem_util.shown_text(l_types(l_at))
                       || ' ' || l_tgt_tys(l_at) || ' ' || agentmem_util.shown_text(l_tgt_ids(l_at))
                       || ') is already stored: get_relation finds it; update_relations changes it');
      end if;
      fail_duplicate('DUPLICATE_ID: relation ' || (l_at - 1) || ' links ' || l_src_tys(l_at) || ' '
                     || agentmem_util.shown_text(l_src_ids(l_at)) || ' to ' || l_tgt_tys(l_at) || ' '
                     || agentmem_util.shown_text(l_tgt_ids(l_at)) || ', but a stored relation links them the other'
                     || ' way: one orientation per pair of records; describe the reverse view with'
                     || ' opposite_relation_types');
    exception
      when no_data_found then
        null;
    end;

    begin
      forall i in 1 .. l_n
        execute immediate 'insert into ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'RELATION')
          || ' (relation_id, source_id, source_type, target_id, target_type, relation_type, opposite_relation_type,'
          || ' metadata, event_timestamp, created_at, updated_at)'
          || ' values (:1, :2, :3, :4, :5, :6, :7, json(:8), :9, :10, :11)'
          using l_ids(i), l_src_ids(i), l_src_tys(i), l_tgt_ids(i), l_tgt_tys(i), l_types(i), l_opps(i),
                l_metas(i), l_events(i), l_nows(i), l_nows(i);
    exception
      when dup_val_on_index then
        -- Another session stored one of these ids or addresses since the
        -- checks above.
        fail_duplicate('DUPLICATE_ID: a relation of this request was stored by another session meanwhile (same id'
                       || ' or address); list_relations shows it');
    end;
    -- L24: lifecycle relations mark their targets.
    for i in 1 .. l_n loop
      if lifecycle(l_types(i)) then
        agentmem_util.append(l_targets, l_tgt_ids(i));
        agentmem_util.append(l_target_ty, l_tgt_tys(i));
      end if;
    end loop;
    recompute_status(l_store, l_targets, l_target_ty);
    l_response.put('relation_ids', text_array(l_ids));
    return l_response.to_clob;
  end add_relations;

  ------------------------------------------------------------------------------
  -- update_relations (L19-L22)
  ------------------------------------------------------------------------------

  function update_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_req       json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_n         pls_integer;
    l_ids       agentmem_util.t_text_list;
    l_new_types agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_events    t_ts_list := t_ts_list();
    l_metas     t_clob_list := t_clob_list();
    l_seen      t_seen;
    l_store     t_store;
    l_at        t_number_list;
    l_old_types agentmem_util.t_text_list;
    l_old_opps  agentmem_util.t_text_list;
    l_tgt_ids   agentmem_util.t_text_list;
    l_tgt_tys   agentmem_util.t_text_list;
    l_u_ids     agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_u_types   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_u_opps    agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_u_events  t_ts_list := t_ts_list();
    l_u_metas   t_clob_list := t_clob_list();
    l_u_nows    t_ts_list := t_ts_list();   -- l_now per row: FORALL binds collection elements
    l_type      varchar2(64 char);
    l_opp       varchar2(64 char);
    l_i         pls_integer;
    l_now       timestamp with time zone := systimestamp;
    l_targets   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_target_ty agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_response  json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, co_update_keys, 'update_relations');
    agentmem_util.require_key(l_req, 'relation_ids', 'update_relations');
    if not (l_req.has('relation_types') or l_req.has('opposite_relation_types') or l_req.has('timestamps')
            or l_req.has('metadata')) then
      fail('INVALID_ARGUMENT: update_relations needs at least one of relation_types, opposite_relation_types,'
           || ' timestamps, metadata');
    end if;
    l_n := batch_size(l_req, co_update_keys);
    l_ids := id_list(l_req, l_n, 'update_relations');
    l_new_types.extend(l_n); l_events.extend(l_n); l_metas.extend(l_n);
    for i in 1 .. l_n loop
      if l_seen.exists(l_ids(i)) then
        fail('INVALID_ARGUMENT: ' || path(l_req, 'relation_ids', i) || ' ' || agentmem_util.shown_text(l_ids(i))
             || ' repeats relation_ids[' || l_seen(l_ids(i)) || ']: name each relation once');
      end if;
      l_seen(l_ids(i)) := i - 1;
      if l_req.has('relation_types') then
        l_new_types(i) := relation_type(entry(l_req, 'relation_types', i), path(l_req, 'relation_types', i));
        -- A label for a new built-in type is checked now (L21).
        l_opp := opposite_type(entry(l_req, 'opposite_relation_types', i),
                               path(l_req, 'opposite_relation_types', i), l_new_types(i));
      end if;
      if l_req.has('opposite_relation_types') and not entry(l_req, 'opposite_relation_types', i).is_null then
        l_opp := label(entry(l_req, 'opposite_relation_types', i), path(l_req, 'opposite_relation_types', i));
      end if;
      if l_req.has('timestamps') then
        l_events(i) := event_ts(entry(l_req, 'timestamps', i), path(l_req, 'timestamps', i));
      end if;
      if l_req.has('metadata') then
        l_metas(i) := meta(entry(l_req, 'metadata', i), path(l_req, 'metadata', i));
      end if;
    end loop;

    l_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    -- The stored rows of the ids that exist (ids not stored are skipped: L19).
    execute immediate 'select k.n, r.relation_type, r.opposite_relation_type, r.target_id, r.target_type'
      || ' from ' || co_ids_table || ' k join ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'RELATION') || ' r on r.relation_id = k.id'
      || ' order by k.n'
      bulk collect into l_at, l_old_types, l_old_opps, l_tgt_ids, l_tgt_tys
      using text_array(l_ids).to_clob;
    for j in 1 .. l_at.count loop
      l_i := l_at(j);
      l_type := nvl(l_new_types(l_i), l_old_types(j));
      if l_req.has('opposite_relation_types') then
        -- L21: a built-in's inverse stays fixed (also when the type is kept).
        l_opp := opposite_type(entry(l_req, 'opposite_relation_types', l_i),
                               path(l_req, 'opposite_relation_types', l_i), l_type);
      elsif fixed_inverse(l_type) is not null then
        l_opp := fixed_inverse(l_type);   -- L20: a change to a built-in resets its inverse
      elsif l_new_types(l_i) is not null and fixed_inverse(l_old_types(j)) is not null then
        l_opp := l_type;                  -- L20: leaving a built-in drops its fixed inverse
      else
        l_opp := l_old_opps(j);
      end if;
      agentmem_util.append(l_u_ids, l_ids(l_i));
      agentmem_util.append(l_u_types, l_type);
      agentmem_util.append(l_u_opps, l_opp);
      l_u_events.extend; l_u_events(l_u_events.last) := l_events(l_i);
      l_u_metas.extend;  l_u_metas(l_u_metas.last) := l_metas(l_i);
      l_u_nows.extend;   l_u_nows(l_u_nows.last) := l_now;
      if lifecycle(l_old_types(j)) or lifecycle(l_type) then
        agentmem_util.append(l_targets, l_tgt_ids(j));
        agentmem_util.append(l_target_ty, l_tgt_tys(j));
      end if;
    end loop;

    begin
      forall i in 1 .. l_u_ids.count
        execute immediate 'update ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'RELATION')
          || ' set relation_type = :1, opposite_relation_type = :2, updated_at = :3 where relation_id = :4'
          using l_u_types(i), l_u_opps(i), l_u_nows(i), l_u_ids(i);
    exception
      when dup_val_on_index then
        fail_duplicate('DUPLICATE_ID: relation_types would give a relation the address (source, target,'
                       || ' relation_type) of another stored relation: delete that one first, or keep the type');
    end;
    -- L22: a null timestamp clears; metadata replaces (no merge).
    if l_req.has('timestamps') then
      forall i in 1 .. l_u_ids.count
        execute immediate 'update ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'RELATION') || ' set event_timestamp = :1 where relation_id = :2'
          using l_u_events(i), l_u_ids(i);
    end if;
    if l_req.has('metadata') then
      forall i in 1 .. l_u_ids.count
        execute immediate 'update ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'RELATION') || ' set metadata = json(:1) where relation_id = :2'
          using l_u_metas(i), l_u_ids(i);
    end if;
    recompute_status(l_store, l_targets, l_target_ty);
    l_response.put('relation_ids', text_array(l_u_ids));
    l_response.put('updated', l_u_ids.count);
    return l_response.to_clob;
  end update_relations;

  ------------------------------------------------------------------------------
  -- delete_relations (L23)
  ------------------------------------------------------------------------------

  function delete_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_req       json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_ids       agentmem_util.t_text_list;
    l_store     t_store;
    l_id_json   clob;
    l_target_id agentmem_util.t_text_list;
    l_target_ty agentmem_util.t_text_list;
    l_count     pls_integer;
    l_response  json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'relation_ids', 'delete_relations');
    agentmem_util.require_key(l_req, 'relation_ids', 'delete_relations');
    l_ids := id_list(l_req, batch_size(l_req, 'relation_ids'), 'delete_relations');
    l_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    l_id_json := text_array(l_ids).to_clob;
    execute immediate 'select distinct r.target_id, r.target_type from ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'RELATION') || ' r'
      || ' where r.relation_type in ' || co_lifecycle
      || ' and r.relation_id in (select k.id from ' || co_ids_table || ' k)'
      bulk collect into l_target_id, l_target_ty using l_id_json;
    execute immediate 'delete from ' || agentmem_util.sql_object(l_store.owner, l_store.table_prefix || 'RELATION') || ' r'
      || ' where r.relation_id in (select k.id from ' || co_ids_table || ' k)'
      using l_id_json;
    l_count := sql%rowcount;
    recompute_status(l_store, l_target_id, l_target_ty);
    l_response.put('deleted', l_count);
    return l_response.to_clob;
  end delete_relations;

end agentmem_relation;
/
