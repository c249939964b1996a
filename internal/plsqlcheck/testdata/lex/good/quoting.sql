-- Strings, q-quotes and comments that contain terminators and quotes.
begin
  dbms_output.put_line('it''s; fine / really');
  dbms_output.put_line(q'[a 'quoted' ; value]' || q'{-- not a comment}' || nq'<x>');
  /* a block comment with ' and ; and
     a / on its own line:
  /
  */
  dbms_output.put_line(n'unicode' || '/*not a comment*/');
end;
/
