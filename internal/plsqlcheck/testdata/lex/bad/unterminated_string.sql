begin
  dbms_output.put_line('it''s never closed); -- expect: LEX
end;
/
