begin
  dbms_output.put_line(upper('x'); -- expect: BLOCK
end;
/
