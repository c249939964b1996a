create or replace package body agentmem_store
as

  -- Policies (protocol values).
  co_require_existing    constant varchar2(20 char) := 'REQUIRE_EXISTING';
  co_create_if_empty     constant varchar2(20 char) := 'CREATE_IF_EMPTY';
  co_create_if_necessary constant varchar2(20 char) := 'CREATE_IF_NECESSARY';
  co_recreate            constant varchar2(20 char) := 'RECREATE';
  co_no_check            constant varchar2(20 char) := 'NO_CHECK';

  co_request_keys constant varchar2(400 char) :=
    'memory_store_id,table_name_prefix,schema_owner,schema_policy,search_strategy,search_index_sync,'
    || 'vector_dim,embedding_model,memory_retention_config,chunking';

  -- Documented chunking defaults (docs/protocol.md).
  co_chunk_max       constant pls_integer := 200;
  co_chunk_overlap   constant pls_integer := 0;
  co_chunk_by        constant varchar2(10 char) := 'words';
  co_chunk_split     constant varchar2(11 char) := 'recursively';
  co_chunk_normalize constant varchar2(4 char) := 'all';

  -- The text embedded once to learn an in-database model's dimension.
  co_dimension_probe constant varchar2(15 char) := 'dimension probe';

  -- Name patterns with the ASCII letters and digits spelled out: Oracle
  -- interprets a range such as [A-Z] in a regular expression in the
  -- session's NLS_SORT collation, so under NLS_SORT=GERMAN [A-Za-z] also
  -- matches accented letters, and under ESTONIAN [A-Z] misses T to Y.
  co_letters       constant varchar2(52 char) := agentmem_util.co_ascii_letters;
  co_store_id_rule constant varchar2(200 char) := '[' || co_letters || '][' || co_letters || '0123456789_]{0,15}';
  co_model_part    constant varchar2(200 char) := '[' || co_letters || '][' || co_letters || '0123456789_$#]{0,127}';

  -- The configuration part of an open_store request, each key with its
  -- omitted / null / value state.
  type t_request is record (
    strategy          agentmem_util.t_opt_text,
    sync              agentmem_util.t_opt_text,
    vector_dim        agentmem_util.t_opt_number,
    model             agentmem_util.t_opt_text,
    retention_present boolean := false,
    default_ttl       agentmem_util.t_opt_number,
    max_ttl           agentmem_util.t_opt_number,
    chunking_present  boolean := false,
    chunk_max         agentmem_util.t_opt_number,
    chunk_overlap     agentmem_util.t_opt_number,
    chunk_by          agentmem_util.t_opt_text,
    chunk_split       agentmem_util.t_opt_text,
    chunk_normalize   agentmem_util.t_opt_text
  );

  subtype t_store is agentmem_store_catalog.t_store;
  subtype t_config is agentmem_store_catalog.t_config;

  -- Store DDL lock (issue 9, item 12): a DBMS_LOCK user lock per (owner,
  -- store), taken in exclusive mode around every lifecycle policy,
  -- upgrade_store and drop_store, so two sessions never run one store's DDL
  -- at once. The numeric overload: ALLOCATE_UNIQUE, the named alternative,
  -- performs a commit (DBMS_LOCK reference), which an API call must not.
  -- release_on_commit => FALSE because the DDL commits; the lock is
  -- released explicitly on every exit path, and by Oracle when the session
  -- ends. A wait longer than co_ddl_lock_timeout seconds is STORE_BROKEN,
  -- like a store another session left CREATING.
  co_ddl_lock_timeout constant pls_integer := 900;
  -- ORA-06550: the dynamic block did not compile (no EXECUTE on DBMS_LOCK).
  e_block_compile exception;
  pragma exception_init(e_block_compile, -6550);

  ------------------------------------------------------------------------------
  -- Shared helpers
  ------------------------------------------------------------------------------

  procedure fail(p_code in pls_integer, p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(p_code, p_message);
  end fail;

  -- The user lock id of the store's DDL: a hash of owner and store key
  -- into 0 .. 536870911 (2^29 - 1), the store DDL's share of the user lock
  -- ids 0 .. 1073741823 (DBMS_LOCK.REQUEST, id); the job locks and the
  -- migration lock have their own ranges, docs/operations.md §4 lists them.
  -- max_bucket is a literal, as in the ORA_HASH examples; 2^29 - 1 makes the
  -- buckets uniform (sqlrf/ORA_HASH.html). Two stores whose ids collide only
  -- serialize each other's DDL.
  function ddl_lock_id(p_store in t_store) return number
  is
    l_id number;
  begin
    select ora_hash(p_store.owner || '.' || p_store.store_key, 536870911) into l_id from sys.dual;
    return l_id;
  end ddl_lock_id;

  -- Takes the store's DDL lock, waiting while another session holds it, and
  -- returns the id to pass to unlock_ddl: computed here, once, so the
  -- release in an error handler runs nothing that can fail before RELEASE
  -- (a failing release would mask the error being handled and keep the
  -- lock). NULL when this session already held the lock (REQUEST returns
  -- 4): an outer frame took it and releases it, so this frame must not.
  -- DBMS_LOCK is called dynamically so this package compiles without a
  -- direct grant on it (stored PL/SQL compiles without roles).
  function lock_ddl(p_store in t_store) return number
  is
    l_id     number := ddl_lock_id(p_store);
    l_result integer;
  begin
    execute immediate
      'begin :r := sys.dbms_lock.request(id => :i, lockmode => sys.dbms_lock.x_mode, timeout => :t,'
      || ' release_on_commit => false); end;'
      using out l_result, in l_id, in co_ddl_lock_timeout;
    if l_result = 0 then
      return l_id;
    elsif l_result = 4 then
      return null;   -- already held by this session: the holder releases it
    end if;
    fail(dbms_agent_memory_store.co_store_broken,
      'STORE_BROKEN: the DDL lock of ' || agentmem_store_catalog.display_name(p_store) || ' was not granted ('
      || case l_result when 1 then 'another session has held it for ' || co_ddl_lock_timeout || ' seconds'
                       when 2 then 'deadlock' else 'DBMS_LOCK.REQUEST returned ' || l_result end
      || '): another session is running DDL on this store; retry when it has finished, or run describe_store'
      || ' to see its status');
    return null;
  exception
    when e_block_compile then
      fail(dbms_agent_memory_store.co_privilege_missing,
        'PRIVILEGE_MISSING: DBMS_LOCK.REQUEST is not callable by ' || agentmem_util.current_user_name || ' ('
        || sqlerrm || '); store DDL is serialized with a DBMS_LOCK lock: ask a DBA to grant EXECUTE ON'
        || ' SYS.DBMS_LOCK to ' || agentmem_util.current_user_name);
      return null;
  end lock_ddl;

  -- Releases the DDL lock lock_ddl returned (NULL: this frame took none);
  -- called on every exit path after lock_ddl, error handlers included. It
  -- only binds the stored id, and RELEASE reports by its result, not by
  -- raising (0 released; 4 not held: nothing to do), so the error being
  -- handled is the one that surfaces.
  procedure unlock_ddl(p_lock_id in number)
  is
    l_result integer;
  begin
    if p_lock_id is not null then
      execute immediate 'begin :r := sys.dbms_lock.release(id => :i); end;'
        using out l_result, in p_lock_id;
    end if;
  end unlock_ddl;

  function text_array(p_list in agentmem_util.t_text_list) return json_array_t
  is
    l_array json_array_t := json_array_t();
  begin
    if p_list is not null then
      for i in 1 .. p_list.count loop
        l_array.append(p_list(i));
      end loop;
    end if;
    return l_array;
  end text_array;

  function store_json(p_store in agentmem_store_catalog.t_store) return json_object_t
  is
    l_store json_object_t := json_object_t();
  begin
    if p_store.store_id is null then
      l_store.put_null('memory_store_id');
    else
      l_store.put('memory_store_id', p_store.store_id);
    end if;
    l_store.put('schema_owner', p_store.owner);
    if p_store.table_prefix is null then
      l_store.put_null('table_prefix');
    else
      l_store.put('table_prefix', p_store.table_prefix);
    end if;
    l_store.put('schema_version', p_store.schema_version);
    l_store.put('package_schema_version', agentmem_store_catalog.co_schema_version);
    l_store.put('status', p_store.status);
    if p_store.status_detail is null then
      l_store.put_null('status_detail');
    else
      l_store.put('status_detail', p_store.status_detail);
    end if;
    l_store.put('config', agentmem_store_catalog.config_to_json(p_store.config));
    l_store.put('created_at', agentmem_util.iso_utc(p_store.created_at));
    l_store.put('updated_at', agentmem_util.iso_utc(p_store.updated_at));
    return l_store;
  end store_json;

  function response(p_store in t_store, p_actions in agentmem_util.t_text_list,
                    p_warnings in agentmem_util.t_text_list) return clob
  is
    l_response json_object_t := json_object_t();
  begin
    l_response.put('store', store_json(p_store));
    l_response.put('actions', text_array(p_actions));
    l_response.put('warnings', text_array(p_warnings));
    return l_response.to_clob;
  end response;

  ------------------------------------------------------------------------------
  -- Locating a store
  ------------------------------------------------------------------------------

  function normalize_store_id(p_value in varchar2, p_what in varchar2) return varchar2
  is
  begin
    if p_value is null then
      return null;
    end if;
    if not regexp_like(p_value, '^' || co_store_id_rule || '$', 'c') then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_what || ' ' || agentmem_util.quoted(p_value)
        || ' must start with a letter, contain only letters, digits and underscores, and have at most'
        || ' 16 characters (it is joined to the store''s table names with an underscore)');
    end if;
    return upper(p_value);
  end normalize_store_id;

  -- Maps the deprecated table_name_prefix to a memory_store_id. The prefix
  -- is glued to table names without a separator, so 'MEM01_' names the
  -- tables of memory_store_id MEM01; a prefix not ending with '_' names
  -- tables (MEM01THREAD) no memory_store_id can name, and is rejected.
  function prefix_to_store_id(p_prefix in varchar2) return varchar2
  is
  begin
    if p_prefix is null then
      return null;
    end if;
    if not regexp_like(p_prefix, '^' || co_store_id_rule || '_$', 'c') then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: table_name_prefix ' || agentmem_util.quoted(p_prefix)
        || ' must be a memory_store_id followed by ''_'' (table_name_prefix ''MEM01_'' opens memory_store_id'
        || ' ''MEM01''): the prefix is glued to table names, and a prefix without the trailing underscore'
        || ' names tables no store uses. table_name_prefix is deprecated: pass memory_store_id');
    end if;
    return upper(substr(p_prefix, 1, length(p_prefix) - 1));
  end prefix_to_store_id;

  -- The schema whose store registry a caller reaches without schema_owner:
  -- its own, or the owner its private AGENTMEM_STORE_REGISTRY synonym points
  -- to (grant_access with p_create_synonyms, or synonyms the caller made).
  function default_owner return varchar2
  is
    l_me    varchar2(128 char) := agentmem_util.current_user_name;
    l_count pls_integer;
    l_owner varchar2(128 char);
  begin
    select count(*) into l_count from sys.all_tables where owner = l_me and table_name = 'AGENTMEM_STORE_REGISTRY';
    if l_count > 0 then
      return l_me;
    end if;
    select max(table_owner) into l_owner from sys.all_synonyms
     where owner = l_me and synonym_name = 'AGENTMEM_STORE_REGISTRY' and table_name = 'AGENTMEM_STORE_REGISTRY';
    return nvl(l_owner, l_me);
  end default_owner;

  function resolve_owner(p_schema_owner in varchar2, p_what in varchar2 default 'p_schema_owner') return varchar2
  is
    l_quoted varchar2(130 char);
  begin
    if p_schema_owner is null then
      return default_owner;
    end if;
    -- Validates format and existence (DBMS_ASSERT.SCHEMA_NAME); quoted
    -- owners are not supported, lower case is folded to upper case.
    l_quoted := agentmem_util.sql_schema(p_schema_owner, p_what);
    return upper(p_schema_owner);
  end resolve_owner;

  function locate(p_store_id in varchar2, p_schema_owner in varchar2,
                  p_id_what in varchar2 default 'p_store_id',
                  p_owner_what in varchar2 default 'p_schema_owner') return agentmem_store_catalog.t_store
  is
    l_store t_store;
  begin
    l_store.store_id := normalize_store_id(p_store_id, p_id_what);
    l_store.store_key := nvl(l_store.store_id, agentmem_store_catalog.co_default_key);
    l_store.table_prefix := case when l_store.store_id is not null then l_store.store_id || '_' end;
    l_store.owner := resolve_owner(p_schema_owner, p_owner_what);
    agentmem_store_catalog.read_registry(l_store);
    return l_store;
  end locate;

  function locate_own(p_store_id in varchar2, p_allow_orphans in boolean default false)
    return agentmem_store_catalog.t_store
  is
    l_store t_store;
  begin
    l_store.store_id := normalize_store_id(p_store_id, 'p_store_id');
    l_store.store_key := nvl(l_store.store_id, agentmem_store_catalog.co_default_key);
    l_store.table_prefix := case when l_store.store_id is not null then l_store.store_id || '_' end;
    l_store.owner := agentmem_util.current_user_name;
    agentmem_store_catalog.read_registry(l_store);
    if not l_store.registered
       and not (p_allow_orphans and agentmem_store_catalog.any_table_exists(l_store.owner, l_store.table_prefix)) then
      fail(dbms_agent_memory_store.co_not_found,
        'NOT_FOUND: ' || agentmem_store_catalog.display_name(l_store) || ' is not registered in '
        || l_store.owner || '.AGENTMEM_STORE_REGISTRY; check p_store_id (list_stores shows the stores),'
        || ' and run this as the owner of the store');
    end if;
    return l_store;
  end locate_own;

  procedure require_access(p_store in agentmem_store_catalog.t_store)
  is
    l_me    varchar2(128 char) := agentmem_util.current_user_name;
    l_table varchar2(128 char) := p_store.table_prefix || 'THREAD';
    l_count pls_integer;
  begin
    if p_store.owner = l_me then
      return;   -- the owner, even of a store whose THREAD table is missing (describe shows the repair)
    end if;
    select count(*) into l_count from sys.all_tables where owner = p_store.owner and table_name = l_table;
    if l_count = 0 then
      fail(dbms_agent_memory_store.co_privilege_missing,
        'PRIVILEGE_MISSING: ' || l_me || ' has no access to the ' || agentmem_store_catalog.display_name(p_store)
        || ' (' || p_store.owner || '.' || l_table || ' is not readable by it); its jobs and their runs are shown'
        || ' to the owner and to users the owner granted the store: ask ' || p_store.owner || ' to run'
        || ' dbms_agent_memory_store.grant_access('
        || case when p_store.store_id is null then 'null' else agentmem_util.quoted(p_store.store_id) end
        || ', ' || agentmem_util.quoted(l_me) || ', ''READ_ONLY'')');
    end if;
  end require_access;

  ------------------------------------------------------------------------------
  -- Reading and validating the request
  ------------------------------------------------------------------------------

  function read_request(p_req in json_object_t) return t_request
  is
    l_request   t_request;
    l_object    json_object_t;
    l_present   boolean;
    l_is_null   boolean;
  begin
    l_request.strategy := agentmem_util.get_enum(p_req, 'search_strategy', 'VECTOR,KEYWORD,HYBRID');
    l_request.sync := agentmem_util.get_enum(p_req, 'search_index_sync', 'ON_COMMIT,MANUAL,AUTO');
    l_request.vector_dim := agentmem_util.get_integer(p_req, 'vector_dim', 1, 65535);
    l_request.model := agentmem_util.get_text(p_req, 'embedding_model', null, 261);
    if l_request.model.value is not null then
      if not regexp_like(l_request.model.value,
                         '^' || co_model_part || '(\.' || co_model_part || ')?$', 'c') then
        fail(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: embedding_model ' || agentmem_util.quoted(l_request.model.value)
          || ' must be an unquoted in-database model name, optionally schema-qualified (OWNER.MODEL)');
      end if;
      l_request.model.value := upper(l_request.model.value);
    end if;

    agentmem_util.get_object(p_req, 'memory_retention_config', null, l_object, l_present, l_is_null);
    l_request.retention_present := l_present;
    if l_present and not l_is_null then
      agentmem_util.reject_unknown_keys(l_object, 'default_ttl_days,max_ttl_days', 'memory_retention_config.');
      l_request.default_ttl := agentmem_util.get_integer(l_object, 'default_ttl_days', 1, 100000,
                                                         'memory_retention_config.');
      l_request.max_ttl := agentmem_util.get_integer(l_object, 'max_ttl_days', 1, 100000,
                                                     'memory_retention_config.');
    end if;

    agentmem_util.get_object(p_req, 'chunking', null, l_object, l_present, l_is_null);
    l_request.chunking_present := l_present;
    if l_present and not l_is_null then
      agentmem_util.reject_unknown_keys(l_object, 'max,overlap,by,split,normalize', 'chunking.');
      l_request.chunk_max := agentmem_util.get_integer(l_object, 'max', 1, 4000, 'chunking.');
      l_request.chunk_overlap := agentmem_util.get_integer(l_object, 'overlap', 0, 800, 'chunking.');
      l_request.chunk_by := agentmem_util.get_enum(l_object, 'by', 'CHARACTERS,CHARS,WORDS', 'chunking.');
      l_request.chunk_split := agentmem_util.get_enum(l_object, 'split',
                                 'NONE,NEWLINE,BLANKLINE,SPACE,RECURSIVELY,SENTENCE', 'chunking.');
      l_request.chunk_normalize := agentmem_util.get_enum(l_object, 'normalize', 'NONE,ALL', 'chunking.');
    end if;
    return l_request;
  end read_request;

  function default_config return t_config
  is
    l_config t_config;
  begin
    l_config.search_strategy := agentmem_store_catalog.co_vector;
    l_config.search_index_sync := agentmem_store_catalog.co_on_commit;
    l_config.chunk_max := co_chunk_max;
    l_config.chunk_overlap := co_chunk_overlap;
    l_config.chunk_by := co_chunk_by;
    l_config.chunk_split := co_chunk_split;
    l_config.chunk_normalize := co_chunk_normalize;
    return l_config;
  end default_config;

  -- The configuration the request asks for, starting from p_base (the
  -- defaults for a new store, the stored configuration for an existing one).
  -- A given memory_retention_config replaces the stored one, an absent inner
  -- key meaning None; a given chunking object replaces the stored one, an
  -- absent inner key meaning its documented default.
  function merged(p_base in t_config, p_request in t_request) return t_config
  is
    l_config t_config := p_base;
  begin
    if p_request.strategy.value is not null then
      l_config.search_strategy := p_request.strategy.value;
    end if;
    if p_request.sync.value is not null then
      l_config.search_index_sync := p_request.sync.value;
    end if;
    if p_request.vector_dim.present then
      l_config.vector_dim := p_request.vector_dim.value;
    end if;
    if p_request.model.present then
      l_config.embedding_model := p_request.model.value;
    end if;
    if p_request.retention_present then
      l_config.default_ttl_days := p_request.default_ttl.value;
      l_config.max_ttl_days := p_request.max_ttl.value;
    end if;
    if p_request.chunking_present then
      l_config.chunk_max := coalesce(p_request.chunk_max.value, co_chunk_max);
      l_config.chunk_overlap := coalesce(p_request.chunk_overlap.value, co_chunk_overlap);
      -- 'chars' is UTL_TO_CHUNKS's synonym of 'characters'; one spelling is stored.
      l_config.chunk_by := lower(coalesce(case p_request.chunk_by.value when 'CHARS' then 'CHARACTERS'
                                                                       else p_request.chunk_by.value end,
                                          co_chunk_by));
      l_config.chunk_split := lower(coalesce(p_request.chunk_split.value, co_chunk_split));
      l_config.chunk_normalize := lower(coalesce(p_request.chunk_normalize.value, co_chunk_normalize));
    end if;
    return l_config;
  end merged;

  -- Rules that involve more than one key (single keys are checked when read).
  procedure validate_config(p_config in t_config)
  is
  begin
    if p_config.search_index_sync = agentmem_store_catalog.co_auto
       and p_config.search_strategy <> agentmem_store_catalog.co_hybrid then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: search_index_sync ''AUTO'' is supported only with search_strategy HYBRID (this store:'
        || ' ' || p_config.search_strategy || '); use ON_COMMIT or MANUAL');
    end if;
    if p_config.search_strategy = agentmem_store_catalog.co_vector and p_config.vector_dim is null then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: vector_dim null: search_strategy VECTOR needs local vectors; pass vector_dim, the'
        || ' dimension of your embedding model (e.g. 384), or omit it and pass embedding_model (its dimension'
        || ' is then taken)');
    end if;
    if p_config.search_strategy = agentmem_store_catalog.co_hybrid and p_config.embedding_model is null then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: embedding_model null: search_strategy HYBRID needs an in-database ONNX model for'
        || ' its hybrid vector index; pass embedding_model');
    end if;
    if p_config.default_ttl_days > p_config.max_ttl_days then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: memory_retention_config.default_ttl_days ' || p_config.default_ttl_days
        || ' must not exceed memory_retention_config.max_ttl_days ' || p_config.max_ttl_days);
    end if;
    -- UTL_TO_CHUNKS limits: max 50..4000 characters or 10..1000 words;
    -- overlap 0 or 5%..20% of max; sentence splitting needs words.
    if p_config.chunk_by = 'characters' and p_config.chunk_max not between 50 and 4000 then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: chunking.max ' || p_config.chunk_max || ' must be from 50 to 4000 when chunking.by'
        || ' is characters (UTL_TO_CHUNKS limit)');
    end if;
    if p_config.chunk_by = 'words' and p_config.chunk_max not between 10 and 1000 then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: chunking.max ' || p_config.chunk_max || ' must be from 10 to 1000 when chunking.by'
        || ' is words (UTL_TO_CHUNKS limit)');
    end if;
    if p_config.chunk_overlap <> 0
       and (p_config.chunk_overlap * 100 < p_config.chunk_max * 5
            or p_config.chunk_overlap * 100 > p_config.chunk_max * 20) then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: chunking.overlap ' || p_config.chunk_overlap || ' must be 0 or from 5% to 20% of'
        || ' chunking.max ' || p_config.chunk_max || ' (' || ceil(p_config.chunk_max * 0.05) || ' to '
        || floor(p_config.chunk_max * 0.2) || ', UTL_TO_CHUNKS limit)');
    end if;
    if p_config.chunk_split = 'sentence' and p_config.chunk_by <> 'words' then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: chunking.split ''sentence'' needs chunking.by ''words'' (UTL_TO_CHUNKS rule);'
        || ' chunking.by is ' || agentmem_util.quoted(p_config.chunk_by));
    end if;
  end validate_config;

  -- What must hold before any DDL for p_config: the release, Oracle Text,
  -- the embedding model.
  procedure check_feasible(p_store in t_store, p_config in t_config)
  is
    l_count pls_integer;
    l_owner varchar2(128 char) := case when instr(p_config.embedding_model, '.') > 0
                                  then substr(p_config.embedding_model, 1, instr(p_config.embedding_model, '.') - 1)
                                  else p_store.owner end;
    l_model varchar2(128 char) := substr(p_config.embedding_model, instr(p_config.embedding_model, '.') + 1);
  begin
    if p_config.search_strategy = agentmem_store_catalog.co_hybrid then
      agentmem_util.require_release(23, 6, 'search_strategy HYBRID (hybrid vector index)');
    else
      agentmem_util.require_release(23, 4, 'search_strategy ' || p_config.search_strategy);
    end if;
    if p_config.search_strategy in (agentmem_store_catalog.co_keyword, agentmem_store_catalog.co_hybrid) then
      select count(*) into l_count from sys.all_users where username = 'CTXSYS';
      if l_count = 0 then
        fail(dbms_agent_memory_store.co_unsupported_release,
          'UNSUPPORTED_RELEASE: search_strategy ' || p_config.search_strategy || ' needs Oracle Text, which is'
          || ' not installed in this database (no CTXSYS user); install Oracle Text or use VECTOR');
      end if;
    end if;
    if p_config.embedding_model is not null then
      select count(*) into l_count from sys.all_mining_models where owner = l_owner and model_name = l_model;
      if l_count = 0 then
        fail(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: embedding_model ' || agentmem_util.quoted(p_config.embedding_model)
          || ' is not an in-database model visible to ' || agentmem_util.current_user_name || ' (no row in'
          || ' ALL_MINING_MODELS for ' || l_owner || '.' || l_model || '); load it with'
          || ' DBMS_VECTOR.LOAD_ONNX_MODEL or fix the name');
      end if;
    end if;
  end check_feasible;

  ------------------------------------------------------------------------------
  -- Policies
  ------------------------------------------------------------------------------

  function same_config(p_a in t_config, p_b in t_config) return boolean
  is
  begin
    return agentmem_store_catalog.config_to_json(p_a).to_string
           = agentmem_store_catalog.config_to_json(p_b).to_string;
  end same_config;

  procedure incompatible(p_store in t_store, p_key in varchar2, p_requested in varchar2, p_stored in varchar2,
                         p_hint in varchar2)
  is
  begin
    fail(dbms_agent_memory_store.co_incompatible_store,
      'INCOMPATIBLE_STORE: ' || p_key || ' ' || p_requested || ' differs from ' || p_stored
      || ', the value of ' || agentmem_store_catalog.display_name(p_store) || '; ' || p_hint);
  end incompatible;

  function json_text(p_value in varchar2) return varchar2
  is
  begin
    return case when p_value is null then 'null' else '''' || p_value || '''' end;
  end json_text;

  -- Checks the strategy and the vector dimension of an existing store
  -- against the request (all policies that open an existing store).
  procedure check_strategy_and_dim(p_store in t_store, p_request in t_request, p_policy in varchar2,
                                   p_warnings in out nocopy agentmem_util.t_text_list)
  is
    l_stored varchar2(8 char) := p_store.config.search_strategy;
    l_wanted varchar2(8 char) := p_request.strategy.value;
  begin
    if l_wanted is not null and l_wanted <> l_stored then
      if l_wanted = agentmem_store_catalog.co_keyword and l_stored = agentmem_store_catalog.co_hybrid then
        agentmem_util.append(p_warnings, 'search_strategy KEYWORD on a HYBRID store: keyword searches use the'
          || ' text part of the hybrid index; the store stays HYBRID');
      elsif not (p_policy = co_create_if_necessary and l_wanted = agentmem_store_catalog.co_hybrid) then
        incompatible(p_store, 'search_strategy', json_text(l_wanted), json_text(l_stored),
          case when p_policy = co_create_if_necessary
               then 'in place a store can only gain a HYBRID index; open with the store''s strategy, or RECREATE'
                    || ' (destroys the data)'
               else 'omit search_strategy to use the stored one, open with the store''s value, or RECREATE'
                    || ' (destroys the data)' end);
      end if;
    end if;
    if p_request.vector_dim.present
       and nvl(p_request.vector_dim.value, -1) <> nvl(p_store.config.vector_dim, -1) then
      incompatible(p_store, 'vector_dim', nvl(to_char(p_request.vector_dim.value), 'null'),
        nvl(to_char(p_store.config.vector_dim), 'null'),
        'stored vectors have the store''s dimension; omit vector_dim, pass the store''s value, or RECREATE'
        || ' (destroys the data)');
    end if;
  end check_strategy_and_dim;

  function chunking_differs(p_a in t_config, p_b in t_config) return boolean
  is
  begin
    return p_a.chunk_max <> p_b.chunk_max or p_a.chunk_overlap <> p_b.chunk_overlap
        or p_a.chunk_by <> p_b.chunk_by or p_a.chunk_split <> p_b.chunk_split
        or p_a.chunk_normalize <> p_b.chunk_normalize;
  end chunking_differs;

  -- REQUIRE_EXISTING and CREATE_IF_EMPTY on a registered store: the other
  -- settings must match too (CREATE_IF_NECESSARY is the policy that changes them).
  procedure check_settings(p_store in t_store, p_request in t_request)
  is
    l_wanted t_config := merged(p_store.config, p_request);
    -- 80 characters of text plus an owner name of up to 128.
    co_hint  constant varchar2(400 char) := 'omit it to use the stored value, or open with CREATE_IF_NECESSARY as '
                                       || p_store.owner || ' to change it';
  begin
    if p_request.sync.value is not null and p_request.sync.value <> p_store.config.search_index_sync then
      incompatible(p_store, 'search_index_sync', json_text(p_request.sync.value),
                   json_text(p_store.config.search_index_sync), co_hint);
    end if;
    if p_request.model.present and nvl(l_wanted.embedding_model, '-') <> nvl(p_store.config.embedding_model, '-') then
      incompatible(p_store, 'embedding_model', json_text(l_wanted.embedding_model),
                   json_text(p_store.config.embedding_model), co_hint);
    end if;
    if p_request.retention_present
       and (nvl(l_wanted.default_ttl_days, -1) <> nvl(p_store.config.default_ttl_days, -1)
            or nvl(l_wanted.max_ttl_days, -1) <> nvl(p_store.config.max_ttl_days, -1)) then
      incompatible(p_store, 'memory_retention_config',
        dbms_lob.substr(agentmem_store_catalog.config_to_json(l_wanted).get_object('memory_retention_config').to_clob, 400),
        dbms_lob.substr(agentmem_store_catalog.config_to_json(p_store.config).get_object('memory_retention_config').to_clob, 400),
        co_hint);
    end if;
    -- Chunking alone is compared: the strategy of l_wanted may be KEYWORD on
    -- a HYBRID store, which check_strategy_and_dim allows.
    if p_request.chunking_present and chunking_differs(l_wanted, p_store.config) then
      incompatible(p_store, 'chunking',
        dbms_lob.substr(agentmem_store_catalog.config_to_json(l_wanted).get_object('chunking').to_clob, 400),
        dbms_lob.substr(agentmem_store_catalog.config_to_json(p_store.config).get_object('chunking').to_clob, 400), co_hint);
    end if;
  end check_settings;

  -- The store must be registered, READY, at this package's schema version
  -- and complete.
  procedure check_usable(p_store in t_store)
  is
    l_missing agentmem_util.t_text_list;
  begin
    if p_store.status = 'DROPPING' then
      fail(dbms_agent_memory_store.co_store_broken,
        'STORE_BROKEN: ' || agentmem_store_catalog.display_name(p_store) || ' is being dropped (a drop_store'
        || ' was interrupted): run drop_store again as ' || p_store.owner || ', then create the store anew');
    elsif p_store.status <> 'READY' then
      fail(dbms_agent_memory_store.co_store_broken,
        'STORE_BROKEN: ' || agentmem_store_catalog.display_name(p_store) || ' is ' || p_store.status || ': '
        || nvl(p_store.status_detail, 'a create or repair did not finish.')
        || case when p_store.status = 'CREATING' then ' If no other session is creating it, open it with'
                || ' CREATE_IF_NECESSARY as ' || p_store.owner || ' to finish.' end);
    end if;
    if p_store.schema_version < agentmem_store_catalog.co_schema_version then
      fail(dbms_agent_memory_store.co_schema_outdated,
        'SCHEMA_OUTDATED: ' || agentmem_store_catalog.display_name(p_store) || ' is at schema_version '
        || p_store.schema_version || ' and this package needs schema_version '
        || agentmem_store_catalog.co_schema_version || ': run dbms_agent_memory_store.upgrade_store('
        || json_text(p_store.store_id) || ') as ' || p_store.owner || ' (CLI: agentmem store upgrade)');
    end if;
    if p_store.schema_version > agentmem_store_catalog.co_schema_version then
      fail(dbms_agent_memory_store.co_incompatible_store,
        'INCOMPATIBLE_STORE: ' || agentmem_store_catalog.display_name(p_store) || ' is at schema_version '
        || p_store.schema_version || ', newer than schema_version ' || agentmem_store_catalog.co_schema_version
        || ' of this package (' || dbms_agent_memory_store.co_version || '); install the newer agentmem');
    end if;
    l_missing := agentmem_store_catalog.missing_objects(p_store, p_store.config);
    if l_missing.count > 0 then
      fail(dbms_agent_memory_store.co_schema_missing,
        'SCHEMA_MISSING: ' || agentmem_store_catalog.display_name(p_store) || ' is missing required objects: '
        || substr(agentmem_util.join_list(l_missing), 1, 1200) || '. Ask the owner to open it with'
        || ' CREATE_IF_NECESSARY as ' || p_store.owner || ' to repair it');
    end if;
  end check_usable;

  -- Store DDL runs in the caller's own schema, and CREATE VECTOR INDEX is
  -- documented with unqualified names only: they resolve in CURRENT_SCHEMA,
  -- which must therefore be the owner (ALTER SESSION SET CURRENT_SCHEMA
  -- changes it).
  procedure require_ddl_session(p_store in t_store)
  is
  begin
    if agentmem_util.current_schema_name <> p_store.owner then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: the session''s CURRENT_SCHEMA ' || agentmem_util.current_schema_name
        || ' differs from ' || p_store.owner || ', the owner of ' || agentmem_store_catalog.display_name(p_store)
        || '; store DDL creates objects in the current schema. Run ALTER SESSION SET CURRENT_SCHEMA = '
        || p_store.owner || ' (or reconnect) and call again');
    end if;
  end require_ddl_session;

  -- Lifecycle policies run as the owner, without schema_owner (seed rule:
  -- schema_owner is for runtime access with REQUIRE_EXISTING or NO_CHECK).
  procedure require_own_schema(p_store in t_store, p_policy in varchar2, p_owner_given in boolean)
  is
  begin
    if p_policy in (co_require_existing, co_no_check) then
      return;
    end if;
    if p_owner_given then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: schema_policy ' || p_policy || ' cannot be combined with schema_owner '
        || agentmem_util.quoted(p_store.owner) || ': schema_owner opens an existing store for runtime access'
        || ' (REQUIRE_EXISTING or NO_CHECK only). Create, repair or recreate the store as ' || p_store.owner
        || ' without schema_owner');
    elsif p_store.owner <> agentmem_util.current_user_name then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: schema_policy ' || p_policy || ' needs the store registry in your own schema '
        || agentmem_util.current_user_name || ', but AGENTMEM_STORE_REGISTRY there is a synonym for '
        || p_store.owner || '''s: create, repair or recreate the store as ' || p_store.owner);
    end if;
    require_ddl_session(p_store);
  end require_own_schema;

  function complete(p_store in t_store, p_config in t_config) return boolean
  is
    l_missing agentmem_util.t_text_list := agentmem_store_catalog.missing_objects(p_store, p_config);
  begin
    return l_missing.count = 0;
  end complete;

  function can_create_job return boolean
  is
  begin
    return agentmem_util.has_privilege('CREATE JOB') or agentmem_util.has_privilege('CREATE ANY JOB');
  end can_create_job;

  -- The configuration of a new store: the request over the defaults, with
  -- vector_dim inferred when a VECTOR store names an embedding_model and
  -- omits vector_dim (seed: the store then takes the embedder's dimension).
  -- The model is checked first (check_feasible), then embeds a probe text
  -- once; its output dimension (VECTOR_DIMENSION_COUNT) becomes vector_dim.
  -- A vector_dim given explicitly, even null, is kept as given.
  function new_config(p_store in t_store, p_request in t_request) return t_config
  is
    l_config t_config := merged(default_config, p_request);
    l_probe  t_store := p_store;
    l_vector vector;
  begin
    if l_config.search_strategy = agentmem_store_catalog.co_vector and not p_request.vector_dim.present
       and l_config.embedding_model is not null then
      check_feasible(p_store, l_config);
      l_probe.config := l_config;
      l_vector := agentmem_chunks.embed(l_probe, co_dimension_probe);
      select vector_dimension_count(l_vector) into l_config.vector_dim from sys.dual;
    end if;
    return l_config;
  end new_config;

  procedure create_new(p_store in out nocopy t_store, p_request in t_request,
                       p_actions in out nocopy agentmem_util.t_text_list,
                       p_warnings in out nocopy agentmem_util.t_text_list)
  is
    l_config t_config := new_config(p_store, p_request);
  begin
    validate_config(l_config);
    check_feasible(p_store, l_config);
    agentmem_store_ddl.create_store(p_store, l_config, p_actions, p_warnings);
  end create_new;

  procedure create_if_necessary(p_store in out nocopy t_store, p_request in t_request,
                                p_actions in out nocopy agentmem_util.t_text_list,
                                p_warnings in out nocopy agentmem_util.t_text_list)
  is
    l_config t_config;
  begin
    if not p_store.registered then
      create_new(p_store, p_request, p_actions, p_warnings);
      return;
    end if;
    if p_store.status = 'DROPPING' or p_store.schema_version > agentmem_store_catalog.co_schema_version then
      check_usable(p_store);
    end if;
    check_strategy_and_dim(p_store, p_request, co_create_if_necessary, p_warnings);
    l_config := merged(p_store.config, p_request);
    if l_config.search_strategy = agentmem_store_catalog.co_keyword
       and p_store.config.search_strategy = agentmem_store_catalog.co_hybrid then
      l_config.search_strategy := agentmem_store_catalog.co_hybrid;   -- KEYWORD reads a HYBRID store
    end if;
    validate_config(l_config);
    if p_store.status = 'READY'
       and p_store.schema_version = agentmem_store_catalog.co_schema_version
       and same_config(l_config, p_store.config)
       and complete(p_store, l_config)
       and agentmem_jobs.has_all_jobs(p_store) then
      -- Nothing to change: no DDL, no registry write. (missing_jobs is empty
      -- without CREATE JOB: then the jobs cannot be created, only reported.)
      if not can_create_job then
        agentmem_util.append(p_warnings, 'CREATE JOB privilege missing: expired records stay hidden but are'
          || ' not purged; grant CREATE JOB to ' || p_store.owner || ' and open the store again with'
          || ' CREATE_IF_NECESSARY to create the jobs of the ' || agentmem_store_catalog.display_name(p_store));
      end if;
      return;
    end if;
    check_feasible(p_store, l_config);
    agentmem_store_ddl.repair_store(p_store, l_config, p_actions, p_warnings);
  end create_if_necessary;

  ------------------------------------------------------------------------------
  -- Public
  ------------------------------------------------------------------------------

  function open_store(p_request in clob) return clob
  is
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       agentmem_util.t_opt_text;
    l_prefix   agentmem_util.t_opt_text;
    l_owner    agentmem_util.t_opt_text;
    l_policy   agentmem_util.t_opt_text;
    l_request  t_request;
    l_store    t_store;
    l_store_id varchar2(16 char);
    l_actions  agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_warnings agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_lock_id  number;   -- the DDL lock this call took (lock_ddl); null: none to release
  begin
    agentmem_util.reject_unknown_keys(l_req, co_request_keys);
    l_id := agentmem_util.get_text(l_req, 'memory_store_id', null, 64);
    l_prefix := agentmem_util.get_text(l_req, 'table_name_prefix', null, 64);
    l_owner := agentmem_util.get_text(l_req, 'schema_owner', null, 128);
    l_policy := agentmem_util.get_enum(l_req, 'schema_policy',
                  'REQUIRE_EXISTING,CREATE_IF_EMPTY,CREATE_IF_NECESSARY,RECREATE,NO_CHECK');
    l_policy.value := nvl(l_policy.value, co_require_existing);

    if l_id.present and not l_id.is_null and l_prefix.present and not l_prefix.is_null then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: memory_store_id ' || agentmem_util.quoted(l_id.value) || ' and table_name_prefix '
        || agentmem_util.quoted(l_prefix.value) || ' were both given; pass only memory_store_id'
        || ' (table_name_prefix is deprecated)');
    end if;
    if l_id.present and not l_id.is_null and l_id.value is null then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: memory_store_id '''' must start with a letter; pass null or omit it for the'
        || ' unprefixed default store');
    end if;
    l_store_id := coalesce(normalize_store_id(l_id.value, 'memory_store_id'), prefix_to_store_id(l_prefix.value));
    l_request := read_request(l_req);
    l_store := locate(l_store_id, l_owner.value, 'memory_store_id', 'schema_owner');
    require_own_schema(l_store, l_policy.value, l_owner.value is not null);
    -- End-user rules (seed, SchemaPolicy NO_CHECK): the runtime policy needs
    -- an active end-user context; every lifecycle policy rejects one, so that
    -- schema work never runs as an end user. Before any lock or DDL.
    if l_policy.value = co_no_check then
      agentmem_end_user.require_end_user('open_store with schema_policy NO_CHECK');
    else
      agentmem_end_user.forbid_end_user('open_store with schema_policy ' || l_policy.value
        || ' (only NO_CHECK runs under an end-user context)');
    end if;
    if l_policy.value in (co_create_if_empty, co_create_if_necessary, co_recreate) then
      l_lock_id := lock_ddl(l_store);
      -- Another session may have created, repaired or dropped the store
      -- while this one waited: decide on the registry as it is now.
      agentmem_store_catalog.read_registry(l_store);
    end if;

    case l_policy.value
      when co_no_check then
        if not l_store.registered then
          fail(dbms_agent_memory_store.co_not_found,
            'NOT_FOUND: ' || agentmem_store_catalog.display_name(l_store) || ' is not registered in '
            || l_store.owner || '.AGENTMEM_STORE_REGISTRY; NO_CHECK opens existing stores only');
        end if;
      when co_require_existing then
        if not l_store.registered then
          fail(dbms_agent_memory_store.co_schema_missing,
            'SCHEMA_MISSING: ' || agentmem_store_catalog.display_name(l_store) || ' does not exist ('
            || case when agentmem_store_catalog.any_table_exists(l_store.owner, l_store.table_prefix)
                    then 'some of its tables exist, but it is not registered'
                    else 'no registry row and none of its tables' end
            || '). Ask a DBA to create it: open it with schema_policy CREATE_IF_NECESSARY as ' || l_store.owner);
        end if;
        check_usable(l_store);
        check_strategy_and_dim(l_store, l_request, co_require_existing, l_warnings);
        check_settings(l_store, l_request);
      when co_create_if_empty then
        if not l_store.registered
           and not agentmem_store_catalog.any_table_exists(l_store.owner, l_store.table_prefix) then
          create_new(l_store, l_request, l_actions, l_warnings);
        elsif not l_store.registered then
          fail(dbms_agent_memory_store.co_schema_missing,
            'SCHEMA_MISSING: ' || agentmem_store_catalog.display_name(l_store) || ' is not empty: some of its'
            || ' tables exist but it is not registered, so CREATE_IF_EMPTY does not create it. Open it with'
            || ' CREATE_IF_NECESSARY to complete it, or RECREATE to start over (destroys the data)');
        else
          check_usable(l_store);
          check_strategy_and_dim(l_store, l_request, co_create_if_empty, l_warnings);
          check_settings(l_store, l_request);
        end if;
      when co_create_if_necessary then
        create_if_necessary(l_store, l_request, l_actions, l_warnings);
      when co_recreate then
        declare
          l_config t_config := new_config(l_store, l_request);
        begin
          validate_config(l_config);
          check_feasible(l_store, l_config);
          if l_store.registered or agentmem_store_catalog.any_table_exists(l_store.owner, l_store.table_prefix) then
            agentmem_store_ddl.drop_store(l_store, l_actions);
          end if;
          agentmem_store_ddl.create_store(l_store, l_config, l_actions, l_warnings);
        end;
    end case;
    if l_actions.count > 0 then
      -- A created or re-created table of a VPD-protected store gets its
      -- policies before the lock goes (docs/security.md).
      agentmem_vpd.keep_policies(l_store, l_actions, l_warnings);
    end if;
    unlock_ddl(l_lock_id);
    l_lock_id := null;

    if l_actions.count > 0 then
      agentmem_store_catalog.read_registry(l_store);   -- timestamps and status after the DDL
    end if;
    return response(l_store, l_actions, l_warnings);
  exception
    when others then
      unlock_ddl(l_lock_id);
      raise;
  end open_store;

  function upgrade_store(p_store_id in varchar2) return clob
  is
    l_store    t_store := locate_own(p_store_id);
    l_actions  agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_warnings agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_lock_id  number;   -- the DDL lock this call took (lock_ddl); null: none to release
  begin
    if l_store.status = 'DROPPING' or l_store.schema_version > agentmem_store_catalog.co_schema_version then
      check_usable(l_store);
    end if;
    if l_store.schema_version < agentmem_store_catalog.co_schema_version then
      require_ddl_session(l_store);
      l_lock_id := lock_ddl(l_store);
      -- As it is after any wait: NOT_FOUND if another session dropped it
      -- (read_registry alone keeps the stale fields of an unregistered
      -- store), STORE_BROKEN if a drop was left DROPPING; skipped if another
      -- session upgraded it meanwhile.
      l_store := locate_own(p_store_id);
      if l_store.status = 'DROPPING' or l_store.schema_version > agentmem_store_catalog.co_schema_version then
        check_usable(l_store);
      end if;
      if l_store.schema_version < agentmem_store_catalog.co_schema_version then
        agentmem_store_ddl.upgrade_store(l_store, l_actions, l_warnings);
        agentmem_vpd.keep_policies(l_store, l_actions, l_warnings);   -- a table the upgrade added
        agentmem_store_catalog.read_registry(l_store);
      end if;
      unlock_ddl(l_lock_id);
      l_lock_id := null;
    end if;
    return response(l_store, l_actions, l_warnings);
  exception
    when others then
      unlock_ddl(l_lock_id);
      raise;
  end upgrade_store;

  procedure drop_store(p_store_id in varchar2)
  is
    l_store   t_store := locate_own(p_store_id, p_allow_orphans => true);
    l_actions agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_lock_id number;   -- the DDL lock this call took (lock_ddl); null: none to release
  begin
    require_ddl_session(l_store);   -- the purge job is named without its schema
    l_lock_id := lock_ddl(l_store);
    l_store := locate_own(p_store_id, p_allow_orphans => true);   -- as it is after any wait: NOT_FOUND if dropped
    -- The security policies and their grants first (docs/security.md): a
    -- registry row must never claim a policy for tables that are gone.
    -- RECREATE does not come here: it keeps the store's policies for the
    -- tables it creates again.
    agentmem_security.drop_store_policies(l_store, l_actions);
    agentmem_store_ddl.drop_store(l_store, l_actions);
    unlock_ddl(l_lock_id);
    l_lock_id := null;
  exception
    when others then
      unlock_ddl(l_lock_id);
      raise;
  end drop_store;

end agentmem_store;
/
