create or replace package body fx_bytes
is
  -- AGENTMEM_UTIL.get_record_type before the fix: 64 characters of
  -- non-ASCII text into 64 bytes.
  function get_record_type(p_obj in json_object_t) return varchar2
  is
    l_value varchar2(64); -- expect: NARROW-INPUT
  begin
    if p_obj.get('record_type').is_string then
      l_value := lower(substr(p_obj.get_string('record_type'), 1, 64));
    end if;
    return l_value;
  end get_record_type;

  -- AGENTMEM_UTIL.iso_to_utc: the zone is cut from text of at most 40
  -- characters.
  function iso_to_utc(p_text in varchar2) return timestamp with time zone
  is
    l_zone varchar2(40); -- expect: NARROW-INPUT
    l_flag char(1); -- expect: NARROW-INPUT
  begin
    if p_text is null or length(p_text) > 40 then
      return null;
    end if;
    l_zone := substr(p_text, 11);
    l_flag := substr(l_zone, 1, 1);
    return null;
  end iso_to_utc;

  -- varchar2(32767) is 32,767 bytes whatever the qualifier: more than 8191
  -- characters of a CLOB may not fit.
  function pieces(p_text in clob) return varchar2
  is
    co_piece constant pls_integer := 10000;
    l_piece varchar2(32767);
    l_all   varchar2(32767) := dbms_lob.substr(p_text); -- expect: NARROW-INPUT
  begin
    l_piece := dbms_lob.substr(lob_loc => p_text, amount => co_piece, offset => 1); -- expect: NARROW-INPUT
    return l_piece || l_all;
  end pieces;

  -- AGENTMEM_RECORD_READ.get_content: the declaration section raises, so
  -- the function's own handler never sees the error. Explicit BYTE targets
  -- receiving text counted in characters are findings too.
  function get_content(p_record_type in varchar2, p_text in varchar2) return varchar2
  is
    l_type varchar2(64) := lower(substr(p_record_type, 1, 64)); -- expect: NARROW-INPUT
    l_head varchar2(64 byte) := substr(p_text, 1, 64); -- expect: NARROW-INPUT
    l_copy varchar2(100 byte);
    l_name varchar2(100 char) := substr(p_text, 1, 100);
    l_body varchar2(200 byte);
  begin
    l_copy := l_name; -- expect: NARROW-INPUT
    if length(p_text) > 200 then
      return null;
    end if;
    l_body := p_text; -- expect: NARROW-INPUT
    return l_type || l_head || l_copy || l_body;
  exception
    when value_error then
      return null;
  end get_content;
end fx_bytes;
/
