begin
  execute immediate q'[select 1 from dual]; -- expect: LEX
end;
/
