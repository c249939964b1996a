-- A VPD policy function whose predicate names its table through the naming
-- helper and reads the end user with SYS_CONTEXT inside the SQL text.
create or replace package fx_policy
  authid current_user
as
  function own_rows(p_schema in varchar2, p_object in varchar2) return varchar2;
end fx_policy;
/
