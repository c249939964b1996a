create or replace package body demo_facade as
  type t_ids is table of varchar2(32 char);

  procedure log_call(p_store_id in varchar2)
  is
    pragma autonomous_transaction;
  begin
    insert into demo_log (id) values (p_store_id);
    commit;
  end log_call;

  function describe_store(p_store_id in varchar2) return clob
  is
    l_ids t_ids := t_ids(p_store_id);
  begin
    l_ids.delete;
    return to_clob(p_store_id);
  end describe_store;

  function add_item(p_store_id in varchar2) return number
  is
  begin
    savepoint demo_add_item;
    insert into demo_items (id, hits) values (p_store_id, 0);
    return 1;
  exception
    when others then
      rollback to savepoint demo_add_item;
      raise;
  end add_item;

  function logged_read(p_store_id in varchar2) return number
  is
    l_count number;
  begin
    log_call(p_store_id);
    select count(*) into l_count from demo_items where id = p_store_id;
    return l_count;
  end logged_read;
end demo_facade;
/
