create or replace package fx_inittype
as
  procedure run(p_force in boolean default false, p_limit in number default '10');
  function ready return boolean;
end fx_inittype;
/
