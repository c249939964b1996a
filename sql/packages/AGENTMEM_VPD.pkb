create or replace package body agentmem_vpd
as

  subtype t_store is agentmem_store_catalog.t_store;

  co_grant_tab  constant varchar2(30 char) := 'AGENTMEM_SECURITY_GRANT';
  co_own_rows   constant varchar2(30 char) := 'USER_OWN_ROWS';
  co_global     constant varchar2(30 char) := 'GLOBAL_MEMORIES';
  co_deny       constant varchar2(8 char)  := '1=0';
  co_policy_tab constant varchar2(30 char) := 'AGENTMEM_SECURITY_POLICY';

  -- ORA-00942 (table or view does not exist).
  e_no_table exception;
  pragma exception_init(e_no_table, -942);

  procedure fail(p_code in pls_integer, p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(p_code, p_message);
  end fail;

  function rule_of(p_base in varchar2) return varchar2
  is
  begin
    return case
             when p_base in ('THREAD', 'MESSAGE', 'MEMORY', 'THREAD_SUMMARY', 'DOCUMENT', 'LLM_TASK') then co_rule_user
             when p_base = 'ACTOR_PROFILE' then co_rule_profile
             when p_base = 'RECORD_CHUNKS' then co_rule_chunk
             when p_base = 'RELATION' then co_rule_relation
           end;
  end rule_of;

  -- The store key and table base of a store table name: MEM01_MEMORY ->
  -- (MEM01, MEMORY), MEMORY -> ($DEFAULT, MEMORY). The longest matching base
  -- wins. False when p_object is no store table name.
  function split_table(p_object in varchar2, p_key out varchar2, p_base out varchar2) return boolean
  is
    l_bases agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
    l_len   pls_integer;
  begin
    for i in 1 .. l_bases.count loop
      l_len := length(l_bases(i));
      if (p_base is null or l_len > length(p_base))
         and (p_object = l_bases(i)
              or (length(p_object) > l_len + 1 and substr(p_object, -(l_len + 1)) = '_' || l_bases(i))) then
        p_base := l_bases(i);
        p_key := case when p_object = l_bases(i) then agentmem_store_catalog.co_default_key
                      else substr(p_object, 1, length(p_object) - l_len - 1) end;
      end if;
    end loop;
    return p_base is not null;
  end split_table;

  -- "the end user holds policy p_policy on the store": a subquery on the
  -- owner's grant table, matched on the application-context end user.
  -- agentmem:sql-builder
  function granted(p_schema in varchar2, p_key in varchar2, p_policy in varchar2) return varchar2
  is
  begin
    return 'exists (select 1 from ' || agentmem_util.sql_object(p_schema, co_grant_tab) || ' agentmem_g'
           || ' where agentmem_g.store_id = ' || agentmem_util.sql_literal(p_key)
           || ' and agentmem_g.principal_type = ''END_USER'''
           || ' and agentmem_g.principal = ' || agentmem_end_user.sql_end_user_expr
           || ' and agentmem_g.policy = ' || agentmem_util.sql_literal(p_policy) || ')';
  end granted;

  -- "the memory named by p_column is visible" (p_own: and it is the end
  -- user's own). The subquery on MEMORY gets MEMORY's own SELECT policy
  -- applied, so a relation is visible only when both endpoints are.
  -- agentmem:sql-builder
  function endpoint(p_schema in varchar2, p_key in varchar2, p_column in varchar2, p_own in boolean)
    return varchar2
  is
    l_table varchar2(128 char) := case when p_key <> agentmem_store_catalog.co_default_key then p_key || '_' end
                                  || 'MEMORY';
  begin
    return 'exists (select 1 from ' || agentmem_util.sql_object(p_schema, l_table) || ' agentmem_m'
           || ' where agentmem_m.record_id = ' || agentmem_util.sql_name(p_column, 'column')
           || case when p_own then ' and agentmem_m.user_id = ' || agentmem_end_user.sql_end_user_expr end
           || ')';
  end endpoint;

  -- The predicate of one table for a session with an end user.
  -- agentmem:sql-builder
  function rule_predicate(p_schema in varchar2, p_key in varchar2, p_base in varchar2, p_write in boolean)
    return varchar2
  is
    l_me     varchar2(400 char) := agentmem_end_user.sql_end_user_expr;
    l_own    varchar2(1000 char) := granted(p_schema, p_key, co_own_rows);
    l_global varchar2(1000 char) := granted(p_schema, p_key, co_global);
  begin
    case rule_of(p_base)
      when co_rule_user then
        return case when p_write then '(user_id = ' || l_me || ' and ' || l_own || ')'
                    else '((user_id = ' || l_me || ' and ' || l_own || ') or (user_id is null and ' || l_global || '))'
               end;
      when co_rule_profile then
        -- A user profile belongs to the user it describes (RECORD_ID is the
        -- user id); agent profiles are unscoped: readable under GLOBAL_MEMORIES.
        return case when p_write then '(actor_type = ''user'' and record_id = ' || l_me || ' and ' || l_own || ')'
                    else '((actor_type = ''user'' and record_id = ' || l_me || ' and ' || l_own || ')'
                         || ' or (actor_type = ''agent'' and ' || l_global || '))'
               end;
      when co_rule_chunk then
        -- Retrieval rows follow their source record: the scope copy USER_ID,
        -- and for profile chunks the profile rule on SOURCE_ID.
        return case when p_write then
                      '(((source_type = ''user_profile'' and source_id = ' || l_me || ')'
                      || ' or (source_type not in (''user_profile'', ''agent_profile'') and user_id = ' || l_me || '))'
                      || ' and ' || l_own || ')'
                    else
                      '((source_type = ''user_profile'' and source_id = ' || l_me || ' and ' || l_own || ')'
                      || ' or (source_type = ''agent_profile'' and ' || l_global || ')'
                      || ' or (source_type not in (''user_profile'', ''agent_profile'') and ((user_id = ' || l_me
                      || ' and ' || l_own || ') or (user_id is null and ' || l_global || '))))'
               end;
      when co_rule_relation then
        -- Read: both endpoints visible. Write: both endpoints the end user's.
        return case when p_write then
                      '(' || endpoint(p_schema, p_key, 'SOURCE_ID', true) || ' and '
                      || endpoint(p_schema, p_key, 'TARGET_ID', true) || ' and ' || l_own || ')'
                    else
                      '(' || endpoint(p_schema, p_key, 'SOURCE_ID', false) || ' and '
                      || endpoint(p_schema, p_key, 'TARGET_ID', false) || ')'
               end;
      else
        return co_deny;   -- a table kind without a rule: fail closed
    end case;
  end rule_predicate;

  -- agentmem:sql-builder
  function predicate(p_schema in varchar2, p_object in varchar2, p_write in boolean) return varchar2
  is
    l_key  varchar2(128 char);
    l_base varchar2(128 char);
  begin
    if agentmem_end_user.current_end_user is null then
      -- No end user: the owner (setup, administration, scheduler jobs)
      -- sees everything; every other session sees nothing.
      return case when sys_context('USERENV', 'SESSION_USER') = p_schema then null else co_deny end;
    end if;
    if not split_table(p_object, l_key, l_base) then
      return co_deny;
    end if;
    return rule_predicate(p_schema, l_key, l_base, p_write);
  end predicate;

  function select_predicate(p_schema in varchar2, p_object in varchar2) return varchar2
  is
  begin
    return predicate(p_schema, p_object, false);
  end select_predicate;

  function dml_predicate(p_schema in varchar2, p_object in varchar2) return varchar2
  is
  begin
    return predicate(p_schema, p_object, true);
  end dml_predicate;

  ------------------------------------------------------------------------------
  -- Attach / detach
  ------------------------------------------------------------------------------

  -- The registered store of this package's owner.
  function owned_store(p_owner in varchar2, p_store_id in varchar2) return t_store
  is
    l_me    varchar2(128 char) := sys_context('USERENV', 'CURRENT_USER');
    l_store t_store;
  begin
    if p_owner is null or upper(p_owner) <> l_me then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: p_owner ' || agentmem_util.shown_text(p_owner) || ' must be ' || l_me
        || ', the schema whose agentmem packages hold the VPD policy functions and the grant table');
    end if;
    l_store := agentmem_store.locate(case when p_store_id = agentmem_store_catalog.co_default_key then null
                                          else p_store_id end, l_me);
    if not l_store.registered then
      fail(dbms_agent_memory_store.co_not_found,
        'NOT_FOUND: ' || agentmem_store_catalog.display_name(l_store) || ' is not registered in '
        || l_me || '.AGENTMEM_STORE_REGISTRY; check p_store_id (list_stores shows the stores)');
    end if;
    return l_store;
  end owned_store;

  function policy_exists(p_owner in varchar2, p_table in varchar2, p_policy in varchar2) return boolean
  is
    l_count pls_integer;
  begin
    select count(*)
      into l_count
      from sys.all_policies
     where object_owner = p_owner
       and object_name = p_table
       and policy_name = p_policy;
    return l_count > 0;
  end policy_exists;

  procedure add_policy(p_owner in varchar2, p_table in varchar2, p_policy in varchar2, p_function in varchar2,
                       p_statements in varchar2, p_update_check in boolean)
  is
  begin
    -- DBMS_RLS.ADD_POLICY (PL/SQL Packages and Types Reference): dynamic,
    -- so that the package compiles without EXECUTE on DBMS_RLS. Every
    -- value is a bind; the booleans and the policy type are fixed text.
    -- CONTEXT_SENSITIVE: the predicate is computed again when an
    -- application context of the session changes (set_end_user,
    -- clear_end_user), and reused otherwise. No namespace/attribute
    -- association: with one, a statement of a session where the attribute
    -- is unset fails (ORA-42801), and the owner's sessions have none.
    execute immediate 'begin sys.dbms_rls.add_policy(object_schema => :b_owner, object_name => :b_table,'
      || ' policy_name => :b_policy, function_schema => :b_fowner, policy_function => :b_function,'
      || ' statement_types => :b_statements, update_check => '
      || case when p_update_check then 'true' else 'false' end
      || ', enable => true, static_policy => false, policy_type => sys.dbms_rls.context_sensitive,'
      || ' long_predicate => true); end;'
      using p_owner, p_table, p_policy, p_owner, p_function, p_statements;
  end add_policy;

  procedure drop_policy(p_owner in varchar2, p_table in varchar2, p_policy in varchar2)
  is
  begin
    execute immediate 'begin sys.dbms_rls.drop_policy(object_schema => :b_owner, object_name => :b_table,'
      || ' policy_name => :b_policy); end;'
      using p_owner, p_table, p_policy;
  end drop_policy;

  -- Raises PRIVILEGE_MISSING before any policy changes when the owner
  -- cannot execute DBMS_RLS. ALL_OBJECTS lists "objects accessible to the
  -- current user" (Database Reference); in this definer's rights unit that
  -- is the owner, with its direct grants (roles do not count here, nor for
  -- the dynamic call).
  function rls_executable return boolean
  is
    l_count pls_integer;
  begin
    select count(*)
      into l_count
      from sys.all_objects
     where owner = 'SYS'
       and object_name = 'DBMS_RLS'
       and object_type = 'PACKAGE';
    return l_count > 0;
  end rls_executable;

  procedure require_rls(p_owner in varchar2)
  is
  begin
    if rls_executable then
      return;
    end if;
    fail(dbms_agent_memory_store.co_privilege_missing,
      'PRIVILEGE_MISSING: VPD enforcement calls SYS.DBMS_RLS, which ' || p_owner || ' cannot execute: grant'
      || ' EXECUTE ON SYS.DBMS_RLS to ' || p_owner || ' directly (Enterprise Edition only) and call again');
  end require_rls;

  -- agentmem:commits (DBMS_RLS)
  procedure attach_policies(p_owner in varchar2, p_store_id in varchar2)
  is
    pragma autonomous_transaction;
    l_store t_store := owned_store(p_owner, p_store_id);
    l_bases agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
    l_table varchar2(128 char);
  begin
    require_rls(l_store.owner);
    -- Every base needs a rule before any policy is added: a new table kind
    -- is never left uncovered.
    for i in 1 .. l_bases.count loop
      if rule_of(l_bases(i)) is null then
        fail(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: table ' || l_store.table_prefix || l_bases(i) || ' of the '
          || agentmem_store_catalog.display_name(l_store) || ' has no owner-column rule in AGENTMEM_VPD.rule_of;'
          || ' VPD policies are not attached until every table has one');
      end if;
    end loop;
    for i in 1 .. l_bases.count loop
      l_table := l_store.table_prefix || l_bases(i);
      if not policy_exists(l_store.owner, l_table, co_select_policy) then
        add_policy(l_store.owner, l_table, co_select_policy, 'AGENTMEM_VPD.SELECT_PREDICATE', 'SELECT', false);
      end if;
      if not policy_exists(l_store.owner, l_table, co_dml_policy) then
        add_policy(l_store.owner, l_table, co_dml_policy, 'AGENTMEM_VPD.DML_PREDICATE', 'INSERT,UPDATE,DELETE', true);
      end if;
    end loop;
    commit;
  end attach_policies;

  -- The policies of the store in enforcement mode p_mode ('VPD' or
  -- 'DEEP_DATA_SECURITY'), comma-separated in name order; null when none.
  -- ORA-00942: no AGENTMEM_SECURITY_POLICY (migration 000003 not applied)
  -- or no SELECT on it: null.
  function policies_of(p_store in t_store, p_mode in varchar2) return varchar2
  is
    l_list varchar2(100 char);
  begin
    execute immediate 'select listagg(policy, '','') within group (order by policy) from '
                      || agentmem_util.sql_object(p_store.owner, co_policy_tab)
                      || ' where store_id = :b_store and enforcement = :b_mode'
      into l_list using p_store.store_key, p_mode;
    return l_list;
  exception
    when e_no_table then
      return null;
  end policies_of;

  -- agentmem:commits (DBMS_RLS, through attach_policies)
  procedure keep_policies(p_store in agentmem_store_catalog.t_store, p_actions in out nocopy agentmem_util.t_text_list,
                          p_warnings in out nocopy agentmem_util.t_text_list)
  is
    l_dds varchar2(100 char) := policies_of(p_store, 'DEEP_DATA_SECURITY');
  begin
    if policies_of(p_store, 'VPD') is not null then
      attach_policies(p_store.owner, p_store.store_key);
      agentmem_util.append(p_actions, 'VPD policies on every table of the ' || agentmem_store_catalog.display_name(p_store));
    end if;
    -- Data grants need privileges the store owner usually lacks (CREATE
    -- DATA GRANT, SET USE DATA GRANTS ONLY): the policy administrator
    -- applies them again; this call only says so (docs/security.md).
    if l_dds is not null then
      agentmem_util.append(p_warnings, co_dds_reapply_warning || ': the ' || agentmem_store_catalog.display_name(p_store)
        || ' has DEEP_DATA_SECURITY policies (' || l_dds || ') and this call ran DDL on it: a table it created or'
        || ' re-created has no data grant and no SET USE DATA GRANTS ONLY, a column it added is in no INSERT / UPDATE'
        || ' column list of the data grants;'
        || ' the policy administrator must run add_security_policies again for this store (agentmem security add'
        || case when p_store.store_id is not null then ' --store ' || p_store.store_id end
        || ' --policies ' || l_dds || ' --enforcement deep_data_security); until then end users reach none of'
        || ' the rows of such a table');
    end if;
  end keep_policies;

  -- agentmem:commits (DBMS_RLS)
  procedure detach_policies(p_owner in varchar2, p_store_id in varchar2)
  is
    pragma autonomous_transaction;
    l_store t_store := owned_store(p_owner, p_store_id);
    l_bases agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
    l_table varchar2(128 char);
  begin
    require_rls(l_store.owner);
    for i in 1 .. l_bases.count loop
      l_table := l_store.table_prefix || l_bases(i);
      if policy_exists(l_store.owner, l_table, co_select_policy) then
        drop_policy(l_store.owner, l_table, co_select_policy);
      end if;
      if policy_exists(l_store.owner, l_table, co_dml_policy) then
        drop_policy(l_store.owner, l_table, co_dml_policy);
      end if;
    end loop;
    commit;
  end detach_policies;

end agentmem_vpd;
/
