create or replace package body agentmem_security
as

  -- ORA-00942: table or view does not exist (the registry of migration
  -- 000003 is missing or not readable).
  e_table_missing exception;
  pragma exception_init(e_table_missing, -942);

  co_policy_table constant varchar2(30 char) := 'AGENTMEM_SECURITY_POLICY';
  co_grant_table  constant varchar2(30 char) := 'AGENTMEM_SECURITY_GRANT';

  co_policy_list    constant varchar2(60 char) := 'USER_OWN_ROWS,GLOBAL_MEMORIES';
  co_mode_list      constant varchar2(60 char) := 'VPD,DEEP_DATA_SECURITY';
  co_principal_list constant varchar2(60 char) := 'END_USER,DATA_ROLE,OCI_GROUP';

  -- Deep Data Security: 26ai release update 23.26.2 and COMPATIBLE >= 20
  -- (docs/security.md, "Deep Data Security", lists the sources).
  co_dds_major      constant pls_integer := 23;
  co_dds_minor      constant pls_integer := 26;
  co_dds_update     constant pls_integer := 2;
  co_dds_compatible constant pls_integer := 20;

  subtype t_store is agentmem_store_catalog.t_store;

  -- One principal of a grant or revoke request: type, and the name as the
  -- registry keeps it (VPD END_USER exact; Deep Data Security END_USER and
  -- DATA_ROLE upper case; OCI_GROUP exact).
  type t_principal is record (
    principal_type varchar2(30 char),
    name           varchar2(128 char)
  );
  type t_principal_list is table of t_principal;

  -- What the database offers for the two enforcement modes.
  type t_caps is record (
    release     varchar2(160 char),
    compatible  varchar2(160 char),
    deep_sec    boolean := false,
    vpd         boolean := false,
    missing     agentmem_util.t_text_list,   -- what is missing
    fixes       agentmem_util.t_text_list    -- the fix of each, same index
  );

  procedure fail(p_code in pls_integer, p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(p_code, p_message);
  end fail;

  ------------------------------------------------------------------------------
  -- Stores and the registry
  ------------------------------------------------------------------------------

  -- The registered store p_store_id of p_schema_owner (NULL: the caller's
  -- schema, or the owner a private AGENTMEM_STORE_REGISTRY synonym points to).
  function locate_store(p_store_id in varchar2, p_schema_owner in varchar2) return t_store
  is
    l_store t_store := agentmem_store.locate(p_store_id, p_schema_owner);
  begin
    if not l_store.registered then
      fail(dbms_agent_memory_store.co_not_found,
        'NOT_FOUND: ' || agentmem_store_catalog.display_name(l_store) || ' is not registered; check p_store_id'
        || ' (list_stores shows the stores of a schema)');
    end if;
    return l_store;
  end locate_store;

  procedure registry_missing(p_store in t_store)
  is
  begin
    fail(dbms_agent_memory_store.co_schema_missing,
      'SCHEMA_MISSING: the security registry ' || p_store.owner || '.' || co_policy_table
      || ' is missing or not readable by ' || agentmem_util.current_user_name || ' (' || sqlerrm
      || '): apply migration 000003 as the owner (agentmem migrate up), or ask the owner to grant'
      || ' SELECT, INSERT, DELETE on ' || co_policy_table || ' and ' || co_grant_table || ' (docs/security.md)');
  end registry_missing;

  -- The policies of a store (ordered) and their enforcement mode (NULL when
  -- the store has none).
  procedure read_policies(p_store in t_store, p_policies out nocopy agentmem_util.t_text_list,
                          p_mode out varchar2)
  is
    l_modes agentmem_util.t_text_list;
  begin
    execute immediate 'select policy, enforcement from ' || agentmem_util.sql_object(p_store.owner, co_policy_table)
      || ' where store_id = :k order by policy'
      bulk collect into p_policies, l_modes using p_store.store_key;
    p_mode := case when l_modes.count > 0 then l_modes(1) end;
  exception
    when e_table_missing then
      registry_missing(p_store);
  end read_policies;

  function has_policy(p_policies in agentmem_util.t_text_list, p_policy in varchar2) return boolean
  is
  begin
    for i in 1 .. p_policies.count loop
      if p_policies(i) = p_policy then
        return true;
      end if;
    end loop;
    return false;
  end has_policy;

  function grant_exists(p_store in t_store, p_principal in t_principal, p_policy in varchar2) return boolean
  is
    l_count pls_integer;
  begin
    execute immediate 'select count(*) from ' || agentmem_util.sql_object(p_store.owner, co_grant_table)
      || ' where store_id = :k and principal_type = :t and principal = :p and policy = :y'
      into l_count using p_store.store_key, p_principal.principal_type, p_principal.name, p_policy;
    return l_count > 0;
  end grant_exists;

  -- The OCI groups granted p_policy of the store (registry rows).
  function granted_groups(p_store in t_store, p_policy in varchar2) return agentmem_util.t_text_list
  is
    l_groups agentmem_util.t_text_list;
  begin
    execute immediate 'select principal from ' || agentmem_util.sql_object(p_store.owner, co_grant_table)
      || ' where store_id = :k and principal_type = :t and policy = :y order by principal'
      bulk collect into l_groups using p_store.store_key, co_oci_group, p_policy;
    return l_groups;
  end granted_groups;

  ------------------------------------------------------------------------------
  -- Request readers
  ------------------------------------------------------------------------------

  -- The "policies" list of a request, upper-cased and without duplicates;
  -- NULL when the key is omitted. [] is an empty list.
  function read_policy_list(p_obj in json_object_t, p_op in varchar2) return agentmem_util.t_text_list
  is
    l_element json_element_t;
    l_array   json_array_t;
    l_item    json_element_t;
    l_value   varchar2(64 char);
    l_result  agentmem_util.t_text_list := agentmem_util.t_text_list();
  begin
    if not p_obj.has('policies') then
      return null;
    end if;
    l_element := p_obj.get('policies');
    if not l_element.is_array then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: policies ' || agentmem_util.shown(l_element) || ' in the ' || p_op
        || ' request must be a list of policy names (' || replace(co_policy_list, ',', ', ') || ')');
    end if;
    l_array := treat(l_element as json_array_t);
    for i in 0 .. l_array.get_size - 1 loop
      l_item := l_array.get(i);
      l_value := null;
      -- Length first, through a CLOB: GET_STRING on a string over 32,767
      -- bytes would raise an Oracle error instead of INVALID_ARGUMENT.
      if l_item.is_string and dbms_lob.getlength(agentmem_util.string_value(l_item)) <= 64 then
        l_value := upper(dbms_lob.substr(agentmem_util.string_value(l_item), 64, 1));
      end if;
      if l_value is null or l_value not in (co_user_own_rows, co_global_memories) then
        fail(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: policies[' || i || '] ' || agentmem_util.shown(l_item) || ' in the ' || p_op
          || ' request is not a policy; the policies are ' || replace(co_policy_list, ',', ', ')
          || ' (case-insensitive)');
      end if;
      if not has_policy(l_result, l_value) then
        agentmem_util.append(l_result, l_value);
      end if;
    end loop;
    return l_result;
  end read_policy_list;

  -- Validates a principal name for the store's enforcement mode and returns
  -- it as the registry keeps it. p_path names it in messages.
  function checked_principal(p_type in varchar2, p_name in varchar2, p_mode in varchar2, p_path in varchar2)
    return varchar2
  is
  begin
    if p_mode = co_vpd and p_type <> co_end_user then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_path || '.type ' || agentmem_util.quoted(p_type) || ' is not available in VPD'
        || ' mode: VPD policies are granted to END_USER principals only (the end user the application names'
        || ' with set_end_user); DATA_ROLE and OCI_GROUP need DEEP_DATA_SECURITY (docs/security.md)');
    end if;
    if p_name is null or length(p_name) > 128 or regexp_like(p_name, '[[:cntrl:]]', 'c') then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_path || '.name ' || agentmem_util.shown_text(p_name)
        || ' must be 1 to 128 characters without control characters');
    end if;
    if p_mode = co_vpd or p_type = co_oci_group then
      -- VPD compares it with the name the application passes, exactly; an
      -- OCI group is matched against the token's group claim.
      return p_name;
    end if;
    -- Deep Data Security end users and data roles: unquoted identifiers
    -- (oam-facts §2: a name with '.' or '@' is rejected), resolved upper case.
    if lengthb(p_name) > 128
       or not regexp_like(p_name, '^[' || agentmem_util.co_ascii_letters || '][' || agentmem_util.co_ascii_letters
                                  || '0123456789_$#]*$', 'c') then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_path || '.name ' || agentmem_util.shown_text(p_name) || ' must be an unquoted'
        || ' identifier for a Deep Data Security ' || lower(p_type) || ': a letter, then letters, digits, _, $'
        || ' or # (no quotes, no ''.'' or ''@''), at most 128 bytes');
    end if;
    return upper(p_name);
  end checked_principal;

  -- The "principals" list of a grant or revoke request (required).
  function read_principals(p_obj in json_object_t, p_mode in varchar2, p_op in varchar2) return t_principal_list
  is
    l_element json_element_t;
    l_array   json_array_t;
    l_item    json_object_t;
    l_type    agentmem_util.t_opt_text;
    l_name    agentmem_util.t_opt_text;
    l_path    varchar2(40 char);
    l_result  t_principal_list := t_principal_list();
  begin
    agentmem_util.require_key(p_obj, 'principals', p_op);
    l_element := p_obj.get('principals');
    if not l_element.is_array then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: principals ' || agentmem_util.shown(l_element) || ' in the ' || p_op
        || ' request must be a list of {"type", "name"} objects');
    end if;
    l_array := treat(l_element as json_array_t);
    for i in 0 .. l_array.get_size - 1 loop
      l_path := 'principals[' || i || ']';
      if not l_array.get(i).is_object then
        fail(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: ' || l_path || ' ' || agentmem_util.shown(l_array.get(i)) || ' must be an object'
          || ' {"type": END_USER | DATA_ROLE | OCI_GROUP, "name": "..."}');
      end if;
      l_item := treat(l_array.get(i) as json_object_t);
      agentmem_util.reject_unknown_keys(l_item, 'type,name', l_path || '.');
      l_type := agentmem_util.get_enum(l_item, 'type', co_principal_list, l_path || '.');
      l_name := agentmem_util.get_text(l_item, 'name', l_path || '.', 128);
      if l_type.value is null then
        fail(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: ' || l_path || '.type is required: one of ' || replace(co_principal_list, ',', ', '));
      end if;
      l_result.extend;
      l_result(l_result.last).principal_type := l_type.value;
      l_result(l_result.last).name := checked_principal(l_type.value, l_name.value, p_mode, l_path);
    end loop;
    return l_result;
  end read_principals;

  -- Every policy named must be added to the store; omitted = every policy it has.
  function granted_scope(p_store in t_store, p_requested in agentmem_util.t_text_list,
                         p_registered in agentmem_util.t_text_list, p_op in varchar2) return agentmem_util.t_text_list
  is
  begin
    if p_requested is null then
      return p_registered;
    end if;
    for i in 1 .. p_requested.count loop
      if not has_policy(p_registered, p_requested(i)) then
        fail(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: policy ' || p_requested(i) || ' is not added to '
          || agentmem_store_catalog.display_name(p_store) || ', so ' || p_op || ' cannot use it; add it first'
          || ' with add_security_policies (the store has: '
          || nvl(agentmem_util.join_list(p_registered), 'no policy') || ')');
      end if;
    end loop;
    return p_requested;
  end granted_scope;

  ------------------------------------------------------------------------------
  -- Capabilities
  ------------------------------------------------------------------------------

  procedure add_missing(p_caps in out nocopy t_caps, p_what in varchar2, p_fix in varchar2)
  is
  begin
    agentmem_util.append(p_caps.missing, p_what);
    agentmem_util.append(p_caps.fixes, p_fix);
  end add_missing;

  -- True when SYS.<p_name> (a package or view) is visible to the caller in
  -- SYS.ALL_OBJECTS: a package only when the caller may execute it.
  function sys_object_visible(p_name in varchar2, p_type in varchar2) return boolean
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from sys.all_objects o
     where o.owner = 'SYS' and o.object_name = p_name and o.object_type = p_type;
    return l_count > 0;
  end sys_object_visible;

  function read_caps return t_caps
  is
    l_caps    t_caps;
    l_version varchar2(160 char);
  begin
    l_caps.missing := agentmem_util.t_text_list();
    l_caps.fixes := agentmem_util.t_text_list();
    l_caps.release := agentmem_util.db_version_full;
    -- DB_VERSION is callable by any user; V$PARAMETER would need
    -- SELECT_CATALOG_ROLE (docs/migrations.md, "What doctor reads").
    dbms_utility.db_version(version => l_version, compatibility => l_caps.compatible);

    l_caps.deep_sec := true;
    if not agentmem_util.release_at_least(l_caps.release, co_dds_major, co_dds_minor, co_dds_update) then
      l_caps.deep_sec := false;
      add_missing(l_caps, 'release ' || nvl(l_caps.release, '(unknown)') || ' is older than '
        || co_dds_major || '.' || co_dds_minor || '.' || co_dds_update,
        'Deep Data Security needs Oracle AI Database 26ai release update ' || co_dds_major || '.' || co_dds_minor
        || '.' || co_dds_update || ' or later (an Enterprise-class database; not in Free): upgrade, or use VPD');
    end if;
    if not agentmem_util.release_at_least(l_caps.compatible, co_dds_compatible, 0) then
      l_caps.deep_sec := false;
      add_missing(l_caps, 'COMPATIBLE ' || nvl(l_caps.compatible, '(not readable)') || ' is below '
        || co_dds_compatible || '.0',
        'ORA_END_USER_CONTEXT in data grant predicates needs COMPATIBLE ' || co_dds_compatible
        || '.0 or greater: a DBA raises it with ALTER SYSTEM SET COMPATIBLE (irreversible), or use VPD');
    end if;
    if not sys_object_visible('ALL_DATA_GRANTS', 'VIEW') then
      l_caps.deep_sec := false;
      add_missing(l_caps, 'the Deep Data Security dictionary view SYS.ALL_DATA_GRANTS is absent',
        'this database has no Deep Data Security (26ai Free lacks it): use an Enterprise-class 26ai'
        || ' database at ' || co_dds_major || '.' || co_dds_minor || '.' || co_dds_update || '+, or use VPD');
    end if;
    -- AGENTMEM_VPD calls DBMS_RLS with definer's rights (no roles): its
    -- owner needs a direct or PUBLIC grant, which a role of the caller
    -- (e.g. EXECUTE_CATALOG_ROLE) does not give.
    l_caps.vpd := agentmem_vpd.rls_executable;
    if not l_caps.vpd then
      add_missing(l_caps, 'SYS.DBMS_RLS is not executable by the agentmem owner without roles',
        'VPD needs Enterprise Edition and EXECUTE ON SYS.DBMS_RLS granted directly (not through a role) to the'
        || ' schema that owns the agentmem packages: ask a DBA to GRANT EXECUTE ON SYS.DBMS_RLS TO it');
    end if;
    return l_caps;
  end read_caps;

  -- Raises UNSUPPORTED_RELEASE, before any DDL, when Deep Data Security is
  -- not available, naming 23.26.2, COMPATIBLE 20 and what is missing.
  procedure require_deep_sec(p_op in varchar2)
  is
    l_caps  t_caps := read_caps;
    l_parts agentmem_util.t_text_list := agentmem_util.t_text_list();
  begin
    if l_caps.deep_sec then
      return;
    end if;
    for i in 1 .. l_caps.missing.count loop
      agentmem_util.append(l_parts, l_caps.missing(i) || ' (' || l_caps.fixes(i) || ')');
    end loop;
    fail(dbms_agent_memory_store.co_unsupported_release,
      'UNSUPPORTED_RELEASE: ' || p_op || ' in DEEP_DATA_SECURITY mode needs Oracle AI Database '
      || co_dds_major || '.' || co_dds_minor || '.' || co_dds_update || ' or later with COMPATIBLE '
      || co_dds_compatible || ' or greater; this database: ' || agentmem_util.join_list(l_parts, '; ')
      || '. Nothing was changed; use enforcement VPD instead (docs/security.md)');
  end require_deep_sec;

  procedure require_vpd(p_op in varchar2)
  is
  begin
    -- Checked as AGENTMEM_VPD (definer's rights, no roles) will call it,
    -- before any registry row is written.
    if not agentmem_vpd.rls_executable then
      fail(dbms_agent_memory_store.co_privilege_missing,
        'PRIVILEGE_MISSING: ' || p_op || ' in VPD mode needs EXECUTE ON SYS.DBMS_RLS (Enterprise Edition) granted'
        || ' directly, not through a role, to the schema that owns the agentmem packages (AGENTMEM_VPD runs with'
        || ' its owner''s rights): ask a DBA to GRANT EXECUTE ON SYS.DBMS_RLS TO it. Nothing was changed');
    end if;
  end require_vpd;

  -- Raises PRIVILEGE_MISSING naming p_privilege when the session lacks that
  -- system privilege (one without a schema-level form; data grant and SET
  -- USE DATA GRANTS ONLY privileges may be schema-level, so their absence is
  -- reported when the statement fails, see AGENTMEM_SECURITY_DDS).
  procedure require_privilege(p_privilege in varchar2, p_op in varchar2)
  is
  begin
    if not agentmem_util.has_privilege(p_privilege) then
      fail(dbms_agent_memory_store.co_privilege_missing,
        'PRIVILEGE_MISSING: ' || p_op || ' in DEEP_DATA_SECURITY mode needs the system privilege ' || p_privilege
        || ', which ' || agentmem_util.current_user_name || ' does not hold: ask a DBA to GRANT ' || p_privilege
        || ' TO ' || agentmem_util.current_user_name || '. Nothing was changed');
    end if;
  end require_privilege;

  ------------------------------------------------------------------------------
  -- Registry writes (inside the autonomous calls)
  ------------------------------------------------------------------------------

  -- Inserts the policy row; false when it existed.
  function insert_policy(p_store in t_store, p_policy in varchar2, p_mode in varchar2) return boolean
  is
  begin
    execute immediate 'insert into ' || agentmem_util.sql_object(p_store.owner, co_policy_table)
      || ' (store_id, policy, enforcement) select :k, :p, :e from sys.dual where not exists (select 1 from '
      || agentmem_util.sql_object(p_store.owner, co_policy_table) || ' where store_id = :k2 and policy = :p2)'
      using p_store.store_key, p_policy, p_mode, p_store.store_key, p_policy;
    return sql%rowcount > 0;
  end insert_policy;

  procedure delete_policy(p_store in t_store, p_policy in varchar2)
  is
  begin
    -- ON DELETE CASCADE removes its grant rows.
    execute immediate 'delete from ' || agentmem_util.sql_object(p_store.owner, co_policy_table)
      || ' where store_id = :k and policy = :p' using p_store.store_key, p_policy;
  end delete_policy;

  procedure insert_grant(p_store in t_store, p_principal in t_principal, p_policy in varchar2)
  is
  begin
    execute immediate 'insert into ' || agentmem_util.sql_object(p_store.owner, co_grant_table)
      || ' (store_id, principal_type, principal, policy) values (:k, :t, :p, :y)'
      using p_store.store_key, p_principal.principal_type, p_principal.name, p_policy;
  end insert_grant;

  procedure delete_grant(p_store in t_store, p_principal in t_principal, p_policy in varchar2)
  is
  begin
    execute immediate 'delete from ' || agentmem_util.sql_object(p_store.owner, co_grant_table)
      || ' where store_id = :k and principal_type = :t and principal = :p and policy = :y'
      using p_store.store_key, p_principal.principal_type, p_principal.name, p_policy;
  end delete_grant;

  -- True when the OCI group p_group is granted a policy of the store that
  -- is not in p_leaving (its mapped data role is still a grantee then).
  function group_kept(p_store in t_store, p_group in varchar2, p_leaving in agentmem_util.t_text_list) return boolean
  is
    l_policies agentmem_util.t_text_list;
  begin
    execute immediate 'select policy from ' || agentmem_util.sql_object(p_store.owner, co_grant_table)
      || ' where store_id = :k and principal_type = :t and principal = :p'
      bulk collect into l_policies using p_store.store_key, co_oci_group, p_group;
    for i in 1 .. l_policies.count loop
      if not has_policy(p_leaving, l_policies(i)) then
        return true;
      end if;
    end loop;
    return false;
  end group_kept;

  -- Removes p_policies (registered, in p_mode) from the store: the DDL
  -- first, the registry rows last, so a failure leaves them registered and a
  -- second call completes the removal.
  procedure remove_registered(p_store in t_store, p_policies in agentmem_util.t_text_list,
                              p_registered in agentmem_util.t_text_list, p_mode in varchar2,
                              p_count in out nocopy pls_integer)
  is
    l_left   boolean := false;
    l_groups agentmem_util.t_text_list;
  begin
    if p_policies.count = 0 then
      return;
    end if;
    for i in 1 .. p_registered.count loop
      if not has_policy(p_policies, p_registered(i)) then
        l_left := true;
      end if;
    end loop;
    if p_mode = co_vpd then
      -- The policy functions read the registry: with a policy left they
      -- already grant only what is left; without, the DBMS_RLS policies go.
      if not l_left then
        agentmem_vpd.detach_policies(p_owner => p_store.owner, p_store_id => p_store.store_id);
        p_count := p_count + 1;
      end if;
    else
      -- Every data grant of the leaving policies first, then the data roles
      -- of OCI groups no policy left is granted to: a mapped role is a
      -- grantee of those data grants until they are gone.
      l_groups := agentmem_util.t_text_list();
      for i in 1 .. p_policies.count loop
        l_groups := l_groups multiset union distinct granted_groups(p_store, p_policies(i));
        agentmem_security_dds.drop_policy(p_store, p_policies(i), p_count);
      end loop;
      for j in 1 .. l_groups.count loop
        if not group_kept(p_store, l_groups(j), p_policies) then
          agentmem_security_dds.drop_group_role(p_store, l_groups(j), p_count);
        end if;
      end loop;
      if not l_left then
        agentmem_security_dds.set_grants_only(p_store, false, p_count);
      end if;
    end if;
    for i in 1 .. p_policies.count loop
      delete_policy(p_store, p_policies(i));
    end loop;
  end remove_registered;

  ------------------------------------------------------------------------------
  -- Responses
  ------------------------------------------------------------------------------

  function policy_result(p_store in t_store, p_mode in varchar2, p_policies in agentmem_util.t_text_list,
                         p_flags in agentmem_util.t_text_list, p_flag_key in varchar2, p_count in pls_integer)
    return clob
  is
    l_response json_object_t := json_object_t();
    l_list     json_array_t := json_array_t();
    l_item     json_object_t;
  begin
    if p_store.store_id is null then
      l_response.put_null('store_id');
    else
      l_response.put('store_id', p_store.store_id);
    end if;
    if p_mode is null then
      l_response.put_null('enforcement');
    else
      l_response.put('enforcement', p_mode);
    end if;
    for i in 1 .. p_policies.count loop
      l_item := json_object_t();
      l_item.put('policy', p_policies(i));
      l_item.put(p_flag_key, p_flags(i) = 'Y');
      l_list.append(l_item);
    end loop;
    l_response.put('policies', l_list);
    l_response.put('statements', p_count);
    return l_response.to_clob;
  end policy_result;

  function count_result(p_key in varchar2, p_count in pls_integer) return clob
  is
    l_response json_object_t := json_object_t();
  begin
    l_response.put(p_key, p_count);
    return l_response.to_clob;
  end count_result;

  ------------------------------------------------------------------------------
  -- API
  ------------------------------------------------------------------------------

  -- agentmem:commits (autonomous transaction, see the spec)
  function add_policies(p_store_id in varchar2, p_request in clob) return clob
  is
    pragma autonomous_transaction;
    co_op constant varchar2(30 char) := 'add_security_policies';
    l_store      t_store;
    l_request    json_object_t;
    l_policies   agentmem_util.t_text_list;
    l_registered agentmem_util.t_text_list;
    l_created    agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_current    varchar2(30 char);
    l_mode       agentmem_util.t_opt_text;
    l_bases      agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
    l_rule       varchar2(32767);
    l_count      pls_integer := 0;
    l_response   clob;
  begin
    agentmem_end_user.forbid_end_user(co_op);
    l_store := locate_store(p_store_id, null);
    l_request := agentmem_util.parse_object(p_request, 'p_request');
    agentmem_util.reject_unknown_keys(l_request, 'policies,enforcement');
    agentmem_util.require_key(l_request, 'policies', co_op);
    l_policies := read_policy_list(l_request, co_op);
    l_mode := agentmem_util.get_enum(l_request, 'enforcement', co_mode_list);
    read_policies(l_store, l_registered, l_current);
    if l_mode.value is null and l_current is null then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: enforcement is required in the ' || co_op || ' request while '
        || agentmem_store_catalog.display_name(l_store) || ' has no policy: VPD or DEEP_DATA_SECURITY'
        || ' (security_capabilities tells which this database offers)');
    end if;
    l_mode.value := nvl(l_mode.value, l_current);
    if l_current is not null and l_current <> l_mode.value then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: enforcement ' || l_mode.value || ' differs from the ' || l_current || ' enforcement of the'
        || ' policies ' || agentmem_store_catalog.display_name(l_store) || ' has; one store has one mode: remove its'
        || ' policies first (docs/security.md, "Migrating between modes")');
    end if;

    -- Checks before any change.
    if l_mode.value = co_deep_sec then
      require_deep_sec(co_op);
      require_privilege('CREATE DATA ROLE', co_op);
      for i in 1 .. l_policies.count loop
        agentmem_security_dds.check_policy(l_store, l_policies(i));
      end loop;
    else
      require_vpd(co_op);
      -- Every table kind needs a rule (docs/security.md); AGENTMEM_VPD has
      -- its own predicates, the kinds are checked here before any change.
      for i in 1 .. l_policies.count loop
        for j in 1 .. l_bases.count loop
          l_rule := agentmem_security_dds.row_predicate(l_store.owner, l_store.table_prefix, l_bases(j), l_policies(i));
        end loop;
      end loop;
    end if;

    -- The rows first (committed), then the enforcement: a failure leaves the
    -- policies registered, and the same call again completes them (every
    -- statement is IF NOT EXISTS / OR REPLACE, attach_policies idempotent).
    for i in 1 .. l_policies.count loop
      agentmem_util.append(l_created, case when insert_policy(l_store, l_policies(i), l_mode.value) then 'Y' else 'N' end);
    end loop;
    commit;
    if l_policies.count > 0 and l_mode.value = co_deep_sec then
      for i in 1 .. l_policies.count loop
        agentmem_security_dds.create_policy_role(l_store, l_policies(i), l_count);
        agentmem_security_dds.put_data_grants(l_store, l_policies(i), granted_groups(l_store, l_policies(i)), l_count);
      end loop;
      agentmem_security_dds.set_grants_only(l_store, true, l_count);
    elsif l_policies.count > 0 then
      agentmem_vpd.attach_policies(p_owner => l_store.owner, p_store_id => l_store.store_id);
      l_count := l_count + 1;
    end if;
    l_response := policy_result(l_store, l_mode.value, l_policies, l_created, 'created', l_count);
    commit;
    return l_response;
  exception
    when others then
      rollback;
      raise;
  end add_policies;

  -- agentmem:commits (autonomous transaction, see the spec)
  function remove_policies(p_store_id in varchar2, p_request in clob) return clob
  is
    pragma autonomous_transaction;
    co_op constant varchar2(30 char) := 'remove_security_policies';
    l_store      t_store;
    l_request    json_object_t;
    l_requested  agentmem_util.t_text_list;
    l_registered agentmem_util.t_text_list;
    l_removing   agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_flags      agentmem_util.t_text_list := agentmem_util.t_text_list();
    l_mode       varchar2(30 char);
    l_count      pls_integer := 0;
    l_response   clob;
  begin
    agentmem_end_user.forbid_end_user(co_op);
    l_store := locate_store(p_store_id, null);
    l_request := agentmem_util.parse_object(p_request, 'p_request');
    agentmem_util.reject_unknown_keys(l_request, 'policies');
    l_requested := read_policy_list(l_request, co_op);
    read_policies(l_store, l_registered, l_mode);
    if l_requested is null then
      l_requested := l_registered;   -- omitted: every policy of the store
    end if;
    for i in 1 .. l_requested.count loop
      if has_policy(l_registered, l_requested(i)) then
        agentmem_util.append(l_removing, l_requested(i));
        agentmem_util.append(l_flags, 'Y');
      else
        agentmem_util.append(l_flags, 'N');   -- not added: nothing to remove
      end if;
    end loop;
    if l_removing.count > 0 and l_mode = co_deep_sec then
      require_deep_sec(co_op);
      require_privilege('DROP DATA ROLE', co_op);
    end if;
    remove_registered(l_store, l_removing, l_registered, l_mode, l_count);
    l_response := policy_result(l_store, l_mode, l_requested, l_flags, 'removed', l_count);
    commit;
    return l_response;
  exception
    when others then
      rollback;
      raise;
  end remove_policies;

  -- agentmem:commits (autonomous transaction, see the spec)
  function grant_policies(p_store_id in varchar2, p_request in clob) return clob
  is
    pragma autonomous_transaction;
    co_op constant varchar2(30 char) := 'grant_security_policies';
    l_store      t_store;
    l_request    json_object_t;
    l_registered agentmem_util.t_text_list;
    l_policies   agentmem_util.t_text_list;
    l_principals t_principal_list;
    l_mode       varchar2(30 char);
    l_count      pls_integer := 0;
    l_granted    pls_integer := 0;
  begin
    agentmem_end_user.forbid_end_user(co_op);
    l_store := locate_store(p_store_id, null);
    l_request := agentmem_util.parse_object(p_request, 'p_request');
    agentmem_util.reject_unknown_keys(l_request, 'principals,policies');
    read_policies(l_store, l_registered, l_mode);
    if l_mode is null then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || agentmem_store_catalog.display_name(l_store) || ' has no security policy to grant;'
        || ' add one first with add_security_policies');
    end if;
    l_principals := read_principals(l_request, l_mode, co_op);
    l_policies := granted_scope(l_store, read_policy_list(l_request, co_op), l_registered, co_op);
    if l_mode = co_deep_sec then
      require_deep_sec(co_op);
      require_privilege('GRANT ANY DATA ROLE', co_op);
    end if;

    for i in 1 .. l_principals.count loop
      for j in 1 .. l_policies.count loop
        if l_principals(i).principal_type = co_oci_group then
          -- An externally mapped data role cannot be granted a data role
          -- (ddscg/grant-data-role.html), so the mapped role is a grantee of
          -- the policy's data grants. Re-issued even when the row exists, so
          -- a call that failed halfway is completed.
          if not grant_exists(l_store, l_principals(i), l_policies(j)) then
            insert_grant(l_store, l_principals(i), l_policies(j));
            l_granted := l_granted + 1;
          end if;
          agentmem_security_dds.create_group_role(l_store, l_principals(i).name, l_count);
          agentmem_security_dds.put_data_grants(l_store, l_policies(j), granted_groups(l_store, l_policies(j)),
                                                l_count);
          commit;
        elsif not grant_exists(l_store, l_principals(i), l_policies(j)) then
          if l_mode = co_deep_sec then
            agentmem_security_dds.grant_role(l_store, l_policies(j), l_principals(i).name, l_count);
          end if;
          insert_grant(l_store, l_principals(i), l_policies(j));
          l_granted := l_granted + 1;
          commit;
        end if;
      end loop;
    end loop;
    commit;
    return count_result('granted', l_granted);
  exception
    when others then
      rollback;
      raise;
  end grant_policies;

  -- agentmem:commits (autonomous transaction, see the spec)
  function revoke_policies(p_store_id in varchar2, p_request in clob) return clob
  is
    pragma autonomous_transaction;
    co_op constant varchar2(30 char) := 'revoke_security_policies';
    l_store      t_store;
    l_request    json_object_t;
    l_registered agentmem_util.t_text_list;
    l_policies   agentmem_util.t_text_list;
    l_leaving    agentmem_util.t_text_list;
    l_principals t_principal_list;
    l_mode       varchar2(30 char);
    l_count      pls_integer := 0;
    l_revoked    pls_integer := 0;
  begin
    agentmem_end_user.forbid_end_user(co_op);
    l_store := locate_store(p_store_id, null);
    l_request := agentmem_util.parse_object(p_request, 'p_request');
    agentmem_util.reject_unknown_keys(l_request, 'principals,policies');
    read_policies(l_store, l_registered, l_mode);
    if l_mode is null then
      rollback;
      return count_result('revoked', 0);   -- no policy, so no grant to revoke
    end if;
    l_principals := read_principals(l_request, l_mode, co_op);
    l_policies := granted_scope(l_store, read_policy_list(l_request, co_op), l_registered, co_op);
    if l_mode = co_deep_sec then
      require_deep_sec(co_op);
      require_privilege('GRANT ANY DATA ROLE', co_op);
    end if;

    for i in 1 .. l_principals.count loop
      for j in 1 .. l_policies.count loop
        if l_principals(i).principal_type = co_oci_group then
          -- Row first, then the data grants without the group; re-issued
          -- even when no row was left, so a failed call is completed.
          if grant_exists(l_store, l_principals(i), l_policies(j)) then
            delete_grant(l_store, l_principals(i), l_policies(j));
            l_revoked := l_revoked + 1;
          end if;
          agentmem_security_dds.put_data_grants(l_store, l_policies(j), granted_groups(l_store, l_policies(j)),
                                                l_count);
          l_leaving := agentmem_util.t_text_list();
          if not group_kept(l_store, l_principals(i).name, l_leaving) then
            agentmem_security_dds.drop_group_role(l_store, l_principals(i).name, l_count);
          end if;
          commit;
        elsif grant_exists(l_store, l_principals(i), l_policies(j)) then
          if l_mode = co_deep_sec then
            agentmem_security_dds.revoke_role(l_store, l_policies(j), l_principals(i).name, l_count);
          end if;
          delete_grant(l_store, l_principals(i), l_policies(j));
          l_revoked := l_revoked + 1;
          commit;
        end if;
      end loop;
    end loop;
    commit;
    return count_result('revoked', l_revoked);
  exception
    when others then
      rollback;
      raise;
  end revoke_policies;

  function list_policies(p_store_id in varchar2, p_schema_owner in varchar2) return clob
  is
    l_store    t_store;
    l_policies agentmem_util.t_text_list;
    l_modes    agentmem_util.t_text_list;
    l_created  agentmem_util.t_text_list;
    l_item     json_object_t;
    l_list     json_array_t := json_array_t();
    l_response json_object_t := json_object_t();
  begin
    agentmem_end_user.forbid_end_user('list_security_policies');
    l_store := locate_store(p_store_id, p_schema_owner);
    begin
      execute immediate 'select policy, enforcement,'
        || ' to_char(sys_extract_utc(created_at), ''YYYY-MM-DD"T"HH24:MI:SS.FF6"Z"'') from '
        || agentmem_util.sql_object(l_store.owner, co_policy_table)
        || ' where store_id = :k order by policy'
        bulk collect into l_policies, l_modes, l_created using l_store.store_key;
    exception
      when e_table_missing then
        registry_missing(l_store);
    end;
    for i in 1 .. l_policies.count loop
      l_item := json_object_t();
      l_item.put('policy', l_policies(i));
      l_item.put('enforcement', l_modes(i));
      l_item.put('created_at', l_created(i));
      l_list.append(l_item);
    end loop;
    l_response.put('policies', l_list);
    return l_response.to_clob;
  end list_policies;

  function list_grants(p_store_id in varchar2, p_schema_owner in varchar2) return clob
  is
    l_store    t_store;
    l_types    agentmem_util.t_text_list;
    l_names    agentmem_util.t_text_list;
    l_policies agentmem_util.t_text_list;
    l_item     json_object_t;
    l_who      json_object_t;
    l_granted  json_array_t;
    l_list     json_array_t := json_array_t();
    l_response json_object_t := json_object_t();
  begin
    agentmem_end_user.forbid_end_user('list_security_grants');
    l_store := locate_store(p_store_id, p_schema_owner);
    begin
      -- Byte order of names whatever the session's NLS_SORT
      -- (docs/development.md, "Session NLS settings").
      execute immediate 'select principal_type, principal, policy from '
        || agentmem_util.sql_object(l_store.owner, co_grant_table)
        || ' where store_id = :k order by principal_type, nlssort(principal, ''NLS_SORT=BINARY''), policy'
        bulk collect into l_types, l_names, l_policies using l_store.store_key;
    exception
      when e_table_missing then
        registry_missing(l_store);
    end;
    for i in 1 .. l_types.count loop
      if i = 1 or l_types(i) <> l_types(i - 1) or l_names(i) <> l_names(i - 1) then
        if l_item is not null then
          l_item.put('policies', l_granted);
          l_list.append(l_item);
        end if;
        l_who := json_object_t();
        l_who.put('type', l_types(i));
        l_who.put('name', l_names(i));
        l_item := json_object_t();
        l_item.put('principal', l_who);
        l_granted := json_array_t();
      end if;
      l_granted.append(l_policies(i));
    end loop;
    if l_item is not null then
      l_item.put('policies', l_granted);
      l_list.append(l_item);
    end if;
    l_response.put('grants', l_list);
    return l_response.to_clob;
  end list_grants;

  function capabilities return clob
  is
    -- ddscg (Create Data Role, Grant Data Role, Create Data Grants, Enforce
    -- Mandatory Data Privileges) and sqlrf (DROP DATA ROLE, DROP DATA GRANT).
    co_privileges constant varchar2(400 char) :=
      'CREATE DATA ROLE,DROP DATA ROLE,GRANT ANY DATA ROLE,CREATE DATA GRANT,CREATE ANY DATA GRANT,'
      || 'ADMINISTER ANY DATA GRANT,DROP ANY DATA GRANT,SET USE DATA GRANTS ONLY';
    l_caps     t_caps;
    l_missing  json_array_t := json_array_t();
    l_item     json_object_t;
    l_privs    json_object_t := json_object_t();
    l_name     varchar2(64 char);
    l_response json_object_t := json_object_t();
  begin
    agentmem_end_user.forbid_end_user('security_capabilities');
    l_caps := read_caps;
    if l_caps.release is null then
      l_response.put_null('release');
    else
      l_response.put('release', l_caps.release);
    end if;
    if l_caps.compatible is null then
      l_response.put_null('compatible');
    else
      l_response.put('compatible', l_caps.compatible);
    end if;
    l_response.put('deep_data_security', l_caps.deep_sec);
    l_response.put('vpd', l_caps.vpd);
    for i in 1 .. l_caps.missing.count loop
      l_item := json_object_t();
      l_item.put('what', l_caps.missing(i));
      l_item.put('fix', l_caps.fixes(i));
      l_missing.append(l_item);
    end loop;
    l_response.put('missing', l_missing);
    for i in 1 .. regexp_count(co_privileges, ',') + 1 loop
      l_name := regexp_substr(co_privileges, '[^,]+', 1, i);
      l_privs.put(l_name, agentmem_util.has_privilege(l_name));
    end loop;
    l_privs.put('EXECUTE ON SYS.DBMS_RLS', l_caps.vpd);
    l_response.put('privileges', l_privs);
    return l_response.to_clob;
  end capabilities;

  -- agentmem:commits (autonomous transaction, see the spec)
  procedure drop_store_policies(p_store in agentmem_store_catalog.t_store,
                                p_actions in out nocopy agentmem_util.t_text_list)
  is
    pragma autonomous_transaction;
    l_registered agentmem_util.t_text_list;
    l_modes      agentmem_util.t_text_list;
    l_count      pls_integer := 0;
  begin
    begin
      execute immediate 'select policy, enforcement from ' || agentmem_util.sql_object(p_store.owner, co_policy_table)
        || ' where store_id = :k order by policy'
        bulk collect into l_registered, l_modes using p_store.store_key;
    exception
      when e_table_missing then
        l_registered := agentmem_util.t_text_list();   -- migration 000003 not applied: no policy can exist
    end;
    if l_registered.count > 0 then
      remove_registered(p_store, l_registered, l_registered, l_modes(1), l_count);
      agentmem_util.append(p_actions, 'removed the security policies ' || agentmem_util.join_list(l_registered)
        || ' (' || l_modes(1) || ', ' || l_count || ' statements)');
    end if;
    commit;
  exception
    when others then
      rollback;
      raise;
  end drop_store_policies;

end agentmem_security;
/
