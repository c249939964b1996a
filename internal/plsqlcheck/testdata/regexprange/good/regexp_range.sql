-- Characters spelled out; '-' first or last and ']' first are literal; POSIX
-- classes, escaped brackets and unresolved pieces form no range.
create table demo_keys (
  store_key varchar2(16 char) not null,
  constraint demo_keys_ck check (
    regexp_like(store_key, '^[ABCDEFGHIJKLMNOPQRSTUVWXYZ][ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_]{0,15}$', 'c'))
);

declare
  co_letters constant varchar2(52 char) := 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  co_name    constant varchar2(200 char) := '^[' || co_letters || '][' || co_letters || '0123456789_$#]*$';
  l_text     varchar2(100 char) := 'abc';
  l_sep      varchar2(1 char) := ',';
  l_part     varchar2(100 char);
  l_count    pls_integer;
begin
  if regexp_like(l_text, co_name, 'c') then
    l_part := regexp_substr(l_text, '^[+-]?[0123456789]+', 1, 1, 'c');
  end if;
  l_part := regexp_replace(l_text, '[-+]', '');
  l_part := regexp_replace(l_text, '[]a-]', '', 1, 0, 'c');
  l_count := regexp_count(l_text, '[[:alpha:]][[:digit:]-]');
  l_count := regexp_count(l_text, '\[a-z\]', 1, 'c');
  l_part := regexp_substr(l_text, '[^' || l_sep || ']+', 1, 1);
  l_part := regexp_substr(l_text, '[a' || l_sep || 'z]', 1, 1, 'c');
end;
/
