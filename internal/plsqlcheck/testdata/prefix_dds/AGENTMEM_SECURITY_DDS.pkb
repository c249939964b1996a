create or replace package body agentmem_security_dds
as

  -- Errors of the data role / data grant statements that run_ddl names
  -- (docs.oracle.com/en/error-help/db/ora-<n>, read for each):
  -- ORA-01031: insufficient privileges.
  e_no_privilege exception;
  pragma exception_init(e_no_privilege, -1031);
  -- ORA-01917: user or role does not exist (a grantee).
  e_no_principal exception;
  pragma exception_init(e_no_principal, -1917);
  -- ORA-52516: END USER or DATA ROLE name does not exist.
  e_no_end_user exception;
  pragma exception_init(e_no_end_user, -52516);
  -- ORA-52512: DATA ROLE cannot be granted to end users or data roles (a
  -- data role mapped to external roles); ORA-52513: cannot grant data roles
  -- to a DATA ROLE created with MAPPED TO.
  e_mapped_role exception;
  pragma exception_init(e_mapped_role, -52512);
  e_to_mapped_role exception;
  pragma exception_init(e_to_mapped_role, -52513);
  -- ORA-00900 invalid SQL statement, ORA-00901 invalid CREATE command,
  -- ORA-00990 missing or invalid privilege: what a release without Deep
  -- Data Security makes of CREATE DATA ROLE / SET USE DATA GRANTS ONLY /
  -- GRANT DATA ROLE (the statements of ddscg parse only on 23.26.2+).
  e_invalid_statement exception;
  pragma exception_init(e_invalid_statement, -900);
  e_invalid_create exception;
  pragma exception_init(e_invalid_create, -901);
  e_invalid_privilege exception;
  pragma exception_init(e_invalid_privilege, -990);

  co_own    constant varchar2(30 char) := agentmem_security.co_user_own_rows;
  co_global constant varchar2(30 char) := agentmem_security.co_global_memories;
  co_policy_list constant varchar2(60 char) := 'USER_OWN_ROWS, GLOBAL_MEMORIES';

  -- The end user of a Deep Data Security session in a data grant predicate
  -- (ddscg/configure-data-access-control-l.html: "In data grant predicates,
  -- ORA_END_USER_CONTEXT.username returns the end user's name"; COMPATIBLE
  -- 20.0 or greater).
  co_end_user_expr constant varchar2(40 char) := 'ORA_END_USER_CONTEXT.username';

  -- Columns an end user may set on INSERT of an own row but never change
  -- (oam-facts §2: "ownership, record type and generated columns are
  -- immutable after insert"); identity columns are neither insertable nor
  -- updatable (GENERATED ALWAYS). The other columns of a table are read from
  -- the dictionary, so a column added to a store table is covered too.
  co_immutable_columns constant varchar2(400 char) :=
    ',RECORD_ID,RELATION_ID,CHUNK_ID,USER_ID,AGENT_ID,THREAD_ID,MESSAGE_ID,PART_INDEX,ACTOR_TYPE,MEMORY_TYPE,'
    || 'SOURCE_ID,SOURCE_TYPE,TARGET_ID,TARGET_TYPE,CHUNK_SEQ,CREATED_AT,';


  procedure fail(p_code in pls_integer, p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(p_code, p_message);
  end fail;

  ------------------------------------------------------------------------------
  -- Names
  ------------------------------------------------------------------------------

  function policy_tag(p_policy in varchar2) return varchar2
  is
  begin
    return case p_policy when co_own then 'OWN' when co_global then 'GLB' end;
  end policy_tag;

  -- A data role name (data roles are database-wide, not schema objects):
  -- AM$<owner>$<store id>$<suffix>, the default store's id empty. Store ids
  -- have no '$', so the name is unique per (owner, store, suffix).
  -- agentmem:sql-builder
  function role_name(p_store in agentmem_store_catalog.t_store, p_suffix in varchar2) return varchar2
  is
    l_name varchar2(400 char) := 'AM$' || p_store.owner || '$' || p_store.store_id || '$' || p_suffix;
  begin
    if lengthb(l_name) > 128 then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: the Deep Data Security data role name ' || agentmem_util.quoted(l_name) || ' of '
        || agentmem_store_catalog.display_name(p_store) || ' is longer than 128 bytes; Deep Data Security mode'
        || ' supports schema names up to about 100 characters (docs/security.md, "Deep Data Security")');
    end if;
    return agentmem_util.sql_name(l_name, 'data role name');
  end role_name;

  -- agentmem:sql-builder
  function policy_role(p_store in agentmem_store_catalog.t_store, p_policy in varchar2) return varchar2
  is
  begin
    return role_name(p_store, policy_tag(p_policy));
  end policy_role;

  -- The data role mapped to an OCI IAM group: AM$<owner>$<store>$G<first 16
  -- hex digits of SHA-256 of the group name> (a group name is free text).
  -- agentmem:sql-builder
  function group_role(p_store in agentmem_store_catalog.t_store, p_group in varchar2) return varchar2
  is
    l_hash varchar2(64 char);
  begin
    select substr(rawtohex(standard_hash(p_group, 'SHA256')), 1, 16) into l_hash from sys.dual;
    return role_name(p_store, 'G' || l_hash);
  end group_role;

  -- The data grant of a policy on a store table, a schema object of the
  -- owner: "OWNER"."<table>$OWN" / "OWNER"."<table>$GLB".
  -- agentmem:sql-builder
  function grant_object(p_store in agentmem_store_catalog.t_store, p_base in varchar2,
                        p_policy in varchar2) return varchar2
  is
  begin
    return agentmem_util.sql_object(p_store.owner, p_store.table_prefix || p_base || '$' || policy_tag(p_policy));
  end grant_object;

  -- agentmem:sql-builder
  function user_rule(p_policy in varchar2, p_alias in varchar2 default null) return varchar2
  is
    l_column varchar2(200 char) := case when p_alias is not null then agentmem_util.sql_name(p_alias) || '.' end
                                   || agentmem_util.sql_name('USER_ID');
  begin
    if p_policy = co_own then
      return l_column || ' = ' || co_end_user_expr;
    end if;
    return l_column || ' is null';
  end user_rule;

  -- agentmem:sql-builder
  function row_predicate(p_owner in varchar2, p_prefix in varchar2, p_base in varchar2, p_policy in varchar2)
    return varchar2
  is
    co_profiles constant varchar2(40 char) := '(''user_profile'', ''agent_profile'')';
    l_own boolean := p_policy = co_own;
  begin
    if p_policy is null or p_policy not in (co_own, co_global) then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: policy ' || agentmem_util.quoted(p_policy) || ' must be one of '
        || co_policy_list);
    end if;
    -- The table kinds and their rules: AGENTMEM_VPD.rule_of, the one mapping
    -- both enforcement modes read.
    case agentmem_vpd.rule_of(p_base)
      when agentmem_vpd.co_rule_user then
        -- The owner column: rows of the end user, or unscoped (global) rows.
        return user_rule(p_policy);
      when agentmem_vpd.co_rule_profile then
        -- A profile's record id is the actor id: the end user's own user
        -- profile; agent profiles are shared (GLOBAL_MEMORIES).
        if l_own then
          return agentmem_util.sql_name('ACTOR_TYPE') || ' = ''user'' and ' || agentmem_util.sql_name('RECORD_ID')
                 || ' = ' || co_end_user_expr;
        end if;
        return agentmem_util.sql_name('ACTOR_TYPE') || ' = ''agent''';
      when agentmem_vpd.co_rule_chunk then
        -- Retrieval rows carry the scope of their record; profile chunks are
        -- unscoped and follow the ACTOR_PROFILE rule, so search cannot reach
        -- another user's profile text.
        if l_own then
          return '((' || agentmem_util.sql_name('SOURCE_TYPE') || ' not in ' || co_profiles || ' and '
                 || user_rule(p_policy) || ') or (' || agentmem_util.sql_name('SOURCE_TYPE') || ' = ''user_profile'''
                 || ' and ' || agentmem_util.sql_name('SOURCE_ID') || ' = ' || co_end_user_expr || '))';
        end if;
        return '((' || agentmem_util.sql_name('SOURCE_TYPE') || ' not in ' || co_profiles || ' and '
               || user_rule(p_policy) || ') or ' || agentmem_util.sql_name('SOURCE_TYPE') || ' = ''agent_profile'')';
      when agentmem_vpd.co_rule_relation then
        -- Both endpoints (memory-like records, in MEMORY) must be rows of the
        -- same policy. MEMORY has no SOURCE_ID or TARGET_ID column, so the
        -- unqualified names in the subqueries are the relation's columns.
        return 'exists (select 1 from ' || agentmem_util.sql_object(p_owner, p_prefix || 'MEMORY') || ' m where m.'
               || agentmem_util.sql_name('RECORD_ID') || ' = ' || agentmem_util.sql_name('SOURCE_ID') || ' and '
               || user_rule(p_policy, 'M') || ') and exists (select 1 from '
               || agentmem_util.sql_object(p_owner, p_prefix || 'MEMORY') || ' m where m.'
               || agentmem_util.sql_name('RECORD_ID') || ' = ' || agentmem_util.sql_name('TARGET_ID') || ' and '
               || user_rule(p_policy, 'M') || ')';
      else
        fail(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: store table kind ' || agentmem_util.quoted(p_base) || ' has no owner column rule in'
          || ' AGENTMEM_VPD.rule_of, so no policy can cover it; add its rule there (and its predicates in'
          || ' AGENTMEM_VPD and AGENTMEM_SECURITY_DDS) before adding policies');
    end case;
    return null;
  end row_predicate;

  -- The quoted columns of a store table for a privilege item: p_updatable
  -- false = insertable (every column but identity columns), true =
  -- updatable (also without the immutable columns). Read from the
  -- dictionary, so an added column (EMBEDDING, a later schema version) is
  -- covered without a second list.
  -- agentmem:sql-builder
  function column_list(p_store in agentmem_store_catalog.t_store, p_table in varchar2,
                       p_updatable in boolean) return varchar2
  is
    l_list varchar2(4000 char);
  begin
    for r in (select c.column_name
                from sys.all_tab_columns c
               where c.owner = p_store.owner
                 and c.table_name = p_table
                 and c.identity_column = 'NO'
               order by c.column_id) loop
      if not p_updatable or instr(r.column_name, ',') > 0
         or instr(co_immutable_columns, ',' || r.column_name || ',') = 0 then
        l_list := l_list || case when l_list is not null then ', ' end || agentmem_util.sql_name(r.column_name);
      end if;
    end loop;
    return l_list;
  end column_list;

  -- The privilege list of a policy's data grant on a table:
  -- GLOBAL_MEMORIES reads; USER_OWN_ROWS reads, inserts (identity and
  -- ownership columns included), updates (without them) and deletes.
  -- agentmem:sql-builder
  function privilege_list(p_store in agentmem_store_catalog.t_store, p_base in varchar2,
                          p_policy in varchar2) return varchar2
  is
    l_insert varchar2(4000 char);
    l_update varchar2(4000 char);
  begin
    if p_policy = co_global then
      return 'select';
    end if;
    l_insert := column_list(p_store, p_store.table_prefix || p_base, false);
    l_update := column_list(p_store, p_store.table_prefix || p_base, true);
    if l_insert is null then
      fail(dbms_agent_memory_store.co_schema_missing,
        'SCHEMA_MISSING: table ' || p_store.owner || '.' || p_store.table_prefix || p_base || ' of '
        || agentmem_store_catalog.display_name(p_store) || ' is missing or not visible to '
        || agentmem_util.current_user_name || '; repair the store (open_store CREATE_IF_NECESSARY) first');
    end if;
    return 'select, insert (' || l_insert || ')'
           || case when l_update is not null then ', update (' || l_update || ')' end
           || ', delete';
  end privilege_list;

  -- The grantees of a policy's data grants: its data role and the data
  -- roles mapped to the OCI groups p_groups (the registry's grants).
  -- agentmem:sql-builder
  function grantee_list(p_store in agentmem_store_catalog.t_store, p_policy in varchar2,
                        p_groups in agentmem_util.t_text_list)
    return varchar2
  is
    l_list varchar2(32767) := policy_role(p_store, p_policy);
  begin
    for i in 1 .. p_groups.count loop
      l_list := l_list || ', ' || group_role(p_store, p_groups(i));
    end loop;
    return l_list;
  end grantee_list;

  -- The CREATE OR REPLACE DATA GRANT statement of p_policy on the store
  -- table p_base (ddscg/create-data-grants.html: CREATE [OR REPLACE] DATA
  -- GRANT [schema.]grant_name AS privilege_list ON [schema.]object [WHERE
  -- predicate] TO user_role_list; OR REPLACE updates the privileges,
  -- grantees and predicate of an existing grant).
  -- agentmem:sql-builder
  function data_grant_text(p_store in agentmem_store_catalog.t_store, p_base in varchar2, p_policy in varchar2,
                           p_groups in agentmem_util.t_text_list) return varchar2
  is
  begin
    return 'create or replace data grant ' || grant_object(p_store, p_base, p_policy)
           || ' as ' || privilege_list(p_store, p_base, p_policy)
           || ' on ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || p_base)
           || ' where ' || row_predicate(p_store.owner, p_store.table_prefix, p_base, p_policy)
           || ' to ' || grantee_list(p_store, p_policy, p_groups);
  end data_grant_text;

  ------------------------------------------------------------------------------
  -- Statements
  ------------------------------------------------------------------------------

  -- Runs one DDL statement of kind p_kind (CREATE DATA ROLE, GRANT DATA
  -- ROLE ...) on p_object (the data role, data grant or table it names;
  -- p_grantee: the principal of a GRANT / REVOKE, else null). The
  -- documented errors become named ones (docs/errors.md): ORA-01031 →
  -- PRIVILEGE_MISSING naming p_privilege (the statement's documented
  -- privilege); ORA-01917 / ORA-52516 → INVALID_ARGUMENT naming the
  -- principal; ORA-52512 / ORA-52513 (a data role mapped to an external role)
  -- → INVALID_ARGUMENT; ORA-00900 / ORA-00901 / ORA-00990 →
  -- UNSUPPORTED_RELEASE. Any other error reaches the caller unchanged:
  -- RAISE_APPLICATION_ERROR takes only -20000 .. -20999, so an ORA-nnnnn
  -- cannot be raised again with a message of ours and keep its number.
  procedure run_ddl(p_text in varchar2, p_kind in varchar2, p_object in varchar2, p_privilege in varchar2,
                    p_count in out nocopy pls_integer, p_grantee in varchar2 default null)
  is
    co_again constant varchar2(120 char) := '; what ran before stays and the same call completes it';
  begin
    execute immediate p_text;
    p_count := p_count + 1;
  exception
    when e_no_privilege then
      fail(dbms_agent_memory_store.co_privilege_missing,
        'PRIVILEGE_MISSING: ' || agentmem_util.current_user_name || ' lacks ' || p_privilege || ' for '
        || p_kind || ' ' || p_object || ' (' || sqlerrm || '): ask a DBA to grant it (docs/security.md,'
        || ' "Deep Data Security"), then run the call again' || co_again);
    when e_no_principal or e_no_end_user then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || nvl2(p_grantee, 'principal ' || p_grantee, 'a grantee') || ' of ' || p_kind
        || ' ' || p_object
        || ' is no end user or data role of this database (' || sqlerrm || '): create it (CREATE END USER /'
        || ' CREATE DATA ROLE) or name an existing one (DBA_END_USERS, DBA_DATA_ROLES)' || co_again);
    when e_mapped_role or e_to_mapped_role then
      fail(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || nvl2(p_grantee, 'principal ' || p_grantee, 'a grantee') || ' of ' || p_kind
        || ' ' || p_object
        || ' is a data role mapped to an external (IAM) role, which takes no data role grants (' || sqlerrm
        || '): grant the OCI group with principal_type OCI_GROUP instead (docs/security.md)' || co_again);
    when e_invalid_statement or e_invalid_create or e_invalid_privilege then
      fail(dbms_agent_memory_store.co_unsupported_release,
        'UNSUPPORTED_RELEASE: ' || p_kind || ' ' || p_object || ' is not a statement of this database ('
        || sqlerrm || '): DEEP_DATA_SECURITY mode needs Oracle AI Database 26ai 23.26.2 or later with'
        || ' COMPATIBLE 20 or greater; use enforcement VPD (docs/security.md)');
  end run_ddl;

  -- Creates or replaces the data grants of p_policy on every store table.
  procedure put_data_grants(p_store in agentmem_store_catalog.t_store, p_policy in varchar2,
                            p_groups in agentmem_util.t_text_list,
                            p_count in out nocopy pls_integer)
  is
    l_bases agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
  begin
    for i in 1 .. l_bases.count loop
      run_ddl(data_grant_text(p_store, l_bases(i), p_policy, p_groups),
              'CREATE OR REPLACE DATA GRANT', grant_object(p_store, l_bases(i), p_policy),
              'CREATE DATA GRANT (own schema) or CREATE ANY DATA GRANT with ADMINISTER ANY DATA GRANT on '
              || p_store.owner, p_count);
    end loop;
  end put_data_grants;

  procedure check_policy(p_store in agentmem_store_catalog.t_store, p_policy in varchar2)
  is
    l_bases agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
    l_text  varchar2(32767) := policy_role(p_store, p_policy);
  begin
    for i in 1 .. l_bases.count loop
      l_text := data_grant_text(p_store, l_bases(i), p_policy, agentmem_util.t_text_list());
    end loop;
  end check_policy;

  -- SET USE DATA GRANTS ONLY ON every store table: Deep Data Security users
  -- reach the tables through data grants only, whatever database privileges
  -- they hold (ddscg/enforce-mandatory-data-privileges.html).
  -- Disabling skips a table that is gone (a drop_store finishing an
  -- interrupted drop); enabling follows the data grants, which need every
  -- table.
  procedure set_grants_only(p_store in agentmem_store_catalog.t_store, p_enabled in boolean,
                            p_count in out nocopy pls_integer)
  is
    l_bases agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
    l_count pls_integer;
  begin
    for i in 1 .. l_bases.count loop
      select count(*) into l_count from sys.all_tables t
       where t.owner = p_store.owner and t.table_name = p_store.table_prefix || l_bases(i);
      if p_enabled or l_count > 0 then
        run_ddl('set use data grants only on '
                || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || l_bases(i))
                || case when p_enabled then ' enabled' else ' disabled' end,
                'SET USE DATA GRANTS ONLY ON',
                agentmem_util.sql_object(p_store.owner, p_store.table_prefix || l_bases(i)),
                'SET USE DATA GRANTS ONLY (system, or on schema ' || p_store.owner || ')', p_count);
      end if;
    end loop;
  end set_grants_only;

  -- Drops the data grants and the data role of p_policy (IF EXISTS:
  -- restartable).
  procedure drop_policy(p_store in agentmem_store_catalog.t_store, p_policy in varchar2,
                        p_count in out nocopy pls_integer)
  is
    l_bases agentmem_util.t_text_list := agentmem_store_catalog.table_bases;
  begin
    for i in 1 .. l_bases.count loop
      run_ddl('drop data grant if exists ' || grant_object(p_store, l_bases(i), p_policy),
              'DROP DATA GRANT', grant_object(p_store, l_bases(i), p_policy),
              'DROP ANY DATA GRANT (a data grant of another schema)', p_count);
    end loop;
    run_ddl('drop data role if exists ' || policy_role(p_store, p_policy), 'DROP DATA ROLE',
            policy_role(p_store, p_policy), 'DROP DATA ROLE', p_count);
  end drop_policy;

  ------------------------------------------------------------------------------
  -- Data roles
  ------------------------------------------------------------------------------

  procedure create_policy_role(p_store in agentmem_store_catalog.t_store, p_policy in varchar2,
                               p_count in out nocopy pls_integer)
  is
  begin
    -- ddscg/create-data-role.html: CREATE DATA ROLE [IF NOT EXISTS] name
    -- (a local role, ENABLED by default).
    run_ddl('create data role if not exists ' || policy_role(p_store, p_policy), 'CREATE DATA ROLE',
            policy_role(p_store, p_policy), 'CREATE DATA ROLE', p_count);
  end create_policy_role;

  procedure grant_role(p_store in agentmem_store_catalog.t_store, p_policy in varchar2, p_grantee in varchar2,
                       p_count in out nocopy pls_integer)
  is
  begin
    -- ddscg/grant-data-role.html: GRANT DATA ROLE data_role TO grantee (a
    -- local end user or a local data role).
    run_ddl('grant data role ' || policy_role(p_store, p_policy) || ' to '
            || agentmem_util.sql_name(p_grantee, 'principal name'), 'GRANT DATA ROLE',
            policy_role(p_store, p_policy), 'GRANT ANY DATA ROLE', p_count, p_grantee);
  end grant_role;

  procedure revoke_role(p_store in agentmem_store_catalog.t_store, p_policy in varchar2, p_grantee in varchar2,
                        p_count in out nocopy pls_integer)
  is
  begin
    -- ddscg/revoke-data-role.html: REVOKE DATA ROLE [IF EXISTS] data_role FROM revokee.
    run_ddl('revoke data role if exists ' || policy_role(p_store, p_policy) || ' from '
            || agentmem_util.sql_name(p_grantee, 'principal name'), 'REVOKE DATA ROLE',
            policy_role(p_store, p_policy), 'GRANT ANY DATA ROLE', p_count, p_grantee);
  end revoke_role;

  procedure create_group_role(p_store in agentmem_store_catalog.t_store, p_group in varchar2,
                              p_count in out nocopy pls_integer)
  is
  begin
    -- ddscg/create-data-role.html: MAPPED TO 'IAM_OAUTH_GROUP=<group_name>'
    -- (fewer than 1024 characters; the group name is at most 128).
    run_ddl('create data role if not exists ' || group_role(p_store, p_group)
            || ' mapped to ' || agentmem_util.sql_literal('IAM_OAUTH_GROUP=' || p_group),
            'CREATE DATA ROLE', group_role(p_store, p_group), 'CREATE DATA ROLE', p_count);
  end create_group_role;

  procedure drop_group_role(p_store in agentmem_store_catalog.t_store, p_group in varchar2,
                            p_count in out nocopy pls_integer)
  is
  begin
    run_ddl('drop data role if exists ' || group_role(p_store, p_group), 'DROP DATA ROLE',
            group_role(p_store, p_group), 'DROP DATA ROLE', p_count);
  end drop_group_role;

end agentmem_security_dds;
/
