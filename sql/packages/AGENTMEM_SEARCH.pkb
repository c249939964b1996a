create or replace package body agentmem_search
as

  -- ORA-00904: invalid identifier; what SQL reports for a package function
  -- the caller may not execute (DBMS_HYBRID_VECTOR without EXECUTE).
  e_invalid_identifier exception;
  pragma exception_init(e_invalid_identifier, -904);
  -- ORA-20000: the wrapper of Oracle Text (DRG-) errors raised by CTX_DDL.
  e_text_error exception;
  pragma exception_init(e_text_error, -20000);
  -- ORA-06550: a dynamic PL/SQL block did not compile (CTX_DDL missing).
  e_block_compile exception;
  pragma exception_init(e_block_compile, -6550);
  -- ORA-01426: numeric overflow (a JSON number beyond Oracle NUMBER).
  e_numeric_overflow exception;
  pragma exception_init(e_numeric_overflow, -1426);

  subtype t_store is agentmem_store_catalog.t_store;
  type t_clob_list is table of clob;
  type t_number_list is table of number;

  co_request_keys constant varchar2(400 char) :=
    'query, query_vector, query_vectors, k, user_id, agent_id, thread_id, record_types, include_invalid_results,'
    || ' metadata_filter, num_hops, max_linked_results, search_strategy';
  -- Searchable types in the contract's order; the first eight are the default.
  co_all_types constant varchar2(200 char) :=
    'message, image, memory, fact, guideline, preference, user_profile, agent_profile, thread_summary, thread';
  co_default_types constant varchar2(200 char) :=
    'message, image, memory, fact, guideline, preference, user_profile, agent_profile';
  -- The memory-type records include_invalid_results=false hides when not
  -- VALID (seed: "enregistrements de type mémoire"); other types never.
  co_memory_types constant varchar2(100 char) := 'memory, fact, guideline, preference';

  co_max_query_chars  constant pls_integer := 32767;
  co_max_query_chunks constant pls_integer := 16;
  -- k has no upper bound (seed: at least 1); a k beyond the PLS_INTEGER
  -- range asks for every match, as the largest PLS_INTEGER does.
  co_max_k            constant pls_integer := 2147483647;
  -- Candidate rows fetched per round: at most max(4000, k); at most 4
  -- rounds (the last may be the exact VECTOR round, see search_probe).
  co_max_fetch        constant pls_integer := 4000;
  co_max_rounds       constant pls_integer := 4;
  co_float32_max      constant number := 3.4028234663852886e38;
  co_rrf_constant     constant pls_integer := 60;

  -- Execution modes: the store's strategy, or KEYWORD through the text side
  -- of a hybrid index (a KEYWORD client on a HYBRID store).
  co_mode_vector      constant varchar2(12 char) := 'VECTOR';
  co_mode_keyword     constant varchar2(12 char) := 'KEYWORD';
  co_mode_hybrid      constant varchar2(12 char) := 'HYBRID';
  co_mode_hybrid_text constant varchar2(12 char) := 'HYBRID_TEXT';

  -- A scope dimension of the request: ANY (key absent), NONE (null) or
  -- VALUE (an id).
  type t_scope is record (
    kind  varchar2(5 char) := 'ANY',
    value varchar2(128 char)
  );

  type t_request is record (
    query           clob,
    has_query       boolean := false,
    vectors         t_clob_list,          -- JSON array text per query vector
    dims            t_number_list,        -- their dimensions
    vectors_key     varchar2(16 char),         -- query_vector | query_vectors
    k               pls_integer := 10,
    user_scope      t_scope,
    agent_scope     t_scope,
    thread_scope    t_scope,
    types           agentmem_util.t_text_list,
    include_invalid boolean := true,
    filter          json_element_t,       -- NULL = no filter
    num_hops        pls_integer := 0,
    max_linked      pls_integer := 100,
    strategy        varchar2(8 char)           -- requested; NULL = the store's
  );

  -- One query chunk to search: text (for embedding or semantic hybrid
  -- search), escaped Oracle Text query, query vector (JSON array text).
  type t_probe is record (
    text     clob,
    contains varchar2(4000 char),
    vector   clob
  );
  type t_probe_list is table of t_probe;

  -- A ranked record.
  type t_hit is record (
    record_type varchar2(16 char),
    record_id   varchar2(128 char),
    distance    number
  );
  type t_hit_list is table of t_hit;

  type t_result is record (
    store        t_store,
    strategy     varchar2(8 char),
    query_chunks pls_integer,
    hits         t_hit_list,
    warnings     agentmem_util.t_text_list,
    request      t_request                    -- for graph expansion
  );

  -- Record objects by 'type/id'.
  type t_record_map is table of json_object_t index by varchar2(600);
  -- The linked_results array of each hit, by the hit's position.
  type t_linked_map is table of json_array_t index by pls_integer;

  -- Graph expansion's time budget (centiseconds, DBMS_UTILITY.GET_TIME
  -- units): past it the search raises GRAPH_EXPANSION_TIMEOUT.
  co_expansion_budget constant pls_integer := 500;
  -- GET_TIME wraps around: elapsed time is taken modulo 2^32.
  co_get_time_wrap    constant number := 4294967296;

  ------------------------------------------------------------------------------
  -- Messages
  ------------------------------------------------------------------------------

  procedure invalid(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, 'INVALID_ARGUMENT: ' || p_message);
  end invalid;

  -- A request value for a message: strings in single quotes cut at 100
  -- characters, anything else as JSON text.
  function shown(p_element in json_element_t) return varchar2
  is
    l_json   clob := p_element.to_clob;
    l_length number := dbms_lob.getlength(lob_loc => l_json);
  begin
    if p_element.is_string then
      -- The JSON text without its double quotes (escapes kept).
      return '''' || dbms_lob.substr(lob_loc => l_json, amount => least(l_length - 2, 100), offset => 2)
             || case when l_length - 2 > 100 then '...' end || '''';
    end if;
    return dbms_lob.substr(lob_loc => l_json, amount => 100, offset => 1)
           || case when l_length > 100 then '...' end;
  end shown;

  -- A text for a message: in single quotes, cut at 100 characters.
  function quoted_text(p_text in clob) return varchar2
  is
  begin
    return '''' || dbms_lob.substr(lob_loc => p_text, amount => 100, offset => 1)
           || case when dbms_lob.getlength(lob_loc => p_text) > 100 then '...' end || '''';
  end quoted_text;

  function is_blank(p_text in clob) return boolean
  is
  begin
    -- Non-space = anything but ASCII whitespace (as the keyword split).
    return p_text is null
        or not regexp_like(p_text, '[^ ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13) || ']');
  end is_blank;

  ------------------------------------------------------------------------------
  -- Request
  ------------------------------------------------------------------------------

  -- Membership in a comma-separated list. An item holding a comma
  -- ('memory,fact') would match a run of entries, so it is never a member.
  function in_list(p_item in varchar2, p_list in varchar2) return boolean
  is
  begin
    return p_item is not null
       and instr(p_item, ',') = 0
       and instr(',' || replace(p_list, ' ') || ',', ',' || p_item || ',') > 0;
  end in_list;

  function list_of(p_list in varchar2) return agentmem_util.t_text_list
  is
    l_items agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_list  varchar2(400 char) := replace(p_list, ' ');
  begin
    for i in 1 .. regexp_count(l_list, ',') + 1 loop
      agentmem_util.append(l_items, regexp_substr(l_list, '[^,]+', 1, i));
    end loop;
    return l_items;
  end list_of;

  procedure reject_unknown_keys(p_req in json_object_t, p_allowed in varchar2, p_what in varchar2)
  is
    l_keys json_key_list := p_req.get_keys;
  begin
    if l_keys is null then
      return;
    end if;
    for i in 1 .. l_keys.count loop
      if not in_list(l_keys(i), p_allowed) then
        invalid(p_what || ' request key ''' || substr(l_keys(i), 1, 100) || ''' is not allowed; allowed keys: '
                || p_allowed);
      end if;
    end loop;
  end reject_unknown_keys;

  function given(p_req in json_object_t, p_key in varchar2) return boolean
  is
  begin
    return p_req.has(p_key) and not p_req.get(p_key).is_null;
  end given;

  function whole(p_req in json_object_t, p_key in varchar2, p_min in pls_integer, p_max in pls_integer,
                 p_default in pls_integer) return pls_integer
  is
    l_element json_element_t;
    l_value   number;
  begin
    if not p_req.has(p_key) then
      return p_default;
    end if;
    l_element := p_req.get(p_key);
    if l_element.is_number then
      begin
        l_value := p_req.get_number(p_key);
      exception
        when value_error or e_numeric_overflow then
          l_value := null;   -- beyond Oracle NUMBER: out of range anyway
      end;
    end if;
    if p_max is null then
      -- No upper bound: larger values act as the PLS_INTEGER maximum.
      if l_value is null or l_value <> trunc(l_value) or l_value < p_min then
        invalid(p_key || ' ' || shown(l_element) || ' must be a whole number of at least ' || p_min);
      end if;
      return least(l_value, co_max_k);
    end if;
    if l_value is null or l_value <> trunc(l_value) or l_value not between p_min and p_max then
      invalid(p_key || ' ' || shown(l_element) || ' must be a whole number from ' || p_min || ' to ' || p_max);
    end if;
    return l_value;
  end whole;

  function read_scope(p_req in json_object_t, p_key in varchar2) return t_scope
  is
    l_scope   t_scope;
    l_element json_element_t;
    l_value   clob;
  begin
    if not p_req.has(p_key) then
      return l_scope;
    end if;
    l_element := p_req.get(p_key);
    if l_element.is_null then
      l_scope.kind := 'NONE';
      return l_scope;
    end if;
    if not l_element.is_string then
      invalid(p_key || ' ' || shown(l_element) || ' must be a string or null');
    end if;
    l_value := p_req.get_clob(p_key);
    if l_value is null or dbms_lob.getlength(lob_loc => l_value) = 0 then
      invalid(p_key || ' '''' is empty: use null for unscoped records');
    end if;
    if dbms_lob.getlength(lob_loc => l_value) > 128 then
      invalid(p_key || ' ' || shown(l_element) || ' has ' || dbms_lob.getlength(lob_loc => l_value)
              || ' characters; at most 128');
    end if;
    l_scope.kind := 'VALUE';
    l_scope.value := dbms_lob.substr(lob_loc => l_value, amount => 128, offset => 1);
    return l_scope;
  end read_scope;

  -- One query vector: a non-empty array of finite numbers in FLOAT32 range,
  -- not all zero. Returns its JSON array text.
  function read_vector(p_element in json_element_t, p_path in varchar2, p_dim out number) return clob
  is
    l_array    json_array_t;
    l_value    number;
    l_all_zero boolean := true;
  begin
    if not p_element.is_array then
      invalid(p_path || ' must be an array of numbers, not ' || shown(p_element));
    end if;
    l_array := treat(p_element as json_array_t);
    if l_array.get_size = 0 then
      invalid(p_path || ' is empty: pass the query embedding, a non-empty array of numbers');
    end if;
    for i in 0 .. l_array.get_size - 1 loop
      if not l_array.get(i).is_number then
        invalid(p_path || '[' || i || '] must be a number, not ' || shown(l_array.get(i)));
      end if;
      begin
        l_value := l_array.get_number(i);
      exception
        when value_error or e_numeric_overflow then
          l_value := null;
      end;
      if l_value is null or abs(l_value) > co_float32_max then
        invalid(p_path || '[' || i || '] ' || shown(l_array.get(i))
                || ' is outside the FLOAT32 range (absolute value at most 3.4028234663852886E38)');
      end if;
      l_all_zero := l_all_zero and l_value = 0;
    end loop;
    if l_all_zero then
      invalid(p_path || ' is all zeros: cosine distance is undefined');
    end if;
    p_dim := l_array.get_size;
    return l_array.to_clob;
  end read_vector;

  procedure read_query(p_req in json_object_t, p_request in out nocopy t_request)
  is
    l_given   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_vectors json_array_t;
    l_dim     number;
    l_keys    agentmem_util.t_text_list := list_of('query, query_vector, query_vectors');
  begin
    for i in 1 .. l_keys.count loop
      if given(p_req, l_keys(i)) then
        agentmem_util.append(l_given, l_keys(i));
      end if;
    end loop;
    if l_given.count <> 1 then
      invalid('exactly one of query, query_vector and query_vectors is required; got '
              || case l_given.count
                   when 0 then 'none'
                   when 2 then l_given(1) || ' and ' || l_given(2)
                   else l_given(1) || ', ' || l_given(2) || ' and ' || l_given(3)
                 end);
    end if;

    p_request.vectors := t_clob_list();
    p_request.dims := t_number_list();
    if l_given(1) = 'query' then
      if not p_req.get('query').is_string then
        invalid('query must be a string, not ' || shown(p_req.get('query')));
      end if;
      p_request.query := p_req.get_clob('query');
      if dbms_lob.getlength(lob_loc => p_request.query) > co_max_query_chars then
        invalid('query has ' || dbms_lob.getlength(lob_loc => p_request.query) || ' characters; at most '
                || co_max_query_chars);
      end if;
      if is_blank(p_request.query) then
        invalid('query ' || shown(p_req.get('query')) || ' must contain at least one non-space character');
      end if;
      p_request.has_query := true;
    elsif l_given(1) = 'query_vector' then
      p_request.vectors_key := 'query_vector';
      p_request.vectors.extend;
      p_request.dims.extend;
      p_request.vectors(1) := read_vector(p_req.get('query_vector'), 'query_vector', l_dim);
      p_request.dims(1) := l_dim;
    else
      p_request.vectors_key := 'query_vectors';
      if not p_req.get('query_vectors').is_array then
        invalid('query_vectors must be an array of 1 to ' || co_max_query_chunks || ' vectors, not '
                || shown(p_req.get('query_vectors')));
      end if;
      l_vectors := p_req.get_array('query_vectors');
      if l_vectors.get_size not between 1 and co_max_query_chunks then
        invalid('query_vectors has ' || l_vectors.get_size || ' vectors; 1 to ' || co_max_query_chunks
                || ' are allowed');
      end if;
      for j in 0 .. l_vectors.get_size - 1 loop
        p_request.vectors.extend;
        p_request.dims.extend;
        p_request.vectors(j + 1) := read_vector(l_vectors.get(j), 'query_vectors[' || j || ']', l_dim);
        p_request.dims(j + 1) := l_dim;
      end loop;
    end if;
  end read_query;

  function read_types(p_req in json_object_t) return agentmem_util.t_text_list
  is
    l_array  json_array_t;
    l_item   json_element_t;
    l_wanted varchar2(400 char) := ',';
    l_types  agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_all    agentmem_util.t_text_list := list_of(co_all_types);
  begin
    if not given(p_req, 'record_types') then
      return list_of(co_default_types);
    end if;
    if not p_req.get('record_types').is_array then
      invalid('record_types ' || shown(p_req.get('record_types'))
              || ' must be an array of record types, or null for the default types');
    end if;
    l_array := p_req.get_array('record_types');
    if l_array.get_size = 0 then
      invalid('record_types is empty: name at least one type, or omit it for the default types');
    end if;
    for i in 0 .. l_array.get_size - 1 loop
      l_item := l_array.get(i);
      -- A type name is at most 14 characters: longer strings are not read
      -- into VARCHAR2 (get_string of a huge string would overflow).
      if not l_item.is_string or dbms_lob.getlength(lob_loc => l_item.to_clob) > 40
         or not in_list(lower(l_array.get_string(i)), co_all_types) then
        invalid('record_types ' || shown(l_item) || ' is not a record type; allowed: ' || co_all_types);
      end if;
      -- Duplicates are ignored: each type enters the list once, so the list
      -- stays within its 400 characters whatever the request repeats.
      if instr(l_wanted, ',' || lower(l_array.get_string(i)) || ',') = 0 or instr(l_array.get_string(i), ',') > 0 then
        l_wanted := l_wanted || lower(l_array.get_string(i)) || ',';
      end if;
    end loop;
    -- Duplicates ignored; the contract's order keeps the SQL text stable.
    for i in 1 .. l_all.count loop
      if instr(l_all(i), ',') = 0 and instr(l_wanted, ',' || l_all(i) || ',') > 0 then
        agentmem_util.append(l_types, l_all(i));
      end if;
    end loop;
    return l_types;
  end read_types;

  function read_request(p_request in clob) return t_request
  is
    l_req     json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_request t_request;
    l_element json_element_t;
  begin
    reject_unknown_keys(l_req, co_request_keys, 'search');
    read_query(l_req, l_request);
    l_request.k := whole(l_req, 'k', 1, null, 10);
    l_request.user_scope := read_scope(l_req, 'user_id');
    l_request.agent_scope := read_scope(l_req, 'agent_id');
    l_request.thread_scope := read_scope(l_req, 'thread_id');
    l_request.types := read_types(l_req);
    if l_req.has('include_invalid_results') then
      l_element := l_req.get('include_invalid_results');
      if not l_element.is_boolean then
        invalid('include_invalid_results ' || shown(l_element) || ' must be true or false');
      end if;
      l_request.include_invalid := l_req.get_boolean('include_invalid_results');
    end if;
    if l_req.has('metadata_filter') then
      l_request.filter := l_req.get('metadata_filter');
    end if;
    l_request.num_hops := whole(l_req, 'num_hops', 0, 5, 0);
    l_request.max_linked := whole(l_req, 'max_linked_results', 0, 1000, 100);
    if given(l_req, 'search_strategy') then
      l_element := l_req.get('search_strategy');
      if not l_element.is_string or dbms_lob.getlength(lob_loc => l_element.to_clob) > 20
         or upper(l_req.get_string('search_strategy')) not in ('VECTOR', 'KEYWORD', 'HYBRID') then
        invalid('search_strategy ' || shown(l_element) || ' must be VECTOR, KEYWORD or HYBRID');
      end if;
      l_request.strategy := upper(l_req.get_string('search_strategy'));
    end if;
    return l_request;
  end read_request;

  ------------------------------------------------------------------------------
  -- Store-dependent rules
  ------------------------------------------------------------------------------

  -- The execution mode for the store and the requested strategy.
  function resolve_mode(p_store in t_store, p_request in t_request) return varchar2
  is
    l_stored varchar2(8 char) := p_store.config.search_strategy;
  begin
    if p_request.strategy is not null and p_request.strategy <> l_stored
       and not (p_request.strategy = co_mode_keyword and l_stored = co_mode_hybrid) then
      agentmem_util.raise_error(dbms_agent_memory_store.co_incompatible_store,
        'INCOMPATIBLE_STORE: search_strategy ' || p_request.strategy || ' differs from the store''s ' || l_stored
        || ' (' || agentmem_store_catalog.display_name(p_store) || '); omit search_strategy');
    end if;
    if l_stored = co_mode_hybrid then
      agentmem_util.require_release(23, 6, 'HYBRID search (DBMS_HYBRID_VECTOR)');
      return case when p_request.strategy = co_mode_keyword then co_mode_hybrid_text else co_mode_hybrid end;
    end if;
    return l_stored;
  end resolve_mode;

  -- Output dimension of the store's in-database model (HYBRID stores).
  function model_dimension(p_store in t_store) return number
  is
    l_probe vector;
    l_dim   number;
  begin
    l_probe := agentmem_chunks.embed(p_store, 'dimension probe');
    select vector_dimension_count(l_probe) into l_dim from sys.dual;
    return l_dim;
  end model_dimension;

  procedure check_vectors(p_store in t_store, p_mode in varchar2, p_request in t_request)
  is
    l_dim  number;
    l_rule varchar2(400 char);
  begin
    if p_request.vectors.count = 0 then
      return;
    end if;
    if p_mode in (co_mode_keyword, co_mode_hybrid_text) then
      invalid(p_request.vectors_key || ' cannot be used with search_strategy KEYWORD: keyword search ranks'
              || ' text; pass query');
    end if;
    if p_mode = co_mode_vector then
      l_dim := p_store.config.vector_dim;
      l_rule := 'the store''s vectors have ' || l_dim;
    else
      l_dim := model_dimension(p_store);
      l_rule := 'the embedding model ' || p_store.config.embedding_model || ' produces ' || l_dim;
    end if;
    for j in 1 .. p_request.vectors.count loop
      if p_request.dims(j) <> l_dim then
        invalid(p_request.vectors_key || case when p_request.vectors_key = 'query_vectors' then '[' || (j - 1) || ']' end
                || ' has ' || p_request.dims(j) || ' dimensions; ' || l_rule);
      end if;
    end loop;
  end check_vectors;

  ------------------------------------------------------------------------------
  -- Query chunks
  ------------------------------------------------------------------------------

  function vector_text(p_vector in vector) return clob
  is
    l_text clob;
  begin
    select from_vector(p_vector returning clob) into l_text from sys.dual;
    return l_text;
  end vector_text;

  -- The query's chunks, split with the store's chunking (the code of
  -- chunk_text and of the records writer); the query itself when the
  -- chunker keeps nothing.
  function query_chunks(p_store in t_store, p_query in clob) return agentmem_chunks.t_chunk_list
  is
    l_chunks agentmem_chunks.t_chunk_list := agentmem_chunks.split(p_store, p_query);
  begin
    if l_chunks.count > co_max_query_chunks then
      invalid('query splits into ' || l_chunks.count || ' chunks with the store''s chunking '
              || agentmem_chunks.chunk_params(p_store) || '; at most ' || co_max_query_chunks
              || ' chunks are searched: shorten the query');
    end if;
    if l_chunks.count = 0 then
      l_chunks.extend;
      l_chunks(1) := p_query;
    end if;
    return l_chunks;
  end query_chunks;

  -- The escaped text query of chunk p_no; NULL when it has no word.
  function escaped(p_text in clob, p_no in pls_integer, p_warnings in out nocopy agentmem_util.t_text_list)
    return varchar2
  is
    l_escaped varchar2(4000 char);
    l_kept    pls_integer;
    l_dropped pls_integer;
    l_outcome varchar2(8 char);
  begin
    l_outcome := agentmem_search_keyword.escape(dbms_lob.substr(lob_loc => p_text, amount => 8191, offset => 1),
                                                l_escaped, l_kept, l_dropped);
    if l_outcome = agentmem_search_keyword.co_too_long then
      invalid('query chunk ' || p_no || ': its first word is longer than '
              || agentmem_search_keyword.co_max_query_bytes || ' bytes once escaped (the CONTAINS limit);'
              || ' shorten the word');
    elsif l_outcome = agentmem_search_keyword.co_no_word then
      return null;
    end if;
    if l_dropped > 0 then
      agentmem_util.append(p_warnings, 'query chunk ' || p_no || ': keyword query cut to the first ' || l_kept
                           || ' words (' || agentmem_search_keyword.co_max_query_bytes || '-byte CONTAINS limit)');
    end if;
    return l_escaped;
  end escaped;

  function probes(p_store in t_store, p_mode in varchar2, p_request in t_request,
                  p_warnings in out nocopy agentmem_util.t_text_list) return t_probe_list
  is
    l_probes t_probe_list := t_probe_list();
    l_chunks agentmem_chunks.t_chunk_list;
    l_probe  t_probe;
    l_empty  t_probe;
  begin
    if not p_request.has_query then
      for j in 1 .. p_request.vectors.count loop
        l_probe.vector := p_request.vectors(j);
        l_probes.extend;
        l_probes(l_probes.count) := l_probe;
      end loop;
      return l_probes;
    end if;
    if p_mode = co_mode_vector and p_store.config.embedding_model is null then
      invalid('query: ' || agentmem_store_catalog.display_name(p_store) || ' has no in-database embedding model'
              || ' to embed the query; pass query_vector (embed on the client)');
    end if;
    l_chunks := query_chunks(p_store, p_request.query);
    for i in 1 .. l_chunks.count loop
      l_probe := l_empty;
      l_probe.text := l_chunks(i);
      if p_mode = co_mode_vector then
        l_probe.vector := vector_text(agentmem_chunks.embed(p_store, l_chunks(i)));
      else
        l_probe.contains := escaped(l_chunks(i), i, p_warnings);
      end if;
      -- A chunk without a word: searched by its vector part (HYBRID), else skipped.
      if p_mode = co_mode_vector or p_mode = co_mode_hybrid or l_probe.contains is not null then
        l_probes.extend;
        l_probes(l_probes.count) := l_probe;
      end if;
    end loop;
    if l_probes.count = 0 then
      invalid('query ' || quoted_text(p_request.query)
              || ' has no searchable word: only punctuation remains after escaping; use letters or digits');
    end if;
    return l_probes;
  end probes;

  ------------------------------------------------------------------------------
  -- SQL text (every identifier from the naming helper, every value a bind)
  ------------------------------------------------------------------------------

  -- '(<list of type literals>)'.
  -- agentmem:sql-builder
  function type_literals(p_types in agentmem_util.t_text_list) return varchar2
  is
    l_text varchar2(4000 char);
  begin
    for i in 1 .. p_types.count loop
      l_text := l_text || case when i > 1 then ', ' end || agentmem_util.sql_literal(p_types(i));
    end loop;
    return '(' || l_text || ')';
  end type_literals;

  -- The scope predicate of one dimension on chunk row c (protocol section
  -- 4): profiles use their actor id (SOURCE_ID) on their own dimension and
  -- count as unscoped on the others; a thread is scoped by its own id.
  -- agentmem:sql-builder
  function scope_predicate(p_dimension in varchar2, p_scope in t_scope) return varchar2
  is
    l_profiles varchar2(40 char) := '(''user_profile'', ''agent_profile'')';
  begin
    if p_scope.kind = 'ANY' then
      return null;
    end if;
    return case p_dimension
      when 'USER' then
        case when p_scope.kind = 'VALUE' then
          ' and ((c.source_type = ''user_profile'' and c.source_id = :su) or (c.source_type not in '
          || l_profiles || ' and c.user_id = :su))'
        else
          ' and (c.source_type = ''agent_profile'' or (c.source_type not in ' || l_profiles
          || ' and c.user_id is null))'
        end
      when 'AGENT' then
        case when p_scope.kind = 'VALUE' then
          ' and ((c.source_type = ''agent_profile'' and c.source_id = :sa) or (c.source_type not in '
          || l_profiles || ' and c.agent_id = :sa))'
        else
          ' and (c.source_type = ''user_profile'' or (c.source_type not in ' || l_profiles
          || ' and c.agent_id is null))'
        end
      else
        case when p_scope.kind = 'VALUE' then
          ' and ((c.source_type = ''thread'' and c.source_id = :st) or (c.source_type not in ' || l_profiles
          || ' and c.source_type <> ''thread'' and c.thread_id = :st))'
        else
          ' and (c.source_type in ' || l_profiles || ' or (c.source_type not in ' || l_profiles
          || ' and c.source_type <> ''thread'' and c.thread_id is null))'
        end
    end;
  end scope_predicate;

  -- The chunk-row predicates: types, expiry, status, scope.
  -- agentmem:sql-builder
  function chunk_predicates(p_request in t_request) return varchar2
  is
  begin
    return 'c.source_type in ' || type_literals(p_request.types)
           || ' and (c.expires_at is null or c.expires_at > systimestamp)'
           || case when not p_request.include_invalid then
                ' and (c.status = ''VALID'' or c.source_type not in ' || type_literals(list_of(co_memory_types)) || ')'
              end
           || scope_predicate('USER', p_request.user_scope)
           || scope_predicate('AGENT', p_request.agent_scope)
           || scope_predicate('THREAD', p_request.thread_scope);
  end chunk_predicates;

  -- The candidate chunk rows (source_type, source_id, dist) of one probe.
  -- p_exact (VECTOR): an exact search, FETCH FIRST without APPROX, which
  -- applies every WHERE predicate before the top n is taken.
  -- agentmem:sql-builder
  function candidates_sql(p_store in t_store, p_mode in varchar2, p_dim in number, p_request in t_request,
                          p_exact in boolean) return varchar2
  is
    l_chunks varchar2(300 char) := agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RECORD_CHUNKS');
  begin
    if p_mode = co_mode_vector then
      -- Index search: ORDER BY the distance on the indexed column with the
      -- index's metric (cosine), ascending, FETCH APPROX; the target
      -- accuracy is the index's (95). Without APPROX the search is exact
      -- (vecse/approximate-search-using-ivf.html; the same query "with FETCH
      -- FIRST", no index): the round search_probe runs when an approximate
      -- round came back short.
      return 'select c.source_type, c.source_id, vector_distance(c.embedding, to_vector(:qv, '
             || agentmem_util.sql_int(p_dim, 1, 65535, 'vector dimension') || ', float32), cosine) dist'
             || ' from ' || l_chunks || ' c where c.embedding is not null and ' || chunk_predicates(p_request)
             || ' order by vector_distance(c.embedding, to_vector(:qv, '
             || agentmem_util.sql_int(p_dim, 1, 65535, 'vector dimension') || ', float32), cosine)'
             || case when p_exact then ' fetch first :n_rows rows only' else ' fetch approx first :n_rows rows only' end;
    elsif p_mode = co_mode_keyword then
      return 'select c.source_type, c.source_id, 1 - score(1) / 100 dist'
             || ' from ' || l_chunks || ' c where contains(c.chunk_text, :kq, 1) > 0 and ' || chunk_predicates(p_request)
             || ' order by score(1) desc, c.chunk_id fetch first :n_rows rows only';
    end if;
    -- HYBRID: the API's result (rowid, score) joined back to the rows.
    return 'select c.source_type, c.source_id, 1 - least(greatest(h.score, 0), 100) / 100 dist'
           || ' from json_table(:hres, ''$[*]'' columns (row_id varchar2(18) path ''$.rowid'','
           || ' score number path ''$.score'')) h, ' || l_chunks || ' c'
           || ' where c.rowid = chartorowid(h.row_id) and ' || chunk_predicates(p_request);
  end candidates_sql;

  -- The records of the requested types (rtype, rid, metadata), unexpired:
  -- where the metadata filter and the record's existence are checked.
  -- agentmem:sql-builder
  function records_view(p_store in t_store, p_types in agentmem_util.t_text_list) return varchar2
  is
    l_text varchar2(32767);
    l_base varchar2(30 char);
  begin
    for i in 1 .. p_types.count loop
      l_base := agentmem_record_read.table_base(p_types(i));
      l_text := l_text || case when i > 1 then ' union all ' end
                || 'select ' || agentmem_util.sql_literal(p_types(i)) || ' rtype, r.record_id rid, r.metadata metadata'
                || ' from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || l_base) || ' r'
                || ' where 1 = 1'
                || case l_base
                     when 'MEMORY' then ' and r.memory_type = '
                                        || agentmem_util.sql_literal(agentmem_record_read.type_key(p_types(i)))
                     when 'ACTOR_PROFILE' then ' and r.actor_type = '
                                        || agentmem_util.sql_literal(agentmem_record_read.type_key(p_types(i)))
                   end
                || case when agentmem_record_read.expiring(p_types(i)) then
                     ' and (r.expires_at is null or r.expires_at > systimestamp)'
                   end;
    end loop;
    return l_text;
  end records_view;

  -- One round's statement: candidates grouped to records (best distance,
  -- chunk rows), each flagged by whether its record exists and passes the
  -- metadata filter; ordered by distance, id, type (binary).
  -- agentmem:sql-builder
  function round_sql(p_store in t_store, p_mode in varchar2, p_dim in number, p_request in t_request,
                     p_filter_sql in varchar2, p_exact in boolean) return clob
  is
    l_sql clob;
  begin
    -- Appended piece by piece: the filter alone may be 32767 bytes.
    l_sql := 'select b.source_type, b.source_id, b.dist, b.chunk_rows, case when exists (select 1 from (';
    l_sql := l_sql || records_view(p_store, p_request.types);
    l_sql := l_sql || ') m where m.rtype = b.source_type and m.rid = b.source_id and ';
    l_sql := l_sql || p_filter_sql;
    l_sql := l_sql || ') then 1 else 0 end passes from (select cand.source_type, cand.source_id,'
             || ' min(cand.dist) dist, count(*) chunk_rows from (';
    l_sql := l_sql || candidates_sql(p_store, p_mode, p_dim, p_request, p_exact);
    l_sql := l_sql || ') cand group by cand.source_type, cand.source_id) b order by b.dist,'
             || ' nlssort(b.source_id, ''NLS_SORT=BINARY''), nlssort(b.source_type, ''NLS_SORT=BINARY'')';
    return l_sql;
  end round_sql;

  ------------------------------------------------------------------------------
  -- Execution
  ------------------------------------------------------------------------------

  procedure search_object_missing(p_store in t_store, p_error in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_schema_missing,
      'SCHEMA_MISSING: a search object of ' || agentmem_store_catalog.display_name(p_store)
      || ' is missing or unusable (' || p_error || '); run describe_store to see which, and ask the owner to'
      || ' open the store with CREATE_IF_NECESSARY to repair it');
  end search_object_missing;

  -- Runs DBMS_HYBRID_VECTOR.SEARCH; dynamic, so that this package compiles
  -- on releases before 23.6 and without EXECUTE on DBMS_HYBRID_VECTOR.
  function hybrid_result(p_store in t_store, p_mode in varchar2, p_probe in t_probe, p_rows in pls_integer)
    return clob
  is
    l_result clob;
  begin
    -- JSON_SERIALIZE(... RETURNING CLOB), as the documentation's examples
    -- wrap the call: the text comes back as a CLOB whether the release
    -- returns CLOB or JSON.
    execute immediate 'select json_serialize(ctxsys.dbms_hybrid_vector.search(json(:p)) returning clob) from sys.dual'
      into l_result
      using agentmem_search_keyword.hybrid_params(
              p_store.owner || '.' || p_store.table_prefix || 'RECORD_CHUNKS_HYB_IX',
              p_probe.text, p_probe.vector, p_probe.contains, p_mode = co_mode_hybrid_text, p_rows);
    return l_result;
  exception
    when e_invalid_identifier then
      agentmem_util.raise_error(dbms_agent_memory_store.co_privilege_missing,
        'PRIVILEGE_MISSING: DBMS_HYBRID_VECTOR.SEARCH is not callable by ' || agentmem_util.current_user_name
        || ' (' || sqlerrm || '); ask a DBA to grant EXECUTE ON CTXSYS.DBMS_HYBRID_VECTOR');
  end hybrid_result;

  procedure bind_text(p_cursor in integer, p_name in varchar2, p_value in varchar2)
  is
  begin
    dbms_sql.bind_variable(c => p_cursor, name => p_name, value => p_value, out_value_size => 4000);
  end bind_text;

  -- One round of one probe: fills the ranked records that pass (p_hits,
  -- at most p_k) and returns how many rows the source gave.
  function run_round(p_store in t_store, p_mode in varchar2, p_request in t_request, p_sql in clob,
                     p_binds in agentmem_filter.t_bind_list, p_probe in t_probe, p_rows in pls_integer,
                     p_hits in out nocopy t_hit_list) return pls_integer
  is
    l_cursor   integer;
    l_rc       sys_refcursor;
    l_status   integer;
    l_hybrid   clob;
    l_source   number;         -- a sum of chunk counts (rule PLS-INT-OVERFLOW); at most the rows fetched
    l_types    agentmem_util.t_text_list;
    l_ids      agentmem_util.t_text_list;
    l_dists    t_number_list;
    l_chunks   t_number_list;
    l_passes   t_number_list;
    l_hit      t_hit;
    l_handed   boolean := false;   -- the cursor became l_rc (TO_REFCURSOR)
    l_code     pls_integer;
    l_error    varchar2(4000 char);
  begin
    if p_mode in (co_mode_hybrid, co_mode_hybrid_text) then
      l_hybrid := hybrid_result(p_store, p_mode, p_probe, p_rows);
      l_source := json_array_t.parse(nvl(l_hybrid, to_clob('[]'))).get_size;
    end if;
    l_cursor := dbms_sql.open_cursor;
    dbms_sql.parse(c => l_cursor, statement => p_sql, language_flag => dbms_sql.native);
    agentmem_filter.bind_all(l_cursor, p_binds);
    if p_request.user_scope.kind = 'VALUE' then
      bind_text(l_cursor, ':su', p_request.user_scope.value);
    end if;
    if p_request.agent_scope.kind = 'VALUE' then
      bind_text(l_cursor, ':sa', p_request.agent_scope.value);
    end if;
    if p_request.thread_scope.kind = 'VALUE' then
      bind_text(l_cursor, ':st', p_request.thread_scope.value);
    end if;
    case p_mode
      when co_mode_vector then
        dbms_sql.bind_variable(c => l_cursor, name => ':qv', value => p_probe.vector);
        dbms_sql.bind_variable(c => l_cursor, name => ':n_rows', value => p_rows);
      when co_mode_keyword then
        bind_text(l_cursor, ':kq', p_probe.contains);
        dbms_sql.bind_variable(c => l_cursor, name => ':n_rows', value => p_rows);
      else
        dbms_sql.bind_variable(c => l_cursor, name => ':hres', value => nvl(l_hybrid, to_clob('[]')));
    end case;
    l_status := dbms_sql.execute(c => l_cursor);
    l_rc := dbms_sql.to_refcursor(cursor_number => l_cursor);
    l_handed := true;
    fetch l_rc bulk collect into l_types, l_ids, l_dists, l_chunks, l_passes;
    close l_rc;

    p_hits := t_hit_list();
    if l_source is null then
      l_source := 0;
      for i in 1 .. l_chunks.count loop
        l_source := l_source + l_chunks(i);
      end loop;
    end if;
    for i in 1 .. l_types.count loop
      exit when p_hits.count >= p_request.k;
      if l_passes(i) = 1 then
        l_hit.record_type := l_types(i);
        l_hit.record_id := l_ids(i);
        l_hit.distance := l_dists(i);
        p_hits.extend;
        p_hits(p_hits.count) := l_hit;
      end if;
    end loop;
    return l_source;
  exception
    when others then
      -- Read before the cleanup calls below, which could change them.
      l_code := sqlcode;
      l_error := sqlerrm;
      if l_handed and l_rc%isopen then
        close l_rc;
      elsif not l_handed and l_cursor is not null then
        dbms_sql.close_cursor(c => l_cursor);
      end if;
      -- A missing table, or Oracle Text reporting a missing or unusable
      -- index (DRG-10599 column not indexed, DRG-10502 index does not exist).
      if l_code = -942
         or (l_code in (-29902, -20000) and (instr(l_error, 'DRG-10599') > 0 or instr(l_error, 'DRG-10502') > 0)) then
        search_object_missing(p_store, l_error);
      end if;
      raise;
  end run_round;

  -- The next round's n: 4 times p_rows, at most p_max (without the
  -- PLS_INTEGER overflow of p_rows * 4 near the type's maximum).
  function grown(p_rows in pls_integer, p_max in pls_integer) return pls_integer
  is
  begin
    return case when p_rows > p_max / 4 then p_max else p_rows * 4 end;
  end grown;

  -- The top k records of one probe, over-fetching in rounds (protocol
  -- section 8): n = max(4k, 20); again with 4n while fewer than k records
  -- pass; n at most max(4000, k); at most 4 rounds, plus the exact VECTOR
  -- round when the last approximate one came back short.
  -- A round whose source gave fewer than n rows proves exhaustion only
  -- where the source is exact: KEYWORD (CONTAINS) and the exact VECTOR
  -- round. An approximate VECTOR round may come back short although more
  -- rows qualify (IVF post-filtering applies the WHERE predicates after the
  -- probed partitions: vecse/optimizer-plans-ivf-vector-indexes.html), so
  -- the next round is exact with the same n. DBMS_HYBRID_VECTOR.SEARCH in
  -- DOCUMENT mode may return fewer than topN documents (several chunks of
  -- one document), so HYBRID grows n until a round adds no source row.
  function search_probe(p_store in t_store, p_mode in varchar2, p_request in t_request, p_sql in clob,
                        p_exact_sql in clob, p_binds in agentmem_filter.t_bind_list, p_probe in t_probe)
    return t_hit_list
  is
    l_max    pls_integer := greatest(co_max_fetch, p_request.k);
    l_rows   pls_integer := least(greatest(4 * least(p_request.k, co_max_fetch), 20), l_max);
    l_exact  boolean := false;
    l_source pls_integer;
    l_prior  pls_integer := 0;     -- source rows of the previous round (none before)
    l_hits   t_hit_list;
    l_round  pls_integer := 0;
  begin
    loop
      l_round := l_round + 1;
      l_source := run_round(p_store, p_mode, p_request, case when l_exact then p_exact_sql else p_sql end, p_binds,
                            p_probe, l_rows, l_hits);
      exit when l_hits.count >= p_request.k;
      if l_source < l_rows then
        if p_mode = co_mode_vector and not l_exact then
          -- Same n, exact: definitive. Taken even after the last approximate
          -- round, so a short approximate round never ends the search.
          l_exact := true;
        elsif p_mode in (co_mode_hybrid, co_mode_hybrid_text) and l_source > l_prior and l_rows < l_max
              and l_round < co_max_rounds then
          l_prior := l_source;
          l_rows := grown(l_rows, l_max);
        else
          exit;   -- the source is exhausted
        end if;
      else
        exit when l_rows >= l_max or l_round >= co_max_rounds;
        l_prior := l_source;
        l_rows := grown(l_rows, l_max);
      end if;
    end loop;
    return l_hits;
  end search_probe;

  -- Reciprocal-rank fusion of several probes' rankings (protocol section
  -- 6): fused(r) = sum 1 / (60 + rank_i(r)); distance = 1 - fused * 61 / n;
  -- the top k by distance, ties by id then type (binary).
  function fuse(p_lists in t_hit_list, p_list_of in t_number_list, p_count in pls_integer, p_k in pls_integer)
    return t_hit_list
  is
    type t_score_map is table of number index by varchar2(600);
    l_fused  t_score_map;
    l_key    varchar2(600 char);
    l_rank   pls_integer := 0;
    l_json   json_array_t := json_array_t();
    l_item   json_object_t;
    l_result t_hit_list := t_hit_list();
    l_types  agentmem_util.t_text_list;
    l_ids    agentmem_util.t_text_list;
    l_dists  t_number_list;
    l_text   clob;
  begin
    for i in 1 .. p_lists.count loop
      l_rank := case when i = 1 or p_list_of(i) <> p_list_of(i - 1) then 1 else l_rank + 1 end;
      l_key := p_lists(i).record_type || '/' || p_lists(i).record_id;
      l_fused(l_key) := case when l_fused.exists(l_key) then l_fused(l_key) else 0 end
                        + 1 / (co_rrf_constant + l_rank);
    end loop;
    l_key := l_fused.first;
    while l_key is not null loop
      l_item := json_object_t();
      l_item.put('t', substr(l_key, 1, instr(l_key, '/') - 1));
      l_item.put('i', substr(l_key, instr(l_key, '/') + 1));
      l_item.put('d', round(1 - l_fused(l_key) * (co_rrf_constant + 1) / p_count, 15));
      l_json.append(l_item);
      l_key := l_fused.next(l_key);
    end loop;
    l_text := l_json.to_clob;
    -- Sorted in SQL: binary order of ids whatever the session's NLS_SORT.
    select jt.t, jt.i, jt.d
      bulk collect into l_types, l_ids, l_dists
      from json_table(l_text, '$[*]' columns (t varchar2(16) path '$.t', i varchar2(512) path '$.i',
                                               d number path '$.d')) jt
     order by jt.d, nlssort(jt.i, 'NLS_SORT=BINARY'), nlssort(jt.t, 'NLS_SORT=BINARY')
     fetch first p_k rows only;
    for i in 1 .. l_types.count loop
      l_result.extend;
      l_result(i).record_type := l_types(i);
      l_result(i).record_id := l_ids(i);
      l_result(i).distance := l_dists(i);
    end loop;
    return l_result;
  end fuse;

  function run_search(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return t_result
  is
    l_request    t_request := read_request(p_request);
    l_binds      agentmem_filter.t_bind_list := agentmem_filter.t_bind_list();
    l_filter_sql varchar2(32767);
    l_result     t_result;
    l_mode       varchar2(12 char);
    l_probes     t_probe_list;
    l_dim        number;
    l_sql        clob;
    l_exact_sql  clob;
    l_hits       t_hit_list;
    l_all        t_hit_list := t_hit_list();
    l_list_of    t_number_list := t_number_list();
  begin
    -- Validation before any row is read: the filter compiles here.
    l_filter_sql := agentmem_filter.compile(l_request.filter, 'm', l_binds);
    l_result.store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    l_mode := resolve_mode(l_result.store, l_request);
    check_vectors(l_result.store, l_mode, l_request);
    l_result.strategy := case when l_mode = co_mode_hybrid_text then co_mode_keyword else l_mode end;
    l_result.warnings := agentmem_util.t_text_list();
    l_probes := probes(l_result.store, l_mode, l_request, l_result.warnings);
    l_result.query_chunks := l_probes.count;
    if l_mode = co_mode_vector then
      l_dim := l_result.store.config.vector_dim;
    end if;
    l_sql := round_sql(l_result.store, case when l_mode = co_mode_hybrid_text then co_mode_hybrid else l_mode end,
                       l_dim, l_request, l_filter_sql, false);
    if l_mode = co_mode_vector then
      l_exact_sql := round_sql(l_result.store, l_mode, l_dim, l_request, l_filter_sql, true);
    end if;
    for i in 1 .. l_probes.count loop
      l_hits := search_probe(l_result.store, l_mode, l_request, l_sql, l_exact_sql, l_binds, l_probes(i));
      if l_probes.count = 1 then
        l_result.hits := l_hits;
      else
        for j in 1 .. l_hits.count loop
          l_all.extend;
          l_all(l_all.count) := l_hits(j);
          l_list_of.extend;
          l_list_of(l_list_of.count) := i;
        end loop;
      end if;
    end loop;
    if l_probes.count > 1 then
      l_result.hits := fuse(l_all, l_list_of, l_probes.count, l_request.k);
    end if;
    l_result.request := l_request;
    return l_result;
  end run_search;

  ------------------------------------------------------------------------------
  -- Results
  ------------------------------------------------------------------------------

  -- The record objects of the hits, built by get_record's code: one
  -- records_json call (one statement) per record type.
  function load_records(p_store in t_store, p_hits in t_hit_list) return t_record_map
  is
    l_records t_record_map;
    l_types   agentmem_util.t_text_list := list_of(co_all_types);
    l_ids     agentmem_util.t_text_list;
    l_array   json_array_t;
    l_record  json_object_t;
  begin
    for t in 1 .. l_types.count loop
      l_ids := agentmem_util.t_text_list();
      for i in 1 .. p_hits.count loop
        if p_hits(i).record_type = l_types(t) then
          agentmem_util.append(l_ids, p_hits(i).record_id);
        end if;
      end loop;
      if l_ids.count > 0 then
        l_array := agentmem_record_read.records_json(p_store, l_types(t), l_ids, false);
        for i in 0 .. l_array.get_size - 1 loop
          l_record := treat(l_array.get(i) as json_object_t);
          l_records(l_types(t) || '/' || l_record.get_string('id')) := l_record;
        end loop;
      end if;
    end loop;
    return l_records;
  end load_records;

  ------------------------------------------------------------------------------
  -- Graph expansion (docs/protocol-search.md section 12)
  ------------------------------------------------------------------------------

  -- The memory-like types among the requested ones: the only records a
  -- relation connects (RELATION_*_TYPE_CK), hence the only linked records.
  function linked_types(p_request in t_request) return agentmem_util.t_text_list
  is
    l_types agentmem_util.t_text_list := agentmem_util.t_text_list();
  begin
    for i in 1 .. p_request.types.count loop
      if in_list(p_request.types(i), co_memory_types) then
        agentmem_util.append(l_types, p_request.types(i));
      end if;
    end loop;
    return l_types;
  end linked_types;

  -- The scope predicate of one dimension on MEMORY row m (linked records
  -- are memory-like: scoped by their own columns, section 4).
  -- agentmem:sql-builder
  function memory_scope(p_column in varchar2, p_bind in varchar2, p_scope in t_scope) return varchar2
  is
  begin
    return case p_scope.kind
             when 'VALUE' then ' and m.' || p_column || ' = ' || p_bind
             when 'NONE' then ' and m.' || p_column || ' is null'
           end;
  end memory_scope;

  -- The expansion statement. WALK is a recursive WITH (anchor: the direct
  -- memory-like hits; recursive member: one relation further, either
  -- direction, onto a record that passes the request's filters); the CYCLE
  -- clause marks a row whose record is already on its path, which is not
  -- followed. Each linked record is kept once per direct hit, at its
  -- fewest hops through its earliest relation, and at most :max_linked per
  -- hit, ordered by hops, relation created_at, relation id, record id
  -- (binary). The recursive member stops producing rows once the time
  -- budget is spent (GET_TIME, evaluated at least once per level); expand then raises.
  -- Edges: RELATION read from the source (ADDRESS_UK) and from the target
  -- (TARGET_IX), so each direction is an index probe.
  -- agentmem:sql-builder
  function expansion_sql(p_store in t_store, p_request in t_request, p_filter_sql in varchar2) return clob
  is
    l_relations varchar2(300 char) := agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'RELATION');
    l_sql       clob;
  begin
    l_sql := 'with roots (rn, rtype, rid) as ('
      || 'select j.rn, cast(j.rtype as varchar2(16 char)), cast(j.rid as varchar2(128 char)) from json_table(:roots,'
      || ' ''$[*]'' columns (rn number path ''$.n'', rtype varchar2(16 char) path ''$.t'','
      || ' rid varchar2(128 char) path ''$.i'')) j), '
      || 'nodes (ntype, nid) as (select m.memory_type, m.record_id from '
      || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MEMORY') || ' m'
      || ' where m.memory_type in ' || type_literals(linked_types(p_request))
      || ' and (m.expires_at is null or m.expires_at > systimestamp)'
      || case when not p_request.include_invalid then ' and m.status = ''VALID''' end
      || memory_scope('user_id', ':su', p_request.user_scope)
      || memory_scope('agent_id', ':sa', p_request.agent_scope)
      || memory_scope('thread_id', ':st', p_request.thread_scope)
      || ' and ';
    -- Appended alone: the compiled filter may be 32767 bytes.
    l_sql := l_sql || p_filter_sql;
    l_sql := l_sql || '), '
      || 'edges (from_type, from_id, to_type, to_id, rel_id, rel_at) as ('
      || 'select r.source_type, r.source_id, r.target_type, r.target_id, r.relation_id, r.created_at from '
      || l_relations || ' r union all '
      || 'select r.target_type, r.target_id, r.source_type, r.source_id, r.relation_id, r.created_at from '
      || l_relations || ' r), '
      || 'walk (rn, ntype, nid, hops, rel_id, rel_at) as ('
      || 'select o.rn, o.rtype, o.rid, 0, cast(null as varchar2(128 char)),'
      || ' cast(null as timestamp(6) with time zone) from roots o'
      || ' union all '
      || 'select w.rn, e.to_type, e.to_id, w.hops + 1, e.rel_id, e.rel_at from walk w, edges e, nodes n'
      || ' where e.from_type = w.ntype and e.from_id = w.nid and n.ntype = e.to_type and n.nid = e.to_id'
      || ' and w.hops < :hops'
      || ' and mod(dbms_utility.get_time - :t0 + :wrap, :wrap) < :budget'
      || ') cycle ntype, nid set on_path to ''Y'' default ''N'', '
      || 'firsts as (select w.rn, w.ntype, w.nid, w.hops, w.rel_id, w.rel_at, row_number() over (partition by'
      || ' w.rn, w.ntype, w.nid order by w.hops, w.rel_at, nlssort(w.rel_id, ''NLS_SORT=BINARY'')) path_no'
      || ' from walk w where w.hops > 0 and w.on_path = ''N'') '
      || 'select p.rn, p.ntype, p.nid, p.rel_id from (select f.rn, f.ntype, f.nid, f.rel_id, row_number() over'
      || ' (partition by f.rn order by f.hops, f.rel_at, nlssort(f.rel_id, ''NLS_SORT=BINARY''),'
      || ' nlssort(f.nid, ''NLS_SORT=BINARY'')) pos from firsts f where f.path_no = 1) p'
      || ' where p.pos <= :max_linked order by p.rn, p.pos';
    return l_sql;
  end expansion_sql;

  procedure expansion_timeout(p_request in t_request, p_roots in pls_integer)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_graph_expansion_timeout,
      'GRAPH_EXPANSION_TIMEOUT: graph expansion of ' || p_roots || ' direct results over ' || p_request.num_hops
      || ' hops (max_linked_results ' || p_request.max_linked || ') ran past its time budget of '
      || co_expansion_budget / 100 || ' s; lower num_hops or max_linked_results, narrow the search with'
      || ' record_types, scope or metadata_filter, or search with num_hops 0');
  end expansion_timeout;

  -- The linked results of each hit (section 12): one expansion statement,
  -- then the relation objects (one statement) and the linked records (one
  -- records_json call per memory-like type). Hits that are not memory-like
  -- (messages, images, profiles, summaries, threads) are not expanded.
  function expand(p_store in t_store, p_request in t_request, p_filter_sql in varchar2,
                  p_binds in agentmem_filter.t_bind_list, p_hits in t_hit_list) return t_linked_map
  is
    l_linked   t_linked_map;
    l_roots    json_array_t := json_array_t();
    l_root     json_object_t;
    l_cursor   integer;
    l_status   integer;
    l_rc       sys_refcursor;
    l_handed   boolean := false;
    l_t0       number;                 -- GET_TIME: NUMBER, platform range (wraps)
    l_rns      t_number_list;
    l_types    agentmem_util.t_text_list;
    l_link_types agentmem_util.t_text_list;   -- linked_types' result: COUNT needs a named collection
    l_ids      agentmem_util.t_text_list;
    l_rel_ids  agentmem_util.t_text_list;
    l_targets  t_hit_list := t_hit_list();
    l_records  t_record_map;
    l_relmap   t_record_map;
    l_rels     json_array_t;
    l_rel      json_object_t;
    l_pair     json_object_t;
    l_key      varchar2(600 char);
    l_code     pls_integer;
    l_error    varchar2(4000 char);
  begin
    for i in 1 .. p_hits.count loop
      l_linked(i) := json_array_t();
      if in_list(p_hits(i).record_type, co_memory_types) then
        l_root := json_object_t();
        l_root.put('n', i);
        l_root.put('t', p_hits(i).record_type);
        l_root.put('i', p_hits(i).record_id);
        l_roots.append(l_root);
      end if;
    end loop;
    l_link_types := linked_types(p_request);
    if p_request.num_hops = 0 or p_request.max_linked = 0 or l_roots.get_size = 0
       or l_link_types.count = 0 then
      return l_linked;
    end if;

    begin
      l_cursor := dbms_sql.open_cursor;
      dbms_sql.parse(c => l_cursor, statement => expansion_sql(p_store, p_request, p_filter_sql),
                     language_flag => dbms_sql.native);
      agentmem_filter.bind_all(l_cursor, p_binds);
      if p_request.user_scope.kind = 'VALUE' then
        bind_text(l_cursor, ':su', p_request.user_scope.value);
      end if;
      if p_request.agent_scope.kind = 'VALUE' then
        bind_text(l_cursor, ':sa', p_request.agent_scope.value);
      end if;
      if p_request.thread_scope.kind = 'VALUE' then
        bind_text(l_cursor, ':st', p_request.thread_scope.value);
      end if;
      dbms_sql.bind_variable(c => l_cursor, name => ':roots', value => l_roots.to_clob);
      dbms_sql.bind_variable(c => l_cursor, name => ':hops', value => p_request.num_hops);
      dbms_sql.bind_variable(c => l_cursor, name => ':wrap', value => co_get_time_wrap);
      dbms_sql.bind_variable(c => l_cursor, name => ':budget', value => co_expansion_budget);
      dbms_sql.bind_variable(c => l_cursor, name => ':max_linked', value => p_request.max_linked);
      l_t0 := dbms_utility.get_time;
      dbms_sql.bind_variable(c => l_cursor, name => ':t0', value => l_t0);
      l_status := dbms_sql.execute(c => l_cursor);
      l_rc := dbms_sql.to_refcursor(cursor_number => l_cursor);
      l_handed := true;
      fetch l_rc bulk collect into l_rns, l_types, l_ids, l_rel_ids;
      close l_rc;
    exception
      when others then
        -- Read before the cleanup calls below, which could change them.
        l_code := sqlcode;
        l_error := sqlerrm;
        if l_handed and l_rc%isopen then
          close l_rc;
        elsif not l_handed and l_cursor is not null then
          dbms_sql.close_cursor(c => l_cursor);
        end if;
        -- A missing RELATION or MEMORY table: the store needs repair.
        if l_code = -942 then
          search_object_missing(p_store, l_error);
        end if;
        raise;
    end;
    -- Past the budget the recursion stopped early and the rows may be
    -- short: never return them as if complete.
    if mod(dbms_utility.get_time - l_t0 + co_get_time_wrap, co_get_time_wrap) >= co_expansion_budget then
      expansion_timeout(p_request, l_roots.get_size);
    end if;
    if l_rns.count = 0 then
      return l_linked;
    end if;

    for i in 1 .. l_rns.count loop
      l_targets.extend;
      l_targets(i).record_type := l_types(i);
      l_targets(i).record_id := l_ids(i);
    end loop;
    l_records := load_records(p_store, l_targets);
    l_rels := agentmem_relation.relations_json(p_store, l_rel_ids);
    for i in 0 .. l_rels.get_size - 1 loop
      l_rel := treat(l_rels.get(i) as json_object_t);
      l_relmap(l_rel.get_string('id')) := l_rel;
    end loop;
    for i in 1 .. l_rns.count loop
      l_key := l_types(i) || '/' || l_ids(i);
      -- A record or relation deleted since the expansion query is left out.
      if l_records.exists(l_key) and l_relmap.exists(l_rel_ids(i)) then
        l_pair := json_object_t();
        l_pair.put('relation', l_relmap(l_rel_ids(i)));
        l_pair.put('record', l_records(l_key));
        l_linked(l_rns(i)).append(l_pair);
      end if;
    end loop;
    return l_linked;
  end expand;

  function search(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_result   t_result := run_search(p_store_id, p_request, p_schema_owner);
    l_records  t_record_map := load_records(l_result.store, l_result.hits);
    l_linked   t_linked_map;
    l_binds    agentmem_filter.t_bind_list := agentmem_filter.t_bind_list();
    l_filter_sql varchar2(32767);
    l_response json_object_t := json_object_t();
    l_results  json_array_t := json_array_t();
    l_item     json_object_t;
    l_key      varchar2(600 char);
  begin
    -- The metadata filter compiled again (it compiled in run_search): the
    -- same text and binds for the linked records.
    l_filter_sql := agentmem_filter.compile(l_result.request.filter, 'm', l_binds);
    l_linked := expand(l_result.store, l_result.request, l_filter_sql, l_binds, l_result.hits);
    for i in 1 .. l_result.hits.count loop
      l_key := l_result.hits(i).record_type || '/' || l_result.hits(i).record_id;
      -- A record deleted since the candidate query is left out.
      if l_records.exists(l_key) then
        l_item := json_object_t();
        l_item.put('record', l_records(l_key));
        l_item.put('distance', l_result.hits(i).distance);
        l_item.put('linked_results', l_linked(i));
        l_results.append(l_item);
      end if;
    end loop;
    l_response.put('search_strategy', l_result.strategy);
    l_response.put('query_chunks', l_result.query_chunks);
    l_response.put('results', l_results);
    l_response.put('warnings', agentmem_store.text_array(l_result.warnings));
    return l_response.to_clob;
  end search;

  -- The value of a record key as text: strings as they are, objects and
  -- lists as JSON text, NULL for absent or JSON null.
  function text_of(p_record in json_object_t, p_key in varchar2) return clob
  is
    l_element json_element_t;
  begin
    if not p_record.has(p_key) then
      return null;
    end if;
    l_element := p_record.get(p_key);
    if l_element.is_null then
      return null;
    elsif l_element.is_string then
      return p_record.get_clob(p_key);
    end if;
    return l_element.to_clob;
  end text_of;

  function search_rows(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2)
    return dbms_agent_memory_store.t_search_rows
  is
    l_result  t_result := run_search(p_store_id, p_request, p_schema_owner);
    l_records t_record_map := load_records(l_result.store, l_result.hits);
    l_rows    dbms_agent_memory_store.t_search_rows := dbms_agent_memory_store.t_search_rows();
    l_row     dbms_agent_memory_store.t_search_row;
    l_empty   dbms_agent_memory_store.t_search_row;
    l_record  json_object_t;
    l_key     varchar2(600 char);
  begin
    for i in 1 .. l_result.hits.count loop
      l_key := l_result.hits(i).record_type || '/' || l_result.hits(i).record_id;
      if l_records.exists(l_key) then
        l_record := l_records(l_key);
        l_row := l_empty;
        l_row.rank := l_rows.count + 1;
        l_row.record_id := l_result.hits(i).record_id;
        l_row.record_type := l_result.hits(i).record_type;
        l_row.distance := l_result.hits(i).distance;
        l_row.content := text_of(l_record, 'content');
        -- The scope the search matched on: a profile's actor id on its own
        -- dimension (section 4); a thread's thread_id is its own id.
        case l_row.record_type
          when 'user_profile' then
            l_row.user_id := l_row.record_id;
          when 'agent_profile' then
            l_row.agent_id := l_row.record_id;
          else
            l_row.thread_id := dbms_lob.substr(lob_loc => text_of(l_record, 'thread_id'), amount => 128, offset => 1);
            l_row.user_id := dbms_lob.substr(lob_loc => text_of(l_record, 'user_id'), amount => 128, offset => 1);
            l_row.agent_id := dbms_lob.substr(lob_loc => text_of(l_record, 'agent_id'), amount => 128, offset => 1);
        end case;
        l_row.status := dbms_lob.substr(lob_loc => text_of(l_record, 'status'), amount => 8, offset => 1);
        l_row.event_timestamp := dbms_lob.substr(lob_loc => text_of(l_record, 'timestamp'), amount => 64, offset => 1);
        l_row.metadata := text_of(l_record, 'metadata');
        l_row.record_json := l_record.to_clob;
        l_rows.extend;
        l_rows(l_rows.count) := l_row;
      end if;
    end loop;
    return l_rows;
  end search_rows;

  ------------------------------------------------------------------------------
  -- Chunking for client embedders, index sync
  ------------------------------------------------------------------------------

  function chunk_text(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_store    t_store;
    l_texts    json_array_t;
    l_chunks   agentmem_chunks.t_numbered_chunk_list;
    l_next     pls_integer := 1;
    l_blank    boolean;
    l_list     json_array_t;
    l_all      json_array_t := json_array_t();
    l_response json_object_t := json_object_t();
  begin
    reject_unknown_keys(l_req, 'texts', 'chunk_text');
    if not l_req.has('texts') or not l_req.get('texts').is_array then
      invalid('texts must be an array of 1 to 1000 strings'
              || case when l_req.has('texts') then ', not ' || shown(l_req.get('texts')) end);
    end if;
    l_texts := l_req.get_array('texts');
    if l_texts.get_size not between 1 and 1000 then
      invalid('texts has ' || l_texts.get_size || ' strings; 1 to 1000 are allowed');
    end if;
    for i in 0 .. l_texts.get_size - 1 loop
      if not l_texts.get(i).is_string then
        invalid('texts[' || i || '] must be a string, not ' || shown(l_texts.get(i)));
      end if;
    end loop;
    l_store := agentmem_record_read.usable_store(p_store_id, p_schema_owner);
    -- All texts are split in one statement; l_chunks is ordered by text
    -- number, so it is dealt out text by text. A blank text gets no chunk.
    l_chunks := agentmem_chunks.split_many(l_store, l_texts.to_clob);
    for i in 0 .. l_texts.get_size - 1 loop
      l_list := json_array_t();
      l_blank := is_blank(l_texts.get_clob(i));
      while l_next <= l_chunks.count and l_chunks(l_next).text_no = i loop
        if not l_blank then
          l_list.append(l_chunks(l_next).chunk);
        end if;
        l_next := l_next + 1;
      end loop;
      l_all.append(l_list);
    end loop;
    l_response.put('chunks', l_all);
    return l_response.to_clob;
  end chunk_text;

  -- agentmem:commits (CTX_DDL.SYNC_INDEX commits; autonomous transaction)
  procedure sync_search_index(p_store_id in varchar2)
  is
    pragma autonomous_transaction;
    l_store t_store := agentmem_store.locate_own(p_store_id);
    l_index varchar2(300 char);
  begin
    case l_store.config.search_strategy
      when co_mode_keyword then
        l_index := l_store.owner || '.' || l_store.table_prefix || 'RECORD_CHUNKS_TXT_IX';
      when co_mode_hybrid then
        l_index := l_store.owner || '.' || l_store.table_prefix || 'RECORD_CHUNKS_HYB_IX';
      else
        invalid('p_store_id ' || nvl(p_store_id, 'null') || ': ' || agentmem_store_catalog.display_name(l_store)
                || ' uses ' || l_store.config.search_strategy || ' search, which has no text index to synchronize');
    end case;
    -- Dynamic: CTX_DDL exists only where Oracle Text is installed, and a
    -- static call would make this package's compilation depend on it.
    execute immediate 'begin ctxsys.ctx_ddl.sync_index(idx_name => :idx); end;' using l_index;
    commit;
  exception
    when e_block_compile then
      rollback;
      agentmem_util.raise_error(dbms_agent_memory_store.co_privilege_missing,
        'PRIVILEGE_MISSING: CTX_DDL.SYNC_INDEX is not callable by ' || agentmem_util.current_user_name
        || ' (' || sqlerrm || '); ask a DBA to grant EXECUTE ON CTXSYS.CTX_DDL');
    when e_text_error then
      rollback;
      if instr(sqlerrm, 'DRG-10502') > 0 then
        search_object_missing(l_store, sqlerrm);
      end if;
      raise;
    when others then
      rollback;
      raise;
  end sync_search_index;

end agentmem_search;
/
