begin
  <<outer_loop>>
  for i in 1 .. 3 loop
    null;
  end loop inner_loop; -- expect: BLOCK
end;
/
