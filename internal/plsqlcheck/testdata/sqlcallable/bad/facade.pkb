create or replace package body demo_store_work as
  function bump(p_id in varchar2) return number
  is
  begin
    update demo_items set hits = hits + 1 where id = p_id;
    return sql%rowcount;
  end bump;
end demo_store_work;
/
create or replace package body demo_facade as
  procedure remember(p_store_id in varchar2)
  is
  begin
    merge into demo_items t using (select p_store_id as id from dual) s on (t.id = s.id)
      when not matched then insert (id, hits) values (s.id, 0);
  end remember;

  -- The original pattern: a savepoint per call in a read.
  function describe_store(p_store_id in varchar2) return clob -- expect: SQL-CALLABLE-TXN
  is
    l_response clob;
  begin
    savepoint demo_describe_store;
    l_response := to_clob(p_store_id);
    return l_response;
  exception
    when others then
      rollback to savepoint demo_describe_store;
      raise;
  end describe_store;

  function row_total(p_store_id in varchar2) return number -- expect: SQL-CALLABLE-TXN
  is
  begin
    insert into demo_log (id) values (p_store_id);
    return 1;
  end row_total;

  function peek(p_store_id in varchar2) return number -- expect: SQL-CALLABLE-TXN
  is
    l_count number;
  begin
    select count(*) into l_count from demo_items where id = p_store_id;
    commit;
    return l_count;
  end peek;

  function rows_of(p_store_id in varchar2) return t_rows pipelined -- expect: SQL-CALLABLE-TXN
  is
    l_row t_row;
  begin
    delete from demo_items where id = p_store_id;
    l_row.id := substr(p_store_id, 1, 32);
    pipe row (l_row);
    return;
  end rows_of;

  function touch(p_store_id in varchar2) return number -- expect: SQL-CALLABLE-TXN
  is
  begin
    return demo_store_work.bump(p_store_id);
  end touch;

  function counted(p_store_id in varchar2) return number -- expect: SQL-CALLABLE-TXN
  is
  begin
    remember(p_store_id);
    return 1;
  end counted;

  function undo(p_store_id in varchar2) return number -- expect: SQL-CALLABLE-TXN
  is
  begin
    lock table demo_items in exclusive mode nowait;
    rollback;
    return length(p_store_id);
  end undo;

  function sweep(p_store_id in varchar2) return number -- expect: SQL-CALLABLE-TXN
  is
    type t_ids is table of varchar2(32 char);
    l_ids t_ids := t_ids(substr(p_store_id, 1, 32));
  begin
    forall i in 1 .. l_ids.count
      delete from demo_items where id = l_ids(i);
    return l_ids.count;
  end sweep;
end demo_facade;
/
