-- SCHEMA-QUALIFIED: an invoker's rights package whose SQL names objects
-- without their owner, in static SQL, dynamic SQL and a dynamic block.
create or replace package fx_sq
  authid current_user
as
  function twice(p_n in number) return number;
  procedure static_sql(p_owner in varchar2, p_n in number);
  procedure dynamic_sql(p_table in varchar2, p_n in number);
end fx_sq;
/
