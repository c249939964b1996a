-- A spec constant, read by bare name in its own body and qualified in another.
create or replace package body demo_patterns as
  function is_lower(p_text in varchar2) return boolean
  is
  begin
    return regexp_like(p_text, '^' || co_lower || '+$', 'c'); -- expect: REGEXP-RANGE
  end is_lower;
end demo_patterns;
/
create or replace package body demo_users as
  function is_name(p_text in varchar2) return boolean
  is
  begin
    return regexp_like(p_text, '^' || demo_patterns.co_lower || '*$', 'c'); -- expect: REGEXP-RANGE
  end is_name;
end demo_users;
/
