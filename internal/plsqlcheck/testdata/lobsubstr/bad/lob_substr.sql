-- The threads review's finding (AGENTMEM_THREAD.get_summary before
-- rev-threads): a CLOB cut to a character budget with DBMS_LOB.SUBSTR.
declare
  l_text  clob := to_clob('summary');
  l_chars pls_integer := 20000;
begin
  l_text := dbms_lob.substr(l_text, l_chars, 1); -- expect: LOB-SUBSTR
  l_text := dbms_lob.substr(lob_loc => l_text, amount => 100, offset => 1); -- expect: LOB-SUBSTR
end;
/
