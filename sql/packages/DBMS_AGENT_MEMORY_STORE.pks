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
  --   its memory_store_id, registered in AGENTMEM_STORE of the owner schema.
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
  --   index sync) commit, and their comments say so.
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

end dbms_agent_memory_store;
/
