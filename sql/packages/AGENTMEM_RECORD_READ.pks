create or replace package agentmem_record_read
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_record_write,
                 package agentmem_record_edit,
                 package agentmem_record_data,
                 package agentmem_search,
                 package agentmem_search_keyword,
                 package agentmem_relation,
                 package agentmem_thread,
                 package agentmem_thread_card,
                 package agentmem_llm_apply)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_RECORD_READ: the read calls of the records contract
  -- (docs/protocol-records.md §6-§9) and what every record call shares:
  -- opening a usable store, the table of a record type, record objects.
  --
  -- Reads hide expired rows (EXPIRES_AT <= SYSTIMESTAMP) at once, before any
  -- purge, and list INVALID ones. They take no savepoint and write nothing,
  -- so the facade's read functions can be called from SQL.
  ------------------------------------------------------------------------------

  -- The store a record call names, checked usable: registered (else
  -- NOT_FOUND), READY (else STORE_BROKEN), at this package's schema version
  -- (else SCHEMA_OUTDATED, or INCOMPATIBLE_STORE when newer); a store with
  -- security policies needs an active end user unless the session user is
  -- the owner (else END_USER_CONTEXT_REQUIRED; AGENTMEM_END_USER).
  function usable_store(p_store_id in varchar2, p_schema_owner in varchar2)
    return agentmem_store_catalog.t_store;

  -- Base name of the table holding p_type records: THREAD, MESSAGE, MEMORY
  -- (memory, fact, guideline, preference), THREAD_SUMMARY, DOCUMENT (image),
  -- ACTOR_PROFILE (user_profile, agent_profile).
  function table_base(p_type in varchar2) return varchar2;

  -- True for memory, fact, guideline, preference.
  function memory_like(p_type in varchar2) return boolean;

  -- True for the types that expire: message, memory-like, image.
  function expiring(p_type in varchar2) return boolean;

  -- The value that selects p_type rows in its table: the memory type, the
  -- actor type (user, agent) of a profile, else the type itself.
  function type_key(p_type in varchar2) return varchar2;

  -- The record objects (§6) of the p_type records with ids p_ids, in the
  -- order of p_ids; ids without an unexpired p_type record are skipped.
  -- One statement per table, whatever the number of ids. p_include_bytes:
  -- base64 bytes of images and message image parts, else null. p_image_ids
  -- (with p_include_bytes): bytes only of the images and image parts with
  -- these ids; the others' bytes are neither read nor returned (null). NULL
  -- (the default): the bytes of all of them.
  function records_json(p_store         in agentmem_store_catalog.t_store,
                        p_type          in varchar2,
                        p_ids           in agentmem_util.t_text_list,
                        p_include_bytes in boolean,
                        p_image_ids     in agentmem_util.t_text_list default null) return json_array_t;

  -- dbms_agent_memory_store.get_record: {"record": {...} | null}.
  function get_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.list_records: {"records": [...]}.
  function list_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.list_thread_messages: {"records": [...]}.
  function list_thread_messages(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2)
    return clob;

  -- dbms_agent_memory_store.get_content: the stored text of a record (a
  -- summary's JSON text, an image's description), NULL when absent.
  function get_content(p_store_id in varchar2, p_record_type in varchar2, p_record_id in varchar2,
                       p_schema_owner in varchar2) return clob;

end agentmem_record_read;
/
