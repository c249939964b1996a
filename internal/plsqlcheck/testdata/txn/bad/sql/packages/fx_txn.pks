create or replace package fx_txn
as
  procedure save_all(p_id in number);
  procedure purge_old(p_days in number);
end fx_txn;
/
