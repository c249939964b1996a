create or replace package fx_bytes
is
  -- A record field without CHAR: byte semantics under the default
  -- NLS_LENGTH_SEMANTICS (issue 9 item 2).
  type t_change is record (
    anchor varchar2(20) := 'CREATED_AT', -- expect: NARROW-INPUT
    status varchar2(8 char)
  );
  type t_names is table of varchar2(128); -- expect: NARROW-INPUT
  subtype t_code is varchar2(30); -- expect: NARROW-INPUT
  function get_record_type(p_obj in json_object_t) return varchar2;
  function iso_to_utc(p_text in varchar2) return timestamp with time zone;
  function pieces(p_text in clob) return varchar2;
  function get_content(p_record_type in varchar2, p_text in varchar2) return varchar2;
end fx_bytes;
/
