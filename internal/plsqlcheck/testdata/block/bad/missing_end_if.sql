begin
  if sysdate > date '2020-01-01' then -- expect: BLOCK
    null;
end;
/
