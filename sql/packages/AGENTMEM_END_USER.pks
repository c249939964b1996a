create or replace package agentmem_end_user
  authid definer
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_END_USER: the end user of a call (docs/security.md, "End-user
  -- context").
  --
  -- Two sources, one answer:
  --   * a Deep Data Security end-user security context (26ai 23.26.2+,
  --     COMPATIBLE >= 20): ORA_END_USER_CONTEXT.username, verified by the
  --     database from a token;
  --   * the application context of agentmem (VPD mode): attribute END_USER
  --     of the namespace namespace_name, created at install time with
  --     CREATE CONTEXT ... USING <owner>.AGENTMEM_END_USER. This package is
  --     the trusted package of that namespace, so it is the only code that
  --     can set or clear it (DBMS_SESSION.SET_CONTEXT "must be invoked
  --     directly or indirectly by the trusted package"). It trusts the
  --     application's database account to name the end user.
  --
  -- Definer's rights: the rule "a store with policies needs an end user"
  -- reads the owner's AGENTMEM_SECURITY_POLICY, which the runtime account
  -- holds no grant on; nothing here depends on the caller's privileges.
  -- No ACCESSIBLE BY: set_end_user / clear_end_user / current_end_user are
  -- public through the facade anyway, the rest only read the session, and
  -- every internal package (and the security admin package) applies the
  -- runtime rules through it. Only the owner holds EXECUTE on it.
  ------------------------------------------------------------------------------

  -- The attribute of the namespace that holds the end user.
  co_attribute constant varchar2(8 char) := 'END_USER';

  -- Longest end-user name, in characters (contract: 1..128, no control
  -- characters; case-sensitive, stored as given).
  co_max_chars constant pls_integer := 128;

  -- The application-context namespace of this installation: contexts are
  -- database-wide (stored in SYS), so the name carries the owner:
  -- AGENTMEM_EU_<OWNER>, or AGENTMEM_EUH_<ora_hash of the owner> when that
  -- is longer than 128 bytes. The owner is the owner of this package.
  function namespace_name return varchar2;

  -- Sets the end user of the session's following statements (VPD mode).
  -- Raises INVALID_ARGUMENT (null, longer than 128 characters, a control
  -- character); END_USER_CONTEXT_FORBIDDEN when a Deep Data Security
  -- context with another user is active; SCHEMA_MISSING when the namespace
  -- was not created at install time (CREATE ANY CONTEXT missing).
  procedure set_end_user(p_end_user in varchar2);

  -- Clears the end user set by set_end_user. Never fails for a cleared
  -- session (safe in exception handlers).
  procedure clear_end_user;

  -- The Deep Data Security username when such a context is active, else the
  -- end user set by set_end_user, else null.
  function current_end_user return varchar2;

  -- True when current_end_user is not null.
  function end_user_active return boolean;

  -- SQL text that reads the end user of the application context inside a
  -- statement, for VPD predicates: sys_context('<namespace>', 'END_USER', 512).
  -- The namespace is the only literal: never the user name.
  -- agentmem:sql-builder
  function sql_end_user_expr return varchar2;

  -- Raises END_USER_CONTEXT_REQUIRED naming p_op when no end user is active,
  -- with what to do.
  procedure require_end_user(p_op in varchar2);

  -- Raises END_USER_CONTEXT_FORBIDDEN naming p_op when an end user is
  -- active, with what to do.
  procedure forbid_end_user(p_op in varchar2);

  -- The runtime rule of every data call, run once per call where the call
  -- resolves its store (AGENTMEM_RECORD_READ.usable_store): a store with
  -- policies in its owner's AGENTMEM_SECURITY_POLICY needs an active end
  -- user unless the session user is the owner. p_store_key is the registry
  -- key ('$DEFAULT' for the default store); p_display names the store.
  procedure check_data_call(p_owner in varchar2, p_store_key in varchar2, p_display in varchar2);

  -- True when the store p_store_key of p_owner has a row in p_owner's
  -- AGENTMEM_SECURITY_POLICY (false when that table is not readable: not
  -- migrated yet, or another owner's table without a grant).
  function store_has_policies(p_owner in varchar2, p_store_key in varchar2) return boolean;

  -- Creates (or re-points) the namespace with CREATE OR REPLACE CONTEXT
  -- ... USING <owner>.AGENTMEM_END_USER. A missing CREATE ANY CONTEXT is a
  -- warning with the grant. DDL: runs in an autonomous transaction.
  -- agentmem:commits (DDL)
  procedure install_context(p_actions in out nocopy agentmem_util.t_text_list,
                            p_warnings in out nocopy agentmem_util.t_text_list);

  -- Drops the namespace (DROP CONTEXT, needs DROP ANY CONTEXT; its absence
  -- is a warning). Nothing to do when it does not exist.
  -- agentmem:commits (DDL)
  procedure uninstall_context(p_actions in out nocopy agentmem_util.t_text_list,
                              p_warnings in out nocopy agentmem_util.t_text_list);

end agentmem_end_user;
/
