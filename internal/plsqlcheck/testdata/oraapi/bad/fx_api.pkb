create or replace package body fx_api as
  procedure schedule(p_job in varchar2) is
  begin
    dbms_scheduler.create_job( -- expect: ORA-API
      job_name   => p_job,
      job_type   => 'PLSQL_BLOCK',
      repeat_interval => 'FREQ=HOURLY');
    dbms_scheduler.drop_job(jobname => p_job); -- expect: ORA-API
    dbms_scheduler.run_job(p_job, true, false); -- expect: ORA-API
    dbms_scheduler.launch_job(p_job); -- expect: ORA-API
    ctx_ddl.sync_index(index_name => 'FX_IDX'); -- expect: ORA-API
    sys.dbms_application_info.set_module('fx_api'); -- expect: ORA-API
  end schedule;

  function summarize(p_request in clob) return clob is
    l_req json_object_t := json_object_t.parse(p_request);
    l_out clob;
  begin
    dbms_lob.createtemporary(l_out); -- expect: ORA-API
    dbms_lob.append(dest_lob => l_out, source => l_req.to_clob); -- expect: ORA-API
    l_out := l_req.get_text('name'); -- expect: ORA-API
    l_req.put('k'); -- expect: ORA-API
    return dbms_assert.enquote_name(str => l_out, capital => false); -- expect: ORA-API
  end summarize;
end fx_api;
/
