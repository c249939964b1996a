create or replace package body dbms_agent_memory_store
as

  -- Every API subprogram delegates to an internal package. The savepoint and
  -- the rollback to it make each call atomic for the caller's transaction;
  -- DDL never runs in that transaction (see the spec), so the savepoint
  -- survives until the handler.

  function version return varchar2
  is
  begin
    return co_version;
  end version;

  function open_store(p_request in clob) return clob
  is
    l_response clob;
  begin
    savepoint agentmem_open_store;
    l_response := agentmem_store.open_store(p_request);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_open_store;
      raise;
  end open_store;

  -- Reads write nothing: no savepoint, so they can be called from SQL (a
  -- savepoint inside a query raises ORA-14552).
  function describe_store(p_store_id in varchar2, p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_store_admin.describe_store(p_store_id, p_schema_owner);
  end describe_store;

  function list_stores(p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_store_admin.list_stores(p_schema_owner);
  end list_stores;

  function upgrade_store(p_store_id in varchar2) return clob
  is
    l_response clob;
  begin
    savepoint agentmem_upgrade_store;
    agentmem_end_user.forbid_end_user('upgrade_store');
    l_response := agentmem_store.upgrade_store(p_store_id);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_upgrade_store;
      raise;
  end upgrade_store;

  procedure drop_store(p_store_id in varchar2)
  is
  begin
    savepoint agentmem_drop_store;
    agentmem_end_user.forbid_end_user('drop_store');
    agentmem_store.drop_store(p_store_id);
  exception
    when others then
      rollback to savepoint agentmem_drop_store;
      raise;
  end drop_store;

  procedure grant_access(p_store_id        in varchar2,
                         p_grantee         in varchar2,
                         p_access          in varchar2 default 'READ_WRITE',
                         p_create_synonyms in boolean  default false)
  is
  begin
    savepoint agentmem_grant_access;
    agentmem_end_user.forbid_end_user('grant_access');
    agentmem_store_admin.grant_access(p_store_id, p_grantee, p_access, p_create_synonyms);
  exception
    when others then
      rollback to savepoint agentmem_grant_access;
      raise;
  end grant_access;

  procedure revoke_access(p_store_id in varchar2, p_grantee in varchar2)
  is
  begin
    savepoint agentmem_revoke_access;
    agentmem_end_user.forbid_end_user('revoke_access');
    agentmem_store_admin.revoke_access(p_store_id, p_grantee);
  exception
    when others then
      rollback to savepoint agentmem_revoke_access;
      raise;
  end revoke_access;

  -- == Security policies (issue 14) ================================================
  -- The changing calls are autonomous transactions (see the spec); the
  -- savepoint keeps the facade's convention for anything the caller's
  -- transaction holds. Reads take no savepoint.

  -- agentmem:commits (autonomous, see the spec)
  function add_security_policies(p_store_id in varchar2, p_request in clob) return clob
  is
    l_response clob;
  begin
    savepoint agentmem_add_security;
    l_response := agentmem_security.add_policies(p_store_id, p_request);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_add_security;
      raise;
  end add_security_policies;

  -- agentmem:commits (autonomous, see the spec)
  function remove_security_policies(p_store_id in varchar2, p_request in clob) return clob
  is
    l_response clob;
  begin
    savepoint agentmem_remove_security;
    l_response := agentmem_security.remove_policies(p_store_id, p_request);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_remove_security;
      raise;
  end remove_security_policies;

  -- agentmem:commits (autonomous, see the spec)
  function grant_security_policies(p_store_id in varchar2, p_request in clob) return clob
  is
    l_response clob;
  begin
    savepoint agentmem_grant_security;
    l_response := agentmem_security.grant_policies(p_store_id, p_request);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_grant_security;
      raise;
  end grant_security_policies;

  -- agentmem:commits (autonomous, see the spec)
  function revoke_security_policies(p_store_id in varchar2, p_request in clob) return clob
  is
    l_response clob;
  begin
    savepoint agentmem_revoke_security;
    l_response := agentmem_security.revoke_policies(p_store_id, p_request);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_revoke_security;
      raise;
  end revoke_security_policies;

  function list_security_policies(p_store_id in varchar2, p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_security.list_policies(p_store_id, p_schema_owner);
  end list_security_policies;

  function list_security_grants(p_store_id in varchar2, p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_security.list_grants(p_store_id, p_schema_owner);
  end list_security_grants;

  function security_capabilities return clob
  is
  begin
    return agentmem_security.capabilities;
  end security_capabilities;

  -- agentmem:commits (job entry point, see the spec)
  procedure purge_expired(p_store_id in varchar2, p_batch_size in pls_integer default 1000)
  is
  begin
    agentmem_end_user.forbid_end_user('purge_expired');
    agentmem_jobs.purge_expired(p_store_id, p_batch_size);
  end purge_expired;

  -- == Jobs (issue 15) ============================================================

  -- Job entry points commit (see the spec): no savepoint. Reads write nothing.

  -- agentmem:commits (job entry point, see the spec)
  procedure run_job(p_store_id in varchar2, p_job in varchar2)
  is
  begin
    agentmem_end_user.forbid_end_user('run_job');
    agentmem_jobs.run_scheduled(p_store_id, p_job);
  end run_job;

  -- agentmem:commits (job entry point, see the spec)
  function run_job_now(p_store_id in varchar2, p_job in varchar2, p_request in clob default null) return clob
  is
  begin
    agentmem_end_user.forbid_end_user('run_job_now');
    return agentmem_jobs.run_now(p_store_id, p_job, p_request);
  end run_job_now;

  function list_jobs(p_store_id in varchar2, p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_jobs.list_jobs(p_store_id, p_schema_owner);
  end list_jobs;

  function job_history(p_store_id in varchar2, p_request in clob default null,
                       p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_jobs.job_history(p_store_id, p_request, p_schema_owner);
  end job_history;

  -- agentmem:commits (autonomous, see the spec)
  procedure set_job_enabled(p_store_id in varchar2, p_job in varchar2, p_enabled in boolean)
  is
  begin
    agentmem_end_user.forbid_end_user('set_job_enabled');
    agentmem_jobs.set_job_enabled(p_store_id, p_job, p_enabled);
  end set_job_enabled;

  function preview_purge(p_store_id in varchar2) return clob
  is
  begin
    return agentmem_jobs.preview_purge(p_store_id);
  end preview_purge;

  -- agentmem:commits (DBMS_SCHEDULER, see the spec)
  function install_jobs return clob
  is
  begin
    agentmem_end_user.forbid_end_user('install_jobs');
    return agentmem_jobs.install_jobs;
  end install_jobs;

  -- == End-user context (issue 14) ================================================

  -- No savepoint: an application context is no transaction state.
  procedure set_end_user(p_end_user in varchar2)
  is
  begin
    agentmem_end_user.set_end_user(p_end_user);
  end set_end_user;

  procedure clear_end_user
  is
  begin
    agentmem_end_user.clear_end_user;
  end clear_end_user;

  function current_end_user return varchar2
  is
  begin
    return agentmem_end_user.current_end_user;
  end current_end_user;

  function actions_json(p_actions in agentmem_util.t_text_list, p_warnings in agentmem_util.t_text_list)
    return clob
  is
    l_response json_object_t := json_object_t();
  begin
    l_response.put('actions', agentmem_store.text_array(p_actions));
    l_response.put('warnings', agentmem_store.text_array(p_warnings));
    return l_response.to_clob;
  end actions_json;

  -- agentmem:commits (DDL, autonomous)
  function install_end_user_context return clob
  is
    l_actions  agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_warnings agentmem_util.t_text_list := agentmem_util.t_text_list();
  begin
    agentmem_end_user.forbid_end_user('install_end_user_context');
    agentmem_end_user.install_context(l_actions, l_warnings);
    return actions_json(l_actions, l_warnings);
  end install_end_user_context;

  -- agentmem:commits (DDL, autonomous)
  function uninstall_end_user_context return clob
  is
    l_actions  agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_warnings agentmem_util.t_text_list := agentmem_util.t_text_list();
  begin
    agentmem_end_user.forbid_end_user('uninstall_end_user_context');
    agentmem_end_user.uninstall_context(l_actions, l_warnings);
    return actions_json(l_actions, l_warnings);
  end uninstall_end_user_context;

  -- == Records (issue 5) ==========================================================

  -- Writes take a savepoint and roll back to it on error (atomic calls);
  -- reads write nothing and take none, so they can run inside a query.

  function add_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_add_records;
    l_response := agentmem_record_write.add_records(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_add_records;
      raise;
  end add_records;

  function add_user(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_add_user;
    l_response := agentmem_record_write.add_actor('user', p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_add_user;
      raise;
  end add_user;

  function add_agent(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_add_agent;
    l_response := agentmem_record_write.add_actor('agent', p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_add_agent;
      raise;
  end add_agent;

  function get_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
  begin
    return agentmem_record_read.get_record(p_store_id, p_request, p_schema_owner);
  end get_record;

  function list_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
  begin
    return agentmem_record_read.list_records(p_store_id, p_request, p_schema_owner);
  end list_records;

  function update_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_update_record;
    l_response := agentmem_record_edit.update_record(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_update_record;
      raise;
  end update_record;

  function delete_record(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_delete_record;
    l_response := agentmem_record_edit.delete_record(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_delete_record;
      raise;
  end delete_record;

  function delete_thread(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_delete_thread;
    l_response := agentmem_record_edit.delete_thread(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_delete_thread;
      raise;
  end delete_thread;

  function list_thread_messages(p_store_id in varchar2, p_request in clob,
                                p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_record_read.list_thread_messages(p_store_id, p_request, p_schema_owner);
  end list_thread_messages;

  function add_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_add_relations;
    l_response := agentmem_relation.add_relations(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_add_relations;
      raise;
  end add_relations;

  function get_relation(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
  begin
    return agentmem_relation.get_relation(p_store_id, p_request, p_schema_owner);
  end get_relation;

  function list_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
  begin
    return agentmem_relation.list_relations(p_store_id, p_request, p_schema_owner);
  end list_relations;

  function update_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_update_relations;
    l_response := agentmem_relation.update_relations(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_update_relations;
      raise;
  end update_relations;

  function delete_relations(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_delete_relations;
    l_response := agentmem_relation.delete_relations(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_delete_relations;
      raise;
  end delete_relations;

  -- Request builders of the typed conveniences: a NULL value leaves the
  -- key out (omitted), as the spec says.
  procedure rec_put(p_request in out nocopy json_object_t, p_key in varchar2, p_value in varchar2)
  is
  begin
    if p_value is not null then
      p_request.put(p_key, p_value);
    end if;
  end rec_put;

  -- p_key: a one-entry list holding p_text (JSON null for NULL).
  procedure rec_put_list(p_request in out nocopy json_object_t, p_key in varchar2, p_text in clob)
  is
    l_holder json_object_t := json_object_t();
    l_list   json_array_t := json_array_t();
  begin
    agentmem_util.put_clob(l_holder, 'v', p_text);
    l_list.append(l_holder.get('v'));
    p_request.put(p_key, l_list);
  end rec_put_list;

  procedure rec_put_metadata(p_request in out nocopy json_object_t, p_metadata in clob)
  is
  begin
    if p_metadata is not null then
      p_request.put('metadata', agentmem_util.parse_object(p_metadata, 'p_metadata'));
    end if;
  end rec_put_metadata;

  function add_memory(p_store_id in varchar2, p_content in clob, p_user_id in varchar2 default null,
                      p_agent_id in varchar2 default null, p_thread_id in varchar2 default null,
                      p_record_type in varchar2 default 'memory', p_metadata in clob default null,
                      p_record_id in varchar2 default null, p_schema_owner in varchar2 default null)
    return varchar2
  is
    l_request json_object_t := json_object_t();
  begin
    -- add_records would take any type; this convenience is documented for
    -- the memory-like ones only (a thread or message needs other keys).
    if lower(p_record_type) not in ('memory', 'fact', 'guideline', 'preference') or p_record_type is null then
      agentmem_util.raise_error(co_invalid_argument,
        'INVALID_ARGUMENT: p_record_type ' || agentmem_util.shown_text(p_record_type)
        || ' must be memory, fact, guideline or preference; add_memory adds memory-like records'
        || ' (use add_message, add_user_profile, add_agent_profile or add_records for other types)');
    end if;
    rec_put(l_request, 'record_type', p_record_type);
    rec_put_list(l_request, 'contents', p_content);
    rec_put(l_request, 'record_ids', p_record_id);
    rec_put(l_request, 'thread_ids', p_thread_id);
    rec_put(l_request, 'user_ids', p_user_id);
    rec_put(l_request, 'agent_ids', p_agent_id);
    rec_put_metadata(l_request, p_metadata);
    return json_object_t.parse(add_records(p_store_id, l_request.to_clob, p_schema_owner))
             .get_array('ids').get_string(0);
  end add_memory;

  function add_message(p_store_id in varchar2, p_thread_id in varchar2, p_role in varchar2, p_content in clob,
                       p_user_id in varchar2 default null, p_agent_id in varchar2 default null,
                       p_metadata in clob default null, p_record_id in varchar2 default null,
                       p_schema_owner in varchar2 default null) return varchar2
  is
    l_request json_object_t := json_object_t();
    l_empty   clob;
  begin
    l_request.put('record_type', 'message');
    -- A message always has text: NULL is sent as "" (a zero-length LOB,
    -- which is not NULL; a PL/SQL '' would be).
    if p_content is null then
      dbms_lob.createtemporary(lob_loc => l_empty, cache => true);
      rec_put_list(l_request, 'contents', l_empty);
    else
      rec_put_list(l_request, 'contents', p_content);
    end if;
    rec_put(l_request, 'record_ids', p_record_id);
    rec_put(l_request, 'thread_ids', p_thread_id);
    rec_put(l_request, 'roles', p_role);
    rec_put(l_request, 'user_ids', p_user_id);
    rec_put(l_request, 'agent_ids', p_agent_id);
    rec_put_metadata(l_request, p_metadata);
    return json_object_t.parse(add_records(p_store_id, l_request.to_clob, p_schema_owner))
             .get_array('ids').get_string(0);
  end add_message;

  function add_user_profile(p_store_id in varchar2, p_user_id in varchar2, p_information in clob,
                            p_metadata in clob default null, p_schema_owner in varchar2 default null)
    return varchar2
  is
    l_request json_object_t := json_object_t();
  begin
    rec_put(l_request, 'user_id', p_user_id);
    if p_information is not null then
      agentmem_util.put_clob(l_request, 'information', p_information);
    end if;
    rec_put_metadata(l_request, p_metadata);
    return json_object_t.parse(add_user(p_store_id, l_request.to_clob, p_schema_owner)).get_string('id');
  end add_user_profile;

  function add_agent_profile(p_store_id in varchar2, p_agent_id in varchar2, p_information in clob,
                             p_metadata in clob default null, p_schema_owner in varchar2 default null)
    return varchar2
  is
    l_request json_object_t := json_object_t();
  begin
    rec_put(l_request, 'agent_id', p_agent_id);
    if p_information is not null then
      agentmem_util.put_clob(l_request, 'information', p_information);
    end if;
    rec_put_metadata(l_request, p_metadata);
    return json_object_t.parse(add_agent(p_store_id, l_request.to_clob, p_schema_owner)).get_string('id');
  end add_agent_profile;

  function get_content(p_store_id in varchar2, p_record_type in varchar2, p_record_id in varchar2,
                       p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_record_read.get_content(p_store_id, p_record_type, p_record_id, p_schema_owner);
  end get_content;

  function delete_by_id(p_store_id in varchar2, p_record_type in varchar2, p_record_id in varchar2,
                        p_cascade in boolean default false, p_schema_owner in varchar2 default null)
    return pls_integer
  is
    l_request json_object_t := json_object_t();
  begin
    rec_put(l_request, 'record_type', p_record_type);
    rec_put(l_request, 'record_id', p_record_id);
    if p_cascade is not null then
      l_request.put('cascade', p_cascade);
    end if;
    return json_object_t.parse(delete_record(p_store_id, l_request.to_clob, p_schema_owner)).get_number('deleted');
  end delete_by_id;

  -- == Search (issue 6) ===========================================================

  -- Read-only: no savepoint (a savepoint cannot run inside a query, and
  -- search is callable from SQL); nothing to roll back.
  function search(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_search.search(p_store_id, p_request, p_schema_owner);
  end search;

  function search_rows(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return t_search_rows pipelined
  is
    l_rows t_search_rows := agentmem_search.search_rows(p_store_id, p_request, p_schema_owner);
  begin
    for i in 1 .. l_rows.count loop
      pipe row (l_rows(i));
    end loop;
    return;
  end search_rows;

  function chunk_text(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_search.chunk_text(p_store_id, p_request, p_schema_owner);
  end chunk_text;

  -- agentmem:commits (job entry point, see the spec)
  procedure sync_search_index(p_store_id in varchar2)
  is
  begin
    agentmem_end_user.forbid_end_user('sync_search_index');
    agentmem_search.sync_search_index(p_store_id);
  end sync_search_index;

  -- == End of sections ==

  -- == Threads (issue 12) =======================================================

  -- Writes hold a savepoint; reads (thread_get_message, thread_get_messages,
  -- thread_list_images, thread_get_summary) take none, like get_record.

  function open_thread(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_open_thread;
    l_response := agentmem_thread.open_thread(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_open_thread;
      raise;
  end open_thread;

  function thread_add_messages(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_add_messages;
    l_response := agentmem_thread.add_messages(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_add_messages;
      raise;
  end thread_add_messages;

  function thread_add_memory(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_add_memory;
    l_response := agentmem_thread.add_memory(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_add_memory;
      raise;
  end thread_add_memory;

  function thread_get_message(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
  begin
    return agentmem_thread.get_message(p_store_id, p_request, p_schema_owner);
  end thread_get_message;

  function thread_get_messages(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
  begin
    return agentmem_thread.get_messages(p_store_id, p_request, p_schema_owner);
  end thread_get_messages;

  function thread_update_message(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_update_message;
    l_response := agentmem_thread.update_owned('message', p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_update_message;
      raise;
  end thread_update_message;

  function thread_update_memory(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_update_memory;
    l_response := agentmem_thread.update_owned('memory', p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_update_memory;
      raise;
  end thread_update_memory;

  function thread_delete_message(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_delete_message;
    l_response := agentmem_thread.delete_owned('message', p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_delete_message;
      raise;
  end thread_delete_message;

  function thread_delete_memory(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_delete_memory;
    l_response := agentmem_thread.delete_owned('memory', p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_delete_memory;
      raise;
  end thread_delete_memory;

  function thread_add_image(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_add_image;
    l_response := agentmem_thread.add_image(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_add_image;
      raise;
  end thread_add_image;

  function thread_update_image(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_update_image;
    l_response := agentmem_thread.update_image(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_update_image;
      raise;
  end thread_update_image;

  function thread_list_images(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
  begin
    return agentmem_thread.list_images(p_store_id, p_request, p_schema_owner);
  end thread_list_images;

  function thread_delete_image(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_delete_image;
    l_response := agentmem_thread.delete_owned('image', p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_delete_image;
      raise;
  end thread_delete_image;

  function thread_link_records(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_link_records;
    l_response := agentmem_thread.link_records(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_link_records;
      raise;
  end thread_link_records;

  function thread_update_record_link(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_update_record_link;
    l_response := agentmem_thread.update_record_link(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_update_record_link;
      raise;
  end thread_update_record_link;

  function thread_delete_record_link(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
    l_response clob;
  begin
    savepoint agentmem_thread_delete_record_link;
    l_response := agentmem_thread.delete_record_link(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_thread_delete_record_link;
      raise;
  end thread_delete_record_link;

  function thread_get_summary(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
  begin
    return agentmem_thread.get_summary(p_store_id, p_request, p_schema_owner);
  end thread_get_summary;

  -- Read-only: no savepoint (like search).
  function thread_search(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2 default null)
    return clob
  is
  begin
    return agentmem_thread_card.search(p_store_id, p_request, p_schema_owner);
  end thread_search;

  function thread_get_context_card(p_store_id in varchar2, p_request in clob,
                                   p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_thread_card.context_card(p_store_id, p_request, p_schema_owner);
  end thread_get_context_card;

  function estimate_tokens(p_text in clob) return pls_integer
  is
  begin
    return agentmem_thread.estimate_tokens(p_text);
  end estimate_tokens;

  function thread_complete_llm_tasks(p_store_id in varchar2, p_request in clob,
                                     p_schema_owner in varchar2 default null) return clob
  is
    l_response clob;
  begin
    savepoint agentmem_complete_llm_tasks;
    l_response := agentmem_llm_tasks.complete_tasks(p_store_id, p_request, p_schema_owner);
    return l_response;
  exception
    when others then
      rollback to savepoint agentmem_complete_llm_tasks;
      raise;
  end thread_complete_llm_tasks;

  -- Writes nothing (its counts run in autonomous transactions): no savepoint.
  function thread_wait_for_memory_extraction(p_store_id in varchar2, p_request in clob,
                                             p_schema_owner in varchar2 default null) return clob
  is
  begin
    return agentmem_llm_tasks.wait_for_extraction(p_store_id, p_request, p_schema_owner);
  end thread_wait_for_memory_extraction;

end dbms_agent_memory_store;
/
