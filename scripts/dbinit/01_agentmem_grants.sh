#!/bin/bash
# Runs once, as SYS, on the first start of the gvenzl/oracle-free development
# container (make db-up mounts this directory at /container-entrypoint-initdb.d).
# By then the image has created ${APP_USER} in FREEPDB1 with DB_DEVELOPER_ROLE
# and an unlimited quota on USERS.
#
# agentmem needs these privileges granted DIRECTLY to the schema owner, not
# through a role: definer's-rights PL/SQL runs with roles disabled, so a
# privilege held only through DB_DEVELOPER_ROLE or CTXAPP is missing inside the
# package (ORA-01031 / PLS-00201). This is a shell script rather than a .sql
# file because the user name comes from the container's APP_USER variable.
#
#   CREATE SESSION/TABLE/VIEW/SEQUENCE/PROCEDURE/TRIGGER/TYPE  the schema objects
#   CREATE JOB            the purge and index-sync scheduler jobs
#   CREATE MINING MODEL   loading an ONNX embedding model (DBMS_VECTOR.LOAD_ONNX_MODEL)
#   EXECUTE ON DBMS_LOCK  the migration lock of agentmem migrate, the store DDL lock
#   EXECUTE ON CTX_DDL    Oracle Text index sync and preferences (KEYWORD, HYBRID)
#   CTXAPP                Oracle Text preferences, per the Oracle Text guide
#   QUOTA ON USERS        table data (granted again here so the script stands alone)
set -Eeuo pipefail

if [[ ! "${APP_USER:-}" =~ ^[A-Za-z][A-Za-z0-9_]{0,29}$ ]]; then
  echo "01_agentmem_grants.sh: APP_USER '${APP_USER:-}' is missing or not a plain identifier" >&2
  false
fi

sqlplus -s / as sysdba <<SQL
whenever sqlerror exit sql.sqlcode
alter session set container = FREEPDB1;
grant create session, create table, create view, create sequence, create procedure,
      create trigger, create type, create job, create mining model to ${APP_USER};
grant execute on sys.dbms_lock to ${APP_USER};
grant execute on ctxsys.ctx_ddl to ${APP_USER};
grant ctxapp to ${APP_USER};
alter user ${APP_USER} quota unlimited on users;
exit
SQL
echo "01_agentmem_grants.sh: granted agentmem's privileges to ${APP_USER}"
