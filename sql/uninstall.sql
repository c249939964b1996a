--------------------------------------------------------------------------------
-- NAME
--   uninstall.sql - removes agentmem from the connected user's schema with
--   SQL*Plus or SQLcl. DESTRUCTIVE: every memory store and its data go.
--
-- DESCRIPTION
--   1. checks the migration state in AGENTMEM_SCHEMA_MIGRATIONS: it must be
--      clean and at the newest version this script knows;
--   2. drops every registered memory store (a row of AGENTMEM_STORE_REGISTRY) with
--      dbms_agent_memory_store.drop_store, which removes the store's security
--      policies, tables, indexes, jobs and grants;
--   3. drops the end-user application context (AGENTMEM_EU_<owner>), the
--      agentmem packages (packages/ and scheduler/) and the shared
--      scheduler programs (AGENTMEM_<JOB>_P);
--   4. runs the down migrations in reverse order, with the same version
--      bookkeeping as "agentmem migrate down";
--   5. drops AGENTMEM_SCHEMA_MIGRATIONS and checks that nothing of agentmem
--      remains.
--
-- USAGE
--   cd sql
--   sqlplus owner@//host:1521/service @uninstall.sql
--   The log is written to agentmem_uninstall.log in the current directory.
--   Use the uninstall.sql of the agentmem release that is installed.
--
-- MAINTENANCE
--   tests/go/install_script_test.go checks that this file runs every
--   migrations/*.down.sql in reverse version order and that co_newest_version
--   below is the newest migration version.
--------------------------------------------------------------------------------
whenever sqlerror exit sql.sqlcode
whenever oserror exit failure
set define off
set sqlblanklines on
set serveroutput on size unlimited
set feedback on
set echo off
set verify off
set linesize 200
set pagesize 200
set trimspool on
spool agentmem_uninstall.log

prompt == agentmem uninstall: checking the connected user and the migration state
declare
  co_newest_version constant pls_integer := 4;
  l_tables  pls_integer;
  l_rows    pls_integer;
  l_version number;
  l_dirty   number;
begin
  if user in ('SYS', 'SYSTEM') then
    raise_application_error(-20000, 'connected as ' || user || ': connect as the schema that owns'
      || ' agentmem and run uninstall.sql again.');
  end if;
  if sys_context('userenv', 'current_schema') <> user then
    raise_application_error(-20000, 'the current schema ('
      || sys_context('userenv', 'current_schema') || ') differs from the connected user ('
      || user || '): connect as the owner without ALTER SESSION SET CURRENT_SCHEMA.');
  end if;
  select count(*)
    into l_tables
    from user_tables
   where table_name = 'AGENTMEM_SCHEMA_MIGRATIONS';
  if l_tables = 0 then
    raise_application_error(-20000, 'agentmem is not installed in schema ' || user
      || ' (there is no AGENTMEM_SCHEMA_MIGRATIONS table): nothing to uninstall.');
  end if;
  -- Dynamic, because this block must compile where the table does not exist.
  execute immediate 'select count(*), max(version), max(dirty) from agentmem_schema_migrations'
    into l_rows, l_version, l_dirty;
  if l_rows = 0 then
    raise_application_error(-20000, 'AGENTMEM_SCHEMA_MIGRATIONS is empty: no agentmem migration is'
      || ' applied in schema ' || user || '. Drop that table, and any AGENTMEM_ or'
      || ' DBMS_AGENT_MEMORY_STORE package left, by hand.');
  end if;
  if l_dirty = 1 then
    raise_application_error(-20000, 'AGENTMEM_SCHEMA_MIGRATIONS marks version ' || l_version
      || ' dirty: a migration failed halfway. Repair the schema by hand, mark it clean (agentmem'
      || ' migrate force ' || l_version || ', or UPDATE agentmem_schema_migrations SET dirty = 0;'
      || ' COMMIT;) and run uninstall.sql again.');
  end if;
  if l_version <> co_newest_version then
    raise_application_error(-20000, 'schema ' || user || ' is at migration version ' || l_version
      || ' but this uninstall.sql undoes versions up to ' || co_newest_version || ': use the'
      || ' uninstall.sql of the agentmem release that is installed, or agentmem migrate down.');
  end if;
end;
/

prompt == agentmem uninstall: dropping the registered memory stores
declare
  type t_keys is table of varchar2(16 char);
  l_keys     t_keys;
  l_store_id varchar2(16 char);
  l_has_drop pls_integer;
  l_left     pls_integer;
begin
  select store_key bulk collect into l_keys from agentmem_store_registry order by store_key;
  if l_keys.count = 0 then
    dbms_output.put_line('no memory store is registered');
    return;
  end if;
  select count(*)
    into l_has_drop
    from user_procedures
   where object_name = 'DBMS_AGENT_MEMORY_STORE'
     and procedure_name = 'DROP_STORE';
  if l_has_drop = 0 then
    raise_application_error(-20000, l_keys.count || ' memory store(s) are registered in'
      || ' AGENTMEM_STORE_REGISTRY, but the installed DBMS_AGENT_MEMORY_STORE has no'
      || ' DROP_STORE to remove their objects. Reinstall the packages (agentmem'
      || ' install-packages), or drop each store''s objects (named by its TABLE_PREFIX) by'
      || ' hand and delete its row, then run uninstall.sql again.');
  end if;
  for i in 1 .. l_keys.count loop
    -- The unprefixed default store is registered as $DEFAULT; drop_store takes NULL for it.
    l_store_id := case when l_keys(i) = '$DEFAULT' then null else l_keys(i) end;
    dbms_output.put_line('drop_store ' || nvl(l_store_id, '(default store)'));
    -- Dynamic: the call must compile even where the package lacks drop_store.
    execute immediate 'begin dbms_agent_memory_store.drop_store(p_store_id => :store_id); end;'
      using l_store_id;
  end loop;
  select count(*) into l_left from agentmem_store_registry;
  if l_left > 0 then
    raise_application_error(-20000, l_left || ' store(s) are still registered after drop_store;'
      || ' see AGENTMEM_STORE_REGISTRY.STATUS_DETAIL, fix the cause and run uninstall.sql again.');
  end if;
end;
/

-- The application context is database-wide (owned by SYS): dropped through
-- the package, which knows its name, before the packages go. Dynamic: the
-- call must compile where the installed package predates it.
prompt == agentmem uninstall: dropping the end-user application context
declare
  l_has      pls_integer;
  l_text     clob;
  l_response json_object_t;
  l_list     json_array_t;
begin
  select count(*)
    into l_has
    from user_procedures
   where object_name = 'DBMS_AGENT_MEMORY_STORE'
     and procedure_name = 'UNINSTALL_END_USER_CONTEXT';
  if l_has = 0 then
    dbms_output.put_line('the installed package has no end-user context to drop');
    return;
  end if;
  execute immediate 'begin :b_res := dbms_agent_memory_store.uninstall_end_user_context; end;'
    using out l_text;
  l_response := json_object_t.parse(l_text);
  l_list := l_response.get_array('actions');
  for i in 0 .. l_list.get_size - 1 loop
    dbms_output.put_line('end-user context: ' || l_list.get_string(i));
  end loop;
  l_list := l_response.get_array('warnings');
  for i in 0 .. l_list.get_size - 1 loop
    dbms_output.put_line('end-user context: WARNING: ' || l_list.get_string(i));
  end loop;
end;
/

prompt == agentmem uninstall: dropping the agentmem packages
begin
  for r in (select object_name
              from user_objects
             where object_type = 'PACKAGE'
               and (object_name like 'AGENTMEM\_%' escape '\'
                    or object_name = 'DBMS_AGENT_MEMORY_STORE')
             order by object_name) loop
    dbms_output.put_line('drop package ' || r.object_name);
    execute immediate 'drop package ' || dbms_assert.enquote_name(r.object_name, false);
  end loop;
end;
/

prompt == agentmem uninstall: dropping the shared scheduler programs
begin
  for r in (select program_name
              from user_scheduler_programs
             where program_name like 'AGENTMEM\_%' escape '\'
             order by program_name) loop
    dbms_output.put_line('drop program ' || r.program_name);
    dbms_scheduler.drop_program(program_name => dbms_assert.enquote_name(r.program_name, false), force => true);
  end loop;
end;
/

-- Down migrations, newest first, bracketed like golang-migrate does it: the
-- version below is recorded dirty before the file runs and clean after (-1 is
-- golang-migrate's "no version", kept only while dirty).
prompt == agentmem uninstall: migration 4 down (000004_llm_tasks_job)
delete from agentmem_schema_migrations;
insert into agentmem_schema_migrations (version, dirty) values (3, 1);
commit;
@@migrations/000004_llm_tasks_job.down.sql
delete from agentmem_schema_migrations;
insert into agentmem_schema_migrations (version, dirty) values (3, 0);
commit;

prompt == agentmem uninstall: migration 3 down (000003_security)
delete from agentmem_schema_migrations;
insert into agentmem_schema_migrations (version, dirty) values (2, 1);
commit;
@@migrations/000003_security.down.sql
delete from agentmem_schema_migrations;
insert into agentmem_schema_migrations (version, dirty) values (2, 0);
commit;

prompt == agentmem uninstall: migration 2 down (000002_job_log)
delete from agentmem_schema_migrations;
insert into agentmem_schema_migrations (version, dirty) values (1, 1);
commit;
@@migrations/000002_job_log.down.sql
delete from agentmem_schema_migrations;
insert into agentmem_schema_migrations (version, dirty) values (1, 0);
commit;

prompt == agentmem uninstall: migration 1 down (000001_store_registry)
delete from agentmem_schema_migrations;
insert into agentmem_schema_migrations (version, dirty) values (-1, 1);
commit;
@@migrations/000001_store_registry.down.sql
delete from agentmem_schema_migrations;
commit;

prompt == agentmem uninstall: dropping AGENTMEM_SCHEMA_MIGRATIONS
drop table agentmem_schema_migrations purge;

prompt == agentmem uninstall: verifying (objects left behind, if any, follow)
column object_type format a20
column object_name format a40
select object_type, object_name
  from user_objects
 where object_name like 'AGENTMEM\_%' escape '\' or object_name = 'DBMS_AGENT_MEMORY_STORE'
 order by object_name, object_type;

declare
  l_left pls_integer;
begin
  select count(*)
    into l_left
    from user_objects
   where object_name like 'AGENTMEM\_%' escape '\' or object_name = 'DBMS_AGENT_MEMORY_STORE';
  if l_left > 0 then
    raise_application_error(-20000, l_left || ' agentmem object(s) remain (listed above): a down'
      || ' migration does not drop everything its up migration created.');
  end if;
end;
/

prompt == agentmem uninstall: done (log: agentmem_uninstall.log)
spool off
exit
