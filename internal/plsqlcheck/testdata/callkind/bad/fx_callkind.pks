create or replace package fx_callkind
as
  function name_of(p_id in number) return varchar2;
  procedure save(p_id in number);
  procedure reset;
end fx_callkind;
/
