-- A VPD policy function (the parameters DBMS_RLS passes): its predicate is
-- SQL the database adds to every statement on the table, read by DYN-SQL
-- (no value concatenated) and SCHEMA-QUALIFIED (owners named).
create or replace package fx_policy
  authid current_user
as
  function own_rows(p_schema in varchar2, p_object in varchar2) return varchar2;
end fx_policy;
/
