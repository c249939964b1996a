-- Bracket ranges in regular-expression patterns, in every position the
-- pattern can take: each is read in the session's NLS_SORT collation.
create table demo_keys (
  store_key varchar2(16 char) not null,
  constraint demo_keys_ck check (regexp_like(store_key, '^[A-Z][A-Z0-9_]{0,15}$', 'c')) -- expect: REGEXP-RANGE
);

declare
  co_hex    constant varchar2(20 char) := '^[0-9a-f]{32}$';
  co_digit  constant varchar2(10 char) := '[0-9]';
  co_year   constant varchar2(20 char) := '^' || co_digit || '{4}';
  l_text    varchar2(100 char) := 'abc';
  l_pos     pls_integer;
  l_part    varchar2(100 char);
  l_count   pls_integer;
begin
  if regexp_like(l_text, '^[A-Za-z][A-Za-z0-9_$#]*$', 'c') then -- expect: REGEXP-RANGE
    l_pos := regexp_instr(l_text, '[a-z]', 1, 1, 0, 'c'); -- expect: REGEXP-RANGE
  end if;
  l_part := regexp_substr(l_text, '^[0-9]+', 1, 1, 'c'); -- expect: REGEXP-RANGE
  l_part := regexp_replace(l_text, '[^a-z]', '', 1, 0, 'c'); -- expect: REGEXP-RANGE
  l_count := regexp_count(l_text, '[[:space:]]|[x-z]', 1, 'c'); -- expect: REGEXP-RANGE
  l_part := regexp_substr(l_text, pattern => '[A-F]', position => 1, match_param => 'c'); -- expect: REGEXP-RANGE
  if regexp_like(l_text, co_hex, 'c') then -- expect: REGEXP-RANGE
    l_part := regexp_substr(l_text, co_year, 1, 1, 'c'); -- expect: REGEXP-RANGE
  end if;
  l_part := regexp_substr(l_text, '^' || co_digit || '+' || l_part, 1, 1, 'c'); -- expect: REGEXP-RANGE
  select count(*) into l_count from demo_keys
   where regexp_like(store_key, '[a-' || 'z]', 'c'); -- expect: REGEXP-RANGE
end;
/
