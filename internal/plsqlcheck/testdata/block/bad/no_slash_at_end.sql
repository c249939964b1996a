begin
  null;
end; -- expect: BLOCK
