-- Patterns with letters whose case and accent sensitivity is left to the
-- session's collation (NLS_SORT=BINARY_CI, GERMAN_AI ...).
create table demo_keys (
  store_key varchar2(16 char) not null,
  constraint demo_keys_ck check (regexp_like(store_key, '^[ABCDEFGHIJKLMNOPQRSTUVWXYZ_]{1,16}$')) -- expect: REGEXP-CASE
);

declare
  co_upper constant varchar2(30 char) := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  co_hex   constant varchar2(40 char) := '^[0123456789abcdef]{32}$';
  co_ci    constant varchar2(2 char) := 'ci';
  l_text   varchar2(100 char) := 'abc';
  l_pos    pls_integer;
  l_part   varchar2(100 char);
begin
  if regexp_like(l_text, '^[' || co_upper || ']+$') then -- expect: REGEXP-CASE
    l_pos := regexp_instr(l_text, 'T', 1, 1, 0); -- expect: REGEXP-CASE
  end if;
  l_part := regexp_substr(l_text, co_hex, 1, 1, null); -- expect: REGEXP-CASE
  l_part := regexp_replace(l_text, '^ORA-', '', 1, 1, 'i'); -- expect: REGEXP-CASE
  l_pos := regexp_count(l_text, 'z', 1, co_ci); -- expect: REGEXP-CASE
  l_pos := regexp_count(l_text, 'Z', 1, 'n'); -- expect: REGEXP-CASE
  l_part := regexp_substr(l_text, pattern => 'e', position => 1); -- expect: REGEXP-CASE
  select count(*) into l_pos from demo_keys where regexp_like(store_key, '^IT_'); -- expect: REGEXP-CASE
  -- Digits only (the review of the spelled-out patterns): an _AI collation may equate other digits.
  l_part := regexp_substr(l_text, '[0123456789]+', 1, 1); -- expect: REGEXP-CASE
end;
/
