create or replace package agentmem_search
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_thread_card,
                 package agentmem_llm_apply)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_SEARCH: search of a store (docs/protocol-search.md, docs/search.md).
  --
  --   * The request is validated whole before any record row is read.
  --   * Candidates are RECORD_CHUNKS rows: VECTOR by approximate top-n on the
  --     IVF index (FETCH APPROX, cosine), KEYWORD by CONTAINS, HYBRID by
  --     DBMS_HYBRID_VECTOR.SEARCH joined back by rowid. Scope, type, status
  --     and expiry are predicates of the candidate query; the metadata
  --     filter and the record's existence are checked on the join to the
  --     record tables, in the same statement. Rounds over-fetch until k
  --     records survive or the source is exhausted.
  --   * Chunk rows are grouped to records (best distance); several query
  --     chunks are fused by reciprocal rank.
  --   * Records are built by AGENTMEM_RECORD_READ.records_json, the code of
  --     get_record.
  --   * Graph expansion (num_hops > 0, search only): one recursive WITH
  --     statement (CYCLE clause) over RELATION both ways from the
  --     memory-like hits, filtered as the hits are, bounded by a
  --     DBMS_UTILITY.GET_TIME budget (GRAPH_EXPANSION_TIMEOUT past it);
  --     relation objects from AGENTMEM_RELATION.relations_json.
  -- Everything here only reads: no savepoint, no DML, callable from SQL;
  -- except sync_search_index, a job entry point that commits.
  ------------------------------------------------------------------------------

  -- dbms_agent_memory_store.search: the rich response (protocol section 3).
  function search(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.search_rows: the same search as rows, ranked.
  function search_rows(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2)
    return dbms_agent_memory_store.t_search_rows;

  -- dbms_agent_memory_store.chunk_text: {"texts": [...]} -> {"chunks": [[...], ...]}.
  function chunk_text(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob;

  -- dbms_agent_memory_store.sync_search_index: CTX_DDL.SYNC_INDEX on the
  -- store's text or hybrid index, in an autonomous transaction that commits.
  -- agentmem:commits
  procedure sync_search_index(p_store_id in varchar2);

end agentmem_search;
/
