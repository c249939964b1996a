create or replace package body llm_test_double
as

  -- The canned answer of the prompt's kind.
  function canned(p_prompt in json_object_t) return clob
  is
    l_kind       varchar2(32 char) := substr(p_prompt.get_string('kind'), 1, 32);
    l_doc        json_object_t;
    l_candidates json_array_t;
  begin
    case l_kind
      when 'EXTRACT_MEMORIES' then
        return co_answer_extract;
      when 'UPDATE_SUMMARY' then
        return co_answer_summary;
      when 'CAPTION_IMAGE' then
        return co_answer_caption;
      when 'SHORTEN_MESSAGE' then
        return co_answer_shorten;
      else
        -- LINK_MEMORIES: the user message is the data document.
        l_doc := json_object_t.parse(treat(p_prompt.get_array('messages').get(1) as json_object_t).get_clob('content'));
        l_candidates := l_doc.get_array('candidates');
        if l_candidates.get_size = 0 then
          return '{"relations": []}';
        end if;
        return '{"relations": [{"target_id": "'
               || treat(l_candidates.get(0) as json_object_t).get_string('id')
               || '", "relation_type": "supersedes"}]}';
    end case;
  end canned;

  function generate(p_request in clob) return clob
  is
    l_prompt json_object_t := json_object_t.parse(p_request);
  begin
    g_calls := g_calls + 1;
    g_last_request := p_request;
    return case g_mode
             when 'FENCED' then '```json' || chr(10) || canned(l_prompt) || chr(10) || '```'
             when 'PROSE' then 'Here is the answer: ' || canned(l_prompt)
             when 'ARRAY' then to_clob('[{"memories": []}]')
             when 'BAD_TYPE' then to_clob('{"memories": [{"memory_type": "opinion", "content": "x"}], "topics": []}')
             when 'STRANGER' then to_clob('{"relations": [{"target_id": "not-offered", "relation_type": "supports"}]}')
             else canned(l_prompt)
           end;
  end generate;

  function failing(p_request in clob) return clob
  is
  begin
    g_calls := g_calls + 1;
    raise_application_error(-20999, 'test double: the model is unavailable');
    return null;   -- not reached: the declared signature needs a RETURN
  end failing;

end llm_test_double;
/
