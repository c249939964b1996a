-- Regular-expression calls inside the documented bounds.
declare
  co_date constant varchar2(80) := '^([0123456789]{4})-([0123456789]{2})' || '-([0123456789]{2})$';
  l_text  varchar2(100) := '2026-11-30';
  l_part  varchar2(10);
  l_pos   pls_integer;
  l_n     pls_integer := 3;
begin
  l_part := regexp_substr(l_text, co_date, 1, 1, 'c', 3);
  l_part := regexp_substr(l_text, '^([0123456789]+)', 1, 1, 'c', 0);
  l_part := regexp_substr(l_text, co_date, 1, 1, 'c', l_n);   -- not a literal: not checked
  l_pos := regexp_instr(l_text, '(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)', 1, 1, 0, 'c', 9);
  l_pos := regexp_count(l_text, '-');
  if regexp_like(l_text, co_date, 'c') then
    l_part := regexp_replace(l_text, '-', '/');
  end if;
end;
/
