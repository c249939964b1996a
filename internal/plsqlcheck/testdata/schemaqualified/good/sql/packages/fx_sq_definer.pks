-- A definer's rights package: its SQL resolves in its owner's schema while it
-- runs (CURRENT_SCHEMA switches to the owner), so SCHEMA-QUALIFIED does not
-- read it.
create or replace package fx_sq_definer
  authid definer
as
  function table_count(p_owner in varchar2) return number;
end fx_sq_definer;
/
