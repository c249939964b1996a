create or replace package agentmem_chunks
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_record_write,
                 package agentmem_record_edit,
                 package agentmem_record_data,
                 package agentmem_search,
                 package agentmem_store,
                 package agentmem_search_keyword)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_CHUNKS: retrieval text of records, and the RECORD_CHUNKS rows
  -- that carry it (docs/protocol-records.md §4, docs/records.md).
  --
  --   * split / embed: the store's chunker (DBMS_VECTOR.UTL_TO_CHUNKS
  --     with the registry's chunking config) and its in-database model
  --     (VECTOR_EMBEDDING with the config's embedding_model).
  --   * The row writer: every write of RECORD_CHUNKS goes through here, so
  --     each row copies the scope, STATUS and EXPIRES_AT of its record (R14)
  --     and bulk paths run one statement per step for the whole call.
  --
  -- DBMS_VECTOR and the model are reached through dynamic SQL: a
  -- static reference would make this package's compilation depend on a
  -- direct EXECUTE grant to the owner (see AGENTMEM_STORE_DDL); at run time
  -- the caller's privileges apply (AUTHID CURRENT_USER).
  ------------------------------------------------------------------------------

  type t_chunk_list is table of clob;

  -- One chunk of one of several texts split together (split_many).
  type t_numbered_chunk is record (
    text_no number,   -- 0-based position of the text it came from
    chunk   clob
  );
  type t_numbered_chunk_list is table of t_numbered_chunk;

  -- One record whose retrieval rows are written. Scope, status and expiry
  -- are copied to each row; split_text (non-empty) is split with the
  -- store's chunker into rows 1..n; derive = true gives every row of the
  -- record that has text but no vector one from the store's model (only on
  -- stores with vector_dim and embedding_model).
  type t_source is record (
    source_id   varchar2(128 char),
    source_type varchar2(16 char),
    thread_id   varchar2(128 char),
    user_id     varchar2(128 char),
    agent_id    varchar2(128 char),
    status      varchar2(8 char),
    expires_at  timestamp with time zone,
    split_text  clob,
    derive      boolean := false
  );
  type t_source_list is table of t_source;

  -- One explicit row of a source (caller chunks, an unsplit text, a caller
  -- vector). source_no is the index of its source in the t_source_list;
  -- chunk_text NULL = a vector without companion text (R9); vector = JSON
  -- array text of vector_dim numbers, or NULL.
  type t_row is record (
    source_no  pls_integer,
    chunk_seq  pls_integer,
    chunk_text clob,
    vector     clob
  );
  type t_row_list is table of t_row;

  -- The retrieval text a request gives for one record (index_texts[i] of
  -- add_records, index_text of update_record). kind: OMITTED (key absent),
  -- NULL (JSON null), TEXT (a non-empty string: the store splits it),
  -- CHUNKS (a non-empty list of non-empty strings: caller-owned chunks),
  -- EMPTY ("" or []: no retrieval text).
  type t_index is record (
    kind   varchar2(8 char) := 'OMITTED',
    text   clob,
    chunks t_chunk_list
  );

  -- The vectors a request gives for one record (embeddings[i],
  -- embedding). kind: OMITTED, NULL, EMPTY ([]), LIST (one or more
  -- vectors, each the JSON array text of its numbers).
  type t_vectors is record (
    kind    varchar2(8 char) := 'OMITTED',
    vectors t_chunk_list
  );

  -- The first explicit vector of a call, for R12 (all vectors of a call
  -- have one dimension).
  type t_dimension is record (
    dim  pls_integer,
    path varchar2(200 char)
  );

  -- Messages of the planning rules differ between add_records (keys
  -- embeddings[i] / index_texts[i], "record <i>") and update_record (keys
  -- embedding / index_text).
  type t_labels is record (
    vec_key varchar2(100 char),   -- 'embeddings[0]' or 'embedding'
    idx_key varchar2(100 char),   -- 'index_texts[0]' or 'index_text'
    record  varchar2(100 char),   -- 'record 0' or 'the record'
    is_update boolean := false
  );

  -- Reads an index text element (present, not JSON null): a string, or a
  -- list of non-empty strings. p_path names it in messages ('index_texts[2]').
  -- Raises: INVALID_ARGUMENT for any other value, and for an empty or
  -- non-string chunk ('index_texts[2][1]').
  function read_index(p_element in json_element_t, p_path in varchar2) return t_index;

  -- Reads a vectors element (present, not JSON null): [] , a vector (a
  -- non-empty list of numbers) or a non-empty list of vectors. Checks R12
  -- against p_first (set by the first vector of the call) and the store's
  -- vector_dim. p_key is the request key for the no-vector-storage message
  -- (embeddings / embedding); p_path names the element.
  -- Raises: INVALID_ARGUMENT (shape, FLOAT32 range, dimensions, a store
  -- without vector_dim).
  function read_vectors(p_store in agentmem_store_catalog.t_store, p_element in json_element_t,
                        p_path in varchar2, p_key in varchar2, p_first in out nocopy t_dimension) return t_vectors;

  -- Plans the retrieval rows of one record from its resolved text
  -- (p_resolved, NULL = none), index text and vectors (rules R1-R13 and
  -- U4-U11 of docs/protocol-records.md §4, §10): appends p_source (with
  -- split_text and derive set) to p_sources and its explicit rows to
  -- p_rows. Vectors of kind NULL mean "no vectors, none derived" (the
  -- caller maps add_records' null to OMITTED). p_unvectored is true when
  -- the record gets rows whose vectors are left to a model the store does
  -- not have, on a VECTOR store (warning W3).
  -- Raises: INVALID_ARGUMENT (R10, R11 and their update twins).
  procedure plan(p_store      in agentmem_store_catalog.t_store,
                 p_source     in t_source,
                 p_resolved   in clob,
                 p_index      in t_index,
                 p_vectors    in t_vectors,
                 p_labels     in t_labels,
                 p_sources    in out nocopy t_source_list,
                 p_rows       in out nocopy t_row_list,
                 p_unvectored out boolean);

  -- Splits p_text with the store's chunking config (DBMS_VECTOR.
  -- UTL_TO_CHUNKS, JSON params from the registry config), chunks in order.
  -- NULL or empty text gives an empty list; so does text the chunker turns
  -- into no chunk. Each chunk is at most 4000 bytes (UTL_TO_CHUNKS output).
  -- Raises: PRIVILEGE_MISSING when DBMS_VECTOR is not callable.
  function split(p_store in agentmem_store_catalog.t_store, p_text in clob) return t_chunk_list;

  -- Splits several texts in one statement, as split does each: p_texts is a
  -- JSON array of strings. Returns the chunks of every text, text_no being
  -- the text's 0-based position, ordered by text_no, then chunk order; a
  -- text the chunker turns into no chunk has no entry.
  -- Raises: PRIVILEGE_MISSING when DBMS_VECTOR is not callable.
  function split_many(p_store in agentmem_store_catalog.t_store, p_texts in clob) return t_numbered_chunk_list;

  -- Embeds p_text with the store's in-database model (config
  -- embedding_model); NULL for NULL or empty text (after the model check).
  -- Raises: EMBEDDING_FAILED when the store has no model, the model fails
  -- or returns no vector, or its dimension differs from the store's
  -- vector_dim.
  function embed(p_store in agentmem_store_catalog.t_store, p_text in clob) return vector;

  -- The UTL_TO_CHUNKS params of the store (JSON object text): by, max,
  -- overlap, split, normalize from the chunking config; unset keys omitted.
  function chunk_params(p_store in agentmem_store_catalog.t_store) return varchar2;

  -- Writes the retrieval rows of p_sources: with p_replace, first deletes
  -- every existing row of those sources; then inserts the split rows and
  -- p_rows; then derives the missing vectors. One statement per step.
  -- Raises: EMBEDDING_FAILED (deriving), PRIVILEGE_MISSING (chunker).
  procedure write_rows(p_store   in agentmem_store_catalog.t_store,
                       p_sources in t_source_list,
                       p_rows    in t_row_list,
                       p_replace in boolean);

  -- Deletes every row of the sources p_ids(i) / p_types(i).
  procedure delete_rows(p_store in agentmem_store_catalog.t_store,
                        p_ids   in agentmem_util.t_text_list,
                        p_types in agentmem_util.t_text_list);

  -- Copies status and expires_at of each source to all its rows (status
  -- change, TTL refresh); the other fields of p_sources are not used.
  procedure follow(p_store in agentmem_store_catalog.t_store, p_sources in t_source_list);

  -- Embedding-only update (U9, U10): vector j (JSON array text) replaces
  -- the vector of row j of the source; the caller has checked that the
  -- source has exactly p_vectors.count rows.
  procedure set_vectors(p_store   in agentmem_store_catalog.t_store,
                        p_id      in varchar2,
                        p_type    in varchar2,
                        p_vectors in t_chunk_list);

  -- Clears the vectors of every row of the source (U11).
  procedure clear_vectors(p_store in agentmem_store_catalog.t_store, p_id in varchar2, p_type in varchar2);

  -- Number of rows of the source.
  function row_count(p_store in agentmem_store_catalog.t_store, p_id in varchar2, p_type in varchar2)
    return pls_integer;

end agentmem_chunks;
/
