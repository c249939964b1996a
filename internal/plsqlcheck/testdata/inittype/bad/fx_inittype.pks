create or replace package fx_inittype
as
  procedure run(p_force in boolean default 1); -- expect: INIT-TYPE
  function ready return boolean;
end fx_inittype;
/
