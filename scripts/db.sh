#!/usr/bin/env bash
# Development database: Oracle Database Free (gvenzl/oracle-free) in a docker
# or podman container.
#
#   scripts/db.sh up     start (or reuse) the container, wait until it is ready,
#                        check the app user's grants, print the ORACLE_DSN
#   scripts/db.sh down   remove the container (the database goes with it)
#   scripts/db.sh logs   follow the container's log
#   scripts/db.sh grant  run scripts/dbinit's grants in a running container
#                        that did not mount them (CI service containers)
#   scripts/db.sh dsn    print the DSN of the app user, nothing else
#
# Run through make (make db-up / db-down / db-logs), which sets ORACLE_IMAGE,
# ORACLE_CONTAINER, ORACLE_PORT, ORACLE_PASSWORD, APP_USER, APP_USER_PASSWORD
# and DB_WAIT_SECONDS.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_env ORACLE_IMAGE ORACLE_CONTAINER ORACLE_PORT ORACLE_PASSWORD APP_USER APP_USER_PASSWORD DB_WAIT_SECONDS

# The user name goes into SQL text and the DSN: keep both to plain tokens.
[[ "$APP_USER" =~ ^[A-Za-z][A-Za-z0-9_]{0,29}$ ]] ||
  die "APP_USER '$APP_USER' must start with a letter and hold only letters, digits and _ (at most 30)"
[[ "$APP_USER_PASSWORD" =~ ^[A-Za-z0-9_#+.-]{8,30}$ ]] ||
  die "APP_USER_PASSWORD must be 8 to 30 characters from A-Z a-z 0-9 _ # + . - (it is written into the DSN)"
[[ "$ORACLE_PORT" =~ ^[0-9]{1,5}$ ]] || die "ORACLE_PORT '$ORACLE_PORT' must be a port number"

# start_container creates the container. The init scripts in scripts/dbinit run
# once, on the first start, as SYS, after the image created APP_USER.
start_container() {
  local engine=$1 mount="$REPO_ROOT/scripts/dbinit:/container-entrypoint-initdb.d:ro" out
  if [ "$engine" = podman ]; then
    mount+=",z" # SELinux hosts: let the container read the mounted scripts
  fi
  require_free_port "$engine"
  pull_image "$engine" "$ORACLE_IMAGE"
  info "creating container $ORACLE_CONTAINER from $ORACLE_IMAGE (database on 127.0.0.1:$ORACLE_PORT)"
  if ! out="$("$engine" run -d --name "$ORACLE_CONTAINER" \
    -p "127.0.0.1:${ORACLE_PORT}:1521" \
    -e ORACLE_PASSWORD -e APP_USER -e APP_USER_PASSWORD \
    -v "$mount" \
    "$ORACLE_IMAGE" 2>&1)"; then
    case "$out" in
      *"port is already allocated"* | *"address already in use"*)
        "$engine" rm -f "$ORACLE_CONTAINER" >/dev/null 2>&1 || true
        die "port $ORACLE_PORT is already in use ($out): $(port_advice "$engine")" ;;
      *) die "$engine could not create the container $ORACLE_CONTAINER: $out" ;;
    esac
  fi
}

port_advice() {
  echo "stop what listens there (another database container? '$1 ps' lists them), or pick another port: make demo ORACLE_PORT=1522"
}

# require_free_port stops before a container is created or started when
# another process already listens on ORACLE_PORT: the engine would fail
# later with a less clear message, or the DSN would reach the wrong database.
require_free_port() {
  local engine=$1
  if port_in_use "$ORACLE_PORT"; then
    die "port $ORACLE_PORT on 127.0.0.1 is already in use, so the database container cannot publish it: $(port_advice "$engine")"
  fi
}

# last_start_outcome reads the container log from the last "starting up" line
# on (logs of earlier starts stay in the log) and prints ready, failed or
# pending.
last_start_outcome() {
  local engine=$1
  "$engine" logs "$ORACLE_CONTAINER" 2>&1 | awk '
    /CONTAINER: starting up/     { state = "pending" }
    /DATABASE IS READY TO USE!/  { state = "ready" }
    /DATABASE STARTUP FAILED!/   { state = "failed" }
    END { print (state == "" ? "pending" : state) }'
}

# wait_ready waits for the entrypoint's "ready" line (printed after the app
# user and the init scripts) and for the image's healthcheck.sh (PDB open
# READ WRITE), printing a dot every 5 seconds.
wait_ready() {
  local engine=$1 waited=0 outcome
  info "waiting for the database in $ORACLE_CONTAINER to open. With a -faststart image the first start"
  info "takes a minute or two (the database is pre-built, the grants in scripts/dbinit run once); a later"
  info "start takes seconds. Giving up after DB_WAIT_SECONDS=${DB_WAIT_SECONDS}s; 'make db-logs' shows progress."
  printf 'waiting (a dot every 5 s) ' >&2
  while :; do
    if [ "$(container_state "$engine")" != running ]; then
      echo >&2
      "$engine" logs --tail 30 "$ORACLE_CONTAINER" >&2 || true
      die "container $ORACLE_CONTAINER stopped while starting; its last log lines are above"
    fi
    outcome="$(last_start_outcome "$engine")"
    if [ "$outcome" = failed ]; then
      echo >&2
      die "the database in $ORACLE_CONTAINER failed to start; see 'make db-logs', then 'make db-down db-up'"
    fi
    if [ "$outcome" = ready ] && "$engine" exec "$ORACLE_CONTAINER" healthcheck.sh >/dev/null 2>&1; then
      echo " ready" >&2
      return 0
    fi
    if [ "$waited" -ge "$DB_WAIT_SECONDS" ]; then
      echo >&2
      die "the database in $ORACLE_CONTAINER was not ready after ${DB_WAIT_SECONDS}s. It keeps starting in the background:
  watch it with 'make db-logs', then run this again (it reuses the container); on a slow machine raise
  DB_WAIT_SECONDS (e.g. make demo DB_WAIT_SECONDS=1200)"
    fi
    printf '.' >&2
    sleep 5
    waited=$((waited + 5))
  done
}

# check_grants lists what the app user lacks of the direct grants agentmem
# needs (scripts/dbinit grants them). Granted through a role is not enough:
# definer's-rights PL/SQL runs without roles.
check_grants() {
  local engine=$1 user=${APP_USER^^} out
  out="$("$engine" exec -i "$ORACLE_CONTAINER" sqlplus -s / as sysdba <<SQL
set heading off feedback off pagesize 0 linesize 1000 trimout on
whenever sqlerror exit failure
alter session set container = FREEPDB1;
with required (item) as (
  select 'CREATE SESSION' from dual union all
  select 'CREATE TABLE' from dual union all
  select 'CREATE VIEW' from dual union all
  select 'CREATE SEQUENCE' from dual union all
  select 'CREATE PROCEDURE' from dual union all
  select 'CREATE TRIGGER' from dual union all
  select 'CREATE TYPE' from dual union all
  select 'CREATE JOB' from dual union all
  select 'CREATE MINING MODEL' from dual union all
  select 'EXECUTE ON SYS.DBMS_LOCK' from dual union all
  select 'EXECUTE ON CTXSYS.CTX_DDL' from dual union all
  select 'ROLE CTXAPP' from dual union all
  select 'UNLIMITED QUOTA ON USERS' from dual
), granted (item) as (
  select privilege from dba_sys_privs where grantee = '$user' union all
  select privilege || ' ON ' || owner || '.' || table_name from dba_tab_privs where grantee = '$user' union all
  select 'ROLE ' || granted_role from dba_role_privs where grantee = '$user' union all
  select 'UNLIMITED QUOTA ON ' || tablespace_name from dba_ts_quotas where username = '$user' and max_bytes = -1
)
select 'MISSING:' || nvl(listagg(item, ', ') within group (order by item), 'NONE')
  from (select item from required minus select item from granted);
exit
SQL
)" || die "could not check the grants of $user in $ORACLE_CONTAINER: $out"
  out="$(grep -o 'MISSING:.*' <<<"$out" || true)"
  case "$out" in
    "MISSING:NONE") ;;
    MISSING:*)
      die "user $user in $ORACLE_CONTAINER lacks: ${out#MISSING:}. The grants run only on a container's first start (scripts/dbinit); recreate it: make db-down db-up" ;;
    *) die "unexpected answer while checking the grants of $user: $out" ;;
  esac
}

