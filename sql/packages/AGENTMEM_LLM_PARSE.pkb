create or replace package body agentmem_llm_parse
as

  -- Raises LLM_OUTPUT_INVALID for the answer to p_kind.
  procedure invalid(p_kind in varchar2, p_rule in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_llm_output_invalid,
      'LLM_OUTPUT_INVALID: the model''s ' || p_kind || ' answer ' || p_rule
      || '; nothing was written (docs/llm.md, "Prompts and parsing")');
  end invalid;

  -- True for the white space a model puts around an answer.
  function is_space(p_char in varchar2) return boolean
  is
  begin
    return p_char in (' ', chr(9), chr(10), chr(13));
  end is_space;

  -- p_text without the white space at both ends (a CLOB of any length).
  function trimmed(p_text in clob) return clob
  is
    l_length pls_integer := nvl(dbms_lob.getlength(p_text), 0);
    l_first  pls_integer := 1;
    l_last   pls_integer := l_length;
  begin
    while l_first <= l_length and is_space(dbms_lob.substr(p_text, 1, l_first)) loop
      l_first := l_first + 1;
    end loop;
    while l_last >= l_first and is_space(dbms_lob.substr(p_text, 1, l_last)) loop
      l_last := l_last - 1;
    end loop;
    if l_last < l_first then
      return null;
    end if;
    return substr(p_text, l_first, l_last - l_first + 1);
  end trimmed;

  -- The answer without surrounding white space and without one Markdown
  -- code fence around it: a first line that is ``` or ```json (any case,
  -- trailing blanks allowed) and a last line ```. Anything else stays, and
  -- the JSON parse refuses it.
  function unfenced(p_kind in varchar2, p_output in clob) return clob
  is
    l_text  clob := trimmed(p_output);
    l_line  varchar2(100 char);
    l_break pls_integer;
    l_len   pls_integer;
  begin
    if l_text is null then
      invalid(p_kind, 'is empty; it must be one JSON object');
    end if;
    if dbms_lob.substr(l_text, 3, 1) = '```' then
      l_break := dbms_lob.instr(l_text, chr(10));
      l_len := dbms_lob.getlength(l_text);
      l_line := case when l_break between 1 and 90 then rtrim(dbms_lob.substr(l_text, l_break - 1, 1), ' ' || chr(13)) end;
      if l_line is null or lower(l_line) not in ('```', '```json') or l_len < l_break + 3
         or dbms_lob.substr(l_text, 3, l_len - 2) <> '```' then
        invalid(p_kind, 'has a code fence that is not ```json (or ```) on the first line and ``` on the last line');
      end if;
      l_text := trimmed(substr(l_text, l_break + 1, l_len - l_break - 3));
      if l_text is null then
        invalid(p_kind, 'has an empty code fence; it must hold one JSON object');
      end if;
    end if;
    return l_text;
  end unfenced;

  -- The answer as a JSON object.
  function answer_object(p_kind in varchar2, p_output in clob) return json_object_t
  is
    l_text    clob;
    l_element json_element_t;
  begin
    if dbms_lob.getlength(p_output) > co_max_output_chars then
      invalid(p_kind, 'has ' || dbms_lob.getlength(p_output) || ' characters, more than the ' || co_max_output_chars
              || ' allowed');
    end if;
    l_text := unfenced(p_kind, p_output);
    if dbms_lob.substr(l_text, 1, 1) <> '{' then
      invalid(p_kind, 'must be one JSON object ({...}); it starts with ' || agentmem_util.shown_text(dbms_lob.substr(l_text, 20, 1)));
    end if;
    begin
      l_element := json_element_t.parse(l_text);
    exception
      when others then
        agentmem_util.raise_error(dbms_agent_memory_store.co_llm_output_invalid,
          'LLM_OUTPUT_INVALID: the model''s ' || p_kind || ' answer is not valid JSON (' || substr(sqlerrm, 1, 200)
          || ') near ' || agentmem_util.shown_text(dbms_lob.substr(l_text, 40, 1))
          || '; nothing was written (docs/llm.md, "Prompts and parsing")');
    end;
    if not l_element.is_object then
      invalid(p_kind, 'must be one JSON object ({...})');
    end if;
    return treat(l_element as json_object_t);
  end answer_object;

  -- Refuses a key of p_obj outside p_allowed (comma-separated); p_where is
  -- the object's path ('' for the answer itself).
  procedure only_keys(p_kind in varchar2, p_obj in json_object_t, p_allowed in varchar2, p_where in varchar2)
  is
    l_keys json_key_list := p_obj.get_keys;
  begin
    if l_keys is null then
      return;   -- GET_KEYS of an empty object may be NULL: no key to refuse
    end if;
    for i in 1 .. l_keys.count loop
      -- A key holding a comma would match a run of allowed keys
      -- ('memories,topics'): it is never allowed.
      if instr(',' || p_allowed || ',', ',' || l_keys(i) || ',') = 0 or instr(l_keys(i), ',') > 0 then
        invalid(p_kind, 'has the key ' || agentmem_util.shown_text(substr(l_keys(i), 1, 100))
                || case when p_where is not null then ' in ' || p_where end
                || ', which the schema does not allow (allowed: ' || replace(p_allowed, ',', ', ') || ')');
      end if;
    end loop;
  end only_keys;

  -- The required key p_key of p_obj; p_path names it.
  function required(p_kind in varchar2, p_obj in json_object_t, p_key in varchar2, p_path in varchar2)
    return json_element_t
  is
  begin
    if not p_obj.has(p_key) then
      invalid(p_kind, 'has no ' || p_path || ' (required by the schema)');
    end if;
    return p_obj.get(p_key);
  end required;

  -- A text value: a string, trimmed, not empty, at most p_max characters.
  function text_value(p_kind in varchar2, p_element in json_element_t, p_path in varchar2, p_max in pls_integer)
    return clob
  is
    l_text clob;
  begin
    if not p_element.is_string then
      invalid(p_kind, 'has ' || p_path || ' ' || agentmem_util.shown(p_element) || ', which must be a string');
    end if;
    l_text := trimmed(agentmem_util.string_value(p_element));
    if l_text is null then
      invalid(p_kind, 'has an empty ' || p_path || '; it must hold text');
    end if;
    if dbms_lob.getlength(l_text) > p_max then
      invalid(p_kind, 'has ' || p_path || ' of ' || dbms_lob.getlength(l_text) || ' characters, more than the '
              || p_max || ' allowed');
    end if;
    return l_text;
  end text_value;

  -- A list value of at most p_max entries.
  function list_value(p_kind in varchar2, p_element in json_element_t, p_path in varchar2, p_max in pls_integer)
    return json_array_t
  is
    l_list json_array_t;
  begin
    if not p_element.is_array then
      invalid(p_kind, 'has ' || p_path || ' ' || agentmem_util.shown(p_element) || ', which must be a list');
    end if;
    l_list := treat(p_element as json_array_t);
    if l_list.get_size > p_max then
      invalid(p_kind, 'has ' || l_list.get_size || ' entries in ' || p_path || ', more than the ' || p_max || ' allowed');
    end if;
    return l_list;
  end list_value;

  -- An object entry of a list.
  function entry_object(p_kind in varchar2, p_element in json_element_t, p_path in varchar2) return json_object_t
  is
  begin
    if not p_element.is_object then
      invalid(p_kind, 'has ' || p_path || ' ' || agentmem_util.shown(p_element) || ', which must be an object');
    end if;
    return treat(p_element as json_object_t);
  end entry_object;

  -- An enum value: exactly one of p_list (comma-separated, lower case).
  function enum_value(p_kind in varchar2, p_element in json_element_t, p_path in varchar2, p_list in varchar2)
    return varchar2
  is
    l_value varchar2(64 char);
  begin
    if p_element.is_string and length(agentmem_util.string_value(p_element)) <= 64 then
      l_value := dbms_lob.substr(agentmem_util.string_value(p_element), 64, 1);
    end if;
    if l_value is null or instr(l_value, ',') > 0 or instr(',' || p_list || ',', ',' || l_value || ',') = 0 then
      invalid(p_kind, 'has ' || p_path || ' ' || agentmem_util.shown(p_element) || ', which must be one of '
              || replace(p_list, ',', ', '));
    end if;
    return l_value;
  end enum_value;

  function parse_extract(p_kind in varchar2, p_answer in json_object_t) return json_object_t
  is
    l_list     json_array_t;
    l_entry    json_object_t;
    l_memory   json_object_t;
    l_memories json_array_t := json_array_t();
    l_topics   json_array_t := json_array_t();
    l_topic    clob;
    l_seen     agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_out      json_object_t := json_object_t();
  begin
    only_keys(p_kind, p_answer, 'memories,topics', null);
    l_list := list_value(p_kind, required(p_kind, p_answer, 'memories', 'memories'), 'memories', co_max_memories);
    for i in 0 .. l_list.get_size - 1 loop
      l_entry := entry_object(p_kind, l_list.get(i), 'memories[' || i || ']');
      only_keys(p_kind, l_entry, 'memory_type,content', 'memories[' || i || ']');
      l_memory := json_object_t();
      l_memory.put('memory_type', enum_value(p_kind,
        required(p_kind, l_entry, 'memory_type', 'memories[' || i || '].memory_type'),
        'memories[' || i || '].memory_type', co_memory_types));
      agentmem_util.put_clob(l_memory, 'content', text_value(p_kind,
        required(p_kind, l_entry, 'content', 'memories[' || i || '].content'),
        'memories[' || i || '].content', co_max_memory_chars));
      l_memories.append(l_memory);
    end loop;
    l_list := list_value(p_kind, required(p_kind, p_answer, 'topics', 'topics'), 'topics', co_max_topics);
    for i in 0 .. l_list.get_size - 1 loop
      l_topic := text_value(p_kind, l_list.get(i), 'topics[' || i || ']', co_max_topic_chars);
      -- A topic repeated (any case) is kept once: not worth a refusal.
      if not nvl(lower(dbms_lob.substr(l_topic, co_max_topic_chars, 1)) member of l_seen, false) then
        agentmem_util.append(l_seen, lower(dbms_lob.substr(l_topic, co_max_topic_chars, 1)));
        l_topics.append(dbms_lob.substr(l_topic, co_max_topic_chars, 1));
      end if;
    end loop;
    l_out.put('memories', l_memories);
    l_out.put('topics', l_topics);
    return l_out;
  end parse_extract;

  function parse_link(p_kind in varchar2, p_answer in json_object_t) return json_object_t
  is
    l_list      json_array_t;
    l_entry     json_object_t;
    l_relation  json_object_t;
    l_target    clob;
    l_relations json_array_t := json_array_t();
    l_seen      agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_out       json_object_t := json_object_t();
  begin
    only_keys(p_kind, p_answer, 'relations', null);
    l_list := list_value(p_kind, required(p_kind, p_answer, 'relations', 'relations'), 'relations', co_max_relations);
    for i in 0 .. l_list.get_size - 1 loop
      l_entry := entry_object(p_kind, l_list.get(i), 'relations[' || i || ']');
      only_keys(p_kind, l_entry, 'target_id,relation_type', 'relations[' || i || ']');
      l_target := text_value(p_kind, required(p_kind, l_entry, 'target_id', 'relations[' || i || '].target_id'),
                             'relations[' || i || '].target_id', 128);
      if nvl(dbms_lob.substr(l_target, 128, 1) member of l_seen, false) then
        invalid(p_kind, 'names relations[' || i || '].target_id '
                || agentmem_util.shown_text(dbms_lob.substr(l_target, 128, 1))
                || ' a second time; one relation per candidate');
      end if;
      agentmem_util.append(l_seen, dbms_lob.substr(l_target, 128, 1));
      l_relation := json_object_t();
      l_relation.put('target_id', dbms_lob.substr(l_target, 128, 1));
      l_relation.put('relation_type', enum_value(p_kind,
        required(p_kind, l_entry, 'relation_type', 'relations[' || i || '].relation_type'),
        'relations[' || i || '].relation_type', co_relation_types));
      l_relations.append(l_relation);
    end loop;
    l_out.put('relations', l_relations);
    return l_out;
  end parse_link;

  -- An answer of one text key: UPDATE_SUMMARY, CAPTION_IMAGE, SHORTEN_MESSAGE.
  function parse_text(p_kind in varchar2, p_answer in json_object_t, p_key in varchar2, p_max in pls_integer)
    return json_object_t
  is
    l_out json_object_t := json_object_t();
  begin
    only_keys(p_kind, p_answer, p_key, null);
    agentmem_util.put_clob(l_out, p_key, text_value(p_kind, required(p_kind, p_answer, p_key, p_key), p_key, p_max));
    return l_out;
  end parse_text;

  function parse(p_kind in varchar2, p_output in clob) return json_object_t
  is
    l_kind   varchar2(32 char) := agentmem_llm_prompt.checked_kind(p_kind);
    l_answer json_object_t := answer_object(l_kind, p_output);
  begin
    if l_kind = 'EXTRACT_MEMORIES' then
      return parse_extract(l_kind, l_answer);
    elsif l_kind = 'LINK_MEMORIES' then
      return parse_link(l_kind, l_answer);
    elsif l_kind = 'UPDATE_SUMMARY' then
      return parse_text(l_kind, l_answer, 'summary', co_max_summary_chars);
    elsif l_kind = 'CAPTION_IMAGE' then
      return parse_text(l_kind, l_answer, 'caption', co_max_caption_chars);
    end if;
    return parse_text(l_kind, l_answer, 'content', co_max_shortened_chars);
  end parse;

end agentmem_llm_parse;
/
