-- Subexpressions past 9 and a pattern over 512 bytes.
declare
  co_long constant varchar2(600) := '[abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc]';
  l_text  varchar2(100) := '2026-11-30';
  l_part  varchar2(10);
  l_pos   pls_integer;
begin
  l_part := regexp_substr(l_text, '(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)', 1, 1, 'c', 10); -- expect: REGEXP-ARGS
  l_pos := regexp_instr(l_text, '(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)(l)', 1, 1, 0, 'c', 12); -- expect: REGEXP-ARGS
  l_part := regexp_substr(l_text, 'x', subexpr => 15, position => 1, match_param => 'c'); -- expect: REGEXP-ARGS
  if regexp_like(l_text, co_long, 'c') then -- expect: REGEXP-ARGS
    l_pos := regexp_count(l_text, '[abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc][abc]', 1, 'c'); -- expect: REGEXP-ARGS
  end if;
end;
/
