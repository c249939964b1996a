declare
  l_x pls_integer := 1;
begin
  case l_x -- expect: BLOCK
    when 1 then null;
    else null;
  end;
end;
/
