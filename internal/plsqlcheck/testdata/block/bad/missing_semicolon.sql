declare
  l_x pls_integer;
begin
  l_x := 1
  if l_x = 1 then -- expect: BLOCK
    null;
  end if;
end;
/
