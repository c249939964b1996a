create or replace package body fx_jobs
as
  -- agentmem:commits (job entry point, see the spec)
  procedure purge(p_days in number)
  is
    procedure flush
    is
    begin
      commit;
    end flush;
  begin
    loop
      delete from fx_t where created < sysdate - p_days and rownum <= 1000;
      exit when sql%rowcount = 0;
      flush;
    end loop;
    commit;
  end purge;

  procedure save(p_id in number)
  is
  begin
    savepoint save_start;
    update fx_t set id = p_id;
  exception
    when others then
      rollback to save_start;
      raise;
  end save;

  -- The marker on the spec declaration covers this definition too.
  procedure rebuild
  is
  begin
    delete from fx_summary;
    insert into fx_summary (n) select count(*) from fx_t;
    commit;
  end rebuild;
end fx_jobs;
/
