create or replace package body agentmem_thread_card
as

  subtype t_store is agentmem_store_catalog.t_store;

  -- The card's result types (seed: the keys of min_relevant_results_by_type),
  -- in the order their minimums are searched (T47), and the defaults.
  co_card_types    constant varchar2(60 char) := 'message, memory, guideline, fact, preference';
  co_memory_types  constant varchar2(60 char) := '["memory", "guideline", "fact", "preference"]';
  co_card_results  constant pls_integer := 5;
  co_card_messages constant pls_integer := 5;

  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  -- co_card_types as a list, in its order.
  function card_types return agentmem_util.t_text_list
  is
  begin
    return agentmem_util.t_text_list('message', 'memory', 'guideline', 'fact', 'preference');
  end card_types;

  -- T44: the one escaping of the XML-like rendering: ampersand first, then
  -- < > " ' as entities (chr(38) keeps SQL clients' substitution away).
  function xml_text(p_text in clob) return clob
  is
  begin
    return replace(replace(replace(replace(replace(p_text, chr(38), chr(38) || 'amp;'),
             '<', chr(38) || 'lt;'), '>', chr(38) || 'gt;'), '"', chr(38) || 'quot;'), '''', chr(38) || 'apos;');
  end xml_text;

  -- The text a record shows in the card: a string content, else an image's
  -- description, else structured content as JSON text.
  function record_text(p_record in json_object_t) return clob
  is
  begin
    if p_record.has('content') and p_record.get('content').is_string then
      return p_record.get_clob('content');
    elsif p_record.has('description') and p_record.get('description').is_string then
      return p_record.get_clob('description');
    elsif p_record.has('content') and not p_record.get('content').is_null then
      return p_record.get('content').to_clob;
    end if;
    return null;
  end record_text;

  -- T44: one element of <relevant_information> (a search result) or of
  -- <recent_messages> (a message record).
  function result_xml(p_result in json_object_t) return clob
  is
    l_record json_object_t := p_result.get_object('record');
  begin
    return '<record type="' || xml_text(l_record.get_string('record_type')) || '" id="'
           || xml_text(l_record.get_string('id')) || '">' || xml_text(record_text(l_record)) || '</record>';
  end result_xml;

  function message_xml(p_message in json_object_t) return clob
  is
  begin
    return '<message id="' || xml_text(p_message.get_string('id')) || '" role="'
           || xml_text(nvl(p_message.get_string('role'), 'message')) || '">'
           || xml_text(record_text(p_message)) || '</message>';
  end message_xml;

  -- T45: the results kept under the budgets, in rank order, and their
  -- elements (one a line) in p_xml. Cost of a result: the estimate of its
  -- element. Hard (p_hard > 0): stop at the first result that would take the
  -- sum past p_hard. Soft (p_soft > 0): stop once the sum reached p_soft (the
  -- result that reaches it is kept). NULL or not positive: no such limit.
  function budgeted(p_results in json_array_t, p_hard in number, p_soft in number, p_xml out clob)
    return json_array_t
  is
    l_kept json_array_t := json_array_t();
    l_line clob;
    l_used number := 0;   -- a sum of estimates: NUMBER, no PLS_INTEGER overflow
    l_cost pls_integer;
  begin
    for i in 0 .. p_results.get_size - 1 loop
      exit when p_soft > 0 and l_used >= p_soft;
      l_line := result_xml(treat(p_results.get(i) as json_object_t));
      l_cost := agentmem_thread.estimate_tokens(l_line);
      exit when p_hard > 0 and l_used + l_cost > p_hard;
      l_kept.append(p_results.get(i));
      p_xml := case when p_xml is null then l_line else p_xml || chr(10) || l_line end;
      l_used := l_used + l_cost;
    end loop;
    return l_kept;
  end budgeted;

  -- T42: one scope dimension of a thread search into p_sub. exact_<dim>_match
  -- (default p_exact) decides whether the dimension is constrained; the id
  -- is the request's <dim>_id when given (null = unscoped records only),
  -- else the thread's.
  procedure put_dimension(p_req in json_object_t, p_dim in varchar2, p_stored in varchar2, p_exact in boolean,
                          p_sub in out nocopy json_object_t)
  is
    l_flag  varchar2(30 char) := 'exact_' || p_dim || '_match';
    l_key   varchar2(30 char) := p_dim || '_id';
    l_exact boolean := p_exact;
    l_id    varchar2(128 char) := p_stored;
  begin
    if p_req.has(l_flag) then
      if not p_req.get(l_flag).is_boolean then
        fail('INVALID_ARGUMENT: ' || l_flag || ' ' || agentmem_util.shown(p_req.get(l_flag))
             || ' must be true or false; omit it for the thread default');
      end if;
      l_exact := p_req.get_boolean(l_flag);
    end if;
    if p_req.has(l_key) then
      l_id := agentmem_util.check_id(p_req.get(l_key), l_key, true);
    end if;
    if l_exact then
      agentmem_thread.put_id(p_sub, l_key, l_id);
    end if;
  end put_dimension;

  -- The thread's default search scope (T42): exact user and agent, thread
  -- unconstrained; p_own_thread constrains the thread too (T47 messages).
  function default_scope(p_thread in agentmem_thread.t_thread, p_own_thread in boolean) return json_object_t
  is
    l_sub json_object_t := json_object_t();
  begin
    agentmem_thread.put_id(l_sub, 'user_id', p_thread.user_id);
    agentmem_thread.put_id(l_sub, 'agent_id', p_thread.agent_id);
    if p_own_thread then
      l_sub.put('thread_id', p_thread.thread_id);
    end if;
    return l_sub;
  end default_scope;

  function run_search(p_store_id in varchar2, p_schema_owner in varchar2, p_sub in json_object_t)
    return json_object_t
  is
  begin
    return json_object_t.parse(agentmem_search.search(p_store_id, p_sub.to_clob, p_schema_owner));
  end run_search;

  function search(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op      constant varchar2(20 char) := 'thread_search';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_max      agentmem_util.t_opt_number;
    l_hard     agentmem_util.t_opt_number;
    l_soft     agentmem_util.t_opt_number;
    l_store    t_store;
    l_thread   agentmem_thread.t_thread;
    l_sub      json_object_t := json_object_t();
    l_response json_object_t;
    l_xml      clob;
  begin
    agentmem_util.reject_keys(l_req, 'thread,query,query_vector,query_vectors,max_results,user_id,agent_id,'
      || 'thread_id,exact_user_match,exact_agent_match,exact_thread_match,record_types,metadata_filter,'
      || 'include_invalid_results,num_hops,max_linked_results,search_strategy,token_budget,soft_token_budget', co_op);
    l_id := agentmem_thread.thread_key(l_req, co_op);
    -- T43: null = omitted (the search default of 10; no budget).
    l_max := agentmem_util.get_integer(l_req, 'max_results', 1, 2147483647);
    l_hard := agentmem_util.get_integer(l_req, 'token_budget', -1e9, 1e9);
    l_soft := agentmem_util.get_integer(l_req, 'soft_token_budget', -1e9, 1e9);
    l_thread := agentmem_thread.load_thread(p_store_id, p_schema_owner, l_id, l_store);
    put_dimension(l_req, 'user', l_thread.user_id, true, l_sub);
    put_dimension(l_req, 'agent', l_thread.agent_id, true, l_sub);
    put_dimension(l_req, 'thread', l_thread.thread_id, false, l_sub);
    -- The search keys go through unchanged: AGENTMEM_SEARCH validates them.
    agentmem_thread.copy_key(l_req, 'query', l_sub);
    agentmem_thread.copy_key(l_req, 'query_vector', l_sub);
    agentmem_thread.copy_key(l_req, 'query_vectors', l_sub);
    agentmem_thread.copy_key(l_req, 'record_types', l_sub);
    agentmem_thread.copy_key(l_req, 'metadata_filter', l_sub);
    agentmem_thread.copy_key(l_req, 'include_invalid_results', l_sub);
    agentmem_thread.copy_key(l_req, 'num_hops', l_sub);
    agentmem_thread.copy_key(l_req, 'max_linked_results', l_sub);
    agentmem_thread.copy_key(l_req, 'search_strategy', l_sub);
    if l_max.value is not null then
      l_sub.put('k', l_max.value);
    end if;
    l_response := run_search(p_store_id, p_schema_owner, l_sub);
    l_response.put('results', budgeted(l_response.get_array('results'), l_hard.value, l_soft.value, l_xml));
    return l_response.to_clob;
  end search;

  -- The ids of the thread's last p_rows unexpired messages, oldest first.
  function last_message_ids(p_store in t_store, p_thread in agentmem_thread.t_thread, p_rows in number)
    return agentmem_util.t_text_list
  is
    l_ids agentmem_util.t_text_list := agentmem_util.t_text_list();
  begin
    if p_rows > 0 then
      execute immediate
        'select w.record_id from (select m.record_id, m.seq_no from '
        || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MESSAGE') || ' m'
        || ' where m.thread_id = :b_thread and (m.expires_at is null or m.expires_at > systimestamp)'
        || ' order by m.seq_no desc fetch first :b_rows rows only) w order by w.seq_no'
        bulk collect into l_ids
        using p_thread.thread_id, p_rows;
    end if;
    return l_ids;
  end last_message_ids;

  -- Appends the search result p_hit to p_results unless the same record is
  -- there already or it is one of the excluded tail messages (T50).
  procedure add_hit(p_results in out nocopy json_array_t, p_hit in json_object_t,
                    p_skip in agentmem_util.t_text_list)
  is
    l_record json_object_t := p_hit.get_object('record');
    l_type   varchar2(16 char) := substr(l_record.get_string('record_type'), 1, 16);
    l_id     varchar2(128 char) := substr(l_record.get_string('id'), 1, 128);
    l_other  json_object_t;
  begin
    if l_type = 'message' and l_id member of p_skip then
      return;
    end if;
    for i in 0 .. p_results.get_size - 1 loop
      l_other := treat(p_results.get(i) as json_object_t).get_object('record');
      if l_other.get_string('record_type') = l_type and l_other.get_string('id') = l_id then
        return;
      end if;
    end loop;
    p_results.append(p_hit);
  end add_hit;

  -- T47: the relevant results, at most p_limit: each minimum of p_mins
  -- searched first in co_card_types order (messages of this thread only),
  -- then the remaining slots from the memory-like types and this thread's
  -- messages, merged by distance (a tie goes to the memory-like record).
  function relevant_results(p_store_id in varchar2, p_schema_owner in varchar2, p_thread in agentmem_thread.t_thread,
                            p_base in json_object_t, p_mins in json_object_t, p_limit in number,
                            p_skip in agentmem_util.t_text_list, p_warnings in out nocopy json_array_t)
    return json_array_t
  is
    l_results json_array_t := json_array_t();
    l_sub     json_object_t;
    l_found   json_object_t;
    l_types   json_array_t;
    l_memory  json_array_t;
    l_message json_array_t;
    l_pick    json_object_t;
    l_i       pls_integer := 0;
    l_j       pls_integer := 0;
    l_want    number;
    l_type    varchar2(16 char);
    l_before  pls_integer;
    l_order   agentmem_util.t_text_list := card_types;

    function hits(p_types in json_array_t, p_own_thread in boolean, p_k in number) return json_array_t
    is
      l_warn json_array_t;
    begin
      l_sub := default_scope(p_thread, p_own_thread);
      agentmem_thread.copy_key(p_base, 'query', l_sub);
      agentmem_thread.copy_key(p_base, 'query_vector', l_sub);
      agentmem_thread.copy_key(p_base, 'metadata_filter', l_sub);
      agentmem_thread.copy_key(p_base, 'include_invalid_results', l_sub);
      l_sub.put('record_types', p_types);
      l_sub.put('k', p_k);
      l_found := run_search(p_store_id, p_schema_owner, l_sub);
      l_warn := l_found.get_array('warnings');
      for w in 0 .. l_warn.get_size - 1 loop
        p_warnings.append(l_warn.get(w));
      end loop;
      return l_found.get_array('results');
    end hits;

    -- True when the next memory-like hit ranks before the next message hit
    -- (a tie goes to the memory-like record).
    function memory_first return boolean
    is
      l_a json_object_t := treat(l_memory.get(l_i) as json_object_t);
      l_b json_object_t := treat(l_message.get(l_j) as json_object_t);
    begin
      return l_a.get_number('distance') <= l_b.get_number('distance');
    end memory_first;
  begin
    if p_mins is not null then
      for t in 1 .. l_order.count loop
        l_type := l_order(t);
        l_want := case when p_mins.has(l_type) then nvl(p_mins.get_number(l_type), 0) else 0 end;
        if l_want > 0 then
          l_types := json_array_t();
          l_types.append(l_type);
          l_memory := hits(l_types, l_type = 'message', l_want + p_skip.count + l_results.get_size);
          l_before := l_results.get_size;
          for h in 0 .. l_memory.get_size - 1 loop
            exit when l_results.get_size - l_before >= l_want;
            add_hit(l_results, treat(l_memory.get(h) as json_object_t), p_skip);
          end loop;
        end if;
      end loop;
    end if;
    if l_results.get_size < p_limit then
      -- Over-fetch by what is taken and skipped, so duplicates do not starve
      -- the remaining slots.
      l_want := p_limit + p_skip.count + l_results.get_size;
      l_memory := hits(json_array_t.parse(co_memory_types), false, l_want);
      l_message := hits(json_array_t.parse('["message"]'), true, l_want);
      while l_results.get_size < p_limit and (l_i < l_memory.get_size or l_j < l_message.get_size) loop
        if l_j >= l_message.get_size or (l_i < l_memory.get_size and memory_first) then
          l_pick := treat(l_memory.get(l_i) as json_object_t);
          l_i := l_i + 1;
        else
          l_pick := treat(l_message.get(l_j) as json_object_t);
          l_j := l_j + 1;
        end if;
        add_hit(l_results, l_pick, p_skip);
      end loop;
    end if;
    return l_results;
  end relevant_results;

  function context_card(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op       constant varchar2(30 char) := 'thread_get_context_card';
    l_req       json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id        varchar2(128 char);
    l_fallback  agentmem_util.t_opt_number;
    l_max       agentmem_util.t_opt_number;
    l_recent    agentmem_util.t_opt_number;
    l_except    agentmem_util.t_opt_number;
    l_hard      agentmem_util.t_opt_number;
    l_soft      agentmem_util.t_opt_number;
    l_min       agentmem_util.t_opt_number;
    l_mins      json_object_t;
    l_present   boolean;
    l_is_null   boolean;
    l_keys      json_key_list;
    l_types     agentmem_util.t_text_list := card_types;
    l_sum       number := 0;
    l_limit     number;
    l_store     t_store;
    l_thread    agentmem_thread.t_thread;
    l_summary   clob;
    l_source    varchar2(16 char);
    l_skip      agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_base      json_object_t := json_object_t();
    l_results   json_array_t := json_array_t();
    l_warnings  json_array_t := json_array_t();
    l_messages  json_array_t;
    l_rel_xml   clob;
    l_msg_xml   clob;
    l_content   clob;
    l_topics    json_array_t;
    l_top_xml   clob;
    l_response  json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread,fallback_message_count,max_relevant_results,'
      || 'min_relevant_results_by_type,token_budget,soft_token_budget,max_recent_messages,except_last_messages,'
      || 'metadata_filter,include_invalid_results,query_vector', co_op);
    l_id := agentmem_thread.thread_key(l_req, co_op);
    -- T46: null = omitted (the default).
    l_fallback := agentmem_util.get_integer(l_req, 'fallback_message_count', 1, 1e9);
    l_max := agentmem_util.get_integer(l_req, 'max_relevant_results', 0, 1e9);
    l_recent := agentmem_util.get_integer(l_req, 'max_recent_messages', 0, 1e9);
    l_except := agentmem_util.get_integer(l_req, 'except_last_messages', 0, 1e9);
    l_hard := agentmem_util.get_integer(l_req, 'token_budget', -1e9, 1e9);
    l_soft := agentmem_util.get_integer(l_req, 'soft_token_budget', -1e9, 1e9);
    agentmem_util.get_object(l_req, 'min_relevant_results_by_type', null, l_mins, l_present, l_is_null);
    if l_mins is not null then
      l_keys := l_mins.get_keys;
      for k in 1 .. l_keys.count loop
        if not nvl(l_keys(k) member of l_types, false) then
          fail('INVALID_ARGUMENT: min_relevant_results_by_type key ' || agentmem_util.shown_text(l_keys(k))
               || ' is not a card record type; use ' || co_card_types);
        end if;
        l_min := agentmem_util.get_integer(l_mins, l_keys(k), 0, 1e9, 'min_relevant_results_by_type.');
        l_sum := l_sum + nvl(l_min.value, 0);
      end loop;
    end if;
    -- T46: 5 when both are omitted; with minimums, at least their sum.
    l_limit := case when l_mins is null then nvl(l_max.value, co_card_results)
                    else greatest(nvl(l_max.value, 0), l_sum) end;
    -- T48 (seed): with except_last_messages N > 0, max_recent_messages is 0
    -- (the caller sends the raw tail) or N (the card carries it).
    if nvl(l_except.value, 0) > 0 and nvl(l_recent.value, 0) not in (0, l_except.value) then
      fail('INVALID_ARGUMENT: max_recent_messages ' || l_recent.value || ' must be 0 or '
           || l_except.value || ' (except_last_messages) when except_last_messages is not 0');
    end if;
    l_thread := agentmem_thread.load_thread(p_store_id, p_schema_owner, l_id, l_store);
    -- T49: the durable summary for a whole-thread card, else the transcript
    -- of the last fallback_message_count messages before the excluded tail.
    l_summary := agentmem_thread.card_summary(l_store, l_thread, l_except.value,
                                              nvl(l_fallback.value, co_card_messages), l_source);
    -- T50: the summary text is the query (query_vector: its embedding by the
    -- caller); the excluded tail never appears among the results.
    -- JSON null = omitted (as the search reads it): the summary is the query.
    if l_req.has('query_vector') and not l_req.get('query_vector').is_null then
      l_base.put('query_vector', l_req.get('query_vector'));
    elsif l_summary is not null then
      agentmem_util.put_clob(l_base, 'query', l_summary);
    end if;
    agentmem_thread.copy_key(l_req, 'metadata_filter', l_base);
    agentmem_thread.copy_key(l_req, 'include_invalid_results', l_base);
    l_skip := last_message_ids(l_store, l_thread, nvl(l_except.value, 0));
    if l_limit > 0 and (l_base.has('query') or l_base.has('query_vector')) then
      l_results := relevant_results(p_store_id, p_schema_owner, l_thread, l_base, l_mins, l_limit, l_skip,
                                    l_warnings);
    end if;
    l_results := budgeted(l_results, l_hard.value, l_soft.value, l_rel_xml);
    -- T51: the last max_recent_messages messages, oldest first.
    l_messages := agentmem_record_read.records_json(l_store, 'message',
                    last_message_ids(l_store, l_thread, nvl(l_recent.value, 0)), false);
    for i in 0 .. l_messages.get_size - 1 loop
      l_msg_xml := case when i = 0 then null else l_msg_xml || chr(10) end
                   || message_xml(treat(l_messages.get(i) as json_object_t));
    end loop;
    -- T44: the sections present, in this order, separated by LF; topics
    -- first (the order of the observed card, docs/llm.md).
    l_topics := agentmem_llm_apply.thread_topics(l_store, l_thread.thread_id);
    for i in 0 .. l_topics.get_size - 1 loop
      if l_topics.get(i).is_string then
        l_top_xml := case when l_top_xml is null then null else l_top_xml || chr(10) end
                     || '<topic>' || xml_text(l_topics.get_string(i)) || '</topic>';
      end if;
    end loop;
    if l_top_xml is not null then
      l_content := '<topics>' || chr(10) || l_top_xml || chr(10) || '</topics>';
    end if;
    if l_summary is not null then
      l_content := case when l_content is null then null else l_content || chr(10) end
                   || '<summary>' || chr(10) || xml_text(l_summary) || chr(10) || '</summary>';
    end if;
    if l_rel_xml is not null then
      l_content := case when l_content is null then null else l_content || chr(10) end
                   || '<relevant_information>' || chr(10) || l_rel_xml || chr(10) || '</relevant_information>';
    end if;
    if l_msg_xml is not null then
      l_content := case when l_content is null then null else l_content || chr(10) end
                   || '<recent_messages>' || chr(10) || l_msg_xml || chr(10) || '</recent_messages>';
    end if;
    agentmem_util.put_clob(l_response, 'summary', nvl(l_summary, empty_clob()));
    l_response.put('summary_source', l_source);
    l_response.put('topics', l_topics);
    l_response.put('relevant_results', l_results);
    l_response.put('recent_messages', l_messages);
    agentmem_util.put_clob(l_response, 'content', nvl(l_content, empty_clob()));
    l_response.put('warnings', l_warnings);
    return l_response.to_clob;
  end context_card;

end agentmem_thread_card;
/
