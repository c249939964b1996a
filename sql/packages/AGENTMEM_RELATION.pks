create or replace package agentmem_relation
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_record_edit,
                 package agentmem_search,
                 package agentmem_purge,
                 package agentmem_thread,
                 package agentmem_llm_apply)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_RELATION: the relation calls (docs/protocol-relations.md, rules
  -- L1-L28) and the lifecycle status that lifecycle relations derive.
  --
  --   * add_relations, get_relation, list_relations, update_relations,
  --     delete_relations: the facade's calls. Writes validate the whole
  --     request first, then write set-based (FORALL, INSERT/DELETE over
  --     JSON_TABLE); the facade holds the savepoint.
  --   * Lifecycle (L24-L28): while a supersedes, refines or duplicates
  --     relation targets a memory-like record, its STATUS is INVALID. A
  --     record made INVALID that way carries LIFECYCLE_INVALID = 1; an
  --     INVALID without the marker is the caller's (explicit) and is never
  --     lifted by a recompute. Effective status = explicit OR derived.
  --   * remove_endpoints and recompute_status are the entry points of the
  --     other paths that remove relations (delete_record, delete_thread,
  --     profile cascades, the purge job) and of update_record's status.
  ------------------------------------------------------------------------------

  -- dbms_agent_memory_store.add_relations: {"relation_ids": [...]}.
  function add_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.get_relation: {"relation": {...} | null}.
  function get_relation(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.list_relations: {"relations": [...]}.
  function list_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.update_relations:
  -- {"relation_ids": [...], "updated": n}.
  function update_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.delete_relations: {"deleted": n}.
  function delete_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- The relation objects (docs/protocol-relations.md §2) with the ids
  -- p_ids, in one statement, ordered by created_at then id; ids not stored
  -- are skipped. Graph expansion in search attaches them to linked results.
  function relations_json(p_store in agentmem_store_catalog.t_store, p_ids in agentmem_util.t_text_list)
    return json_array_t;

  -- Recomputes the lifecycle status (L25) of the memory-like records
  -- (p_ids(i), p_types(i)) in one statement per direction: a VALID record
  -- targeted by a lifecycle relation becomes INVALID with the marker; a
  -- marked record no longer targeted becomes VALID; the retrieval rows of
  -- the records copy their status (R14). Records that do not exist, or are
  -- not memory-like, are ignored. Side effects: MEMORY, RECORD_CHUNKS rows
  -- of the caller's transaction; no commit.
  procedure recompute_status(p_store in agentmem_store_catalog.t_store, p_ids in agentmem_util.t_text_list,
                             p_types in agentmem_util.t_text_list);

  -- Deletes every relation with an endpoint among the records (p_ids(i),
  -- p_types(i)) (records being deleted or purged), then recomputes the
  -- status of the other targets of the lifecycle relations removed (L27).
  -- Called by delete_record, delete_thread, the profile cascades and the
  -- purge job, before the records themselves are deleted.
  procedure remove_endpoints(p_store in agentmem_store_catalog.t_store, p_ids in agentmem_util.t_text_list,
                             p_types in agentmem_util.t_text_list);

  -- update_record set the status of a memory-like record explicitly: its
  -- derived marker is cleared, then its status is recomputed (L26).
  procedure status_set_explicitly(p_store in agentmem_store_catalog.t_store, p_id in varchar2,
                                  p_type in varchar2);

end agentmem_relation;
/
