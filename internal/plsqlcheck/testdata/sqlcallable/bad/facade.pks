create or replace package demo_store_work as
  function bump(p_id in varchar2) return number;
end demo_store_work;
/
create or replace package demo_facade as
  type t_row is record (id varchar2(32 char));
  type t_rows is table of t_row;

  -- Describes a store.
  -- Side effects: none. Raises: NOT_FOUND.
  function describe_store(p_store_id in varchar2) return clob;

  -- The count of rows; callable from SQL.
  function row_total(p_store_id in varchar2) return number;

  -- Read-only, so it can be used in a query.
  function peek(p_store_id in varchar2) return number;

  -- The rows, for ad-hoc SQL.
  function rows_of(p_store_id in varchar2) return t_rows pipelined;

  -- Side effects: none.
  function touch(p_store_id in varchar2) return number;

  -- Side effects: none.
  function counted(p_store_id in varchar2) return number;

  -- Side effects: none.
  function undo(p_store_id in varchar2) return number;

  -- Side effects: none.
  function sweep(p_store_id in varchar2) return number;
end demo_facade;
/
