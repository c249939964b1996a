--------------------------------------------------------------------------------
-- NAME
--   install.sql - installs agentmem (DBMS_AGENT_MEMORY_STORE) with SQL*Plus or
--   SQLcl, for DBAs who do not use the agentmem binary.
--
-- DESCRIPTION
--   Installs into the schema of the connected user: runs every versioned
--   migration of migrations/ in order, recording each version in
--   AGENTMEM_SCHEMA_MIGRATIONS exactly as "agentmem migrate" does (one row:
--   version, dirty), so the CLI and these scripts agree on the schema state;
--   then compiles the PL/SQL packages of packages/ and scheduler/ in
--   dependency order and fails if any agentmem object is INVALID, listing the
--   compile errors; then creates the shared scheduler programs.
--
-- SUPPORTED DATABASE RELEASES
--   Oracle AI Database 23.4 or later (23ai, 26ai). HYBRID search needs 23.6;
--   Deep Data Security needs 23.26.2. The script stops below 23.4.
--
-- PRIVILEGES OF THE CONNECTED USER (the owner of agentmem)
--   CREATE SESSION, CREATE TABLE, CREATE PROCEDURE (checked here), a quota on
--   its tablespace; for the features: CREATE VIEW, CREATE SEQUENCE,
--   CREATE TRIGGER, CREATE TYPE, CREATE JOB, CREATE MINING MODEL,
--   EXECUTE ON SYS.DBMS_LOCK, EXECUTE ON CTXSYS.CTX_DDL and CTXAPP, all
--   granted directly (see README); for the VPD end-user mode CREATE ANY
--   CONTEXT and EXECUTE ON SYS.DBMS_RLS (docs/security.md). "agentmem
--   doctor" checks them all.
--
-- USAGE
--   cd sql
--   sqlplus owner@//host:1521/service @install.sql
--   The log is written to agentmem_install.log in the current directory.
--   This script installs into a schema without agentmem. To upgrade an
--   installed schema use "agentmem migrate up"; to remove agentmem,
--   @uninstall.sql.
--
-- MAINTENANCE
--   tests/go/install_script_test.go checks that this file runs every
--   migrations/*.up.sql in version order (with the version bookkeeping around
--   each) and every package file (packages/ and scheduler/) in the order the
--   Go installer computes.
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
spool agentmem_install.log

prompt == agentmem install: checking the connected user and the database release
declare
  l_release   varchar2(160 char);
  l_major     pls_integer;
  l_minor     pls_integer;
  l_missing   varchar2(200 char);
begin
  -- Every user can read PRODUCT_COMPONENT_VERSION; VERSION_FULL (18c+) is
  -- filled for database components only.
  select max(version_full)
    into l_release
    from product_component_version
   where version_full is not null;
  l_major := to_number(regexp_substr(l_release, '[0123456789]+', 1, 1, 'c'));
  l_minor := to_number(regexp_substr(l_release, '[0123456789]+', 1, 2, 'c'));
  dbms_output.put_line('user ' || user || ', schema '
    || sys_context('userenv', 'current_schema') || ', database release ' || l_release);
  if l_major is null or l_major < 23 or (l_major = 23 and l_minor < 4) then
    raise_application_error(-20000, 'agentmem needs Oracle AI Database 23.4 or later;'
      || ' this database is release ' || nvl(l_release, '(unknown)')
      || '. Install into a 23.4+ database.');
  end if;
  if user in ('SYS', 'SYSTEM') then
    raise_application_error(-20000, 'connected as ' || user || ': install agentmem into its own'
      || ' schema; connect as that user and run install.sql again.');
  end if;
  if sys_context('userenv', 'current_schema') <> user then
    raise_application_error(-20000, 'the current schema ('
      || sys_context('userenv', 'current_schema') || ') differs from the connected user ('
      || user || '): agentmem installs into the connected user''s schema; connect as the owner'
      || ' without ALTER SESSION SET CURRENT_SCHEMA.');
  end if;
  select listagg(p.privilege, ', ') within group (order by p.privilege)
    into l_missing
    from (select 'CREATE TABLE' privilege from dual
          union all
          select 'CREATE PROCEDURE' from dual) p
   where p.privilege not in (select s.privilege from session_privs s);
  if l_missing is not null then
    raise_application_error(-20000, user || ' lacks the privileges ' || l_missing
      || ': ask a DBA to GRANT them to ' || user || ' directly, then run install.sql again.');
  end if;
end;
/

prompt == agentmem install: migration version table AGENTMEM_SCHEMA_MIGRATIONS
create table if not exists agentmem_schema_migrations (
  version number(19) primary key,
  dirty   number(1)  not null
);

declare
  l_rows    pls_integer;
  l_version number;
  l_dirty   number;
begin
  select count(*), max(version), max(dirty)
    into l_rows, l_version, l_dirty
    from agentmem_schema_migrations;
  if l_rows > 0 and l_dirty = 1 then
    raise_application_error(-20000, 'AGENTMEM_SCHEMA_MIGRATIONS marks version ' || l_version
      || ' dirty: a migration failed halfway. Repair the schema by hand, then mark the version'
      || ' clean (agentmem migrate force ' || l_version || ', or UPDATE agentmem_schema_migrations'
      || ' SET dirty = 0; COMMIT;) and upgrade with agentmem migrate up.');
  end if;
  if l_rows > 0 then
    raise_application_error(-20000, 'agentmem is already installed in schema ' || user
      || ' at migration version ' || l_version || '. install.sql installs into a schema without'
      || ' agentmem: upgrade with agentmem migrate up, or remove it first with @uninstall.sql'
      || ' (which drops every memory store and its data).');
  end if;
end;
/

-- Each migration is bracketed like golang-migrate does it: the version is
-- recorded dirty before the file runs and clean after it, so a failure leaves
-- the dirty mark that "agentmem migrate" reports.
prompt == agentmem install: migration 1 (000001_store_registry)
delete from agentmem_schema_migrations;
insert into agentmem_schema_migrations (version, dirty) values (1, 1);
commit;
@@migrations/000001_store_registry.up.sql
delete from agentmem_schema_migrations;
insert into agentmem_schema_migrations (version, dirty) values (1, 0);
commit;
prompt == agentmem install: migration 2 (000002_job_log)
delete from agentmem_schema_migrations;
insert into agentmem_schema_migrations (version, dirty) values (2, 1);
commit;
@@migrations/000002_job_log.up.sql
delete from agentmem_schema_migrations;
insert into agentmem_schema_migrations (version, dirty) values (2, 0);
commit;

prompt == agentmem install: PL/SQL packages of packages/ and scheduler/ (specs, then bodies, in dependency order)
@@packages/AGENTMEM_FILTER.pks
@@packages/AGENTMEM_RECORD_WRITE.pks
@@packages/AGENTMEM_SEARCH_KEYWORD.pks
@@packages/AGENTMEM_STORE_ADMIN.pks
@@packages/AGENTMEM_THREAD_CARD.pks
@@packages/AGENTMEM_UTIL.pks
@@packages/AGENTMEM_END_USER.pks
@@packages/AGENTMEM_STORE_CATALOG.pks
@@packages/AGENTMEM_CHUNKS.pks
@@scheduler/AGENTMEM_JOBS.pks
@@scheduler/AGENTMEM_JOB_INFO.pks
@@scheduler/AGENTMEM_PURGE.pks
@@packages/AGENTMEM_RECORD_DATA.pks
@@packages/AGENTMEM_RECORD_EDIT.pks
@@packages/AGENTMEM_RECORD_READ.pks
@@packages/AGENTMEM_RELATION.pks
@@packages/AGENTMEM_STORE.pks
@@packages/AGENTMEM_STORE_DDL.pks
@@packages/AGENTMEM_THREAD.pks
@@packages/AGENTMEM_VPD.pks
@@packages/DBMS_AGENT_MEMORY_STORE.pks
@@packages/AGENTMEM_SEARCH.pks
@@packages/AGENTMEM_CHUNKS.pkb
@@packages/AGENTMEM_END_USER.pkb
@@packages/AGENTMEM_FILTER.pkb
@@scheduler/AGENTMEM_JOBS.pkb
@@scheduler/AGENTMEM_JOB_INFO.pkb
@@scheduler/AGENTMEM_PURGE.pkb
@@packages/AGENTMEM_RECORD_DATA.pkb
@@packages/AGENTMEM_RECORD_EDIT.pkb
@@packages/AGENTMEM_RECORD_READ.pkb
@@packages/AGENTMEM_RECORD_WRITE.pkb
@@packages/AGENTMEM_RELATION.pkb
@@packages/AGENTMEM_SEARCH.pkb
@@packages/AGENTMEM_SEARCH_KEYWORD.pkb
@@packages/AGENTMEM_STORE.pkb
@@packages/AGENTMEM_STORE_ADMIN.pkb
@@packages/AGENTMEM_STORE_CATALOG.pkb
@@packages/AGENTMEM_STORE_DDL.pkb
@@packages/AGENTMEM_THREAD.pkb
@@packages/AGENTMEM_THREAD_CARD.pkb
@@packages/AGENTMEM_UTIL.pkb
@@packages/AGENTMEM_VPD.pkb
@@packages/DBMS_AGENT_MEMORY_STORE.pkb

-- SQL*Plus reports a unit compiled with errors as a warning, not an error:
-- list what is invalid and why, then fail if anything is.
prompt == agentmem install: verifying (invalid objects and compile errors, if any, follow)
column object_type format a20
column object_name format a40
column text format a100
select object_type, object_name, status
  from user_objects
 where status <> 'VALID'
   and (object_name like 'AGENTMEM\_%' escape '\' or object_name = 'DBMS_AGENT_MEMORY_STORE')
 order by object_name, object_type;
select name, type, line, position, text
  from user_errors
 where name like 'AGENTMEM\_%' escape '\' or name = 'DBMS_AGENT_MEMORY_STORE'
 order by name, type, sequence;

declare
  l_invalid pls_integer;
  l_facade  pls_integer;
begin
  select count(*)
    into l_invalid
    from user_objects
   where status <> 'VALID'
     and (object_name like 'AGENTMEM\_%' escape '\' or object_name = 'DBMS_AGENT_MEMORY_STORE');
  if l_invalid > 0 then
    raise_application_error(-20000, l_invalid || ' agentmem object(s) are not VALID; the compile'
      || ' errors are listed above (USER_ERRORS). The migrations are recorded; fix the cause and'
      || ' reinstall the packages with agentmem install-packages or their @@packages/ lines.');
  end if;
  select count(*)
    into l_facade
    from user_objects
   where object_name = 'DBMS_AGENT_MEMORY_STORE'
     and object_type = 'PACKAGE BODY';
  if l_facade = 0 then
    raise_application_error(-20000, 'the package body DBMS_AGENT_MEMORY_STORE is missing after'
      || ' the install: was install.sql run from its own directory with its packages/ files?');
  end if;
end;
/

-- The shared scheduler programs of scheduler/ (AGENTMEM_<JOB>_P); without
-- CREATE JOB this prints a warning with the grant and creates nothing.
prompt == agentmem install: scheduler programs
declare
  l_response json_object_t;
  l_list     json_array_t;
begin
  l_response := json_object_t.parse(dbms_agent_memory_store.install_jobs);
  l_list := l_response.get_array('actions');
  for i in 0 .. l_list.get_size - 1 loop
    dbms_output.put_line('scheduler: ' || l_list.get_string(i));
  end loop;
  l_list := l_response.get_array('warnings');
  for i in 0 .. l_list.get_size - 1 loop
    dbms_output.put_line('scheduler: WARNING: ' || l_list.get_string(i));
  end loop;
end;
/

-- The application context of the end-user mode (docs/security.md): created
-- with CREATE OR REPLACE CONTEXT AGENTMEM_EU_<owner> USING
-- <owner>.AGENTMEM_END_USER; without CREATE ANY CONTEXT this prints a warning
-- with the grant and creates nothing.
prompt == agentmem install: end-user application context
declare
  l_response json_object_t;
  l_list     json_array_t;
begin
  l_response := json_object_t.parse(dbms_agent_memory_store.install_end_user_context);
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

select dbms_agent_memory_store.version as agentmem_package_version,
       (select version from agentmem_schema_migrations) as migration_version
  from dual;

prompt == agentmem install: done (log: agentmem_install.log)
spool off
exit
