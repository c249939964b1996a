create or replace package body agentmem_search_keyword
as

  -- ASCII whitespace: tab, LF, VT, FF, CR (translated to spaces) and space.
  -- Explicit, so the split does not depend on a locale's character classes.
  co_whitespace constant varchar2(5 char) := chr(9) || chr(10) || chr(11) || chr(12) || chr(13);
  co_spaces     constant varchar2(5 char) := '     ';

  -- ASCII punctuation: a token made only of these carries no word (alone
  -- they are operators such as - & , or wildcards % _).
  co_punctuation constant varchar2(40 char) := '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~';

  co_accum constant varchar2(7 char) := ' ACCUM ';

  function only_punctuation(p_token in varchar2) return boolean
  is
  begin
    -- TRANSLATE removes every character of the list that has no
    -- counterpart; 'a' maps to itself, so only punctuation is removed.
    return translate(p_token, 'a' || co_punctuation, 'a') is null;
  end only_punctuation;

  function escape(p_text in varchar2, p_escaped out varchar2, p_kept out pls_integer,
                  p_dropped out pls_integer) return varchar2
  is
    -- Whitespace is one byte in UTF-8 and no byte of a multibyte character
    -- is ASCII, so the text is scanned by bytes (INSTRB) without splitting a
    -- character. A space is found with INSTRB, never by comparing
    -- SUBSTRB(l_text, l_pos, 1) with ' ': SUBSTRB returns the bytes of a
    -- partial multibyte character as blanks (the first byte of a 2-byte
    -- character alone comes back as ' ', byte 32), so every token starting
    -- with a non-ASCII character would lose that character as 'spaces'.
    l_text  varchar2(32767) := translate(p_text, co_whitespace, co_spaces);
    l_len   pls_integer := nvl(lengthb(l_text), 0);
    l_pos   pls_integer := 1;
    l_end   pls_integer;
    l_token varchar2(32767);
    l_item  varchar2(32767);
    l_bytes pls_integer;
    l_out   varchar2(32767);
    l_full  boolean := false;
  begin
    p_kept := 0;
    p_dropped := 0;
    while l_pos <= l_len loop
      l_end := instrb(l_text, ' ', l_pos);
      if l_end = l_pos then
        l_pos := l_pos + 1;
      else
        if l_end = 0 then
          l_end := l_len + 1;
        end if;
        l_token := substrb(l_text, l_pos, l_end - l_pos);
        l_pos := l_end + 1;
        if not only_punctuation(l_token) then
          -- A token longer than the limit cannot fit braced: decided before
          -- bracing, whose doubled } could outgrow VARCHAR2(32767) (ORA-06502).
          if lengthb(l_token) + 2 > co_max_query_bytes then
            l_item := null;
            l_bytes := lengthb(l_token) + 2;
          else
            l_item := '{' || replace(l_token, '}', '}}') || '}';
            l_bytes := lengthb(l_item);
          end if;
          if l_full then
            p_dropped := p_dropped + 1;
          elsif p_kept = 0 and l_bytes > co_max_query_bytes then
            p_escaped := null;
            return co_too_long;
          elsif nvl(lengthb(l_out), 0) + case when p_kept > 0 then length(co_accum) else 0 end
                + l_bytes > co_max_query_bytes then
            l_full := true;
            p_dropped := p_dropped + 1;
          else
            l_out := l_out || case when p_kept > 0 then co_accum end || l_item;
            p_kept := p_kept + 1;
          end if;
        end if;
      end if;
    end loop;
    if p_kept = 0 then
      p_escaped := null;
      return co_no_word;
    end if;
    p_escaped := l_out;
    return co_ok;
  end escape;

  function hybrid_params(p_index_name in varchar2, p_search_text in clob, p_vector in clob,
                         p_contains in varchar2, p_text_only in boolean, p_rows in pls_integer) return clob
  is
    l_params json_object_t := json_object_t();
    l_vector json_object_t := json_object_t();
    l_text   json_object_t := json_object_t();
    l_return json_object_t := json_object_t();
    l_values json_array_t := json_array_t();
  begin
    l_params.put('hybrid_index_name', p_index_name);
    if not p_text_only then
      l_params.put('search_scorer', 'RSF');
      l_params.put('search_fusion', 'UNION');
      if p_vector is not null then
        l_vector.put('search_vector', p_vector);
      else
        l_vector.put('search_text', p_search_text);
      end if;
      l_vector.put('search_mode', 'DOCUMENT');
      l_vector.put('aggregator', 'MAX');
      l_vector.put('result_max', p_rows);
      l_params.put('vector', l_vector);
    end if;
    if p_contains is not null then
      l_text.put('contains', p_contains);
      l_text.put('result_max', p_rows);
      l_params.put('text', l_text);
    end if;
    l_values.append('rowid');
    l_values.append('score');
    l_return.put('topN', p_rows);
    l_return.put('values', l_values);
    l_params.put('return', l_return);
    return l_params.to_clob;
  end hybrid_params;

end agentmem_search_keyword;
/
