-- match_param 'c' (last of c and i), patterns without letters, letters only
-- in escapes and class names, a match_param the checker cannot read.
create table demo_keys (
  store_key varchar2(16 char) not null,
  constraint demo_keys_ck check (regexp_like(store_key, '^[ABCDEFGHIJKLMNOPQRSTUVWXYZ_]{1,16}$', 'c'))
);

declare
  co_match constant varchar2(1 char) := 'c';
  l_text   varchar2(100 char) := 'abc';
  l_flags  varchar2(10 char) := 'c';
  l_pos    pls_integer;
  l_part   varchar2(100 char);
begin
  if regexp_like(l_text, '^[ABCDEFGHIJKLMNOPQRSTUVWXYZ]+$', 'c') then
    l_pos := regexp_instr(l_text, 'T', 1, 1, 0, 'ic');
  end if;
  l_part := regexp_substr(l_text, '^[0123456789]+', 1, 1, 'c');
  l_part := regexp_substr(l_text, '\d+\s*[[:alpha:]]', 1, 1);
  l_part := regexp_replace(l_text, '^ORA-', '', 1, 1, co_match);
  l_pos := regexp_count(l_text, 'z', 1, l_flags);
  l_pos := regexp_count(l_text, ',');
  l_part := regexp_substr(l_text, pattern => 'e', position => 1, match_param => 'nc');
end;
/
