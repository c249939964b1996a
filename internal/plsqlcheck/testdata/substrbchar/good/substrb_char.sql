-- SUBSTRB only bounds bytes; spaces are found with INSTRB; characters are
-- compared with SUBSTR.
declare
  l_text   varchar2(200 char) := 'école 日本語';
  l_short  varchar2(10);
  l_len    pls_integer := lengthb(l_text);
  l_pos    pls_integer := 1;
  l_end    pls_integer;
  l_count  pls_integer := 0;
begin
  l_short := substrb(l_text, 1, 10);
  while l_pos <= l_len loop
    l_end := instrb(l_text, ' ', l_pos);
    if l_end = l_pos then
      l_pos := l_pos + 1;
    else
      if l_end = 0 then
        l_end := l_len + 1;
      end if;
      l_short := substrb(substrb(l_text, l_pos, l_end - l_pos), 1, 10);
      l_count := l_count + 1;
      l_pos := l_end;
    end if;
  end loop;
  if substr(l_text, 1, 1) = ' ' or l_short = 'x' || substrb(l_text, 1, 2) then
    l_count := 0;
  end if;
end;
/
