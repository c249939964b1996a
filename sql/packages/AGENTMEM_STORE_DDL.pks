create or replace package agentmem_store_ddl
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_store,
                 package agentmem_store_admin)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_STORE_DDL: creates, repairs, upgrades and drops the managed
  -- objects of a store (the AGENTMEM_STORE_CATALOG list) and writes its
  -- registry row.
  --
  -- Transactions: every procedure here is an autonomous transaction. DDL
  -- commits, so running it in the caller's transaction would commit the
  -- caller's pending work and erase the savepoint the facade rolls back to on
  -- error. Each procedure commits its own registry writes and DDL and leaves
  -- the caller's transaction untouched (a caller holding row locks on a store
  -- table makes the DDL fail, ORA-00054, instead of committing its work).
  --
  -- Errors: a failed step leaves the registry row BROKEN (DROPPING for
  -- drop_store) with the step, the error and the repair in status_detail,
  -- and raises STORE_BROKEN (errors of the package itself are re-raised
  -- unchanged, after the row is marked).
  --
  -- p_actions and p_warnings receive one line per DDL performed / warning.
  -- All DDL runs in the caller's own schema: p_store.owner must be the
  -- current user and the session's CURRENT_SCHEMA (AGENTMEM_STORE checks
  -- both before calling).
  ------------------------------------------------------------------------------

  -- Registers the store (status CREATING) and creates every object, then
  -- the purge job (a warning instead when CREATE JOB is missing), and marks
  -- it READY.
  -- agentmem:commits
  procedure create_store(p_store in out nocopy agentmem_store_catalog.t_store,
                         p_config in agentmem_store_catalog.t_config,
                         p_actions in out nocopy agentmem_util.t_text_list,
                         p_warnings in out nocopy agentmem_util.t_text_list);

  -- Brings a registered store to p_config: applies pending upgrade steps,
  -- replaces search objects whose settings changed, creates what is missing,
  -- rebuilds what is unusable, stores the new configuration (existing
  -- expires_at values are not rewritten) and marks it READY. Raises
  -- SCHEMA_MISSING for damage it cannot repair in place (missing columns or
  -- constraints of an existing table).
  -- agentmem:commits
  procedure repair_store(p_store in out nocopy agentmem_store_catalog.t_store,
                         p_config in agentmem_store_catalog.t_config,
                         p_actions in out nocopy agentmem_util.t_text_list,
                         p_warnings in out nocopy agentmem_util.t_text_list);

  -- Applies the upgrade steps from p_store.schema_version + 1 to
  -- co_schema_version, each followed by a registry update; marks the store
  -- READY when nothing is missing afterwards.
  -- agentmem:commits
  procedure upgrade_store(p_store in out nocopy agentmem_store_catalog.t_store,
                          p_actions in out nocopy agentmem_util.t_text_list,
                          p_warnings in out nocopy agentmem_util.t_text_list);

  -- Drops the purge job, the search indexes, the tables, the vectorizer
  -- preference and the registry row. Restartable: objects already gone are
  -- skipped, and the row (status DROPPING meanwhile) goes last.
  -- agentmem:commits
  procedure drop_store(p_store in out nocopy agentmem_store_catalog.t_store,
                       p_actions in out nocopy agentmem_util.t_text_list);

end agentmem_store_ddl;
/
