create or replace package agentmem_store_catalog
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_store,
                 package agentmem_store_ddl,
                 package agentmem_store_admin,
                 package agentmem_record_write,
                 package agentmem_record_read,
                 package agentmem_record_edit,
                 package agentmem_record_data,
                 package agentmem_chunks,
                 package agentmem_filter,
                 package agentmem_search,
                 package agentmem_jobs,
                 package agentmem_purge,
                 package agentmem_job_info,
                 package agentmem_relation,
                 package agentmem_thread,
                 package agentmem_thread_card,
                 package agentmem_end_user,
                 package agentmem_vpd,
                 package agentmem_llm_apply,
                 package agentmem_llm_tasks,
                 package agentmem_security,
                 package agentmem_security_dds)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_STORE_CATALOG: what a store is made of, and how to read it.
  --
  --   * Types for a store's configuration and registry row.
  --   * The catalog: every table, column, constraint, index and search object
  --     a store has, by name (docs/schema.md is its prose twin). The DDL in
  --     AGENTMEM_STORE_DDL creates exactly these.
  --   * Dictionary reads: which catalog objects exist and are usable.
  --   * The registry row (AGENTMEM_STORE_REGISTRY) read side, and the
  --     configuration's JSON form.
  -- Nothing here writes.
  ------------------------------------------------------------------------------

  -- Version of the managed schema this package creates. A new version adds
  -- an upgrade step in AGENTMEM_STORE_DDL (one procedure and one line).
  co_schema_version constant pls_integer := 3;

  -- Registry key of the unprefixed default store (memory_store_id NULL).
  co_default_key constant varchar2(16 char) := '$DEFAULT';

  -- Strategies and sync modes (protocol values, upper case).
  co_vector    constant varchar2(8 char) := 'VECTOR';
  co_keyword   constant varchar2(8 char) := 'KEYWORD';
  co_hybrid    constant varchar2(8 char) := 'HYBRID';
  co_on_commit constant varchar2(9 char) := 'ON_COMMIT';
  co_manual    constant varchar2(9 char) := 'MANUAL';
  co_auto      constant varchar2(9 char) := 'AUTO';

  -- Store configuration, as kept in AGENTMEM_STORE_REGISTRY.CONFIG.
  type t_config is record (
    search_strategy   varchar2(8 char),
    search_index_sync varchar2(9 char),
    vector_dim        number,
    embedding_model   varchar2(261 char),
    default_ttl_days  number,
    max_ttl_days      number,
    chunk_max         number,
    chunk_overlap     number,
    chunk_by          varchar2(10 char),
    chunk_split       varchar2(11 char),
    chunk_normalize   varchar2(4 char)
  );

  -- A store: where it lives and its registry row (registered = false when
  -- no row exists; then only owner, store_id, store_key, table_prefix are set).
  type t_store is record (
    owner          varchar2(128 char),
    store_id       varchar2(16 char),
    store_key      varchar2(16 char),
    table_prefix   varchar2(17 char),
    registered     boolean := false,
    config         t_config,
    schema_version number,
    status         varchar2(16 char),
    status_detail  varchar2(4000 char),
    created_at     timestamp with time zone,
    updated_at     timestamp with time zone
  );

  -- One managed object. object_type: TABLE, COLUMN (name = column,
  -- table_name = its table), CONSTRAINT, INDEX, VECTOR INDEX, TEXT INDEX,
  -- HYBRID INDEX, PREFERENCE. column_list: for indexes, the column list.
  type t_object is record (
    name        varchar2(128 char),
    object_type varchar2(16 char),
    table_name  varchar2(128 char),
    column_list varchar2(400 char)
  );
  type t_object_list is table of t_object;

  -- One column of a managed table with its dictionary comment.
  type t_column_doc is record (table_base varchar2(30 char), column_name varchar2(30 char), text varchar2(400 char));
  type t_column_docs is table of t_column_doc;

  -- 'store MEM01 in schema APP' / 'default store (unprefixed) in schema APP'.
  function display_name(p_store in t_store) return varchar2;

  -- Name of the vectorizer preference of a store (job names: AGENTMEM_JOBS.job_name).
  function preference_name(p_prefix in varchar2) return varchar2;

  -- Base names of the managed tables (without the store prefix), in
  -- creation order (parents first).
  function table_bases return agentmem_util.t_text_list;

  -- Dictionary comment of a managed table (by base name).
  function table_doc(p_base in varchar2) return varchar2;

  -- Every column of every managed table except RECORD_CHUNKS.EMBEDDING
  -- (present only when the store keeps local vectors), with its comment.
  function column_docs return t_column_docs;

  -- The objects a store with this prefix and configuration must have. The
  -- purge job is not included: it is optional (CREATE JOB may be missing).
  function expected_objects(p_prefix in varchar2, p_config in t_config) return t_object_list;

  -- Present-state of one catalog object in p_owner: 'VALID', 'UNUSABLE',
  -- 'FAILED', 'DISABLED', or NULL when absent.
  function object_status(p_owner in varchar2, p_object in t_object) return varchar2;

  -- 'MEM01_THREAD', or 'MEM01_MESSAGE.SEQ_NO' for a column.
  function object_label(p_object in t_object) return varchar2;

  -- True when the Oracle Text preference p_name of p_owner exists (false
  -- also where Oracle Text is not installed).
  function preference_exists(p_owner in varchar2, p_name in varchar2) return boolean;

  -- Expected objects of the store that are absent or unusable, one text
  -- each: 'MEM01_THREAD (table)', 'MEM01_MESSAGE.SEQ_NO (column)',
  -- 'MEM01_RECORD_CHUNKS_TXT_IX (text index, FAILED)'. Empty when complete.
  function missing_objects(p_store in t_store, p_config in t_config) return agentmem_util.t_text_list;

  -- True when at least one managed table of the prefix exists in p_owner.
  function any_table_exists(p_owner in varchar2, p_prefix in varchar2) return boolean;

  -- Configuration <-> JSON (the "config" object of the protocol).
  function config_to_json(p_config in t_config) return json_object_t;
  function config_from_json(p_config in clob) return t_config;

  -- Reads the registry row of p_store.store_key in p_store.owner into
  -- p_store (registered = false when there is none).
  -- Raises SCHEMA_MISSING when the registry table is not readable.
  procedure read_registry(p_store in out nocopy t_store);

  -- Registered store keys of p_owner, ordered: $DEFAULT first, then by key.
  -- Raises SCHEMA_MISSING when the registry table is not readable.
  function registered_keys(p_owner in varchar2) return agentmem_util.t_text_list;

end agentmem_store_catalog;
/
