-- A CLOB cut with SUBSTR's CLOB overload; DBMS_LOB.SUBSTR into a VARCHAR2,
-- or inside a larger expression.
declare
  l_text  clob := to_clob('summary');
  l_head  varchar2(400 char);
  l_chars pls_integer := 20000;
begin
  l_text := substr(l_text, 1, l_chars);
  l_head := dbms_lob.substr(l_text, 100, 1);
  l_text := to_clob(dbms_lob.substr(l_text, 100, 1)) || 'x';
end;
/
