create or replace package body fx_inittype
as
  g_enabled boolean := 'Y'; -- expect: INIT-TYPE

  procedure run(p_force in boolean default 1) -- expect: INIT-TYPE
  is
    l_name  varchar2(10) := true; -- expect: INIT-TYPE
    l_count number := (false); -- expect: INIT-TYPE
    l_when  date := 20240101; -- expect: INIT-TYPE
    l_obj   json_object_t := '{}'; -- expect: INIT-TYPE
  begin
    l_count := true; -- expect: INIT-TYPE
    g_enabled := 0; -- expect: INIT-TYPE
  end run;

  function ready return boolean
  is
  begin
    return 'TRUE'; -- expect: INIT-TYPE
  end ready;
end fx_inittype;
/
