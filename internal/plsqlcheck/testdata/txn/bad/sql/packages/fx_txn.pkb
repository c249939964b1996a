create or replace package body fx_txn
as
  procedure save_all(p_id in number)
  is
    procedure flush
    is
    begin
      commit; -- expect: TXN
    end flush;
  begin
    update fx_t set id = p_id;
    flush;
  exception
    when others then
      rollback; -- expect: TXN
      raise;
  end save_all;

  -- Runs as a job entry point (but the marker is missing).
  procedure purge_old(p_days in number)
  is
  begin
    delete from fx_t where created < sysdate - p_days;
    commit work; -- expect: TXN
    execute immediate 'COMMIT'; -- expect: TXN
    rollback work; -- expect: TXN
  end purge_old;

begin
  commit; -- expect: TXN
end fx_txn;
/
