create or replace package body fx_inittype
as
  g_enabled boolean := true;

  procedure run(p_force in boolean default false, p_limit in number default '10')
  is
    l_name  varchar2(10) := 42;
    l_count number := '7';
    l_when  date := '2024-01-01';
    l_obj   json_object_t := json_object_t();
    l_flag  boolean := null;
  begin
    l_count := -1;
    l_name := 'x';
    g_enabled := l_count > 0;
  end run;

  function ready return boolean
  is
  begin
    return false;
  end ready;
end fx_inittype;
/
