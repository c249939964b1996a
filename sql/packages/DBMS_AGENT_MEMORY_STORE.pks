create or replace package dbms_agent_memory_store
  authid current_user
as
  ------------------------------------------------------------------------------
  -- DBMS_AGENT_MEMORY_STORE: an agent memory store inside Oracle AI Database.
  --
  -- Overview
  --   A memory store keeps threads, messages, memories (memory | fact |
  --   guideline | preference), actor profiles, thread summaries and images,
  --   with typed relations between records, time-to-live, and vector /
  --   keyword / hybrid search. Every store is a set of tables prefixed with
  --   its memory_store_id (docs/schema.md), registered in the table
  --   AGENTMEM_STORE_REGISTRY of the owner schema.
  --
  -- Calling convention
  --   Rich calls take p_store_id plus one JSON request document (CLOB) and
  --   return one JSON response document (CLOB). A key absent from a request
  --   means "omitted" (the default applies); a key present with JSON null
  --   means an explicit None. docs/protocol.md lists every shape.
  --
  -- Transactions
  --   API subprograms never COMMIT: the caller owns the transaction. Each
  --   call is atomic: on error it rolls back to a savepoint taken at its
  --   start, so nothing half-written remains. Only job entry points (purge,
  --   index sync) commit, and their comments say so. Call them from PL/SQL
  --   (the savepoint is transaction control, which a SELECT cannot run).
  --
  --   Store lifecycle calls (open_store with a creating policy, upgrade_store,
  --   drop_store, grant_access, revoke_access) run DDL, and DDL commits. They
  --   run it in an autonomous transaction: their own DDL and registry changes
  --   are committed when they return, even on error (a failed step leaves the
  --   store BROKEN, see open_store), while the caller's pending work is
  --   neither committed nor rolled back. They are restartable: run the same
  --   call again after fixing the cause of an error.
  --
  -- Rights
  --   AUTHID CURRENT_USER: the package runs with the caller's privileges, so
  --   what a runtime user may do is decided by the object grants it holds
  --   (see grant_access), never by the package owner's privileges.
  --
  -- Errors
  --   Every application error raised by this package is one of the codes
  --   below (range -20100 .. -20199). The message starts with the code's
  --   name, says what was wrong and what to do. docs/errors.md lists them;
  --   the Go client maps each code to a sentinel error.
  ------------------------------------------------------------------------------

  -- Release of this package (semantic version). Compared by the Go client.
  co_version constant varchar2(16) := '0.1.0';

  -- Error codes ---------------------------------------------------------------

  -- An argument or request field is missing, malformed or breaks a rule.
  co_invalid_argument constant pls_integer := -20100;
  e_invalid_argument exception;
  pragma exception_init(e_invalid_argument, -20100);

  -- The store, record, thread or relation named does not exist.
  co_not_found constant pls_integer := -20101;
  e_not_found exception;
  pragma exception_init(e_not_found, -20101);

  -- A record, relation or store with that id already exists.
  co_duplicate_id constant pls_integer := -20102;
  e_duplicate_id exception;
  pragma exception_init(e_duplicate_id, -20102);

  -- The store's managed objects are missing or incomplete.
  co_schema_missing constant pls_integer := -20103;
  e_schema_missing exception;
  pragma exception_init(e_schema_missing, -20103);

  -- The store's schema_version is older than this package needs.
  co_schema_outdated constant pls_integer := -20104;
  e_schema_outdated exception;
  pragma exception_init(e_schema_outdated, -20104);

  -- The requested search strategy or vector dimension differs from the store's.
  co_incompatible_store constant pls_integer := -20105;
  e_incompatible_store exception;
  pragma exception_init(e_incompatible_store, -20105);

  -- The database release or COMPATIBLE setting lacks a needed feature.
  co_unsupported_release constant pls_integer := -20106;
  e_unsupported_release exception;
  pragma exception_init(e_unsupported_release, -20106);

  -- The call needs an end-user security context and the session has none.
  co_end_user_context_required constant pls_integer := -20107;
  e_end_user_context_required exception;
  pragma exception_init(e_end_user_context_required, -20107);

  -- The call is not allowed while an end-user security context is active.
  co_end_user_context_forbidden constant pls_integer := -20108;
  e_end_user_context_forbidden exception;
  pragma exception_init(e_end_user_context_forbidden, -20108);

  -- Graph expansion over relations ran past its time budget.
  co_graph_expansion_timeout constant pls_integer := -20109;
  e_graph_expansion_timeout exception;
  pragma exception_init(e_graph_expansion_timeout, -20109);

  -- The calling user lacks a privilege the operation needs.
  co_privilege_missing constant pls_integer := -20110;
  e_privilege_missing exception;
  pragma exception_init(e_privilege_missing, -20110);

  -- An earlier DDL step failed; the store is marked broken until repaired.
  co_store_broken constant pls_integer := -20111;
  e_store_broken exception;
  pragma exception_init(e_store_broken, -20111);

  -- The in-database embedding model is missing or failed to embed.
  co_embedding_failed constant pls_integer := -20112;
  e_embedding_failed exception;
  pragma exception_init(e_embedding_failed, -20112);

  -- Subprograms ---------------------------------------------------------------

  -- Returns co_version, the release of this package.
  -- Side effects: none. Raises: nothing.
  function version return varchar2;

  -- Stores ---------------------------------------------------------------------
  -- p_store_id is a memory_store_id: a letter, then letters, digits and
  -- underscores, at most 16 characters, case-insensitive (stored upper case).
  -- NULL means the unprefixed default store. p_schema_owner is an unquoted
  -- schema name (upper-cased); NULL means the caller's schema, or the schema
  -- a private AGENTMEM_STORE_REGISTRY synonym of the caller points to.

  -- Opens a store, preparing it first as the schema policy says.
  -- p_request: JSON object (docs/protocol.md, "open_store"):
  --   memory_store_id      store id, or null/absent for the default store
  --   table_name_prefix    deprecated: '<memory_store_id>_'; not with memory_store_id
  --   schema_owner         another schema's existing store (REQUIRE_EXISTING or
  --                        NO_CHECK only)
  --   schema_policy        REQUIRE_EXISTING (default): validate, no DDL;
  --                        CREATE_IF_EMPTY: create when nothing exists, else as
  --                        REQUIRE_EXISTING; CREATE_IF_NECESSARY: create, repair,
  --                        upgrade, change settings in place; RECREATE: drop and
  --                        create (destroys the data); NO_CHECK: no validation
  --   search_strategy      VECTOR | KEYWORD | HYBRID; absent: the stored one, or
  --                        VECTOR for a new store
  --   search_index_sync    ON_COMMIT (default) | MANUAL | AUTO (HYBRID only)
  --   vector_dim           dimension of local vectors (VECTOR needs one) or null
  --   embedding_model      in-database ONNX model (HYBRID needs one) or null
  --   memory_retention_config {default_ttl_days, max_ttl_days}: days >= 1 or
  --                        null; absent inner key = null; absent object = keep
  --   chunking             {max, overlap, by, split, normalize} (UTL_TO_CHUNKS rules)
  -- Returns: {"store": {...}, "actions": [DDL performed], "warnings": [...]}.
  -- Side effects: creating policies run DDL in an autonomous transaction
  --   (see Transactions); REQUIRE_EXISTING and NO_CHECK only read. Creating
  --   policies need the session's CURRENT_SCHEMA to be the owner (store DDL
  --   creates objects there).
  -- Raises: INVALID_ARGUMENT (a key, its value and the rule; CURRENT_SCHEMA
  --   other than the owner for a creating policy), SCHEMA_MISSING
  --   (the missing objects), SCHEMA_OUTDATED (run upgrade_store),
  --   INCOMPATIBLE_STORE (requested vs stored value), UNSUPPORTED_RELEASE (the
  --   release needed), STORE_BROKEN (the repair hint), NOT_FOUND (NO_CHECK on
  --   an unknown store).
  function open_store(p_request in clob) return clob;

  -- Describes a store: configuration, version, the status of each managed
  -- object, row counts per table, and how to repair it.
  -- Returns: {"store", "objects": [{name, type, status, present}],
  --   "row_counts": {THREAD: n, ...} (null where not readable), "repair_hint"}.
  -- Side effects: none. Raises: NOT_FOUND, INVALID_ARGUMENT, SCHEMA_MISSING
  --   (no readable registry).
  function describe_store(p_store_id in varchar2, p_schema_owner in varchar2 default null) return clob;

  -- Lists the stores of a schema, the default store first, then by id.
  -- Returns: {"stores": [{...store...}, ...]}.
  -- Side effects: none. Raises: INVALID_ARGUMENT, SCHEMA_MISSING.
  function list_stores(p_schema_owner in varchar2 default null) return clob;

  -- Applies the pending schema upgrade steps of a store of the caller's
  -- schema (run as the owner).
  -- Returns: {"store", "actions" (one per step and DDL; empty when the store is
  --   current), "warnings"}.
  -- Side effects: DDL, autonomous transaction (see Transactions).
  -- Raises: NOT_FOUND, STORE_BROKEN (on failure, with the repair hint),
  --   INCOMPATIBLE_STORE (store newer than this package), INVALID_ARGUMENT
  --   (steps are pending and CURRENT_SCHEMA is not the owner).
  function upgrade_store(p_store_id in varchar2) return clob;

  -- Drops a store of the caller's schema: its purge job, indexes, tables,
  -- vectorizer preference and registry row. Destroys the data.
  -- Side effects: DDL, autonomous transaction; restartable. A failed step
  --   leaves the store DROPPING with the error in status_detail.
  -- Raises: NOT_FOUND, STORE_BROKEN (a step failed; run it again),
  --   INVALID_ARGUMENT (CURRENT_SCHEMA is not the owner).
  procedure drop_store(p_store_id in varchar2);

  -- Grants a runtime user access to a store of the caller's schema.
  --   p_grantee          an existing user (unquoted), not the owner
  --   p_access           READ_WRITE: SELECT, INSERT, UPDATE, DELETE on the store
  --                      tables; READ_ONLY: SELECT only (DML grants revoked).
  --                      Both: SELECT on AGENTMEM_STORE_REGISTRY, EXECUTE on this
  --                      package, SELECT on the store's embedding model when
  --                      the owner owns it.
  --   p_create_synonyms  true: same-name synonyms in the grantee's schema, so it
  --                      can omit schema_owner; needs CREATE ANY SYNONYM (else
  --                      the grantee creates its own, docs/stores.md)
  -- Side effects: DDL, autonomous transaction; repeatable.
  -- Raises: NOT_FOUND, INVALID_ARGUMENT, PRIVILEGE_MISSING.
  procedure grant_access(p_store_id        in varchar2,
                         p_grantee         in varchar2,
                         p_access          in varchar2 default 'READ_WRITE',
                         p_create_synonyms in boolean  default false);

  -- Revokes what grant_access granted on a store; the registry, package and
  -- model grants stay while the grantee can read another store of the
  -- schema. Drops the grantee's synonyms of the store when the caller holds
  -- DROP ANY SYNONYM.
  -- Side effects: DDL, autonomous transaction; repeatable.
  -- Raises: NOT_FOUND, INVALID_ARGUMENT.
  procedure revoke_access(p_store_id in varchar2, p_grantee in varchar2);

  -- Job entry point of the purge job (<prefix>PURGE_EXPIRED_J, daily):
  -- deletes expired records of a store of the caller's schema with their
  -- retrieval chunks and relations, p_batch_size rows per batch.
  -- Side effects: COMMITS after each batch (job entry point).
  -- Raises: NOT_FOUND, INVALID_ARGUMENT.
  -- agentmem:commits
  procedure purge_expired(p_store_id in varchar2, p_batch_size in pls_integer default 1000);

  -- == Records (issue 5) ==========================================================
  -- Records: add, get, list, update, delete; thread messages. docs/protocol-records.md.

  -- == Search (issue 6) ===========================================================
  -- Search, chunking for client embedders, index sync. docs/protocol-search.md.

  -- == End of sections ==

end dbms_agent_memory_store;
/
