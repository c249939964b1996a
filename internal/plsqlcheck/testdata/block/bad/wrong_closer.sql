begin
  for i in 1 .. 3 loop
    null;
  end if; -- expect: BLOCK
end;
/
