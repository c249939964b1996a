create or replace package body fx_bytes_ok
is
  function get_record_type(p_obj in json_object_t) return varchar2
  is
    l_value varchar2(64 char);
  begin
    if p_obj.get('record_type').is_string then
      l_value := lower(substr(p_obj.get_string('record_type'), 1, 64));
    end if;
    return l_value;
  end get_record_type;

  -- 8000 characters take at most 32,000 bytes: they fit the PL/SQL maximum.
  function pieces(p_text in clob) return varchar2
  is
    co_piece constant pls_integer := 8000;
    l_piece varchar2(32767);
  begin
    l_piece := dbms_lob.substr(lob_loc => p_text, amount => co_piece, offset => 1);
    return l_piece;
  end pieces;

  -- BYTE targets taking values bounded in bytes; 32767 is the PL/SQL
  -- maximum, a byte limit whatever the qualifier. Static SQL (JSON_TABLE
  -- columns) is not PL/SQL and is not read.
  function get_content(p_record_type in varchar2, p_text in varchar2) return varchar2
  is
    l_type varchar2(64 char) := lower(substr(p_record_type, 1, 64));
    l_head varchar2(256 byte) := substr(p_text, 1, 64);
    l_body varchar2(200 byte);
    l_all  varchar2(32767);
    l_ids  varchar2(4000 char);
  begin
    if lengthb(p_text) > 200 then
      return null;
    end if;
    l_body := p_text;
    l_all := l_type || l_head || l_body;
    select listagg(x.id, ',') within group (order by x.id) into l_ids
      from json_table(p_text, '$[*]' columns (id varchar2(512) path '$')) x;
    return l_all || l_ids;
  end get_content;
end fx_bytes_ok;
/
