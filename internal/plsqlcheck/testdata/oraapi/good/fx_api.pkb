create or replace package body fx_api as
  procedure schedule(p_job in varchar2) is
  begin
    dbms_scheduler.create_job(
      job_name        => p_job,
      job_type        => 'PLSQL_BLOCK',
      job_action      => 'begin null; end;',
      repeat_interval => 'FREQ=HOURLY',
      enabled         => false,
      comments        => 'fixture job');
    dbms_scheduler.set_attribute(name => p_job, attribute => 'max_runs', value => 10);
    dbms_scheduler.enable(p_job);
    dbms_scheduler.run_job(p_job, use_current_session => true);
    dbms_scheduler.drop_job(job_name => p_job, force => true);
    ctx_ddl.sync_index(idx_name => 'FX_IDX', maxtime => 5);
    dbms_application_info.set_module(module_name => 'fx_api', action_name => null);
  end schedule;

  function summarize(p_request in clob) return clob is
    l_req   json_object_t := json_object_t.parse(p_request);
    l_tags  json_array_t := json_array_t();
    l_out   clob;
    l_name  varchar2(128);
  begin
    l_name := sys.dbms_assert.simple_sql_name(l_req.get_string('name'));
    if l_req.has('tags') then
      l_tags := l_req.get_array('tags');
    end if;
    l_tags.append(l_name);
    l_req.put('tags', l_tags);
    l_req.put_null('note');
    dbms_lob.createtemporary(l_out, true, dbms_lob.call);
    dbms_lob.writeappend(l_out, length(l_name), l_name);
    dbms_lob.append(dest_lob => l_out, src_lob => l_req.to_clob);
    for c in (select json_value(t.column_value, '$.chunk_data') as chunk
                from dbms_vector_chain.utl_to_chunks(l_out, json('{"by":"words","max":50}')) t) loop
      l_name := dbms_lob.substr(c.chunk, 10);
    end loop;
    return l_out;
  end summarize;

  function tag_count(p_count in pls_integer) return pls_integer
  is
    type t_names is table of varchar2(128 char);
    l_tags t_names := t_names();
  begin
    l_tags.extend(p_count);
    return l_tags.count;
  end tag_count;
end fx_api;
/
