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
  --   call again after fixing the cause of an error. The creating policies,
  --   upgrade_store and drop_store hold a DBMS_LOCK lock per store while they
  --   run (released on every exit): concurrent calls on one store wait for
  --   each other instead of running DDL at once (docs/stores.md).
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
  co_version constant varchar2(16 char) := '0.1.0';

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

  -- The thread's LLM provider failed (DBMS_VECTOR_CHAIN.UTL_TO_GENERATE_TEXT
  -- or the configured PL/SQL function raised); the message names the
  -- provider, the model and the Oracle error text (docs/llm.md).
  co_llm_failed constant pls_integer := -20113;
  e_llm_failed exception;
  pragma exception_init(e_llm_failed, -20113);

  -- The LLM's answer is not the JSON object the task's schema asks for; the
  -- message names what was wrong. Nothing was written (docs/llm.md).
  co_llm_output_invalid constant pls_integer := -20114;
  e_llm_output_invalid exception;
  pragma exception_init(e_llm_output_invalid, -20114);

  -- Background LLM tasks of the thread did not finish in time (delete_message
  -- waits for them first, as the seed's TimeoutError).
  co_extraction_timeout constant pls_integer := -20115;
  e_extraction_timeout exception;
  pragma exception_init(e_extraction_timeout, -20115);

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
  --   vector_dim           dimension of local vectors (VECTOR needs one) or null;
  --                        omitted on a new VECTOR store with embedding_model:
  --                        the model's dimension (one probe embedding)
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
  --   release needed), STORE_BROKEN (the repair hint; or the store's DDL
  --   lock not granted within 900 seconds), NOT_FOUND (NO_CHECK on an unknown
  --   store), PRIVILEGE_MISSING (no EXECUTE on DBMS_LOCK for a creating
  --   policy).
  function open_store(p_request in clob) return clob;

  -- Describes a store: configuration, version, the status of each managed
  -- object, row counts per table, and how to repair it.
  -- Returns: {"store", "objects": [{name, type, status, present}],
  --   "row_counts": {THREAD: n, ...} (null where not readable), "jobs" (as
  --   list_jobs: state, last run, last error of each job), "security":
  --   {"enforcement": "VPD" | "DEEP_DATA_SECURITY", "policies": [...]} or
  --   null (no policies, or the owner's AGENTMEM_SECURITY_POLICY is not
  --   readable by the caller), "repair_hint"}.
  -- Side effects: none; read-only, takes no savepoint: callable from SQL.
  -- Raises: NOT_FOUND, INVALID_ARGUMENT, SCHEMA_MISSING (no readable registry),
  --   PRIVILEGE_MISSING (not the owner and not granted the store).
  function describe_store(p_store_id in varchar2, p_schema_owner in varchar2 default null) return clob;

  -- Lists the stores of a schema, the default store first, then by id.
  -- Returns: {"stores": [{...store...}, ...]}.
  -- Side effects: none; read-only, takes no savepoint: callable from SQL.
  -- Raises: INVALID_ARGUMENT, SCHEMA_MISSING.
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

  -- Drops a store of the caller's schema: its security policies and their
  -- grants (remove_security_policies), jobs and job log, indexes, tables,
  -- vectorizer preference and registry row. Destroys the data.
  -- Side effects: DDL, autonomous transaction; restartable. A failed step
  --   leaves the store DROPPING with the error in status_detail.
  -- Raises: NOT_FOUND, STORE_BROKEN (a step failed; run it again),
  --   INVALID_ARGUMENT (CURRENT_SCHEMA is not the owner).
  procedure drop_store(p_store_id in varchar2);

  -- Grants a runtime user or role access to a store of the caller's schema.
  --   p_grantee          an existing user or role (unquoted), not the owner and
  --                      not PUBLIC; a name that is neither a user nor a role
  --                      is INVALID_ARGUMENT (ORA-01917)
  --   p_access           READ_WRITE: SELECT, INSERT, UPDATE, DELETE on the store
  --                      tables; READ_ONLY: SELECT only (DML grants revoked).
  --                      Both: SELECT on AGENTMEM_STORE_REGISTRY, EXECUTE on this
  --                      package, SELECT on the store's embedding model when
  --                      the owner owns it.
  --   p_create_synonyms  true: same-name synonyms in the grantee's schema, so it
  --                      can omit schema_owner; needs CREATE ANY SYNONYM (else
  --                      the grantee creates its own, docs/stores.md) and a
  --                      user (a role has no schema: INVALID_ARGUMENT)
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

  -- == Security policies (issue 14) ================================================
  -- End-user isolation enforced by the database (docs/security.md, "Policies",
  -- "Deep Data Security"). A store's policies: USER_OWN_ROWS (rows whose owner
  -- is the end user: read, insert, update without the identity and ownership
  -- columns, delete) and GLOBAL_MEMORIES (rows with user_id NULL, and agent
  -- profiles: read only); a relation is visible only when both endpoint
  -- records are. One enforcement mode per store:
  --   VPD                 DBMS_RLS policies keyed on the end user the
  --                       application names (set_end_user); END_USER
  --                       principals; every release with DBMS_RLS (EE).
  --   DEEP_DATA_SECURITY  data roles and data grants keyed on
  --                       ORA_END_USER_CONTEXT.username (the database verifies
  --                       the end user's token); 26ai 23.26.2+, COMPATIBLE >= 20.
  -- The store is one of the caller's schema (or of the owner a private
  -- AGENTMEM_STORE_REGISTRY synonym points to); the registry is the owner's
  -- AGENTMEM_SECURITY_POLICY / AGENTMEM_SECURITY_GRANT (migration 000003).
  -- Every call here is refused while an end-user context is active
  -- (END_USER_CONTEXT_FORBIDDEN). The calls that change something run their
  -- registry writes and DDL in an autonomous transaction (see Transactions):
  -- committed when they return, even on error, restartable, the caller's
  -- pending work untouched. A second identical call changes nothing.

  -- Adds policies to a store and puts them in force.
  --   p_request  {"policies": ["USER_OWN_ROWS", "GLOBAL_MEMORIES"] (required;
  --              case-insensitive), "enforcement": "VPD" | "DEEP_DATA_SECURITY"
  --              (required while the store has no policy; otherwise the
  --              store's mode, and another mode is INVALID_ARGUMENT)}
  -- Returns: {"store_id", "enforcement", "policies": [{"policy", "created"
  --   (false: it was added before)}], "statements" (DDL statements run, or 1
  --   for VPD's attach)}.
  -- Raises: NOT_FOUND (store), INVALID_ARGUMENT, UNSUPPORTED_RELEASE (Deep Data
  --   Security missing: 23.26.2, COMPATIBLE 20; checked before any change),
  --   PRIVILEGE_MISSING (the privilege named), SCHEMA_MISSING (registry),
  --   END_USER_CONTEXT_FORBIDDEN.
  -- agentmem:commits
  function add_security_policies(p_store_id in varchar2, p_request in clob) return clob;

  -- Removes policies (and their grants) from a store.
  --   p_request  null or {"policies": [...]}; omitted = every policy of the store
  -- Returns: {"store_id", "enforcement", "policies": [{"policy", "removed"}],
  --   "statements"}. Raises: as add_security_policies.
  -- agentmem:commits
  function remove_security_policies(p_store_id in varchar2, p_request in clob) return clob;

  -- Grants policies of a store to principals.
  --   p_request  {"principals": [{"type": "END_USER" | "DATA_ROLE" | "OCI_GROUP",
  --              "name": "..."}], "policies": [...] (omitted = every policy of
  --              the store)}. VPD: END_USER only, the name exactly as the
  --              application passes it (1-128 characters, no control
  --              characters). DEEP_DATA_SECURITY: END_USER and DATA_ROLE are
  --              unquoted identifiers (no '.', '@' or quotes); OCI_GROUP is the
  --              OCI IAM group name of the end-user token (1-128 characters).
  -- Returns: {"granted": n} (new grants). Raises: as add_security_policies.
  -- agentmem:commits
  function grant_security_policies(p_store_id in varchar2, p_request in clob) return clob;

  -- Revokes policies of a store from principals; same request.
  -- Returns: {"revoked": n}. Raises: as grant_security_policies.
  -- agentmem:commits
  function revoke_security_policies(p_store_id in varchar2, p_request in clob) return clob;

  -- The policies of a store: {"policies": [{"policy", "enforcement",
  --   "created_at"}]}, by policy name.
  -- Side effects: none; read-only, takes no savepoint.
  -- Raises: NOT_FOUND, INVALID_ARGUMENT, SCHEMA_MISSING, END_USER_CONTEXT_FORBIDDEN.
  function list_security_policies(p_store_id in varchar2, p_schema_owner in varchar2 default null) return clob;

  -- The grants of a store's policies: {"grants": [{"principal": {"type",
  --   "name"}, "policies": [...]}]}, by type, then name.
  -- Side effects: none; read-only. Raises: as list_security_policies.
  function list_security_grants(p_store_id in varchar2, p_schema_owner in varchar2 default null) return clob;

  -- What this database offers for the two modes: {"release", "compatible",
  --   "deep_data_security": bool, "vpd": bool, "missing": [{"what", "fix"}],
  --   "privileges": {"CREATE DATA ROLE": bool, ..., "EXECUTE ON SYS.DBMS_RLS": bool}}.
  -- Side effects: none; read-only. Raises: END_USER_CONTEXT_FORBIDDEN.
  function security_capabilities return clob;

  -- Purges expired records of a store of the caller's schema now, with
  -- their retrieval chunks and relations, p_batch_size rows per batch,
  -- until none is left: the purge job's body (run_job 'PURGE') without a
  -- time budget, logged in AGENTMEM_JOB_LOG as a MANUAL run.
  -- Side effects: runs as an autonomous transaction and COMMITS it after
  --   each batch (job entry point); the caller's pending work is neither
  --   committed nor rolled back, nor seen by the purge: commit it first (a
  --   row it locks that the purge must delete fails the run, ORA-00060).
  -- Raises: NOT_FOUND, INVALID_ARGUMENT, PRIVILEGE_MISSING (DBMS_LOCK).
  -- agentmem:commits
  procedure purge_expired(p_store_id in varchar2, p_batch_size in pls_integer default 1000);

  -- == Jobs (issue 15) ============================================================
  -- The store jobs (docs/operations.md): PURGE (every store, hourly, under a
  -- time budget), TEXT_OPTIMIZE (KEYWORD stores, nightly), TEXT_SYNC (KEYWORD
  -- and HYBRID stores with MANUAL sync; created disabled), LLM_TASKS (every
  -- store, every minute: runs the BACKGROUND LLM tasks of its threads,
  -- docs/llm.md "Background queue"). Each is created from a shared scheduler
  -- program (AGENTMEM_<JOB>_P) with the store.

  -- Scheduler entry point of every store job (the programs call it): runs
  -- job p_job of the store whose key is p_store_id ($DEFAULT: the default
  -- store) as a SCHEDULER run. Side effects: COMMITS (job entry point).
  -- Raises: NOT_FOUND, INVALID_ARGUMENT, PRIVILEGE_MISSING, and what the job
  --   body raised (the run is logged FAILED first).
  -- agentmem:commits
  procedure run_job(p_store_id in varchar2, p_job in varchar2);

  -- Runs job p_job of a store of the caller's schema now, in this session,
  -- by the path the scheduler takes, as a MANUAL run.
  --   p_request  null or {"batch_size": 1..100000 (PURGE, default 1000),
  --              "time_budget_seconds": 1..86400 (PURGE default 300,
  --              LLM_TASKS default 50)}
  -- Returns: {"run": {run_id, job, job_name, source, started_at, ended_at,
  --   outcome (SUCCEEDED | PARTIAL | FAILED | SKIPPED), rows_affected, error}}.
  -- Side effects: as purge_expired: an autonomous transaction that COMMITS
  --   (after each purge batch; CTX_DDL commits); the caller's pending work
  --   is neither committed nor rolled back. Raises: as run_job.
  -- agentmem:commits
  function run_job_now(p_store_id in varchar2, p_job in varchar2, p_request in clob default null) return clob;

  -- The jobs of a store: {"store", "jobs": [{job, name, present, enabled,
  --   state, schedule, next_run, last_start, failure_count, last_run,
  --   last_error}]}. Readable by runtime users with access to the store.
  -- Side effects: none. Raises: NOT_FOUND, INVALID_ARGUMENT, SCHEMA_MISSING,
  --   PRIVILEGE_MISSING (not the owner and not granted the store).
  function list_jobs(p_store_id in varchar2, p_schema_owner in varchar2 default null) return clob;

  -- The runs of a store's jobs, newest first:
  --   p_request  null or {"job": PURGE | TEXT_OPTIMIZE | TEXT_SYNC | LLM_TASKS (default all),
  --              "limit": 1..1000 (default 20)}
  -- Returns: {"runs": [run, ...]}. Side effects: none.
  -- Raises: NOT_FOUND, INVALID_ARGUMENT, SCHEMA_MISSING, PRIVILEGE_MISSING (not
  --   the owner and not granted the store).
  function job_history(p_store_id in varchar2, p_request in clob default null,
                       p_schema_owner in varchar2 default null) return clob;

  -- Enables or disables job p_job of a store of the caller's schema.
  -- Side effects: autonomous transaction (DBMS_SCHEDULER commits).
  -- Raises: NOT_FOUND (store or job absent), INVALID_ARGUMENT.
  -- agentmem:commits
  procedure set_job_enabled(p_store_id in varchar2, p_job in varchar2, p_enabled in boolean);

  -- What a purge of a store of the caller's schema would delete now:
  -- {"store", "expired": {MEMORY, DOCUMENT, MESSAGE, RECORD_CHUNKS, RELATION,
  --  LLM_TASK (task rows past their retention)},
  --  "job_log_rows"}. Side effects: none. Raises: NOT_FOUND.
  function preview_purge(p_store_id in varchar2) return clob;

  -- Installs the shared scheduler programs (agentmem install-packages and
  -- install.sql call it after the packages): {"actions", "warnings"}; a
  -- missing CREATE JOB is a warning with the grant.
  -- Side effects: DBMS_SCHEDULER commits, in an autonomous transaction (the
  --   caller's pending work is neither committed nor rolled back).
  -- agentmem:commits
  function install_jobs return clob;

  -- == End-user context (issue 14) ================================================
  -- docs/security.md, "End-user context" and "VPD enforcement".
  --
  -- What it trusts. set_end_user names the end user of the session's
  --   following statements in the application context of this installation
  --   (namespace AGENTMEM_EU_<owner>, created at install time, settable only
  --   by the trusted package AGENTMEM_END_USER). The database does not verify
  --   the name: it trusts the application's database account, which may name
  --   any end user. A Deep Data Security end-user security context (26ai
  --   23.26.2+) is verified by the database from a token and wins over it.
  -- What it enforces. On a store with VPD policies (add_security_policies,
  --   enforcement VPD), every statement on its tables - package calls and
  --   direct SQL alike - sees and changes only the rows the end user's grants
  --   allow; without an end user, sessions other than the owner's see nothing,
  --   and package calls on such a store fail with END_USER_CONTEXT_REQUIRED.
  --   The owner without an end user is not restricted (setup only); a user
  --   with EXEMPT ACCESS POLICY bypasses VPD; VPD needs Enterprise Edition.
  -- One round trip per call, identity cleared on every exit (the pooled-
  --   session guarantee: no call inherits the previous caller's end user):
  --     begin
  --       dbms_agent_memory_store.set_end_user(p_end_user => :b_end_user);
  --       <the call>;
  --       dbms_agent_memory_store.clear_end_user;
  --     exception
  --       when others then
  --         dbms_agent_memory_store.clear_end_user;
  --         raise;
  --     end;
  --   The Go client (ForEndUser) and the CLI (--end-user) send exactly this.
  --   An application that calls set_end_user on its own must clear it before
  --   the session goes back to a pool.
  -- Rules under an active end user: open_store accepts only NO_CHECK (other
  --   policies: END_USER_CONTEXT_FORBIDDEN), and NO_CHECK needs one
  --   (END_USER_CONTEXT_REQUIRED); upgrade_store, drop_store, grant_access,
  --   revoke_access, the job administration calls and the security
  --   administration calls are END_USER_CONTEXT_FORBIDDEN. An omitted user_id
  --   (open_thread, add_user) or user_ids (add_records, add_memory) is the end
  --   user; an explicit null keeps a record unscoped.

  -- Sets the end user of this session (VPD mode).
  -- Raises: INVALID_ARGUMENT (null, more than 128 characters, a control
  --   character), END_USER_CONTEXT_FORBIDDEN (a Deep Data Security context
  --   with another user is active), SCHEMA_MISSING (the application context
  --   was not created: CREATE ANY CONTEXT was missing at install time).
  -- Side effects: the session's application context only (no transaction).
  procedure set_end_user(p_end_user in varchar2);

  -- Clears the end user set by set_end_user. Never raises for a session
  -- without one: safe in an exception handler. Side effects: as above.
  procedure clear_end_user;

  -- The end user of the session: the Deep Data Security username when such
  -- a context is active, else the set_end_user name, else null.
  -- Side effects: none.
  function current_end_user return varchar2;

  -- Creates the application context of this installation (CREATE OR
  -- REPLACE CONTEXT AGENTMEM_EU_<owner> USING <owner>.AGENTMEM_END_USER);
  -- agentmem install-packages and install.sql call it after install_jobs.
  -- {"actions", "warnings"}: a missing CREATE ANY CONTEXT is a warning.
  -- Side effects: DDL commits, in an autonomous transaction.
  -- agentmem:commits
  function install_end_user_context return clob;

  -- Drops that context (uninstall.sql): {"actions", "warnings"}; a missing
  -- DROP ANY CONTEXT is a warning. Side effects: as above.
  -- agentmem:commits
  function uninstall_end_user_context return clob;

  -- == Records (issue 5) ==========================================================
  -- Records: add, get, list, update, delete; thread messages. docs/protocol-records.md
  -- (the contract: rules R1-R18, U1-U18, D1-D7), docs/records.md (for SQL users).
  --
  -- Record types: thread, message, memory, fact, guideline, preference (the
  -- last four share one id space), thread_summary, image, user_profile,
  -- agent_profile; matched case-insensitively. Ids: 1 to 128 characters;
  -- generated ids are 32 lower-case hex characters. Timestamps in requests:
  -- ISO-8601 (no zone = UTC); in responses UTC with 6 digits and Z. Bytes:
  -- standard base64. Vectors: JSON arrays of vector_dim numbers.
  -- Every call first reads the store's registry row: unknown store NOT_FOUND,
  -- not READY STORE_BROKEN, older schema SCHEMA_OUTDATED. Writes (add_*,
  -- update_record, delete_*) take a savepoint and roll back to it on any
  -- error: a failing call writes nothing; they never commit. Reads (get_*,
  -- list_*) write nothing and take no savepoint, so they can be called from
  -- SQL. Expired records are hidden from every read at once.

  -- Adds records of one type (single batch), or several batches in order
  -- (add_batches form: {"batches": [...], "batch_size"}), in one call.
  -- p_request keys (scalar = broadcast, list = one entry per record):
  --   record_type (required), contents (list, required), record_ids,
  --   thread_ids, user_ids, agent_ids, roles (messages; ignored on other types), timestamps,
  --   metadata, ttl_days (1..365000; clamped to max_ttl_days), ttl_anchor
  --   (CREATED_AT | TIMESTAMP), statuses (VALID | INVALID), index_texts (list:
  --   string, list of chunks, "" or null), embeddings (list: vector, list of
  --   vectors, [] or null), batch_size (1..10000, default 256: rows per bulk
  --   statement inside the call, never several calls).
  -- Returns: {"ids": [...in input order...], "warnings": [...]}.
  -- Side effects: inserts the records, their images and retrieval rows
  --   (RECORD_CHUNKS: text chunked with the store's chunking, vectors as
  --   given or from the store's embedding_model).
  -- Raises: INVALID_ARGUMENT (the key path, the value and the rule),
  --   NOT_FOUND (a thread_ids entry names no thread), DUPLICATE_ID (an id
  --   exists), EMBEDDING_FAILED (the store's model is missing or fails).
  function add_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Adds a user profile: p_request {"user_id", "information", "metadata"}.
  -- The record id is the user id. Returns {"id", "warnings"}.
  -- Raises: INVALID_ARGUMENT, DUPLICATE_ID (the user has a profile: use
  --   update_record), EMBEDDING_FAILED.
  function add_user(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Adds an agent profile: p_request {"agent_id", "information", "metadata"};
  -- as add_user.
  function add_agent(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Gets one record: p_request {"record_type", "record_id", "include_bytes"}.
  -- Returns {"record": {...} | null} (null: no unexpired record of that type
  --   and id). Read-only, no savepoint. Raises: INVALID_ARGUMENT, NOT_FOUND
  --   (store).
  function get_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Lists records of one type: p_request {"record_type", "limit" (default
  --   1000, null = no limit), "thread_id", "user_id", "agent_id" (absent: any;
  --   null: none; id: equal), "metadata_filter", "record_id",
  --   "include_bytes"}. The newest limit matches by insertion order, returned
  --   oldest first; INVALID records included.
  -- Returns {"records": [...]}. Read-only, no savepoint.
  -- Raises: INVALID_ARGUMENT (also for a filter, naming its path).
  function list_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Updates one record: p_request {"record_type", "record_id", then at least
  --   one of content, text (deprecated alias, warning), index_text,
  --   embedding, metadata, timestamp, ttl_days, ttl_anchor, status}.
  --   Retrieval rows follow: rebuilt from new text, STATUS and EXPIRES_AT
  --   copied; expiry refreshed only when ttl_days or ttl_anchor is given.
  -- Returns {"updated": 0|1, "warnings": [...]} (0: no such record).
  -- Raises: INVALID_ARGUMENT, EMBEDDING_FAILED.
  function update_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Deletes one record: p_request {"record_type", "record_id", "cascade"}
  --   with its retrieval rows and relations; a message with its image parts;
  --   a thread with everything in it; a profile with cascade true also the
  --   actor's threads, messages and memory-like records.
  -- Returns {"deleted": 0|1}. Raises: INVALID_ARGUMENT (also for an image
  --   that is part of a message).
  function delete_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Deletes a thread: p_request {"thread_id"}; its messages, memory-like
  --   records, summaries, images, their rows and relations go with it.
  -- Returns {"deleted": 0|1}. Raises: INVALID_ARGUMENT.
  function delete_thread(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Lists a thread's unexpired messages: p_request {"thread_id", "last_n",
  --   "range_start_seq_no", "range_end_seq_no" (start <= seq_no < end),
  --   "include_bytes"}, oldest first. An unknown thread gives no records.
  -- Returns {"records": [...]}. Read-only, no savepoint.
  function list_thread_messages(p_store_id in varchar2, p_request in clob,
                                p_schema_owner in varchar2 default null) return clob;

  -- Typed conveniences for SQL users: they build the same JSON request and
  -- call the functions above (same rules, errors and savepoint). A null
  -- parameter leaves its key out of the request unless said otherwise;
  -- p_metadata is JSON object text.

  -- Adds one memory-like record (p_record_type memory, fact, guideline or
  -- preference; another type is INVALID_ARGUMENT); a null p_content is sent
  -- as null (metadata fallback). Returns the record id.
  function add_memory(p_store_id in varchar2, p_content in clob, p_user_id in varchar2 default null,
                      p_agent_id in varchar2 default null, p_thread_id in varchar2 default null,
                      p_record_type in varchar2 default 'memory', p_metadata in clob default null,
                      p_record_id in varchar2 default null, p_schema_owner in varchar2 default null)
    return varchar2;

  -- Adds one message to a thread; a null p_content is sent as "". Returns
  -- the message id.
  function add_message(p_store_id in varchar2, p_thread_id in varchar2, p_role in varchar2, p_content in clob,
                       p_user_id in varchar2 default null, p_agent_id in varchar2 default null,
                       p_metadata in clob default null, p_record_id in varchar2 default null,
                       p_schema_owner in varchar2 default null) return varchar2;

  -- Adds a user profile; returns the user id.
  function add_user_profile(p_store_id in varchar2, p_user_id in varchar2, p_information in clob,
                            p_metadata in clob default null, p_schema_owner in varchar2 default null)
    return varchar2;

  -- Adds an agent profile; returns the agent id.
  function add_agent_profile(p_store_id in varchar2, p_agent_id in varchar2, p_information in clob,
                             p_metadata in clob default null, p_schema_owner in varchar2 default null)
    return varchar2;

  -- The stored text of a record (a summary's JSON text, an image's
  -- description); NULL when there is no unexpired record of that type and
  -- id. Read-only, no savepoint: callable from SQL.
  function get_content(p_store_id in varchar2, p_record_type in varchar2, p_record_id in varchar2,
                       p_schema_owner in varchar2 default null) return clob;

  -- Deletes one record as delete_record does; returns the deleted count.
  function delete_by_id(p_store_id in varchar2, p_record_type in varchar2, p_record_id in varchar2,
                        p_cascade in boolean default false, p_schema_owner in varchar2 default null)
    return pls_integer;


  -- == Relations (issue 11) ======================================================
  -- Directed, typed relations between memory-like records (memory, fact,
  -- guideline, preference) and the lifecycle status they derive.
  -- docs/protocol-relations.md is the contract (rules L1-L28). Writes are
  -- atomic (savepoint, rolled back on error) and never commit; reads take
  -- no savepoint and write nothing.
  --
  -- Lifecycle: while a supersedes, refines or duplicates relation targets a
  -- record, its status is INVALID; when the last one goes (delete_relations,
  -- update_relations, delete_record, delete_thread, a profile cascade, the
  -- purge of an expired endpoint) it is VALID again, unless the caller set
  -- INVALID explicitly (add_records / update_record status): effective
  -- status = explicit OR derived.

  -- Stores relations: p_request {"source_record_ids", "source_record_types",
  --   "target_record_ids", "target_record_types", "relation_types" (all
  --   required), "opposite_relation_types", "relation_ids", "timestamps",
  --   "metadata"}. Each key takes one value for every relation or a list
  --   with one per relation (lists of equal length). Omitted ids are
  --   generated (32 hex). Built-in types supersedes, refines, supports,
  --   contradicts, duplicates take their fixed inverse (is_superseded_by,
  --   is_refined_by, is_supported_by, contradicts, duplicates), which cannot
  --   be overridden; a custom type's inverse defaults to its own label. One
  --   orientation per pair of records.
  -- Returns {"relation_ids": [...]} in input order.
  -- Raises: INVALID_ARGUMENT; NOT_FOUND (an endpoint is not a stored,
  --   unexpired record of its type); DUPLICATE_ID (id or address stored,
  --   the pair stored the other way, or repeated in the request).
  function add_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Returns one relation in its stored orientation: p_request
  --   {"relation_id"} alone, or all of {"source_record_id",
  --   "source_record_type", "target_record_id", "target_record_type",
  --   "relation_type"}.
  -- Returns {"relation": {...} | null}. Read-only, no savepoint.
  -- Raises: INVALID_ARGUMENT (a partial address, or relation_id with an
  --   address field).
  function get_relation(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Lists relations: p_request {"relation_type", "source_record_id",
  --   "source_record_type", "target_record_id", "target_record_type",
  --   "relation_id" (exact filters; omitted = any), "metadata_filter" (the
  --   search filter language), "limit" (default 1000, null = no limit)}.
  --   The earliest created first, ties by id.
  -- Returns {"relations": [...]}. Read-only, no savepoint.
  -- Raises: INVALID_ARGUMENT (also for a filter, naming its path).
  function list_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Updates relations: p_request {"relation_ids" (required), then at least
  --   one of "relation_types", "opposite_relation_types", "timestamps"
  --   (null clears), "metadata" (replaces; null clears)}; omitted fields
  --   are kept, a built-in type takes its fixed inverse. Ids not stored are
  --   skipped. Lifecycle status is recomputed.
  -- Returns {"relation_ids": [updated ids, input order], "updated": n}.
  -- Raises: INVALID_ARGUMENT; DUPLICATE_ID (a type change onto a stored
  --   address).
  function update_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Deletes relations by id: p_request {"relation_ids": id | [ids]}.
  --   Lifecycle status is recomputed from the remaining relations.
  -- Returns {"deleted": n}. Raises: INVALID_ARGUMENT.
  function delete_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- == Search (issue 6) ===========================================================
  -- Search, chunking for client embedders, index sync. docs/protocol-search.md,
  -- docs/search.md (scope table, distances, sync modes, what the DBA sets up).

  -- Searches a store (VECTOR, KEYWORD or HYBRID, as the store was created).
  -- p_request: JSON object (docs/protocol-search.md, section 2):
  --   query | query_vector | query_vectors   exactly one: text (1..32767
  --                        characters; split with the store's chunking, at
  --                        most 16 chunks, fused by reciprocal rank), one
  --                        vector, or 1..16 vectors (one per query chunk)
  --   k                    whole number >= 1 (no upper bound), default 10;
  --                        fewer results are possible
  --   user_id, agent_id, thread_id   absent: any; null: records unscoped on
  --                        that dimension; "X": exactly X (profiles match on
  --                        their actor id, threads on their own id)
  --   record_types         default: message, image, memory, fact, guideline,
  --                        preference, user_profile, agent_profile
  --   include_invalid_results   default true; false hides memory, fact,
  --                        guideline, preference records that are not VALID
  --   metadata_filter      filter object (section 5); null: records without
  --                        metadata
  --   num_hops             0..5, default 0: relations followed, both ways,
  --                        from each memory-like result (protocol-search
  --                        section 12)
  --   max_linked_results   0..1000, default 100: linked records per result
  --   search_strategy      omit, or KEYWORD on a HYBRID store
  -- Returns: {"search_strategy", "query_chunks", "results": [{"record",
  --   "distance", "linked_results": [{"relation", "record"}]}], "warnings"};
  --   ascending distance, ties by record id then type; linked records by
  --   hops, relation created_at, relation id. Expired records are never
  --   returned.
  -- Side effects: none. Read-only: takes no savepoint, so it can be called
  --   from SQL; it never changes the caller's transaction.
  -- Raises: INVALID_ARGUMENT (the key, value and rule), NOT_FOUND,
  --   STORE_BROKEN, SCHEMA_OUTDATED, SCHEMA_MISSING (a search object is
  --   missing), INCOMPATIBLE_STORE (search_strategy), UNSUPPORTED_RELEASE
  --   (HYBRID before 23.6), EMBEDDING_FAILED (the store's model),
  --   PRIVILEGE_MISSING (DBMS_HYBRID_VECTOR, DBMS_VECTOR),
  --   GRAPH_EXPANSION_TIMEOUT (graph expansion past its time budget).
  function search(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null) return clob;

  -- One row of search_rows.
  type t_search_row is record (
    rank            number,               -- 1-based position in the result
    record_id       varchar2(128 char),
    record_type     varchar2(16 char),    -- message | memory | fact | ... | user_profile | thread
    distance        binary_double,        -- as in search (docs/search.md)
    content         clob,                 -- text; image: description; structured content: JSON text
    thread_id       varchar2(128 char),   -- the scope the search matched on: a profile's actor id
    user_id         varchar2(128 char),   --   in its own dimension, the other two NULL; a thread's
    agent_id        varchar2(128 char),   --   thread_id is its own id
    status          varchar2(8 char),     -- VALID | INVALID
    event_timestamp varchar2(64 char),    -- the record's "timestamp"
    metadata        clob,                 -- JSON text, NULL when the record has no metadata
    record_json     clob                  -- the full record object, as in search's response
  );
  type t_search_rows is table of t_search_row;

  -- The same search as rows, ranked, for ad-hoc SQL:
  --   select r.rank, r.record_id, r.distance, r.content
  --   from dbms_agent_memory_store.search_rows('MEM01',
  --          json_object('query' value :q, 'k' value 5, 'user_id' value :u
  --                      absent on null returning clob)) r order by r.rank;
  -- (absent on null: a NULL user id would otherwise become "user_id": null,
  -- which means unscoped records only.) Side effects and errors: as search.
  function search_rows(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return t_search_rows pipelined;

  -- Splits texts with the store's chunking (DBMS_VECTOR.UTL_TO_CHUNKS,
  -- the code search and the records writer use), for clients that embed
  -- themselves: {"texts": [1..1000 strings]} -> {"chunks": [[chunk, ...], ...]}
  -- in order; [] for a text without a non-space character.
  -- Side effects: none; read-only, callable from SQL.
  -- Raises: INVALID_ARGUMENT, NOT_FOUND, STORE_BROKEN, SCHEMA_OUTDATED,
  --   PRIVILEGE_MISSING (DBMS_VECTOR not executable).
  function chunk_text(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null) return clob;

  -- Job entry point: synchronizes the Oracle Text index (KEYWORD) or hybrid
  -- vector index (HYBRID) of a store of the caller's schema with
  -- CTX_DDL.SYNC_INDEX, whatever the sync mode (needed with MANUAL; harmless
  -- with ON_COMMIT and AUTO).
  -- Side effects: runs as an autonomous transaction and COMMITS it
  --   (SYNC_INDEX commits); the caller's pending work is neither committed
  --   nor synchronized: commit it first.
  -- Raises: NOT_FOUND, INVALID_ARGUMENT (a VECTOR store has no text index),
  --   SCHEMA_MISSING (the index is missing), PRIVILEGE_MISSING (CTX_DDL).
  -- agentmem:commits
  procedure sync_search_index(p_store_id in varchar2);

  -- == End of sections ==

  -- == Threads (issue 12, docs/protocol-threads.md) ==============================

  -- The thread handle: every call names its thread with the request key
  -- "thread"; the thread's stored scope (user_id, agent_id) flows into its
  -- writes, and its reads, updates and deletes act only on records whose
  -- stored thread_id is that thread (another thread's record is "not
  -- found": null or 0, never touched). An unknown thread is NOT_FOUND.
  -- Writes take a savepoint and are atomic; reads take none.

  -- Creates or opens a thread. p_request: {"thread_id"?, "user_id"?,
  --   "agent_id"?, "metadata"?, "llm"?, "memory_extraction_config"? (or the
  --   deprecated inline extraction parameters), "max_message_token_length"?,
  --   "message_shortening_input_token_limit"?, "image_input_limit_config"?}
  --   (docs/llm.md "Configuration"); omitted ids are generated (32 lower-case
  --   hex); an existing thread is returned with its stored scope and keeps
  --   its stored LLM configuration (one given again is validated, not
  --   applied).
  -- Returns: {"thread": <thread record>, "created": true|false}.
  -- Raises: INVALID_ARGUMENT; DUPLICATE_ID when user_id or agent_id differs
  --   from the existing thread's; NOT_FOUND, STORE_BROKEN, SCHEMA_OUTDATED.
  function open_thread(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Adds messages to the thread with its scope. p_request: {"thread",
  --   "messages": [{"role", "content", "id"?, "timestamp"?, "metadata"?}],
  --   "metadata"?, "ttl_days"?, "ttl_anchor"?}.
  -- Returns: {"ids": [...], "warnings": [...]}, plus "extraction": {"mode",
  --   "task_ids", "memory_ids", "failed"} when LLM tasks ran or were queued
  --   and "llm_tasks" for a client provider (docs/llm.md). The messages are
  --   stored first; an LLM failure in INLINE mode keeps them (reported in
  --   "failed").
  function thread_add_messages(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Adds one memory-like record with the thread's scope (explicit user_id,
  --   agent_id, thread_id override it) and, with memory_id_to_link and
  --   link_type, a relation to a memory of this thread.
  -- Returns: {"id", "relation_id": id | null, "warnings": [...]}.
  function thread_add_memory(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- One message of the thread. p_request: {"thread", "message_id",
  --   "included_image_ids"?: [id]}. Returns {"message": <record> | null}.
  function thread_get_message(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- A window of the thread's messages by 0-based position, end exclusive.
  --   p_request: {"thread", "start"?, "end"?, "include_image_bytes"?}.
  -- Returns: {"messages": [<record>...]}, oldest first.
  function thread_get_messages(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Updates a message / memory-like record of the thread.
  --   p_request: {"thread", "message_id" | "memory_id", fields...}.
  -- Returns: {"updated": 0|1, "warnings": [...]}.
  function thread_update_message(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;
  function thread_update_memory(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Deletes a message / memory-like record of the thread.
  --   p_request: {"thread", "message_id" | "memory_id"}.
  -- Returns: {"deleted": 0|1}.
  function thread_delete_message(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;
  function thread_delete_memory(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Adds one image with the thread's scope (user_id, agent_id, thread_id
  --   given must equal the thread's). p_request: {"thread", "image": base64,
  --   "description"?, "mime_type"? (detected from the bytes when omitted),
  --   "image_id"?, "metadata"?, "timestamp"?, "ttl_days"?, "ttl_anchor"?}.
  -- Returns: {"id", "warnings": [...]}.
  function thread_add_image(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Updates a standalone image or image part of the thread. p_request:
  --   {"thread", "image_id", "image"? with "mime_type", "description"?,
  --   "metadata"?, "timestamp"?, "ttl_days"?, "ttl_anchor"?}.
  -- Returns: {"updated": 0|1, "warnings": [...]} (0: not this thread's).
  function thread_update_image(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- The thread's images. p_request: {"thread", "image_id"?,
  --   "metadata_filter"?, "include_bytes"? (needs image_id), "limit"?}.
  -- Returns: {"images": [<image record>...]}, in store order.
  function thread_list_images(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Deletes a standalone image of the thread. p_request: {"thread",
  --   "image_id"}. Returns {"deleted": 0|1}. Raises INVALID_ARGUMENT for an
  --   image that is part of a message (delete or update the message).
  function thread_delete_image(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Links two memory-like records of the thread (add_relations' rules).
  --   p_request: {"thread", "source_record_id", "source_record_type",
  --   "target_record_id", "target_record_type", "relation_type",
  --   "opposite_relation_type"?, "relation_id"?, "timestamp"?, "metadata"?}.
  -- Returns: {"relation_id"}. Raises NOT_FOUND for an endpoint that is not
  --   a record of that type in this thread.
  function thread_link_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Updates / deletes a relation whose two endpoints belong to the thread;
  --   another relation is not found (0). Update: {"thread", "relation_id",
  --   "relation_type"?, "opposite_relation_type"?, "timestamp"?, "metadata"?}
  --   -> {"updated": 0|1}. Delete: {"thread", "relation_id"} or the endpoint
  --   tuple in its stored direction -> {"deleted": 0|1}.
  function thread_update_record_link(p_store_id in varchar2, p_request in clob,
                                     p_schema_owner in varchar2 default null) return clob;
  function thread_delete_record_link(p_store_id in varchar2, p_request in clob,
                                     p_schema_owner in varchar2 default null) return clob;

  -- The thread's summary without an LLM. p_request: {"thread",
  --   "except_last"?: integer >= 0, "token_budget"?: integer}. The latest
  --   VALID thread_summary of the thread for a whole-thread request, else a
  --   transcript of its recent messages (at most 4,000 characters), cut to
  --   the budget (default 1,000 tokens; not positive: none). Writes nothing.
  -- Returns: {"content": text, "source": "thread_summary" | "transcript"}.
  function thread_get_summary(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- Searches with the thread's default scope (docs/protocol-threads.md
  --   T42-T45). p_request: {"thread", the search keys of
  --   docs/protocol-search.md (query | query_vector | query_vectors,
  --   record_types, metadata_filter, include_invalid_results, num_hops,
  --   max_linked_results, search_strategy), "max_results"?, "user_id"?,
  --   "agent_id"?, "thread_id"?, "exact_user_match"?, "exact_agent_match"?,
  --   "exact_thread_match"?, "token_budget"?, "soft_token_budget"?}.
  --   Defaults: exact user and agent of the thread, thread unconstrained.
  --   Read-only (no savepoint). Returns the search response (results cut
  --   by the budgets). Raises: NOT_FOUND (thread), INVALID_ARGUMENT, and
  --   the errors of search.
  function thread_search(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob;

  -- The thread's context card, structured and rendered, in one call
  --   (T46-T52). p_request: {"thread", "fallback_message_count"? (5),
  --   "max_relevant_results"? (5), "min_relevant_results_by_type"?,
  --   "max_recent_messages"? (0), "except_last_messages"? (0),
  --   "token_budget"?, "soft_token_budget"?, "metadata_filter"?,
  --   "include_invalid_results"? (true), "query_vector"?}. Read-only.
  -- Returns: {"summary", "summary_source", "topics", "relevant_results",
  --   "recent_messages", "content", "warnings"}.
  function thread_get_context_card(p_store_id in varchar2, p_request in clob,
                                   p_schema_owner in varchar2 default null) return clob;

  -- The product's token estimate of p_text: ceil(characters / 3.5); 0 for
  -- NULL. Every token budget of the thread calls uses it. Side effects: none.
  function estimate_tokens(p_text in clob) return pls_integer;

  -- == LLM tasks of threads (issue 13, docs/llm.md) =============================
  -- A thread opened with "llm" (and memory_extraction_config) turns its
  -- writes into LLM tasks: thread_add_messages (memory extraction, summary),
  -- thread_update_message (re-extraction), thread_add_image /
  -- thread_update_image without a description (caption), thread_add_memory
  -- (autonomous linking). INLINE tasks of a database or function provider
  -- run in the call; BACKGROUND ones are rows of the store's LLM_TASK queue,
  -- run by its LLM_TASKS job once the caller commits; a client provider's
  -- tasks are returned in the response's "llm_tasks" ({"task_id", "kind",
  -- "prompt"}) for the caller to run and hand back here.

  -- Hands back the model output (or the failure) of client tasks.
  --   p_request: {"thread", "results": [{"task_id", "output": raw model
  --   text} | {"task_id", "error": text}]}.
  -- Each output is parsed and applied as the database provider's would be; a
  --   malformed one marks its task FAILED (error and output excerpt kept),
  --   writes nothing and is reported in "failed", not raised. A task already
  --   DONE is skipped (idempotent). Follow-up tasks (links after extraction)
  --   come back in "llm_tasks".
  -- Returns: {"memory_ids", "relation_ids", "summary_updated", "captions":
  --   [image ids], "shortened": [{"message_id", "content"}], "failed":
  --   [{"task_id", "error"}], "llm_tasks": [...]}.
  -- Side effects: writes in the caller's transaction (savepoint; atomic).
  -- Raises: NOT_FOUND (thread; a task_id that is not a task of the thread),
  --   INVALID_ARGUMENT (request; a task not handed to the client — a
  --   database or function provider's task in any status, FAILED included;
  --   a client task whose text was removed when a message of its input was
  --   deleted), the errors of the record writes.
  function thread_complete_llm_tasks(p_store_id in varchar2, p_request in clob,
                                     p_schema_owner in varchar2 default null) return clob;

  -- Waits for the thread's background LLM tasks accepted (committed) before
  --   the call: polls every 0.1 s growing to 1 s (DBMS_SESSION.SLEEP) until
  --   none is PENDING or RUNNING, or the timeout passes. Failures count as
  --   finished (seed). Tasks the caller has not committed are not waited for
  --   (no job can run them yet): commit first.
  --   p_request: {"thread", "timeout_seconds"?: 0..86400 (default 300) |
  --   null (no bound)}.
  -- Returns: {"done": bool, "pending": n, "failed": n, "completed": n,
  --   "awaiting_client": n} (counts over the tasks accepted before the call;
  --   "done" false = timed out; the Go client maps it to its timeout error).
  -- Side effects: none (reads in autonomous transactions, writes nothing).
  -- Raises: NOT_FOUND (thread), INVALID_ARGUMENT.
  function thread_wait_for_memory_extraction(p_store_id in varchar2, p_request in clob,
                                             p_schema_owner in varchar2 default null) return clob;

end dbms_agent_memory_store;
/
