create or replace package agentmem_store
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_store_admin,
                 package agentmem_record_write,
                 package agentmem_record_read,
                 package agentmem_chunks,
                 package agentmem_filter,
                 package agentmem_search,
                 package agentmem_jobs,
                 package agentmem_vpd,
                 package agentmem_security)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_STORE: opening a store under a schema policy, upgrading and
  -- dropping it. Parses and validates the open_store request, decides what
  -- the policy requires, and delegates DDL to AGENTMEM_STORE_DDL. The
  -- request and response shapes are in docs/protocol.md, the policies in
  -- docs/stores.md.
  ------------------------------------------------------------------------------

  -- dbms_agent_memory_store.open_store. Returns the open_store response.
  function open_store(p_request in clob) return clob;

  -- dbms_agent_memory_store.upgrade_store.
  function upgrade_store(p_store_id in varchar2) return clob;

  -- dbms_agent_memory_store.drop_store.
  procedure drop_store(p_store_id in varchar2);

  -- Validates a memory_store_id (p_what names the argument in errors) and
  -- returns it upper-cased; NULL stays NULL (the default store).
  function normalize_store_id(p_value in varchar2, p_what in varchar2) return varchar2;

  -- Locates a store: validates the id and the owner (NULL = the caller's
  -- schema, or the owner a private AGENTMEM_STORE_REGISTRY synonym points
  -- to) and reads its registry row.
  function locate(p_store_id in varchar2, p_schema_owner in varchar2,
                  p_id_what in varchar2 default 'p_store_id',
                  p_owner_what in varchar2 default 'p_schema_owner') return agentmem_store_catalog.t_store;

  -- The schema a call addresses: p_schema_owner validated (DBMS_ASSERT,
  -- upper-cased; p_what names it in errors), or when NULL the caller's own
  -- schema, or the owner a private AGENTMEM_STORE_REGISTRY synonym points to.
  function resolve_owner(p_schema_owner in varchar2, p_what in varchar2 default 'p_schema_owner') return varchar2;

  -- Like locate, for operations only the owner may run: the store must be
  -- in the caller's own schema. Raises NOT_FOUND when it is not registered
  -- (and, when p_allow_orphans, no managed table of it exists either).
  function locate_own(p_store_id in varchar2, p_allow_orphans in boolean default false)
    return agentmem_store_catalog.t_store;

  -- Raises PRIVILEGE_MISSING unless the caller may read the store: it owns
  -- it, or it can see the store's THREAD table in ALL_TABLES ("the
  -- relational tables accessible to the current user", Database Reference;
  -- grant_access grants SELECT on it). For what reads a store through the
  -- owner's rights (AGENTMEM_JOB_INFO): the registry alone, readable by
  -- every grantee of any store of the owner, is no access to this store.
  procedure require_access(p_store in agentmem_store_catalog.t_store);

  -- The "store" object of the protocol.
  function store_json(p_store in agentmem_store_catalog.t_store) return json_object_t;

  -- A JSON array of texts.
  function text_array(p_list in agentmem_util.t_text_list) return json_array_t;

end agentmem_store;
/
