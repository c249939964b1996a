-- Install level: the registry of memory stores in this schema.
-- One row per memory_store_id. The unprefixed default store (memory_store_id
-- NULL) is registered under the key '$DEFAULT', which no valid
-- memory_store_id can collide with (ids start with a letter).
-- The table is AGENTMEM_STORE_REGISTRY, not AGENTMEM_STORE: tables and
-- packages share one namespace, and AGENTMEM_STORE is the internal package
-- that manages stores.
create table agentmem_store_registry (
  store_key       varchar2(16 char)              not null,
  table_prefix    varchar2(17 char),
  config          json                           not null,
  schema_version  number(6)                      not null,
  status          varchar2(16 char)              default 'CREATING' not null,
  status_detail   varchar2(4000 char),
  created_at      timestamp(6) with time zone    default systimestamp not null,
  updated_at      timestamp(6) with time zone    default systimestamp not null,
  constraint agentmem_store_registry_pk primary key (store_key),
  -- Letters and digits spelled out, not [A-Z0-9], and match_param 'c': a range
  -- and the default case/accent sensitivity follow a collation (NLS_SORT) that
  -- a constraint cannot pin (docs/checker.md, REGEXP-RANGE, REGEXP-CASE).
  constraint agentmem_store_registry_key_ck check (
    store_key = '$DEFAULT' or regexp_like(store_key, '^[ABCDEFGHIJKLMNOPQRSTUVWXYZ][ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_]{0,15}$', 'c')),
  -- Written so that no branch is UNKNOWN: a CHECK passes when its condition
  -- is UNKNOWN, so "table_prefix = store_key || '_'" alone would accept a
  -- NULL prefix for a named store.
  constraint agentmem_store_registry_prefix_ck check (
    (store_key = '$DEFAULT' and table_prefix is null)
    or (store_key <> '$DEFAULT' and table_prefix is not null and table_prefix = store_key || '_')),
  constraint agentmem_store_registry_status_ck check (
    status in ('CREATING', 'READY', 'BROKEN', 'DROPPING')),
  constraint agentmem_store_registry_version_ck check (schema_version >= 0)
);

comment on table agentmem_store_registry is
  'agentmem: registry of memory stores in this schema, one row per memory_store_id';
comment on column agentmem_store_registry.store_key is
  'memory_store_id (upper case), or $DEFAULT for the unprefixed store';
comment on column agentmem_store_registry.table_prefix is
  'prefix of the store''s managed objects, e.g. MEM01_; NULL for the unprefixed store';
comment on column agentmem_store_registry.config is
  'store configuration: search_strategy, search_index_sync, vector_dim, embedding_model, memory_retention_config, chunking';
comment on column agentmem_store_registry.schema_version is
  'version of the store''s managed schema; upgrade_store brings it to the package''s version';
comment on column agentmem_store_registry.status is
  'CREATING while DDL runs, READY when usable, BROKEN after a failed DDL step, DROPPING during drop';
comment on column agentmem_store_registry.status_detail is
  'for BROKEN: the failed step and the error, and how to repair';
comment on column agentmem_store_registry.created_at is
  'when the store was registered';
comment on column agentmem_store_registry.updated_at is
  'when the registry row last changed';
