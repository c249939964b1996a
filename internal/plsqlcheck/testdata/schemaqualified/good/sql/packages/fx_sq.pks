-- SCHEMA-QUALIFIED: the same statements with every object qualified, and
-- the names that are not schema objects (WITH queries, aliases, TABLE() over
-- a collection, JSON_TABLE, FROM inside EXTRACT and TRIM, package constants).
create or replace package fx_sq
  authid current_user
as
  co_limit constant pls_integer := 10;
  type t_numbers is table of number;
  function twice(p_n in number) return number;
  procedure static_sql(p_owner in varchar2, p_n in number, p_doc in clob, p_list in t_numbers);
  procedure dynamic_sql(p_owner in varchar2, p_table in varchar2, p_n in number);
end fx_sq;
/
