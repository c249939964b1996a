-- Minimal reproduction of two bugs found by reading (fixed in 5748cb8):
-- AGENTMEM_RECORD_READ (dfddb97) declared type t_parts after the body of
-- load_bytes, AGENTMEM_STORE_ADMIN (dfddb97) the constant co_keys_table
-- after subprogram bodies. `agentmem lint` did not catch either.
create or replace package fx_record_read
as
  procedure load_parts(p_ids in sys.odcivarchar2list);
end fx_record_read;
/
create or replace package body fx_record_read
as
  type t_clob_list is table of clob;
  type t_position is table of pls_integer index by varchar2(512);

  procedure load_bytes(p_ids in sys.odcivarchar2list, p_bytes in out nocopy t_clob_list)
  is
  begin
    p_bytes := t_clob_list();
    p_bytes.extend(p_ids.count);
  end load_bytes;

  -- The image parts of messages, from their DOCUMENT rows.
  type t_parts is record ( -- expect: DECL-AFTER-BODY
    ids      sys.odcivarchar2list,
    position t_position,
    bytes    t_clob_list
  );

  -- The (id, type) keys of a batch, bound as one JSON array.
  co_keys_table constant varchar2(200) := -- expect: DECL-AFTER-BODY
    'json_table(:k, ''$[*]'' columns (i varchar2(512) path ''$.i'', t varchar2(30) path ''$.t''))';

  procedure load_parts(p_ids in sys.odcivarchar2list)
  is
    l_parts t_parts;
  begin
    load_bytes(p_ids, l_parts.bytes);
    l_parts.ids := p_ids;
  end load_parts;
end fx_record_read;
/
