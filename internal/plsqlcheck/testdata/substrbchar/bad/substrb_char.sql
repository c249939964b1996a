-- SUBSTRB read as characters: a multibyte character cut by the byte range
-- comes back as blanks. The first case is the original keyword escape loop.
declare
  co_space constant varchar2(1 char) := ' ';
  l_text   varchar2(200 char) := 'école 日本語';
  l_len    pls_integer := lengthb(l_text);
  l_pos    pls_integer := 1;
  l_end    pls_integer;
  l_count  pls_integer := 0;
begin
  while l_pos <= l_len loop
    if substrb(l_text, l_pos, 1) = ' ' then -- expect: SUBSTRB-CHAR
      l_pos := l_pos + 1;
    else
      l_end := instrb(l_text, ' ', l_pos);
      if l_end = 0 then
        l_end := l_len + 1;
      end if;
      l_count := l_count + 1;
      l_pos := l_end;
    end if;
  end loop;
  if substrb(l_text, 1, 1) <> 'x' then -- expect: SUBSTRB-CHAR
    l_count := 0;
  end if;
  if ',' != substrb(l_text, 2, 1) then -- expect: SUBSTRB-CHAR
    l_count := 1;
  end if;
  if substrb(l_text, 3, 1) not in (' ', ',') then -- expect: SUBSTRB-CHAR
    l_count := 2;
  end if;
  if substrb(l_text, 4, 1) = co_space then -- expect: SUBSTRB-CHAR
    l_count := 3;
  end if;
  l_count := case substrb(l_text, 5, 1) when ' ' then 1 else 0 end; -- expect: SUBSTRB-CHAR
  select count(*) into l_count from dual where substrb(l_text, 6, 1) in ('a', 'b'); -- expect: SUBSTRB-CHAR
end;
/
