create or replace package agentmem_vpd
  authid definer
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_VPD: the VPD enforcement mode (docs/security.md, "VPD
  -- enforcement"): DBMS_RLS policies on every table of a store, keyed on the
  -- end user of the application context (AGENTMEM_END_USER), with the
  -- policy semantics of the contract:
  --   USER_OWN_ROWS    rows whose owner column is the end user: read, write;
  --   GLOBAL_MEMORIES  rows with no user (user_id IS NULL, agent profiles):
  --                    read only;
  --   a relation row is visible only when both endpoint memories are.
  -- The end user's rights come from the owner's AGENTMEM_SECURITY_GRANT
  -- (principal_type END_USER, principal = the end user), read inside the
  -- predicate, so a grant or revoke holds for the next statement.
  --
  -- Definer's rights: the database calls the policy functions with the
  -- rights of their owner, and the subqueries of a predicate are resolved
  -- with them too (Oracle Database PL/SQL Packages and Types Reference,
  -- DBMS_RLS overview, https://docs.oracle.com/database/122/ARPLS/DBMS_RLS.htm;
  -- "DBMS_RLS is available with the Enterprise Edition only", same page),
  -- so the runtime account needs no grant on the
  -- security tables. No ACCESSIBLE BY: the database itself calls the policy
  -- functions, from no PL/SQL unit of a list. Only the owner holds EXECUTE.
  -- DBMS_RLS is called through dynamic PL/SQL so that the package compiles
  -- where the owner lacks EXECUTE on it (Standard Edition, or no grant);
  -- attach_policies then raises PRIVILEGE_MISSING with the grant.
  ------------------------------------------------------------------------------

  -- Names of the two policies on every table (unique per table is enough).
  co_select_policy constant varchar2(30 char) := 'AGENTMEM_EU_SELECT';
  co_dml_policy    constant varchar2(30 char) := 'AGENTMEM_EU_DML';

  -- Owner-column rules, one per table base: the one mapping of table kinds
  -- to rules, read by the VPD predicates here and by the Deep Data Security
  -- data grants (AGENTMEM_SECURITY_DDS.row_predicate). A base of
  -- agentmem_store_catalog.table_bases without a rule fails attach_policies
  -- and add_security_policies, so a new store table cannot stay uncovered.
  co_rule_user     constant varchar2(10 char) := 'USER_ID';    -- column USER_ID
  co_rule_profile  constant varchar2(10 char) := 'PROFILE';    -- ACTOR_PROFILE
  co_rule_chunk    constant varchar2(10 char) := 'CHUNK';      -- RECORD_CHUNKS
  co_rule_relation constant varchar2(10 char) := 'RELATION';   -- RELATION

  -- The rule of table base p_base (one of the co_rule_* values), or NULL
  -- when the base has none.
  function rule_of(p_base in varchar2) return varchar2;

  -- Policy function of the SELECT policy (called by the database).
  -- Returns: null (no predicate) for a session of the owner without an end
  -- user; '1=0' for any other session without one, and for a table that is
  -- not a store table; else the rows the end user's grants allow to read.
  function select_predicate(p_schema in varchar2, p_object in varchar2) return varchar2;

  -- Policy function of the INSERT, UPDATE, DELETE policy (update_check:
  -- a changed or inserted row must still satisfy it). Like
  -- select_predicate, but only USER_OWN_ROWS rows: GLOBAL_MEMORIES grants
  -- no writes.
  function dml_predicate(p_schema in varchar2, p_object in varchar2) return varchar2;

  -- Adds both policies to every table of the store (every base of
  -- AGENTMEM_STORE_CATALOG.table_bases), CONTEXT_SENSITIVE. Idempotent: a
  -- policy already in ALL_POLICIES is kept. p_owner must be the owner of
  -- this package (the policy functions and the grant table are its);
  -- p_store_id: a memory_store_id, null or '$DEFAULT' for the default store.
  -- Raises NOT_FOUND (store), INVALID_ARGUMENT (owner; a table base with no
  -- owner-column rule), PRIVILEGE_MISSING (EXECUTE on DBMS_RLS).
  -- DBMS_RLS commits: autonomous transaction.
  -- agentmem:commits (DBMS_RLS)
  procedure attach_policies(p_owner in varchar2, p_store_id in varchar2);

  -- Prefix of the warning keep_policies gives for a store with
  -- DEEP_DATA_SECURITY policies.
  co_dds_reapply_warning constant varchar2(30 char) := 'DEEP_DATA_SECURITY_REAPPLY';

  -- After DDL that creates tables of a store (open_store creating,
  -- repairing or recreating it; upgrade_store adding a table): when the
  -- store has VPD rows in its owner's AGENTMEM_SECURITY_POLICY, attaches
  -- the policies again (idempotent), so a new or re-created table is never
  -- left without them, and appends an action. When it has
  -- DEEP_DATA_SECURITY rows, appends the warning co_dds_reapply_warning
  -- naming the store, its policies and the add_security_policies call the
  -- policy administrator must run again (the data grants and SET USE DATA
  -- GRANTS ONLY need privileges the owner usually lacks: nothing is run).
  -- Nothing for other stores, nor where that table is missing or unreadable.
  -- agentmem:commits (DBMS_RLS, through attach_policies)
  procedure keep_policies(p_store in agentmem_store_catalog.t_store, p_actions in out nocopy agentmem_util.t_text_list,
                          p_warnings in out nocopy agentmem_util.t_text_list);

  -- Drops both policies from every table of the store. Idempotent.
  -- agentmem:commits (DBMS_RLS)
  procedure detach_policies(p_owner in varchar2, p_store_id in varchar2);

  -- True when this package's owner can execute SYS.DBMS_RLS as
  -- attach_policies and detach_policies call it: a definer's rights unit
  -- runs without roles (Object-Relational Developer's Guide 9.7, "Roles with
  -- Invoker's Rights Subprograms"), so only direct and PUBLIC grants count.
  -- AGENTMEM_SECURITY (invoker's rights, roles enabled) checks with this
  -- before it registers VPD policies.
  function rls_executable return boolean;

end agentmem_vpd;
/
