create or replace package demo_facade as
  -- Describes a store.
  -- Side effects: none; read-only, callable from SQL.
  function describe_store(p_store_id in varchar2) return clob;

  -- Adds an item. Side effects: inserts the item (a savepoint per call).
  function add_item(p_store_id in varchar2) return number;

  -- Side effects: none (its log entry is written in an autonomous transaction).
  function logged_read(p_store_id in varchar2) return number;
end demo_facade;
/
