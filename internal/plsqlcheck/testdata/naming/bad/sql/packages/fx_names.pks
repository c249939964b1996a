create or replace package fx_names
as
  max_items constant pls_integer := 10; -- expect: NAMING
  not_found exception; -- expect: NAMING
  type item_list is table of number; -- expect: NAMING
  counter pls_integer; -- expect: NAMING

  procedure run(id in number, -- expect: NAMING
                p_flag varchar2); -- expect: NAMING
end fx_names;
/
