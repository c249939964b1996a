create or replace package fx_bytes_ok
is
  type t_change is record (
    anchor varchar2(20 char) := 'CREATED_AT',
    status varchar2(8 char)
  );
  type t_names is table of varchar2(128 char);
  -- Associative array keys: INDEX BY VARCHAR2(v_size) is the documented
  -- grammar, sized in bytes.
  type t_seen is table of pls_integer index by varchar2(512);
  subtype t_code is varchar2(30 char);
  function get_record_type(p_obj in json_object_t) return varchar2;
  function pieces(p_text in clob) return varchar2;
  function get_content(p_record_type in varchar2, p_text in varchar2) return varchar2;
end fx_bytes_ok;
/
