create or replace package fx_named
as
  co_max_items constant pls_integer := 10;
  e_not_found exception;
  pragma exception_init(e_not_found, -20101);
  type t_item_list is table of number;
  subtype name_type is varchar2(30 char);

  procedure run(p_id in number, p_result out varchar2, p_list in out nocopy t_item_list);
end fx_named;
/
