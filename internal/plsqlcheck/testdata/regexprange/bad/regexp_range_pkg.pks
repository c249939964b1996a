create or replace package demo_patterns as
  co_lower constant varchar2(10 char) := '[a-z]';
  function is_lower(p_text in varchar2) return boolean;
end demo_patterns;
/
create or replace package demo_users as
  function is_name(p_text in varchar2) return boolean;
end demo_users;
/
