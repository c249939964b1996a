create or replace package fx_orders
  authid current_user
  accessible by (package fx_orders_api)
as
  -- Order handling used by the block-structure fixture: many subprograms,
  -- overloads and defaults, so the body exercises every construct.

  co_max_lines constant pls_integer := 100;
  co_status_open constant varchar2(10 char) := 'OPEN';

  e_order_locked exception;
  pragma exception_init(e_order_locked, -20150);

  type t_line is record (
    product_id number,
    quantity   number := 1
  );
  type t_lines is table of t_line index by pls_integer;

  function line_count(p_order_id in number) return pls_integer;

  function line_count(p_lines in t_lines) return pls_integer;

  procedure add_line(p_order_id in number,
                     p_product_id in number,
                     p_quantity in number default 1);

  procedure close_order(p_order_id in number, p_reason in varchar2 := null);

  function describe(p_order_id in number) return varchar2;
end fx_orders;
/