db_up() {
  local engine state
  engine="$(container_engine)"
  state="$(container_state "$engine")"
  case "$state" in
    running) info "container $ORACLE_CONTAINER is already running" ;;
    absent) start_container "$engine" ;;
    *)
      info "starting the existing container $ORACLE_CONTAINER (it was $state)"
      require_free_port "$engine"
      "$engine" start "$ORACLE_CONTAINER" >/dev/null
      ;;
  esac
  wait_ready "$engine"
  check_grants "$engine"
  info "Oracle Database Free is ready: service FREEPDB1 on localhost:$ORACLE_PORT, user ${APP_USER^^} ($ORACLE_IMAGE)."
  info "Export this DSN; make test, make demo and the agentmem CLI read ORACLE_DSN:"
  echo "export ORACLE_DSN='$(app_dsn)'"
}

# db_grant runs scripts/dbinit's grants in a container started without that
# directory mounted (a CI service container, ORACLE_CONTAINER set to its id)
# and checks them. The image must have created APP_USER.
db_grant() {
  local engine script
  engine="$(container_engine)"
  [ "$(container_state "$engine")" = running ] ||
    die "container $ORACLE_CONTAINER is not running: start it with 'make db-up' first"
  # A healthy PDB may still lack APP_USER: the image creates it just before
  # it logs "DATABASE IS READY TO USE!", which wait_ready waits for.
  wait_ready "$engine"
  for script in "$REPO_ROOT"/scripts/dbinit/*.sh; do
    info "running $(basename "$script") in $ORACLE_CONTAINER as SYS"
    "$engine" exec -i -e APP_USER="$APP_USER" -e APP_USER_PASSWORD="$APP_USER_PASSWORD" "$ORACLE_CONTAINER" bash -s <"$script" >&2 ||
      die "$(basename "$script") failed in $ORACLE_CONTAINER; its output is above"
  done
  check_grants "$engine"
  info "user ${APP_USER^^} has every privilege agentmem needs"
}

db_down() {
  local engine
  engine="$(container_engine)"
  if [ "$(container_state "$engine")" = absent ]; then
    info "no container named $ORACLE_CONTAINER: nothing to remove"
    return 0
  fi
  "$engine" rm -f "$ORACLE_CONTAINER" >/dev/null
  info "removed container $ORACLE_CONTAINER and its database"
}

db_logs() {
  local engine
  engine="$(container_engine)"
  [ "$(container_state "$engine")" != absent ] || die "no container named $ORACLE_CONTAINER: start it with 'make db-up'"
  exec "$engine" logs -f "$ORACLE_CONTAINER"
}

case "${1:-}" in
  up) db_up ;;
  down) db_down ;;
  logs) db_logs ;;
  grant) db_grant ;;
  dsn) app_dsn; echo ;;
  *) die "usage: scripts/db.sh up|down|logs|grant|dsn" ;;
esac
