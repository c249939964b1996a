create or replace package body agentmem_store_admin
as

  -- ORA-00942: table or view does not exist; ORA-01031: insufficient privileges.
  e_table_missing exception;
  pragma exception_init(e_table_missing, -942);
  e_no_privilege exception;
  pragma exception_init(e_no_privilege, -1031);
  -- ORA-00955: name is already used by an existing object.
  e_name_used exception;
  pragma exception_init(e_name_used, -955);
  -- ORA-01927: cannot REVOKE privileges you did not grant.
  e_not_granted exception;
  pragma exception_init(e_not_granted, -1927);
  -- ORA-01917: user or role does not exist (a GRANT or REVOKE naming neither).
  e_no_grantee exception;
  pragma exception_init(e_no_grantee, -1917);

  co_registry constant varchar2(30 char) := 'AGENTMEM_STORE_REGISTRY';
  co_facade   constant varchar2(30 char) := 'DBMS_AGENT_MEMORY_STORE';
  subtype t_store is agentmem_store_catalog.t_store;

  -- A grantee of grant_access / revoke_access: a user or a role. A user is
  -- told from a role by SYS.ALL_USERS ("lists all users of the database",
  -- Database Reference, ALL_USERS); roles are not listed there, and
  -- DBA_ROLES is not readable by a schema owner without SELECT ANY
  -- DICTIONARY, so a name that is not a user is taken for a role and the
  -- GRANT itself decides: ORA-01917 "user or role does not exist" (Database
  -- Error Messages) becomes INVALID_ARGUMENT. Both are named in the
  -- GRANT/REVOKE text by agentmem_util.sql_name (for a user the same quoted
  -- name sql_schema gives; sql_schema would refuse a role, which is no schema).
  type t_grantee is record (
    dict_name varchar2(128 char),   -- as in the dictionary (upper case)
    is_user   boolean               -- false: a role (or nothing, which the GRANT reports)
  );

  procedure fail(p_code in pls_integer, p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(p_code, p_message);
  end fail;

  ------------------------------------------------------------------------------
  -- Describe and list
  ------------------------------------------------------------------------------

  function row_count(p_owner in varchar2, p_table in varchar2) return number
  is
    l_count number;
  begin
    execute immediate 'select count(*) from ' || agentmem_util.sql_object(p_owner, p_table) into l_count;
    return l_count;
  exception
    when e_table_missing or e_no_privilege then
      return null;   -- absent, or not granted to this caller: unknown, not zero
  end row_count;

  -- The store's security policies from its owner's AGENTMEM_SECURITY_POLICY
  -- (docs/security.md, "Policies"): {"enforcement": "VPD" |
  -- "DEEP_DATA_SECURITY", "policies": [name, ...]}, one query; null when the
  -- store has none, or the caller cannot read that table (ORA-00942: the
  -- runtime user usually holds no SELECT on it; or migration 000003 not
  -- applied): describe_store then says nothing rather than fail.
  function security_json(p_store in t_store) return json_object_t
  is
    l_policies agentmem_util.t_text_list;
    l_modes    agentmem_util.t_text_list;
    l_list     json_array_t := json_array_t();
    l_result   json_object_t := json_object_t();
  begin
    execute immediate 'select policy, enforcement from '
                      || agentmem_util.sql_object(p_store.owner, 'AGENTMEM_SECURITY_POLICY')
                      || ' where store_id = :b_store order by policy'
      bulk collect into l_policies, l_modes using p_store.store_key;
    if l_policies.count = 0 then
      return null;
    end if;
    for i in 1 .. l_policies.count loop
      l_list.append(l_policies(i));
    end loop;
    -- One mode per store (add_security_policies refuses a second one).
    l_result.put('enforcement', l_modes(1));
    l_result.put('policies', l_list);
    return l_result;
  exception
    when e_table_missing or e_no_privilege then
      return null;
  end security_json;

  function repair_hint(p_store in t_store, p_missing in agentmem_util.t_text_list) return varchar2
  is
  begin
    if p_store.status in ('BROKEN', 'CREATING') then
      return 'open with CREATE_IF_NECESSARY as the owner ' || p_store.owner || ' to repair the store ('
             || p_store.status || ': ' || nvl(p_store.status_detail, 'a create or repair did not finish') || ')';
    elsif p_store.status = 'DROPPING' then
      return 'run drop_store again as the owner ' || p_store.owner || ': a drop was interrupted';
    elsif p_store.schema_version < agentmem_store_catalog.co_schema_version then
      return 'run upgrade_store as the owner ' || p_store.owner || ': schema_version ' || p_store.schema_version
             || ' is older than ' || agentmem_store_catalog.co_schema_version;
    elsif p_missing.count > 0 then
      return 'open with CREATE_IF_NECESSARY as the owner ' || p_store.owner || ' to create or rebuild: '
             || substr(agentmem_util.join_list(p_missing), 1, 3000);
    end if;
    return null;
  end repair_hint;

  function describe_store(p_store_id in varchar2, p_schema_owner in varchar2) return clob
  is
    l_store    t_store := agentmem_store.locate(p_store_id, p_schema_owner);
    l_expected agentmem_store_catalog.t_object_list;
    l_object   json_object_t;
    l_objects  json_array_t := json_array_t();
    l_counts   json_object_t := json_object_t();
    l_bases    agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
    l_status   varchar2(30 char);
    l_count    number;
    l_hint     varchar2(32767);   -- status_detail alone may take 4000 bytes
    l_security json_object_t;
    l_response json_object_t := json_object_t();
  begin
    if not l_store.registered then
      fail(dbms_agent_memory_store.co_not_found,
        'NOT_FOUND: ' || agentmem_store_catalog.display_name(l_store) || ' is not registered in '
        || l_store.owner || '.' || co_registry || '; check p_store_id and p_schema_owner (list_stores shows the stores)');
    end if;
    -- The job section is read with the owner's rights (AGENTMEM_JOB_INFO):
    -- only for a caller the owner granted this store, not any reader of the
    -- registry.
    agentmem_store.require_access(l_store);
    l_expected := agentmem_store_catalog.expected_objects(l_store.table_prefix, l_store.config);
    for i in 1 .. l_expected.count loop
      -- Columns and constraints are checked (missing_objects, repair_hint)
      -- but not listed: the list names schema objects.
      if l_expected(i).object_type not in ('COLUMN', 'CONSTRAINT') then
        l_status := agentmem_store_catalog.object_status(l_store.owner, l_expected(i));
        l_object := json_object_t();
        l_object.put('name', l_expected(i).name);
        l_object.put('type', l_expected(i).object_type);
        if l_status is null then
          l_object.put_null('status');
        else
          l_object.put('status', l_status);
        end if;
        l_object.put('present', l_status is not null);
        l_objects.append(l_object);
      end if;
    end loop;
    for i in 1 .. l_bases.count loop
      l_count := row_count(l_store.owner, l_store.table_prefix || l_bases(i));
      if l_count is null then
        l_counts.put_null(l_bases(i));
      else
        l_counts.put(l_bases(i), l_count);
      end if;
    end loop;
    l_hint := repair_hint(l_store, agentmem_store_catalog.missing_objects(l_store, l_store.config));
    l_response.put('store', agentmem_store.store_json(l_store));
    l_response.put('objects', l_objects);
    l_response.put('row_counts', l_counts);
    -- Jobs through the owner's definer-rights reader: a runtime user sees
    -- the owner's jobs and their last runs (ALL_SCHEDULER_JOBS would hide them).
    l_response.put('jobs', agentmem_job_info.jobs_json(l_store));
    l_security := security_json(l_store);
    if l_security is null then
      l_response.put_null('security');
    else
      l_response.put('security', l_security);
    end if;
    if l_hint is null then
      l_response.put_null('repair_hint');
    else
      l_response.put('repair_hint', l_hint);
    end if;
    return l_response.to_clob;
  end describe_store;

  function list_stores(p_schema_owner in varchar2) return clob
  is
    l_owner    varchar2(128 char) := agentmem_store.resolve_owner(p_schema_owner);
    l_keys     agentmem_util.t_text_list := agentmem_store_catalog.registered_keys(l_owner);
    l_stores   json_array_t := json_array_t();
    l_response json_object_t := json_object_t();
  begin
    for i in 1 .. l_keys.count loop
      declare
        l_store t_store;
      begin
        l_store.owner := l_owner;
        l_store.store_key := l_keys(i);
        l_store.store_id := case when l_keys(i) <> agentmem_store_catalog.co_default_key then l_keys(i) end;
        l_store.table_prefix := case when l_store.store_id is not null then l_store.store_id || '_' end;
        agentmem_store_catalog.read_registry(l_store);
        if l_store.registered then   -- a row dropped meanwhile is skipped
          l_stores.append(agentmem_store.store_json(l_store));
        end if;
      end;
    end loop;
    l_response.put('stores', l_stores);
    return l_response.to_clob;
  end list_stores;

  ------------------------------------------------------------------------------
  -- Grants
  ------------------------------------------------------------------------------

  function granted(p_grantee in varchar2, p_object in varchar2, p_privilege in varchar2) return boolean
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from sys.user_tab_privs_made
     where grantee = p_grantee and table_name = p_object and privilege = p_privilege;
    return l_count > 0;
  end granted;

  -- Revokes one object privilege when this user granted it; privilege
  -- keywords cannot be bound, hence one literal statement per privilege.
  -- p_grantee is a user or a role (t_grantee), as in the dictionary.
  procedure revoke_if_granted(p_owner in varchar2, p_object in varchar2, p_grantee in varchar2,
                              p_privilege in varchar2)
  is
  begin
    if not granted(p_grantee, p_object, p_privilege) then
      return;
    end if;
    case p_privilege
      when 'SELECT' then
        execute immediate 'revoke select on ' || agentmem_util.sql_object(p_owner, p_object) || ' from '
          || agentmem_util.sql_name(p_grantee, 'p_grantee');
      when 'INSERT' then
        execute immediate 'revoke insert on ' || agentmem_util.sql_object(p_owner, p_object) || ' from '
          || agentmem_util.sql_name(p_grantee, 'p_grantee');
      when 'UPDATE' then
        execute immediate 'revoke update on ' || agentmem_util.sql_object(p_owner, p_object) || ' from '
          || agentmem_util.sql_name(p_grantee, 'p_grantee');
      when 'DELETE' then
        execute immediate 'revoke delete on ' || agentmem_util.sql_object(p_owner, p_object) || ' from '
          || agentmem_util.sql_name(p_grantee, 'p_grantee');
      when 'EXECUTE' then
        execute immediate 'revoke execute on ' || agentmem_util.sql_object(p_owner, p_object) || ' from '
          || agentmem_util.sql_name(p_grantee, 'p_grantee');
    end case;
  end revoke_if_granted;

  function checked_grantee(p_store in t_store, p_grantee in varchar2) return t_grantee
  is
    l_grantee t_grantee;
    l_users   pls_integer;
  begin
    -- sql_name validates the form (an unquoted identifier) and returns it
    -- quoted in upper case: the dictionary name is that without the quotes.
    l_grantee.dict_name := trim(both '"' from agentmem_util.sql_name(p_grantee, 'p_grantee'));
    if l_grantee.dict_name = p_store.owner then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: p_grantee ' || agentmem_util.quoted(p_grantee) || ' is the owner of the store;'
        || ' grant access to the runtime user or role, not to the owner');
    end if;
    select count(*) into l_users from sys.all_users where username = l_grantee.dict_name;
    l_grantee.is_user := l_users > 0;
    return l_grantee;
  end checked_grantee;

  -- The store's embedding model when it lives in the owner's schema (a model
  -- of another schema is that schema's to grant), else NULL.
  function owned_model(p_store in t_store) return varchar2
  is
    l_model varchar2(261 char) := p_store.config.embedding_model;
  begin
    if l_model is null then
      return null;
    elsif instr(l_model, '.') = 0 then
      return l_model;
    elsif substr(l_model, 1, instr(l_model, '.') - 1) = p_store.owner then
      return substr(l_model, instr(l_model, '.') + 1);
    end if;
    return null;
  end owned_model;

  -- agentmem:commits (autonomous transaction, see the spec)
  procedure grant_access(p_store_id in varchar2, p_grantee in varchar2, p_access in varchar2,
                         p_create_synonyms in boolean)
  is
    pragma autonomous_transaction;
    l_store   t_store := agentmem_store.locate_own(p_store_id);
    -- Any length: an overlong p_access gets the INVALID_ARGUMENT below, not ORA-06502.
    l_access  varchar2(32767) := upper(nvl(p_access, 'READ_WRITE'));
    l_bases   agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
    l_grantee t_grantee;
    l_table   varchar2(128 char);
    l_model   varchar2(128 char) := owned_model(l_store);
  begin
    if l_access not in ('READ_WRITE', 'READ_ONLY') then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: p_access ' || agentmem_util.quoted(p_access) || ' must be READ_WRITE or READ_ONLY');
    end if;
    l_grantee := checked_grantee(l_store, p_grantee);
    -- PUBLIC is a grantee of GRANT that stands for every database user; the
    -- quoted "PUBLIC" sql_name gives is taken to be the same (DBMS_METADATA
    -- writes grants to PUBLIC as TO "PUBLIC"), so the name is refused here.
    if l_grantee.dict_name = 'PUBLIC' then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: p_grantee ' || agentmem_util.quoted(p_grantee) || ' would grant the store to every'
        || ' database user; grant access to the runtime user or to a role granted to it');
    end if;
    if nvl(p_create_synonyms, false) and not l_grantee.is_user then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: p_create_synonyms => true needs a user: ' || l_grantee.dict_name || ' is not a user'
        || ' (a role has no schema to hold synonyms); pass p_create_synonyms => false and let each user'
        || ' of the role create its own synonyms, or use schema_owner => ''' || l_store.owner || '''');
    end if;
    if nvl(p_create_synonyms, false) and not agentmem_util.has_privilege('CREATE ANY SYNONYM') then
      fail(dbms_agent_memory_store.co_privilege_missing,
        'PRIVILEGE_MISSING: p_create_synonyms => true creates synonyms in schema ' || l_grantee.dict_name
        || ', which needs the CREATE ANY SYNONYM privilege; ' || l_store.owner || ' does not hold it. Pass'
        || ' p_create_synonyms => false and let ' || l_grantee.dict_name || ' create its own synonyms (CREATE SYNONYM,'
        || ' see docs/stores.md)');
    end if;

    for i in 1 .. l_bases.count loop
      l_table := l_store.table_prefix || l_bases(i);
      if l_access = 'READ_WRITE' then
        execute immediate 'grant select, insert, update, delete on ' || agentmem_util.sql_object(l_store.owner, l_table)
          || ' to ' || agentmem_util.sql_name(p_grantee, 'p_grantee');
      else
        execute immediate 'grant select on ' || agentmem_util.sql_object(l_store.owner, l_table)
          || ' to ' || agentmem_util.sql_name(p_grantee, 'p_grantee');
        -- Downgrading from READ_WRITE: READ_ONLY means exactly SELECT.
        revoke_if_granted(l_store.owner, l_table, l_grantee.dict_name, 'INSERT');
        revoke_if_granted(l_store.owner, l_table, l_grantee.dict_name, 'UPDATE');
        revoke_if_granted(l_store.owner, l_table, l_grantee.dict_name, 'DELETE');
      end if;
    end loop;
    -- The registry is read to open the store; runtime users never write it.
    execute immediate 'grant select on ' || agentmem_util.sql_object(l_store.owner, co_registry)
      || ' to ' || agentmem_util.sql_name(p_grantee, 'p_grantee');
    execute immediate 'grant execute on ' || agentmem_util.sql_object(l_store.owner, co_facade)
      || ' to ' || agentmem_util.sql_name(p_grantee, 'p_grantee');
    if l_model is not null then
      execute immediate 'grant select on mining model ' || agentmem_util.sql_object(l_store.owner, l_model)
        || ' to ' || agentmem_util.sql_name(p_grantee, 'p_grantee');
    end if;

    if nvl(p_create_synonyms, false) then
      for i in 0 .. l_bases.count loop
        l_table := case when i = 0 then co_registry else l_store.table_prefix || l_bases(i) end;
        begin
          execute immediate 'create or replace synonym ' || agentmem_util.sql_object(l_grantee.dict_name, l_table)
            || ' for ' || agentmem_util.sql_object(l_store.owner, l_table);
        exception
          when e_name_used then
            fail(dbms_agent_memory_store.co_invalid_argument,
              'INVALID_ARGUMENT: p_create_synonyms: schema ' || l_grantee.dict_name || ' already has an object named '
              || l_table || ' that is not a synonym; rename it, or pass p_create_synonyms => false and use'
              || ' schema_owner => ''' || l_store.owner || '''');
        end;
      end loop;
    end if;
    commit;
  exception
    when e_no_grantee then
      rollback;
      raise_application_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: p_grantee ' || agentmem_util.quoted(p_grantee) || ' is neither an existing user nor an'
        || ' existing role (ORA-01917); create it first (CREATE USER or CREATE ROLE), then grant access again');
    when others then
      rollback;
      raise;
  end grant_access;

  -- True when p_grantee can still read another store of this owner (then the
  -- registry, facade and model grants it shares with this store stay).
  function has_other_store(p_store in t_store, p_grantee in varchar2) return boolean
  is
    l_keys agentmem_util.t_text_list := agentmem_store_catalog.registered_keys(p_store.owner);
  begin
    for i in 1 .. l_keys.count loop
      if l_keys(i) <> p_store.store_key
         and granted(p_grantee, case when l_keys(i) = agentmem_store_catalog.co_default_key then 'THREAD'
                                     else l_keys(i) || '_THREAD' end, 'SELECT') then
        return true;
      end if;
    end loop;
    return false;
  end has_other_store;

  procedure drop_synonym_if_ours(p_owner in varchar2, p_grantee in varchar2, p_name in varchar2)
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from sys.all_synonyms
     where owner = p_grantee and synonym_name = p_name and table_owner = p_owner and table_name = p_name;
    if l_count > 0 then
      execute immediate 'drop synonym ' || agentmem_util.sql_object(p_grantee, p_name);
    end if;
  end drop_synonym_if_ours;

  -- agentmem:commits (autonomous transaction, see the spec)
  procedure revoke_access(p_store_id in varchar2, p_grantee in varchar2)
  is
    pragma autonomous_transaction;
    l_store    t_store := agentmem_store.locate_own(p_store_id);
    l_bases    agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
    l_grantee  t_grantee;
    l_synonyms boolean := agentmem_util.has_privilege('DROP ANY SYNONYM');
    l_model    varchar2(128 char) := owned_model(l_store);
  begin
    l_grantee := checked_grantee(l_store, p_grantee);
    for i in 1 .. l_bases.count loop
      revoke_if_granted(l_store.owner, l_store.table_prefix || l_bases(i), l_grantee.dict_name, 'SELECT');
      revoke_if_granted(l_store.owner, l_store.table_prefix || l_bases(i), l_grantee.dict_name, 'INSERT');
      revoke_if_granted(l_store.owner, l_store.table_prefix || l_bases(i), l_grantee.dict_name, 'UPDATE');
      revoke_if_granted(l_store.owner, l_store.table_prefix || l_bases(i), l_grantee.dict_name, 'DELETE');
      -- Synonyms the owner created with CREATE ANY SYNONYM; without DROP ANY
      -- SYNONYM they stay (pointing at objects the grantee can no longer read).
      if l_synonyms and l_grantee.is_user then
        drop_synonym_if_ours(l_store.owner, l_grantee.dict_name, l_store.table_prefix || l_bases(i));
      end if;
    end loop;
    if not has_other_store(l_store, l_grantee.dict_name) then
      revoke_if_granted(l_store.owner, co_registry, l_grantee.dict_name, 'SELECT');
      revoke_if_granted(l_store.owner, co_facade, l_grantee.dict_name, 'EXECUTE');
      if l_model is not null then
        begin
          execute immediate 'revoke select on mining model ' || agentmem_util.sql_object(l_store.owner, l_model)
            || ' from ' || agentmem_util.sql_name(p_grantee, 'p_grantee');
        exception
          when e_not_granted or e_no_grantee then
            null;   -- never granted (or already revoked): the goal is reached
        end;
      end if;
      if l_synonyms and l_grantee.is_user then
        drop_synonym_if_ours(l_store.owner, l_grantee.dict_name, co_registry);
      end if;
    end if;
    commit;
  exception
    when others then
      rollback;
      raise;
  end revoke_access;

end agentmem_store_admin;
/
