create or replace package body agentmem_chunks
as

  -- ORA-00904: invalid identifier; what SQL reports for a package function
  -- the caller may not execute (DBMS_VECTOR without EXECUTE).
  e_invalid_identifier exception;
  pragma exception_init(e_invalid_identifier, -904);

  type t_ts_list is table of timestamp with time zone;
  type t_clob_list is table of clob;

  -- Bind arrays of one statement: one entry per row or source.
  type t_binds is record (
    ids     agentmem_util.t_text_list := agentmem_util.t_text_list(),
    types   agentmem_util.t_text_list := agentmem_util.t_text_list(),
    threads agentmem_util.t_text_list := agentmem_util.t_text_list(),
    users   agentmem_util.t_text_list := agentmem_util.t_text_list(),
    agents  agentmem_util.t_text_list := agentmem_util.t_text_list(),
    status  agentmem_util.t_text_list := agentmem_util.t_text_list(),
    expires t_ts_list := t_ts_list(),
    seqs    agentmem_util.t_text_list := agentmem_util.t_text_list(),
    texts   t_clob_list := t_clob_list(),
    vectors t_clob_list := t_clob_list(),
    params  agentmem_util.t_text_list := agentmem_util.t_text_list()
  );

  ------------------------------------------------------------------------------
  -- Helpers
  ------------------------------------------------------------------------------

  function model_owner(p_store in agentmem_store_catalog.t_store) return varchar2
  is
    l_model varchar2(261 char) := p_store.config.embedding_model;
  begin
    -- An unqualified model belongs to the store owner (open_store checks it
    -- there); under invoker's rights an unqualified name would resolve in
    -- the caller's schema instead.
    return case when instr(l_model, '.') > 0 then substr(l_model, 1, instr(l_model, '.') - 1)
                else p_store.owner end;
  end model_owner;

  function model_name(p_store in agentmem_store_catalog.t_store) return varchar2
  is
  begin
    return substr(p_store.config.embedding_model, instr(p_store.config.embedding_model, '.') + 1);
  end model_name;

  procedure require_model(p_store in agentmem_store_catalog.t_store)
  is
  begin
    if p_store.config.embedding_model is null then
      agentmem_util.raise_error(dbms_agent_memory_store.co_embedding_failed,
        'EMBEDDING_FAILED: ' || agentmem_store_catalog.display_name(p_store) || ' has no embedding_model,'
        || ' so the package cannot embed text; pass vectors (embeddings) with the request, or open the store'
        || ' with an embedding_model');
    end if;
  end require_model;

  procedure embedding_failed(p_store in agentmem_store_catalog.t_store, p_error in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_embedding_failed,
      'EMBEDDING_FAILED: the embedding_model ' || p_store.config.embedding_model || ' of '
      || agentmem_store_catalog.display_name(p_store) || ' failed: ' || p_error
      || '. Check that the model is loaded and granted (SELECT on the mining model), that its dimension'
      || ' equals the store''s vector_dim, and that each text fits one VARCHAR2 (chunk long texts)');
  end embedding_failed;

  -- The chunker is DBMS_VECTOR.UTL_TO_CHUNKS, not its DBMS_VECTOR_CHAIN
  -- twin: same parameters and output (vecse/utl_to_chunks-dbms_vector.html),
  -- both call the VECTOR_CHUNKS SQL function, but DBMS_VECTOR_CHAIN is
  -- documented as requiring Oracle Text (vecse/dbms_vector_chain-vecse.html,
  -- note), and VECTOR stores must work without it.
  procedure chunker_missing(p_error in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_privilege_missing,
      'PRIVILEGE_MISSING: DBMS_VECTOR.UTL_TO_CHUNKS is not callable by '
      || agentmem_util.current_user_name || ' (' || p_error || '); the store chunks retrieval text with it:'
      || ' ask a DBA to grant EXECUTE ON SYS.DBMS_VECTOR (or DB_DEVELOPER_ROLE), or pass index_texts'
      || ' as lists of chunks');
  end chunker_missing;

  procedure add_source(p_binds in out nocopy t_binds, p_source in t_source)
  is
  begin
    p_binds.ids.extend;     p_binds.ids(p_binds.ids.last) := p_source.source_id;
    p_binds.types.extend;   p_binds.types(p_binds.types.last) := p_source.source_type;
    p_binds.threads.extend; p_binds.threads(p_binds.threads.last) := p_source.thread_id;
    p_binds.users.extend;   p_binds.users(p_binds.users.last) := p_source.user_id;
    p_binds.agents.extend;  p_binds.agents(p_binds.agents.last) := p_source.agent_id;
    p_binds.status.extend;  p_binds.status(p_binds.status.last) := p_source.status;
    p_binds.expires.extend; p_binds.expires(p_binds.expires.last) := p_source.expires_at;
  end add_source;

  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  ------------------------------------------------------------------------------
  -- Retrieval request readers and planning (§4 R1-R13, §10 U4-U11)
  ------------------------------------------------------------------------------

  function read_index(p_element in json_element_t, p_path in varchar2) return t_index
  is
    l_index t_index;
    l_list  json_array_t;
    l_chunk json_element_t;
    l_text  clob;
  begin
    if p_element.is_string then
      l_text := agentmem_util.string_value(p_element);
      if l_text is null or dbms_lob.getlength(lob_loc => l_text) = 0 then
        l_index.kind := 'EMPTY';
      else
        l_index.kind := 'TEXT';
        l_index.text := l_text;
      end if;
    elsif p_element.is_array then
      l_list := treat(p_element as json_array_t);
      if l_list.get_size = 0 then
        l_index.kind := 'EMPTY';
        return l_index;
      end if;
      l_index.kind := 'CHUNKS';
      l_index.chunks := t_chunk_list();
      for j in 0 .. l_list.get_size - 1 loop
        l_chunk := l_list.get(j);
        l_text := case when l_chunk.is_string then l_list.get_clob(j) end;
        if l_text is null or dbms_lob.getlength(lob_loc => l_text) = 0 then
          fail('INVALID_ARGUMENT: ' || p_path || '[' || j || '] ' || agentmem_util.shown(l_chunk)
               || ' must be a non-empty string (a chunk list holds non-empty strings; use [] for no retrieval text)');
        end if;
        l_index.chunks.extend;
        l_index.chunks(j + 1) := l_text;
      end loop;
    else
      fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_element)
           || ' must be a string, a list of non-empty strings, or null');
    end if;
    return l_index;
  end read_index;

  -- Checks one vector (a non-empty list of FLOAT32 numbers) and its
  -- dimension (R12); returns its JSON text.
  function checked_vector(p_store in agentmem_store_catalog.t_store, p_vector in json_array_t,
                          p_path in varchar2, p_key in varchar2, p_first in out nocopy t_dimension) return clob
  is
    -- Largest finite FLOAT32 (IEEE 754 binary32).
    co_float32_max constant number := 3.4028234663852886e38;
    l_dim pls_integer := p_vector.get_size;
  begin
    for j in 0 .. l_dim - 1 loop
      if not p_vector.get(j).is_number then
        fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_vector.get(j)) || ' at position ' || j
             || ' must be a number: a vector is a list of numbers');
      end if;
      if abs(p_vector.get_number(j)) > co_float32_max then
        fail('INVALID_ARGUMENT: ' || p_path || ' value ' || agentmem_util.shown(p_vector.get(j)) || ' at position ' || j
             || ' is outside the FLOAT32 range; vectors are stored as FLOAT32');
      end if;
    end loop;
    if p_store.config.vector_dim is null then
      fail('INVALID_ARGUMENT: ' || p_key || ' given but the store has no local vector storage (vector_dim null); pass '
           || case p_key when 'embeddings' then 'index_texts' else 'index_text' end || ' instead, or omit ' || p_key);
    end if;
    if p_first.dim is null then
      p_first.dim := l_dim;
      p_first.path := p_path;
    elsif l_dim <> p_first.dim then
      fail('INVALID_ARGUMENT: ' || p_path || ' has ' || l_dim || ' dimensions but ' || p_first.path || ' has '
           || p_first.dim || '; all vectors of a call must have the same dimension');
    end if;
    if l_dim <> p_store.config.vector_dim then
      fail('INVALID_ARGUMENT: ' || p_path || ' has ' || l_dim || ' dimensions but the store has vector_dim '
           || p_store.config.vector_dim || '; pass ' || p_store.config.vector_dim || '-dimension vectors');
    end if;
    return p_vector.to_clob;
  end checked_vector;

  function read_vectors(p_store in agentmem_store_catalog.t_store, p_element in json_element_t,
                        p_path in varchar2, p_key in varchar2, p_first in out nocopy t_dimension) return t_vectors
  is
    l_result t_vectors;
    l_list   json_array_t;
    l_shape  boolean;
  begin
    if p_element.is_array then
      l_list := treat(p_element as json_array_t);
      if l_list.get_size = 0 then
        l_result.kind := 'EMPTY';
        return l_result;
      end if;
      l_shape := l_list.get(0).is_number or l_list.get(0).is_array;
    end if;
    if not nvl(l_shape, false) then
      fail('INVALID_ARGUMENT: ' || p_path || ' ' || agentmem_util.shown(p_element)
           || ' must be a vector (a list of numbers), a list of vectors, [] or null');
    end if;
    l_result.kind := 'LIST';
    l_result.vectors := t_chunk_list();
    if l_list.get(0).is_number then
      l_result.vectors.extend;
      l_result.vectors(1) := checked_vector(p_store, l_list, p_path, p_key, p_first);
    else
      for j in 0 .. l_list.get_size - 1 loop
        if not l_list.get(j).is_array or treat(l_list.get(j) as json_array_t).get_size = 0 then
          fail('INVALID_ARGUMENT: ' || p_path || '[' || j || '] ' || agentmem_util.shown(l_list.get(j))
               || ' must be a vector (a non-empty list of numbers)');
        end if;
        l_result.vectors.extend;
        l_result.vectors(j + 1) := checked_vector(p_store, treat(l_list.get(j) as json_array_t),
                                                  p_path || '[' || j || ']', p_key, p_first);
      end loop;
    end if;
    return l_result;
  end read_vectors;

  procedure add_row(p_rows in out nocopy t_row_list, p_source_no in pls_integer, p_seq in pls_integer,
                    p_text in clob, p_vector in clob)
  is
  begin
    p_rows.extend;
    p_rows(p_rows.last).source_no := p_source_no;
    p_rows(p_rows.last).chunk_seq := p_seq;
    p_rows(p_rows.last).chunk_text := p_text;
    p_rows(p_rows.last).vector := p_vector;
  end add_row;

  procedure plan(p_store      in agentmem_store_catalog.t_store,
                 p_source     in t_source,
                 p_resolved   in clob,
                 p_index      in t_index,
                 p_vectors    in t_vectors,
                 p_labels     in t_labels,
                 p_sources    in out nocopy t_source_list,
                 p_rows       in out nocopy t_row_list,
                 p_unvectored out boolean)
  is
    l_source t_source := p_source;
    l_no     pls_integer;   -- set once p_sources is known not to be NULL (COUNT of a NULL nested table raises)
    l_mode   varchar2(6 char);    -- SPLIT (the store chunks l_text), CHUNKS (caller chunks), NONE
    l_text   clob;
    l_has    boolean;
    l_chunks pls_integer := 0;
    l_count  pls_integer;
  begin
    p_unvectored := false;
    l_source.split_text := null;
    l_source.derive := false;
    -- A kind left NULL (an element added by EXTEND, whose record defaults
    -- are not documented) means OMITTED, as the type's default says.
    if nvl(p_index.kind, 'OMITTED') in ('OMITTED', 'NULL') then
      l_mode := 'SPLIT';              -- R1, R4: the resolved text
      l_text := p_resolved;
    elsif p_index.kind = 'TEXT' then
      l_mode := 'SPLIT';              -- R2, U5
      l_text := p_index.text;
    elsif p_index.kind = 'CHUNKS' then
      l_mode := 'CHUNKS';             -- R3, U6
      l_chunks := p_index.chunks.count;
    else
      l_mode := 'NONE';               -- R5, U8
    end if;
    l_has := l_mode = 'CHUNKS'
             or (l_mode = 'SPLIT' and l_text is not null and dbms_lob.getlength(lob_loc => l_text) > 0);
    if p_sources is null then
      p_sources := t_source_list();
    end if;
    if p_rows is null then
      p_rows := t_row_list();
    end if;
    l_no := p_sources.count + 1;

    if nvl(p_vectors.kind, 'OMITTED') in ('OMITTED', 'NULL') and l_has then
      -- R8 / R13: vectors derived (OMITTED); U11: rows without vectors (NULL).
      l_source.derive := nvl(p_vectors.kind, 'OMITTED') = 'OMITTED';
      if l_mode = 'SPLIT' then
        l_source.split_text := l_text;
      else
        for j in 1 .. l_chunks loop
          add_row(p_rows, l_no, j, p_index.chunks(j), null);
        end loop;
      end if;
      p_unvectored := l_source.derive and p_store.config.search_strategy = agentmem_store_catalog.co_vector
                      and p_store.config.vector_dim is not null and p_store.config.embedding_model is null;
    elsif p_vectors.kind = 'EMPTY' and l_has then
      if p_labels.is_update then
        fail('INVALID_ARGUMENT: ' || p_labels.vec_key || ' is empty ([]) but ' || p_labels.record
             || ' would have retrieval text; an empty vector payload is allowed only when no retrieval rows result');
      end if;
      fail('INVALID_ARGUMENT: ' || p_labels.vec_key || ' is empty ([]) but ' || p_labels.record
           || ' has retrieval text; an empty vector payload is allowed only when there is no retrieval text');
    elsif p_vectors.kind = 'LIST' then
      l_count := p_vectors.vectors.count;
      if l_count >= 2 and l_mode <> 'CHUNKS' then
        if p_labels.is_update then
          fail('INVALID_ARGUMENT: ' || p_labels.vec_key || ' has ' || l_count || ' vector(s) but '
               || p_labels.idx_key || ' is not a chunk list; several vectors need ' || p_labels.idx_key
               || ' as a list of ' || l_count || ' chunks (or an embedding-only update)');
        end if;
        fail('INVALID_ARGUMENT: ' || p_labels.vec_key || ' has ' || l_count || ' vector(s) but ' || p_labels.idx_key
             || ' is not a chunk list; several vectors need a matching list of chunks in ' || p_labels.idx_key);
      end if;
      if l_mode = 'CHUNKS' and l_chunks <> l_count then
        fail('INVALID_ARGUMENT: ' || p_labels.vec_key || ' has ' || l_count || ' vector(s) but ' || p_labels.idx_key
             || ' has ' || l_chunks || ' chunk(s); give one vector per chunk');
      end if;
      if l_mode = 'CHUNKS' then
        for j in 1 .. l_count loop
          add_row(p_rows, l_no, j, p_index.chunks(j), p_vectors.vectors(j));
        end loop;
      else
        -- R9: one vector stands for the whole text, unsplit; without text
        -- the vector is stored without a companion chunk text.
        add_row(p_rows, l_no, 1, case when l_has then l_text end, p_vectors.vectors(1));
      end if;
    end if;
    p_sources.extend;
    p_sources(l_no) := l_source;
  end plan;

  ------------------------------------------------------------------------------
  -- Chunker and model
  ------------------------------------------------------------------------------

  function chunk_params(p_store in agentmem_store_catalog.t_store) return varchar2
  is
    l_params json_object_t := json_object_t();
  begin
    if p_store.config.chunk_by is not null then
      l_params.put('by', p_store.config.chunk_by);
    end if;
    if p_store.config.chunk_max is not null then
      l_params.put('max', p_store.config.chunk_max);
    end if;
    if p_store.config.chunk_overlap is not null then
      l_params.put('overlap', p_store.config.chunk_overlap);
    end if;
    if p_store.config.chunk_split is not null then
      l_params.put('split', p_store.config.chunk_split);
    end if;
    if p_store.config.chunk_normalize is not null then
      l_params.put('normalize', p_store.config.chunk_normalize);
    end if;
    return l_params.to_string;
  end chunk_params;

  function split(p_store in agentmem_store_catalog.t_store, p_text in clob) return t_chunk_list
  is
    l_chunks t_chunk_list := t_chunk_list();
  begin
    if p_text is null or dbms_lob.getlength(lob_loc => p_text) = 0 then
      return l_chunks;
    end if;
    -- Each element of the returned collection is a JSON CLOB
    -- {chunk_id, chunk_offset, chunk_length, chunk_data}; ordered by
    -- chunk_id because a table function's row order is not guaranteed.
    execute immediate
      'select jt.chunk_data from sys.dbms_vector.utl_to_chunks(:1, json(:2)) c,'
      || ' json_table(c.column_value, ''$'' columns (chunk_id number path ''$.chunk_id'','
      || ' chunk_data clob path ''$.chunk_data'')) jt'
      || ' where jt.chunk_data is not null order by jt.chunk_id'
      bulk collect into l_chunks
      using p_text, chunk_params(p_store);
    return l_chunks;
  exception
    when e_invalid_identifier then
      chunker_missing(sqlerrm);
      raise;
  end split;

  function split_many(p_store in agentmem_store_catalog.t_store, p_texts in clob) return t_numbered_chunk_list
  is
    l_chunks t_numbered_chunk_list := t_numbered_chunk_list();
  begin
    if p_texts is null then
      return l_chunks;
    end if;
    -- One statement for all texts (set-based, where a loop over split would
    -- run the chunker once per text): each text row feeds UTL_TO_CHUNKS,
    -- whose JSON elements are read as in split.
    execute immediate
      'select t.n - 1, jt.chunk_data'
      || ' from json_table(:1, ''$[*]'' columns (n for ordinality, txt clob path ''$'')) t,'
      || ' sys.dbms_vector.utl_to_chunks(t.txt, json(:2)) c,'
      || ' json_table(c.column_value, ''$'' columns (chunk_id number path ''$.chunk_id'','
      || ' chunk_data clob path ''$.chunk_data'')) jt'
      || ' where jt.chunk_data is not null order by t.n, jt.chunk_id'
      bulk collect into l_chunks
      using p_texts, chunk_params(p_store);
    return l_chunks;
  exception
    when e_invalid_identifier then
      chunker_missing(sqlerrm);
      raise;
  end split_many;

  function embed(p_store in agentmem_store_catalog.t_store, p_text in clob) return vector
  is
    l_vector vector;
    l_dim    number;
  begin
    require_model(p_store);
    if p_text is null or dbms_lob.getlength(lob_loc => p_text) = 0 then
      return null;
    end if;
    begin
      execute immediate
        'select e.v, vector_dimension_count(e.v) from (select vector_embedding('
        || agentmem_util.sql_object(model_owner(p_store), model_name(p_store))
        || ' using :1 as data) v from sys.dual) e'
        into l_vector, l_dim
        using p_text;
    exception
      when others then
        embedding_failed(p_store, sqlerrm);
        raise;
    end;
    if l_vector is null then
      embedding_failed(p_store, 'it returned no vector for a text of '
                       || dbms_lob.getlength(lob_loc => p_text) || ' characters');
    end if;
    if p_store.config.vector_dim is not null and l_dim <> p_store.config.vector_dim then
      embedding_failed(p_store, 'it returns ' || l_dim || '-dimension vectors but the store has vector_dim '
                       || p_store.config.vector_dim);
    end if;
    return l_vector;
  end embed;

  ------------------------------------------------------------------------------
  -- Row writer
  ------------------------------------------------------------------------------

  procedure delete_rows(p_store in agentmem_store_catalog.t_store,
                        p_ids   in agentmem_util.t_text_list,
                        p_types in agentmem_util.t_text_list)
  is
  begin
    if p_ids is null or p_ids.count = 0 then
      return;
    end if;
    forall i in 1 .. p_ids.count
      execute immediate
        'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS')
        || ' where source_id = :1 and source_type = :2'
        using p_ids(i), p_types(i);
  end delete_rows;

  -- Inserts the rows the store's chunker makes of each source's split_text:
  -- one INSERT ... SELECT over UTL_TO_CHUNKS, bulk-bound for all sources.
  procedure insert_split_rows(p_store in agentmem_store_catalog.t_store, p_sources in t_source_list)
  is
    l_binds  t_binds;
    l_params varchar2(400 char) := chunk_params(p_store);
  begin
    for i in 1 .. p_sources.count loop
      if p_sources(i).split_text is not null and dbms_lob.getlength(lob_loc => p_sources(i).split_text) > 0 then
        add_source(l_binds, p_sources(i));
        l_binds.texts.extend;
        l_binds.texts(l_binds.texts.last) := p_sources(i).split_text;
        l_binds.params.extend;
        l_binds.params(l_binds.params.last) := l_params;
      end if;
    end loop;
    if l_binds.ids.count = 0 then
      return;
    end if;
    forall i in 1 .. l_binds.ids.count
      execute immediate
        'insert into ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS')
        || ' (source_id, source_type, chunk_seq, chunk_text, thread_id, user_id, agent_id, status, expires_at)'
        || ' select :1, :2, row_number() over (order by jt.chunk_id), jt.chunk_data, :3, :4, :5, :6, :7'
        || ' from sys.dbms_vector.utl_to_chunks(:8, json(:9)) c,'
        || ' json_table(c.column_value, ''$'' columns (chunk_id number path ''$.chunk_id'','
        || ' chunk_data clob path ''$.chunk_data'')) jt'
        || ' where jt.chunk_data is not null'
        using l_binds.ids(i), l_binds.types(i), l_binds.threads(i), l_binds.users(i), l_binds.agents(i),
              l_binds.status(i), l_binds.expires(i), l_binds.texts(i), l_binds.params(i);
  exception
    when e_invalid_identifier then
      chunker_missing(sqlerrm);
      raise;
  end insert_split_rows;

  -- Inserts the explicit rows, with their vectors where the store keeps
  -- local vectors (RECORD_CHUNKS.EMBEDDING exists only then).
  procedure insert_explicit_rows(p_store in agentmem_store_catalog.t_store, p_sources in t_source_list,
                                 p_rows in t_row_list)
  is
    l_binds t_binds;
  begin
    if p_rows is null or p_rows.count = 0 then
      return;
    end if;
    for i in 1 .. p_rows.count loop
      add_source(l_binds, p_sources(p_rows(i).source_no));
      l_binds.seqs.extend;
      l_binds.seqs(l_binds.seqs.last) := to_char(p_rows(i).chunk_seq);
      l_binds.texts.extend;
      l_binds.texts(l_binds.texts.last) := p_rows(i).chunk_text;
      l_binds.vectors.extend;
      l_binds.vectors(l_binds.vectors.last) := p_rows(i).vector;
    end loop;
    if p_store.config.vector_dim is null then
      forall i in 1 .. l_binds.ids.count
        execute immediate
          'insert into ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS')
          || ' (source_id, source_type, chunk_seq, chunk_text, thread_id, user_id, agent_id, status, expires_at)'
          || ' values (:1, :2, to_number(:3), :4, :5, :6, :7, :8, :9)'
          using l_binds.ids(i), l_binds.types(i), l_binds.seqs(i), l_binds.texts(i), l_binds.threads(i),
                l_binds.users(i), l_binds.agents(i), l_binds.status(i), l_binds.expires(i);
    else
      forall i in 1 .. l_binds.ids.count
        execute immediate
          'insert into ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS')
          || ' (source_id, source_type, chunk_seq, chunk_text, thread_id, user_id, agent_id, status, expires_at,'
          || ' embedding) values (:1, :2, to_number(:3), :4, :5, :6, :7, :8, :9, to_vector(:10, '
          || agentmem_util.sql_int(p_store.config.vector_dim, 1, 65535, 'vector_dim') || ', float32))'
          using l_binds.ids(i), l_binds.types(i), l_binds.seqs(i), l_binds.texts(i), l_binds.threads(i),
                l_binds.users(i), l_binds.agents(i), l_binds.status(i), l_binds.expires(i), l_binds.vectors(i);
    end if;
  end insert_explicit_rows;

  -- Gives the rows of the derive sources that have text but no vector one
  -- from the store's model: one UPDATE, bulk-bound for all sources.
  procedure derive_vectors(p_store in agentmem_store_catalog.t_store, p_sources in t_source_list)
  is
    l_binds t_binds;
  begin
    if p_store.config.vector_dim is null or p_store.config.embedding_model is null then
      return;   -- R8: no local vectors, or rows stay without one (W3 is the caller's)
    end if;
    for i in 1 .. p_sources.count loop
      if p_sources(i).derive then
        add_source(l_binds, p_sources(i));
      end if;
    end loop;
    if l_binds.ids.count = 0 then
      return;
    end if;
    begin
      forall i in 1 .. l_binds.ids.count
        execute immediate
          'update ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS')
          || ' set embedding = vector_embedding('
          || agentmem_util.sql_object(model_owner(p_store), model_name(p_store))
          || ' using chunk_text as data) where source_id = :1 and source_type = :2'
          || ' and embedding is null and chunk_text is not null'
          using l_binds.ids(i), l_binds.types(i);
    exception
      when others then
        embedding_failed(p_store, sqlerrm);
        raise;
    end;
  end derive_vectors;

  procedure write_rows(p_store   in agentmem_store_catalog.t_store,
                       p_sources in t_source_list,
                       p_rows    in t_row_list,
                       p_replace in boolean)
  is
    l_ids   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_types agentmem_util.t_text_list := agentmem_util.t_text_list();
  begin
    if p_sources is null or p_sources.count = 0 then
      return;
    end if;
    if p_replace then
      for i in 1 .. p_sources.count loop
        agentmem_util.append(l_ids, p_sources(i).source_id);
        agentmem_util.append(l_types, p_sources(i).source_type);
      end loop;
      delete_rows(p_store, l_ids, l_types);
    end if;
    insert_split_rows(p_store, p_sources);
    insert_explicit_rows(p_store, p_sources, p_rows);
    derive_vectors(p_store, p_sources);
  end write_rows;

  procedure follow(p_store in agentmem_store_catalog.t_store, p_sources in t_source_list)
  is
    l_binds t_binds;
  begin
    if p_sources is null or p_sources.count = 0 then
      return;
    end if;
    for i in 1 .. p_sources.count loop
      add_source(l_binds, p_sources(i));
    end loop;
    forall i in 1 .. l_binds.ids.count
      execute immediate
        'update ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS')
        || ' set status = :1, expires_at = :2 where source_id = :3 and source_type = :4'
        using l_binds.status(i), l_binds.expires(i), l_binds.ids(i), l_binds.types(i);
  end follow;

  procedure set_vectors(p_store   in agentmem_store_catalog.t_store,
                        p_id      in varchar2,
                        p_type    in varchar2,
                        p_vectors in t_chunk_list)
  is
    l_ids   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_types agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_seqs  agentmem_util.t_text_list := agentmem_util.t_text_list();
  begin
    if p_vectors is null or p_vectors.count = 0 or p_store.config.vector_dim is null then
      return;
    end if;
    for j in 1 .. p_vectors.count loop
      agentmem_util.append(l_ids, p_id);
      agentmem_util.append(l_types, p_type);
      agentmem_util.append(l_seqs, to_char(j));
    end loop;
    forall j in 1 .. p_vectors.count
      execute immediate
        'update ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS')
        || ' set embedding = to_vector(:1, '
        || agentmem_util.sql_int(p_store.config.vector_dim, 1, 65535, 'vector_dim')
        || ', float32) where source_id = :2 and source_type = :3 and chunk_seq = to_number(:4)'
        using p_vectors(j), l_ids(j), l_types(j), l_seqs(j);
  end set_vectors;

  procedure clear_vectors(p_store in agentmem_store_catalog.t_store, p_id in varchar2, p_type in varchar2)
  is
  begin
    if p_store.config.vector_dim is null then
      return;   -- no EMBEDDING column
    end if;
    execute immediate
      'update ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS')
      || ' set embedding = null where source_id = :1 and source_type = :2'
      using p_id, p_type;
  end clear_vectors;

  function row_count(p_store in agentmem_store_catalog.t_store, p_id in varchar2, p_type in varchar2)
    return pls_integer
  is
    l_count pls_integer;
  begin
    execute immediate
      'select count(*) from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS')
      || ' where source_id = :1 and source_type = :2'
      into l_count
      using p_id, p_type;
    return l_count;
  end row_count;

end agentmem_chunks;
/
