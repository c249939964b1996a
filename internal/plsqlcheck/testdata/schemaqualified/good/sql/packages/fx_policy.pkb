create or replace package body fx_policy as
  function own_rows(p_schema in varchar2, p_object in varchar2) return varchar2 is
  begin
    if p_object is null then
      return '1 = 0';
    end if;
    return 'exists (select 1 from ' || agentmem_util.sql_object(p_schema, 'FX_GRANT')
      || ' g where g.principal = sys_context(''FX_CTX'', ''END_USER''))';
  end own_rows;
end fx_policy;
/
