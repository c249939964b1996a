create or replace package body fx_orders
as
  g_calls pls_integer := 0;

  -- Forward declaration: status_of is used before its definition.
  function status_of(p_order_id in number) return varchar2;

  cursor c_lines(p_order_id in number) is
    select l.product_id,
           case when l.quantity > 0 then l.quantity else 0 end as quantity
      from app.fx_order_lines l
     where l.order_id = p_order_id
       and (l.product_id in (select p.product_id from app.fx_products p where p.active = 'Y'));

  function line_count(p_order_id in number) return pls_integer
  is
    l_count pls_integer := 0;
  begin
    for r in c_lines(p_order_id) loop
      l_count := l_count + 1;
    end loop;
    return l_count;
  end line_count;

  function line_count(p_lines in t_lines) return pls_integer
  is
  begin
    return p_lines.count;
  end line_count;

  procedure add_line(p_order_id in number,
                     p_product_id in number,
                     p_quantity in number default 1)
  is
    l_status varchar2(10 char);
  begin
    savepoint add_line_start;
    l_status := status_of(p_order_id);
    if l_status != co_status_open then raise e_order_locked; end if;
    if line_count(p_order_id) >= co_max_lines then
      agentmem_util.raise_error(p_code => dbms_agent_memory_store.co_invalid_argument, p_message => 'too many lines');
    elsif p_quantity <= 0 then
      agentmem_util.raise_error(p_code => dbms_agent_memory_store.co_invalid_argument,
        p_message => case when p_quantity = 0 then 'zero' else 'negative' end || ' quantity');
    else
      insert into app.fx_order_lines (order_id, product_id, quantity)
      values (p_order_id, p_product_id, p_quantity);
    end if;
    g_calls := g_calls + 1;
  exception
    when e_order_locked then
      rollback to savepoint add_line_start;
      raise;
    when others then
      rollback to savepoint add_line_start;
      raise;
  end add_line;

  procedure close_order(p_order_id in number, p_reason in varchar2 := null)
  is
    l_tries pls_integer := 0;
    l_ids   dbms_sql.number_table;
  begin
    <<retry>>
    loop
      l_tries := l_tries + 1;
      exit retry when l_tries > 3;
      declare
        l_done boolean := false;
      begin
        update app.fx_orders_t
           set status = case p_reason when 'CANCEL' then 'CANCELLED' else 'CLOSED' end,
               closed_at = systimestamp
         where order_id = p_order_id
        returning order_id bulk collect into l_ids;
        l_done := sql%rowcount > 0;
        if l_done then exit retry; end if;
      end;
    end loop retry;
    forall i in 1 .. l_ids.count
      delete from app.fx_order_holds where order_id = l_ids(i);
    while l_tries > 0 loop
      l_tries := l_tries - 1;
    end loop;
    case
      when l_tries = 0 then
        null;
      when l_tries < 0 then
        agentmem_util.raise_error(p_code => dbms_agent_memory_store.co_invalid_argument, p_message => 'negative tries');
      else
        null;
    end case;
  end close_order;

  function describe(p_order_id in number) return varchar2
  is
    l_text varchar2(200 char);
  begin
    l_text := 'order ' || p_order_id || ': ' || status_of(p_order_id)
      || case when line_count(p_order_id) = 0 then ' (empty)' end;
    return l_text;
  end describe;

  function status_of(p_order_id in number) return varchar2
  is
    l_status varchar2(10 char);
  begin
    select status into l_status from app.fx_orders_t where order_id = p_order_id;
    return l_status;
  exception
    when no_data_found then
      return null;
  end status_of;

begin
  g_calls := 0;
end fx_orders;
/
