begin
  null;
  elsif 1 = 1 then -- expect: BLOCK
  null;
end;
/
