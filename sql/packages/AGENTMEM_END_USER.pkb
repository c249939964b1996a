create or replace package body agentmem_end_user
as

  co_prefix      constant varchar2(16 char) := 'AGENTMEM_EU_';
  co_hash_prefix constant varchar2(16 char) := 'AGENTMEM_EUH_';
  co_policy_tab  constant varchar2(30 char) := 'AGENTMEM_SECURITY_POLICY';

  -- ORA-00942 (table or view does not exist): the policy registry is not
  -- migrated yet, or it is another owner's and not readable.
  e_no_table exception;
  pragma exception_init(e_no_table, -942);
  -- ORA-01031 (insufficient privileges): CREATE/DROP ANY CONTEXT missing.
  -- This package is definer's rights, so they count only when granted
  -- directly: "Within a definer's rights subprogram, all roles are disabled"
  -- (Object-Relational Developer's Guide, Roles with Invoker's Rights
  -- Subprograms).
  e_no_privilege exception;
  pragma exception_init(e_no_privilege, -1031);
  -- ORA-04043 (object does not exist): DROP CONTEXT of an absent namespace.
  e_absent exception;
  pragma exception_init(e_absent, -4043);

  -- Per session: the namespace and whether Deep Data Security can be active
  -- (release and COMPATIBLE do not change while a session lives).
  g_namespace   varchar2(160 char);
  g_dds_checked boolean := false;
  g_dds_capable boolean := false;

  procedure fail(p_code in pls_integer, p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(p_code, p_message);
  end fail;

  function package_owner return varchar2
  is
  begin
    -- Definer's rights: the current user is the owner of this package.
    return sys_context('USERENV', 'CURRENT_USER');
  end package_owner;

  function namespace_name return varchar2
  is
    l_owner varchar2(128 char) := package_owner;
    l_hash  number;
  begin
    if g_namespace is null then
      if lengthb(co_prefix || l_owner) <= 128 then
        g_namespace := co_prefix || l_owner;
      else
        select ora_hash(l_owner, 4294967295) into l_hash from sys.dual;
        g_namespace := co_hash_prefix || to_char(l_hash, 'FM0000000000');
      end if;
    end if;
    return g_namespace;
  end namespace_name;

  -- True when this database can carry a Deep Data Security context: 26ai
  -- RU 23.26.2 or later (ORA_END_USER_CONTEXT, docs/security.md) and
  -- COMPATIBLE >= 20 ("COMPATIBLE >= 20.0 is required to use
  -- ORA_END_USER_CONTEXT in queries", SQL Language Reference,
  -- ora_end_user_context.html). DBMS_UTILITY.DB_VERSION reads COMPATIBLE
  -- without any privilege.
  function dds_capable return boolean
  is
    l_version varchar2(160 char);
    l_compat  varchar2(160 char);
    l_full    varchar2(160 char);
    l_update  number;
  begin
    if not g_dds_checked then
      l_full := agentmem_util.db_version_full;
      l_update := to_number(regexp_substr(l_full, '[0123456789]+', 1, 3, 'c'));
      dbms_utility.db_version(version => l_version, compatibility => l_compat);
      g_dds_capable := (agentmem_util.release_at_least(l_full, 23, 27)
                        or (agentmem_util.release_at_least(l_full, 23, 26) and nvl(l_update, 0) >= 2))
                       and agentmem_util.release_at_least(l_compat, 20, 0);
      g_dds_checked := true;
    end if;
    return g_dds_capable;
  end dds_capable;

  -- The Deep Data Security username of the session, or null. Dynamic SQL:
  -- ORA_END_USER_CONTEXT does not exist before 23.26.2, and the package
  -- must compile on 23ai. The operator returns JSON; a JSON string comes
  -- back quoted, so one pair of enclosing double quotes is removed. A
  -- session without an end-user security context reports either no
  -- username or the database user itself; both mean "none".
  function dds_user return varchar2
  is
    l_name varchar2(4000 char);
  begin
    if not dds_capable then
      return null;
    end if;
    execute immediate 'select ora_end_user_context.username from sys.dual' into l_name;
    if l_name like '"%"' then
      l_name := substr(l_name, 2, length(l_name) - 2);
    end if;
    if l_name is null or l_name = sys_context('USERENV', 'SESSION_USER') then
      return null;
    end if;
    return substr(l_name, 1, co_max_chars);
  end dds_user;

  function app_user return varchar2
  is
  begin
    return sys_context(namespace_name, co_attribute, 512);
  end app_user;

  procedure set_end_user(p_end_user in varchar2)
  is
    l_dds varchar2(128 char);
  begin
    if p_end_user is null or length(p_end_user) > co_max_chars
       or regexp_like(p_end_user, '[[:cntrl:]]', 'c') then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: p_end_user ' || agentmem_util.shown_text(p_end_user)
        || ' must be 1 to ' || co_max_chars || ' characters without control characters (the end-user name'
        || ' exactly as the application grants it, case-sensitive)');
    end if;
    l_dds := dds_user;
    if l_dds is not null and l_dds <> p_end_user then
      fail(dbms_agent_memory_store.co_end_user_context_forbidden,
        'END_USER_CONTEXT_FORBIDDEN: set_end_user ' || agentmem_util.shown_text(p_end_user)
        || ' while a Deep Data Security end-user security context for ' || agentmem_util.shown_text(l_dds)
        || ' is active; the database-verified identity wins: clear that context before naming another end user');
    end if;
    begin
      dbms_session.set_context(namespace => namespace_name, attribute => co_attribute, value => p_end_user);
    exception
      when e_no_privilege then
        fail(dbms_agent_memory_store.co_schema_missing,
          'SCHEMA_MISSING: the application context ' || namespace_name || ' of agentmem in schema '
          || package_owner || ' does not exist or is not bound to ' || package_owner || '.AGENTMEM_END_USER;'
          || ' grant CREATE ANY CONTEXT to ' || package_owner || ' directly (not through a role) and run agentmem'
          || ' install-packages again');
    end;
  end set_end_user;

  procedure clear_end_user
  is
  begin
    if app_user is not null then
      dbms_session.clear_context(namespace => namespace_name, attribute => co_attribute);
    end if;
  end clear_end_user;

  function current_end_user return varchar2
  is
  begin
    return coalesce(dds_user, app_user);
  end current_end_user;

  function end_user_active return boolean
  is
  begin
    return current_end_user is not null;
  end end_user_active;

  function sql_end_user_expr return varchar2
  is
  begin
    return 'sys_context(' || agentmem_util.sql_literal(namespace_name) || ', '
           || agentmem_util.sql_literal(co_attribute) || ', 512)';
  end sql_end_user_expr;

  procedure require_end_user(p_op in varchar2)
  is
  begin
    if not end_user_active then
      fail(dbms_agent_memory_store.co_end_user_context_required,
        'END_USER_CONTEXT_REQUIRED: ' || p_op || ' needs an active end-user context and the session has none;'
        || ' call it for an end user: wrap it as begin dbms_agent_memory_store.set_end_user(...); <call>;'
        || ' dbms_agent_memory_store.clear_end_user; end (Go: store.ForEndUser(id); CLI: --end-user), or'
        || ' attach a Deep Data Security end-user security context');
    end if;
  end require_end_user;

  procedure forbid_end_user(p_op in varchar2)
  is
    l_user varchar2(128 char) := current_end_user;
  begin
    if l_user is not null then
      fail(dbms_agent_memory_store.co_end_user_context_forbidden,
        'END_USER_CONTEXT_FORBIDDEN: ' || p_op || ' is not allowed while the end-user context of '
        || agentmem_util.shown_text(l_user) || ' is active; schema lifecycle and administration run as an'
        || ' administrative database identity: call dbms_agent_memory_store.clear_end_user (or clear the'
        || ' end-user security context) first');
    end if;
  end forbid_end_user;

  function store_has_policies(p_owner in varchar2, p_store_key in varchar2) return boolean
  is
    l_count pls_integer;
  begin
    execute immediate 'select count(*) from ' || agentmem_util.sql_object(p_owner, co_policy_tab)
                      || ' where store_id = :b_store and rownum = 1'
      into l_count using p_store_key;
    return l_count > 0;
  exception
    when e_no_table then
      return false;
  end store_has_policies;

  procedure check_data_call(p_owner in varchar2, p_store_key in varchar2, p_display in varchar2)
  is
  begin
    if end_user_active or sys_context('USERENV', 'SESSION_USER') = p_owner then
      return;
    end if;
    if store_has_policies(p_owner, p_store_key) then
      fail(dbms_agent_memory_store.co_end_user_context_required,
        'END_USER_CONTEXT_REQUIRED: the ' || p_display || ' has security policies, so every call by '
        || sys_context('USERENV', 'SESSION_USER') || ' needs an active end-user context (else the policies'
        || ' would show it no row); wrap the call as begin dbms_agent_memory_store.set_end_user(...); <call>;'
        || ' dbms_agent_memory_store.clear_end_user; end (Go: store.ForEndUser(id); CLI: --end-user)');
    end if;
  end check_data_call;

  -- agentmem:commits (DDL)
  procedure install_context(p_actions in out nocopy agentmem_util.t_text_list,
                            p_warnings in out nocopy agentmem_util.t_text_list)
  is
    pragma autonomous_transaction;
    l_owner varchar2(128 char) := package_owner;
  begin
    -- CREATE OR REPLACE: idempotent, and it re-points a namespace left by
    -- an earlier install of the same owner. The name carries the owner, so
    -- another installation's namespace is never touched.
    execute immediate 'create or replace context ' || agentmem_util.sql_name(namespace_name, 'context namespace')
                      || ' using ' || agentmem_util.sql_object(l_owner, 'AGENTMEM_END_USER');
    agentmem_util.append(p_actions, 'application context ' || namespace_name || ' uses ' || l_owner
                                    || '.AGENTMEM_END_USER');
    commit;
  exception
    when e_no_privilege then
      agentmem_util.append(p_warnings, 'CREATE ANY CONTEXT privilege missing: the application context '
        || namespace_name || ' of the VPD end-user mode is not created (set_end_user raises SCHEMA_MISSING);'
        || ' grant CREATE ANY CONTEXT to ' || l_owner || ' directly (roles are disabled in this definer''s rights'
        || ' package) and run agentmem install-packages again');
      rollback;
  end install_context;

  -- True when the namespace exists and is bound to this package: only then
  -- can this package set an attribute of it (DBMS_SESSION.SET_CONTEXT
  -- raises ORA-01031 otherwise). The probe attribute is cleared at once.
  function context_bound return boolean
  is
  begin
    dbms_session.set_context(namespace => namespace_name, attribute => 'AGENTMEM_PROBE', value => 'x');
    dbms_session.clear_context(namespace => namespace_name, attribute => 'AGENTMEM_PROBE');
    return true;
  exception
    when e_no_privilege then
      return false;
  end context_bound;

  -- agentmem:commits (DDL)
  procedure uninstall_context(p_actions in out nocopy agentmem_util.t_text_list,
                              p_warnings in out nocopy agentmem_util.t_text_list)
  is
    pragma autonomous_transaction;
  begin
    if not context_bound then
      rollback;
      return;   -- never created (CREATE ANY CONTEXT was missing), or already dropped
    end if;
    execute immediate 'drop context ' || agentmem_util.sql_name(namespace_name, 'context namespace');
    agentmem_util.append(p_actions, 'dropped application context ' || namespace_name);
    commit;
  exception
    when e_absent then
      rollback;
    when e_no_privilege then
      agentmem_util.append(p_warnings, 'DROP ANY CONTEXT privilege missing: the application context '
        || namespace_name || ' stays (it is owned by SYS; DROP ANY CONTEXT counts only when granted directly);'
        || ' a DBA drops it with DROP CONTEXT ' || namespace_name);
      rollback;
  end uninstall_context;

end agentmem_end_user;
/
